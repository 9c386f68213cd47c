//! The code between `clone` and `exec`: what happens inside a new process
//! before the submission's first instruction.
//!
//! Everything the child needs is prepared by the launcher first (C strings,
//! limits), because between `clone` and `exec` only plain system calls are
//! safe. A failing step writes `(step, errno)` to the error pipe and exits
//! 127, so the launcher can say exactly what went wrong; a successful
//! `exec` closes the pipe (close-on-exec), which is how the launcher learns
//! the program runs.

use std::ffi::CString;
use std::os::fd::RawFd;

/// Steps that can fail, named in the launcher's error message.
pub(crate) const STEPS: [&str; 14] = [
    "set the parent-death signal",
    "join the cgroup",
    "set a resource limit",
    "start a session",
    "change to the working folder",
    "connect standard streams",
    "close other descriptors",
    "drop supplementary groups",
    "change group",
    "change user",
    "drop capabilities",
    "confine the file system (Landlock)",
    "filter system calls (seccomp)",
    "exec",
];

/// What a child needs, prepared before `clone`.
pub(crate) struct Prepared {
    pub(crate) path: CString,
    pub(crate) argv: Vec<CString>,
    pub(crate) envp: Vec<CString>,
    /// Null-terminated pointer arrays into `argv` and `envp`, made before
    /// `clone`: the child shares our memory and must not allocate.
    pub(crate) argv_ptrs: Vec<*const libc::c_char>,
    pub(crate) envp_ptrs: Vec<*const libc::c_char>,
    pub(crate) cwd: CString,
    pub(crate) cgroup_procs: Vec<CString>,
    pub(crate) rlimits: Vec<(libc::__rlimit_resource_t, u64)>,
    /// Unprivileged uid/gid to become (root sandbox), or `None`.
    pub(crate) uid: Option<u32>,
    /// Drop every capability (a user-namespace sandbox, where switching
    /// uid is impossible).
    pub(crate) drop_caps: bool,
    pub(crate) stdin: RawFd,
    pub(crate) stdout: RawFd,
    pub(crate) stderr: RawFd,
    /// More open files for the program, which gets them as descriptors 3,
    /// 4, … (a checker's input and answer: `/dev/fd/3`, …).
    pub(crate) files: [RawFd; MAX_FILES],
    pub(crate) file_count: usize,
    /// Write end of the error pipe (close-on-exec).
    pub(crate) error: RawFd,
    /// The Landlock ruleset to restrict the program to (the second
    /// isolation layer), or -1.
    pub(crate) landlock: RawFd,
    /// seccomp filters to install, in order, each as its length and first
    /// instruction (the launcher keeps the programs alive); none outside
    /// the second layer.
    pub(crate) seccomp: Vec<libc::sock_fprog>,
}

/// Most extra files one program gets.
pub(crate) const MAX_FILES: usize = 6;

impl Prepared {
    /// Fills the pointer arrays; call after `argv` and `envp` are final.
    pub(crate) fn seal(&mut self) {
        self.argv_ptrs = self.argv.iter().map(|a| a.as_ptr()).collect();
        self.argv_ptrs.push(std::ptr::null());
        self.envp_ptrs = self.envp.iter().map(|a| a.as_ptr()).collect();
        self.envp_ptrs.push(std::ptr::null());
    }
}

fn fail(p: &Prepared, step: usize) -> ! {
    let errno = std::io::Error::last_os_error().raw_os_error().unwrap_or(0) as u32;
    let mut msg = [0u8; 8];
    msg[..4].copy_from_slice(&(step as u32).to_le_bytes());
    msg[4..].copy_from_slice(&errno.to_le_bytes());
    // SAFETY: write(2) and _exit(2) are async-signal-safe.
    unsafe {
        libc::write(p.error, msg.as_ptr() as *const libc::c_void, 8);
        libc::_exit(127);
    }
}

fn check(p: &Prepared, step: usize, ok: bool) {
    if !ok {
        fail(p, step);
    }
}

fn write_file(path: &CString, text: &[u8]) -> bool {
    // SAFETY: plain open/write/close on a prepared path.
    unsafe {
        let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return false;
        }
        let n = libc::write(fd, text.as_ptr() as *const libc::c_void, text.len());
        libc::close(fd);
        n == text.len() as isize
    }
}

/// Stack size of a [`spawn`]ed child until it execs.
const SPAWN_STACK: usize = 256 << 10;

extern "C" fn spawned(arg: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `arg` is the `&Prepared` passed by `spawn`, alive because the
    // parent is suspended until this child execs or exits (CLONE_VFORK).
    unsafe { exec_program(&*(arg as *const Prepared)) }
}

