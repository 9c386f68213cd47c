//! `judge harden`: make the test set catch what it lets through.
//!
//! The targets are the reference-solver mutants a mutation run left alive
//! (`make mutants` writes the run to `target/mutants/<problem>`) and any
//! wrong submissions given with `--submission`. For each, the problem's
//! generator is searched for an input that catches it ([`crate::engine::harden`]);
//! each input kept becomes a case of `--group` with the reference's answer,
//! and an entry of the problem's recipe names the draw that makes it and
//! what it catches. The kill rate is reported before and after.
//!
//! Bounded and resumable: `--budget` stops starting new targets once spent,
//! and what each target gave is recorded in
//! `target/harden/state/<problem>-<folder hash>.yaml` after each one, so the next run goes
//! on where this one stopped. The same seed gives the same cases (a catch
//! by time alone depends on the machine, and says so).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::args::{LimitArgs, SandboxArgs};
use super::context::{self, Context};
use crate::engine::build::{BuildError, Program};
use crate::engine::grader::Grader;
use crate::engine::harden::mutation_run::{MutationRun, Tally};
use crate::engine::harden::workshop::Workshop;
use crate::engine::harden::{Finding, search};
use crate::engine::limits;
use crate::engine::run::progress_bar;
use crate::engine::stress::Tester;
use crate::engine::tools::Need;
use crate::error::{Error, Result};
use crate::report::Status;

