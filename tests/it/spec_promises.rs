//! Promises and scores as 2025-09 defines them ("Example submissions",
//! "Default directories", "Result aggregation") and as problemtools
//! applies the legacy rules, on packages written here in temp folders:
//! permitted and required verdicts over every case, `submissions.yaml`
//! adding to a folder's default or (under the folder's own name) changing
//! it, `message`, `require_pass`, `max_score: unbounded`, the scoring
//! judge errors, a legacy accepted submission below the maximum, and a
//! package without an accepted submission.

use std::path::Path;

use judge::problem::submissions::Kind;
use judge::report::{PromiseFault, Report};
use judge::verdict::Verdict;

use crate::common::{copy_tree, read_report, root, submission};
use crate::in_place::judge_on;

/// Writes `files` (path, text) below `dir`.
fn write(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

/// An output validator that accepts the answer's number and says so in
/// judgemessage.txt either way ("ok 3", "expected 3, got 4").
const ECHO_CHECK: &str = "import sys\n\
inp, ans, fb = sys.argv[1], sys.argv[2], sys.argv[3]\n\
want = open(ans).read().split()\n\
got = sys.stdin.read().split()\n\
msg = open(fb + '/judgemessage.txt', 'w')\n\
if got == want:\n    msg.write('ok ' + want[0])\n    sys.exit(42)\n\
msg.write('expected ' + want[0] + ', got ' + ' '.join(got))\n\
sys.exit(43)\n";

/// A 2025-09 pass-fail echo problem: sample 1, secret a, b, c (2, 3, 4),
/// with the submissions and `submissions.yaml` given.
fn echo_package(dir: &Path, submissions_yaml: &str) {
    write(
        dir,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\ntype: pass-fail\nname: Echo\nuuid: 6c1d2a8e-3b4f-4e0a-9c57-0d3f1e2a4b51\nlicense: cc0\nlimits:\n  time_limit: 1.0\n",
            ),
            ("data/sample/1.in", "1\n"),
            ("data/sample/1.ans", "1\n"),
            ("data/secret/a.in", "2\n"),
            ("data/secret/a.ans", "2\n"),
            ("data/secret/b.in", "3\n"),
            ("data/secret/b.ans", "3\n"),
            ("data/secret/c.in", "4\n"),
            ("data/secret/c.ans", "4\n"),
            ("output_validator/check.py", ECHO_CHECK),
            ("submissions/accepted/echo.py", "print(input())\n"),
            // WA on the last case only.
            (
                "submissions/wrong_answer/late.py",
                "n = int(input())\nprint(n + (n == 4))\n",
            ),
            // WA on a, a time-out on c.
            (
                "submissions/wrong_answer/wa_then_tle.py",
                "n = int(input())\nwhile n == 4:\n    pass\nprint(n + (n == 2))\n",
            ),
            // WA on a, a crash on c: broken only by the last case.
            (
                "submissions/wrong_answer/wa_then_crash.py",
                "import sys\nn = int(input())\nif n == 4:\n    sys.exit(3)\nprint(n + (n == 2))\n",
            ),
            ("submissions/rejected/wrong.py", "print(0)\n"),
            ("submissions/submissions.yaml", submissions_yaml),
        ],
    );
}

fn check(tmp: &Path, pkg: &Path) -> (crate::common::Run, Report) {
    let reports = tmp.join("reports");
    let _ = std::fs::remove_dir_all(&reports);
    let run = judge_on(tmp, pkg, "check", &reports);
    let report = read_report(&reports);
    (run, report)
}

