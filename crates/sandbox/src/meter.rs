//! What the runs of this process cost beyond the programs themselves.
//!
//! A run's wall clock as the caller waits for it is longer than the
//! program's own: the request goes to a launcher, the launcher forks into
//! its namespaces and cgroup, the result comes back. That difference is
//! the sandbox's own cost, and a run that spends more on it than on its
//! program is the place to look for speed. The runner adds every launch
//! here; the engine reads the totals before and after a piece of work.
//!
//! The totals are kept per thread as well as per process, so the engine
//! can charge a case to its problem without handing an id down to the
//! runner: a case is judged on one thread from start to end (its runs
//! are synchronous), so the difference of this thread's totals around it
//! is that case's.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use crate::launcher::ProcResult;

/// Running totals of launches.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Meter {
    /// Launches (one per request to a launcher, whatever it started).
    pub launches: u64,
    /// The wall clock of each launch as the caller waited for it, minus
    /// the longest wall clock of the programs it started.
    pub sandbox: Duration,
    /// CPU time of the programs launched.
    pub cpu: Duration,
}

impl Meter {
    pub const ZERO: Meter = Meter {
        launches: 0,
        sandbox: Duration::ZERO,
        cpu: Duration::ZERO,
    };

    /// Both added up.
    pub fn plus(&self, other: &Meter) -> Meter {
        Meter {
            launches: self.launches + other.launches,
            sandbox: self.sandbox + other.sandbox,
            cpu: self.cpu + other.cpu,
        }
    }

    /// What was added between `before` and `self`.
    pub fn since(&self, before: &Meter) -> Meter {
        Meter {
            launches: self.launches.saturating_sub(before.launches),
            sandbox: self.sandbox.saturating_sub(before.sandbox),
            cpu: self.cpu.saturating_sub(before.cpu),
        }
    }
}

thread_local! {
    static THREAD: Cell<Meter> = Cell::new(Meter::default());
}

static LAUNCHES: AtomicU64 = AtomicU64::new(0);
static SANDBOX_NS: AtomicU64 = AtomicU64::new(0);
static CPU_NS: AtomicU64 = AtomicU64::new(0);

/// This thread's totals so far.
pub fn thread() -> Meter {
    THREAD.with(Cell::get)
}

/// The whole process's totals so far.
pub fn process() -> Meter {
    Meter {
        launches: LAUNCHES.load(Ordering::Relaxed),
        sandbox: Duration::from_nanos(SANDBOX_NS.load(Ordering::Relaxed)),
        cpu: Duration::from_nanos(CPU_NS.load(Ordering::Relaxed)),
    }
}

/// Adds one launch that the caller waited `waited` for and that gave
/// `results`.
pub(crate) fn add(waited: Duration, results: &[ProcResult]) {
    let program = results.iter().map(|r| r.wall).max().unwrap_or_default();
    let one = Meter {
        launches: 1,
        sandbox: waited.saturating_sub(program),
        cpu: results.iter().map(|r| r.cpu).sum(),
    };
    THREAD.with(|t| {
        let mut m = t.get();
        m.launches += 1;
        m.sandbox += one.sandbox;
        m.cpu += one.cpu;
        t.set(m);
    });
    LAUNCHES.fetch_add(1, Ordering::Relaxed);
    SANDBOX_NS.fetch_add(one.sandbox.as_nanos() as u64, Ordering::Relaxed);
    CPU_NS.fetch_add(one.cpu.as_nanos() as u64, Ordering::Relaxed);
}
