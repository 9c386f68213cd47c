//! Limits: what a problem allows a submission, and how those numbers become
//! kernel limits for one run.
//!
//! The verdict limits (CPU time, peak memory, output size) come from
//! `problem.yaml`, overridden from the command line; the rest (wall-clock
//! backstop, address space, processes, open files) is judge's policy and
//! is derived here, in one place, so `grade`, `check` and `stress` agree.

use std::time::Duration;

use crate::problem::Problem;

/// Kernel-enforced limits for one run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunLimits {
    /// CPU time (user + system) that decides TLE.
    pub cpu: Duration,
    /// Wall-clock backstop: a sleeping or blocked program is killed here.
    pub wall: Duration,
    /// Peak resident memory that decides MLE, in bytes.
    pub memory: u64,
    /// Address-space cap in bytes (`None` for runtimes such as the JVM that
    /// reserve far more address space than they use).
    pub address_space: Option<u64>,
    /// Bytes of standard output allowed.
    pub output: u64,
    /// Processes and threads of the submission's user.
    pub processes: u64,
    pub open_files: u64,
}

impl RunLimits {
    /// Limits for a problem's time and memory: TLE is decided on CPU time
    /// and the wall clock only catches programs that sleep or block, at
    /// twice the limit plus a second so a loaded machine does not turn an
    /// accepted run into TLE.
    pub fn new(time: Duration, memory: u64, output: u64) -> Self {
        RunLimits {
            cpu: time,
            wall: time * 2 + Duration::from_secs(1),
            memory,
            address_space: Some(memory.saturating_mul(2)),
            output,
            processes: 64,
            open_files: 64,
        }
    }

    /// The RLIMIT_CPU soft limit in whole seconds: beyond the verdict limit,
    /// so that the measurement, not the signal, decides TLE.
    pub(crate) fn cpu_rlimit_secs(&self) -> u64 {
        self.cpu.as_secs() + 2
    }
}

/// Limits given on the command line instead of `problem.yaml`'s.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Overrides {
    pub time: Option<Duration>,
    pub memory: Option<u64>,
    pub output: Option<u64>,
}

/// The limits a submission runs under for `problem`. `address_space` is
/// false for runtimes (the JVM) that reserve far more address space than
/// they use, where only the measured peak can decide MLE.
pub(crate) fn for_problem(
    problem: &Problem,
    overrides: Overrides,
    address_space: bool,
) -> RunLimits {
    let l = &problem.spec.limits;
    let mut limits = RunLimits::new(
        overrides.time.unwrap_or(l.time),
        overrides.memory.unwrap_or(l.memory),
        overrides.output.unwrap_or(l.output),
    );
    if !address_space {
        limits.address_space = None;
    }
    limits
}

/// The generous limits a compiler runs under: its own CPU time, memory and
/// output caps, so a compiler bomb ends as CE instead of hanging judge.
pub(crate) fn compiler() -> RunLimits {
    let mut limits = RunLimits::new(Duration::from_secs(60), 4 << 30, 16 << 20);
    limits.address_space = None;
    limits.processes = 4096;
    limits.open_files = 1024;
    limits
}
