//! `judge gen`: deterministic random inputs from a problem's generator.
//!
//! File `i` of seed `s` is made from its own RNG seeded with `(s, i)`, so
//! asking for more files never changes the earlier ones.

use std::path::PathBuf;

use super::{Context, Error, Status};
use crate::rng::Rng;

#[derive(Debug, Clone)]
pub struct GenOptions {
    pub problem: String,
    pub seed: u64,
    pub count: usize,
    /// 1..=10: how large each input is.
    pub size: u32,
    /// Folder for `<prefix>-<i>.in`; standard output when absent.
    pub out: Option<PathBuf>,
    pub prefix: String,
    /// Replace existing files.
    pub force: bool,
}

/// The input file number `index` for `seed` (stable across `--count`).
pub fn generate_one(
    solver: &dyn crate::solvers::Solver,
    seed: u64,
    index: usize,
    size: u32,
) -> String {
    let mut rng = Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(index as u64));
    solver.generate(&mut rng, size)
}

pub fn run(ctx: &Context, opts: &GenOptions) -> Result<Status, Error> {
    if !(1..=10).contains(&opts.size) {
        return Err(Error::Usage(format!(
            "--size must be 1 to 10, got {}",
            opts.size
        )));
    }
    let solver = super::solve::solver_for(ctx, &opts.problem)?;
    let Some(dir) = &opts.out else {
        if opts.count != 1 {
            return Err(Error::Usage("--count above 1 needs --out DIR".into()));
        }
        print!("{}", generate_one(solver, opts.seed, 0, opts.size));
        return Ok(Status::Passed);
    };
    std::fs::create_dir_all(dir).map_err(|e| Error::Config(format!("{}: {e}", dir.display())))?;
    let paths: Vec<PathBuf> = (0..opts.count)
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
    for (i, path) in paths.iter().enumerate() {
        let text = generate_one(solver, opts.seed, i, opts.size);
        crate::fsutil::write_atomic(path, text.as_bytes())
            .map_err(|e| Error::Config(format!("{}: cannot write: {e}", path.display())))?;
    }
    println!("wrote {} inputs to {}", paths.len(), dir.display());
    Ok(Status::Passed)
}
