//! The record the execute stage hands on: what happened when something ran
//! on one case input.
//!
//! Two executors produce it: the harness runs reference solvers
//! in-process, and [`crate::runner`] runs submissions as limited child
//! processes. The compare and report stages see only this record, never
//! the executor, which is why it lives at the bottom, with the runner:
//! they can read it without depending on how it was made.

use std::time::Duration;

use judge_text::scan::InputError;

/// How a run ended.
#[derive(Debug, Clone, PartialEq)]
pub enum End {
    /// Normal exit with this status code.
    Exited(i32),
    /// Killed by a signal it did not ask for (not one of our limit kills).
    Signaled(i32),
    /// Over the time limit: CPU time over `limit` (`wall` false), or the
    /// wall clock reached `limit` (a program that sleeps or blocks).
    TimedOut { wall: bool, limit: Duration },
    /// Peak memory over `limit` bytes, or killed by the kernel for it.
    MemoryExceeded { limit: u64 },
    /// `size` bytes of output against a `limit`.
    OutputExceeded { limit: u64, size: u64 },
    /// The reference solver refused the input.
    InputRejected(InputError),
    /// The reference solver panicked: a bug in judge, not in the test data.
    Crashed(String),
    /// The program could not be started or read.
    CouldNotRun(String),
}

/// Everything later stages may know about one run.
#[derive(Debug, Clone, PartialEq)]
pub struct Execution {
    pub stdout: Vec<u8>,
    /// The last few KiB of standard error, for RE diagnostics.
    pub stderr_tail: Vec<u8>,
    pub wall: Duration,
    /// CPU time (user + system) where the executor can measure it.
    pub cpu: Option<Duration>,
    /// Peak resident memory in bytes where the executor can measure it.
    pub memory: Option<u64>,
    /// The address-space cap the run was held to, where no cgroup limited
    /// its memory. An allocation may have been refused there, and a
    /// program that handles that itself (a message, an exit) fails in a
    /// way a cgroup would have called MLE: whoever judges the run decides
    /// whether to run it again without the cap.
    pub address_space: Option<u64>,
    pub end: End,
}

impl Execution {
    /// A run that finished normally with this output.
    pub fn finished(stdout: Vec<u8>, wall: Duration) -> Self {
        Execution {
            stdout,
            stderr_tail: Vec::new(),
            wall,
            cpu: None,
            memory: None,
            address_space: None,
            end: End::Exited(0),
        }
    }

    /// A run that ended before producing output.
    pub fn failed(end: End, wall: Duration) -> Self {
        Execution {
            end,
            ..Execution::finished(Vec::new(), wall)
        }
    }
}
