//! Multi-pass problems (ICPC `type: multi-pass`): the program runs, the
//! output validator judges the pass and may write `nextpass.in` to its
//! feedback folder, which becomes the input of the next run, up to the
//! problem's number of passes. The feedback folder persists across the
//! passes (a validator may keep notes there); `nextpass.in` is moved out
//! of it before the next pass so a pass cannot be repeated by mistake.
//! Each pass runs under the full limits; the case's times are the sums.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::build::tools::ToolError;
use crate::compare::{Outcome, ended_badly};
use crate::execution::{End, Execution};
use crate::judging::program::{Feedback, JudgeProgram};
use crate::judging::record::Ran;
use crate::launcher::ProcSpec;
use crate::problem::Case;
use crate::verdict::Verdict;

/// The file the output validator writes to ask for another pass.
const NEXT_PASS: &str = "nextpass.in";

/// Runs `subject` (a submission, or the reference) on `case` pass after
/// pass, each judged by the output validator (`Err`: why there is none).
pub(crate) fn passes(
    validator: Result<&JudgeProgram, &ToolError>,
    subject: &ProcSpec,
    case: &Case,
    passes: u32,
) -> Ran {
    let Some(answer) = case.answer.as_deref() else {
        return not_judged(
            Verdict::MissingAnswer,
            "no answer file beside the input".into(),
        );
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
    fn run(&self, subject: &ProcSpec) -> Ran {
        let mut input: PathBuf = self.case.input.clone();
        let mut total: Option<Execution> = None;
        for pass in 1..=self.passes {
            let exec = self.validator.runner().run(subject, &input);
            let exec = summed(exec, total.as_ref());
            total = Some(exec.clone());
            match self.judge(pass, &input, exec) {
                ControlFlow::Break(ran) => return ran,
                ControlFlow::Continue(next) => input = next,
            }
        }
        failed("no pass ran".into())
    }

    /// Judges pass `pass`, run on `input` as `exec`: the case's record
    /// when the pass decides it, else the input of the next pass.
    fn judge(&self, pass: u32, input: &Path, exec: Execution) -> ControlFlow<Ran, PathBuf> {
        if let Some(outcome) = ended_badly(&exec) {
            return ControlFlow::Break(decided(pass, exec, outcome));
        }
        let team = self.scratch.join(format!("output-{pass}"));
        if let Err(e) = std::fs::File::create(&team).and_then(|mut f| f.write_all(&exec.stdout)) {
            return ControlFlow::Break(failed(format!("cannot keep the output: {e}")));
        }
        let outcome =
            (self.validator).icpc_check(self.case, input, self.answer, &team, &self.feedback);
        let next = self.feedback.path().join(NEXT_PASS);
        if !outcome.verdict.is_pass() || !next.is_file() {
            return ControlFlow::Break(decided(pass, exec, outcome));
        }
        if pass == self.passes {
            let asked = Outcome::new(
                Verdict::JudgeError,
                format!(
                    "the output validator asked for pass {} of a problem with {}",
                    pass + 1,
                    self.passes
                ),
            );
            return ControlFlow::Break(decided(pass, exec, asked));
        }
        let moved = self.scratch.join(format!("pass-{}.in", pass + 1));
        if let Err(e) = std::fs::rename(&next, &moved) {
            return ControlFlow::Break(failed(format!("cannot take {NEXT_PASS}: {e}")));
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
