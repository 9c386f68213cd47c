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
    let cases = case_files(problem);
    assert!(!cases.is_empty(), "no cases for {problem}");
    for (path, input, expected) in cases {
        let got: Result<String, InputError> = solver.solve(&input);
        assert_eq!(
            got.as_deref().ok(),
            Some(expected.as_str()),
            "{}",
            path.display()
        );
    }
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

/// The solver dispatches to the fastest search this machine runs; the
/// others (portable, SSE2, SSE4.1) are shipped too, so the cases check
/// every available one, and a mutant in any engine's code can die.
#[test]
fn sudoku_checker() {
    use super::sudoku_checker::{Engine, parse, render, verdict_with};
    outputs_match("sudoku-checker", "sudoku-checker");
    let engines: Vec<Engine> = Engine::ALL.into_iter().filter(|e| e.available()).collect();
    for (path, input, expected) in case_files("sudoku-checker") {
        let grids = parse(&input).expect("a valid input");
        for &engine in &engines {
            let mut out = String::new();
            for (n, grid) in grids.iter().enumerate() {
                render(n + 1, verdict_with(engine, &grid.cells), &mut out);
            }
            assert_eq!(out, expected, "{engine:?} on {}", path.display());
        }
    }
}

/// Every case of a problem: its input's path, input and expected output.
fn case_files(problem: &str) -> Vec<(std::path::PathBuf, String, String)> {
    let cases = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems")
        .join(problem)
        .join("cases");
    walkdir::WalkDir::new(&cases)
        .sort_by_file_name()
        .into_iter()
        .map(|e| e.expect("readable cases folder").into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .map(|p| {
            let read = |p: &Path| std::fs::read_to_string(p).expect("a UTF-8 case file");
            let (input, expected) = (read(&p), read(&p.with_extension("out")));
            (p, input, expected)
        })
        .collect()
}
