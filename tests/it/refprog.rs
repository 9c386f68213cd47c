//! Every command that works with an in-crate solver works with a reference
//! program too (#30): `solve`, `gen`, `regen`, `stress`, `timelimit` and
//! validate's bounds, on `testdata/refprog/double` (reference, generator
//! and validator are Python programs) and `testdata/kinds/sum`. Expected
//! answers come from the committed `.out` files or are computed here.

use std::path::{Path, PathBuf};

use crate::cli::{regen_results, snapshot};
use crate::common::{Run, copy_tree, judge_in, read_report, root};
use judge::verdict::Verdict;

fn fixtures() -> PathBuf {
    root().join("testdata/refprog")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `judge --problems DIR ARGS…` from the repository root, without a sandbox
/// (what is tested here is the commands, not the isolation).
fn judge_on(problems: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut all = vec!["--problems", s(problems)];
    all.extend_from_slice(args);
    if matches!(
        args[0],
        "solve" | "gen" | "regen" | "stress" | "timelimit" | "validate"
    ) {
        all.extend(["--sandbox", "off"]);
    }
    judge_in(&root(), &all, stdin)
}

/// A copy of `double` as `problems/double` in a fresh folder.
fn copy_double() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let problems = tmp.path().join("problems");
    copy_tree(&fixtures().join("double"), &problems.join("double"));
    (tmp, problems)
}

/// Every `(x.in, x.out)` of a fixture problem.
fn pairs(problem: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut found: Vec<PathBuf> = walkdir::WalkDir::new(problem.join("cases"))
        .into_iter()
        .flatten()
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    found.sort();
    found
        .into_iter()
        .map(|i| (i.clone(), i.with_extension("out")))
        .collect()
}

#[test]
fn solve_prints_the_reference_programs_answer_to_every_committed_case() {
    let mut compared = 0;
    for (dir, id) in [
        (fixtures(), "double"),
        (root().join("testdata/kinds"), "sum"),
    ] {
        for (input, answer) in pairs(&dir.join(id)) {
            let from_file = judge_on(&dir, &["solve", id, s(&input)], None);
            assert_eq!(from_file.code, 0, "{}", from_file.all());
            assert_eq!(from_file.stdout, std::fs::read_to_string(&answer).unwrap());
            let piped = judge_on(&dir, &["solve", id], Some(&std::fs::read(&input).unwrap()));
            assert_eq!(piped.stdout, from_file.stdout, "{}", piped.all());
            compared += 1;
        }
    }
    assert!(compared >= 5, "only {compared} cases");
}