#[test]
fn a_glob_adds_to_the_folders_default_and_every_case_is_judged() {
    if !crate::common::sandbox("a_glob_adds_to_the_folders_default_and_every_case_is_judged") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("echo");
    // The glob's TLE is permitted by the entry but not by the folder's
    // default, and both must hold. `message` must appear in some case's
    // judgemessage.txt.
    echo_package(
        &pkg,
        "wrong_answer/wa_then_tle.py:\n  permitted: [AC, WA, TLE]\n\
         wrong_answer/late.py:\n  message: expected 4, got 5\n\
         accepted/echo.py:\n  message: ok 3\n\
         rejected/wrong.py:\n  message: never written\n",
    );
    let (run, report) = check(tmp.path(), &pkg);
    assert_eq!(run.code, 1, "{}", run.all());
    assert!(submission(&report, "echo.py").ok);
    let late = submission(&report, "late.py");
    assert!(late.ok && late.cases_run == 4, "{late:?}");
    let tle = submission(&report, "wa_then_tle.py");
    assert_eq!(
        tle.faults,
        [PromiseFault::NotPermitted {
            case: "c".into(),
            got: Some(Verdict::TimeLimit),
            permitted: vec![Kind::AC, Kind::WA]
        }],
        "{tle:?}"
    );
    // Its first failure is the WA, and judging went on to the last case.
    assert_eq!((tle.got, tle.cases_run), (Some(Verdict::WrongAnswer), 4));
    let crash = submission(&report, "wa_then_crash.py");
    assert!(
        matches!(&crash.faults[..], [PromiseFault::NotPermitted { case, got: Some(Verdict::RuntimeError), .. }] if case == "c"),
        "{crash:?}"
    );
    let wrong = submission(&report, "rejected/wrong.py");
    assert_eq!(
        wrong.faults,
        [PromiseFault::NoMessage {
            message: "never written".into()
        }],
        "{wrong:?}"
    );
    // The message needs every case: judging did not stop at the first.
    assert_eq!(wrong.cases_run, 4);
}

#[test]
fn the_folders_own_entry_changes_its_default_and_rejected_stops_at_its_first_failure() {
    if !crate::common::sandbox(
        "the_folders_own_entry_changes_its_default_and_rejected_stops_at_its_first_failure",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("echo");
    // Named exactly after the folder: its permitted replaces the
    // default's, its required ([WA]) is inherited.
    echo_package(&pkg, "wrong_answer:\n  permitted: [AC, WA, TLE]\n");
    let (run, report) = check(tmp.path(), &pkg);
    assert_eq!(run.code, 1, "{}", run.all());
    let tle = submission(&report, "wa_then_tle.py");
    assert!(tle.ok && tle.faults.is_empty(), "{tle:?}");
    let crash = submission(&report, "wa_then_crash.py");
    assert!(!crash.ok, "{crash:?}");
    // rejected: settled by its first failure (the sample).
    let wrong = submission(&report, "rejected/wrong.py");
    assert!(wrong.ok && wrong.cases_run == 1, "{wrong:?}");
    assert!(report.errors.is_empty(), "{:?}", report.errors);
}

#[test]
fn a_package_without_an_accepted_submission_is_an_error_of_check() {
    if !crate::common::sandbox("a_package_without_an_accepted_submission_is_an_error_of_check") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("echo");
    echo_package(&pkg, "");
    std::fs::remove_dir_all(pkg.join("submissions/accepted")).unwrap();
    std::fs::remove_dir_all(pkg.join("submissions/wrong_answer")).unwrap();
    let (run, report) = check(tmp.path(), &pkg);
    assert_ne!(run.code, 0, "{}", run.all());
    assert!(
        report
            .errors
            .iter()
            .any(|e| e.contains("no accepted submission: the package format requires at least one")),
        "{:?}",
        report.errors
    );
}

/// An output validator for scoring cases: the submission's first word
/// says what to do (`ok`, `score X`, `mult X`, `wa`, `wa-score`).
const SCORE_CHECK: &str = "import sys\n\
fb = sys.argv[3]\n\
w = sys.stdin.read().split()\n\
if w[0] == 'ok':\n    sys.exit(42)\n\
if w[0] == 'score':\n    open(fb + '/score.txt', 'w').write(w[1])\n    sys.exit(42)\n\
if w[0] == 'mult':\n    open(fb + '/score_multiplier.txt', 'w').write(w[1])\n    sys.exit(42)\n\
if w[0] == 'wa-score':\n    open(fb + '/score.txt', 'w').write('1')\n\
open(fb + '/judgemessage.txt', 'w').write('rejected')\n\
sys.exit(43)\n";

/// A program answering by its input's first word: `rules` maps a word
/// (`sample`, `g1a`, `g1b`, `g2a`, `u1`) to the line it prints, `ok`
/// otherwise.
fn answering(rules: &[(&str, &str)]) -> String {
    let mut text = String::from("w = input().split()[0]\nanswers = {");
    for (word, line) in rules {
        text.push_str(&format!("{word:?}: {line:?}, "));
    }
    text.push_str("}\nprint(answers.get(w, 'ok'))\n");
    text
}

/// A 2025-09 scoring problem: secret (100, sum) of g1 (40, sum, two
/// cases of 20) and g2 (60, sum, one case, `require_pass: sample`).
fn scoring_package(dir: &Path, submissions: &[(&str, String)], rules: &str) {
    write(
        dir,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\ntype: scoring\nname: Scored\nuuid: 0b7e3c52-6a1d-4f86-8e2f-5c9a7d31b044\nlicense: cc0\nlimits:\n  time_limit: 1.0\n",
            ),
            ("data/sample/1.in", "sample\n"),
            ("data/sample/1.ans", "x\n"),
            (
                "data/secret/test_group.yaml",
                "max_score: 100\nscore_aggregation: sum\n",
            ),
            (
                "data/secret/g1/test_group.yaml",
                "max_score: 40\nscore_aggregation: sum\n",
            ),
            ("data/secret/g1/a.in", "g1a\n"),
            ("data/secret/g1/a.ans", "x\n"),
            ("data/secret/g1/b.in", "g1b\n"),
            ("data/secret/g1/b.ans", "x\n"),
            (
                "data/secret/g2/test_group.yaml",
                "max_score: 60\nscore_aggregation: sum\nrequire_pass: sample\n",
            ),
            ("data/secret/g2/a.in", "g2a\n"),
            ("data/secret/g2/a.ans", "x\n"),
            ("output_validator/check.py", SCORE_CHECK),
            ("submissions/accepted/full.py", "print('ok')\n"),
            ("submissions/submissions.yaml", rules),
        ],
    );
    for (path, text) in submissions {
        write(dir, &[(path, text)]);
    }
}

