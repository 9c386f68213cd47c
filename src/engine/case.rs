//! Judging one case: run something on its input, compare with its expected
//! output, and make the report record. Every command that reports (check,
//! validate, grade, the expected-verdict submissions, stress) judges cases
//! through these functions and nothing else.

use std::path::Path;
use std::time::{Duration, Instant};

use super::build::Program;
use super::limits::RunLimits;
use super::reference;
use super::runner::Runner;
use crate::compare::{self, Expected, Outcome, read_expected};
use crate::execution::{End, Execution};
use crate::problem::{Case, Problem};
use crate::report::CaseReport;
use crate::verdict::Verdict;

/// The compare stage for a case of `problem`, with `expected` given.
pub(crate) fn judge_against(problem: &Problem, exec: &Execution, expected: Expected) -> Outcome {
    compare::judge(exec, expected, problem.spec.compare, problem.spec.tolerance)
}

/// Compares `exec` with the case's `.out` file and makes the record.
fn record(problem: &Problem, case: &Case, exec: &Execution) -> CaseReport {
    let mut outcome = judge_against(problem, exec, read_expected(case.answer.as_deref()));
    if outcome.verdict == Verdict::BadInput {
        outcome.message = outcome
            .message
            .map(|m| format!("{}:{m}", case.input.display()));
    }
    CaseReport::new(&case.group, &case.name, exec, outcome)
}

/// The reference solver on one case, against its expected output.
pub fn check_case(problem: &Problem, case: &Case) -> CaseReport {
    let exec = reference::run_file(problem.solver(), &case.input);
    record(problem, case, &exec)
}

/// One case's input through the strict validator (no output is compared).
pub(crate) fn validate_case(problem: &Problem, case: &Case) -> CaseReport {
    let start = Instant::now();
    let outcome = match reference::read_input(&case.input) {
        Err(End::InputRejected(e)) => {
            Outcome::new(Verdict::BadInput, format!("{}:{e}", case.input.display()))
        }
        Err(other) => Outcome::new(Verdict::JudgeError, format!("{other:?}")),
        Ok(text) => match problem.solver().validate(&text) {
            Err(e) => Outcome::new(Verdict::BadInput, format!("{}:{e}", case.input.display())),
            Ok(()) if case.answer.is_none() => {
                Outcome::new(Verdict::MissingAnswer, "no .out file beside the .in file")
            }
            Ok(()) => Outcome::accepted(),
        },
    };
    let exec = Execution::failed(End::Exited(0), start.elapsed());
    CaseReport::new(&case.group, &case.name, &exec, outcome)
}

/// The record of a case never run because the submission did not compile.
pub(crate) fn compile_error_case(case: &Case) -> CaseReport {
    let exec = Execution::failed(End::Exited(0), Duration::ZERO);
    CaseReport::new(
        &case.group,
        &case.name,
        &exec,
        Outcome::new(Verdict::CompileError, "the submission did not compile"),
    )
}

/// Everything needed to run one built submission on cases.
pub struct Grader<'a> {
    pub program: &'a Program,
    pub runner: &'a Runner,
    pub limits: RunLimits,
}

impl Grader<'_> {
    /// Runs the program on one case and judges the output.
    pub fn grade_case(&self, problem: &Problem, case: &Case) -> CaseReport {
        let exec = self.execute(&case.input);
        record(problem, case, &exec)
    }

    /// Runs the program on the file `input` under the limits (in the
    /// sandbox when the runner has one).
    pub fn execute(&self, input: &Path) -> Execution {
        self.runner.run(&self.program.spec(self.limits), input)
    }
}
