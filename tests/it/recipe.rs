//! Drift: `judge validate` and `judge check` fail, naming the case and the
//! command that makes it, when a committed input is not what its recipe
//! makes, is missing, or is not named; `judge regen --inputs` repairs it.

use std::path::{Path, PathBuf};

use judge::problem::recipe::{self, Draw};

use crate::cli::{located, regen_results, snapshot};
use crate::common::{Run, copy_tree, judge, read_report, root};

/// The test-set faults outside any case that the last run wrote to
/// `dir/reports`.
fn issues(dir: &Path) -> Vec<String> {
    read_report(&dir.join("reports")).problems[0].issues.clone()
}

/// Whether the console shows `issue` as an issue of `fourow`, whole.
fn shown(run: &Run, issue: &str) -> bool {
    let line = format!("issue: fourow: {issue}");
    run.stdout.lines().any(|l| l == line)
}

/// A copy of Four in a row as `fourow` (its recipe, every case; no C++
/// validator, which only slows the test: the solver validates too).
fn copy(dir: &Path) -> PathBuf {
    let src = root().join("problems/four-in-a-row");
    let p = dir.join("problems/fourow");
    copy_tree(&src.join("cases"), &p.join("cases"));
    std::fs::copy(src.join("recipe.yaml"), p.join("recipe.yaml")).unwrap();
    let yaml: String = std::fs::read_to_string(src.join("problem.yaml"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("validators:"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(p.join("problem.yaml"), yaml).unwrap();
    p
}

fn run(dir: &Path, command: &[&str]) -> Run {
    let problems = dir.join("problems");
    let reports = dir.join("reports");
    let mut args = vec!["--problems", problems.to_str().unwrap()];
    args.extend(command);
    if command[0] != "regen" {
        args.extend(["--report-dir", reports.to_str().unwrap()]);
    }
    judge(&args)
}

/// Replaces case `name` of `fourow/cases/generated` with another valid
/// input (and its right answer), so only drift can tell.
fn replace_generated(p: &Path, name: &str) -> Vec<u8> {
    let solver = judge::solvers::find("four-in-a-row").unwrap();
    let other = judge::solvers::generate_one(solver, 99, 0, 10);
    let at = p.join("cases/generated").join(format!("{name}.in"));
    let old = std::fs::read(&at).unwrap();
    std::fs::write(&at, &other).unwrap();
    std::fs::write(at.with_extension("out"), solver.solve(&other).unwrap()).unwrap();
    old
}

const DRIFT: &str = "drift: fourow/generated/game-004.in differs from what its recipe makes \
     (judge gen fourow --seed 2026 --count 10 --size 10 --prefix game)";

#[test]
fn a_drifted_input_fails_validate_and_check_by_name_with_its_command() {
    let dir = tempfile::tempdir().unwrap();
    let p = copy(dir.path());
    let clean = run(dir.path(), &["validate"]);
    assert_eq!(clean.code, 0, "{}", clean.all());
    assert_eq!(issues(dir.path()), Vec::<String>::new());

    replace_generated(&p, "game-004");
    let validate = run(dir.path(), &["validate"]);
    assert_eq!(validate.code, 1, "{}", validate.all());
    assert!(shown(&validate, DRIFT), "{}", validate.all());
    let report = read_report(&dir.path().join("reports"));
    assert_eq!(report.problems[0].issues, [DRIFT]);
    // Every case itself is still valid: drift is the only fault.
    assert_eq!(report.summary.failed, 0);

    let check = run(
        dir.path(),
        &["check", "--no-submissions", "--sandbox", "off"],
    );
    assert_eq!(check.code, 1, "{}", check.all());
    assert_eq!(issues(dir.path()), [DRIFT]);
    assert!(shown(&check, DRIFT), "{}", check.all());
}

#[test]
fn a_missing_case_and_a_case_the_recipe_does_not_name_fail_validate() {
    let dir = tempfile::tempdir().unwrap();
    let p = copy(dir.path());
    for ext in ["in", "out"] {
        std::fs::remove_file(p.join(format!("cases/generated/game-007.{ext}"))).unwrap();
        std::fs::create_dir_all(p.join("cases/extra")).unwrap();
        std::fs::copy(
            p.join(format!("cases/edge/single-move.{ext}")),
            p.join(format!("cases/extra/moved.{ext}")),
        )
        .unwrap();
        std::fs::remove_file(p.join(format!("cases/edge/single-move.{ext}"))).unwrap();
    }
    let validate = run(dir.path(), &["validate"]);
    assert_eq!(validate.code, 1, "{}", validate.all());
    let found = issues(dir.path());
    assert_eq!(found.len(), 2, "{found:#?}");
    let missing = "drift: fourow/generated/game-007.in is missing: its recipe makes it \
         (judge gen fourow --seed 2026 --count 10 --size 10 --prefix game)";
    assert!(found.iter().any(|i| i == missing), "{found:#?}");
    let unnamed = "drift: fourow/extra/moved.in is not named by its recipe (add it to ";
    assert!(found.iter().any(|i| i.starts_with(unnamed)), "{found:#?}");
    for issue in &found {
        assert!(shown(&validate, issue), "{issue}\n{}", validate.all());
    }
    // A recipe that does not read is a located fault of its own.
    let recipe = p.join("recipe.yaml");
    let text = std::fs::read_to_string(&recipe).unwrap();
    std::fs::write(
        &recipe,
        text.replace("prefix: game}", "prefix: game, size: 3}"),
    )
    .unwrap();
    let validate = run(dir.path(), &["validate"]);
    assert_eq!(validate.code, 1, "{}", validate.all());
    let line = text
        .lines()
        .position(|l| l.ends_with("prefix: game}"))
        .unwrap();
    // At the generator's mapping, which now says `size` twice.
    let column = text.lines().nth(line).unwrap().find('{').unwrap() + 1;
    let found = issues(dir.path());
    assert_eq!(found.len(), 1, "{found:#?}");
    let at = located(&found[0]).unwrap();
    assert_eq!(
        (Path::new(&at.path), at.line, at.column),
        (recipe.as_path(), line + 1, column),
        "{}",
        found[0]
    );
    assert!(shown(&validate, &found[0]), "{}", validate.all());
}

#[test]
fn regen_inputs_restores_drifted_and_missing_inputs_and_leaves_hand_made_ones() {
    let dir = tempfile::tempdir().unwrap();
    let p = copy(dir.path());
    let generated = p.join("cases/generated");
    let original = replace_generated(&p, "game-004");
    let answer = std::fs::read(root().join("problems/four-in-a-row/cases/generated/game-004.out"));
    let gone = std::fs::read(generated.join("game-009.in")).unwrap();
    std::fs::remove_file(generated.join("game-009.in")).unwrap();
    std::fs::remove_file(generated.join("game-009.out")).unwrap();
    // A hand-made case edited by hand stays as it is.
    let edge = p.join("cases/edge/single-move.in");
    let mine = std::fs::read(&edge).unwrap();
    // A single case in a group that does not exist yet, as `harden` adds.
    let draw = Draw {
        seed: 5,
        index: 3,
        size: 4,
    };
    recipe::append_case(&p, "hardened", "h-001", draw, &["a mutant".into()]).unwrap();
    let hardened = p.join("cases/hardened");

    let before = std::fs::read(generated.join("game-004.in")).unwrap();
    let tree = snapshot(&p);
    let dry = run(dir.path(), &["regen", "--inputs", "--dry-run"]);
    assert_eq!(dry.code, 0, "{}", dry.all());
    let result = |status: &str, path: &str| (status.to_string(), format!("fourow/{path}"));
    let inputs: Vec<(String, String)> = (regen_results(&dry.stdout).into_iter())
        .filter(|(_, path)| path.ends_with(".in"))
        .collect();
    assert_eq!(
        inputs,
        [
            result("changed", "generated/game-004.in"),
            result("created", "generated/game-009.in"),
            result("created", "hardened/h-001.in"),
        ],
        "{}",
        dry.all()
    );
    // Nothing written.
    assert_eq!(snapshot(&p), tree);
    assert_eq!(
        std::fs::read(generated.join("game-004.in")).unwrap(),
        before
    );
    assert!(!generated.join("game-009.in").exists());
    assert!(!hardened.exists(), "a dry run makes no folder either");

    let regen = run(dir.path(), &["regen", "--inputs"]);
    assert_eq!(regen.code, 0, "{}", regen.all());
    let lines: Vec<&str> = regen.stdout.lines().collect();
    assert!(
        lines.contains(&"inputs: 2 created, 1 changed, 8 unchanged, 0 failed"),
        "{}",
        regen.all()
    );
    assert_eq!(
        std::fs::read(generated.join("game-004.in")).unwrap(),
        original
    );
    assert_eq!(std::fs::read(generated.join("game-009.in")).unwrap(), gone);
    // The answers follow the new inputs.
    assert_eq!(
        std::fs::read(generated.join("game-004.out")).ok(),
        answer.ok()
    );
    assert!(generated.join("game-009.out").is_file());
    assert_eq!(std::fs::read(&edge).unwrap(), mine);
    let solver = judge::solvers::find("four-in-a-row").unwrap();
    let made = judge::solvers::generate_one(solver, 5, 3, 4);
    assert_eq!(
        std::fs::read_to_string(hardened.join("h-001.in")).unwrap(),
        made
    );
    assert!(hardened.join("h-001.out").is_file());
    let validate = run(dir.path(), &["validate"]);
    assert_eq!(validate.code, 0, "{}", validate.all());
}
