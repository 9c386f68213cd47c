//! BAPCtools, which reads only the 2025-09 package format, accepts every
//! problem judge exports (2025-09 is `judge export`'s default): `bt
//! validate` finds every input and answer valid, and `bt run` gives every
//! exported submission its folder's verdict.
//!
//! `bt` exits 1 on any warning. One warning is expected and allowed:
//! judge's problems have no answer validators (their answers are checked
//! against the reference solver by `make check` instead), and BAPCtools
//! warns when a problem with the default output validator has none.

use std::path::Path;
use std::process::Command;

/// What `bt` runs besides itself for these problems.
const TOOLS: [&str; 3] = ["g++", "python3", "pypy3"];

/// The one warning judge's exports are allowed to draw.
const ALLOWED: &str = "No dedicated answer validators found.";

/// Runs `bt ARGS --problem SHORT` in `dir`: exit code and the output,
/// colours and progress-bar redraws removed.
pub(crate) fn bt(exe: &Path, dir: &Path, args: &[&str], short: &str) -> (i32, String) {
    std::fs::create_dir_all(dir.join(".bt-tmp")).expect("bt's temporary folder");
    let out = Command::new(exe)
        .args(args)
        .args(["--problem", short, "--no-bar"])
        .current_dir(dir)
        // bt remembers every problem's uuid in its config folder and warns
        // when another folder on this machine has it: a run of its own.
        .env("XDG_CONFIG_HOME", dir.join(".bt-config"))
        .env("XDG_CACHE_HOME", dir.join(".bt-cache"))
        // …and keeps its build folders (copies of the test data, invalid
        // variants included) in the temporary folder: ours, removed after.
        .env("TMPDIR", dir.join(".bt-tmp"))
        .env("NO_COLOR", "1")
        .output()
        .expect("bt runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
    .replace('\r', "\n");
    (out.status.code().unwrap_or(-1), without_colours(&text))
}

/// `text` without ANSI colour sequences (`ESC [ … m`): bt colours its
/// output under CI whatever NO_COLOR says.
pub(crate) fn without_colours(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
            continue;
        }
        out.push(c);
    }
    out
}

#[test]
fn colour_sequences_are_removed() {
    assert_eq!(
        without_colours("\u{1b}[33mWARNING: x\u{1b}[0m\n\u{1b}[1mPROBLEM a\u{1b}[0m"),
        "WARNING: x\nPROBLEM a"
    );
}

/// The lines that are warnings or errors.
fn complaints(log: &str) -> Vec<&str> {
    log.lines()
        .map(str::trim)
        .filter(|l| l.contains("WARNING") || l.contains("ERROR") || l.contains("error:"))
        .collect()
}

#[test]
fn bapctools_validates_and_runs_every_exported_problem() {
    let test = "bapctools_validates_and_runs_every_exported_problem";
    if crate::tools::tools(&TOOLS, test).is_none() {
        return;
    }
    let Some(bt_exe) = crate::venv::pip_program("bt", "bapctools") else {
        return;
    };
    let out = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for (problem, short) in crate::exports::export_all(out.path(), "2025-09") {
        let (code, log) = bt(&bt_exe, out.path(), &["validate"], &short);
        let unexpected: Vec<&str> = complaints(&log)
            .into_iter()
            .filter(|l| !l.ends_with(ALLOWED))
            .collect();
        if !unexpected.is_empty() || !(code == 0 || log.contains(ALLOWED)) {
            failures.push(format!("bt validate {problem}: exit {code}:\n{log}"));
        }
        // bt run exits 1 when a submission misses its folder's verdict.
        let (code, log) = bt(&bt_exe, out.path(), &["run"], &short);
        if code != 0 || !complaints(&log).is_empty() {
            failures.push(format!("bt run {problem}: exit {code}:\n{log}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
