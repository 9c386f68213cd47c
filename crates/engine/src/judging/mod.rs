//! Judging one case: how a problem judges an output (this file: its
//! compare mode with the tolerance, an in-crate checker, or its judge
//! program in the ICPC or the testlib interface, worked out once per
//! problem when a grader is made, so judging one output only does the
//! judging), and around it:
//!
//! | module | owns |
//! |---|---|
//! | [`grader`] | one case graded the problem's way ([`crate::problem::Kind`]: plain, interactive, multi-pass, interactive multi-pass, submit-answer), for submissions and the reference alike |
//! | `program` | the checker or interactor program: its process, feedback folder and exit codes, run after, alongside or between the passes of a run |
//! | `interact` | a run alongside the interactor: the wiring, the relay, the verdict of an interaction |
//! | `multipass` | a multi-pass case: its passes, each judged by the output validator (through `program`, or an interaction through `interact`), the next one's input from the last |
//! | `refused` | a case that failed under an address-space cap, judged again without it (MLE as under a cgroup) |
//! | [`reuse`] | the result cache in front of a grader |
//! | `static_check` | a submission's static validation cases: the static validator on its files |
//! | [`record`] | the record of one case, made only there |
//!
//! One case goes [`reuse`] → [`grader`] (and `refused` after a failure
//! under a cap) → this file, `interact`, `program` or `multipass` →
//! [`record`]; none of them calls back up.

pub mod grader;
pub(crate) mod interact;
pub(crate) mod multipass;
pub(crate) mod program;
pub mod record;
pub(crate) mod refused;
pub mod reuse;
pub(crate) mod static_check;

use std::path::Path;

use crate::build::tools::ToolError;
use crate::build::tools::Tools;
use crate::checkers::CheckerRef;
use crate::compare::{self, CheckerScore, CompareMode, Expected, Outcome, ended_badly};
use crate::execution::Execution;
use crate::judging::program::JudgeProgram;
use crate::problem::{Case, CheckerSpec};
use crate::verdict::Verdict;

/// How one problem's outputs are judged.
pub(crate) enum Judging<'a> {
    /// Compared with the answer file (a group may set its own mode and
    /// tolerance; these are the problem's).
    Compare { mode: CompareMode, tolerance: f64 },
    /// By an in-crate checker, with the problem's checker arguments.
    Builtin {
        checker: &'a CheckerRef,
        args: &'a [String],
    },
    /// By the judge program, or a judge error saying why there is none.
    Program(Result<JudgeProgram<'a>, ToolError>),
}

impl<'a> Judging<'a> {
    /// How `tools`' problem judges outputs (its checker program is built
    /// here if it was not yet).
    pub(crate) fn new(tools: &Tools<'a>) -> Judging<'a> {
        let spec = &tools.problem.spec;
        match &spec.checker {
            None => Judging::Compare {
                mode: spec.compare,
                tolerance: spec.tolerance,
            },
            Some(CheckerSpec {
                builtin: Some(checker),
                args,
                ..
            }) => Judging::Builtin { checker, args },
            Some(_) => Judging::Program(JudgeProgram::new(tools)),
        }
    }

    /// Judges the output of `exec` on `case`.
    pub(crate) fn judge_output(&self, case: &Case, exec: &Execution) -> Outcome {
        if let Some(outcome) = ended_badly(exec) {
            return outcome;
        }
        let expected = compare::read_expected(case.answer.as_deref());
        if let Judging::Compare { mode, tolerance } = self {
            let mode = case.settings.compare.unwrap_or(*mode);
            let tolerance = case.settings.tolerance.unwrap_or(*tolerance);
            return compare::judge(exec, expected, mode, tolerance);
        }
        let answer = match expected {
            Expected::Bytes(_) => case.answer.as_deref().unwrap_or(Path::new("/dev/null")),
            Expected::Missing => {
                return Outcome::new(Verdict::MissingAnswer, "no .out file beside the .in file");
            }
            Expected::Unreadable(msg) => return Outcome::new(Verdict::JudgeError, msg),
        };
        match self {
            Judging::Compare { .. } => unreachable!("compared above"),
            Judging::Builtin { checker, args } => {
                builtin(checker, args, case, answer, &exec.stdout)
            }
            Judging::Program(Err(why)) => Outcome::new(Verdict::JudgeError, why.to_string()),
            Judging::Program(Ok(program)) => program
                .check_output(case, answer, &exec.stdout)
                .unwrap_or_else(|why| Outcome::new(Verdict::JudgeError, why.to_string())),
        }
    }
}

/// The in-crate checker's verdict on `output`, with the problem's `args`
/// and then the group's.
fn builtin(
    checker: &CheckerRef,
    args: &[String],
    case: &Case,
    answer: &Path,
    output: &[u8],
) -> Outcome {
    let read = |p: &Path| std::fs::read(p).map(|b| String::from_utf8_lossy(&b).into_owned());
    match (read(&case.input), read(answer)) {
        (Ok(input), Ok(answer)) => {
            let mut args = args.to_vec();
            args.extend(case.settings.checker_args.iter().cloned());
            let j = checker.get().check(&input, &answer, output, &args);
            Outcome {
                verdict: j.verdict,
                message: j.message,
                diff: None,
                score: j.fraction.map(CheckerScore::Fraction),
                stop: None,
            }
        }
        (Err(e), _) | (_, Err(e)) => Outcome::new(Verdict::JudgeError, e.to_string()),
    }
}
