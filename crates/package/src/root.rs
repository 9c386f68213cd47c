//! Where judge's repository is: found from any folder inside it, as cargo
//! and git find theirs, so that a command run from `problems/demo` uses
//! the same configuration, problems, reports and cache as one run from
//! the top.
//!
//! The root is the nearest folder, from the current one upwards, that
//! holds `judge-config.yaml` or a `problems/` folder. Inside an ICPC
//! package (below that root, if any) the package is judged in place, as
//! BAPCtools judges the problem it is run in; in a folder of packages
//! outside any root, that folder. Options given on the command line
//! always win.

use std::path::{Path, PathBuf};

use crate::in_place::is_package;
use judge_problem::config::DEFAULT_FILE;

/// Where the repository's parts are, and how they were found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Root {
    /// The repository's top folder: empty when that is the current folder
    /// (paths stay relative, as typed), else absolute.
    pub dir: PathBuf,
    /// The problems folder (or package folder) commands look in.
    pub problems: PathBuf,
    /// The configuration file, when the root has one.
    pub config: Option<PathBuf>,
    /// One line saying which root is used when it is not the current
    /// folder (for stderr), else `None`.
    pub note: Option<String>,
}

/// The folder name of judge's problems.
pub const PROBLEMS: &str = "problems";

/// The repository's folder of reports, one sub-folder per command (the
/// command line's `Context::report_dir`), with their index.
pub const REPORTS: &str = "reports";

/// Finds the root for a command started in `cwd`; `problems` is
/// `--problems` when given (relative to `cwd`).
pub fn find(cwd: &Path, problems: Option<&Path>) -> Root {
    let mut found = find_absolute(cwd, problems);
    // Paths relative to the current folder when the root is that folder,
    // as the user typed them: reports then name `problems/x/…`.
    if found.dir == cwd {
        let strip = |p: &Path| p.strip_prefix(cwd).map(Path::to_path_buf).ok();
        found.problems = strip(&found.problems)
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(found.problems);
        found.config = found.config.map(|c| strip(&c).unwrap_or(c));
        found.dir = PathBuf::new();
    }
    // `--problems` as typed: relative to the current folder, where judge
    // runs.
    if let Some(given) = problems {
        found.problems = given.to_path_buf();
    }
    found
}

fn find_absolute(cwd: &Path, problems: Option<&Path>) -> Root {
    let repository = cwd
        .ancestors()
        .find(|d| d.join(DEFAULT_FILE).is_file() || d.join(PROBLEMS).is_dir());
    let config = |dir: &Path| Some(dir.join(DEFAULT_FILE)).filter(|f| f.is_file());
    if let Some(given) = problems {
        // An explicit problems folder: the configuration and reports are
        // still the repository's when the command runs inside one.
        let dir = repository.unwrap_or(cwd).to_path_buf();
        return Root {
            problems: match given.is_absolute() {
                true => given.to_path_buf(),
                false => cwd.join(given),
            },
            config: config(&dir),
            note: note(cwd, &dir),
            dir,
        };
    }
    // Inside a package (below the repository, if any): that package.
    let package = cwd
        .ancestors()
        .find(|d| is_package(d))
        .filter(|p| repository.is_none_or(|r| p.starts_with(r) && *p != r));
    if let Some(pkg) = package {
        let dir = repository.unwrap_or(cwd).to_path_buf();
        return Root {
            problems: pkg.to_path_buf(),
            config: config(&dir),
            note: Some(format!("judging the package {} in place", pkg.display())),
            dir,
        };
    }
    if let Some(dir) = repository {
        return Root {
            problems: dir.join(PROBLEMS),
            config: config(dir),
            note: note(cwd, dir),
            dir: dir.to_path_buf(),
        };
    }
    // A contest repository of packages: in a folder of packages, that
    // folder.
    Root {
        dir: cwd.to_path_buf(),
        problems: match holds_packages(cwd) {
            true => cwd.to_path_buf(),
            false => cwd.join(PROBLEMS),
        },
        config: None,
        note: None,
    }
}

/// Whether `dir` holds ICPC packages (a contest repository of them).
pub fn holds_packages(dir: &Path) -> bool {
    std::fs::read_dir(dir)
        .map(|r| r.flatten().any(|e| is_package(&e.path())))
        .unwrap_or(false)
}

fn note(cwd: &Path, root: &Path) -> Option<String> {
    (cwd != root).then(|| format!("using the repository at {}", root.display()))
}

/// The problem id a command-line name stands for: a name as it is, or a
/// path (`.`, `../demo`, `problems/demo/cases`) to a folder inside the
/// problems folder, which names the problem that folder lies in. `None`
/// for a path outside it.
pub fn problem_id(name: &str, cwd: &Path, problems: &Path) -> Option<String> {
    let looks_like_path = name == "." || name == ".." || name.contains('/');
    if !looks_like_path {
        return Some(name.to_string());
    }
    let target = std::fs::canonicalize(cwd.join(name)).ok()?;
    let problems = std::fs::canonicalize(problems).ok()?;
    if target == problems {
        // The problems folder itself, or one package judged as a
        // problems folder of one: its own id.
        return problems
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .filter(|_| is_package(&problems));
    }
    let inside = target.strip_prefix(&problems).ok()?;
    inside
        .iter()
        .next()
        .map(|first| first.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("problems/demo/cases/sample")).unwrap();
        std::fs::write(dir.path().join(DEFAULT_FILE), "").unwrap();
        dir
    }

    #[test]
    fn the_root_is_found_from_any_folder_inside_it() {
        let t = tree();
        let top = t.path();
        let deep = top.join("problems/demo/cases/sample");
        let root = find(&deep, None);
        assert_eq!(root.dir, top);
        assert_eq!(root.problems, top.join("problems"));
        assert_eq!(root.config, Some(top.join(DEFAULT_FILE)));
        assert!(root.note.unwrap().contains("using the repository at"));
        // From the top: no note, and paths as typed.
        let at_top = find(top, None);
        assert_eq!(at_top.note, None);
        assert_eq!(at_top.problems, Path::new("problems"));
        assert_eq!(at_top.dir, Path::new(""));
        // --problems wins, the configuration stays the repository's.
        let given = find(&deep, Some(Path::new("../../../other")));
        assert_eq!(given.problems, Path::new("../../../other"));
        assert_eq!(given.config, Some(top.join(DEFAULT_FILE)));
    }

    #[test]
    fn paths_name_the_problem_they_lie_in() {
        let t = tree();
        let problems = t.path().join("problems");
        let inside = problems.join("demo/cases");
        assert_eq!(problem_id(".", &inside, &problems).as_deref(), Some("demo"));
        assert_eq!(
            problem_id("problems/demo", t.path(), &problems).as_deref(),
            Some("demo")
        );
        assert_eq!(
            problem_id("demo", t.path(), &problems).as_deref(),
            Some("demo")
        );
        assert_eq!(problem_id("..", &problems, &problems), None);
    }

    #[test]
    fn a_package_is_judged_in_place_from_inside_it() {
        let dir = tempfile::tempdir().unwrap();
        let pkg = dir.path().join("hello");
        std::fs::create_dir_all(pkg.join("data/sample")).unwrap();
        std::fs::write(pkg.join("problem.yaml"), "name: hello\n").unwrap();
        let root = find(&pkg.join("data/sample"), None);
        assert_eq!(root.problems, pkg);
        // A folder of packages: the current folder.
        assert_eq!(find(dir.path(), None).problems, dir.path());
    }
}
