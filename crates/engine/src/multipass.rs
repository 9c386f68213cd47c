//! Multi-pass problems (ICPC `type: multi-pass`): the submission runs, the
//! output validator judges the pass and may write `nextpass.in` to its
//! feedback folder, which becomes the input of the next run, up to the
//! problem's number of passes. The feedback folder persists across the
//! passes (a validator may keep notes there); `nextpass.in` is moved out
//! of it before the next pass so a pass cannot be repeated by mistake.
//! Each pass runs under the full limits; the case's times are the sums.

use std::io::Write;
use std::path::PathBuf;

use super::case::failed_case;
use super::checker::{Feedback, icpc_check};
use super::launcher::ProcSpec;
use super::tools::Tools;
use crate::compare::{Outcome, ended_badly};
use crate::execution::Execution;
use crate::problem::Case;
use crate::report::CaseReport;
use crate::verdict::Verdict;

/// The file the validator writes to ask for another pass.
const NEXT_PASS: &str = "nextpass.in";

/// A case's report; when a later pass decided, its message says which.
fn report(case: &Case, exec: &Execution, mut outcome: Outcome, pass: u32) -> CaseReport {
    if pass > 1 {
        let said = outcome.message.take();
        outcome.message = Some(match said {
            Some(m) => format!("after pass {pass}: {m}"),
            None => format!("after pass {pass}"),
        });
    }
    CaseReport::new(&case.group, &case.name, exec, outcome)
}

/// Runs `spec` (a submission, or the reference) on `case` pass after pass.
pub(crate) fn run(tools: &Tools, spec: &ProcSpec, case: &Case, passes: u32) -> CaseReport {
    let failed = |why: String| failed_case(case, Verdict::JudgeError, &why);
    let Some(answer) = case.answer.as_deref() else {
        return failed_case(
            case,
            Verdict::MissingAnswer,
            "no answer file beside the input",
        );
    };
    let (runner, feedback, scratch) = match (
        tools.runner(),
        Feedback::new(tools),
        tempfile::tempdir().map_err(|e| e.to_string()),
    ) {
        (Ok(r), Ok(f), Ok(s)) => (r, f, s),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return failed(e),
    };
    let mut input: PathBuf = case.input.clone();
    let mut total: Option<Execution> = None;
    for pass in 1..=passes {
        let mut exec = runner.run(spec, &input);
        // The case's times and memory: sums and the peak over the passes.
        if let Some(before) = &total {
            exec.wall += before.wall;
            exec.cpu = match (exec.cpu, before.cpu) {
                (Some(a), Some(b)) => Some(a + b),
                (a, b) => a.or(b),
            };
            exec.memory = exec.memory.max(before.memory);
        }
        total = Some(exec.clone());
        if let Some(outcome) = ended_badly(&exec) {
            return report(case, &exec, outcome, pass);
        }
        let team = scratch.path().join(format!("output-{pass}"));
        if let Err(e) = std::fs::File::create(&team).and_then(|mut f| f.write_all(&exec.stdout)) {
            return failed(format!("cannot keep the output: {e}"));
        }
        let outcome = match icpc_check(tools, case, &input, answer, &team, &feedback) {
            Ok(o) => o,
            Err(why) => return failed(why),
        };
        let next = feedback.path().join(NEXT_PASS);
        if !outcome.verdict.is_pass() || !next.is_file() {
            return report(case, &exec, outcome, pass);
        }
        if pass == passes {
            return report(
                case,
                &exec,
                Outcome::new(
                    Verdict::JudgeError,
                    format!(
                        "the output validator asked for pass {} of a problem with {passes}",
                        pass + 1
                    ),
                ),
                pass,
            );
        }
        let moved = scratch.path().join(format!("pass-{}.in", pass + 1));
        if let Err(e) = std::fs::rename(&next, &moved) {
            return failed(format!("cannot take {NEXT_PASS}: {e}"));
        }
        input = moved;
    }
    failed("no pass ran".into())
}
