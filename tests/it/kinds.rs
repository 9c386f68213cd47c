//! Problems judged by something other than a compare mode: checker
//! programs (ICPC and testlib interfaces), an in-crate checker, an
//! interactive problem and a scoring problem (`testdata/kinds/`), and the
//! ways their programs can misbehave.

use std::path::{Path, PathBuf};

use crate::common::{copy_tree, judge_in, read_report, root, submission};
use crate::junit::parse_xml;
use judge::report::{PromiseFault, Report, ScoreRange};
use judge::verdict::Verdict;

fn kinds() -> PathBuf {
    root().join("testdata/kinds")
}

/// A copy of fixture problem `id` as `problems/<id>` in a fresh folder.
fn copy(id: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    copy_tree(&kinds().join(id), &tmp.path().join("problems").join(id));
    tmp
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// `judge grade` in `dir`, the report read back.
fn grade(dir: &Path, problem: &str, submission: &Path) -> (crate::common::Run, Report) {
    let reports = dir.join("reports");
    let sub = submission.display().to_string();
    let reports_arg = reports.display().to_string();
    let run = judge_in(
        dir,
        &[
            "--problems",
            "problems",
            "grade",
            problem,
            &sub,
            "--report-dir",
            &reports_arg,
        ],
        None,
    );
    let report = read_report(&reports);
    (run, report)
}

/// Processes whose command line mentions `marker` (left running?).
fn running_with(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        if let Ok(cmd) = std::fs::read(entry.path().join("cmdline")) {
            let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
            if cmd.contains(marker) {
                found.push(cmd);
            }
        }
    }
    found
}

#[test]
fn every_kind_of_problem_keeps_its_submissions_promises() {
    if !crate::common::sandbox("every_kind_of_problem_keeps_its_submissions_promises") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let reports = tmp.path().join("r").display().to_string();
    let dir = kinds().display().to_string();
    let run = judge_in(
        &root(),
        &["--problems", &dir, "check", "--report-dir", &reports],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&tmp.path().join("r"));
    assert_eq!(report.summary.submissions_failed, 0);
    let got = |name: &str| {
        report
            .submissions
            .iter()
            .find(|s| s.path.ends_with(name))
            .unwrap_or_else(|| panic!("{name} was not judged"))
    };
    // Checker messages (judgemessage.txt, testlib's stderr) reach the report.
    let said = |name: &str| {
        let case = got(name).deciding_case.as_ref().expect("a deciding case");
        case.message.clone().unwrap_or_default()
    };
    assert_eq!(
        said("divisor-icpc/submissions/wrong_answer/misses_squares.py"),
        "49 is not prime"
    );
    assert_eq!(
        got("divisor-testlib/submissions/presentation_error/trailing_space.py").got,
        Some(Verdict::PresentationError)
    );
    // Interaction: the interactor's complaint, the submission's own fate.
    assert_eq!(
        said("guess/submissions/wrong_answer/linear.py"),
        "more than 4 guesses"
    );
    assert_eq!(
        got("guess/submissions/run_time_error/gives_up.py").got,
        Some(Verdict::RuntimeError)
    );
    assert_eq!(
        got("guess/submissions/time_limit_exceeded/no_flush.c").got,
        Some(Verdict::TimeLimit)
    );
    // Scores: all cases judged, groups added up as their group.yaml says.
    assert_eq!(
        got("sum/submissions/accepted/long_long.c").score,
        Some(100.0)
    );
    assert_eq!(
        got("sum/submissions/partially_accepted/first_half.py").score,
        Some(35.0)
    );
    assert_eq!(
        got("sum/submissions/partially_accepted/int32.c").score,
        Some(30.0)
    );
    let sum = report.problems.iter().find(|p| p.id == "sum").unwrap();
    assert_eq!((sum.score, sum.max_score), (Some(100.0), Some(100.0)));
}

