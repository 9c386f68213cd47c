//! The second layer's part of a request (a launcher outside bubblewrap):
//! a scratch folder standing in for a private `/tmp`, the environment
//! pointing there, and each program's Landlock ruleset and seccomp
//! filters, which the child applies to itself before `exec`.

use std::os::fd::{OwnedFd, RawFd};
use std::path::PathBuf;

use super::ProcSpec;
use super::errors::StartError;

/// A fresh scratch folder under `root` for one request of `worker`'s
/// launcher, writable by the programs' uids (as a tmpfs' `/tmp` is).
/// Named by the worker, not the process id: every launcher is PID 1 of
/// a namespace of its own where one can be made.
pub(super) fn scratch_dir(root: &std::path::Path, worker: usize) -> std::io::Result<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = root.join(format!("tmp-w{worker}-{n}"));
    // A folder left by this worker's previous launcher is not reused.
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o1777))?;
    Ok(dir)
}

/// The environment with `HOME` and `TMPDIR` in the scratch folder: the
/// second layer has no private `/tmp`, and the host's is not writable.
pub(super) fn scratch_env(env: &[String], dir: &std::path::Path) -> Vec<String> {
    let dir = dir.display();
    let mut out: Vec<String> = (env.iter())
        .filter(|e| !e.starts_with("HOME=") && !e.starts_with("TMPDIR="))
        .cloned()
        .collect();
    out.extend([format!("HOME={dir}"), format!("TMPDIR={dir}")]);
    out
}

/// The Landlock ruleset and seccomp filters for one program of the
/// second layer: the view and its working folder to read, its writable
/// folders and the scratch folder to write, and the files it was handed.
pub(super) fn confinement(
    c: &Confine,
    spec: &ProcSpec,
    fds: &[RawFd],
    scratch: &std::path::Path,
) -> Result<(OwnedFd, Vec<libc::sock_fprog>), StartError> {
    static FILTERS: std::sync::OnceLock<Filters> = std::sync::OnceLock::new();
    let mut read = c.read.clone();
    read.push(PathBuf::from(&spec.cwd));
    // The program's own build folder, wherever it runs from: a word of its
    // command line inside the run's build area names it (a generator
    // started in its output folder runs `python3 BUILD/gen.py`).
    if let Some(area) = c.scratch.parent() {
        for word in &spec.argv {
            let under = std::path::Path::new(word).strip_prefix(area).ok();
            if let Some(first) = under.and_then(|rest| rest.components().next()) {
                read.push(area.join(first));
            }
        }
    }
    let mut write: Vec<PathBuf> = spec.writable.iter().map(PathBuf::from).collect();
    write.push(scratch.to_path_buf());
    let ruleset = crate::confine::ruleset(&read, &write, fds)?;
    let filters = FILTERS
        .get_or_init(crate::confine::filters)
        .as_ref()
        .map_err(StartError::Seccomp)?;
    let programs = filters
        .iter()
        .map(|f| libc::sock_fprog {
            len: f.len() as libc::c_ushort,
            // The program lives in the static for the launcher's life;
            // seccompiler's instruction has the kernel's layout.
            filter: f.as_ptr() as *mut libc::sock_filter,
        })
        .collect();
    Ok((ruleset, programs))
}

/// The seccomp filters, compiled once per launcher (they are the same for
/// every program), or why they cannot be.
type Filters = Result<[seccompiler::BpfProgram; 2], crate::confine::SeccompError>;

/// What the second layer shows a program besides its own folders.
#[derive(Debug, Clone, Default)]
pub(crate) struct Confine {
    /// Folders and files it may read and run (the view's).
    pub(crate) read: Vec<PathBuf>,
    /// Where each request's private scratch folder (its `/tmp`) is made.
    pub(crate) scratch: PathBuf,
}
