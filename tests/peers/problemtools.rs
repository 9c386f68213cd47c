//! Kattis problemtools, the reference checker of the package format, accepts
//! every problem judge exports: `verifyproblem` reports zero errors and zero
//! warnings, and gives every exported submission its folder's verdict.
//!
//! The test installs a pinned problemtools into a virtual environment kept
//! under cargo's target folder (installed once, reused by later runs), so a
//! new problemtools release cannot turn CI red overnight. It skips, with a
//! notice, only when PyPI cannot be reached. problemtools itself needs PyPy
//! (it runs Python submissions with it), LaTeX and pandoc for the statement:
//! `.ci/run` installs them; outside CI a machine without them skips with the
//! install command, so `make test` stays green on a bare machine.

use std::path::PathBuf;
use std::process::Command;

/// What problemtools runs besides itself.
const TOOLS: [&str; 7] = [
    "pypy3", "g++", "lualatex", "pandoc", "dvisvgm", "tidy", "gs",
];

/// The verdict problemtools gives a submission folder's programs.
fn folder_verdict(folder: &str) -> Option<&'static str> {
    match folder {
        "accepted" => Some("AC"),
        "wrong_answer" => Some("WA"),
        "time_limit_exceeded" => Some("TLE"),
        "run_time_error" => Some("RTE"),
        _ => None,
    }
}

/// `verifyproblem` from its cached venv; `None` (after a notice) when
/// PyPI is unreachable.
fn verifyproblem() -> Option<PathBuf> {
    crate::venv::pip_program("verifyproblem", "problemtools")
}

/// One submission line of verifyproblem's log, e.g.
/// `   accepted/atoms.py (Python 3 (w/PyPy3)) OK: AC [CPU: 0.11s @ …]`:
/// the path and what follows the language. Warning and error lines start
/// with their level, not a submission folder, and are left out.
fn submission_lines(log: &str) -> Vec<(String, String)> {
    log.lines()
        .filter_map(|line| {
            let line = line.trim();
            let (path, rest) = line.split_once(" (")?;
            let folder = path.split('/').next()?;
            folder_verdict(folder)?;
            let (_, outcome) = rest.split_once(")) ").or_else(|| rest.split_once(") "))?;
            Some((path.to_string(), outcome.to_string()))
        })
        .collect()
}

#[test]
fn verifyproblem_accepts_every_exported_problem() {
    let test = "verifyproblem_accepts_every_exported_problem";
    if crate::tools::tools(&TOOLS, test).is_none() {
        return;
    }
    let Some(verify) = verifyproblem() else {
        return;
    };
    let out = tempfile::tempdir().unwrap();
    // problemtools reads the legacy and 2023-07 formats, not 2025-09
    // (BAPCtools reads only 2025-09: tests/peers/bapctools.rs).
    let exported = crate::exports::export_all(out.path(), "legacy");
    let mut failures = Vec::new();
    for (problem, short) in &exported {
        let dir = out.path().join(short);
        // One at a time: problemtools derives its time limit from measured
        // CPU time, and parallel runs would only add noise.
        let run = Command::new(&verify)
            .arg(short)
            .current_dir(out.path())
            .output()
            .expect("verifyproblem runs");
        let log = format!(
            "{}{}",
            String::from_utf8_lossy(&run.stdout),
            String::from_utf8_lossy(&run.stderr)
        );
        let summary = format!("{short} tested: 0 errors, 0 warnings");
        if !run.status.success() || !log.contains(&summary) {
            failures.push(format!("{problem}: expected `{summary}`:\n{log}"));
            continue;
        }
        let exported = walkdir::WalkDir::new(dir.join("submissions"))
            .into_iter()
            .filter(|e| e.as_ref().unwrap().file_type().is_file())
            .count();
        let lines = submission_lines(&log);
        if lines.len() != exported {
            failures.push(format!(
                "{problem}: {exported} submissions exported, {} judged:\n{log}",
                lines.len()
            ));
        }
        for (path, outcome) in lines {
            let expected = folder_verdict(path.split('/').next().unwrap()).unwrap();
            if !outcome.starts_with(&format!("OK: {expected}")) {
                failures.push(format!("{problem}: {path} wants {expected}, got {outcome}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn submission_lines_read_problemtools_log() {
    let log = "Checking 2 submissions\n   accepted/a.py (Python 3 (w/PyPy3)) OK: AC [CPU: 0.11s @ x]\n\
        WARNING time_limit_exceeded/b.cpp (C++) sensitive to time limit: …\n   \
        time_limit_exceeded/b.cpp (C++) OK: TLE [CPU: 1.2s @ y]\n   Submission  sample\n";
    let lines = submission_lines(log);
    assert_eq!(
        lines,
        vec![
            (
                "accepted/a.py".to_string(),
                "OK: AC [CPU: 0.11s @ x]".to_string()
            ),
            (
                "time_limit_exceeded/b.cpp".to_string(),
                "OK: TLE [CPU: 1.2s @ y]".to_string()
            ),
        ]
    );
}
