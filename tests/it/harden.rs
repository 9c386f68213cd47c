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

use std::collections::BTreeMap;

use crate::common::{copy_tree, judge_in, read_report, root, submission};
use crate::in_place::snapshot;
use judge::engine::session::harden::state::Record;
use judge::problem::recipe::Entry;
use judge::verdict::Verdict;

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

/// What a run printed became of a target: `(fate, target, detail)` from
/// each `  <fate> <target>: <detail>` line (a target's name may hold
/// `: `, the detail does not).
fn fates(out: &str) -> Vec<(String, String, String)> {
    out.lines()
        .filter_map(|l| {
            let l = l.strip_prefix("  ")?;
            let (fate, rest) = l.split_once(' ')?;
            if !["caught", "survived", "unbuildable", "skipped"].contains(&fate) {
                return None;
            }
            let (target, detail) = rest.rsplit_once(": ")?;
            Some((fate.to_string(), target.to_string(), detail.to_string()))
        })
        .collect()
}

/// A `caught` detail, `<verdict> on [new case ]<case>[ (…)]`, as
/// (verdict, case, whether the case is new).
fn caught(detail: &str) -> (String, String, bool) {
    let (verdict, on) = detail.split_once(" on ").expect(detail);
    let (case, new) = match on.strip_prefix("new case ") {
        Some(rest) => (rest.split(" (").next().unwrap(), true),
        None => (on, false),
    };
    (verdict.to_string(), case.to_string(), new)
}

/// What harden keeps between runs for the problem in `dir`: per target,
/// its record, as YAML-ready data.
fn state(dir: &Path) -> BTreeMap<String, Record> {
    use judge::engine::session::harden::state::{State, key};
    let problem = std::path::absolute(dir.join("problems/star-battle")).unwrap();
    let file = root()
        .join("target/harden/state")
        .join(format!("star-battle-{}.yaml", key(&problem)));
    State::load(&file).targets
}

/// The submission `WRONG` as harden names its target.
fn wrong_target() -> String {
    format!("submission {WRONG}")
}

