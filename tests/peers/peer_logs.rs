//! Each submission's verdict read from the peers' logs: what
//! `verifyproblem -p submissions` (problemtools 1.20260907,
//! problemtools/checks/submissions.py) and `bt run` (BAPCtools 2026.10.0,
//! bapctools/run.py) print for it.

use std::collections::BTreeMap;

use crate::outcome::Outcome;

/// A peer's conclusions on one package: each submission's outcome by its
/// path below `submissions/`, or why it did not judge the package.
#[derive(Debug, Default)]
pub(crate) struct PeerRun {
    pub outcomes: BTreeMap<String, Outcome>,
    pub refused: Option<String>,
}

/// verifyproblem's log. Every judged submission ends in one line naming
/// it as `<folder>/<name> (<language>)`, at any level (`ERROR ` when it
/// missed its folder's verdict): `OK: R`, `OK with extra time: R` (the
/// verdict at the safety margin), `was fully accepted: R` (a
/// partially_accepted one), `got R`, or `Compile error for <it>`. `R` is
/// a result: `AC (65) [CPU …]`, `WA [testcase: …]`. Its other lines
/// about a submission (`got WA on sample: …`, `sensitive to time limit`)
/// are warnings beside that line.
pub(crate) fn verifyproblem(log: &str) -> PeerRun {
    let mut run = PeerRun::default();
    let mut lines = log.lines().map(str::trim);
    while let Some(line) = lines.next() {
        let line = line
            .strip_prefix("ERROR ")
            .or_else(|| line.strip_prefix("WARNING "))
            .unwrap_or(line);
        if line.starts_with("Failed to load problem") {
            let detail: Vec<&str> = lines.by_ref().take(2).collect();
            run.refused = Some(format!("{line} {}", detail.join(" ")));
            continue;
        }
        if line.starts_with("Found no test cases to run on") {
            run.refused = Some(line.to_string());
            continue;
        }
        if let Some(sub) = line.strip_prefix("Compile error for ") {
            if let Some((path, _)) = submission(sub) {
                run.outcomes.insert(path, Outcome::verdict("CE"));
            }
            continue;
        }
        let Some((path, rest)) = submission(line) else {
            continue;
        };
        let result = [
            "OK: ",
            "OK with extra time: ",
            "was fully accepted: ",
            "got ",
        ]
        .iter()
        .find_map(|p| rest.strip_prefix(p));
        if let Some(outcome) = result.and_then(result_outcome) {
            run.outcomes.insert(path, outcome);
        }
    }
    run
}

/// `accepted/a.py (Python 3 (w/PyPy3)) rest`: the path and `rest`.
fn submission(line: &str) -> Option<(String, &str)> {
    let (path, after) = line.split_once(" (")?;
    if path.contains(' ') || path.split('/').count() != 2 {
        return None;
    }
    // The language's parentheses nest: `(Python 3 (w/PyPy3))`.
    let mut depth = 1;
    for (i, c) in after.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return Some((path.to_string(), after[i + 1..].trim_start()));
        }
    }
    None
}

/// `AC (65) [CPU: …]`, `RTE [Exit 1, …]:`, `WA`; `None` for the warning
/// `WA on sample: …`.
fn result_outcome(result: &str) -> Option<Outcome> {
    let mut words = result.split_whitespace();
    let verdict = words.next()?.trim_end_matches(':');
    if !verdict.chars().all(|c| c.is_ascii_uppercase()) {
        return None;
    }
    let next = words.next().unwrap_or("");
    if next == "on" {
        return None;
    }
    let score = (next.strip_prefix('(').and_then(|s| s.strip_suffix(')')))
        .and_then(|s| s.parse::<f64>().ok());
    Some(Outcome {
        verdict: verdict.to_string(),
        score,
    })
}

/// The verdicts BAPCtools prints (bapctools/verdicts.py).
const BT_VERDICTS: [&str; 6] = ["AC", "WA", "TLE", "RTE", "JE", "CE"];

