//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The repository root (where Cargo.toml is).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `(x.in, x.out)` pair under `problems/<id>/cases`, sorted; panics if
/// an `.in` has no `.out`, since these tests confirm committed data.
pub fn case_files(problem: &str) -> Vec<(PathBuf, PathBuf)> {
    let mut found = Vec::new();
    collect(
        &root().join("problems").join(problem).join("cases"),
        &mut found,
    );
    found.sort();
    found
        .into_iter()
        .map(|input| {
            let answer = input.with_extension("out");
            assert!(answer.is_file(), "{} has no .out", input.display());
            (input, answer)
        })
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "in") {
            out.push(path);
        }
    }
}