use super::harden_cases::Keeper;
use crate::engine::harden::state::{Record, State};

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problem folder name (its reference must be an in-crate solver to
    /// harden against mutants).
    pub problem: String,
    /// A cargo-mutants output folder (repeat for the shards of one run).
    /// Default: target/mutants/PROBLEM and target/mutants/PROBLEM-*.
    #[arg(long, value_name = "DIR")]
    pub mutants: Vec<PathBuf>,
    /// A wrong submission to harden against too (repeatable).
    #[arg(long, value_name = "FILE")]
    pub submission: Vec<PathBuf>,
    /// Seed of the generated inputs (as for `judge gen` and `stress`).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// judge's source tree, whose solver crates the mutants change
    /// (default: the repository judge runs in).
    #[arg(long, value_name = "DIR")]
    pub workspace: Option<PathBuf>,
    /// Inputs to try per target before calling it a survivor.
    #[arg(long, default_value_t = 200)]
    pub iterations: usize,
    /// Stop starting new targets after this long (like `20m`, `90s`).
    #[arg(long, default_value = "30m", value_parser = crate::units::parse_duration)]
    pub budget: Duration,
    /// The case group the kept cases go to (PROBLEMS/ID/cases/GROUP/).
    #[arg(long, default_value = "hardened")]
    pub group: String,
    /// Search and report, but write no case and no recipe entry.
    #[arg(long)]
    pub dry_run: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

/// One thing to catch: a mutant (built on demand) or a submission.
enum Target {
    Mutant(crate::engine::harden::mutation_run::Mutant),
    Submission(PathBuf),
}

impl Target {
    fn name(&self) -> String {
        match self {
            Target::Mutant(m) => m.name.clone(),
            Target::Submission(p) => format!("submission {}", p.display()),
        }
    }
}

pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    if args.iterations == 0 {
        return Err(Error::Usage("--iterations must be at least 1".into()));
    }
    super::stress::check_group(&args.group)?;
    let mut problem = ctx.load_one(&args.problem)?;
    if problem.spec.interactive {
        return Err(Error::Usage(format!(
            "{}: an interactive problem's cases have no reference answer to keep",
            problem.id
        )));
    }
    let workspace = args.workspace.clone().unwrap_or_else(|| ctx.root.clone());
    // One build area for every problem (the workspace copy and its
    // incremental build are shared); one state per problem folder.
    let area = workspace.join("target/harden");
    let area = std::path::absolute(&area).map_err(Error::io(&area, "cannot resolve"))?;
    let dir =
        std::path::absolute(&problem.dir).map_err(Error::io(&problem.dir, "cannot resolve"))?;
    let key = crate::engine::harden::state::key(&dir);
    let state_path = area
        .join("state")
        .join(format!("{}-{key}.yaml", problem.id));
    let run = read_run(ctx, &args, &problem.id)?;
    let solver_id = problem.solver().map(|s| s.id());
    if run.is_some() && solver_id.is_none() {
        return Err(Error::Usage(format!(
            "{}: mutants are of in-crate solvers, and this problem's reference is a program",
            problem.id
        )));
    }
    let mut targets: Vec<Target> = Vec::new();
    if let Some(run) = &run {
        targets.extend(run.survivors().cloned().map(Target::Mutant));
    }
    targets.extend(args.submission.iter().cloned().map(Target::Submission));
    if targets.is_empty() {
        println!(
            "{}: nothing to harden against: the mutation run has no survivor",
            problem.id
        );
        return Ok(Status::Passed);
    }

    let runner = ctx.runner(args.sandbox.sandbox, 1)?;
    let tools = &context::ready_one(&mut problem, &runner, Need::STRESS)?;
    let problem = tools.problem;
    let overrides = args.limits.overrides();
    let memory = overrides.memory.unwrap_or(problem.spec.limits.memory);
    let work = tempfile::Builder::new()
        .prefix("judge-harden-")
        .tempdir()
        .map_err(Error::io(
            std::env::temp_dir(),
            "cannot create a temporary folder",
        ))?;
    let work = work.path().to_path_buf();
    let limits_for = |program: &Program| limits::for_problem(problem, overrides, &program.language);

    let mut state = State::load(&state_path);
    let cases = problem.dir.join("cases");
    state.forget_missing(|case| cases.join(format!("{case}.in")).is_file());
    let shop = match (&run, solver_id) {
        (Some(_), Some(id)) => {
            let shop = Workshop::open(&workspace, &area).map_err(Error::Setup)?;
            println!(
                "{}: building the unmutated runner (a control that must pass)",
                problem.id
            );
            let control =
                mutant_program(&runner, shop.build_unmutated().map_err(Error::Setup)?, id)?;
            if let Finding::CaughtByKept { .. } | Finding::Caught { .. } = search(
                &tester(&control, &runner, limits_for(&control), tools, &work),
                &[],
                args.seed,
                10,
                || {},
            )? {
                return Err(Error::Setup(format!(
                    "{}: the unmutated runner fails on a generated input: harden cannot tell mutants from noise here",
                    problem.id
                )));
            }
            Some((shop, id))
        }
        _ => None,
    };

    let before = run.as_ref().map(MutationRun::tally).unwrap_or_default();
    println!(
        "harden {}: {} targets, seed {}, up to {} inputs each, budget {}",
        problem.id,
        targets.len(),
        args.seed,
        args.iterations,
        crate::units::format_duration(args.budget)
    );
    let started = Instant::now();
    let mut keeper = Keeper::open(problem, &args.group, args.dry_run)?;
    // The targets this run still has to search, with what each search
    // depends on (recorded when it survives).
    let pending: Vec<(&Target, String, String)> = targets
        .iter()
        .map(|t| (t, t.name(), sources_of(t, shop.as_ref().map(|(s, _)| s))))
        .filter(|(_, name, sources)| !state.settled(name, args.seed, args.iterations, sources))
        .collect();
    let (mut stopped, mut searched) = (0, 0);
    for (i, (target, name, sources)) in pending.iter().enumerate() {
        let name = name.as_str();
        // At least one search a run, so a run always gets somewhere.
        if searched > 0 && started.elapsed() >= args.budget {
            stopped = pending.len() - i;
            break;
        }
        let program = match *target {
            Target::Mutant(m) => {
                let (shop, id) = shop.as_ref().expect("mutants come with a workshop");
                match shop.build(m) {
                    Ok(bin) => mutant_program(&runner, bin, id)?,
                    Err(why) => {
                        println!(
                            "  {} {name}: {}",
                            ctx.style.yellow("unbuildable"),
                            first_line(&why)
                        );
                        state.set(name, Record::unbuildable(why));
                        save(&state, args.dry_run)?;
                        continue;
                    }
                }
            }
            Target::Submission(path) => {
                match crate::engine::build::prepare(&runner, Some(path), None, memory) {
                    Ok(p) => p,
                    Err(BuildError::Compile(log)) => {
                        println!(
                            "  {} {name}: compile error\n{log}",
                            ctx.style.yellow("skipped")
                        );
                        continue;
                    }
                    Err(BuildError::Setup(why) | BuildError::Unavailable(why)) => {
                        return Err(Error::Setup(why));
                    }
                }
            }
        };
        searched += 1;
        let bar = progress_bar(
            args.iterations,
            ctx.progress,
            &format!("{}/{}", i + 1, pending.len()),
        );
        let draws = keeper.draws();
        let found = search(
            &tester(&program, &runner, limits_for(&program), tools, &work),
            &draws,
            args.seed,
            args.iterations,
            || bar.inc(1),
        );
        bar.finish_and_clear();
        match found? {
            Finding::CaughtByKept { index, verdict } => {
                let case = keeper.also_catches(index, name)?;
                println!(
                    "  {} {name}: {verdict} on {case}",
                    ctx.style.green("caught")
                );
                state.set(name, Record::caught(&case, verdict, args.seed));
            }
            Finding::Caught {
                draw,
                verdict,
                input,
                answer,
                tried,
            } => {
                let case = keeper.keep(draw, &input, &answer, name)?;
                println!(
                    "  {} {name}: {verdict} on new case {case} ({}, {} bytes, {} run)",
                    ctx.style.green("caught"),
                    draw.label(),
                    input.len(),
                    match tried {
                        1 => "1 input".to_string(),
                        n => format!("{n} inputs"),
                    }
                );
                state.set(name, Record::caught(&case, verdict, args.seed));
            }
            Finding::Survived { tried } => {
                println!(
                    "  {} {name}: no input of {tried} caught it",
                    ctx.style.dim("survived")
                );
                state.set(name, Record::survived(args.seed, tried, sources));
            }
        }
        save(&state, args.dry_run)?;
    }
    println!(
        "{}",
        summary(
            &before,
            &state,
            run.as_ref(),
            keeper.added,
            started.elapsed(),
            stopped
        )
    );
    Ok(Status::Passed)
}