/// `bt run`'s log: one summary line per submission,
/// `accepted/a.py:   AC 0.004s @ secret/1` (the verdict, the salient
/// case's time and name), after any lines about its failing cases (which
/// do not start with its name). A log without one is a package bt did not
/// run: its first lines say why.
pub(crate) fn bt_run(log: &str) -> PeerRun {
    let mut run = PeerRun::default();
    for line in log.lines().map(str::trim) {
        let Some((path, rest)) = line.split_once(':') else {
            continue;
        };
        if path.contains(' ') || !path.contains('/') {
            continue;
        }
        let mut words = rest.split_whitespace();
        let (Some(verdict), Some(time), Some("@")) = (words.next(), words.next(), words.next())
        else {
            continue;
        };
        let timed = (time.strip_suffix('s')).is_some_and(|t| t.parse::<f64>().is_ok());
        if BT_VERDICTS.contains(&verdict) && timed {
            run.outcomes
                .insert(path.to_string(), Outcome::verdict(verdict));
        }
    }
    if run.outcomes.is_empty() {
        let said: Vec<&str> = (log.lines().map(str::trim))
            .filter(|l| !l.is_empty())
            .take(3)
            .collect();
        run.refused = Some(said.join(" / "));
    }
    run
}

#[test]
fn verifyproblem_lines_are_read_at_every_level() {
    let log = "Loading problem p\nChecking 6 submissions\n   \
        accepted/a.py (Python 3 (w/PyPy3)) OK: AC (100) [CPU: 0.04s @ testcase secret/1]\n\
        WARNING accepted/a.py (Python 3 (w/PyPy3)) got WA on sample: WA [testcase: sample/1]\n\
        ERROR wrong_answer/spaced.py (Python 3 (w/PyPy3)) got AC [CPU: 0.03s @ testcase sample/1]\n\
        ERROR accepted/old.py (Python 3 (w/PyPy3)) got RTE [Exit 1, CPU: 0.07s @ testcase sample/1]:\n        \
        Traceback\n\
        ERROR Compile error for accepted/multi-java (Java):\n        error: invalid source release: 21\n   \
        time_limit_exceeded/slow.cpp (C++) OK with extra time: TLE [CPU: 2.00s @ testcase secret/1]\n\
        WARNING partially_accepted/half.py (Python 3 (w/PyPy3)) was fully accepted: AC (100)\n\
        Submission results:\n   Submission  sample  Time\n   a.py        AC:0.04s  0.04s\n";
    let run = verifyproblem(log);
    let got: Vec<(String, String)> = (run.outcomes.iter())
        .map(|(p, o)| (p.clone(), o.render()))
        .collect();
    let want = [
        ("accepted/a.py", "AC 100"),
        ("accepted/multi-java", "CE"),
        ("accepted/old.py", "RTE"),
        ("partially_accepted/half.py", "AC 100"),
        ("time_limit_exceeded/slow.cpp", "TLE"),
        ("wrong_answer/spaced.py", "AC"),
    ];
    let want: Vec<(String, String)> = (want.iter())
        .map(|(p, o)| (p.to_string(), o.to_string()))
        .collect();
    assert_eq!(got, want);
    assert!(run.refused.is_none());
}

#[test]
fn verifyproblem_refusals_are_kept_with_their_reason() {
    let log = "Loading problem d\nERROR Failed to load problem: 1 validation error for MetadataLegacy\nname\n  \
        Input should be a valid string\nd tested: 1 error, 0 warnings\n";
    let run = verifyproblem(log);
    assert!(run.outcomes.is_empty());
    let why = run.refused.expect("a refusal");
    assert!(why.contains("MetadataLegacy name"), "{why}");
}

#[test]
fn bt_summary_lines_are_read_and_case_lines_passed_over() {
    let log = "Run: using timelimit: 1.0s\n\naccepted/bisect.cpp:              AC 0.004s @ secret/3\n\
        \x20    WA 0.101s @ sample/1   permitted: [AC]\n\
        wrong_answer/count_up.py:         WA 0.101s @ sample/1\n\
        run_time_error/past_the_end.cpp: RTE 0.004s @ sample/1 \n\
        Generate: sample/1                  NEW: 1.in\n";
    let run = bt_run(log);
    let got: Vec<String> = (run.outcomes.iter())
        .map(|(p, o)| format!("{p} {}", o.render()))
        .collect();
    assert_eq!(
        got,
        [
            "accepted/bisect.cpp AC",
            "run_time_error/past_the_end.cpp RTE",
            "wrong_answer/count_up.py WA"
        ]
    );
    let refused = bt_run("v: problem.yaml: unrecognized value for `type`: scoring\n");
    assert!(refused.refused.unwrap().contains("unrecognized value"));
}
