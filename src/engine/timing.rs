//! Measuring submissions to set a time limit, the way problemtools does
//! for a package that does not fix one: every accepted submission runs on
//! every case under a generous probe limit, and the slowest CPU time of
//! any of them is what the limit is computed from.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rayon::prelude::*;

use super::build;
use super::case::Grader;
use super::limits::{self, Overrides};
use super::runner::Runner;
use super::tools::Tools;

/// One submission's measurement: its slowest case (id, CPU time), or why
/// it could not be measured (it did not build or failed a case).
pub(crate) struct Measured {
    pub path: PathBuf,
    pub slowest: Result<(String, Duration), String>,
}

/// Runs each of `paths` (relative to the problem folder) on every case
/// with CPU time limit `probe`.
pub(crate) fn measure(
    tools: &Tools,
    runner: &Runner,
    paths: &[PathBuf],
    probe: Duration,
) -> Vec<Measured> {
    paths
        .iter()
        .map(|p| Measured {
            path: p.clone(),
            slowest: slowest(tools, runner, &tools.problem.dir.join(p), probe),
        })
        .collect()
}

fn slowest(
    tools: &Tools,
    runner: &Runner,
    path: &Path,
    probe: Duration,
) -> Result<(String, Duration), String> {
    let problem = tools.problem;
    let program = build::prepare(runner, Some(path), None, problem.spec.limits.memory)
        .map_err(|e| format!("does not build: {e}"))?;
    let overrides = Overrides {
        time: Some(probe),
        ..Overrides::default()
    };
    let grader = Grader {
        program: &program,
        runner,
        limits: limits::for_problem(problem, overrides, program.language),
        tools,
    };
    let reports: Vec<_> = problem
        .cases
        .par_iter()
        .map(|c| grader.grade_case(c))
        .collect();
    if let Some(bad) = reports.iter().find(|r| !r.verdict.is_pass()) {
        return Err(format!("{} on {}", bad.verdict.code(), bad.id()));
    }
    reports
        .iter()
        .map(|r| {
            (
                r.id(),
                Duration::from_secs_f64(r.cpu_ms.unwrap_or(r.time_ms) / 1e3),
            )
        })
        .max_by_key(|(_, d)| *d)
        .ok_or_else(|| "no cases".to_string())
}