#[test]
fn a_broken_promise_about_a_score_fails_check() {
    if !crate::common::sandbox("a_broken_promise_about_a_score_fails_check") {
        return;
    }
    let tmp = copy("sum");
    let yaml = tmp.path().join("problems/sum/submissions/submissions.yaml");
    let text = std::fs::read_to_string(&yaml)
        .unwrap()
        .replace("int32.c:\n  score: 30", "int32.c:\n  score: 40");
    std::fs::write(&yaml, text).unwrap();
    let run = judge_in(
        tmp.path(),
        &[
            "--problems",
            "problems",
            "check",
            "--report-dir",
            "r",
            "--junit",
            "r/junit.xml",
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.all());
    let report = read_report(&tmp.path().join("r"));
    let int32 = submission(&report, "int32.c");
    assert!(!int32.ok);
    assert_eq!(
        int32.faults,
        vec![PromiseFault::Score {
            expected: ScoreRange {
                low: 40.0,
                high: 40.0
            },
            got: 30.0
        }]
    );
    let broken: Vec<&str> = (report.submissions.iter())
        .filter(|s| !s.ok)
        .map(|s| s.path.as_str())
        .collect();
    assert_eq!(broken, vec![int32.path.as_str()]);
    // CI sees the broken promise as one failing test, and only that one.
    let xml = std::fs::read_to_string(tmp.path().join("r/junit.xml")).unwrap();
    let doc = parse_xml(&xml);
    let suite = (doc.all("testsuite").into_iter())
        .find(|s| s.attr("name") == Some("expected-verdict submissions"))
        .expect("a suite of submissions");
    assert_eq!(suite.attr("failures"), Some("1"), "{xml}");
    let failing: Vec<(&str, &str, &str)> = (suite.kids("testcase").into_iter())
        .flat_map(|c| {
            (c.kids("failure").into_iter()).map(move |f| {
                (
                    c.attr("name").unwrap(),
                    f.attr("type").unwrap(),
                    f.attr("message").unwrap(),
                )
            })
        })
        .collect();
    // Its message is the report's, which gives the score (junit-10.xsd
    // allows no properties on a test case).
    assert_eq!(
        failing,
        vec![(
            int32.path.as_str(),
            "BROKEN-PROMISE",
            // An XML reader sees the message's line break as a space.
            int32
                .message
                .as_deref()
                .unwrap()
                .replace('\n', " ")
                .as_str()
        )],
        "{xml}"
    );
}

#[test]
fn a_checker_that_does_not_compile_is_a_configuration_error() {
    if !crate::common::sandbox("a_checker_that_does_not_compile_is_a_configuration_error") {
        return;
    }
    let tmp = copy("divisor-icpc");
    let problem = tmp.path().join("problems/divisor-icpc");
    let checker = problem.join("checker/check.c");
    let mut text = std::fs::read_to_string(&checker).unwrap();
    text.push_str("\nint broken( { return 0; }\n");
    std::fs::write(&checker, &text).unwrap();
    let accepted = problem.join("submissions/accepted/smallest.c");
    let accepted = accepted.display().to_string();
    let run = judge_in(
        tmp.path(),
        &["--problems", "problems", "grade", "divisor-icpc", &accepted],
        None,
    );
    assert_eq!(run.code, 2, "{}", run.all());
    let refusal =
        "divisor-icpc: problems/divisor-icpc/checker/check.c: the checker does not compile:";
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines[0], format!("error: {refusal}"), "{}", run.all());
    // Then the compiler's own words, at the line that breaks it.
    let (file, line, column) = located(lines[1]);
    assert_eq!(
        (file.as_str(), line, column),
        ("check.c", text.lines().count(), 13),
        "{}",
        run.all()
    );
    let run = judge_in(
        tmp.path(),
        &["--problems", "problems", "check", "--report-dir", "r"],
        None,
    );
    assert_eq!(run.code, 2, "{}", run.all());
    let report = read_report(&tmp.path().join("r"));
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    assert_eq!(report.errors[0].lines().next(), Some(refusal));
}

