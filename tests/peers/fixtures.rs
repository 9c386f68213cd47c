//! The ICPC / Kattis packages among judge's fixtures, found by their shape
//! so a package added later is compared without editing this list: every
//! folder under `testdata/` with a `problem.yaml`, a `submissions/` folder
//! and test data (`data/`, or only a recipe in `generators/`). judge's own
//! problem folders keep their cases in `cases/` and are not packages.

use std::path::{Path, PathBuf};

use crate::common::{copy_tree, root};

/// The package format a `problem.yaml` declares, which decides the peer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    /// No `problem_format_version`: the legacy format.
    Legacy,
    /// `2023-07-draft` (or `2023-07`).
    Draft2023,
    /// `2025-09`.
    V2025,
}

/// One package found under `testdata/`.
#[derive(Debug, Clone)]
pub(crate) struct Package {
    /// Its path below `testdata/`, e.g. `packages/legacy-float`: the name
    /// docs/peer-differences.md lists it under.
    pub name: String,
    pub dir: PathBuf,
    /// `Err(version)` for a version no peer reads.
    pub format: Result<Format, String>,
    /// The contest folder around it (its parent has a `problems.yaml` or
    /// `contest.yaml`): copied whole, since the package reads from it.
    pub contest: Option<PathBuf>,
}

impl Package {
    /// Whether its secret data exists only as a recipe that a tool must
    /// generate (`generators/generators.yaml`).
    pub(crate) fn has_recipe(&self) -> bool {
        self.dir.join("generators/generators.yaml").is_file()
    }
}

/// Every package under `testdata/`, sorted by name.
pub(crate) fn discover() -> Vec<Package> {
    let testdata = root().join("testdata");
    let mut found: Vec<Package> = walkdir::WalkDir::new(&testdata)
        .sort_by_file_name()
        .into_iter()
        .map(|e| e.expect("testdata/ reads"))
        .filter(|e| e.file_type().is_dir() && is_package(e.path()))
        .map(|e| package(&testdata, e.path()))
        .collect();
    found.sort_by(|a, b| a.name.cmp(&b.name));
    found
}

fn is_package(dir: &Path) -> bool {
    dir.join("problem.yaml").is_file()
        && dir.join("submissions").is_dir()
        && (dir.join("data").is_dir() || dir.join("generators/generators.yaml").is_file())
}

fn package(testdata: &Path, dir: &Path) -> Package {
    let name = dir.strip_prefix(testdata).unwrap().display().to_string();
    let parent = dir.parent().unwrap();
    let contest = ["problems.yaml", "contest.yaml"]
        .iter()
        .any(|f| parent.join(f).is_file())
        .then(|| parent.to_path_buf());
    Package {
        name,
        dir: dir.to_path_buf(),
        format: format(&dir.join("problem.yaml")),
        contest,
    }
}

/// The format `problem.yaml` declares.
fn format(file: &Path) -> Result<Format, String> {
    let text = std::fs::read_to_string(file).unwrap();
    let yaml: serde_yaml::Value =
        serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    match yaml.get("problem_format_version") {
        None => Ok(Format::Legacy),
        Some(v) => match v.as_str() {
            Some("2023-07-draft" | "2023-07") => Ok(Format::Draft2023),
            Some("2025-09") => Ok(Format::V2025),
            _ => Err(format!("{v:?}")),
        },
    }
}

/// A package copied for one comparison, where both tools read it.
pub(crate) struct Copy {
    /// What judge gets as `--problems` (the folder around the package).
    pub problems: PathBuf,
    /// The package itself, for the peer.
    pub package: PathBuf,
    /// Its folder's name, as both tools call it.
    pub id: String,
}

/// Copies `pkg` under `into`: alone in a folder of its own, named without
/// dashes (verifyproblem wants `[a-z0-9]+` and adds an error otherwise,
/// testdata/packages/README.md), or with its whole contest folder.
pub(crate) fn copy(pkg: &Package, into: &Path) -> Copy {
    match &pkg.contest {
        Some(contest) => {
            let problems = into.join("contest");
            copy_tree(contest, &problems);
            let id = pkg.dir.file_name().unwrap().to_string_lossy().into_owned();
            Copy {
                package: problems.join(&id),
                problems,
                id,
            }
        }
        None => {
            let id: String = (pkg.dir.file_name().unwrap().to_string_lossy())
                .chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .collect::<String>()
                .to_lowercase();
            let problems = into.join("problems");
            copy_tree(&pkg.dir, &problems.join(&id));
            Copy {
                package: problems.join(&id),
                problems,
                id,
            }
        }
    }
}

#[test]
fn the_fixture_packages_are_found_with_their_formats() {
    let found = discover();
    let named = |n: &str| found.iter().find(|p| p.name == n);
    let float = named("packages/legacy-float").expect("legacy-float found");
    assert_eq!(float.format, Ok(Format::Legacy));
    assert!(float.contest.is_none());
    let guess = named("packages/generated-guess").expect("a recipe-only package found");
    assert_eq!(guess.format, Ok(Format::V2025));
    assert!(guess.has_recipe());
    let parts = named("packages/conventions-contest/parts").expect("a contest's package");
    assert!(parts.contest.is_some());
    // judge's own problem folders (cases/) and examples without
    // submissions are not packages.
    assert!(named("kinds/sum").is_none(), "{found:?}");
    assert!(
        !found.iter().any(|p| p.name.contains("examples")),
        "{found:?}"
    );
}
