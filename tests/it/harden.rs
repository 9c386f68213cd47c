//! `judge harden` end to end, on a star-battle test set cut down to its
//! samples and a mutation run written here: one mutant the samples let
//! through but any invalid candidate catches (`Violations::is_empty` made
//! always true), and one that changes nothing a test can see (a comment).
//! harden must build both, catch the first with a new case whose answer is
//! the reference's, let the second survive, write the case and its recipe
//! entry, report the kill rate before and after, and on a second run find
//! everything settled. A wrong submission the samples let through is
//! caught too, and `judge check` then keeps its promise.
//!
//! The mutants are built in the repository's `target/harden` (the first
//! build there compiles the solver crates once: about a minute on 2 cores).

use std::path::Path;

use crate::common::{copy_tree, judge_in, root};

const WRONG: &str = "problems/star-battle/submissions/wrong_answer/no_diagonal_touch.py";
const LIB: &str = "crates/star-battle/src/lib.rs";

/// A cargo-mutants entry replacing line `line` (1-based) of the star-battle
/// crate's lib.rs with `new`.
fn mutant(name: &str, line: usize, new: &str) -> String {
    let source = std::fs::read_to_string(root().join(LIB)).unwrap();
    let old = source.lines().nth(line - 1).unwrap();
    let diff = format!("--- {LIB}\n+++ {name}\n@@ -{line},1 +{line},1 @@\n-{old}\n+{new}\n");
    format!(
        "{{\"name\": {name:?}, \"file\": \"{LIB}\", \"package\": \"judge-star-battle\", \"diff\": {diff:?}}}"
    )
}

fn line_of(needle: &str) -> usize {
    let source = std::fs::read_to_string(root().join(LIB)).unwrap();
    1 + source
        .lines()
        .position(|l| l.contains(needle))
        .expect(needle)
}

/// A problems folder with star-battle's samples only, and the mutation run.
fn setup(dir: &Path) {
    let problem = dir.join("problems/star-battle");
    copy_tree(&root().join("problems/star-battle"), &problem);
    for group in ["edge", "generated"] {
        std::fs::remove_dir_all(problem.join("cases").join(group)).unwrap();
    }
    let _ = std::fs::remove_file(problem.join("recipe.yaml"));
    let body = line_of("self.rows.is_empty()");
    let header = line_of("impl Violations {");
    let listing = format!(
        "[{}, {}]",
        mutant(
            "harden test: is_empty always true",
            body,
            "        true || self.rows.is_empty()"
        ),
        mutant(
            "harden test: a comment",
            header,
            "impl Violations { // the same"
        ),
    );
    let out = dir.join("run/mutants.out");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("mutants.json"), listing).unwrap();
    std::fs::write(
        out.join("missed.txt"),
        "harden test: is_empty always true\nharden test: a comment\n",
    )
    .unwrap();
}

fn harden(dir: &Path, extra: &[&str]) -> crate::common::Run {
    let workspace = root();
    let mut args = vec![
        "--problems",
        "problems",
        "harden",
        "star-battle",
        "--mutants",
        "run",
        "--workspace",
        workspace.to_str().unwrap(),
        "--iterations",
        "30",
        "--sandbox",
        "off",
    ];
    args.extend_from_slice(extra);
    judge_in(dir, &args, None)
}

#[test]
fn harden_catches_a_surviving_mutant_with_a_new_case_and_goes_on_where_it_stopped() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    setup(dir);

    // The samples alone let a wrong submission through.
    let check = |dir: &Path| {
        judge_in(
            dir,
            &[
                "--problems",
                "problems",
                "check",
                "star-battle",
                "--sandbox",
                "off",
            ],
            None,
        )
    };
    let before = check(dir);
    assert_eq!(before.code, 1, "{}", before.all());
    assert!(
        before.stdout.contains("no_diagonal_touch.py"),
        "{}",
        before.all()
    );

    // A dry run searches and reports but writes nothing.
    let dry = harden(dir, &["--dry-run"]);
    assert_eq!(dry.code, 0, "{}", dry.all());
    assert!(
        dry.stdout.contains("new case hardened/h-001"),
        "{}",
        dry.all()
    );
    assert!(!dir.join("problems/star-battle/cases/hardened").exists());

    // A budget spent after the first target stops there, and says so.
    let first = harden(dir, &["--submission", WRONG, "--budget", "1us"]);
    assert_eq!(first.code, 0, "{}", first.all());
    assert!(
        first
            .stdout
            .contains("budget spent: 2 targets not started; run again to go on"),
        "{}",
        first.all()
    );
    assert!(
        first.stdout.contains("new case hardened/h-001"),
        "{}",
        first.all()
    );

    // The next run goes on with the other two.
    let run = harden(dir, &["--submission", WRONG]);
    assert_eq!(run.code, 0, "{}", run.all());
    let out = &run.stdout;
    assert!(
        !out.contains("is_empty always true"),
        "settled in the first run: {}",
        run.all()
    );
    assert!(
        out.contains("survived harden test: a comment: no input of 30 caught it"),
        "{}",
        run.all()
    );
    assert!(
        out.contains("before 0 of 2 viable (0.0 %), after 1 of 2 (50.0 %)"),
        "{}",
        run.all()
    );

    // The case is valid, and its answer is the reference's.
    let case = dir.join("problems/star-battle/cases/hardened/h-001");
    let input = std::fs::read_to_string(case.with_extension("in")).unwrap();
    let answer = std::fs::read_to_string(case.with_extension("out")).unwrap();
    let solver = judge::solvers::find("star-battle").unwrap();
    assert_eq!(solver.solve(&input).unwrap(), answer);
    assert!(
        out.contains(&format!("caught submission {WRONG}: WA on ")),
        "{}",
        run.all()
    );
    // The test set now catches the submission it let through.
    let after = check(dir);
    assert_eq!(after.code, 0, "{}", after.all());

    // Each case is in the recipe with its draw and what it catches, and
    // validate remakes it from there.
    let recipe = std::fs::read_to_string(dir.join("problems/star-battle/recipe.yaml")).unwrap();
    assert!(recipe.contains("case: h-001"), "{recipe}");
    assert!(
        recipe.contains("harden test: is_empty always true"),
        "{recipe}"
    );
    assert!(recipe.contains(WRONG), "{recipe}");
    let validate = judge_in(
        dir,
        &["--problems", "problems", "validate", "star-battle"],
        None,
    );
    assert_eq!(validate.code, 0, "{}", validate.all());

    // Resumed: both targets are settled, so nothing runs and nothing is added.
    let again = harden(dir, &["--submission", WRONG]);
    assert_eq!(again.code, 0, "{}", again.all());
    assert!(!again.stdout.contains("caught "), "{}", again.all());
    assert!(
        again.stdout.contains("after 1 of 2 (50.0 %)"),
        "{}",
        again.all()
    );
    assert!(
        !dir.join("problems/star-battle/cases/hardened/h-003.in")
            .exists()
    );
}
