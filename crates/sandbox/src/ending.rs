//! How a run ended, decided from what the launcher measured: the one
//! place where measurements become an [`End`] (limit verdicts in a fixed
//! order), and the environment every program starts with.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};

use super::launcher::{Kill, ProcResult};
use super::limits::RunLimits;
use crate::execution::{End, Execution};

/// The record of a run from what the launcher measured, the output read
/// (`size` bytes were written) and the limits it ran under.
pub fn execution(
    result: &mut ProcResult,
    stdout: Vec<u8>,
    size: u64,
    limits: &RunLimits,
) -> Execution {
    Execution {
        end: classify(result, size, limits),
        stdout,
        stderr_tail: std::mem::take(&mut result.stderr),
        wall: result.wall,
        cpu: Some(result.cpu),
        memory: Some(result.memory),
        address_space: result.address_space,
    }
}

/// At most `limit` bytes of a file from its start, and its true size.
pub(crate) fn read_capped(file: &mut File, limit: u64) -> (Vec<u8>, u64) {
    let size = file.seek(SeekFrom::End(0)).unwrap_or(0);
    let mut bytes = Vec::new();
    if file.seek(SeekFrom::Start(0)).is_ok() {
        let _ = file.take(limit).read_to_end(&mut bytes);
    }
    (bytes, size)
}

/// Decides how a run ended. Limit verdicts come from measurements, in a
/// fixed order, so they do not depend on which signal arrived first:
/// output over its limit, CPU time over its limit, memory (the kernel's
/// out-of-memory kill or the peak), the wall clock, then the exit.
pub(crate) fn classify(r: &ProcResult, output_size: u64, limits: &RunLimits) -> End {
    if let Some(e) = &r.error {
        return End::CouldNotRun(e.clone());
    }
    let Some(status) = r.status else {
        return End::CouldNotRun("the program did not start".into());
    };
    let signal = libc::WIFSIGNALED(status).then(|| libc::WTERMSIG(status));
    if output_size > limits.output || signal == Some(libc::SIGXFSZ) {
        return End::OutputExceeded {
            limit: limits.output,
            size: output_size,
        };
    }
    let cpu_limited = !limits.cpu.is_zero();
    if cpu_limited && (r.cpu > limits.cpu || r.killed == Kill::Cpu || signal == Some(libc::SIGXCPU))
    {
        return End::TimedOut {
            wall: false,
            limit: limits.cpu,
        };
    }
    // A run that failed with its peak at the cap ran out of the memory the
    // limit gives it, though the kernel did not stop it: a runtime whose
    // allocation failed there ends by itself (a JVM's OutOfMemoryError
    // when the cgroup, not -Xmx, was full; C++'s bad_alloc; Python's
    // MemoryError). Contest systems call that MLE, and so do we.
    let failed = signal.is_some() || libc::WEXITSTATUS(status) != 0;
    let at_cap = limits.memory > 0 && r.memory >= limits.memory;
    let over = r.killed == Kill::Memory || (limits.memory > 0 && r.memory > limits.memory);
    if r.oom || over || (failed && at_cap) {
        return End::MemoryExceeded {
            limit: limits.memory,
        };
    }
    if r.killed == Kill::Wall {
        return End::TimedOut {
            wall: true,
            limit: limits.wall,
        };
    }
    match signal {
        Some(sig) => End::Signaled(sig),
        None => End::Exited(libc::WEXITSTATUS(status)),
    }
}

/// The environment every program gets: nothing of judge's own.
pub fn clean_env(cwd: &str) -> Vec<String> {
    vec![
        "PATH=/usr/local/bin:/usr/bin:/bin".into(),
        "HOME=/tmp".into(),
        "LANG=C.UTF-8".into(),
        format!("PWD={cwd}"),
    ]
}

#[cfg(test)]
#[path = "ending_tests.rs"]
mod tests;
