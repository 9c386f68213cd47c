//! Multi-pass problems (ICPC `type: multi-pass`): the program runs, the
//! output validator judges the pass and may write `nextpass.in` to its
//! feedback folder, which becomes the input of the next run, up to the
//! problem's number of passes. The feedback folder persists across the
//! passes (a validator may keep notes there); `nextpass.in` is moved out
//! of it before the next pass so a pass cannot be repeated by mistake.
//! Each pass runs under the full limits; the case's times are the sums.
//!
//! Interactive multi-pass (`type: [interactive, multi-pass]`): each pass
//! is an interaction ([`super::interact::talk`]) with the output
//! validator, always through the relay (a failing interaction is not run
//! again as a single interactive one is: the feedback folder it wrote to
//! carries over to the next pass, so a second run would see the first's
//! notes). The conversations of the passes are kept, `---` between them
//! as in a `.interaction` file.
//!
//! Two judge errors of the 2025-09 text (Multi-pass validation): a
//! validator that writes `nextpass.in` and exits with anything but 42, and
//! one that asks for a pass beyond `limits.validation_passes`.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::build::tools::ToolError;
use crate::compare::{Outcome, ended_badly};
use crate::execution::{End, Execution};
use crate::judging::interact;
use crate::judging::program::{Feedback, JudgeProgram};
use crate::judging::record::Ran;
use crate::launcher::ProcSpec;
use crate::problem::Case;
use crate::verdict::Verdict;

/// The file the output validator writes to ask for another pass.
const NEXT_PASS: &str = "nextpass.in";

/// How the program meets the output validator in each pass.
#[derive(Clone, Copy)]
pub(crate) enum Subject<'a> {
    /// It runs alone; the validator judges its output afterwards.
    Alone(&'a ProcSpec),
    /// It talks to the validator while both run.
    Talking(&'a ProcSpec),
}

/// What one pass gave: the run, its outcome, whether the validator ran
/// and exited with 42 (`None`: it did not run to an exit of its own), and
/// the pass's conversation.
struct Pass {
    exec: Execution,
    outcome: Outcome,
    validator_accepted: Option<bool>,
    transcript: Option<String>,
}

/// Runs `subject` (a submission, or the reference) on `case` pass after
/// pass, each judged by the output validator (`Err`: why there is none).
pub(crate) fn passes(
    validator: Result<&JudgeProgram, &ToolError>,
    subject: Subject,
    case: &Case,
    passes: u32,
) -> Ran {
    // An interactor may do without an answer file (it gets an empty one);
    // an output validator judging an output needs it.
    let answer = match (case.answer.as_deref(), subject) {
        (Some(answer), _) => answer,
        (None, Subject::Talking(_)) => Path::new("/dev/null"),
        (None, Subject::Alone(_)) => {
            return not_judged(
                Verdict::MissingAnswer,
                "no answer file beside the input".into(),
            );
        }
    };
    let validator = match validator {
        Ok(v) => v,
        Err(why) => return failed(why.to_string()),
    };
    let (feedback, scratch) = match (Feedback::new(validator.runner()), tempfile::tempdir()) {
        (Ok(f), Ok(s)) => (f, s),
        (Err(e), _) => return failed(e.to_string()),
        (_, Err(e)) => return failed(e.to_string()),
    };
    let case_passes = Passes {
        validator,
        case,
        answer,
        feedback,
        scratch: scratch.path(),
        passes,
    };
    case_passes.run(subject)
}

/// One multi-pass case under way: what judges its passes and where their
/// files go.
struct Passes<'a> {
    validator: &'a JudgeProgram<'a>,
    case: &'a Case,
    /// The case's answer file.
    answer: &'a Path,
    /// The validator's feedback folder, the same for every pass.
    feedback: Feedback,
    /// Where the passes' outputs and later inputs are kept.
    scratch: &'a Path,
    /// The problem's number of passes.
    passes: u32,
}

