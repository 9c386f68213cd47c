use super::*;
use crate::report::{ProblemReport, SubmissionReport};

fn report(problems: Vec<ProblemReport>, submissions: Vec<SubmissionReport>) -> Report {
    let meta = Meta::new(RunKind::Check, "judge check".into(), 2);
    Report::new(meta, problems, Vec::new()).with_submissions(submissions)
}

fn problem(id: &str, passed: usize, failed: usize) -> ProblemReport {
    let case = |i: usize, verdict: &str| {
        let yaml = format!("group: secret\nname: '{i}'\nverdict: {verdict}\ntime_ms: 1\n");
        serde_yaml::from_str(&yaml).expect("a case record")
    };
    let cases = (0..passed + failed)
        .map(|i| case(i, if i < passed { "AC" } else { "WA" }))
        .collect();
    let compare = crate::compare::CompareMode::Exact;
    ProblemReport::new(id, id, "", compare, "reference", cases)
}

fn submission(problem: &str, ok: bool, skipped: bool) -> SubmissionReport {
    let mut yaml =
        format!("problem: {problem}\npath: a.py\nexpected: AC\ngot: AC\ncases_run: 1\nok: {ok}\n");
    if skipped {
        yaml.push_str("skipped: no python2\n");
    }
    serde_yaml::from_str(&yaml).expect("a submission record")
}

#[test]
fn a_finished_problem_line_has_its_counts_promises_time_and_place() {
    let so_far = report(
        vec![problem("atoms", 40, 0), problem("sudoku", 10, 2)],
        vec![
            submission("sudoku", true, false),
            submission("sudoku", false, false),
            submission("sudoku", false, true),
            submission("atoms", true, false),
        ],
    );
    let line = problem_line(
        RunKind::Check,
        "sudoku",
        &so_far,
        30,
        Duration::from_millis(12_340),
    );
    assert_eq!(
        line,
        "judge check [2/30] sudoku: 10 cases passed, 2 failed; submissions: 1 kept, 1 broke their promise, 1 not run; 12.3s"
    );
    let line = problem_line(
        RunKind::Check,
        "atoms",
        &so_far,
        30,
        Duration::from_secs(61),
    );
    assert_eq!(
        line,
        "judge check [2/30] atoms: 40 cases passed; submissions: 1 kept; 1m01s"
    );
}

#[test]
fn a_heartbeat_names_the_problems_under_way_with_their_counts() {
    let now = Instant::now();
    let mut working = BTreeMap::new();
    for (id, what, done, total) in [("a", "cases", 3, 10), ("b", "submissions", 1, 7)] {
        working.insert(
            id.to_string(),
            Working {
                what,
                done,
                total,
                since: now,
            },
        );
    }
    let line = heartbeat_line(
        RunKind::Validate,
        Duration::from_secs(330),
        (2, 30),
        &working,
    );
    assert!(
        line.starts_with(
            "judge validate: still running after 5m30s, 2/30 problems finished; working on a 3/10 cases ("
        ),
        "{line}"
    );
    assert!(line.contains(", b 1/7 submissions ("), "{line}");
    for i in 0..5 {
        working.insert(format!("z{i}"), working["a"].clone());
    }
    let line = heartbeat_line(RunKind::Check, Duration::from_secs(4000), (0, 0), &working);
    assert!(
        line.starts_with("judge check: still running after 1h06m; working on "),
        "{line}"
    );
    assert!(line.ends_with(", 3 more"), "{line}");
}

#[test]
fn short_durations_read_as_a_log_reads_them() {
    assert_eq!(short(Duration::from_millis(850)), "850ms");
    assert_eq!(short(Duration::from_millis(59_940)), "59.9s");
    assert_eq!(short(Duration::from_secs(307)), "5m07s");
    assert_eq!(short(Duration::from_secs(3720)), "1h02m");
}
