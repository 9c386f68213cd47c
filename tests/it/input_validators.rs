//! Each problem has two input validators written independently: the
//! in-crate strict one (`crates/<id>/`) and a C++ program
//! (`problems/<id>/validators/validate.cpp`, the package's input validator).
//! `judge validate` runs both on every input and calls a disagreement a
//! judge error. Here both see every committed case plus a few hundred seeded
//! mutations of them, most of them almost valid (a byte gone, a count off by
//! one, a row too short, a stray CR): no case may be JE, every committed case
//! must pass, and the mutants that break a rule of every format must be
//! rejected, so two validators that accepted everything would fail too.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common::{case_files, copy_tree, judge_in, read_report, root};
use judge::verdict::Verdict;

mod mutate;
use mutate::{Mutant, mutants};

/// Mutated inputs per problem.
const MUTANTS: usize = 240;

/// The group the mutants are written to.
const GROUP: &str = "mutated";

/// A copy of `problems/<id>` whose cases are its own plus the mutants;
/// returns the problems folder and the mutants by case name.
fn prepare(tmp: &Path, problem: &str, seed: u64) -> (PathBuf, BTreeMap<String, Mutant>) {
    let originals = case_files(problem);
    let src = root().join("problems").join(problem);
    let problems = tmp.join("problems");
    let dst = problems.join(problem);
    copy_tree(&src, &dst);
    let made = mutants(problem, &originals, seed, MUTANTS);
    let dir = dst.join("cases").join(GROUP);
    std::fs::create_dir_all(&dir).unwrap();
    // The recipe must name every case, the mutants too.
    let recipe = dst.join("recipe.yaml");
    let text = std::fs::read_to_string(&recipe).unwrap();
    assert!(text.contains("\ngroups:\n"), "{text}");
    let text = text.replacen(
        "\ngroups:\n",
        &format!("\ngroups:\n  {GROUP}:\n    - manual: all\n"),
        1,
    );
    std::fs::write(&recipe, text).unwrap();
    let mut by_name = BTreeMap::new();
    for (n, m) in made.into_iter().enumerate() {
        let name = format!("{n:03}-{}", m.kind);
        std::fs::write(dir.join(format!("{name}.in")), &m.text).unwrap();
        std::fs::copy(&m.answer, dir.join(format!("{name}.out"))).unwrap();
        by_name.insert(name, m);
    }
    (problems, by_name)
}

/// Both validators on every case and mutant of `problem`: they agree, the
/// committed cases pass, and what must be rejected is.
fn agree_on(problem: &str, seed: u64) {
    if !crate::common::sandbox("agree_on") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let (problems, mutants) = prepare(tmp.path(), problem, seed);
    let reports = tmp.path().join("r");
    let run = judge_in(
        tmp.path(),
        &[
            "--problems",
            problems.to_str().unwrap(),
            "validate",
            "--report-dir",
            reports.to_str().unwrap(),
        ],
        None,
    );
    assert!(run.code == 0 || run.code == 1, "{}", run.all());
    let report = read_report(&reports);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let p = report.problems.iter().find(|p| p.id == problem).unwrap();
    assert!(p.issues.is_empty(), "hygiene: {:?}", p.issues);
    let originals = case_files(problem).len();
    // The problem's invalid/ inputs come along (group invalid_input); a
    // validator accepting one is a JE below like any disagreement.
    let invalid = walkdir::WalkDir::new(
        crate::common::root()
            .join("problems")
            .join(problem)
            .join("invalid"),
    )
    .into_iter()
    .filter_map(Result::ok)
    .filter(|e| e.path().extension().is_some_and(|x| x == "in"))
    .count();
    assert_eq!(p.cases.len(), originals + mutants.len() + invalid);

    let show = |name: &str| {
        mutants
            .get(name)
            .map(|m| format!("{:?}", String::from_utf8_lossy(&m.text)))
            .unwrap_or_default()
    };
    let disagreements: Vec<String> = p
        .cases
        .iter()
        .filter(|c| c.verdict == Verdict::JudgeError)
        .map(|c| format!("{}: {:?}\n  input: {}", c.id(), c.message, show(&c.name)))
        .collect();
    assert!(
        disagreements.is_empty(),
        "{problem}: {} case(s) split the validators:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );

    let mut rejected = 0;
    let mut by_kind: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for c in &p.cases {
        if c.group != GROUP {
            assert_eq!(c.verdict, Verdict::Accepted, "{}: {:?}", c.id(), c.message);
            continue;
        }
        let m = &mutants[&c.name];
        let bad = c.verdict == Verdict::BadInput;
        assert!(
            bad || c.verdict == Verdict::Accepted,
            "{}: {:?} {:?}",
            c.id(),
            c.verdict,
            c.message
        );
        assert!(
            bad || !m.must_reject,
            "{}: both validators accepted {}",
            c.id(),
            show(&c.name)
        );
        rejected += usize::from(bad);
        let tally = by_kind.entry(m.kind).or_default();
        tally.0 += usize::from(bad);
        tally.1 += 1;
    }
    eprintln!(
        "{problem}: {} mutants, {rejected} rejected; by kind (rejected/made): {by_kind:?}",
        mutants.len()
    );
    // Most mutations break a rule; a validator pair that let most through
    // would be suspicious even if it agreed.
    assert!(
        rejected * 2 >= mutants.len(),
        "{problem}: only {rejected} of {} mutants rejected",
        mutants.len()
    );
    // And some stay valid, so agreement on accepting is tested too.
    assert!(
        rejected < mutants.len(),
        "{problem}: every mutant was rejected"
    );
}

#[test]
fn atoms_validators_agree() {
    agree_on("atoms", 11606);
}

#[test]
fn star_battle_validators_agree() {
    agree_on("star-battle", 1);
}

#[test]
fn sudoku_checker_validators_agree() {
    agree_on("sudoku-checker", 10957);
}

#[test]
fn slink_validators_agree() {
    agree_on("slink", 2007);
}

#[test]
fn four_in_a_row_validators_agree() {
    agree_on("four-in-a-row", 4);
}
