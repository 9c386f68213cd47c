//! Each problem's committed cases as a test of its solver: every expected
//! output must be what the solver prints for the input.
//!
//! `judge check` proves the same for the solver as it is. Each solver
//! crate calls [`outputs_match`] from one test, `committed_cases`, which
//! `make mutants` runs (and only it) against mutated copies of that
//! crate's code: a mutant is killed exactly when some case's expected
//! output differs from what the mutant prints, so the share of mutants
//! killed measures the strength of the test set, not of the unit tests
//! (which would kill many more).

use std::path::{Path, PathBuf};

use crate::Solver;

/// The repository that holds the solver crate at `manifest_dir`
/// (`crates/<name>`).
pub fn repo_root(manifest_dir: &str) -> PathBuf {
    Path::new(manifest_dir).join("../..")
}

/// Every `(x.in, x.out)` pair of `problems/<problem>/cases` in the
/// repository at `root`, sorted; panics when an `.in` has no `.out`, since
/// tests confirm committed data.
pub fn case_pairs(root: &Path, problem: &str) -> Vec<(PathBuf, PathBuf)> {
    let mut inputs = Vec::new();
    collect_inputs(
        &root.join("problems").join(problem).join("cases"),
        &mut inputs,
    );
    inputs.sort();
    inputs
        .into_iter()
        .map(|input| {
            let answer = input.with_extension("out");
            assert!(answer.is_file(), "{} has no .out", input.display());
            (input, answer)
        })
        .collect()
}

/// Every case of `problems/<problem>/cases` in the repository at `root`,
/// sorted by path: its input's path, input and expected output.
pub fn committed_cases(root: &Path, problem: &str) -> Vec<(PathBuf, String, String)> {
    case_pairs(root, problem)
        .into_iter()
        .map(|(p, _)| {
            let read = |p: &Path| {
                std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
            };
            let (input, expected) = (read(&p), read(&p.with_extension("out")));
            (p, input, expected)
        })
        .collect()
}

fn collect_inputs(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a readable cases folder").path();
        if path.is_dir() {
            collect_inputs(&path, out);
        } else if path.extension().is_some_and(|e| e == "in") {
            out.push(path);
        }
    }
}

/// Solves every committed case of the problem named like `solver` and
/// fails on the first output that differs from the committed one.
pub fn outputs_match(solver: &dyn Solver, manifest_dir: &str) {
    let cases = committed_cases(&repo_root(manifest_dir), solver.id());
    assert!(!cases.is_empty(), "no cases for {}", solver.id());
    for (path, input, expected) in cases {
        let got = solver.solve(&input);
        assert_eq!(
            got.as_deref().ok(),
            Some(expected.as_str()),
            "{}",
            path.display()
        );
    }
}
