//! The five problems exported for a peer to check: each as `format`, in
//! a folder named after its short name (the peers want it so).

use std::path::Path;

use crate::common::{judge, root};

/// Exports every problem of `problems/` into `out` as `format`; returns
/// `(problem id, short name)` for each, sorted. Fails on any export error
/// or warning.
pub(crate) fn export_all(out: &Path, format: &str) -> Vec<(String, String)> {
    let mut problems: Vec<String> = std::fs::read_dir(root().join("problems"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| {
            root()
                .join("problems")
                .join(name)
                .join("problem.yaml")
                .exists()
        })
        .collect();
    problems.sort();
    assert_eq!(problems.len(), 5, "{problems:?}");
    problems
        .into_iter()
        .map(|problem| {
            let short: String = problem
                .chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .collect();
            let dir = out.join(&short);
            let export = judge(&[
                "export",
                &problem,
                "--format",
                format,
                "--out",
                dir.to_str().unwrap(),
            ]);
            assert_eq!(export.code, 0, "{}", export.all());
            assert!(!export.all().contains("warning"), "{}", export.all());
            (problem, short)
        })
        .collect()
}
