//! Interactive problems (the ICPC / Kattis interface): the interactor gets
//! `INPUT ANSWER FEEDBACK_DIR [args]`, what it writes is the submission's
//! standard input and what the submission writes its standard input. Both
//! run at once in one launcher request, sandboxed as different uids, each
//! under its own limits, with judge's [`relay`] between
//! them: either side stopping is passed on to the other as end of file (or
//! a failing write), and nothing can hang past the wall clock.
//!
//! Verdict precedence (no spec states one; this is problemtools' rule,
//! close to DOMjudge's): an interactor that crashed or exited with neither
//! 42 nor 43 is a judge error; an interactor that rejected the submission
//! and hung up before the submission did decides WA (a submission that
//! then dies of the closed pipe or of end of file is not blamed for it);
//! otherwise the submission's own fate (TLE, MLE, OLE, RE) comes first;
//! otherwise the interactor's verdict. An interactor that fell over
//! (SIGPIPE, an error exit) after the submission stopped reading what it
//! was sent fell over because of the submission: WA, not the judge's
//! fault. Who hung up or stopped reading first is what the relay saw,
//! never a guess from exit times.

use std::os::fd::OwnedFd;
use std::path::Path;

use super::checker::{Feedback, checker_args, checker_failed, icpc_verdict};
use super::launcher::ProcSpec;
use super::relay::{self, Side, Transcript};
use super::runner::{execution, open_for_program};
use super::tools::Tools;
use crate::compare::{Outcome, ended_badly};
use crate::execution::{End, Execution};
use crate::problem::Case;
use crate::verdict::Verdict;

/// One interaction: the submission's record (its output is the
/// conversation, not kept as output), the verdict, and the conversation.
pub(crate) struct Interaction {
    pub exec: Execution,
    pub outcome: Outcome,
    pub transcript: Option<String>,
}

impl Interaction {
    fn failed(why: String) -> Interaction {
        Interaction {
            exec: Execution::failed(End::CouldNotRun(why.clone()), std::time::Duration::ZERO),
            outcome: Outcome::new(Verdict::JudgeError, why),
            transcript: None,
        }
    }
}

/// The verdict of one interaction (see the module's precedence).
fn verdict(
    program: &Execution,
    interactor: &Execution,
    feedback: &Feedback,
    talk: &Transcript,
) -> Outcome {
    let gone_deaf = talk.stopped_reading == Some(Side::Submission);
    match interactor.end {
        End::Exited(42) | End::Exited(43) => {
            let judged = icpc_verdict(interactor, feedback);
            if judged.verdict == Verdict::WrongAnswer && talk.first_closed == Some(Side::Interactor)
            {
                return judged;
            }
            let after = talk.first_closed == Some(Side::Interactor)
                && talk.stopped_reading == Some(Side::Interactor);
            match ended_badly(program) {
                // Its failure came from writing to an interactor that had
                // finished: say so, the bare exit status would puzzle.
                Some(mut own) if after => {
                    let said = own.message.take().unwrap_or_default();
                    own.message = Some(format!(
                        "{said} (it kept writing after the interactor had finished)"
                    ));
                    own
                }
                Some(own) => own,
                None => judged,
            }
        }
        // The interactor fell over writing to (or because of) a submission
        // that had stopped reading: the submission's fault, unless its own
        // fate says more.
        _ if gone_deaf => ended_badly(program).unwrap_or_else(|| {
            Outcome::new(
                Verdict::WrongAnswer,
                "the submission stopped reading while the interactor was still writing",
            )
        }),
        _ => Outcome::new(
            Verdict::JudgeError,
            checker_failed(interactor, "interactor"),
        ),
    }
}

/// Runs `submission` against the problem's interactor on `case`.
pub(crate) fn run(tools: &Tools, submission: &ProcSpec, case: &Case) -> Interaction {
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
        let input = OwnedFd::from(open_for_program(&case.input)?);
        let answer = OwnedFd::from(open_for_program(answer)?);
        Ok((spec, feedback, input, answer, tools.runner()?))
    })();
    let (spec, feedback, input, answer, runner) = match prepared {
        Ok(p) => p,
        Err(why) => return Interaction::failed(why),
    };
    let (ends, relay) = match relay::pipes() {
        Ok(p) => p,
        Err(e) => return Interaction::failed(e),
    };
    // The relay runs while the launcher runs both programs; the programs'
    // ends go to the launcher and are closed here once sent, so the relay
    // ends when the programs do.
    let (results, transcript) = std::thread::scope(|scope| {
        let relaying = scope.spawn(move || relay.run());
        let results = runner.run_raw(vec![
            (
                submission,
                vec![ends.submission_stdin, ends.submission_stdout],
            ),
            (
                &spec,
                vec![ends.interactor_stdin, ends.interactor_stdout, input, answer],
            ),
        ]);
        (results, relaying.join().unwrap_or_default())
    });
    let mut results = match results {
        Ok(r) if r.len() == 2 => r,
        Ok(_) => {
            return Interaction::failed(
                "the launcher answered for the wrong number of programs".into(),
            );
        }
        Err(e) => return Interaction::failed(e),
    };
    let mut interactor = results.pop().unwrap_or_else(|| unreachable!("two results"));
    let mut program = results.pop().unwrap_or_else(|| unreachable!("two results"));
    let program_exec = execution(&mut program, Vec::new(), 0, &submission.limits);
    let interactor_exec = execution(&mut interactor, Vec::new(), 0, &spec.limits);
    let outcome = verdict(&program_exec, &interactor_exec, &feedback, &transcript);
    Interaction {
        exec: program_exec,
        outcome,
        transcript: Some(transcript.render()).filter(|t| !t.is_empty()),
    }
}
