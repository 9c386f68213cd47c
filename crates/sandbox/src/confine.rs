//! The second isolation layer: what holds where bubblewrap cannot start
//! (a stock container's seccomp profile forbids new user namespaces, and
//! a container's root has no CAP_SYS_ADMIN), made of what any process may
//! do to itself without privilege:
//!
//! - **Landlock** for the file system: the same allow-list as the
//!   bubblewrap view (toolchains and runtimes read-only), the program's
//!   own build folder read-only, its writable folders and a private
//!   scratch folder writable, and nothing else: not the test data, not
//!   other submissions, not the problem folder. The files a program is
//!   handed (a checker's input and answer) are allowed one by one, as
//!   open files. TCP bind and connect are denied (ABI 4), and signals and
//!   abstract UNIX sockets are scoped to the program's own processes
//!   (ABI 6).
//! - **seccomp** for the system calls: a deny-list (every runtime of the
//!   language table keeps working) of what a contest program never needs
//!   and an escape would: sockets other than local ones and `connect`,
//!   `ptrace` and reading other processes' memory, mounts and namespaces,
//!   the keyring, `bpf`, `perf_event_open`, `userfaultfd`, `io_uring`
//!   (whose requests bypass seccomp), module and clock calls, and
//!   `personality` other than a query.
//! - `no_new_privs`, rlimits, its own session and process group (killed
//!   whole at the end) and, as root, an unprivileged uid per worker: as
//!   in the first layer.
//!
//! Both are applied in the child between `clone` and `exec` from what
//! the launcher prepared (a Landlock ruleset descriptor, a BPF program),
//! because only plain system calls are safe there.

use std::collections::BTreeMap;
use std::os::fd::{AsFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};

use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, PathBeneath, PathFd, Ruleset,
    RulesetAttr, RulesetCreatedAttr, Scope,
};
use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule,
};

/// Why the Landlock ruleset of a program could not be made.
#[derive(Debug, thiserror::Error)]
pub(crate) enum LandlockError {
    #[error("Landlock: {0}")]
    Ruleset(#[source] landlock::RulesetError),
    /// A file handed to the program could not be duplicated for its rule.
    #[error("Landlock: {0}")]
    HandedFile(#[source] std::io::Error),
    #[error("Landlock is not supported by this kernel")]
    Unsupported,
}

/// Why the seccomp filters could not be compiled (an architecture
/// seccompiler does not know, or a rule it refuses).
#[derive(Debug, thiserror::Error)]
#[error("seccomp: {0}")]
pub(crate) struct SeccompError(#[source] seccompiler::BackendError);

/// The newest Landlock ABI judge asks for. Older kernels give less
/// (best effort); [`probe`] says what this one gives.
const ABI_WANTED: ABI = ABI::V6;

/// Device files every program may use, as in bubblewrap's minimal /dev.
const DEVICES: [&str; 6] = [
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
    "/dev/tty",
];

/// What the kernel offers this layer: the Landlock ABI (0: none) and
/// whether a seccomp filter can be installed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Support {
    pub landlock_abi: i32,
    pub seccomp: bool,
}

impl Support {
    /// Whether the layer holds every guarantee judge lists: a file view
    /// (ABI 1), TCP denied by Landlock too (ABI 4) and signals kept inside
    /// (ABI 6), with the system-call filter.
    pub fn complete(&self) -> bool {
        self.landlock_abi >= 6 && self.seccomp
    }

    /// Why the layer is weaker than that, in words, or `None`.
    pub fn shortfall(&self) -> Option<String> {
        match (self.landlock_abi, self.seccomp) {
            (0, _) => Some("the kernel has no Landlock (5.13 or newer, enabled at boot)".into()),
            (_, false) => Some("seccomp filters are not available".into()),
            (abi, _) if abi < 6 => Some(format!(
                "Landlock ABI {abi}: signals to processes outside the sandbox are not blocked (ABI 6, Linux 6.12)"
            )),
            _ => None,
        }
    }
}

/// What this kernel supports, asked without changing anything.
pub fn probe() -> Support {
    // SAFETY: the version query takes no attribute and changes nothing.
    let abi = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            1u32, // LANDLOCK_CREATE_RULESET_VERSION
        )
    };
    // SAFETY: PR_GET_SECCOMP only reads this thread's mode.
    let seccomp = unsafe { libc::prctl(libc::PR_GET_SECCOMP, 0, 0, 0, 0) } >= 0;
    Support {
        landlock_abi: abi.max(0) as i32,
        seccomp,
    }
}

