//! The launcher's own namespaces: PID 1 of a PID namespace when run
//! unsandboxed (so `kill(-1)` after a case reaches exactly what the case
//! started), and, sandboxed, a mount namespace of its own in which the
//! build area is read-only, `/tmp` is a fresh tmpfs per case and one build
//! folder at a time is made writable for its compiler.
//!
//! Kept apart from the request loop ([`super::serve`]) because these are
//! the only calls that change what the launcher and its children see.

use std::ffi::{CString, NulError};
use std::io;

use super::errno;

/// Why the launcher's mount namespace could not be made or changed.
#[derive(Debug, thiserror::Error)]
pub(super) enum MountError {
    /// A path or mount option with a NUL byte, which no system call takes.
    #[error("{0}")]
    Nul(#[from] NulError),
    #[error("unshare: {0}")]
    Unshare(#[source] io::Error),
    /// Making `/` private, so our mounts do not reach bubblewrap's.
    #[error("private /: {0}")]
    Private(#[source] io::Error),
    #[error("{path}: {source}")]
    Statvfs { path: String, source: io::Error },
    #[error("remount {path}: {source}")]
    Remount { path: String, source: io::Error },
    /// Mounting the fresh tmpfs on `/tmp`.
    #[error("{0}")]
    Tmpfs(#[source] io::Error),
    #[error("cannot make {dir} writable: {source}")]
    Bind { dir: String, source: io::Error },
    /// Bound, but the bind could not be remounted writable.
    #[error("cannot make {dir} writable: {source}")]
    BindRemount {
        dir: String,
        source: Box<MountError>,
    },
}

/// Unsandboxed: moves into a new PID namespace (a user namespace too when
/// not root) and forks; the child, PID 1 there, returns `None` and goes on
/// as the launcher; the parent waits for it and returns its exit code.
/// Where no namespace can be made, returns `None` at once and the launcher
/// stays a plain process.
pub(super) fn become_pid1() -> Option<i32> {
    // SAFETY: unshare, fork and wait in a single-threaded process.
    unsafe {
        let uid = libc::geteuid();
        let gid = libc::getegid();
        let flags = if uid == 0 {
            libc::CLONE_NEWPID
        } else {
            libc::CLONE_NEWPID | libc::CLONE_NEWUSER
        };
        if libc::unshare(flags) != 0 {
            return None;
        }
        if uid != 0 {
            // Keep our own uid inside: the program gets no capabilities.
            let _ = std::fs::write("/proc/self/setgroups", "deny");
            let _ = std::fs::write("/proc/self/uid_map", format!("{uid} {uid} 1"));
            let _ = std::fs::write("/proc/self/gid_map", format!("{gid} {gid} 1"));
        }
        let pid = libc::fork();
        if pid == 0 {
            // The launcher goes when its outer half goes.
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            return None;
        }
        if pid < 0 {
            return Some(1);
        }
        let mut status = 0;
        while libc::waitpid(pid, &mut status, 0) < 0 && errno().raw_os_error() == Some(libc::EINTR)
        {
        }
        Some(if libc::WIFEXITED(status) {
            libc::WEXITSTATUS(status)
        } else {
            1
        })
    }
}

/// Whether we are PID 1 of our namespace: then `kill(-1)` reaches exactly
/// every other process of the namespace.
pub(super) fn pid1() -> bool {
    // SAFETY: getpid cannot fail.
    unsafe { libc::getpid() == 1 }
}

/// Where the build area is mounted (writable by bubblewrap).
const BOX: &str = "/box";

/// A mount namespace of our own, where the build area is read-only. Made
/// by us (not inherited from bubblewrap, whose mounts are locked in a user
/// namespace), so we may stack a fresh `/tmp` on it and make one build
/// folder writable for a compiler.
pub(super) fn own_mounts() -> Result<(), MountError> {
    let none = std::ptr::null();
    // SAFETY: unshare and mount in our own namespaces.
    unsafe {
        if libc::unshare(libc::CLONE_NEWNS) != 0 {
            return Err(MountError::Unshare(errno()));
        }
        if libc::mount(
            none,
            c"/".as_ptr(),
            none,
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        ) != 0
        {
            return Err(MountError::Private(errno()));
        }
    }
    // Nothing of the view is writable but /tmp (and a compiler's folder):
    // in a user namespace the program's uid owns bubblewrap's root.
    remount("/", true)?;
    remount(BOX, true)
}

/// Remounts `path` read-only or writable, keeping every other flag it has
/// (the kernel refuses to drop a flag the sandbox locked, like nosuid).
fn remount(path: &str, read_only: bool) -> Result<(), MountError> {
    let c = CString::new(path)?;
    // SAFETY: statvfs into a local, then mount on a path.
    unsafe {
        let mut st: libc::statvfs = std::mem::zeroed();
        if libc::statvfs(c.as_ptr(), &mut st) != 0 {
            return Err(MountError::Statvfs {
                path: path.to_string(),
                source: errno(),
            });
        }
        let mut flags = libc::MS_REMOUNT | libc::MS_BIND;
        for (st_flag, ms_flag) in [
            (libc::ST_NOSUID, libc::MS_NOSUID),
            (libc::ST_NODEV, libc::MS_NODEV),
            (libc::ST_NOEXEC, libc::MS_NOEXEC),
            (libc::ST_NOATIME, libc::MS_NOATIME),
            (libc::ST_NODIRATIME, libc::MS_NODIRATIME),
            (libc::ST_RELATIME, libc::MS_RELATIME),
        ] {
            if st.f_flag & st_flag != 0 {
                flags |= ms_flag;
            }
        }
        if read_only {
            flags |= libc::MS_RDONLY;
        }
        let none = std::ptr::null();
        if libc::mount(none, c.as_ptr(), none, flags, std::ptr::null()) != 0 {
            return Err(MountError::Remount {
                path: path.to_string(),
                source: errno(),
            });
        }
    }
    Ok(())
}

/// Replaces `/tmp` with a new empty tmpfs of `size` bytes.
pub(super) fn fresh_tmp(size: u64) -> Result<(), MountError> {
    let options = CString::new(format!("size={size},mode=1777"))?;
    // SAFETY: unmount and mount in our own mount namespace.
    unsafe {
        libc::umount2(c"/tmp".as_ptr(), libc::MNT_DETACH);
        let r = libc::mount(
            c"tmpfs".as_ptr(),
            c"/tmp".as_ptr(),
            c"tmpfs".as_ptr(),
            libc::MS_NOSUID | libc::MS_NODEV,
            options.as_ptr() as *const libc::c_void,
        );
        if r != 0 {
            return Err(MountError::Tmpfs(errno()));
        }
    }
    Ok(())
}

/// Makes `dir` writable until [`unbind`] (a compiler's output folder in a
/// read-only build area).
pub(super) fn bind_writable(dir: &str) -> Result<CString, MountError> {
    let c = CString::new(dir)?;
    let none = std::ptr::null();
    // SAFETY: a bind mount in our own mount namespace.
    if unsafe {
        libc::mount(
            c.as_ptr(),
            c.as_ptr(),
            none,
            libc::MS_BIND,
            std::ptr::null(),
        )
    } != 0
    {
        return Err(MountError::Bind {
            dir: dir.to_string(),
            source: errno(),
        });
    }
    if let Err(e) = remount(dir, false) {
        unbind(&c);
        return Err(MountError::BindRemount {
            dir: dir.to_string(),
            source: Box::new(e),
        });
    }
    Ok(c)
}

pub(super) fn unbind(dir: &CString) {
    // SAFETY: undoing our own bind mount.
    unsafe { libc::umount2(dir.as_ptr(), libc::MNT_DETACH) };
}
