//! Every command that works with an in-crate solver works with a reference
//! program too (#30): `solve`, `gen`, `regen`, `stress`, `timelimit` and
//! validate's bounds, on `testdata/refprog/double` (reference, generator
//! and validator are Python programs) and `testdata/kinds/sum`. Expected
//! answers come from the committed `.out` files or are computed here.

use std::path::{Path, PathBuf};

use crate::common::{Run, copy_tree, judge_in, read_report, root};

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
    assert!(run.stderr.contains("ValueError"), "{}", run.all());
    assert!(
        run.stderr
            .contains("double: the reference program ref.py failed: exit code 1"),
        "{}",
        run.all()
    );
}

#[test]
fn solve_refuses_an_interactive_reference_with_a_reason() {
    let kinds = root().join("testdata/kinds");
    let run = judge_on(&kinds, &["solve", "guess"], Some(b"5\n"));
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(
        run.stderr.contains("talks to the interactor") && run.stderr.contains("judge check guess"),
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
    for run in [generated, stress] {
        assert_eq!(run.code, 2, "{}", run.all());
        assert!(
            run.stderr
                .contains("sum: no generator: give `generator:` in")
                && run.stderr.contains("sum/problem.yaml"),
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
    let run = judge_on(&problems, &["regen", "double"], None);
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(
        run.stdout
            .contains("1 created, 1 changed, 1 unchanged, 0 failed"),
        "{}",
        run.all()
    );
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
        .filter(|(i, _)| i.to_string_lossy().contains("/stress/"))
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
    assert!(run.stdout.contains("double.py"), "{}", run.all());
    assert!(run.stdout.contains("spin.py"), "{}", run.all());
    assert!(
        run.stdout.contains("double: limits ") && run.stdout.contains("the limit 1 s is inside"),
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
        assert!(
            run.stdout.contains("not reached: maximum 100"),
            "{}",
            run.all()
        );
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
    assert!(
        run.stdout
            .contains("validators/validate.py: standard output line 1: `bound n 1 1`"),
        "{}",
        run.all()
    );
}