/// The Landlock ruleset for one program: `read` (folders or files) may
/// be read and run, `write` folders written too, `files` (open
/// descriptors handed to the program) read and written as they were
/// opened. Everything else is denied once the child restricts itself.
pub(crate) fn ruleset(
    read: &[PathBuf],
    write: &[PathBuf],
    files: &[RawFd],
) -> Result<OwnedFd, LandlockError> {
    let fail = LandlockError::Ruleset;
    let all = AccessFs::from_all(ABI_WANTED);
    let read_only = AccessFs::from_read(ABI_WANTED);
    let mut ruleset = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(all)
        .map_err(fail)?
        .handle_access(AccessNet::from_all(ABI_WANTED))
        .map_err(fail)?
        .scope(Scope::from_all(ABI_WANTED))
        .map_err(fail)?
        .create()
        .map_err(fail)?;
    let rule = |path: &Path, access| -> Option<PathBeneath<PathFd>> {
        let fd = PathFd::new(path).ok()?;
        // A file takes only the rights that apply to files.
        let access = match path.is_dir() {
            true => access,
            false => access & AccessFs::from_file(ABI_WANTED),
        };
        Some(PathBeneath::new(fd, access))
    };
    for p in read.iter().filter(|p| p.exists()) {
        ruleset = ruleset
            .add_rules(rule(p, read_only).map(Ok))
            .map_err(fail)?;
    }
    let devices = DEVICES.iter().map(Path::new);
    for p in write.iter().map(PathBuf::as_path).chain(devices) {
        ruleset = ruleset.add_rules(rule(p, all).map(Ok)).map_err(fail)?;
    }
    for &fd in files.iter().filter(|&&fd| regular_file(fd)) {
        // SAFETY: the descriptor is the request's, open for this call.
        let borrowed = unsafe { std::os::fd::BorrowedFd::borrow_raw(fd) };
        let open = borrowed
            .try_clone_to_owned()
            .map_err(LandlockError::HandedFile)?;
        let file = PathBeneath::new(open.as_fd(), AccessFs::from_file(ABI_WANTED));
        ruleset = ruleset.add_rule(file).map_err(fail)?;
    }
    let fd: Option<OwnedFd> = ruleset.into();
    fd.ok_or(LandlockError::Unsupported)
}

/// Whether `fd` is a regular file (a pipe needs no rule: it is never
/// opened again by name).
fn regular_file(fd: RawFd) -> bool {
    // SAFETY: fstat into a local buffer.
    unsafe {
        let mut st: libc::stat = std::mem::zeroed();
        libc::fstat(fd, &mut st) == 0 && (st.st_mode & libc::S_IFMT) == libc::S_IFREG
    }
}

/// The system calls a program may not make, as two filters installed one
/// after the other (the kernel takes the strictest answer): the
/// deny-list, answered EPERM, and `clone3`, answered ENOSYS so the C
/// library falls back to `clone`, whose flags a filter can read (those of
/// `clone3` are in memory it cannot).
pub(crate) fn filters() -> Result<[BpfProgram; 2], SeccompError> {
    let fail = SeccompError;
    let arch: seccompiler::TargetArch = std::env::consts::ARCH.try_into().map_err(fail)?;
    let cond = |arg: u8, op: SeccompCmpOp, value: u64| {
        SeccompCondition::new(arg, SeccompCmpArgLen::Qword, op, value).map_err(fail)
    };
    let one = |conditions: Vec<SeccompCondition>| SeccompRule::new(conditions).map_err(fail);
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    for call in DENIED {
        rules.insert(call, Vec::new());
    }
    // Sockets: only local ones (socketpair, or a UNIX socket a runtime
    // makes for itself); `connect` is denied above.
    let unix = libc::AF_UNIX as u64;
    rules.insert(
        libc::SYS_socket,
        vec![one(vec![cond(0, SeccompCmpOp::Ne, unix)?])?],
    );
    // New namespaces through clone's flags.
    let namespaces = [
        libc::CLONE_NEWUSER,
        libc::CLONE_NEWNS,
        libc::CLONE_NEWPID,
        libc::CLONE_NEWNET,
        libc::CLONE_NEWIPC,
        libc::CLONE_NEWUTS,
        libc::CLONE_NEWCGROUP,
    ];
    let mut clone = Vec::new();
    for flag in namespaces {
        let flag = flag as u64;
        clone.push(one(vec![cond(0, SeccompCmpOp::MaskedEq(flag), flag)?])?);
    }
    rules.insert(libc::SYS_clone, clone);
    // personality: a query (0xffffffff) or plain Linux (0) only; no
    // turning address randomisation off.
    rules.insert(
        libc::SYS_personality,
        vec![one(vec![
            cond(0, SeccompCmpOp::Ne, 0)?,
            cond(0, SeccompCmpOp::Ne, 0xffff_ffff)?,
        ])?],
    );
    let filter = |rules, errno: i32| -> Result<BpfProgram, SeccompError> {
        let f = SeccompFilter::new(
            rules,
            SeccompAction::Allow,
            SeccompAction::Errno(errno as u32),
            arch,
        )
        .map_err(fail)?;
        f.try_into().map_err(fail)
    };
    Ok([
        filter(rules, libc::EPERM)?,
        filter(
            BTreeMap::from([(libc::SYS_clone3, Vec::new())]),
            libc::ENOSYS,
        )?,
    ])
}

/// Calls denied whatever their arguments.
const DENIED: [i64; 44] = [
    libc::SYS_connect,
    libc::SYS_ptrace,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_pidfd_getfd,
    libc::SYS_kcmp,
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_pivot_root,
    libc::SYS_chroot,
    libc::SYS_unshare,
    libc::SYS_setns,
    libc::SYS_move_mount,
    libc::SYS_open_tree,
    libc::SYS_fsopen,
    libc::SYS_fsconfig,
    libc::SYS_fsmount,
    libc::SYS_fspick,
    libc::SYS_mount_setattr,
    libc::SYS_keyctl,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_bpf,
    libc::SYS_perf_event_open,
    libc::SYS_userfaultfd,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    libc::SYS_kexec_load,
    libc::SYS_kexec_file_load,
    libc::SYS_init_module,
    libc::SYS_finit_module,
    libc::SYS_delete_module,
    libc::SYS_reboot,
    libc::SYS_swapon,
    libc::SYS_swapoff,
    libc::SYS_syslog,
    libc::SYS_acct,
    libc::SYS_quotactl,
    libc::SYS_open_by_handle_at,
    libc::SYS_name_to_handle_at,
    libc::SYS_fanotify_init,
    libc::SYS_settimeofday,
    libc::SYS_clock_settime,
];
