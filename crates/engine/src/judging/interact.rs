//! Interactive problems (the ICPC / Kattis interface): the interactor gets
//! `INPUT ANSWER FEEDBACK_DIR [args]`, what it writes is the submission's
//! standard input and what the submission writes its standard input. Both
//! run at once in one launcher request, sandboxed as different uids, each
//! under its own limits, with judge's [`relay`] between them: either side
//! stopping is passed on to the other as end of file (or a failing
//! write), and nothing can hang past the wall clock.
//!
//! Verdict precedence of an interaction (no spec states one; this is
//! problemtools' rule, close to DOMjudge's): a submission judge stopped at
//! a limit (time, memory, output) before the interactor ended gets that
//! limit's verdict, whatever the interactor did after (SIGPIPE, an error
//! exit at end of file: caused by the stop); else an interactor that
//! crashed or exited with neither 42 nor 43 is a judge error; an interactor that
//! rejected the submission and hung up before the submission did decides
//! WA (a submission that then dies of the closed pipe or of end of file is
//! not blamed for it); otherwise the submission's own fate (TLE, MLE, OLE,
//! RE) comes first; otherwise the interactor's verdict. An interactor that
//! fell over (SIGPIPE, an error exit) after the submission stopped reading
//! what it was sent fell over because of the submission: WA, not the
//! judge's fault. Who hung up or stopped reading first is what the relay
//! saw, never a guess from exit times.
//!
//! One interaction is also one pass of an interactive multi-pass problem
//! ([`super::multipass`]): [`talk`] then runs on the pass's input with the
//! case's feedback folder, which persists across the passes.

use std::os::fd::OwnedFd;
use std::path::Path;
use std::time::Duration;

use crate::build::tools::ToolError;
use crate::compare::{Outcome, ended_badly};
use crate::execute::runner::{execution, open_for_program};
use crate::execution::{End, Execution};
use crate::judging::program::{Feedback, JudgeProgram, Unrunnable, checker_failed, icpc_verdict};
use crate::judging::record::Ran;
use crate::launcher::ProcSpec;
use crate::problem::Case;
use crate::relay::{self, Side, Transcript};
use crate::verdict::Verdict;

/// Runs `submission` against the interactor (`Err`: why there is none) on
/// `case`. A failure to set the interaction up is a judge error.
///
/// The two programs are joined directly first ([`relay::direct`]): a
/// chatty pair through the relay costs many times its own time. An
/// accepted run needs nothing more. A failing one that took less than the
/// time limit runs again through the relay, which knows exactly who hung
/// up first (that decides between WA and the submission's own failure)
/// and keeps the conversation for the report; a slower failure (a
/// time-out) keeps its direct result, the order of the two exits standing
/// in for who hung up first.
pub(crate) fn interact(
    interactor: Result<&JudgeProgram, &ToolError>,
    submission: &ProcSpec,
    case: &Case,
) -> Ran {
    let one = |relayed| {
        let feedback = interactor
            .map_err(|e| Unrunnable::Tool(e.clone()))
            .and_then(|i| Feedback::new(i.runner()));
        match feedback {
            Ok(f) => talk(interactor, submission, case, &case.input, &f, relayed).ran,
            Err(why) => could_not_run(why.to_string()),
        }
    };
    let direct = one(false);
    let cheap = direct.exec.wall < submission.limits.cpu;
    if direct.outcome.verdict == Verdict::Accepted || !(cheap || unsure_who_hung_up(&direct)) {
        return direct;
    }
    one(true)
}

/// Whether a direct run's WA may belong to the submission: the interactor
/// rejected and exited first, and the submission then failed on its own
/// (a crash, a limit). The exits' order cannot tell a submission that
/// kept talking from one that had closed its output long before (and so
/// made the interactor read end of file): only the relay saw which, so
/// such a run is judged again through it, however long it took. A
/// submission that closes its output and then crashes or spins is RE or
/// TLE, as BAPCtools and its `guess` test problem have it.
fn unsure_who_hung_up(direct: &Ran) -> bool {
    direct.outcome.verdict == Verdict::WrongAnswer && ended_badly(&direct.exec).is_some()
}

/// One interaction, and what the interactor's exit said of it.
pub(crate) struct Talk {
    pub(crate) ran: Ran,
    /// Whether the interactor exited with 42 (`None`: it did not run to
    /// an exit code of its own, or could not be started).
    pub(crate) interactor_accepted: Option<bool>,
}

/// A case no interaction judged: a judge error, for the reason `why`.
fn could_not_run(why: String) -> Ran {
    Ran {
        exec: Execution::failed(End::CouldNotRun(why.clone()), Duration::ZERO),
        outcome: Outcome::new(Verdict::JudgeError, why),
        transcript: None,
    }
}

