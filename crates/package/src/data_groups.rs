//! Which folders of a 2025-09 package's `data/` are test data groups, and
//! the rules of their layout (2025-09, "Test data groups").
//!
//! In 2025-09 a group is a folder directly below `data/secret` that holds
//! a `test_group.yaml`; any other folder below `data/sample` or
//! `data/secret` is only a folder, its cases the enclosing group's (the
//! sample, `secret`, or the group it lies in). judge's own model makes
//! every folder a group, so the plain folders are handed on in
//! [`Plan::plain_folders`]: a package judged in place files their cases
//! under the group that holds them, as the format scores them. Legacy
//! packages (and 2023-07 drafts, which wrote `testdata.yaml` into any
//! folder) keep their rule: every folder is a group.
//!
//! The layout rules are MUSTs, so breaking one refuses the package with
//! the folder named: `secret` holding groups and cases (or groups and
//! plain folders) side by side, a group inside a group, a group in the
//! sample, a folder named as a case beside it, a case named `test_group`.

use std::collections::BTreeSet;
use std::path::Path;

use crate::Refusal;
use crate::origin::Format;
use crate::plan::{Plan, name_of, rel, sorted_entries};

/// The settings file that makes a folder a group.
const GROUP_FILE: &str = "test_group.yaml";

/// Reads the groups of the `data/` folder `data` (of the package `pkg`)
/// into `plan`: its plain folders, and a refusal for each rule broken.
pub(crate) fn read(pkg: &Path, data: &Path, format: Format, plan: &mut Plan) {
    if format != Format::V2025 {
        return;
    }
    let mut layout = Layout {
        pkg,
        data,
        plan,
        plain: BTreeSet::new(),
    };
    layout.sample();
    layout.secret();
    for top in ["sample", "secret"] {
        layout.names(&data.join(top));
    }
    let plain = layout.plain;
    plan.plain_folders = plain;
}

/// One reading of a `data/` folder's groups.
struct Layout<'a> {
    pkg: &'a Path,
    data: &'a Path,
    plan: &'a mut Plan,
    /// Plain folders, relative to `data/`.
    plain: BTreeSet<String>,
}

impl Layout<'_> {
    /// `data/sample`: every folder below it is plain, none a group.
    fn sample(&mut self) {
        let sample = self.data.join("sample");
        for dir in folders_below(&sample) {
            if dir.join(GROUP_FILE).is_file() {
                self.refuse(
                    &dir,
                    "data/sample holds no test data groups (2025-09, Samples)",
                );
            }
            self.plain.insert(rel(self.data, &dir));
        }
    }

    /// `data/secret`: groups (folders holding `test_group.yaml`) or cases,
    /// never both; no group inside a group.
    fn secret(&mut self) {
        let secret = self.data.join("secret");
        let entries = sorted_entries(&secret);
        let visible = |p: &&std::path::PathBuf| !name_of(p).starts_with('.');
        let subfolders: Vec<_> = entries
            .iter()
            .filter(visible)
            .filter(|p| p.is_dir())
            .collect();
        let groups: Vec<_> = (subfolders.iter())
            .filter(|d| d.join(GROUP_FILE).is_file())
            .collect();
        if !groups.is_empty() {
            let why = "data/secret holds test data groups (folders with a test_group.yaml), so it may hold no cases directly (2025-09, Test data groups)";
            for case in entries.iter().filter(visible).filter(|p| is_input(p)) {
                self.refuse(case, why);
            }
            for dir in subfolders.iter().filter(|d| !d.join(GROUP_FILE).is_file()) {
                let why = "a folder without test_group.yaml beside test data groups: every folder of data/secret must then be a group (2025-09, Test data groups)";
                self.refuse(dir, why);
            }
        }
        for dir in folders_below(&secret) {
            let is_group = dir.parent() == Some(secret.as_path()) && dir.join(GROUP_FILE).is_file();
            if is_group {
                continue;
            }
            if dir.join(GROUP_FILE).is_file() {
                let why = "a test_group.yaml below a folder of data/secret: groups are the folders directly below data/secret and hold no further groups (2025-09, Test data groups)";
                self.refuse(&dir, why);
            }
            self.plain.insert(rel(self.data, &dir));
        }
    }

    /// Names the format forbids below `dir`: a folder named as a case
    /// beside it, a case named `test_group`.
    fn names(&mut self, dir: &Path) {
        let walk = walkdir::WalkDir::new(dir)
            .follow_links(true)
            .sort_by_file_name();
        for entry in walk.into_iter().filter_entry(|e| !is_case_files(e.path())) {
            let Ok(entry) = entry else { continue };
            let path = entry.path();
            if entry.file_type().is_dir() && path.with_extension("in").is_file() && path != dir {
                let why = "a folder named as the case beside it (2025-09, Test data groups)";
                self.refuse(path, why);
            } else if is_input(path) && path.file_stem().is_some_and(|s| s == "test_group") {
                let why = "a case must not be named test_group: test_group.yaml would configure it and its group alike (2025-09, Test cases)";
                self.refuse(path, why);
            }
        }
    }

    fn refuse(&mut self, path: &Path, why: &str) {
        let shown = rel(self.pkg, path);
        let at = match path.is_dir() {
            true => format!("{shown}/"),
            false => shown,
        };
        self.plan.refused.push(Refusal::Invalid {
            at,
            reason: why.into(),
        });
    }
}

