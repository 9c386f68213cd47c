//! `judge timelimit` on a copy of `testdata/kinds/divisor-icpc` (two
//! accepted submissions, one far too slow): the committed limit lies in
//! the interval where every submission keeps its promise; lowered below
//! what the accepted Python one needs, it does not, and `judge check`
//! warns about it; two submissions of set speeds
//! (`testdata/submissions/timing`) empty the interval and are named.
//! Assertions compare figures with each other and with the limit, never
//! with fixed timings.

use std::path::Path;

use crate::common::{Run, copy_tree, judge_env, root};

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

/// judge on the copy, with a cache of the copy's own that every run of
/// the test shares (what `timelimit` keeps, `check` reads).
fn judge(dir: &Path, args: &[&str]) -> Run {
    let mut all = vec!["--problems", "problems"];
    all.extend(args);
    all.extend(["--sandbox", "off"]);
    let cache = dir.join("cache");
    judge_env(dir, &all, None, &[("JUDGE_CACHE_DIR", &cache)])
}

/// The two ends of the summary line's `limits A s … [≥ ]B s keep every
/// promise` (B infinite when nothing bounds it above), and whether B is
/// only known to be at least that.
fn ends(summary: &str) -> (f64, f64, bool) {
    let rest = summary
        .split("limits ")
        .nth(1)
        .unwrap_or_else(|| panic!("{summary}"));
    let (low, rest) = rest.split_once(" s … ").unwrap();
    let high = rest.split(" keep every promise").next().unwrap();
    let at_least = high.starts_with("≥ ");
    let high = high.trim_start_matches("≥ ").trim_end_matches(" s");
    let high = if high == "∞" {
        f64::INFINITY
    } else {
        high.parse().unwrap()
    };
    (low.parse().unwrap(), high, at_least)
}

fn summary_line(run: &Run) -> &str {
    run.stdout
        .lines()
        .find(|l| l.starts_with("divisor-icpc: "))
        .unwrap_or_else(|| panic!("no summary line\n{}", run.all()))
}

#[test]
fn the_limit_lies_inside_the_interval_and_a_limit_inside_is_proposed() {
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
    assert!(summary.contains("the limit 1 s is inside"), "{summary}");
    assert!(summary.ends_with("proposed 1 s — ok"), "{summary}");
    let (low, high, at_least) = ends(summary);
    assert!(low <= 1.0 && 1.0 <= high, "{summary}");
    // The slow one is stopped at the probe (3 s): the upper end is only
    // known to be at least 3 / 1.5 s.
    assert!(at_least && high >= 2.0, "{summary}");
    // Each end names the submission and the case that decide it.
    let at_most = run.stdout.lines().find(|l| l.contains("at most")).unwrap();
    assert!(
        at_most.contains("time_limit_exceeded/up_to_n.c: ≥ "),
        "{at_most}"
    );
    let at_least_line = run.stdout.lines().find(|l| l.contains("at least")).unwrap();
    assert!(at_least_line.contains("(accepted/"), "{at_least_line}");
}

#[test]
fn a_limit_outside_the_interval_fails_names_who_and_check_warns() {
    // Python alone takes longer than half of 20 ms to start.
    let tmp = fixture(Some("20ms"));
    let run = judge(tmp.path(), &["timelimit", "divisor-icpc", "--runs", "1"]);
    assert_eq!(run.code, 1, "{}", run.all());
    let summary = summary_line(&run);
    assert!(
        summary.contains("the limit 0.02 s is outside: accepted/largest.py needs at least"),
        "{summary}"
    );
    assert!(summary.ends_with("— not ok"), "{summary}");
    let (low, _, _) = ends(summary);
    assert!(low > 0.02, "{summary}");
    assert!(
        run.stdout
            .contains("1 with a limit outside its interval or no interval (divisor-icpc)"),
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
    // The interval measured above, from the cache, not measured again.
    let kept = check
        .stdout
        .lines()
        .find(|l| l.starts_with("warning: divisor-icpc: the time limit 0.0200 s lies outside ["))
        .unwrap_or_else(|| panic!("no interval warning\n{}", check.all()));
    assert!(
        kept.contains("(measured by `judge timelimit`, just now)"),
        "{kept}"
    );
    let html = std::fs::read_to_string(tmp.path().join("reports/report.html")).unwrap();
    assert!(
        html.contains("accepted largest.py"),
        "the warning is on the page"
    );
    assert!(html.contains("<svg"), "the time chart is on the page");
}

#[test]
fn a_submission_too_slow_for_its_promise_empties_the_interval_and_is_named() {
    let tmp = fixture(None);
    let subs = tmp.path().join("problems/divisor-icpc/submissions");
    let timing = root().join("testdata/submissions/timing");
    // 0.6 s of CPU per run: accepted, it needs a limit of 1.2 s; 1.5 s,
    // too slow, it allows at most 1 s. No limit keeps both promises.
    for (file, folder) in [
        ("divisor_spins_600ms.c", "accepted"),
        ("divisor_spins_1500ms.c", "time_limit_exceeded"),
    ] {
        std::fs::copy(timing.join(file), subs.join(folder).join(file)).unwrap();
    }
    let run = judge(tmp.path(), &["timelimit", "--runs", "1"]);
    assert_eq!(run.code, 1, "{}", run.all());
    let summary = summary_line(&run);
    assert!(
        summary.contains("no limit keeps every promise — empty"),
        "{summary}"
    );
    let made = run
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("made empty by:"))
        .unwrap_or_else(|| panic!("{}", run.all()));
    assert!(
        made.contains("accepted/divisor_spins_600ms.c: 2 × ")
            && made.contains("time_limit_exceeded/divisor_spins_1500ms.c: "),
        "{made}"
    );
    // The fast accepted ones and the far too slow one do not empty it.
    for innocent in ["smallest.c", "largest.py", "up_to_n.c"] {
        assert!(!made.contains(innocent), "{made}");
    }
    // check says so from the cache.
    let check = judge(tmp.path(), &["check", "--no-submissions"]);
    assert!(
        check
            .stdout
            .contains("warning: divisor-icpc: no limit keeps every submission's promise"),
        "{}",
        check.all()
    );
}

#[test]
fn an_unknown_problem_is_a_usage_error() {
    let tmp = fixture(None);
    let run = judge(tmp.path(), &["timelimit", "no-such-problem"]);
    assert_eq!(run.code, 2, "{}", run.all());
}