/// `path:line:column: …` as (file name, line, column).
fn located(text: &str) -> (String, usize, usize) {
    let mut parts = text.splitn(4, ':');
    let path = parts.next().unwrap();
    let mut number = || parts.next().and_then(|n| n.parse().ok()).expect(text);
    let (line, column) = (number(), number());
    let file = Path::new(path).file_name().unwrap().to_string_lossy();
    (file.into_owned(), line, column)
}

#[test]
fn a_hanging_checker_is_stopped_at_its_limit_and_the_case_is_a_judge_error() {
    if !crate::common::sandbox(
        "a_hanging_checker_is_stopped_at_its_limit_and_the_case_is_a_judge_error",
    ) {
        return;
    }
    for (how, body) in [
        ("spins", "int main(void) { for (;;) {} }\n"),
        (
            "sleeps",
            "#include <unistd.h>\nint main(void) { for (;;) sleep(100); }\n",
        ),
    ] {
        let tmp = copy("divisor-icpc");
        let problem = tmp.path().join("problems/divisor-icpc");
        write(&problem.join("checker/check.c"), body);
        let yaml = problem.join("problem.yaml");
        let text = std::fs::read_to_string(&yaml)
            .unwrap()
            .replace("  output: 1MiB", "  output: 1MiB\n  checker_time: 1s");
        std::fs::write(&yaml, text).unwrap();
        let (run, report) = grade(
            tmp.path(),
            "divisor-icpc",
            &problem.join("submissions/accepted/smallest.c"),
        );
        assert_eq!(run.code, 1, "{how}: {}", run.all());
        for case in &report.problems[0].cases {
            assert_eq!(case.verdict, Verdict::JudgeError, "{how}: {}", run.all());
            let message = case.message.as_deref().unwrap_or_default();
            assert!(
                message.contains("checker failed") && message.contains("limit"),
                "{how}: {message}"
            );
        }
    }
}

/// The guess problem with another interactor and a submission named
/// `marker` (so leftovers can be looked for).
fn guess_with(
    interactor: Option<&str>,
    marker: &str,
    submission: &str,
) -> (tempfile::TempDir, PathBuf) {
    let tmp = copy("guess");
    let problem = tmp.path().join("problems/guess");
    if let Some(code) = interactor {
        write(&problem.join("interactor/interact.c"), code);
    }
    let path = tmp.path().join(format!("{marker}.py"));
    write(&path, submission);
    (tmp, path)
}

#[test]
fn an_interactor_that_stops_early_gives_a_wrong_answer_and_nothing_hangs() {
    if !crate::common::sandbox(
        "an_interactor_that_stops_early_gives_a_wrong_answer_and_nothing_hangs",
    ) {
        return;
    }
    let quits = "#include <stdio.h>\nint main(void) { puts(\"10\"); return 43; }\n";
    let marker = "talks_forever_7f3a";
    let talks = "import sys\nwhile True:\n    print(1, flush=True)\n";
    let (tmp, path) = guess_with(Some(quits), marker, talks);
    let (run, report) = grade(tmp.path(), "guess", &path);
    assert_eq!(run.code, 1, "{}", run.all());
    for case in &report.problems[0].cases {
        assert_eq!(case.verdict, Verdict::WrongAnswer, "{}", run.all());
    }
    assert!(
        running_with(marker).is_empty(),
        "left running: {:?}",
        running_with(marker)
    );
}