/// Every folder below `dir` (not `dir` itself), hidden ones left out.
fn folders_below(dir: &Path) -> Vec<std::path::PathBuf> {
    walkdir::WalkDir::new(dir)
        .follow_links(true)
        .min_depth(1)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            !e.file_name().to_string_lossy().starts_with('.') && !is_case_files(e.path())
        })
        .flatten()
        .filter(|e| e.file_type().is_dir())
        .map(|e| e.path().to_path_buf())
        .collect()
}

/// A case's `.files` folder: part of the case, no folder of the data.
pub(crate) fn is_case_files(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "files") && path.with_extension("in").is_file()
}

fn is_input(path: &Path) -> bool {
    path.is_file() && path.extension().is_some_and(|e| e == "in")
}

/// The judge group that holds the cases of judge group `group` (a data
/// folder's group, `a/b` for `data/secret/a/b`) when the package says
/// which folders are plain (by path below `data/`), and the path of the
/// plain folders between them, to go before each case's name: `("",
/// "big")` for a plain `data/secret/big`.
pub(crate) fn enclosing(group: &str, plain: &BTreeSet<String>) -> (String, String) {
    let folder = |g: &str| match g {
        "" => "secret".to_string(),
        g if g == "sample" || g.starts_with("sample/") => g.to_string(),
        g => format!("secret/{g}"),
    };
    let mut group = group.to_string();
    let mut lifted: Vec<String> = Vec::new();
    while !group.is_empty() && plain.contains(&folder(&group)) {
        let (parent, last) = match group.rsplit_once('/') {
            Some((p, l)) => (p.to_string(), l.to_string()),
            None => (String::new(), group.clone()),
        };
        lifted.insert(0, last);
        group = parent;
    }
    (group, lifted.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(files: &[&str]) -> (tempfile::TempDir, Plan) {
        let dir = tempfile::tempdir().unwrap();
        for f in files {
            let p = dir.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "").unwrap();
        }
        let mut plan = Plan::default();
        read(
            dir.path(),
            &dir.path().join("data"),
            Format::V2025,
            &mut plan,
        );
        (dir, plan)
    }

    fn refused_at(plan: &Plan) -> Vec<String> {
        plan.refused
            .iter()
            .map(|r| match r {
                Refusal::Invalid { at, .. } => at.clone(),
                other => other.to_string(),
            })
            .collect()
    }

    #[test]
    fn folders_without_test_group_yaml_are_plain_and_their_cases_the_secrets() {
        let (_d, plan) = layout(&[
            "data/secret/1.in",
            "data/secret/big/2.in",
            "data/sample/x/1.in",
        ]);
        assert!(plan.refused.is_empty(), "{:?}", plan.refused);
        let plain: Vec<&str> = plan.plain_folders.iter().map(String::as_str).collect();
        assert_eq!(plain, ["sample/x", "secret/big"]);
        assert_eq!(
            enclosing("big", &plan.plain_folders),
            (String::new(), "big".into())
        );
        assert_eq!(
            enclosing("sample/x", &plan.plain_folders),
            ("sample".into(), "x".into())
        );
        assert_eq!(
            enclosing("", &plan.plain_folders),
            (String::new(), String::new())
        );
    }

    #[test]
    fn groups_beside_cases_or_plain_folders_nested_or_in_the_sample_are_refused_by_folder() {
        let (_d, plan) = layout(&[
            "data/secret/g1/test_group.yaml",
            "data/secret/g1/1.in",
            "data/secret/g1/deep/test_group.yaml",
            "data/secret/g1/deep/2.in",
            "data/secret/loose/3.in",
            "data/secret/4.in",
            "data/sample/s/test_group.yaml",
        ]);
        assert_eq!(
            refused_at(&plan),
            [
                "data/sample/s/",
                "data/secret/4.in",
                "data/secret/loose/",
                "data/secret/g1/deep/",
            ]
        );
        // A group's own folders are plain; the groups are not.
        assert!(plan.plain_folders.contains("secret/g1/deep"));
        assert!(!plan.plain_folders.contains("secret/g1"));
        assert_eq!(
            enclosing("g1/deep", &plan.plain_folders),
            ("g1".into(), "deep".into())
        );
    }

    #[test]
    fn a_folder_named_as_a_case_and_a_case_named_test_group_are_refused() {
        let (_d, plan) = layout(&[
            "data/secret/huge.in",
            "data/secret/huge/1.in",
            "data/secret/test_group.in",
        ]);
        assert_eq!(
            refused_at(&plan),
            ["data/secret/huge/", "data/secret/test_group.in"]
        );
    }

    #[test]
    fn legacy_packages_keep_every_folder_a_group() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("data/secret/big")).unwrap();
        let mut plan = Plan::default();
        read(
            dir.path(),
            &dir.path().join("data"),
            Format::Legacy,
            &mut plan,
        );
        assert!(plan.plain_folders.is_empty() && plan.refused.is_empty());
    }
}
