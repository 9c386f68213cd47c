//! Interactive problems (the ICPC / Kattis interface): the interactor gets
//! `INPUT ANSWER FEEDBACK_DIR [args]`, its standard output is the
//! submission's standard input and the submission's standard output its
//! standard input. Both run at once in one launcher request, sandboxed as
//! different uids, each under its own limits; the pipes between them are
//! held by nobody else, so either side stopping is seen by the other as
//! end of file (or SIGPIPE), and nothing can hang past the wall clock.
//!
//! Verdict precedence (no spec states one; this is problemtools' rule,
//! close to DOMjudge's): an interactor that crashed or exited with neither
//! 42 nor 43 is a judge error; an interactor that rejected the submission
//! before the submission ended decides WA (a submission that then dies of
//! SIGPIPE or waits forever is not blamed for it); otherwise the
//! submission's own fate (TLE, MLE, OLE, RE) comes first; otherwise the
//! interactor's verdict.

use std::fs::File;
use std::os::fd::{FromRawFd, OwnedFd};
use std::path::Path;

use super::checker::{Feedback, checker_args, checker_failed, icpc_verdict};
use super::launcher::ProcSpec;
use super::runner::execution;
use super::tools::Tools;
use crate::compare::{Outcome, ended_badly};
use crate::execution::{End, Execution};
use crate::problem::Case;
use crate::verdict::Verdict;

fn pipe() -> Result<(OwnedFd, OwnedFd), String> {
    let mut fds = [0; 2];
    // SAFETY: a valid array for two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(format!(
            "cannot make a pipe: {}",
            std::io::Error::last_os_error()
        ));
    }
    // SAFETY: two fresh descriptors we own.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Runs `submission` against the problem's interactor on `case`; returns
/// the submission's record (its output is the interaction, not kept) and
/// the verdict.
pub(crate) fn run(tools: &Tools, submission: &ProcSpec, case: &Case) -> (Execution, Outcome) {
    let failed = |why: String| {
        let exec = Execution::failed(End::CouldNotRun(why.clone()), std::time::Duration::ZERO);
        (exec, Outcome::new(Verdict::JudgeError, why))
    };
    let prepared = (|| -> Result<_, String> {
        let interactor = tools.checker()?;
        let checker = tools.problem.spec.checker.as_ref().ok_or("no interactor")?;
        let answer = case.answer.as_deref().unwrap_or(Path::new("/dev/null"));
        let feedback = Feedback::new(tools)?;
        let mut args = vec!["/dev/fd/3".into(), "/dev/fd/4".into(), feedback.arg()];
        args.extend(checker_args(checker, case));
        let mut limits = tools.judge_limits();
        // The submission's wall clock runs out first in a deadlock, so it
        // is the one stopped (TLE), not the interactor (JE).
        limits.wall += submission.limits.wall;
        let mut spec = tools.spec(interactor, args, limits);
        spec.writable.push(feedback.path().display().to_string());
        let open = |p: &Path| {
            File::open(p)
                .map(OwnedFd::from)
                .map_err(|e| format!("{}: {e}", p.display()))
        };
        Ok((spec, feedback, open(&case.input)?, open(answer)?))
    })();
    let (spec, feedback, input, answer) = match prepared {
        Ok(p) => p,
        Err(why) => return failed(why),
    };
    let (to_submission, from_interactor) = match pipe() {
        Ok(p) => p,
        Err(e) => return failed(e),
    };
    let (to_interactor, from_submission) = match pipe() {
        Ok(p) => p,
        Err(e) => return failed(e),
    };
    let runner = match tools.runner() {
        Ok(r) => r,
        Err(e) => return failed(e),
    };
    let results = runner.run_raw(vec![
        (submission, vec![to_submission, from_submission]),
        (&spec, vec![to_interactor, from_interactor, input, answer]),
    ]);
    let mut results = match results {
        Ok(r) if r.len() == 2 => r,
        Ok(_) => return failed("the launcher answered for the wrong number of programs".into()),
        Err(e) => return failed(e),
    };
    let mut interactor = results.pop().unwrap_or_else(|| unreachable!("two results"));
    let mut program = results.pop().unwrap_or_else(|| unreachable!("two results"));
    let interactor_first = interactor.wall <= program.wall;
    let program_exec = execution(&mut program, Vec::new(), 0, &submission.limits);
    let interactor_exec = execution(&mut interactor, Vec::new(), 0, &spec.limits);
    let outcome = match interactor_exec.end {
        End::Exited(42) | End::Exited(43) => {
            let judged = icpc_verdict(&interactor_exec, &feedback);
            if judged.verdict == Verdict::WrongAnswer && interactor_first {
                judged
            } else {
                ended_badly(&program_exec).unwrap_or(judged)
            }
        }
        _ => Outcome::new(
            Verdict::JudgeError,
            checker_failed(&interactor_exec, "interactor"),
        ),
    };
    (program_exec, outcome)
}
