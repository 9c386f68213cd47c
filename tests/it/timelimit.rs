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
use judge::engine::time::calibrate::seconds;
use judge::engine::time::interval_store::{self, Stored};

/// A copy of divisor-icpc as `problems/divisor-icpc`, with time limit
/// `time` when given.
fn fixture(time: Option<&str>) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("problems/divisor-icpc");
    copy_tree(&root().join("testdata/kinds/divisor-icpc"), &dir);
    if let Some(time) = time {
        let yaml = dir.join("problem.yaml");
        let text = std::fs::read_to_string(&yaml).unwrap();
        assert!(text.lines().any(|l| l.trim() == "time: 1s"), "{text}");
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

/// The interval `timelimit` kept in the copy's cache for `check`.
fn stored(dir: &Path) -> Stored {
    let kept: Vec<_> = std::fs::read_dir(dir.join("cache/timelimit"))
        .unwrap()
        .flatten()
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    serde_yaml::from_str(&std::fs::read_to_string(kept[0].path()).unwrap()).unwrap()
}

/// The warning `check` gives from `kept` for the copy's problem, its
/// submissions unchanged since (the copy read here from another folder
/// than judge's would otherwise count as changed).
fn interval_warning(dir: &Path, kept: &Stored) -> String {
    let found = judge::package::discover(&dir.join("problems")).unwrap();
    let problem = found.problems.into_iter().next().unwrap();
    let mut kept = kept.clone();
    kept.submissions = interval_store::fingerprint(&problem);
    interval_store::warning(&problem, &kept).expect("a warning")
}

/// `check` printed the warning `said` as a line of its own.
fn assert_warned(check: &crate::common::Run, said: &str) {
    let line = format!("warning: {said}");
    assert!(
        check.stdout.lines().any(|l| l == line),
        "{said}\n{}",
        check.all()
    );
}

/// The submissions that decide the interval's end `word` (`at least`,
/// `at most`), as the table under the summary names them: `(who, how)`
/// from each `<word> [≥ ]X s  (who: how on case)`.
fn deciders<'a>(run: &'a Run, word: &str) -> Vec<(&'a str, &'a str)> {
    (run.stdout.lines())
        .filter_map(|l| {
            let (_, rest) = l.split_once(&format!("  {word} "))?;
            let (_, why) = rest.split_once("  (")?;
            why.strip_suffix(')')?.split_once(": ")
        })
        .collect()
}

/// The folder of a submission named `folder/file`.
fn folder(who: &str) -> &str {
    Path::new(who).parent().unwrap().to_str().unwrap()
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
        .find(|l| l.trim_start().starts_with("submission "))
        .unwrap();
    let cells: Vec<&str> = head.split_whitespace().collect();
    assert_eq!(
        cells,
        [
            "submission",
            "folder",
            "run",
            "1",
            "run",
            "2",
            "median",
            "of",
            "limit",
            "slowest",
            "case"
        ]
    );
    let mut rows: Vec<&str> = (run.stdout.lines())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| w.ends_with(".py") || w.ends_with(".c"))
        .collect();
    rows.sort();
    assert_eq!(
        rows,
        ["largest.py", "smallest.c", "up_to_n.c"],
        "{}",
        run.all()
    );
    // The interval kept for check holds the limit; the slow one is
    // stopped at the probe (3 s): the upper end is only known to be at
    // least 3 / 1.5 s.
    let kept = stored(tmp.path());
    let (low, high) = (kept.low.unwrap(), kept.high.unwrap());
    assert!(!kept.empty && low <= 1.0 && 1.0 <= high, "{kept:?}");
    assert!(kept.high_at_least && high >= 2.0, "{kept:?}");
    // The summary says so, with the same figures.
    let summary = summary_line(&run);
    assert_eq!(
        summary,
        format!(
            "divisor-icpc: limits {} s … ≥ {} s keep every promise; the limit 1 s is inside; proposed 1 s — ok",
            seconds(low),
            seconds(high)
        )
    );
    let (at_least, at_most) = (deciders(&run, "at least"), deciders(&run, "at most"));
    // Each end names the submission and the case that decide it.
    assert_eq!(at_most.len(), 1, "{}", run.all());
    assert_eq!(at_most[0].0, "time_limit_exceeded/up_to_n.c");
    assert!(
        at_most[0].1.starts_with("≥ "),
        "cut at the probe: {at_most:?}"
    );
    assert_eq!(at_least.len(), 1, "{}", run.all());
    assert_eq!(folder(at_least[0].0), "accepted", "{at_least:?}");
}

#[test]
fn a_limit_outside_the_interval_fails_names_who_and_check_warns() {
    // Python alone takes longer than half of 20 ms to start.
    let tmp = fixture(Some("20ms"));
    let run = judge(tmp.path(), &["timelimit", "divisor-icpc", "--runs", "1"]);
    assert_eq!(run.code, 1, "{}", run.all());
    let kept = stored(tmp.path());
    assert!(kept.low.is_some_and(|low| low > 0.02), "{kept:?}");
    // Python alone decides the lower end, and the limit breaks it.
    assert_eq!(deciders(&run, "at least")[0].0, "accepted/largest.py");
    let summary = summary_line(&run);
    assert!(summary.ends_with("— not ok"), "{summary}");
    let (low, _, _) = ends(summary);
    assert_eq!(seconds(low), seconds(kept.low.unwrap()), "{summary}");
    assert!(
        run.stdout.lines().any(|l| l
            == "timelimit: 1 problem calibrated, 1 with a limit outside its interval or no interval (divisor-icpc)"),
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
    assert_warned(&check, &interval_warning(tmp.path(), &kept));
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
    let kept = stored(tmp.path());
    assert!(kept.empty, "{kept:?}");
    assert_eq!(
        summary_line(&run),
        "divisor-icpc: no limit keeps every promise — empty"
    );
    let made = run
        .stdout
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("made empty by: "))
        .unwrap_or_else(|| panic!("{}", run.all()));
    // Only the two of set speeds: the fast accepted ones and the far too
    // slow one do not empty it.
    let mut who: Vec<(&str, &str)> = (made.split("; "))
        .map(|w| w.split_once(": ").unwrap())
        .collect();
    who.sort();
    let names: Vec<&str> = who.iter().map(|(w, _)| *w).collect();
    assert_eq!(
        names,
        [
            "accepted/divisor_spins_600ms.c",
            "time_limit_exceeded/divisor_spins_1500ms.c"
        ],
        "{made}"
    );
    assert!(who[0].1.starts_with("2 × "), "{made}");
    // check says so from the cache.
    let check = judge(tmp.path(), &["check", "--no-submissions"]);
    assert_warned(&check, &interval_warning(tmp.path(), &kept));
}

#[test]
fn an_unknown_problem_is_a_usage_error() {
    let tmp = fixture(None);
    let run = judge(tmp.path(), &["timelimit", "no-such-problem"]);
    assert_eq!(run.code, 2, "{}", run.all());
}