#[test]
fn require_pass_zeroes_a_group_and_scores_the_rules_forbid_are_judge_errors() {
    if !crate::common::sandbox(
        "require_pass_zeroes_a_group_and_scores_the_rules_forbid_are_judge_errors",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("scored");
    let subs = [
        // Fails the sample: g2 needs it, so 40 + 0.
        (
            "submissions/scored/no_sample.py",
            answering(&[("sample", "wa")]),
        ),
        // Half of every case's worth: 20 + 30.
        (
            "submissions/scored/half.py",
            answering(&[
                ("sample", "ok"),
                ("g1a", "mult 0.5"),
                ("g1b", "mult 0.5"),
                ("g2a", "mult 0.5"),
            ]),
        ),
        // score.txt of 25 where a case of g1 is worth 20.
        (
            "submissions/errors/too_much.py",
            answering(&[("g1a", "score 25")]),
        ),
        // A score file on a rejected case.
        (
            "submissions/errors/wa_score.py",
            answering(&[("g1b", "wa-score")]),
        ),
    ];
    let rules = "scored/no_sample.py:\n  score: 40\nscored/half.py:\n  score: 50\n  secret/g2:\n    score: 30\n\
                 errors:\n  permitted: [AC]\n";
    scoring_package(&pkg, &subs, rules);
    let (run, report) = check(tmp.path(), &pkg);
    assert_ne!(run.code, 0, "{}", run.all());
    let full = submission(&report, "full.py");
    assert!(full.ok && full.score == Some(100.0), "{full:?}");
    let no_sample = submission(&report, "no_sample.py");
    assert!(
        no_sample.ok && no_sample.score == Some(40.0),
        "{no_sample:?}"
    );
    let half = submission(&report, "half.py");
    assert!(half.ok && half.score == Some(50.0), "{half:?}");
    // Each judge error is said with its rule, on its case, never clamped.
    let judge_error = |name: &str, case: &str, rule: &str| {
        let s = submission(&report, name);
        assert!(!s.ok, "{s:?}");
        let c = s.deciding_case.as_ref().expect("a deciding case");
        assert_eq!(
            (c.id(), c.verdict),
            (case.to_string(), Verdict::JudgeError),
            "{s:?}"
        );
        let message = c.message.clone().unwrap_or_default();
        assert!(message.contains(rule), "{message}");
    };
    judge_error(
        "too_much.py",
        "g1/a",
        "score.txt says 25, above the case's maximum 20",
    );
    judge_error(
        "wa_score.py",
        "g1/b",
        "rejected the output but wrote score.txt",
    );
}

#[test]
fn an_unbounded_group_adds_up_what_score_txt_says_and_needs_it() {
    if !crate::common::sandbox("an_unbounded_group_adds_up_what_score_txt_says_and_needs_it") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("scored");
    let subs = [
        (
            "submissions/accepted/full.py",
            answering(&[
                ("g1a", "score 1000"),
                ("g1b", "score 234.5"),
                ("g2a", "score 0.25"),
            ]),
        ),
        ("submissions/errors/plain.py", "print('ok')\n".to_string()),
    ];
    scoring_package(&pkg, &subs, "errors:\n  permitted: [AC]\n");
    for (file, text) in [
        (
            "data/secret/test_group.yaml",
            "max_score: unbounded\nscore_aggregation: sum\n",
        ),
        (
            "data/secret/g1/test_group.yaml",
            "max_score: unbounded\nscore_aggregation: sum\n",
        ),
        (
            "data/secret/g2/test_group.yaml",
            "max_score: unbounded\nscore_aggregation: sum\nrequire_pass: [sample]\n",
        ),
    ] {
        write(&pkg, &[(file, text)]);
    }
    let (run, report) = check(tmp.path(), &pkg);
    assert_ne!(run.code, 0, "{}", run.all());
    let full = submission(&report, "accepted/full.py");
    assert!(full.ok, "{full:?}");
    assert_eq!(full.score, Some(1234.75));
    let plain = submission(&report, "plain.py");
    let case = plain.deciding_case.as_ref().expect("a deciding case");
    assert_eq!(case.verdict, Verdict::JudgeError, "{plain:?}");
    assert!(
        (case.message.as_deref().unwrap_or_default()).contains("no score.txt for an accepted case"),
        "{plain:?}"
    );
}

#[test]
fn a_legacy_accepted_submission_below_the_maximum_is_accepted_with_a_warning() {
    if !crate::common::sandbox(
        "a_legacy_accepted_submission_below_the_maximum_is_accepted_with_a_warning",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("staircase");
    copy_tree(&root().join("testdata/packages/legacy-scoring"), &pkg);
    // A partial solution filed as accepted: its graders accept it
    // (accept_if_any_accepted) with 30 of 100.
    std::fs::rename(
        pkg.join("submissions/partially_accepted/smallonly.py"),
        pkg.join("submissions/accepted/smallonly.py"),
    )
    .unwrap();
    let (run, report) = check(tmp.path(), &pkg);
    assert_eq!(run.code, 0, "{}", run.all());
    let small = submission(&report, "accepted/smallonly.py");
    assert!(small.ok && small.faults.is_empty(), "{small:?}");
    assert_eq!(
        (small.got, small.score),
        (Some(Verdict::Accepted), Some(30.0))
    );
    let warned = report.meta.warnings.iter().any(|w| {
        w.contains("smallonly.py") && w.contains("consider moving it to partially_accepted")
    });
    assert!(warned, "{:?}", report.meta.warnings);
    // A partial one its graders accept gets their verdict too, as
    // verifyproblem's "AC (65)", not its first failure's WA.
    let partial = submission(&report, "partially_accepted/uint32.c");
    assert!(partial.ok, "{partial:?}");
    assert_eq!(partial.got, Some(Verdict::Accepted), "{partial:?}");
    assert!(
        partial.score.is_some_and(|s| s > 0.0 && s < 100.0),
        "{partial:?}"
    );
}

#[test]
fn the_v2025_scoring_fixture_is_judged_in_place_with_its_hand_computed_scores() {
    if !crate::common::sandbox(
        "the_v2025_scoring_fixture_is_judged_in_place_with_its_hand_computed_scores",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("change");
    copy_tree(&root().join("testdata/packages/v2025-scoring"), &pkg);
    let (run, report) = check(tmp.path(), &pkg);
    assert_eq!(run.code, 0, "{}", run.all());
    // Its README's table: every rule of its submissions.yaml holds, the
    // `message` of wrong_answer/ included.
    for (name, want) in [
        ("dp.cpp", 100.0),
        ("dp.py", 100.0),
        ("greedy.c", 70.647),
        ("ones.py", 5.199),
        ("nocount.py", 0.0),
    ] {
        let s = submission(&report, name);
        assert!(s.ok, "{s:?}");
        let got = s.score.expect("a score");
        assert!((got - want).abs() < 1e-3, "{name}: {got}");
    }
}
