//! Where a run's time went (#49): `report.yaml`'s `timings:`, the chart in
//! `report.html`, the console's `time:` line; and reports written before
//! timings existed still merge and compare.

use std::path::Path;

use crate::common::{copy_tree, judge, judge_in, read_report, root};
use judge::report::timings::{Stage, Timings};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The fixture's stages, by name, for messages.
fn stages_of(t: &Timings, problem: &str) -> Vec<Stage> {
    let p = t.problems.iter().find(|p| p.problem == problem);
    p.map(|p| p.stages.iter().map(|s| s.stage).collect())
        .unwrap_or_default()
}

/// A legacy package with a C++ output validator, a time limit computed
/// from its accepted submissions and a time-limit-exceeded one, checked
/// with an empty cache: every stage is there, each within the run, and
/// the time-out's wait and the compiles are counted where they happened.
#[test]
fn a_cold_check_records_each_stage_within_the_runs_wall() {
    if !crate::common::sandbox("a_cold_check_records_each_stage_within_the_runs_wall") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("twoprimes");
    copy_tree(&root().join("testdata/packages/legacy-custom"), &pkg);
    let reports = tmp.path().join("reports");
    let cache = tmp.path().join("cache");
    let args = ["--problems", s(&pkg), "check", "--cache-dir", s(&cache)];
    let run = judge_in(
        tmp.path(),
        &[&args[..], &["--report-dir", s(&reports)]].concat(),
        None,
    );
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    let problem = assert_stages(&report);
    assert_shown(&run.stdout, &reports, &problem);
}

/// Every stage of the one problem of `report` there, each within the
/// run, adding up to at most the run; returns the problem's id.
fn assert_stages(report: &judge::report::Report) -> String {
    let t = (report.timings.as_ref()).expect("a check records its timings");
    let run_wall = report.meta.duration_ms / 1e3;
    // The record ends as the report is made, a moment after the run's
    // duration is taken.
    let slack = 0.25;
    assert!(
        t.wall_s > 0.0 && t.wall_s <= run_wall + slack,
        "{} against {run_wall}",
        t.wall_s
    );
    let [p] = &t.problems[..] else {
        panic!("one problem: {:?}", t.problems)
    };
    let stages = stages_of(t, &p.problem);
    for wanted in [
        Stage::Limit,
        Stage::Build,
        Stage::Reference,
        Stage::Submissions,
    ] {
        assert!(
            stages.contains(&wanted),
            "{wanted:?} missing from {stages:?}"
        );
    }
    let mut sum = 0.0;
    for stage in &p.stages {
        assert!(
            stage.start_s >= 0.0 && stage.wall_s >= 0.0 && stage.busy_s >= 0.0,
            "{stage:?}"
        );
        assert!(
            stage.start_s + stage.wall_s <= t.wall_s + slack,
            "{stage:?} ends after the run"
        );
        sum += stage.wall_s;
    }
    // One problem's stages follow each other.
    assert!(
        sum <= t.wall_s + slack,
        "stages add up to {sum} s in a {} s run",
        t.wall_s
    );
    // A cold cache compiles the validator and the C and C++ submissions.
    let compiled: f64 = p.stages.iter().map(|s| s.compile_s).sum();
    assert!(compiled > 0.0, "no compile time: {:?}", p.stages);
    // The TLE submission is waited for, whether in measuring the limit
    // (too slow by the margin) or in judging it.
    let waited: f64 = (p.submissions.iter())
        .filter(|u| u.path.ends_with("time_limit_exceeded/allprimes.cpp"))
        .map(|u| u.timeouts_s)
        .sum();
    let limit_s = (report.problems[0].limits.as_ref()).map_or(0.0, |l| l.time_ms / 1e3);
    assert!(
        waited >= limit_s,
        "waited {waited} s on time-outs under a {limit_s} s limit"
    );
    let judged = (p.submissions.iter())
        .filter(|u| u.stage == Stage::Submissions)
        .count();
    assert_eq!(judged, report.submissions.len(), "{:?}", p.submissions);
    // The physical limit: the submissions' CPU time over the workers.
    assert!(t.submissions_cpu_s > 0.0);
    let physical = t.submissions_cpu_s / t.workers as f64;
    assert!((t.physical_limit_s - physical).abs() < 0.002, "{t:?}");
    let ratio = t.ratio.expect("a ratio");
    assert!(
        (ratio - t.wall_s / t.physical_limit_s).abs() < 0.1 * ratio,
        "{ratio}"
    );
    assert!(t.launches > 0 && t.sandbox_s >= 0.0);
    p.problem.clone()
}

/// The console's `time:` line and the HTML chart of a run whose one
/// problem is `problem`.
fn assert_shown(stdout: &str, reports: &Path, problem: &str) {
    let line = (stdout.lines())
        .find(|l| l.starts_with("time: "))
        .unwrap_or_else(|| panic!("no time line: {stdout}"));
    for part in ["limit ", "submissions ", "sandbox ", "physical limit "] {
        assert!(line.contains(part), "{part:?} not in {line}");
    }
    assert!(!line.contains('\u{1b}'), "colour off a terminal: {line:?}");

    let html = std::fs::read_to_string(reports.join("report.html")).unwrap();
    let start = html
        .find(r#"<section class="timings""#)
        .expect("the chart's section");
    let chart = &html[start..];
    let chart = &chart[..chart.find("</section>").unwrap()];
    assert!(chart.contains("<svg") && chart.contains("Where the time went"));
    assert!(
        chart.contains(&format!(">{problem}</text>")),
        "no row for the problem"
    );
    // A bar for each stage, coloured as the legend says.
    for colour in ["#CC79A7", "#E69F00", "#56B4E9", "#0072B2"] {
        assert!(
            chart.contains(&format!(r#"fill="{colour}""#)),
            "no {colour} bar"
        );
    }
    assert!(!html.contains("<script"), "the page runs no script");
}

/// Shard reports as judge wrote them before it kept timings merge and
/// compare as before; a merged report holds none (the shards' clocks
/// share no axis).
#[test]
fn reports_without_timings_still_merge_and_compare() {
    let tmp = tempfile::tempdir().unwrap();
    let mut yamls = Vec::new();
    for k in 1..=2 {
        let out = tmp.path().join(format!("shard{k}"));
        let shard = format!("{k}/2");
        let run = judge(&[
            "check",
            "--no-submissions",
            "--shard",
            &shard,
            "--report-dir",
            s(&out),
        ]);
        assert_eq!(run.code, 0, "{}", run.all());
        let text = std::fs::read_to_string(out.join("report.yaml")).unwrap();
        let at = text
            .find("\ntimings:\n")
            .expect("a shard records its timings");
        let old = out.join("old.yaml");
        std::fs::write(&old, &text[..=at]).unwrap();
        yamls.push(old);
    }
    // One old shard beside one new: they merge as well.
    yamls.push(tmp.path().join("shard2/report.yaml"));
    let merged = tmp.path().join("merged");
    for files in [&yamls[..2], &[yamls[0].clone(), yamls[2].clone()][..]] {
        let mut args = vec!["merge", "--report-dir", s(&merged)];
        args.extend(files.iter().map(|p| s(p)));
        let run = judge(&args);
        assert_eq!(run.code, 0, "{}", run.all());
        assert!(read_report(&merged).timings.is_none());
    }
    let run = judge(&["diff", s(&yamls[0]), s(&merged.join("report.yaml"))]);
    assert_eq!(run.code, 0, "{}", run.all());
}