/// Starts the program the way `posix_spawn` does: a child sharing our
/// memory on its own stack, while we wait for its `exec` (CLONE_VM |
/// CLONE_VFORK). No page tables are copied, so starting costs the same
/// however large the launcher is. Returns the pid, or -1.
pub(crate) fn spawn(p: &Prepared) -> libc::pid_t {
    let mut stack = vec![0u8; SPAWN_STACK];
    // SAFETY: the stack outlives the child's use of it (we are suspended
    // until it execs or exits); the top is 16-byte aligned as the ABI asks.
    unsafe {
        let top = stack.as_mut_ptr().add(SPAWN_STACK);
        let top = (top as usize & !15) as *mut libc::c_void;
        libc::clone(
            spawned,
            top,
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            p as *const Prepared as *mut libc::c_void,
        )
    }
}

/// Cgroup, limits, session, identity and streams, then `exec`. Never
/// returns.
///
/// # Safety
/// Must run in a child made by [`spawn`].
unsafe fn exec_program(p: &Prepared) -> ! {
    unsafe {
        check(
            p,
            0,
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) == 0,
        );
        for file in &p.cgroup_procs {
            check(p, 1, write_file(file, b"0"));
        }
        let streams = libc::dup2(p.stdin, 0) >= 0
            && libc::dup2(p.stdout, 1) >= 0
            && libc::dup2(p.stderr, 2) >= 0;
        check(p, 5, streams);
        // Extra files to 3, 4, …: first out of the way (no target may be
        // overwritten before it is moved), then into place. Before the
        // rlimits: the open-files limit may be low.
        let mut high = [0 as RawFd; MAX_FILES];
        for (copy, &fd) in high.iter_mut().zip(&p.files).take(p.file_count) {
            *copy = libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, (3 + MAX_FILES) as RawFd);
            check(p, 5, *copy >= 0);
        }
        for (i, &fd) in high.iter().enumerate().take(p.file_count) {
            check(p, 5, libc::dup2(fd, 3 + i as RawFd) >= 0);
        }
        for &(resource, value) in &p.rlimits {
            let lim = libc::rlimit {
                rlim_cur: value,
                rlim_max: value,
            };
            check(p, 2, libc::setrlimit(resource, &lim) == 0);
        }
        // Its own session and process group, so the whole group can be
        // killed, and no terminal to inject input into.
        check(p, 3, libc::setsid() >= 0);
        libc::umask(0o022);
        check(p, 4, libc::chdir(p.cwd.as_ptr()) == 0);
        // Everything else the launcher holds stays behind at exec (the
        // error pipe too, which is how the launcher learns exec worked).
        let first = 3 + p.file_count as u32;
        check(
            p,
            6,
            libc::close_range(first, u32::MAX, libc::CLOSE_RANGE_CLOEXEC as i32) == 0,
        );
        if let Some(uid) = p.uid {
            check(p, 7, libc::setgroups(0, std::ptr::null()) == 0);
            check(p, 8, libc::setresgid(uid, uid, uid) == 0);
            check(p, 9, libc::setresuid(uid, uid, uid) == 0);
        }
        if p.drop_caps {
            check(p, 10, drop_capabilities());
        }
        check(
            p,
            10,
            libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0,
        );
        // The second layer, last: from here the program's view is its own.
        if p.landlock >= 0 {
            let restricted = libc::syscall(libc::SYS_landlock_restrict_self, p.landlock, 0u32);
            check(p, 11, restricted == 0);
        }
        for filter in &p.seccomp {
            let installed = libc::syscall(
                libc::SYS_seccomp,
                libc::SECCOMP_SET_MODE_FILTER,
                0u32,
                filter as *const libc::sock_fprog,
            );
            check(p, 12, installed == 0);
        }
        libc::execve(p.path.as_ptr(), p.argv_ptrs.as_ptr(), p.envp_ptrs.as_ptr());
        fail(p, 13);
    }
}

/// Leaves no capability behind, in any set, for good: the user-namespace
/// sandbox runs the program as that namespace's root, which must not be
/// able to undo the read-only mounts.
unsafe fn drop_capabilities() -> bool {
    unsafe {
        let secure = libc::SECBIT_NOROOT
            | libc::SECBIT_NOROOT_LOCKED
            | libc::SECBIT_NO_SETUID_FIXUP
            | libc::SECBIT_NO_SETUID_FIXUP_LOCKED
            | libc::SECBIT_NO_CAP_AMBIENT_RAISE
            | libc::SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED;
        if libc::prctl(libc::PR_SET_SECUREBITS, secure as libc::c_ulong, 0, 0, 0) != 0 {
            return false;
        }
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL,
            0,
            0,
            0,
        );
        for cap in 0..64 {
            // Fails (EINVAL) past the last capability the kernel knows.
            libc::prctl(libc::PR_CAPBSET_DROP, cap, 0, 0, 0);
        }
        #[repr(C)]
        struct Header {
            version: u32,
            pid: i32,
        }
        #[repr(C)]
        #[derive(Clone, Copy)]
        struct Data {
            effective: u32,
            permitted: u32,
            inheritable: u32,
        }
        let header = Header {
            version: 0x2008_0522,
            pid: 0,
        };
        let data = [Data {
            effective: 0,
            permitted: 0,
            inheritable: 0,
        }; 2];
        libc::syscall(libc::SYS_capset, &header, data.as_ptr()) == 0
    }
}
