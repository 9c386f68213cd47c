//! Limits: what a problem allows a submission, and how those numbers become
//! kernel limits for one run.
//!
//! The verdict limits (CPU time, peak memory, output size) come from
//! `problem.yaml`, overridden from the command line; the rest (wall-clock
//! backstop, address space, processes, open files) is judge's policy and
//! is derived here, in one place, so `grade`, `check` and `stress` agree.

use std::time::Duration;

pub use judge_sandbox::limits::{RunLimits, compiler};

use crate::problem::Kind;
use crate::problem::Problem;
use judge_languages::Language;

/// Limits given on the command line instead of `problem.yaml`'s.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Overrides {
    pub time: Option<Duration>,
    pub memory: Option<u64>,
    pub output: Option<u64>,
}

/// The limits a submission in `language` runs under for `problem`.
/// Managed runtimes (the JVM, Go, .NET, Node, SBCL, GHC: `managed` in the
/// language table) reserve far more address space than they use and start
/// many threads, so they get no address-space cap (the cgroup still caps
/// their memory) and more processes.
pub(crate) fn for_problem(
    problem: &Problem,
    overrides: Overrides,
    language: &Language,
) -> RunLimits {
    let l = &problem.spec.limits;
    let mut limits = RunLimits::new(
        overrides.time.unwrap_or(l.time),
        overrides.memory.unwrap_or(l.memory),
        overrides.output.unwrap_or(l.output),
    );
    // An interactive submission waits on its interactor and the relay;
    // that time is not its own, so its wall-clock backstop leaves room for
    // them (CPU time still decides TLE, as for the reference).
    if let Some(stack) = l.stack {
        limits.stack = stack.min(limits.memory);
    }
    match problem.spec.kind {
        Kind::Interactive => limits.wall = limits.cpu * 3 + std::time::Duration::from_secs(1),
        Kind::Plain | Kind::MultiPass { .. } => {}
    }
    if language.managed {
        limits.address_space = None;
        limits.processes = 512;
    }
    limits
}

/// The wall-clock backstop of a run that measures CPU time (computing a
/// time limit, re-running a borderline TLE): twice the CPU limit and a
/// second more. On a busy machine the usual backstop (1.5 × + 0.5 s) stops
/// a slow run before its CPU time reaches the limit, which would make a
/// too-slow submission look faster than it is.
pub(crate) fn measuring_wall(cpu: Duration) -> Duration {
    cpu * 2 + Duration::from_secs(1)
}
