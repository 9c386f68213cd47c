//! Finding compilers and interpreters the way a shell would, and the folders
//! a sandbox must show for them to work.
//!
//! A tool is looked up on `PATH` (rustup's `~/.cargo/bin`, pyenv shims and
//! `/opt` JDKs included). Its real location decides what the sandbox binds:
//! nothing extra for tools under the system folders every sandbox shows,
//! else its install folder, read-only. Two kinds of tool are launchers for
//! the real one and are asked where it is: Python (pyenv shims) reports
//! `sys.executable` and its prefix, and rustc (rustup proxies) reports its
//! sysroot; both are then run directly, which also saves the shim's start-up
//! on every case.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// Folders every sandbox shows read-only (see [`super::sandbox::View`]).
pub(crate) const SYSTEM_DIRS: [&str; 7] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
];

/// A tool ready to run, and what a sandbox must bind for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tool {
    pub exe: PathBuf,
    /// Install folders outside `SYSTEM_DIRS`.
    pub binds: Vec<PathBuf>,
}

/// `name` on `PATH` as a shell finds it (first executable file); a name
/// with a `/` is taken as it is, if it is an executable file.
pub fn which(name: &str) -> Option<PathBuf> {
    if name.contains('/') {
        return is_executable(Path::new(name)).then(|| PathBuf::from(name));
    }
    let path = std::env::var_os("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into());
    std::env::split_paths(&path)
        .filter(|d| !d.as_os_str().is_empty())
        .map(|d| d.join(name))
        .find(|p| is_executable(p))
}

/// Whether `path` is a file anyone may execute.
pub fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Whether a sandbox shows `path` without extra binds.
pub(crate) fn in_system_dirs(path: &Path) -> bool {
    SYSTEM_DIRS.iter().any(|d| path.starts_with(d))
}

/// The folder a tool is installed in: the parent of its `bin` folder, or
/// its own folder.
fn install_dir(real: &Path) -> PathBuf {
    let dir = real.parent().unwrap_or(Path::new("/"));
    if dir.file_name().is_some_and(|n| n == "bin") {
        dir.parent().unwrap_or(dir).to_path_buf()
    } else {
        dir.to_path_buf()
    }
}

fn output_lines(exe: &Path, args: &[&str]) -> Option<Vec<String>> {
    let out = std::process::Command::new(exe)
        .args(args)
        .env_remove("PYTHONPATH")
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    out.status.success().then(|| {
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .collect()
    })
}

/// Resolves `name` (cached per process). A name not on `PATH` is looked
/// up again next time (cheap, and a test may put it there), but one found
/// that does not run is remembered: asking a broken pyenv shim for
/// Python 2 costs about half a second a time, and a package with Python 2
/// files asked once per file and build.
pub fn resolve(name: &str) -> Option<Tool> {
    static CACHE: OnceLock<Mutex<HashMap<String, Option<Tool>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(t) = cache.lock().ok()?.get(name) {
        return t.clone();
    }
    let tool = find(name);
    if (tool.is_some() || which(name).is_some())
        && let Ok(mut c) = cache.lock()
    {
        c.insert(name.to_string(), tool.clone());
    }
    tool
}

fn find(name: &str) -> Option<Tool> {
    let found = which(name)?;
    let base = found.file_name()?.to_string_lossy().into_owned();
    if base.starts_with("python") || base.starts_with("pypy") {
        // A pyenv shim is read, not run (0.4 s a call): see `pyenv`.
        let found = match crate::pyenv::read(&found, &base, &is_executable) {
            crate::pyenv::Shim::Unknown => found,
            crate::pyenv::Shim::Runs(real) => real,
            crate::pyenv::Shim::Fails => return None,
        };
        let lines = output_lines(
            &found,
            &[
                "-c",
                // Python 2 has no base_prefix (nor virtualenvs of that kind).
                "import sys; print(sys.executable); print(getattr(sys, 'base_prefix', sys.prefix))",
            ],
        )?;
        let exe = PathBuf::from(lines.first()?);
        let prefix = PathBuf::from(lines.get(1)?);
        return Some(with_binds(exe, &[prefix]));
    }
    if base == "rustc" {
        let sysroot = PathBuf::from(output_lines(&found, &["--print", "sysroot"])?.first()?);
        let exe = sysroot.join("bin").join("rustc");
        return is_executable(&exe).then(|| with_binds(exe, std::slice::from_ref(&sysroot)));
    }
    let real = std::fs::canonicalize(&found).ok()?;
    let dir = install_dir(&real);
    Some(with_binds(found, &[dir]))
}

/// Whether `argv` runs and exits 0 (cached per process): a language's
/// probe, for toolchains whose tool alone does not prove they are there
/// (gcc without its Objective-C front end). Run outside any sandbox,
/// like `--version`: it is the system's own tool.
pub fn probe(argv: &[String]) -> bool {
    static CACHE: OnceLock<Mutex<HashMap<Vec<String>, bool>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(ok) = cache.lock().ok().and_then(|c| c.get(argv).copied()) {
        return ok;
    }
    let ok = argv.split_first().is_some_and(|(exe, args)| {
        which(exe).is_some_and(|exe| {
            std::process::Command::new(exe)
                .args(args)
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        })
    });
    if let Ok(mut c) = cache.lock() {
        c.insert(argv.to_vec(), ok);
    }
    ok
}

/// `exe` with those of `dirs` (and the folder `exe` really lives in) that
/// the system folders do not already show.
fn with_binds(exe: PathBuf, dirs: &[PathBuf]) -> Tool {
    let mut binds: Vec<PathBuf> = dirs
        .iter()
        .chain(
            std::fs::canonicalize(&exe)
                .ok()
                .map(|r| install_dir(&r))
                .as_ref(),
        )
        .filter(|d| !in_system_dirs(d) && d.as_path() != Path::new("/"))
        .cloned()
        .collect();
    binds.sort();
    binds.dedup();
    // A folder inside another bound one adds nothing.
    let all = binds.clone();
    binds.retain(|b| !all.iter().any(|o| o != b && b.starts_with(o)));
    Tool { exe, binds }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_tools_need_no_binds_and_others_bind_their_install_folder() {
        let t = with_binds("/usr/bin/gcc".into(), &[]);
        assert!(t.binds.is_empty());
        assert_eq!(
            install_dir(Path::new("/opt/jdk-21/bin/java")),
            Path::new("/opt/jdk-21")
        );
        assert_eq!(
            install_dir(Path::new("/opt/tool/run")),
            Path::new("/opt/tool")
        );
        let t = with_binds(
            "/nonexistent/x/bin/y".into(),
            &["/opt/a".into(), "/opt/a/b".into()],
        );
        assert_eq!(t.binds, vec![PathBuf::from("/opt/a")]);
    }

    #[test]
    fn lookup_follows_path_like_a_shell() {
        let sh = which("sh").expect("sh is on PATH");
        assert!(sh.is_absolute());
        assert_eq!(which("/bin/sh"), Some(PathBuf::from("/bin/sh")));
        assert_eq!(which("no-such-tool-anywhere-xyz"), None);
    }
}
