//! The workspace's crates are judge's layers, and each may depend only on
//! layers below it. Cargo already refuses a cycle between crates; this
//! test also refuses an arrow that points up or sideways (the sandbox
//! reaching for a problem, a solver for another layer, the report for the
//! engine), which Cargo would accept.

use std::collections::BTreeMap;

use crate::common::root;

/// Each crate of judge and its floor: a crate may use crates of lower
/// floors only. The solvers share a floor and may not use each other.
const FLOORS: [(&str, u32); 14] = [
    ("judge-text", 0),
    ("judge-languages", 0),
    ("judge-solver", 1),
    ("judge-fs", 1),
    ("judge-atoms", 2),
    ("judge-four-in-a-row", 2),
    ("judge-slink", 2),
    ("judge-star-battle", 2),
    ("judge-sudoku-checker", 2),
    ("judge-sandbox", 2),
    ("judge-problem", 3),
    ("judge-report", 4),
    ("judge-engine", 5),
    ("judge", 6),
];

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
    let floors: BTreeMap<&str, u32> = FLOORS.into_iter().collect();
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
    assert_eq!(manifests.len(), FLOORS.len(), "a crate without a floor");
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
