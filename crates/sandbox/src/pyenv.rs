//! pyenv's shims, read instead of run.
//!
//! A shim is a bash script that starts `pyenv exec`, which works out the
//! selected Python version before it runs the real interpreter: about
//! 0.4 s per call here, and 0.7 s for a shim that then fails (`python2`
//! where the global version is a Python 3). judge asks each Python it
//! finds where it lives once per run, so a run paid that at every start.
//! pyenv's choice is plain data (an environment variable, a
//! `.python-version` file, the global `version` file), so it is read here
//! and the real interpreter is asked directly. Where the choice is not
//! certain (a version given as a prefix that pyenv would complete, a shim
//! of another layout), the shim is run as before.

use std::path::{Path, PathBuf};

/// What a tool found on `PATH` turned out to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Shim {
    /// Not a pyenv shim, or one whose choice is not certain: run it.
    Unknown,
    /// The interpreter the shim would run.
    Runs(PathBuf),
    /// The shim would fail: no selected version has the command.
    Fails,
}

/// What the pyenv shim `found` (named `name`) would run, read from
/// pyenv's files with the process's environment and working folder;
/// `runs` says whether a file is an executable.
pub(crate) fn read(found: &Path, name: &str, runs: &dyn Fn(&Path) -> bool) -> Shim {
    let Some(shims) = found.parent() else {
        return Shim::Unknown;
    };
    if shims.file_name().is_none_or(|n| n != "shims") || !is_shim(found) {
        return Shim::Unknown;
    }
    let Some(root) = shims.parent() else {
        return Shim::Unknown;
    };
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
    let selected = selected_versions(root, &cwd, std::env::var("PYENV_VERSION").ok());
    choose(root, shims, name, &selected, runs)
}

/// Whether `path` is one of pyenv's shim scripts (they are small and end
/// in `pyenv" exec`).
fn is_shim(path: &Path) -> bool {
    std::fs::read(path).is_ok_and(|b| {
        b.len() < 4096 && b.starts_with(b"#!") && String::from_utf8_lossy(&b).contains("pyenv")
    })
}

/// The versions pyenv selects, in its order: `PYENV_VERSION`, else the
/// nearest `.python-version` from `cwd` up, else `<root>/version`, else
/// `system`.
fn selected_versions(root: &Path, cwd: &Path, env: Option<String>) -> Vec<String> {
    if let Some(v) = env.filter(|v| !v.trim().is_empty()) {
        return words(&v.replace(':', " "));
    }
    let local = cwd
        .ancestors()
        .map(|d| d.join(".python-version"))
        .find(|f| f.is_file());
    let file = local.unwrap_or_else(|| root.join("version"));
    match std::fs::read_to_string(&file) {
        Ok(text) => {
            let listed = words(&text);
            if listed.is_empty() {
                vec!["system".into()]
            } else {
                listed
            }
        }
        Err(_) => vec!["system".into()],
    }
}

/// The words of a version file, without `#` comments.
fn words(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
        .map(String::from)
        .collect()
}

/// The first of `selected` that has `name`: `<root>/versions/<v>/bin`,
/// or for `system` the first `name` on `PATH` outside `shims`. A version
/// not installed under its exact name leaves the choice to pyenv.
fn choose(
    root: &Path,
    shims: &Path,
    name: &str,
    selected: &[String],
    runs: &dyn Fn(&Path) -> bool,
) -> Shim {
    for version in selected {
        if version == "system" {
            let path = std::env::var_os("PATH").unwrap_or_default();
            let found = std::env::split_paths(&path)
                .filter(|d| !d.as_os_str().is_empty() && d != shims)
                .map(|d| d.join(name))
                .find(|p| runs(p));
            if let Some(exe) = found {
                return Shim::Runs(exe);
            }
            continue;
        }
        let dir = root.join("versions").join(version);
        if !dir.is_dir() {
            return Shim::Unknown;
        }
        let exe = dir.join("bin").join(name);
        if runs(&exe) {
            return Shim::Runs(exe);
        }
    }
    Shim::Fails
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for v in ["3.11.7/bin", "2.7.18/bin"] {
            std::fs::create_dir_all(dir.path().join("versions").join(v)).unwrap();
        }
        std::fs::create_dir_all(dir.path().join("shims")).unwrap();
        dir
    }

    #[test]
    fn the_selected_version_decides_and_a_command_it_lacks_fails_without_running() {
        let root = layout();
        let r = root.path();
        let has = |p: &Path| p.ends_with("3.11.7/bin/python3") || p.ends_with("2.7.18/bin/python2");
        let shims = r.join("shims");
        let chosen = choose(r, &shims, "python3", &["3.11.7".into()], &has);
        assert_eq!(chosen, Shim::Runs(r.join("versions/3.11.7/bin/python3")));
        // pyenv: "python2: command not found" although 2.7.18 has it.
        assert_eq!(
            choose(r, &shims, "python2", &["3.11.7".into()], &has),
            Shim::Fails
        );
        let both = ["3.11.7".to_string(), "2.7.18".to_string()];
        let chosen = choose(r, &shims, "python2", &both, &has);
        assert_eq!(chosen, Shim::Runs(r.join("versions/2.7.18/bin/python2")));
        // A prefix pyenv would complete ("3.11" → 3.11.7) is left to pyenv.
        assert_eq!(
            choose(r, &shims, "python3", &["3.11".into()], &has),
            Shim::Unknown
        );
    }

    #[test]
    fn versions_come_from_the_environment_then_the_nearest_file_then_the_global_one() {
        let root = layout();
        let r = root.path();
        let work = r.join("work/deep");
        std::fs::create_dir_all(&work).unwrap();
        assert_eq!(selected_versions(r, &work, None), vec!["system"]);
        std::fs::write(r.join("version"), "3.11.7\n").unwrap();
        assert_eq!(selected_versions(r, &work, None), vec!["3.11.7"]);
        std::fs::write(r.join("work/.python-version"), "2.7.18 # old\n3.11.7\n").unwrap();
        assert_eq!(selected_versions(r, &work, None), vec!["2.7.18", "3.11.7"]);
        let env = Some("3.11.7:system".to_string());
        assert_eq!(selected_versions(r, &work, env), vec!["3.11.7", "system"]);
    }

    #[test]
    fn only_a_shim_script_in_a_shims_folder_is_read() {
        let root = layout();
        let shim = root.path().join("shims/python3");
        std::fs::write(
            &shim,
            "#!/usr/bin/env bash\nexec \"/x/libexec/pyenv\" exec \"$program\"\n",
        )
        .unwrap();
        assert!(is_shim(&shim));
        let other = root.path().join("versions/3.11.7/bin/python3");
        std::fs::write(&other, b"\x7fELF").unwrap();
        assert_eq!(read(&other, "python3", &|_| true), Shim::Unknown);
    }
}
