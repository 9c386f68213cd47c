//! The kernel limits of one run, and what a compiler may use.
//!
//! A problem's limits (and the command line's overrides) become these in
//! the harness; this crate only enforces them.

use std::time::Duration;

/// Kernel-enforced limits for one run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunLimits {
    /// CPU time (user + system) that decides TLE.
    pub cpu: Duration,
    /// Wall-clock backstop: a sleeping or blocked program is killed here.
    pub wall: Duration,
    /// Peak memory that decides MLE, in bytes: the cgroup's limit.
    pub memory: u64,
    /// The stack's size in bytes (RLIMIT_STACK). Never above `memory`.
    pub stack: u64,
    /// Address-space cap in bytes, used only where no cgroup limits memory
    /// (`None` for runtimes such as the JVM that reserve far more address
    /// space than they use): a backstop, see [`address_space_backstop`].
    pub address_space: Option<u64>,
    /// Bytes of standard output allowed.
    pub output: u64,
    /// Processes and threads of the submission's user.
    pub processes: u64,
    pub open_files: u64,
}

impl RunLimits {
    /// Limits for a problem's time and memory. TLE is decided on CPU time;
    /// a submission is stopped within a few milliseconds of using up
    /// [`TLE_MARGIN`] times it (anything else at the limit itself). The
    /// wall clock only catches programs that sleep or block: it stops them
    /// at 2 × the limit + 0.5 s (1 s → 2.5 s), past the margin, and enough
    /// for a busy machine to let an accepted run finish.
    pub fn new(time: Duration, memory: u64, output: u64) -> Self {
        RunLimits {
            cpu: time,
            wall: time * 2 + Duration::from_millis(500),
            memory,
            stack: default_stack(memory),
            address_space: Some(address_space_backstop(memory)),
            output,
            processes: 64,
            open_files: 64,
        }
    }
}

/// The address-space cap of a run held to `memory` where no cgroup limits
/// memory: twice the limit and [`ADDRESS_SPACE_MARGIN`] more, but no more
/// than the machine's memory unless twice the limit already is.
///
/// There the launcher's watch counts resident memory and stops the program
/// past the limit (MLE), as a cgroup would. The cap is only a backstop for
/// a machine so busy the watch comes late; it must not refuse what the
/// watch would have counted. A refused allocation is a null pointer or a
/// `bad_alloc` the program may handle itself (a message and exit 0: WA),
/// where a cgroup lets the allocation through and calls the overrun MLE.
/// Address space reserved but never touched costs nothing resident, and
/// runtimes reserve plenty of it: PyPy about 200 MB at start (its nursery
/// cannot be made under twice a 64 MiB limit), glibc 64 MiB per thread's
/// arena, a heap sized from the limit. Twice the limit keeps what grows
/// with the limit; the margin holds what does not, and lets a program
/// allocate a whole block of a gigabyte past twice its limit and be seen
/// by the watch. An allocation larger still is refused, and the case's
/// judging runs a failed run once more without the cap (the
/// `judging::refused` rule of the engine). Above the machine's memory a
/// cap protects nothing, hence the bound.
pub fn address_space_backstop(memory: u64) -> u64 {
    let twice = memory.saturating_mul(2);
    let wanted = twice.saturating_add(ADDRESS_SPACE_MARGIN);
    match physical_memory() {
        Some(ram) => wanted.min(ram.max(twice)),
        None => wanted,
    }
}

/// What the address-space cap allows past twice the memory limit: 1 GiB.
pub const ADDRESS_SPACE_MARGIN: u64 = 1 << 30;

/// The machine's memory in bytes (`None` where it cannot be read).
fn physical_memory() -> Option<u64> {
    // SAFETY: sysconf only reads system configuration.
    let (pages, size) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    (pages > 0 && size > 0).then(|| (pages as u64).saturating_mul(size as u64))
}

/// How far past its CPU time limit a submission runs before it is
/// stopped. Its verdict is TLE from the limit on, whatever it does next;
/// the margin only tells a close call from a clear one. problemtools and
/// BAPCtools run submissions to such a margin too (problemtools' "OK with
/// extra time"). A run that went well into the margin is a time-out that
/// a quieter machine would not turn into an accepted run (CPU time moves
/// a few percent with load; the engine's result cache asks for a fifth),
/// so its result may be reused like an accepted run far under its limit;
/// one stopped at the limit itself
/// could not be.
pub const TLE_MARGIN: f64 = 1.5;

/// The CPU time at which a run is stopped: the limit, or for a
/// submission the limit with [`TLE_MARGIN`].
pub fn cpu_stop(limits: &RunLimits, submission: bool) -> Duration {
    match submission {
        true => limits.cpu.mul_f64(TLE_MARGIN),
        false => limits.cpu,
    }
}

/// The stack a run gets unless its problem says: as much as its memory,
/// up to [`STACK_CAP`].
pub fn default_stack(memory: u64) -> u64 {
    memory.min(STACK_CAP)
}

/// The largest stack a run gets by default, 256 MiB (Codeforces' stack).
/// Deep legitimate recursion fits (a DFS over a million nodes at 200
/// bytes a frame is 200 MB), while endless recursion overflows it, and so
/// ends as a run-time error, long before its time limit. The kernel faults
/// stack pages in at about 0.65 s of system time per GiB on an idle
/// machine here, and at about 2.2 s per GiB with the test suite running
/// beside it: growing a stack to a 2 GiB memory limit, as Kattis-style
/// "stack = memory" would allow, takes longer than a 1 s time limit, so a
/// crashing submission reads as TLE, which breaks a `run_time_error`
/// promise. (512 MiB was tried first: on the loaded machine the crash
/// still came after 1.04 s of CPU, at 469 MiB.) `limits.stack` in
/// problem.yaml gives a problem more.
pub const STACK_CAP: u64 = 256 << 20;

/// What a compiler may use. A compiler bomb (huge templates, an endless
/// `#include` loop or constexpr) ends as CE with the reason instead of
/// hanging judge: 30 s of CPU time, 60 s on the wall clock, 2 GiB of
/// memory, a 1 GiB binary (a 512 MiB initialised array lives in the
/// binary, and real test packages have one), 512 processes and threads
/// (the JVM behind javac).
pub fn compiler() -> RunLimits {
    RunLimits {
        cpu: Duration::from_secs(30),
        wall: Duration::from_secs(60),
        memory: 2 << 30,
        stack: STACK_CAP,
        address_space: None,
        output: 1 << 30,
        processes: 512,
        open_files: 1024,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_space_cap_lies_far_above_the_limit_and_within_the_machine() {
        let ram = physical_memory().expect("the machine's memory");
        for memory in [64u64 << 20, 256 << 20, 1 << 30, 4 << 30] {
            let cap = address_space_backstop(memory);
            // Never tighter than twice the limit (what grows with it).
            assert!(cap >= 2 * memory, "{memory}: {cap}");
            // The margin, unless the machine has less memory than that.
            let wanted = 2 * memory + ADDRESS_SPACE_MARGIN;
            assert_eq!(cap, wanted.min(ram.max(2 * memory)), "{memory}");
            assert_eq!(
                RunLimits::new(Duration::from_secs(1), memory, 1).address_space,
                Some(cap)
            );
        }
        // A 600 MB allocation under 256 MiB is the watch's to count, not
        // the cap's to refuse, wherever the machine has the memory.
        if ram >= 2 << 30 {
            assert!(address_space_backstop(256 << 20) > 600 << 20);
        }
    }
}
