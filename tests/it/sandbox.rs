//! No silent fallback: without a sandbox `auto` warns loudly (console and
//! report), refuses under CI, and `on` refuses; `judge sandbox` prints the
//! view, and `sandbox.allow` adds to it.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::common::{Run, read_report, root};
use judge::verdict::Verdict;

/// Runs judge with a PATH on which bubblewrap cannot be found (only `cat`
/// and `sh`) and the second layer forbidden (`JUDGE_SANDBOX_LAYER=
/// bubblewrap`): no sandbox at all. `CI` set or not.
fn without_bubblewrap(args: &[&str], ci: bool) -> Run {
    without_bubblewrap_but(args, ci, "bubblewrap")
}

/// [`without_bubblewrap`] with `JUDGE_SANDBOX_LAYER` set to `layer`
/// (empty: judge chooses).
fn without_bubblewrap_but(args: &[&str], ci: bool, layer: &str) -> Run {
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
        .env("JUDGE_SANDBOX_LAYER", layer)
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
    // The report says nothing isolated the run, and warns once.
    let report = read_report(dir.path());
    let sandbox = report.meta.sandbox.clone().unwrap_or_default();
    assert_eq!(sandbox.split(';').next(), Some("none"), "{sandbox}");
    let [warning] = &report.meta.warnings[..] else {
        panic!("{:?}", report.meta.warnings)
    };
    // The console says the same, and the summary repeats it.
    let line = format!("warning: {warning}");
    assert!(run.stderr.lines().any(|l| l == line), "{}", run.all());
    assert!(
        run.stdout.lines().any(|l| l == line),
        "the summary repeats it: {}",
        run.all()
    );
    let html = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
    let element = format!("<div><strong>Warning: </strong>{}</div>", escape(warning));
    assert_eq!(html.matches(&element).count(), 1, "{element}");
}

/// `text` as HTML writes it.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Whether a run wrote a warning: in its report, or on standard error.
fn warned(run: &Run, reports: &Path) -> bool {
    !read_report(reports).meta.warnings.is_empty()
        || run.stderr.lines().any(|l| l.starts_with("warning:"))
}

#[test]
fn without_a_sandbox_ci_and_on_refuse_with_a_way_out() {
    let dir = tempfile::tempdir().unwrap();
    for (sandbox, ci) in [("auto", true), ("on", false), ("on", true)] {
        let run = without_bubblewrap(&grade_args(dir.path(), sandbox), ci);
        assert_eq!(run.code, 2, "{sandbox} ci={ci}: {}", run.all());
        // `auto` refuses only under CI, and says why.
        let why = match sandbox == "auto" {
            true => {
                "the CI environment variable is set, so --sandbox auto requires a sandbox, and bubblewrap (bwrap) is not installed"
            }
            false => "bubblewrap (bwrap) is not installed",
        };
        let refusal = format!(
            "error: --sandbox on: {why}; JUDGE_SANDBOX_LAYER=bubblewrap forbids the second layer; install bubblewrap (apt-get install -y bubblewrap) or pass --sandbox off to grade without isolation"
        );
        assert!(
            run.stderr.lines().any(|l| l == refusal),
            "{refusal}\n{}",
            run.all()
        );
        assert!(!dir.path().join("report.yaml").exists(), "nothing ran");
    }
    // `off` is a decision, not a fallback: no warning.
    let run = without_bubblewrap(&grade_args(dir.path(), "off"), true);
    assert_eq!(run.code, 1, "{}", run.all());
    assert!(!warned(&run, dir.path()), "{}", run.all());
}

