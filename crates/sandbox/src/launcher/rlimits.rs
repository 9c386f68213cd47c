//! The rlimits a program of a request runs under, set by the child
//! before `exec`.

/// Who counts a run's processes, which decides its `RLIMIT_NPROC`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Tasks {
    /// The worker's own uid: the limit is the run's alone.
    WorkerUid,
    /// A pids controller counts them: no rlimit needed.
    Cgroup,
    /// The caller's own uid, shared with judge and everything else.
    CallersUid,
}

/// The rlimits of a run: backstops and what the kernel enforces per
/// process. Memory is limited by the cgroup when it can (`cgroup_memory`),
/// else counted by the launcher's watch, with the address space capped as
/// a backstop ([`crate::limits::address_space_backstop`]); the stack as
/// the limits say (see
/// [`crate::limits::STACK_CAP`]).
pub(super) fn rlimits(
    tasks: Tasks,
    l: &crate::limits::RunLimits,
    cgroup_memory: bool,
) -> Vec<(libc::__rlimit_resource_t, u64)> {
    let mut set = Vec::new();
    if !l.cpu.is_zero() {
        // A backstop only: the launcher stops the run within a few
        // milliseconds of the limit by watching it.
        let stop = crate::limits::cpu_stop(l, true);
        set.push((libc::RLIMIT_CPU, stop.as_secs() + 2));
    }
    let stack = if l.stack > 0 {
        l.stack
    } else {
        libc::RLIM_INFINITY
    };
    set.push((libc::RLIMIT_STACK, stack));
    if let Some(a) = address_space_cap(l, cgroup_memory) {
        set.push((libc::RLIMIT_AS, a));
    }
    set.push((libc::RLIMIT_FSIZE, l.output.saturating_add(1)));
    set.push((libc::RLIMIT_NOFILE, l.open_files));
    set.push((libc::RLIMIT_CORE, 0));
    match tasks {
        // Counted per uid: meaningful only for the worker's own uid.
        Tasks::WorkerUid => set.push((libc::RLIMIT_NPROC, l.processes)),
        Tasks::Cgroup => {}
        // The caller's own uid and no pids controller (a plain user): the
        // uid's tasks now, judge's included, plus the program's share, so
        // a fork bomb cannot take the machine's last threads.
        Tasks::CallersUid => set.push((libc::RLIMIT_NPROC, tasks_of_our_uid() + l.processes)),
    }
    set
}

/// The address-space cap a program runs under: its limits' cap, unless a
/// cgroup limits its memory (`cgroup_memory`), which then lets every
/// allocation through and counts what is touched. Reported with the run
/// ([`super::ProcResult::address_space`]): an allocation may have been
/// refused there.
pub(super) fn address_space_cap(l: &crate::limits::RunLimits, cgroup_memory: bool) -> Option<u64> {
    l.address_space.filter(|_| !cgroup_memory)
}

/// Tasks (processes and threads) of this process' real uid, the count
/// `RLIMIT_NPROC` is held against, from `/proc/*/status`.
fn tasks_of_our_uid() -> u64 {
    // SAFETY: getuid cannot fail.
    let uid = unsafe { libc::getuid() }.to_string();
    let mut tasks = 0;
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let name = entry.file_name();
        if !name.to_string_lossy().bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Ok(status) = std::fs::read_to_string(entry.path().join("status")) else {
            continue;
        };
        let field = |key: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(key))
                .map(str::trim)
        };
        let real_uid = field("Uid:").and_then(|u| u.split_whitespace().next());
        if real_uid == Some(uid.as_str()) {
            tasks += field("Threads:")
                .and_then(|t| t.parse::<u64>().ok())
                .unwrap_or(1);
        }
    }
    tasks
}
