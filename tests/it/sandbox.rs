//! No silent fallback: without a sandbox `auto` warns loudly (console and
//! report), refuses under CI, and `on` refuses; `judge sandbox` prints the
//! view, and `sandbox.allow` adds to it.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::common::{Run, read_report, root};

/// Runs judge with a PATH on which bubblewrap cannot be found (only `cat`
/// and `sh`), `CI` set or not.
fn without_bubblewrap(args: &[&str], ci: bool) -> Run {
    let bin = tempfile::tempdir().unwrap();
    for tool in ["cat", "sh"] {
        let real = crate::common::which(tool);
        std::os::unix::fs::symlink(real, bin.path().join(tool)).unwrap();
    }
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_judge"));
    cmd.args(args)
        .current_dir(root())
        .env("PATH", bin.path())
        .env("NO_COLOR", "1")
        .env_remove("CI")
        .stdin(Stdio::null());
    if ci {
        cmd.env("CI", "true");
    }
    Run::from_output(cmd.output().unwrap(), 0)
}

fn grade_args<'a>(reports: &'a Path, sandbox: &'a str) -> Vec<&'a str> {
    vec![
        "--problems",
        "testdata/grading",
        "grade",
        "tiny",
        "--cmd",
        "cat",
        "--sandbox",
        sandbox,
        "--report-dir",
        reports.to_str().unwrap(),
    ]
}

#[test]
fn without_a_sandbox_auto_warns_on_the_console_and_in_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let run = without_bubblewrap(&grade_args(dir.path(), "auto"), false);
    // `cat` echoes its input: a verdict (WA), not a refusal.
    assert_eq!(run.code, 1, "{}", run.all());
    assert!(run.stderr.contains("warning: NO SANDBOX"), "{}", run.all());
    assert!(
        run.stdout.contains("warning: NO SANDBOX"),
        "the summary repeats it: {}",
        run.all()
    );
    let report = read_report(dir.path());
    assert!(
        report
            .meta
            .warnings
            .iter()
            .any(|w| w.contains("NO SANDBOX"))
    );
    let html = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
    assert!(html.contains("NO SANDBOX"));
}

#[test]
fn without_a_sandbox_ci_and_on_refuse_with_a_way_out() {
    let dir = tempfile::tempdir().unwrap();
    for (sandbox, ci) in [("auto", true), ("on", false), ("on", true)] {
        let run = without_bubblewrap(&grade_args(dir.path(), sandbox), ci);
        assert_eq!(run.code, 2, "{sandbox} ci={ci}: {}", run.all());
        assert!(
            run.stderr.contains("apt-get install -y bubblewrap"),
            "{}",
            run.all()
        );
        assert!(run.stderr.contains("--sandbox off"), "{}", run.all());
        assert!(!dir.path().join("report.yaml").exists(), "nothing ran");
    }
    // `off` is a decision, not a fallback: no warning.
    let run = without_bubblewrap(&grade_args(dir.path(), "off"), true);
    assert_eq!(run.code, 1, "{}", run.all());
    assert!(!run.stderr.contains("warning"), "{}", run.all());
}

#[test]
fn judge_sandbox_prints_the_view_and_the_configuration_adds_to_it() {
    if !crate::grade::sandbox_available("judge sandbox") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let extra = dir.path().join("extra-tools");
    std::fs::create_dir(&extra).unwrap();
    let config = dir.path().join("judge-config.yaml");
    std::fs::write(
        &config,
        format!("sandbox:\n  allow: [{}]\n", extra.display()),
    )
    .unwrap();
    let run = crate::common::judge(&["--config", config.to_str().unwrap(), "sandbox"]);
    assert_eq!(run.code, 0, "{}", run.all());
    for shown in ["/usr", "/tmp", "/proc", "/box", extra.to_str().unwrap()] {
        assert!(
            run.stdout
                .lines()
                .any(|l| l.trim_start().starts_with(shown)),
            "{shown}: {}",
            run.stdout
        );
    }
    for hidden in ["/root ", "/home", "/work", "/etc/shadow", "/etc/passwd"] {
        assert!(
            !run.stdout
                .lines()
                .any(|l| l.trim_start().starts_with(hidden)),
            "{hidden}: {}",
            run.stdout
        );
    }
    std::fs::write(&config, "sandbox:\n  allow: [relative/path]\n").unwrap();
    let run = crate::common::judge(&["--config", config.to_str().unwrap(), "sandbox"]);
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(run.stderr.contains("not an absolute path"), "{}", run.all());
}
