//! Each problem's committed cases as a test of its solver: every expected
//! output must be what the solver prints for the input.
//!
//! `judge check` proves the same for the solver as it is. This test exists
//! for `make mutants`, which runs it (and only it) against mutated copies
//! of one solver's code: a mutant is killed exactly when some case's
//! expected output differs from what the mutant prints, so the share of
//! mutants killed measures the strength of the test set, not of the unit
//! tests (which would kill many more).

use std::path::Path;

use crate::scan::InputError;

/// Solves every case of `problems/<problem>/cases` with `solver` and fails
/// on the first output that differs from the committed one.
fn outputs_match(problem: &str, solver: &str) {
    let solver = super::find(solver).expect("registered solver");
    let cases = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems")
        .join(problem)
        .join("cases");
    let mut seen = 0;
    for entry in walkdir::WalkDir::new(&cases).sort_by_file_name() {
        let path = entry.expect("readable cases folder").into_path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let input = std::fs::read_to_string(&path).expect("UTF-8 input");
        let expected = std::fs::read_to_string(path.with_extension("out")).expect("an .out file");
        let got: Result<String, InputError> = solver.solve(&input);
        assert_eq!(
            got.as_deref().ok(),
            Some(expected.as_str()),
            "{}",
            path.display()
        );
        seen += 1;
    }
    assert!(seen > 0, "no cases in {}", cases.display());
}

#[test]
fn atoms() {
    outputs_match("atoms", "atoms");
}

#[test]
fn four_in_a_row() {
    outputs_match("four-in-a-row", "four-in-a-row");
}

#[test]
fn slink() {
    outputs_match("slink", "slink");
}

#[test]
fn star_battle() {
    outputs_match("star-battle", "star-battle");
}

#[test]
fn sudoku_checker() {
    outputs_match("sudoku-checker", "sudoku-checker");
}
