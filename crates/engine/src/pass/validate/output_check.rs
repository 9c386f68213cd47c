//! Testing the checker (a package's `data/valid_output` and
//! `data/invalid_output`): each test's output is judged as if a
//! submission had printed it, by the same `Judging` that judges
//! submissions, so the test proves what grading will do: an ICPC output
//! validator program with the folder's arguments, or the default
//! validator with its flags (float tolerance, case sensitivity).
//!
//! A test passes (AC) when the checker does what the folder says, and says
//! so with the checker's own words; otherwise it is a judge error naming
//! the `.out` file, as an invalid input the validators accept is: the
//! fault is in the test data or in the checker, never in a submission.

use std::time::Instant;

use crate::build::tools::Tools;
use crate::compare::Outcome;
use crate::execution::Execution;
use crate::judging::Judging;
use crate::judging::record;
use crate::pass::validate::input::{Bounds, heard, verdict_of};
use crate::problem::{Case, OutputCheck, Problem};
use crate::report::CaseReport;
use crate::verdict::Verdict;

/// A problem's tests of its checker, with how it judges outputs worked
/// out once for all of them.
pub struct CheckerTests<'a> {
    tools: &'a Tools<'a>,
    judging: Judging<'a>,
}

impl<'a> CheckerTests<'a> {
    pub fn new(tools: &'a Tools<'a>) -> CheckerTests<'a> {
        CheckerTests {
            tools,
            judging: Judging::new(tools),
        }
    }

    pub(crate) fn problem(&self) -> &Problem {
        self.tools.problem
    }

    /// Judges the test of the checker whose case is `case` (one of the
    /// problem's `output_checks`).
    pub fn check_case(&self, case: &Case) -> CaseReport {
        let Some(check) = self
            .tools
            .problem
            .output_checks
            .iter()
            .find(|c| c.case.group == case.group && c.case.name == case.name)
        else {
            return record::failed_case(case, Verdict::JudgeError, "not a test of the checker");
        };
        let start = Instant::now();
        let outcome = self.judge(check).unwrap_or_else(|o| o);
        record::judged(case, start.elapsed(), outcome)
    }

    fn judge(&self, check: &OutputCheck) -> Result<Outcome, Outcome> {
        if let Some(why) = check.missing() {
            return Err(Outcome::new(Verdict::JudgeError, why));
        }
        // The format asks for a valid input: an output judged on an input
        // no submission can get proves nothing.
        let heard = heard(self.tools, &check.case, Bounds::Ignored)?;
        verdict_of(&heard.opinions).map_err(|o| {
            let why = o.message.unwrap_or_default();
            Outcome::new(
                Verdict::JudgeError,
                format!("the input of a test of the output validator must be valid: {why}"),
            )
        })?;
        let output = std::fs::read(&check.output).map_err(|e| {
            let why = format!("{}: cannot read: {e}", check.output.display());
            Outcome::new(Verdict::JudgeError, why)
        })?;
        let ran = Execution::finished(output, std::time::Duration::ZERO);
        let judged = self.judging.judge_output(&check.case, &ran);
        let accepted = match judged.verdict {
            Verdict::Accepted => true,
            Verdict::WrongAnswer | Verdict::PresentationError => false,
            // The checker crashed or could not run: its own message says how.
            _ => return Err(judged),
        };
        let said = judged
            .message
            .as_deref()
            .map(|m| format!(": {m}"))
            .unwrap_or_default();
        let out = check.output.display();
        match (accepted, check.must_accept) {
            (true, true) => Ok(Outcome::new(
                Verdict::Accepted,
                format!("accepted by the output validator, as it must be{said}"),
            )),
            (false, false) => Ok(Outcome::new(
                Verdict::Accepted,
                format!(
                    "rejected by the output validator ({}), as it must be{said}",
                    judged.verdict.code()
                ),
            )),
            (true, false) => Err(Outcome::new(
                Verdict::JudgeError,
                format!(
                    "{out}: the output validator accepted it; it must be rejected (the validator is too lax, or the output is right){said}"
                ),
            )),
            (false, true) => Err(Outcome {
                diff: judged.diff,
                ..Outcome::new(
                    Verdict::JudgeError,
                    format!(
                        "{out}: the output validator rejected it ({}); it must be accepted (the validator is too strict, or the output is wrong){said}",
                        judged.verdict.code()
                    ),
                )
            }),
        }
    }
}