fn tester<'a>(
    program: &'a Program,
    runner: &'a crate::engine::runner::Runner,
    limits: limits::RunLimits,
    tools: &'a crate::engine::tools::Tools<'a>,
    work: &std::path::Path,
) -> Tester<'a> {
    Tester {
        grader: Grader::submission(tools, runner, program, limits),
        work: work.to_path_buf(),
    }
}

/// What a target's search depends on besides the seed: the workspace's
/// sources for a mutant, the file's bytes for a submission.
fn sources_of(target: &Target, shop: Option<&Workshop>) -> String {
    match target {
        Target::Mutant(_) => shop.map(|s| s.sources().to_string()).unwrap_or_default(),
        Target::Submission(path) => crate::engine::harden::state::file_sources(path),
    }
}

/// Records progress; a dry run keeps none, so the real run searches again.
fn save(state: &State, dry_run: bool) -> Result<()> {
    match dry_run {
        true => Ok(()),
        false => state.save().map_err(Error::Setup),
    }
}

/// The runs given, or the default folders of `make mutants` when they exist.
fn read_run(ctx: &Context, args: &Args, id: &str) -> Result<Option<MutationRun>> {
    let mut dirs = args.mutants.clone();
    if dirs.is_empty() {
        let base = args
            .workspace
            .as_ref()
            .unwrap_or(&ctx.root)
            .join("target/mutants");
        let shard = format!("{id}-");
        if let Ok(entries) = std::fs::read_dir(&base) {
            let mut found: Vec<PathBuf> = entries
                .flatten()
                .filter(|e| {
                    let n = e.file_name().to_string_lossy().into_owned();
                    n == id || n.starts_with(&shard)
                })
                .map(|e| e.path())
                .collect();
            found.sort();
            dirs = found;
        }
        if dirs.is_empty() && args.submission.is_empty() {
            return Err(Error::Usage(format!(
                "{id}: no mutation run in {} and no --submission: run `make mutants P={id}` first, or give --mutants DIR",
                base.join(id).display()
            )));
        }
    }
    if dirs.is_empty() {
        return Ok(None);
    }
    MutationRun::read(&dirs).map(Some).map_err(Error::Usage)
}

/// A mutant runner run as `RUNNER SOLVER_ID`, prepared like `--cmd` (so
/// it is copied where the sandbox lets a submission start).
fn mutant_program(
    runner: &crate::engine::runner::Runner,
    bin: PathBuf,
    solver_id: &str,
) -> Result<Program> {
    let cmd = format!("'{}' {solver_id}", bin.display());
    crate::engine::build::prepare(runner, None, Some(&cmd), 0)
        .map_err(|e| Error::Setup(e.to_string()))
}

fn first_line(text: &str) -> &str {
    text.lines().find(|l| !l.trim().is_empty()).unwrap_or(text)
}

/// The kill rate before (the mutation run) and after (plus the mutants a
/// kept case catches), the targets left, and the time spent.
fn summary(
    before: &Tally,
    state: &State,
    run: Option<&MutationRun>,
    added: usize,
    took: Duration,
    stopped: usize,
) -> String {
    let mut out = String::new();
    if let Some(run) = run {
        let names: Vec<&str> = run.survivors().map(|m| m.name.as_str()).collect();
        let caught = names.iter().filter(|n| state.is_caught(n)).count();
        let survived = names.iter().filter(|n| state.is_survivor(n)).count();
        let pct = |k: usize, v: usize| {
            if v == 0 {
                0.0
            } else {
                100.0 * k as f64 / v as f64
            }
        };
        let after = before.killed() + caught;
        out.push_str(&format!(
            "kill rate: before {} of {} viable ({:.1} %), after {} of {} ({:.1} %): {caught} survivors caught, {survived} still alive, {} not tried\n",
            before.killed(),
            before.viable(),
            pct(before.killed(), before.viable()),
            after,
            before.viable(),
            pct(after, before.viable()),
            names.len() - caught - survived,
        ));
    }
    if added > 0 {
        out.push_str(&format!("new cases: {added}\n"));
    }
    if stopped > 0 {
        out.push_str(&format!(
            "budget spent: {stopped} targets not started; run again to go on\n"
        ));
    }
    out.push_str(&format!("took {:.1} s", took.as_secs_f64()));
    out
}