impl Passes<'_> {
    /// Runs `subject` pass after pass until one decides the case.
    fn run(&self, subject: Subject) -> Ran {
        let mut input: PathBuf = self.case.input.clone();
        let mut total: Option<Execution> = None;
        let mut talks: Vec<String> = Vec::new();
        for pass in 1..=self.passes {
            let step = match subject {
                Subject::Alone(spec) => self.alone(pass, &input, spec),
                Subject::Talking(spec) => self.talking(&input, spec),
            };
            let step = match step {
                Ok(step) => step,
                Err(why) => return failed(why),
            };
            let exec = summed(step.exec, total.as_ref());
            total = Some(exec.clone());
            talks.extend(step.transcript);
            let next = self.next(pass, step.outcome, step.validator_accepted);
            match next {
                ControlFlow::Break(outcome) => {
                    let mut ran = decided(pass, exec, outcome);
                    ran.transcript = (!talks.is_empty()).then(|| talks.join("---\n"));
                    return ran;
                }
                ControlFlow::Continue(next) => input = next,
            }
        }
        failed("no pass ran".into())
    }

    /// One pass of a program run alone on `input`, its output judged by
    /// the validator unless the run itself failed (`Err`: a judge error).
    fn alone(&self, pass: u32, input: &Path, spec: &ProcSpec) -> Result<Pass, String> {
        let exec = self.validator.runner().run(spec, input);
        if let Some(outcome) = ended_badly(&exec) {
            return Ok(Pass {
                exec,
                outcome,
                validator_accepted: None,
                transcript: None,
            });
        }
        let team = self.scratch.join(format!("output-{pass}"));
        std::fs::File::create(&team)
            .and_then(|mut f| f.write_all(&exec.stdout))
            .map_err(|e| format!("cannot keep the output: {e}"))?;
        let outcome =
            (self.validator).icpc_check(self.case, input, self.answer, &team, &self.feedback);
        let validator_accepted = match outcome.verdict {
            Verdict::Accepted => Some(true),
            Verdict::WrongAnswer => Some(false),
            _ => None,
        };
        Ok(Pass {
            exec,
            outcome,
            validator_accepted,
            transcript: None,
        })
    }

    /// One pass of a program talking to the validator on `input`.
    fn talking(&self, input: &Path, spec: &ProcSpec) -> Result<Pass, String> {
        let talk = interact::talk(
            Ok(self.validator),
            spec,
            self.case,
            input,
            &self.feedback,
            true,
        );
        Ok(Pass {
            exec: talk.ran.exec,
            outcome: talk.ran.outcome,
            validator_accepted: talk.interactor_accepted,
            transcript: talk.ran.transcript,
        })
    }

    /// After pass `pass` judged `outcome` (the validator exiting with 42
    /// or not, `validator_accepted`): the case's outcome when the pass
    /// decides it, else the input of the next pass.
    fn next(
        &self,
        pass: u32,
        outcome: Outcome,
        validator_accepted: Option<bool>,
    ) -> ControlFlow<Outcome, PathBuf> {
        let next = self.feedback.path().join(NEXT_PASS);
        let asked = next.is_file();
        if asked && validator_accepted == Some(false) && outcome.verdict != Verdict::JudgeError {
            return ControlFlow::Break(Outcome::new(
                Verdict::JudgeError,
                format!(
                    "the output validator wrote {NEXT_PASS} and rejected the pass (exit 43): another pass is asked for only with exit 42 (2025-09, Multi-pass validation)"
                ),
            ));
        }
        if !outcome.verdict.is_pass() || !asked {
            return ControlFlow::Break(outcome);
        }
        if pass == self.passes {
            return ControlFlow::Break(Outcome::new(
                Verdict::JudgeError,
                format!(
                    "the output validator asked for pass {} of a problem with {} (limits.validation_passes)",
                    pass + 1,
                    self.passes
                ),
            ));
        }
        let moved = self.scratch.join(format!("pass-{}.in", pass + 1));
        if let Err(e) = std::fs::rename(&next, &moved) {
            return ControlFlow::Break(Outcome::new(
                Verdict::JudgeError,
                format!("cannot take {NEXT_PASS}: {e}"),
            ));
        }
        ControlFlow::Continue(moved)
    }
}

/// The case's times and memory after the pass run as `exec`: sums and the
/// peak over the passes, with those of the passes `before` it.
fn summed(mut exec: Execution, before: Option<&Execution>) -> Execution {
    if let Some(before) = before {
        exec.wall += before.wall;
        exec.cpu = match (exec.cpu, before.cpu) {
            (Some(a), Some(b)) => Some(a + b),
            (a, b) => a.or(b),
        };
        exec.memory = exec.memory.max(before.memory);
        exec.address_space = exec.address_space.or(before.address_space);
    }
    exec
}

/// The case's record when pass `pass`, run as `exec`, decided it with
/// `outcome`. When a later pass decided, the message says which.
fn decided(pass: u32, exec: Execution, mut outcome: Outcome) -> Ran {
    if pass > 1 {
        let said = outcome.message.take();
        outcome.message = Some(match said {
            Some(m) => format!("after pass {pass}: {m}"),
            None => format!("after pass {pass}"),
        });
    }
    Ran {
        exec,
        outcome,
        transcript: None,
    }
}

/// A case no pass judged: `verdict`, for the reason `why`.
fn not_judged(verdict: Verdict, why: String) -> Ran {
    Ran {
        exec: Execution::failed(End::Exited(0), Duration::ZERO),
        outcome: Outcome::new(verdict, why),
        transcript: None,
    }
}

/// A case no pass judged because of a judge error, `why`.
fn failed(why: String) -> Ran {
    not_judged(Verdict::JudgeError, why)
}
