//! The record of one case ([`CaseReport`]), made here and nowhere else, so
//! every command reports a case the same way whatever judged it: a run, a
//! validator's word, or nothing at all (a case that could not be judged,
//! or a submission that did not compile).
//!
//! A leaf: it knows the report's records and nothing of how a case is run
//! or judged, so whatever runs or judges may use it.

use std::time::Duration;

use crate::compare::Outcome;
use crate::execution::{End, Execution};
use crate::problem::Case;
use crate::report::CaseReport;
use crate::verdict::Verdict;

/// What every way of running something on a case gives (plain,
/// interactive, multi-pass; a program or an in-crate solver): the run's
/// record, its verdict, and the conversation when there was one.
pub(crate) struct Ran {
    pub exec: Execution,
    pub outcome: Outcome,
    /// The interaction, for an interactive problem (kept in the report
    /// only when the case failed).
    pub transcript: Option<String>,
}

/// The record of `case` from what ran on it: input errors located in its
/// file, the conversation kept when the case failed.
pub(crate) fn of_run(case: &Case, ran: Ran) -> CaseReport {
    let Ran {
        exec,
        mut outcome,
        transcript,
    } = ran;
    if outcome.verdict == Verdict::BadInput {
        outcome.message = outcome
            .message
            .map(|m| format!("{}:{m}", case.input.display()));
    }
    let mut report = CaseReport::new(&case.group, &case.name, &exec, outcome);
    if !report.verdict.is_pass() {
        report.interaction = transcript;
    }
    report
}

/// The record of a case judged without running anything (by validators,
/// or the checker on a given output), which took `took`.
pub(crate) fn judged(case: &Case, took: Duration, outcome: Outcome) -> CaseReport {
    let exec = Execution::failed(End::Exited(0), took);
    CaseReport::new(&case.group, &case.name, &exec, outcome)
}

/// The record of a case that has no input (a static validation case,
/// judged on the submission's files), named `group`/`name`.
pub(crate) fn without_input(
    group: &str,
    name: &str,
    took: Duration,
    outcome: Outcome,
) -> CaseReport {
    let exec = Execution::failed(End::Exited(0), took);
    CaseReport::new(group, name, &exec, outcome)
}

/// The record of a case that could not be judged at all.
pub(crate) fn failed_case(case: &Case, verdict: Verdict, why: &str) -> CaseReport {
    judged(case, Duration::ZERO, Outcome::new(verdict, why))
}

/// The record of a case never run because the submission did not compile.
pub(crate) fn compile_error_case(case: &Case) -> CaseReport {
    failed_case(
        case,
        Verdict::CompileError,
        "the submission did not compile",
    )
}
