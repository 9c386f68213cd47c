//! 2025-09 static validation: the static validator run on a submission's
//! files, once per static validation case (a group's, with its
//! `static_validator_args`), as
//! `static_validator LANGUAGE ENTRY_POINT FEEDBACK_DIR [args]` in a copy
//! of the submission's build folder (the submitted files, what compiling
//! them made, the included files: the format's working directory). Its
//! exit code means what an output validator's does (42 AC, 43 WA, else a
//! judge error), its feedback files too. The case's record takes no time
//! from the submission: nothing of the submission ran.

use std::time::Duration;

use crate::build::Program;
use crate::build::tools::Tools;
use crate::compare::Outcome;
use crate::judging::program::{Feedback, icpc_verdict};
use crate::judging::record;
use crate::problem::StaticCase;
use crate::report::CaseReport;
use crate::verdict::Verdict;

/// The records of the static validation cases of `tools`' problem for the
/// submission built as `program`, whose entry point is `entry` (its file
/// or folder name); none when the problem has no static validation.
pub(crate) fn cases(tools: &Tools, program: &Program, entry: &str) -> Vec<CaseReport> {
    let Some(spec) = tools.problem.spec.static_validation.as_ref() else {
        return Vec::new();
    };
    (spec.cases.iter())
        .map(|case| one(tools, program, entry, case))
        .collect()
}

/// The record of the static validation case `case`.
fn one(tools: &Tools, program: &Program, entry: &str, case: &StaticCase) -> CaseReport {
    let outcome = match judge(tools, program, entry, case) {
        Ok(outcome) => outcome,
        Err(why) => Outcome::new(Verdict::JudgeError, why),
    };
    // The validator's time is not the submission's (it would count toward
    // the submission's slowest case, and a time limit computed from it).
    record::without_input(&case.group, StaticCase::NAME, Duration::ZERO, outcome)
}

/// The static validator's word on `program`'s files (`Err`: why it could
/// not be asked, a judge error).
fn judge(
    tools: &Tools,
    program: &Program,
    entry: &str,
    case: &StaticCase,
) -> Result<Outcome, String> {
    let validator = tools.static_validator().map_err(|e| e.to_string())?;
    let runner = tools.runner().map_err(|e| e.to_string())?;
    let feedback = Feedback::new(runner).map_err(|e| e.to_string())?;
    let files = runner.new_dir("static").map_err(|e| e.to_string())?;
    crate::fsutil::copy_tree(&program.dir, &files)
        .map_err(|e| format!("cannot copy the submission's files: {e}"))?;
    let mut args = vec![
        program.language.id.clone(),
        entry.to_string(),
        feedback.arg(),
    ];
    args.extend(case.args.iter().cloned());
    let mut spec = validator.judge_spec(args, tools.judge_limits());
    spec.cwd = files.display().to_string();
    spec.writable.push(feedback.path().display().to_string());
    let exec = runner.run(&spec, std::path::Path::new("/dev/null"));
    Ok(icpc_verdict(&exec, &feedback))
}
