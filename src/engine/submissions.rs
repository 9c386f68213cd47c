//! Expected-verdict submissions: `problems/<id>/submissions/<verdict>/*`.
//!
//! A test set is only as good as the mistakes it catches. Each file under a
//! verdict folder (the ICPC problem-package names) is graded like `judge
//! grade` does, and must end with its folder's verdict: `accepted` passes
//! every case, the others fail, and their first failing case (in case
//! order) has that verdict. Judging stops at the first failure, as a contest
//! system would, so slow submissions cost one time-out, not one per case.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::build::{self, BuildError};
use super::case::Grader;
use super::limits::{self, Overrides};
use super::runner::Runner;
use crate::problem::Problem;
use crate::report::SubmissionReport;
use crate::shard::{CASE_OVERHEAD, Shard, size};
use crate::verdict::Verdict;

/// Folder names and the verdict each promises.
pub(crate) const FOLDERS: [(&str, Verdict); 7] = [
    ("accepted", Verdict::Accepted),
    ("wrong_answer", Verdict::WrongAnswer),
    ("presentation_error", Verdict::PresentationError),
    ("time_limit_exceeded", Verdict::TimeLimit),
    ("memory_limit_exceeded", Verdict::MemoryLimit),
    ("output_limit_exceeded", Verdict::OutputLimit),
    ("run_time_error", Verdict::RuntimeError),
];

/// Every submission of `problem` with its expected verdict, sorted; files in
/// unknown folders are returned as errors.
pub fn find(problem: &Problem) -> (Vec<(PathBuf, Verdict)>, Vec<String>) {
    let root = problem.dir.join("submissions");
    let mut found = Vec::new();
    let mut errors = Vec::new();
    let Ok(folders) = std::fs::read_dir(&root) else {
        return (found, errors);
    };
    for folder in folders.flatten() {
        let name = folder.file_name().to_string_lossy().into_owned();
        let Some((_, verdict)) = FOLDERS.iter().find(|(f, _)| *f == name) else {
            errors.push(format!(
                "{}: unknown verdict folder (use {})",
                folder.path().display(),
                FOLDERS.map(|f| f.0).join(", ")
            ));
            continue;
        };
        let Ok(files) = std::fs::read_dir(folder.path()) else {
            continue;
        };
        for file in files.flatten() {
            if file.path().is_file() && !file.file_name().to_string_lossy().starts_with('.') {
                found.push((file.path(), *verdict));
            }
        }
    }
    found.sort();
    (found, errors)
}

/// Whether any of `problems` has expected-verdict submissions (or a
/// submissions folder with something wrong in it, which must be reported).
pub fn exist(problems: &[Problem]) -> bool {
    problems.iter().any(|p| {
        let (found, errors) = find(p);
        !found.is_empty() || !errors.is_empty()
    })
}

/// Grades one submission until its first failing case.
pub(crate) fn judge_one(
    problem: &Problem,
    path: &Path,
    expected: Verdict,
    runner: &Runner,
    batch: usize,
) -> SubmissionReport {
    let mut report = SubmissionReport {
        problem: problem.id.clone(),
        path: path.display().to_string(),
        expected,
        got: Verdict::Accepted,
        first_failure: None,
        cases_run: 0,
        ok: false,
        message: None,
    };
    let program = match build::prepare(runner, Some(path), None, problem.spec.limits.memory) {
        Ok(p) => p,
        Err(BuildError::Compile(log)) => {
            report.got = Verdict::CompileError;
            report.message = Some(log.lines().take(5).collect::<Vec<_>>().join("\n"));
            return report;
        }
        Err(BuildError::Setup(msg)) => {
            report.got = Verdict::JudgeError;
            report.message = Some(msg);
            return report;
        }
    };
    let grader = Grader {
        program: &program,
        runner,
        limits: limits::for_problem(problem, Overrides::default(), program.language),
    };
    for chunk in problem.cases.chunks(batch.max(1)) {
        let results: Vec<_> = chunk
            .par_iter()
            .map(|c| grader.grade_case(problem, c))
            .collect();
        // Counted up to the first failure, as if judged one by one, so the
        // report does not depend on the batch size.
        match results.iter().position(|r| !r.verdict.is_pass()) {
            Some(i) => {
                let fail = &results[i];
                report.cases_run += i + 1;
                report.got = fail.verdict;
                report.first_failure = Some(fail.id());
                report.message = fail.message.clone();
                break;
            }
            None => report.cases_run += results.len(),
        }
    }
    // ICPC has no presentation error: a wrong_answer submission failing on
    // spacing alone still shows the data catches it.
    report.ok = report.got == expected
        || (expected == Verdict::WrongAnswer && report.got == Verdict::PresentationError);
    report
}

/// Grades every expected-verdict submission of `problems` (the whole,
/// unsharded test set: a submission judged on part of the cases could pass
/// where its failing case sits in another shard). With a shard, whole
/// submissions are divided among the shards, balanced by the input bytes
/// each must read, so the N shards together judge each submission exactly
/// once.
pub(crate) fn judge_all(
    problems: &[Problem],
    runner: &Runner,
    batch: usize,
    shard: Option<Shard>,
) -> (Vec<SubmissionReport>, Vec<String>) {
    let mut todo = Vec::new();
    let mut errors = Vec::new();
    for problem in problems {
        let (found, errs) = find(problem);
        errors.extend(errs);
        let cost: u64 = problem
            .cases
            .iter()
            .map(|c| size(&c.input) + CASE_OVERHEAD)
            .sum();
        todo.extend(found.into_iter().map(|(path, v)| (problem, path, v, cost)));
    }
    let mine = match shard {
        None => vec![true; todo.len()],
        Some(s) => {
            let items: Vec<(String, u64)> = todo
                .iter()
                .map(|(_, path, _, cost)| (path.display().to_string(), *cost))
                .collect();
            s.owns(&items)
        }
    };
    let reports = todo
        .iter()
        .zip(mine)
        .filter(|(_, mine)| *mine)
        .map(|((problem, path, expected, _), _)| judge_one(problem, path, *expected, runner, batch))
        .collect();
    (reports, errors)
}
