//! `judge timelimit` on a copy of `testdata/kinds/divisor-icpc` (two
//! accepted submissions, one far too slow): the committed limit keeps its
//! margins; lowered below what the accepted Python one needs, it does
//! not, and `judge check` warns about it. Assertions compare figures with
//! each other and with the limit, never with fixed timings.

use std::path::Path;

use crate::common::{Run, copy_tree, judge_in, root};

/// A copy of divisor-icpc as `problems/divisor-icpc`, with time limit
/// `time` when given.
fn fixture(time: Option<&str>) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("problems/divisor-icpc");
    copy_tree(&root().join("testdata/kinds/divisor-icpc"), &dir);
    if let Some(time) = time {
        let yaml = dir.join("problem.yaml");
        let text = std::fs::read_to_string(&yaml).unwrap();
        assert!(text.contains("time: 1s"));
        std::fs::write(&yaml, text.replace("time: 1s", &format!("time: {time}"))).unwrap();
    }
    tmp
}

fn judge(dir: &Path, args: &[&str]) -> Run {
    let mut all = vec!["--problems", "problems"];
    all.extend(args);
    all.extend(["--sandbox", "off"]);
    judge_in(dir, &all, None)
}

/// The number after `×` in the part of the summary line that follows
/// `label` (`slowest AC 0.09 s (×11)` → 11).
fn margin(summary: &str, label: &str) -> f64 {
    let rest = &summary[summary
        .find(label)
        .unwrap_or_else(|| panic!("{label}: {summary}"))..];
    let from = rest.find('×').unwrap() + '×'.len_utf8();
    let to = from + rest[from..].find(')').unwrap();
    rest[from..to].parse().unwrap()
}

fn summary_line(run: &Run) -> &str {
    run.stdout
        .lines()
        .find(|l| l.starts_with("divisor-icpc: limit"))
        .unwrap_or_else(|| panic!("no summary line\n{}", run.all()))
}

#[test]
fn a_limit_with_room_on_both_sides_passes_and_a_limit_is_proposed() {
    let tmp = fixture(None);
    let run = judge(tmp.path(), &["timelimit", "--runs", "2"]);
    assert_eq!(run.code, 0, "{}", run.all());
    // Every submission once per run, in a table with a column per run.
    let head = run
        .stdout
        .lines()
        .find(|l| l.contains("submission"))
        .unwrap();
    assert!(head.contains("run 1") && head.contains("run 2") && head.contains("median"));
    for name in ["largest.py", "smallest.c", "up_to_n.c"] {
        assert!(run.stdout.contains(name), "{}", run.all());
    }
    let summary = summary_line(&run);
    assert!(summary.ends_with("proposed 1 s — ok"), "{summary}");
    assert!(margin(summary, "slowest AC") >= 2.0, "{summary}");
    assert!(margin(summary, "fastest TLE") >= 1.5, "{summary}");
    // The slow one is stopped at the probe limit, well above the limit.
    assert!(summary.contains("fastest TLE ≥ "), "{summary}");
}

#[test]
fn an_accepted_submission_too_close_to_the_limit_fails_and_check_warns() {
    // Python alone takes longer than half of 20 ms to start.
    let tmp = fixture(Some("20ms"));
    let run = judge(tmp.path(), &["timelimit", "divisor-icpc", "--runs", "1"]);
    assert_eq!(run.code, 1, "{}", run.all());
    let summary = summary_line(&run);
    assert!(summary.contains("violates its margins"), "{summary}");
    assert!(margin(summary, "slowest AC") < 2.0, "{summary}");
    let says = |what: &str| run.stdout.lines().any(|l| l.contains(what));
    assert!(
        says("accepted/largest.py takes") && says("more than limit / 2"),
        "{}",
        run.all()
    );
    assert!(
        run.stdout
            .contains("1 with a limit that breaks its margins (divisor-icpc)"),
        "{}",
        run.all()
    );

    let reports = tmp.path().join("reports").display().to_string();
    let check = judge(tmp.path(), &["check", "--report-dir", &reports]);
    assert_ne!(check.code, 2, "{}", check.all());
    let warning = check
        .stdout
        .lines()
        .find(|l| l.starts_with("warning: divisor-icpc: accepted largest.py"))
        .unwrap_or_else(|| panic!("no warning\n{}", check.all()));
    assert!(
        warning.contains("problemtools' rule wants ≤ 0.0100 s (limit / 2)")
            && warning.ends_with("run `judge timelimit divisor-icpc`"),
        "{warning}"
    );
    let html = std::fs::read_to_string(tmp.path().join("reports/report.html")).unwrap();
    assert!(
        html.contains("accepted largest.py"),
        "the warning is on the page"
    );
    assert!(html.contains("<svg"), "the time chart is on the page");
}

#[test]
fn an_unknown_problem_is_a_usage_error() {
    let tmp = fixture(None);
    let run = judge(tmp.path(), &["timelimit", "no-such-problem"]);
    assert_eq!(run.code, 2, "{}", run.all());
}