/// One interaction on `input` (the case's, or a later pass's
/// `nextpass.in`), the interactor writing to `feedback`; `relayed` or
/// joined directly.
pub(crate) fn talk(
    interactor: Result<&JudgeProgram, &ToolError>,
    submission: &ProcSpec,
    case: &Case,
    input: &Path,
    feedback: &Feedback,
    relayed: bool,
) -> Talk {
    let unjudged = |why: String| Talk {
        ran: could_not_run(why),
        interactor_accepted: None,
    };
    let prepared = (|| -> Result<_, Unrunnable> {
        let interactor = interactor.map_err(|e| Unrunnable::Tool(e.clone()))?;
        let answer = case.answer.as_deref().unwrap_or(Path::new("/dev/null"));
        let mut spec = interactor.icpc_spec(case, feedback);
        // The submission's wall clock runs out first in a deadlock, so it
        // is the one stopped (TLE), not the interactor (JE).
        spec.limits.wall += submission.limits.wall;
        let input = OwnedFd::from(open_for_program(input)?);
        let answer = OwnedFd::from(open_for_program(answer)?);
        Ok((spec, input, answer, interactor.runner()))
    })();
    let (spec, input, answer, runner) = match prepared {
        Ok(p) => p,
        Err(why) => return unjudged(why.to_string()),
    };
    let wired = match relayed {
        true => relay::pipes().map(|(ends, relay)| (ends, Some(relay))),
        false => relay::direct().map(|ends| (ends, None)),
    };
    let (ends, relay) = match wired {
        Ok(w) => w,
        Err(e) => return unjudged(e.to_string()),
    };
    // The relay runs while the launcher runs both programs; the programs'
    // ends go to the launcher and are closed here once sent, so the relay
    // ends when the programs do.
    let (results, transcript) = std::thread::scope(|scope| {
        let relaying = relay.map(|relay| scope.spawn(move || relay.run()));
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
        (results, relaying.map(|r| r.join().unwrap_or_default()))
    });
    let mut results = match results {
        Ok(r) if r.len() == 2 => r,
        Ok(_) => {
            return unjudged("the launcher answered for the wrong number of programs".into());
        }
        Err(e) => return unjudged(e.to_string()),
    };
    let mut interactor = results.pop().unwrap_or_else(|| unreachable!("two results"));
    let mut program = results.pop().unwrap_or_else(|| unreachable!("two results"));
    let program_exec = execution(&mut program, Vec::new(), 0, &submission.limits);
    let interactor_exec = execution(&mut interactor, Vec::new(), 0, &spec.limits);
    let talked = transcript.unwrap_or_else(|| Transcript {
        first_closed: Some(first_to_end(&program_exec, &interactor_exec)),
        ..Transcript::default()
    });
    let outcome = interaction_verdict(&program_exec, &interactor_exec, feedback, &talked);
    let interactor_accepted = match interactor_exec.end {
        End::Exited(code) => Some(code == 42),
        _ => None,
    };
    Talk {
        ran: Ran {
            exec: program_exec,
            outcome,
            transcript: Some(talked.render()).filter(|t| !t.is_empty()),
        },
        interactor_accepted,
    }
}

/// Whether judge itself stopped `program` for a limit (time, memory,
/// output), at a moment judge chose.
fn stopped_at_a_limit(program: &Execution) -> bool {
    matches!(
        program.end,
        End::TimedOut { .. } | End::MemoryExceeded { .. } | End::OutputExceeded { .. }
    )
}

/// Who ended first, from the two runs' wall times, where no relay saw who
/// hung up first. A submission stopped at a limit was killed by judge at
/// a known moment: an interactor that ended with it or after it reacted to
/// that, and counts as first only when it ended clearly before (its
/// verdict then stands). Otherwise the earlier end counts.
fn first_to_end(program: &Execution, interactor: &Execution) -> Side {
    let margin = match stopped_at_a_limit(program) {
        true => Duration::from_millis(100),
        false => Duration::ZERO,
    };
    match interactor.wall + margin < program.wall {
        true => Side::Interactor,
        false => Side::Submission,
    }
}

/// The verdict of one interaction (see the module's precedence).
fn interaction_verdict(
    program: &Execution,
    interactor: &Execution,
    feedback: &Feedback,
    talk: &Transcript,
) -> Outcome {
    let gone_deaf = talk.stopped_reading == Some(Side::Submission);
    // judge stopped the submission at a limit before the interactor
    // ended: whatever the interactor did after (died of SIGPIPE writing
    // to it, read end of file and gave up) was caused by that stop, and
    // the limit decides, as in BAPCtools and DOMjudge.
    if stopped_at_a_limit(program) && talk.first_closed != Some(Side::Interactor) {
        if let Some(own) = ended_badly(program) {
            return own;
        }
    }
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
