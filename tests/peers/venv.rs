//! The peers' programs, installed from PyPI into virtual environments kept
//! under cargo's target folder: installed once at the release
//! `.ci/deps.txt` pins, reused by later runs, so a new release cannot turn
//! CI red overnight.

use std::path::PathBuf;
use std::process::Command;

/// Messages pip prints when it never reached an index, as opposed to a
/// package that failed to build (which must fail the test).
fn unreachable_index(log: &str) -> bool {
    [
        "NewConnectionError",
        "Temporary failure in name resolution",
        "Network is unreachable",
        "Max retries exceeded",
        "ConnectTimeoutError",
        "ReadTimeoutError",
    ]
    .iter()
    .any(|m| log.contains(m))
}

/// `program` (a `pip` entry of `.ci/deps.txt`) from the venv `name`,
/// installing its pinned release on first use; `None` (after a notice)
/// when PyPI is unreachable.
pub(crate) fn pip_program(program: &str, name: &str) -> Option<PathBuf> {
    let requirement = crate::tools::pip_requirement(program);
    let venv = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-venv"));
    let exe = venv.join("bin").join(program);
    let stamp = venv.join("installed");
    if exe.exists() && std::fs::read_to_string(&stamp).ok().as_deref() == Some(requirement) {
        return Some(exe);
    }
    let _ = std::fs::remove_dir_all(&venv);
    let made = Command::new(crate::common::which("python3"))
        .args(["-m", "venv"])
        .arg(&venv)
        .output()
        .expect("python3 runs");
    assert!(
        made.status.success(),
        "python3 -m venv failed: {}",
        String::from_utf8_lossy(&made.stderr)
    );
    let pip = Command::new(venv.join("bin/pip"))
        .args([
            "install",
            "--quiet",
            "--timeout",
            "30",
            "--retries",
            "2",
            requirement,
        ])
        .output()
        .expect("pip runs");
    if !pip.status.success() {
        let log = String::from_utf8_lossy(&pip.stderr).into_owned();
        if unreachable_index(&log) {
            eprintln!("NOTICE: PyPI is unreachable, {program} not run:\n{log}");
            return None;
        }
        panic!("pip install {requirement} failed:\n{log}");
    }
    std::fs::write(&stamp, requirement).unwrap();
    Some(exe)
}