#[test]
fn a_submission_that_closes_its_input_is_wrong_whatever_the_interactor_does() {
    if !crate::common::sandbox(
        "a_submission_that_closes_its_input_is_wrong_whatever_the_interactor_does",
    ) {
        return;
    }
    let deaf = "import os, time\ninput()\nos.close(0)\ntime.sleep(0.2)\nprint(0, flush=True)\ntime.sleep(0.2)\n";
    // The fixture's interactor ignores SIGPIPE and sees the submission
    // leave; this one dies of it, which is still the submission's doing.
    let fragile = "#include <stdio.h>\n#include <unistd.h>\nint main(int c, char **v) {\n  FILE *in = fopen(v[1], \"r\"); long long n, x, g;\n  fscanf(in, \"%lld %lld\", &n, &x);\n  printf(\"%lld\\n\", n); fflush(stdout);\n  while (scanf(\"%lld\", &g) == 1) {\n    for (int i = 0; i < 100; i++) { puts(g < x ? \"higher\" : \"lower\"); fflush(stdout); usleep(1000); }\n  }\n  return 43;\n}\n";
    for interactor in [None, Some(fragile)] {
        let (tmp, path) = guess_with(interactor, "closes_stdin_91c2", deaf);
        let (run, report) = grade(tmp.path(), "guess", &path);
        assert_eq!(run.code, 1, "{}", run.all());
        for case in &report.problems[0].cases {
            assert_eq!(
                case.verdict,
                Verdict::WrongAnswer,
                "{:?}: {}",
                case.message,
                run.all()
            );
        }
    }
}

#[test]
fn a_submission_that_closes_its_output_then_crashes_is_a_run_time_error() {
    if !crate::common::sandbox(
        "a_submission_that_closes_its_output_then_crashes_is_a_run_time_error",
    ) {
        return;
    }
    // It hangs up first: the interactor reads end of file and rejects,
    // but the conversation ended by the submission's doing, and its own
    // failure is the verdict. Closing and then exiting cleanly is WA. It
    // ends after the time limit's second of CPU time (well inside the
    // wall clock), so the order of the two exits alone would say WA.
    for (tail, verdict) in [
        ("os.abort()\n", Verdict::RuntimeError),
        ("", Verdict::WrongAnswer),
    ] {
        let program = format!("import os, time\nos.close(1)\ntime.sleep(1.2)\n{tail}");
        let (tmp, path) = guess_with(None, "hangs_up_7f3a", &program);
        let (run, report) = grade(tmp.path(), "guess", &path);
        assert_eq!(run.code, 1, "{}", run.all());
        for case in &report.problems[0].cases {
            assert_eq!(case.verdict, verdict, "{:?}: {}", case.message, run.all());
        }
    }
}

#[test]
fn a_submission_that_writes_after_the_interactor_is_done_gets_a_clear_run_time_error() {
    if !crate::common::sandbox(
        "a_submission_that_writes_after_the_interactor_is_done_gets_a_clear_run_time_error",
    ) {
        return;
    }
    let marker = "keeps_writing_5d0e";
    let chatty = "n = int(input())\nlo, hi = 1, n\nwhile True:\n    g = (lo + hi) // 2\n    print(g, flush=True)\n    r = input()\n    if r == 'correct':\n        break\n    lo, hi = (g + 1, hi) if r == 'higher' else (lo, g - 1)\nwhile True:\n    print('still here', flush=True)\n";
    let (tmp, path) = guess_with(None, marker, chatty);
    let (run, report) = grade(tmp.path(), "guess", &path);
    assert_eq!(run.code, 1, "{}", run.all());
    for case in &report.problems[0].cases {
        assert_eq!(case.verdict, Verdict::RuntimeError, "{}", run.all());
        let message = case.message.as_deref().unwrap_or_default();
        assert!(
            message.contains("after the interactor had finished"),
            "{message}"
        );
        let talk: Vec<&str> = (case.interaction.as_deref().unwrap_or_default().lines()).collect();
        let correct = (talk.iter())
            .position(|l| *l == "< correct")
            .unwrap_or_else(|| panic!("{talk:?}"));
        assert!(talk[correct + 1..].contains(&"> still here"), "{talk:?}");
    }
    assert!(
        running_with(marker).is_empty(),
        "left running: {:?}",
        running_with(marker)
    );
}
