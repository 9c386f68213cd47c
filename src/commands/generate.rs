//! `judge gen`: deterministic random inputs from a problem's generator
//! (see [`generate_one`]: file `i` of a seed never depends on `--count`).

use std::path::PathBuf;

use super::args::SandboxArgs;
use super::context::{Context, Reference};
use crate::engine::build::tools::Need;
use crate::engine::pass::skeleton::prepare_one;
use crate::engine::session::stress::{Draw, generate, no_generator};
use crate::error::{Error, Result};
use crate::package::discover;
use crate::report::Status;
use crate::solvers::generate_one;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problem folder name or solver id.
    pub problem: String,
    /// Seed: the same seed gives the same bytes on every machine.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many inputs (more than one needs --out).
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    /// Only file INDEX of the seed (0-based: the file `--count INDEX+1`
    /// writes last), as recipes and stress name one input.
    #[arg(long, value_name = "INDEX", conflicts_with = "count")]
    pub index: Option<usize>,
    /// Input size from 1 (tiny) to 10 (largest).
    #[arg(long, default_value_t = 10)]
    pub size: u32,
    /// Folder to write `<prefix>-NNN.in` into (standard output if absent).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// File name prefix for --out.
    #[arg(long, default_value = "gen")]
    pub prefix: String,
    /// Replace existing files.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

pub fn run(ctx: &Context, opts: Args) -> Result<Status> {
    if !(1..=10).contains(&opts.size) {
        return Err(Error::Usage(format!(
            "--size must be 1 to 10, got {}",
            opts.size
        )));
    }
    if opts.out.is_none() && opts.count != 1 {
        return Err(Error::Usage("--count above 1 needs --out DIR".into()));
    }
    // A generator program of a problem folder first; else an in-crate
    // solver's generator (which needs no problems folder).
    let found = discover(&ctx.problems_dir).unwrap_or_default();
    if let Some(problem) = found
        .problems
        .iter()
        .find(|p| p.id == opts.problem && p.spec.generator.is_some())
    {
        let runner = ctx.runner(opts.sandbox.sandbox, 1)?;
        let tools = prepare_one(problem, &runner, &[Need::Generator])?;
        return write(&opts, |index| {
            let draw = Draw {
                seed: opts.seed,
                index,
                size: opts.size,
            };
            Ok(generate(&tools, draw)?)
        });
    }
    let solver = match ctx.reference_for(&opts.problem)? {
        Reference::Solver(solver) => solver,
        Reference::Program(problem) => return Err(Error::Usage(no_generator(&problem))),
    };
    write(&opts, |index| {
        Ok(generate_one(solver, opts.seed, index, opts.size))
    })
}

/// Inputs written to disk together (one flush each).
const BATCH: usize = 1000;

/// Writes input `0` (or `--index`) to standard output, or inputs
/// `0..count` (or the one `--index`) into `--out`.
fn write(opts: &Args, generate: impl Fn(usize) -> Result<String>) -> Result<Status> {
    let Some(dir) = &opts.out else {
        print!("{}", generate(opts.index.unwrap_or(0))?);
        return Ok(Status::Passed);
    };
    std::fs::create_dir_all(dir).map_err(Error::io(dir, "cannot create the folder"))?;
    let indices = match opts.index {
        Some(i) => i..i + 1,
        None => 0..opts.count,
    };
    let paths: Vec<PathBuf> = indices
        .clone()
        .map(|i| dir.join(format!("{}-{:03}.in", opts.prefix, i + 1)))
        .collect();
    if !opts.force
        && let Some(existing) = paths.iter().find(|p| p.exists())
    {
        return Err(Error::Usage(format!(
            "{} exists; nothing written (use --force to replace)",
            existing.display()
        )));
    }
    // In batches: every file whole or absent, one flush to disk a batch.
    let first = indices.start;
    for (start, batch) in paths
        .chunks(BATCH)
        .enumerate()
        .map(|(k, b)| (first + k * BATCH, b))
    {
        let files = batch
            .iter()
            .enumerate()
            .map(|(j, path)| Ok((path.clone(), generate(start + j)?.into_bytes())))
            .collect::<Result<Vec<_>>>()?;
        crate::fsutil::write_all_atomic(&files).map_err(Error::io(dir, "cannot write into"))?;
    }
    println!("wrote {} inputs to {}", paths.len(), dir.display());
    Ok(Status::Passed)
}