#[test]
fn solve_exits_1_with_the_reference_programs_stderr_when_it_fails() {
    let run = judge_on(&fixtures(), &["solve", "double"], Some(b"twelve\n"));
    assert_eq!(run.code, 1, "{}", run.all());
    assert_eq!(run.stdout, "");
    let lines: Vec<&str> = run.stderr.lines().collect();
    let (said, relayed) = lines.split_last().unwrap();
    assert_eq!(
        *said,
        "error: double: the reference program ref.py failed: exit code 1",
        "{}",
        run.all()
    );
    // Before it, the program's own standard error, as Python wrote it:
    // it ends as the same program's does when run here by hand.
    let by_hand = std::process::Command::new("python3")
        .arg(fixtures().join("double/ref.py"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"twelve\n")?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(!by_hand.status.success());
    let python = String::from_utf8(by_hand.stderr).unwrap();
    assert_eq!(
        relayed.last().copied(),
        python.lines().last(),
        "{}",
        run.all()
    );
}

#[test]
fn solve_refuses_an_interactive_reference_with_a_reason() {
    let kinds = root().join("testdata/kinds");
    let run = judge_on(&kinds, &["solve", "guess"], Some(b"5\n"));
    assert_eq!(run.code, 2, "{}", run.all());
    assert_eq!(
        run.stderr.lines().collect::<Vec<_>>(),
        [
            "error: guess: the reference talks to the interactor, so it has no answer to an input alone; `judge check guess` runs it that way"
        ],
        "{}",
        run.all()
    );
}

#[test]
fn gen_runs_the_generator_program_with_seed_and_size() {
    let out = tempfile::tempdir().unwrap();
    let run = judge_on(
        &fixtures(),
        &[
            "gen",
            "double",
            "--seed",
            "4",
            "--size",
            "3",
            "--count",
            "3",
            "--out",
            s(out.path()),
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.all());
    for index in 0..3 {
        // gen.py's own arithmetic, done here by Python: randint(1, 10 * SIZE)
        // from Random(SEED), SEED being the draw's (judge::solvers::draw_seed).
        let seed = judge::solvers::draw_seed(4, index);
        let expected = std::process::Command::new("python3")
            .args([
                "-c",
                &format!("import random; print(random.Random({seed}).randint(1, 30))"),
            ])
            .output()
            .unwrap();
        let file = out.path().join(format!("gen-{:03}.in", index + 1));
        assert_eq!(
            std::fs::read(&file).unwrap(),
            expected.stdout,
            "{}",
            file.display()
        );
    }
    // Without --out: input 0 on standard output.
    let one = judge_on(
        &fixtures(),
        &["gen", "double", "--seed", "4", "--size", "3"],
        None,
    );
    assert_eq!(
        one.stdout.as_bytes(),
        std::fs::read(out.path().join("gen-001.in")).unwrap()
    );
}

#[test]
fn gen_and_stress_without_a_generator_say_what_to_add() {
    let kinds = root().join("testdata/kinds");
    let generated = judge_on(&kinds, &["gen", "sum"], None);
    let submission = kinds.join("sum/submissions/accepted/long_long.c");
    let stress = judge_on(&kinds, &["stress", "sum", s(&submission)], None);
    let said = format!(
        "error: sum: no generator: give `generator:` in {} (a program that takes SEED SIZE as arguments and writes one input on its standard output)",
        kinds.join("sum/problem.yaml").display()
    );
    for run in [generated, stress] {
        assert_eq!(run.code, 2, "{}", run.all());
        assert_eq!(
            run.stderr.lines().collect::<Vec<_>>(),
            [said.as_str()],
            "{}",
            run.all()
        );
    }
}

#[test]
fn regen_rewrites_the_answers_with_the_reference_program() {
    let (_tmp, problems) = copy_double();
    let cases = problems.join("double/cases");
    std::fs::remove_file(cases.join("secret/mid.out")).unwrap();
    std::fs::write(cases.join("secret/high.out"), "0\n").unwrap();
    let before = snapshot(&cases);
    let run = judge_on(&problems, &["regen", "double"], None);
    assert_eq!(run.code, 0, "{}", run.all());
    let result = |status: &str, path: &str| (status.to_string(), path.to_string());
    assert_eq!(
        regen_results(&run.stdout),
        [
            result("changed", "double/secret/high.out"),
            result("created", "double/secret/mid.out")
        ],
        "{}",
        run.all()
    );
    // The one right answer is left as it was.
    let after = snapshot(&cases);
    let kept: Vec<&String> = (before.iter())
        .filter(|(file, bytes)| after.get(*file) == Some(bytes))
        .map(|(file, _)| file)
        .collect();
    let inputs = before.keys().filter(|f| f.ends_with(".in")).count();
    assert_eq!(kept.len(), inputs + 1, "{kept:?}");
    for (input, answer) in pairs(&problems.join("double")) {
        let n: i64 = std::fs::read_to_string(&input)
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        assert_eq!(
            std::fs::read_to_string(&answer).unwrap(),
            format!("{}\n", 2 * n)
        );
    }
}

#[test]
fn stress_finds_and_keeps_a_counterexample_with_the_reference_programs_answer() {
    let (_tmp, problems) = copy_double();
    let wrong = problems.join("double/submissions/wrong_answer/small_only.py");
    let run = judge_on(
        &problems,
        &[
            "stress",
            "double",
            s(&wrong),
            "--iterations",
            "50",
            "--save",
            "stress",
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.all());
    let saved: Vec<PathBuf> = pairs(&problems.join("double"))
        .into_iter()
        .filter(|(i, _)| i.parent().unwrap().ends_with("cases/stress"))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(saved.len(), 1, "{}", run.all());
    let n: i64 = std::fs::read_to_string(&saved[0])
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // The submission is wrong exactly above 30, and the answer is 2n.
    assert!(n > 30, "n = {n} is no counterexample");
    let answer = std::fs::read_to_string(saved[0].with_extension("out")).unwrap();
    assert_eq!(answer, format!("{}\n", 2 * n));
    let right = problems.join("double/submissions/accepted/double.py");
    let fine = judge_on(
        &problems,
        &["stress", "double", s(&right), "--iterations", "20"],
        None,
    );
    assert_eq!(fine.code, 0, "{}", fine.all());
}

#[test]
fn timelimit_calibrates_a_problem_with_a_reference_program() {
    let run = judge_on(&fixtures(), &["timelimit", "double", "--runs", "1"], None);
    assert_eq!(run.code, 0, "{}", run.all());
    // A row per submission, with its folder.
    let rows: Vec<(&str, &str)> = (run.stdout.lines())
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.len() > 2 && w[0].ends_with(".py"))
        .map(|w| (w[0], w[1]))
        .collect();
    assert_eq!(
        rows,
        [
            ("double.py", "accepted"),
            ("spin.py", "time_limit_exceeded")
        ],
        "{}",
        run.all()
    );
    // The problem's verdict: the limit it has keeps every promise.
    let verdict = (run.stdout.lines())
        .find(|l| l.starts_with("double: limits "))
        .unwrap_or_else(|| panic!("no verdict line\n{}", run.all()));
    let clauses: Vec<&str> = verdict.split("; ").collect();
    assert_eq!(clauses[1], "the limit 1 s is inside", "{verdict}");
    assert_eq!(
        run.stdout.lines().last(),
        Some("timelimit: 1 problem calibrated, 0 with a limit outside its interval or no interval"),
        "{}",
        run.all()
    );
}

/// The cases hold n = 1, 37 and 99 (the files say so); the validator
/// allows 1 … 100.
#[test]
fn validate_reports_the_bounds_a_validator_program_notes_in_every_shard() {
    for shard in [None, Some("1/2"), Some("2/2")] {
        let reports = tempfile::tempdir().unwrap();
        let mut args = vec!["validate", "double", "--report-dir", s(reports.path())];
        args.extend(shard.iter().flat_map(|k| ["--shard", k]));
        let run = judge_on(&fixtures(), &args, None);
        assert_eq!(run.code, 0, "{shard:?}: {}", run.all());
        // The bounds table's row of n.
        let row = (run.stdout.lines())
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .find(|w| w.len() > 1 && w[..2] == ["double", "n"])
            .unwrap_or_else(|| panic!("no row of n\n{}", run.all()));
        let want = "double n 1 … 100 1 … 99 not reached: maximum 100";
        assert_eq!(row.join(" "), want, "{shard:?}");
        let report = read_report(reports.path());
        let bounds = &report.problems[0].bounds;
        assert_eq!(bounds.len(), 1, "{shard:?}: {bounds:?}");
        let b = &bounds[0];
        assert_eq!((b.name.as_str(), b.min, b.max), ("n", 1, 100));
        assert_eq!((b.lowest, b.highest), (Some(1), Some(99)), "{shard:?}");
    }
}

#[test]
fn a_malformed_bound_line_fails_validate_naming_the_validator() {
    let (_tmp, problems) = copy_double();
    let validator = problems.join("double/validators/validate.py");
    let text = std::fs::read_to_string(&validator).unwrap();
    std::fs::write(
        &validator,
        text.replace("bound n {n} 1 100", "bound n {n} 1"),
    )
    .unwrap();
    let reports = tempfile::tempdir().unwrap();
    let run = judge_on(
        &problems,
        &["validate", "double", "--report-dir", s(reports.path())],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.all());
    // Every input is refused, each naming the validator and the line of
    // its output that does not read, quoted.
    let report = read_report(reports.path());
    let cases = &report.problems[0].cases;
    assert_eq!(cases.len(), 3);
    for case in cases {
        assert_eq!(case.verdict, Verdict::BadInput, "{case:?}");
        let message = case.message.as_deref().unwrap();
        let parts: Vec<&str> = message.splitn(5, ": ").collect();
        let input = problems.join("double/cases").join(case.id() + ".in");
        let n = std::fs::read_to_string(&input).unwrap();
        let quoted = format!("`bound n {} 1`", n.trim());
        assert_eq!(
            parts[..4],
            [
                s(&input),
                "validators/validate.py",
                "standard output line 1",
                quoted.as_str()
            ],
            "{message}"
        );
    }
}
