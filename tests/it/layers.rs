//! The workspace's crates are judge's layers, and each may depend only on
//! layers below it. Cargo already refuses a cycle between crates; this
//! test also refuses an arrow that points up or sideways (the sandbox
//! reaching for a problem, a solver for another layer, the report for the
//! engine), which Cargo would accept.

use std::collections::BTreeMap;

use crate::common::root;

/// Each crate of judge's harness and its floor: a crate may use crates of
/// lower floors only. The solver crates (every crate `src/solvers.rs`
/// registers, so a new problem's crate needs no line here) share
/// [`SOLVER_FLOOR`] and may not use each other. The package reader and
/// the reports share a floor too: both stand on the problem model and
/// neither may use the other, so a change to one never rebuilds the other.
const FLOORS: [(&str, u32); 11] = [
    ("judge-text", 0),
    ("judge-languages", 0),
    ("judge-checktestdata", 0),
    ("judge-solver", 1),
    ("judge-fs", 1),
    ("judge-sandbox", 2),
    ("judge-problem", 3),
    ("judge-package", 4),
    ("judge-report", 4),
    ("judge-engine", 5),
    ("judge", 6),
];

const SOLVER_FLOOR: u32 = 2;

/// The crates `src/solvers.rs` links as solvers (`pub use judge_x as x;`).
fn solver_crates() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("src/solvers.rs")).unwrap();
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("pub use judge_"))
        .filter_map(|rest| rest.split_once(" as "))
        .map(|(module, _)| format!("judge-{}", module.replace('_', "-")))
        .collect()
}

/// The judge crates named in the `[dependencies]` table of a manifest
/// (dev-dependencies may reach anywhere: tests use the real solvers).
fn judge_dependencies(manifest: &str) -> Vec<String> {
    let mut in_dependencies = false;
    let mut found = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
            continue;
        }
        if !in_dependencies {
            continue;
        }
        let name = line.split(['.', ' ', '=']).next().unwrap_or("");
        if name.starts_with("judge-") {
            found.push(name.to_string());
        }
    }
    found
}

#[test]
fn every_crate_uses_only_the_layers_below_it() {
    let solvers = solver_crates();
    assert!(solvers.len() >= 5, "{solvers:?}");
    let floors: BTreeMap<&str, u32> = FLOORS
        .into_iter()
        .chain(solvers.iter().map(|s| (s.as_str(), SOLVER_FLOOR)))
        .collect();
    let mut manifests = vec![("judge".to_string(), root().join("Cargo.toml"))];
    for entry in std::fs::read_dir(root().join("crates")).unwrap().flatten() {
        let manifest = entry.path().join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest).unwrap();
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .and_then(|n| n.strip_suffix('"'))
            .unwrap()
            .to_string();
        manifests.push((name, manifest));
    }
    assert_eq!(manifests.len(), floors.len(), "a crate without a floor");
    let mut wrong = Vec::new();
    for (name, manifest) in &manifests {
        let floor = *floors
            .get(name.as_str())
            .unwrap_or_else(|| panic!("{name} has no floor in FLOORS"));
        let text = std::fs::read_to_string(manifest).unwrap();
        for dep in judge_dependencies(&text) {
            let below = floors.get(dep.as_str()).copied();
            if below.is_none_or(|b| b >= floor) {
                wrong.push(format!("{name} (floor {floor}) uses {dep} ({below:?})"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_reader_sees_dependencies_and_ignores_dev_dependencies() {
    let manifest = "[package]\nname = \"x\"\n[dependencies]\njudge-text.workspace = true\n\
        judge-fs = { path = \"../fs\" }\nserde = \"1\"\n[dev-dependencies]\njudge-atoms.workspace = true\n";
    assert_eq!(judge_dependencies(manifest), ["judge-text", "judge-fs"]);
}
