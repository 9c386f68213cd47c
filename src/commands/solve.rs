//! `judge solve`: the reference output for one input (a file, or standard
//! input), for people and scripts that want the reference answer to it.
//! The reference is the in-crate solver (called in-process) or the
//! reference program, built and run by the engine in the sandbox exactly
//! as `check` runs it, so both kinds of problem answer the same command.

use std::io::Write;
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};

use super::args::SandboxArgs;
use super::context::{Context, Reference};
use crate::engine::execute::reference;
use crate::engine::execute::solve::{self, Answer};
use crate::error::{Error, Result};
use crate::execution::End;
use crate::problem::Problem;
use crate::report::Status;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problem folder name or solver id (a solver id works without a
    /// problems folder).
    pub problem: String,
    /// The input file (default: standard input).
    pub input: Option<PathBuf>,
    /// Isolation of a reference program (an in-crate solver runs
    /// in-process, without one).
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

/// Solves the input; bad input is reported as `<file>:line:col: …`
/// (`<stdin>:line:col: …` for standard input).
pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let solver = match ctx.reference_for(&args.problem)? {
        Reference::Solver(solver) => solver,
        Reference::Program(problem) => return run_program(ctx, *problem, &args),
    };
    let (name, file) = match &args.input {
        Some(path) => (path.display().to_string(), std::fs::File::open(path)),
        // Standard input as a file, so a redirected file's size is known.
        None => (
            "<stdin>".to_string(),
            std::io::stdin()
                .as_fd()
                .try_clone_to_owned()
                .map(std::fs::File::from),
        ),
    };
    let read = file.and_then(|file| {
        // One allocation of the right size for a regular file (a pipe says 0).
        let size = file.metadata().map_or(0, |m| m.len());
        crate::located::read_text(file, size)
    });
    let text = match read.map_err(Error::io(&name, "cannot read"))? {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{name}:{e}");
            return Ok(Status::Failed);
        }
    };
    let exec = reference::run(solver, &text);
    match exec.end {
        End::Exited(0) => {
            let mut out = std::io::stdout().lock();
            // A closed pipe (`judge solve … | head`) is not an error worth a message.
            let _ = out.write_all(&exec.stdout).and_then(|_| out.flush());
            Ok(Status::Passed)
        }
        End::InputRejected(e) => {
            eprintln!("{name}:{e}");
            Ok(Status::Failed)
        }
        other => {
            eprintln!("error: {other:?}");
            Ok(Status::Failed)
        }
    }
}

/// Runs the reference program of `problem` on the input and prints its
/// standard output; when it fails, its standard error and how it ended go
/// to stderr, exit 1.
fn run_program(ctx: &Context, mut problem: Problem, args: &Args) -> Result<Status> {
    solve::check(&problem)?;
    let runner = ctx.runner(args.sandbox.sandbox, 1)?;
    // The runner opens the input itself; standard input is the file
    // behind descriptor 0, so a pipe works as well as a redirect.
    let input = args.input.as_deref().unwrap_or(Path::new("/dev/stdin"));
    match solve::run(&mut problem, &runner, input)? {
        Answer::Output(stdout) => {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(&stdout).and_then(|_| out.flush());
            Ok(Status::Passed)
        }
        Answer::Failed { stderr, how } => {
            let _ = std::io::stderr().write_all(&stderr);
            eprintln!(
                "error: {}: the reference program {} failed: {how}",
                problem.id,
                problem.reference_name()
            );
            Ok(Status::Failed)
        }
    }
}
