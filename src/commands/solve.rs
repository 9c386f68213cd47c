//! `judge solve`: the reference output for one input (a file, or standard
//! input), for people and scripts that want the reference answer to it.
//! The reference is the in-crate solver (called in-process) or the
//! reference program, built and run by the engine in the sandbox exactly
//! as `check` runs it, so both kinds of problem answer the same command.

use std::io::{Read, Write};
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};

use super::args::SandboxArgs;
use super::context::{Context, Reference};
use crate::engine::limits::{self, Overrides};
use crate::engine::reference;
use crate::engine::run::prepare;
use crate::engine::tools::Need;
use crate::error::{Error, Result};
use crate::execution::End;
use crate::problem::Problem;
use crate::report::Status;
use crate::scan::InputError;

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
        read_text(file, size)
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

/// Runs the reference program of `problem` on the input under the
/// problem's limits (those of its submissions: a reference that needs
/// more is worth knowing about) and prints its standard output; when it
/// fails, its standard error and how it ended go to stderr, exit 1. The
/// input is handed over as bytes: whether they are valid is the
/// validators' business (`judge validate`), as in every other run.
fn run_program(ctx: &Context, mut problem: Problem, args: &Args) -> Result<Status> {
    let id = problem.id.clone();
    if problem.spec.reference.is_none() {
        return Err(Error::Usage(format!(
            "{id}: no reference to run (neither `solver:` nor `reference:` in {})",
            problem.dir.join("problem.yaml").display()
        )));
    }
    let why = match (problem.spec.interactive, problem.spec.passes) {
        (true, _) => Some("talks to the interactor"),
        (false, Some(_)) => Some("runs in passes fed by the output validator"),
        (false, None) => None,
    };
    if let Some(why) = why {
        return Err(Error::Usage(format!(
            "{id}: the reference {why}, so it has no answer to an input alone; \
             `judge check {id}` runs it that way"
        )));
    }
    let runner = ctx.runner(args.sandbox.sandbox, 1)?;
    // A package that gives no limit: the one its rule computes.
    let (_, failed) =
        crate::engine::time_limit::settle(std::slice::from_mut(&mut problem), &runner);
    if let Some((_, why)) = failed.into_iter().next() {
        return Err(Error::Setup(format!("{id}: {why}")));
    }
    let (tools, errors) = prepare(
        std::slice::from_ref(&problem),
        Some(&runner),
        &[Need::Reference],
    );
    if let Some(e) = errors.into_iter().next() {
        return Err(Error::ProblemProgram(e));
    }
    let tools = tools
        .first()
        .ok_or_else(|| Error::Usage(format!("unknown problem {id}")))?;
    let program = tools.reference().map_err(Error::ProblemProgram)?;
    let limits = limits::for_problem(&problem, Overrides::default(), &program.language);
    // The runner opens the input itself; standard input is the file
    // behind descriptor 0, so a pipe works as well as a redirect.
    let input = args.input.as_deref().unwrap_or(Path::new("/dev/stdin"));
    let exec = runner.run(&program.judge_spec(Vec::new(), limits), input);
    if exec.end == End::Exited(0) {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(&exec.stdout).and_then(|_| out.flush());
        return Ok(Status::Passed);
    }
    let _ = std::io::stderr().write_all(&exec.stderr_tail);
    let how = crate::compare::ended_badly(&exec)
        .and_then(|o| o.message)
        .unwrap_or_else(|| format!("{:?}", exec.end));
    eprintln!(
        "error: {id}: the reference program {} failed: {how}",
        problem.reference_name()
    );
    Ok(Status::Failed)
}

/// How much is read at a time; each piece is checked for UTF-8 as it comes.
const PIECE: u64 = 1 << 20;

/// Reads `from` to its end as UTF-8 text, or stops at the first byte that
/// is not UTF-8 and says where it is. Solvers need the whole text, but a
/// binary file is refused after its first bad bytes instead of after
/// reading all of it (100 MB of garbage costs microseconds, not a pass
/// over the file and 100 MB of memory).
fn read_text(mut from: impl Read, size: u64) -> std::io::Result<Result<String, InputError>> {
    let mut bytes = Vec::new();
    // Room for the whole file at once when there is that much memory; if
    // not, it grows as it is read (and a file past memory is refused by the
    // allocator when it gets there, not up front on a guess).
    let _ = bytes.try_reserve_exact(usize::try_from(size).unwrap_or(0));
    // The prefix already known to be UTF-8.
    let mut checked = 0;
    loop {
        // `read_to_end` fills spare capacity without zeroing it first.
        let got = (&mut from).take(PIECE).read_to_end(&mut bytes)?;
        let at_end = got == 0;
        match std::str::from_utf8(&bytes[checked..]) {
            Ok(_) => checked = bytes.len(),
            // A character cut at the end of a piece may go on in the next.
            Err(e) if e.error_len().is_none() && !at_end => checked += e.valid_up_to(),
            Err(e) => {
                let valid = &bytes[..checked + e.valid_up_to()];
                return Ok(Err(crate::located::not_utf8(valid)));
            }
        }
        if at_end {
            break;
        }
    }
    // Checked piece by piece above; `from_utf8` cannot fail here.
    Ok(crate::located::text(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out at most `n` bytes per call, so characters
    /// get cut between pieces.
    struct Dribble<'a>(&'a [u8], usize);

    impl Read for Dribble<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(buf.len()).min(self.1);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn text_cut_between_pieces_is_whole_again() {
        let text = "é€𝄞 ok\n".repeat(1000);
        for n in [1, 2, 3, 7, PIECE as usize] {
            let read = read_text(Dribble(text.as_bytes(), n), 0).unwrap().unwrap();
            assert_eq!(read, text);
        }
    }

    #[test]
    fn a_bad_byte_stops_reading_with_its_place() {
        let mut bytes = b"1\n\xc3\xa9\xc3".to_vec();
        bytes.extend(b"A rest that is never read");
        let e = read_text(&bytes[..], 5).unwrap().unwrap_err();
        assert_eq!((e.line, e.col), (2, 2), "{e}");
        // A character cut by the end of the input is bad too.
        let e = read_text(&b"ab\xe2\x82"[..], 0).unwrap().unwrap_err();
        assert_eq!((e.line, e.col), (1, 3), "{e}");
        assert_eq!(read_text(&b""[..], 0).unwrap().unwrap(), "");
    }
}
