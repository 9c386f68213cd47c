//! The five problems exported for a peer to check: each as `format`, in
//! a folder named after its short name (the peers want it so).

use std::path::Path;

use crate::common::{judge, root};

/// Exports every problem of `problems/` into `out` as `format`; returns
/// `(problem id, short name)` for each, sorted. Fails on any export error
/// or warning but the one that says invalid inputs stay behind (formats
/// before 2025-09).
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
            // The one warning a complete problem gets: its invalid inputs
            // stay behind in the formats problemtools reads.
            let warnings: Vec<&str> = (export.stdout.lines())
                .chain(export.stderr.lines())
                .filter(|l| l.contains("warning"))
                .filter(|l| format == "2025-09" || !l.contains("invalid inputs not exported"))
                .collect();
            assert!(warnings.is_empty(), "{}", export.all());
            (problem, short)
        })
        .collect()
}
