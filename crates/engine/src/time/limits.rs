//! A submission's limits: what a problem allows it, and how those numbers
//! become kernel limits for one run. Every run of a submission or a
//! package's reference gets its limits here (`for_submission`), and so
//! does each run that measures CPU time (`measuring`,
//! `with_extra_time`); the wall-clock rule (a run stopped by the wall
//! clock before it used its CPU time runs again, `rerun_wall`) is here
//! too, so `grade`, `check`, `stress` and `timelimit` agree.
//!
//! The verdict limits (CPU time, peak memory, output size) come from
//! `problem.yaml`, overridden from the command line; the rest (wall-clock
//! backstop, address space, processes, open files) is judge's policy.

use std::time::Duration;

pub use judge_sandbox::limits::{RunLimits, compiler};

use crate::execution::{End, Execution};
use crate::problem::{Kind, Problem};
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
/// many threads, so they get no address-space cap (the cgroup or the
/// launcher's watch still holds their memory to the limit) and more
/// processes.
pub(crate) fn for_submission(
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
        Kind::Interactive | Kind::InteractiveMultiPass { .. } => {
            limits.wall = limits.cpu * 3 + std::time::Duration::from_secs(1)
        }
        Kind::Plain | Kind::MultiPass { .. } | Kind::SubmitAnswer => {}
    }
    if language.managed {
        limits.address_space = None;
        limits.processes = 512;
    }
    limits
}

/// The limits a problem's own programs (checker, interactor, validators,
/// grader) run under: generous, and the problem's own to set
/// (`checker_time`, `checker_memory`).
pub(crate) fn for_problem_program(problem: &Problem) -> RunLimits {
    let l = &problem.spec.limits;
    // A package's `validation_output` is a guarantee: judge's own limit
    // is raised to it, never lowered.
    let env = problem.origin.as_ref().map(|o| &o.environment);
    let output = (env.and_then(|e| e.validation_output)).map_or(OWN_OUTPUT, |o| o.max(OWN_OUTPUT));
    program_limits(RunLimits::new(l.checker_time, l.checker_memory, output))
}

/// The output a problem's own program may write, unless its package
/// guarantees more.
const OWN_OUTPUT: u64 = 64 << 20;

/// The limits of a recipe's generators and solutions: a generator may be
/// slow, and its output is a whole input.
pub(crate) fn for_generator() -> RunLimits {
    program_limits(RunLimits::new(Duration::from_secs(60), 2 << 30, 1 << 30))
}

/// A problem's own program is trusted to allocate as it likes (the
/// memory limit still holds) and to start threads.
fn program_limits(mut limits: RunLimits) -> RunLimits {
    limits.address_space = None;
    limits.processes = 512;
    limits
}

/// The wall-clock backstop of a run that measures CPU time (computing a
/// time limit, re-running a borderline TLE): twice the CPU limit and a
/// second more. On a busy machine the usual backstop (1.5 × + 0.5 s) stops
/// a slow run before its CPU time reaches the limit, which would make a
/// too-slow submission look faster than it is.
fn measuring_wall(cpu: Duration) -> Duration {
    cpu * 2 + Duration::from_secs(1)
}

/// The limits of a run that measures CPU time up to `cap` (`judge
/// timelimit`, a computed limit): the submission's limits with `cap` as
/// its CPU time and the wall clock of a measurement.
pub(crate) fn measuring(problem: &Problem, language: &Language, cap: Duration) -> RunLimits {
    let overrides = Overrides {
        time: Some(cap),
        ..Overrides::default()
    };
    RunLimits {
        wall: measuring_wall(cap),
        ..for_submission(problem, overrides, language)
    }
}

/// `limits` with `factor` times the CPU time, as problemtools re-runs a
/// time-out with its safety margin ("OK with extra time"); this run
/// measures CPU time, so its wall clock is at least a measurement's.
pub(crate) fn with_extra_time(limits: RunLimits, factor: f64) -> RunLimits {
    let cpu = limits.cpu.mul_f64(factor);
    RunLimits {
        cpu,
        wall: limits.wall.mul_f64(factor).max(measuring_wall(cpu)),
        ..limits
    }
}

/// The wall-clock rule: a run stopped by the wall clock with less than
/// half its CPU time used sleeps, or the machine was too busy to give it
/// the CPU (other judges or a CI job beside it). It runs once more with
/// the longer wall clock returned here: one that sleeps is stopped again
/// (TLE), a starved one gets the verdict it earns. `None`: the run stands.
pub(crate) fn rerun_wall(exec: &Execution, limits: &RunLimits) -> Option<Duration> {
    let starved = matches!(exec.end, End::TimedOut { wall: true, .. })
        && exec.cpu.is_some_and(|cpu| cpu < limits.cpu / 2);
    starved.then(|| (limits.wall * 2).max(measuring_wall(limits.cpu)))
}