/// Where bubblewrap is missing (or cannot start, as in a stock
/// container), the second layer holds by itself: no warning, `on` and CI
/// accept it, and `judge sandbox` names it with its guarantees.
#[test]
fn without_bubblewrap_the_second_layer_is_used_and_named() {
    if !judge::engine::confine::probe().complete() {
        eprintln!("skipped: this kernel lacks Landlock ABI 6 or seccomp");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (sandbox, ci) in [("auto", false), ("auto", true), ("on", true)] {
        let run = without_bubblewrap_but(&grade_args(dir.path(), sandbox), ci, "");
        // `cat` echoes its input: a verdict (WA), in the sandbox.
        assert_eq!(run.code, 1, "{sandbox} ci={ci}: {}", run.all());
        assert!(!warned(&run, dir.path()), "{}", run.all());
        let report = read_report(dir.path());
        let label = report.meta.sandbox.clone().unwrap_or_default();
        assert!(label.starts_with("landlock"), "{label}");
    }
    let run = without_bubblewrap_but(&["sandbox"], false, "");
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(
        run.stdout.contains(
            "layer in force: landlock (not bubblewrap: bubblewrap (bwrap) is not installed)"
        ),
        "{}",
        run.all()
    );
    // The view as this layer has it: no tmpfs, no PID namespace.
    assert!(!run.stdout.contains("(tmpfs)"), "{}", run.stdout);
    assert!(!run.stdout.contains("PID namespace:"), "{}", run.stdout);
    assert!(
        run.stdout.contains("no PID namespace on this layer"),
        "{}",
        run.stdout
    );
    for point in ["file view", "network", "processes", "memory"] {
        assert!(
            run.stdout.lines().any(|l| {
                let cells: Vec<&str> = (l.trim().split("  "))
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .collect();
                cells.len() == 3 && cells[0] == point && cells[1] == "holds"
            }),
            "{point}: {}",
            run.all()
        );
    }
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
    // Bubblewrap mounts the build folders at /box; the second layer leaves
    // them at their real paths, and says so.
    let builds = match crate::common::bubblewrap_in_force() {
        true => "/box",
        false => "(build folder)",
    };
    for shown in ["/usr", "/tmp", "/proc", builds, extra.to_str().unwrap()] {
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
    let located = format!(
        "error: {}:2:3: sandbox.allow: relative/path is not an absolute path",
        config.display()
    );
    assert_eq!(
        run.stderr.lines().next(),
        Some(located.as_str()),
        "{}",
        run.all()
    );
}

/// `tools` in the configuration decides which interpreter runs Python:
/// a stand-in `python3` that answers judge's question about itself like a
/// real one but prints nothing useful turns an accepted submission into
/// WA, and a configured tool that is not there stops the run naming the
/// setting.
#[test]
fn the_tools_setting_chooses_the_interpreter() {
    let dir = tempfile::tempdir().unwrap();
    let submission = dir.path().join("echo_answer.py");
    let answer =
        std::fs::read_to_string(root().join("testdata/grading/tiny/cases/sample/1.out")).unwrap();
    std::fs::write(&submission, format!("print({answer:?}, end='')\n")).unwrap();
    let fake = dir.path().join("bin/python3");
    std::fs::create_dir(fake.parent().unwrap()).unwrap();
    std::fs::write(
        &fake,
        "#!/bin/sh\nif [ \"$1\" = -c ]; then echo \"$0\"; dirname \"$(dirname \"$0\")\"; exit 0; fi\necho 'not python'\n",
    )
    .unwrap();
    std::fs::set_permissions(&fake, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let config = dir.path().join("judge-config.yaml");
    let grade = |tools: &str| {
        std::fs::write(&config, format!("tools:\n{tools}")).unwrap();
        let out = tempfile::tempdir().unwrap();
        let run = crate::common::judge(&[
            "--config",
            config.to_str().unwrap(),
            "--problems",
            "testdata/grading",
            "grade",
            "tiny",
            submission.to_str().unwrap(),
            "--sandbox",
            "off",
            "--no-cache",
            "--report-dir",
            out.path().to_str().unwrap(),
        ]);
        let verdicts: Vec<Verdict> = match run.code {
            2 => Vec::new(),
            _ => read_report(out.path()).problems[0]
                .cases
                .iter()
                .map(|c| c.verdict)
                .collect(),
        };
        (run, verdicts)
    };
    let real = crate::common::which("python3");
    let (run, verdicts) = grade(&format!("  python3: {}\n", real.display()));
    assert_eq!(run.code, 0, "{}", run.all());
    assert_eq!(verdicts, [Verdict::Accepted]);
    let (run, verdicts) = grade(&format!("  python3: {}\n", fake.display()));
    assert_eq!(run.code, 1, "{}", run.all());
    assert_eq!(verdicts, [Verdict::WrongAnswer], "{}", run.all());
    let (run, _) = grade("  python3: /nonexistent/python3\n");
    assert_eq!(run.code, 2, "{}", run.all());
    let refusal = "error: python3: /nonexistent/python3 (tools.python3 in judge's configuration) cannot be run";
    assert!(run.stderr.lines().any(|l| l == refusal), "{}", run.all());
}