#[test]
fn harden_catches_a_surviving_mutant_with_a_new_case_and_goes_on_where_it_stopped() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    setup(dir);

    // The samples alone let a wrong submission through.
    let check = |dir: &Path| {
        let run = judge_in(
            dir,
            &[
                "--problems",
                "problems",
                "check",
                "star-battle",
                "--sandbox",
                "off",
                "--report-dir",
                "reports",
            ],
            None,
        );
        let report = read_report(&dir.join("reports"));
        (run, report)
    };
    let (before, report) = check(dir);
    assert_eq!(before.code, 1, "{}", before.all());
    let wrong = submission(&report, "no_diagonal_touch.py");
    assert_eq!(
        (wrong.got, wrong.ok),
        (Some(Verdict::Accepted), false),
        "{wrong:?}"
    );

    // A dry run searches and reports but writes nothing.
    let dry = harden(dir, &["--dry-run"]);
    assert_eq!(dry.code, 0, "{}", dry.all());
    let found: Vec<(String, String, bool)> = (fates(&dry.stdout).iter())
        .filter(|(fate, _, _)| fate == "caught")
        .map(|(_, _, detail)| caught(detail))
        .collect();
    assert!(
        found
            .iter()
            .any(|(_, case, new)| case == "hardened/h-001" && *new),
        "{}",
        dry.all()
    );
    assert!(!dir.join("problems/star-battle/cases/hardened").exists());

    // A budget spent after the first target stops there, and says so.
    let first = harden(dir, &["--submission", WRONG, "--budget", "1us"]);
    assert_eq!(first.code, 0, "{}", first.all());
    // One target searched, the two mutants not started.
    let seen = fates(&first.stdout);
    assert_eq!(seen.len(), 1, "{}", first.all());
    assert_eq!(
        caught(&seen[0].2),
        ("WA".to_string(), "hardened/h-001".to_string(), true),
        "{}",
        first.all()
    );
    assert!(
        dir.join("problems/star-battle/cases/hardened/h-001.in")
            .is_file()
    );
    assert_eq!(seen[0].1, "harden test: is_empty always true");
    let kept = state(dir);
    assert_eq!(kept.keys().collect::<Vec<_>>(), [&seen[0].1], "{kept:?}");

    // The next run goes on with the other two.
    let run = harden(dir, &["--submission", WRONG]);
    assert_eq!(run.code, 0, "{}", run.all());
    let out = &run.stdout;
    let seen = fates(out);
    assert!(
        seen.iter()
            .all(|(_, t, _)| t != "harden test: is_empty always true"),
        "settled in the first run: {}",
        run.all()
    );
    let kept = state(dir);
    // The mutant the first case catches, the comment that survives 30
    // inputs, and the submission caught in the first run.
    let record = |name: &str| {
        let r = kept.get(name).unwrap_or_else(|| panic!("{name}: {kept:?}"));
        (
            r.result.as_str(),
            r.case.as_deref(),
            r.verdict.as_deref(),
            r.tried,
        )
    };
    assert_eq!(
        record("harden test: is_empty always true"),
        ("caught", Some("hardened/h-001"), Some("WA"), None)
    );
    assert_eq!(
        record("harden test: a comment"),
        ("survived", None, None, Some(30))
    );
    let (result, wrong_case, verdict, _) = record(&wrong_target());
    assert_eq!((result, verdict), ("caught", Some("WA")), "{kept:?}");
    let wrong_case = wrong_case
        .unwrap()
        .strip_prefix("hardened/")
        .unwrap()
        .to_string();
    assert!(
        seen.contains(&(
            "survived".to_string(),
            "harden test: a comment".to_string(),
            "no input of 30 caught it".to_string()
        )),
        "{}",
        run.all()
    );
    let rate = out
        .lines()
        .find(|l| l.starts_with("kill rate: "))
        .unwrap_or_else(|| panic!("{}", run.all()));
    assert_eq!(
        rate,
        "kill rate: before 0 of 2 viable (0.0 %), after 1 of 2 (50.0 %): 1 survivors caught, 1 still alive, 0 not tried"
    );

    // The case is valid, and its answer is the reference's.
    let case = dir.join("problems/star-battle/cases/hardened/h-001");
    let input = std::fs::read_to_string(case.with_extension("in")).unwrap();
    let answer = std::fs::read_to_string(case.with_extension("out")).unwrap();
    let solver = judge::solvers::find("star-battle").unwrap();
    assert_eq!(solver.solve(&input).unwrap(), answer);
    let on_wrong: Vec<(String, String, bool)> = (seen.iter())
        .filter(|(fate, target, _)| fate == "caught" && *target == wrong_target())
        .map(|(_, _, detail)| caught(detail))
        .collect();
    assert_eq!(on_wrong.len(), 1, "{}", run.all());
    assert_eq!(on_wrong[0].0, "WA", "{}", run.all());
    // The test set now catches the submission it let through.
    let (after, report) = check(dir);
    assert_eq!(after.code, 0, "{}", after.all());
    assert!(submission(&report, "no_diagonal_touch.py").ok);

    // Each case is in the recipe with its draw and what it catches, and
    // validate remakes it from there.
    let recipe = judge::problem::recipe::load(&dir.join("problems/star-battle"))
        .unwrap()
        .expect("a recipe");
    let entries = &recipe.groups["hardened"];
    let catches = |name: &str| -> Vec<String> {
        let found: Vec<&Vec<String>> = (entries.iter())
            .filter_map(|e| match e {
                Entry::Single { case, catches, .. } if case == name => Some(catches),
                _ => None,
            })
            .collect();
        assert_eq!(found.len(), 1, "{name}: {recipe:?}");
        found[0].clone()
    };
    assert!(
        catches("h-001").contains(&"harden test: is_empty always true".to_string()),
        "{recipe:?}"
    );
    assert!(
        catches(&wrong_case).iter().any(|c| c.ends_with(WRONG)),
        "{recipe:?}"
    );
    let validate = judge_in(
        dir,
        &["--problems", "problems", "validate", "star-battle"],
        None,
    );
    assert_eq!(validate.code, 0, "{}", validate.all());

    // Resumed: both targets are settled, so nothing runs and nothing is added.
    let settled = format!("{:?}", state(dir));
    let cases = snapshot(&dir.join("problems/star-battle/cases"));
    let again = harden(dir, &["--submission", WRONG]);
    assert_eq!(again.code, 0, "{}", again.all());
    assert_eq!(fates(&again.stdout), Vec::new(), "{}", again.all());
    assert_eq!(format!("{:?}", state(dir)), settled);
    assert_eq!(snapshot(&dir.join("problems/star-battle/cases")), cases);
    assert!(
        !dir.join("problems/star-battle/cases/hardened/h-003.in")
            .exists()
    );
}
