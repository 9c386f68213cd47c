//! How a run ended badly, as data: the limit that stopped it and the
//! figures it reached, the signal that killed it, its exit code. A case
//! report keeps it beside the message made from it, so a reader (a test,
//! a CI script, the HTML report) asks "stopped by the wall clock?" of a
//! value instead of searching the wording.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::execution::{End, Execution};
use crate::units::format_size_approx as size;
use crate::verdict::Verdict;

/// Why a run did not end with exit code 0.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Stop {
    /// It used up its CPU time (TLE).
    CpuTime {
        #[serde(with = "seconds")]
        limit: Duration,
        #[serde(default, with = "opt_seconds", skip_serializing_if = "Option::is_none")]
        used: Option<Duration>,
    },
    /// The wall clock stopped it before its CPU time ran out: it sleeps
    /// or waits (TLE).
    WallClock {
        #[serde(with = "seconds")]
        limit: Duration,
        #[serde(default, with = "opt_seconds", skip_serializing_if = "Option::is_none")]
        cpu: Option<Duration>,
    },
    /// Its memory reached the limit (MLE); `peak` as measured.
    Memory {
        limit: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        peak: Option<u64>,
    },
    /// Its output reached the limit (OLE).
    Output { limit: u64 },
    /// A signal killed it (RE).
    Signal { signal: i32 },
    /// It exited with another code than 0 (RE).
    ExitCode { code: i32 },
    /// judge could not run it, or its run broke (JE).
    NotRun { why: String },
    /// Its input is not well formed (an in-crate solver's complaint).
    Input { error: String },
}

impl Stop {
    /// How `exec` ended, if not with exit code 0.
    pub fn of(exec: &Execution) -> Option<Stop> {
        Some(match &exec.end {
            End::Exited(0) => return None,
            End::Crashed(why) | End::CouldNotRun(why) => Stop::NotRun { why: why.clone() },
            End::InputRejected(e) => Stop::Input {
                error: e.to_string(),
            },
            End::TimedOut { wall: false, limit } => Stop::CpuTime {
                limit: *limit,
                used: exec.cpu,
            },
            End::TimedOut { wall: true, limit } => Stop::WallClock {
                limit: *limit,
                cpu: exec.cpu,
            },
            End::MemoryExceeded { limit } => Stop::Memory {
                limit: *limit,
                peak: exec.memory,
            },
            End::OutputExceeded { limit, .. } => Stop::Output { limit: *limit },
            End::Signaled(sig) => Stop::Signal { signal: *sig },
            End::Exited(code) => Stop::ExitCode { code: *code },
        })
    }

    /// The verdict a run that ended so earns.
    pub fn verdict(&self) -> Verdict {
        match self {
            Stop::CpuTime { .. } | Stop::WallClock { .. } => Verdict::TimeLimit,
            Stop::Memory { .. } => Verdict::MemoryLimit,
            Stop::Output { .. } => Verdict::OutputLimit,
            Stop::Signal { .. } | Stop::ExitCode { .. } => Verdict::RuntimeError,
            Stop::NotRun { .. } => Verdict::JudgeError,
            Stop::Input { .. } => Verdict::BadInput,
        }
    }

    /// The signal's name (`SIGSEGV`), for a run a signal killed.
    pub fn signal_name(&self) -> Option<&'static str> {
        match self {
            Stop::Signal { signal } => signal_name(*signal),
            _ => None,
        }
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = |d: &Duration| format!("{:.3} s", d.as_secs_f64());
        match self {
            Stop::CpuTime { limit, used } => {
                let used = used.as_ref().map_or("more".into(), secs);
                write!(f, "CPU time {used} over the limit of {}", secs(limit))
            }
            Stop::WallClock { limit, cpu } => {
                let cpu = cpu
                    .as_ref()
                    .map_or(String::new(), |c| format!(" (CPU time {})", secs(c)));
                write!(
                    f,
                    "stopped at the wall-clock limit of {}{cpu}: it sleeps or waits",
                    secs(limit)
                )
            }
            Stop::Memory { limit, peak } => memory(f, *limit, *peak),
            Stop::Output { limit } => write!(
                f,
                "output over the limit of {}: it was stopped there",
                size(*limit)
            ),
            Stop::Signal { signal } => match signal_name(*signal) {
                Some(name) => write!(f, "killed by signal {name} ({signal})"),
                None => write!(f, "killed by signal signal {signal}"),
            },
            Stop::ExitCode { code } => write!(f, "exit code {code}"),
            Stop::NotRun { why } => f.write_str(why),
            Stop::Input { error } => f.write_str(error),
        }
    }
}

/// The memory stop in words: over the limit, stopped at it by the
/// kernel, or out of its runtime's own heap under it.
fn memory(f: &mut fmt::Formatter<'_>, limit: u64, peak: Option<u64>) -> fmt::Result {
    match peak {
        Some(used) if used > limit => {
            write!(f, "memory {} over the limit of {}", size(used), size(limit))
        }
        // The kernel stops a program at the limit (peak = limit).
        Some(used) if used >= limit => write!(
            f,
            "memory limit of {} reached (peak {}): the kernel stopped it, or an allocation failed there",
            size(limit),
            size(used)
        ),
        // Its runtime's own heap, sized from the limit, was full.
        Some(used) => write!(
            f,
            "out of memory under the limit of {} (peak {}): its runtime's heap, sized from the limit, was full",
            size(limit),
            size(used)
        ),
        None => write!(
            f,
            "memory limit of {} reached: the kernel stopped it",
            size(limit)
        ),
    }
}

/// The usual name of a signal an RE names, so it says what happened
/// without a lookup table.
fn signal_name(sig: i32) -> Option<&'static str> {
    Some(match sig {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        5 => "SIGTRAP",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        31 => "SIGSYS",
        _ => return None,
    })
}

/// A duration as seconds in YAML (`1.5`): what a reader of the report
/// expects, exact to the nanosecond for any limit judge sets.
mod seconds {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::time::Duration;

    pub(super) fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(d.as_secs_f64())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        let secs = f64::deserialize(d)?;
        Duration::try_from_secs_f64(secs).map_err(serde::de::Error::custom)
    }
}

/// An optional [`seconds`].
mod opt_seconds {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::time::Duration;

    pub(super) fn serialize<S: Serializer>(d: &Option<Duration>, s: S) -> Result<S::Ok, S::Error> {
        match d {
            Some(d) => super::seconds::serialize(d, s),
            None => s.serialize_none(),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Duration>, D::Error> {
        let secs = Option::<f64>::deserialize(d)?;
        secs.map(|s| Duration::try_from_secs_f64(s).map_err(serde::de::Error::custom))
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_reads_back_from_yaml_as_it_was() {
        for stop in [
            Stop::CpuTime {
                limit: Duration::from_millis(1500),
                used: Some(Duration::from_millis(1502)),
            },
            Stop::WallClock {
                limit: Duration::from_secs(3),
                cpu: None,
            },
            Stop::Memory {
                limit: 256 << 20,
                peak: Some(300 << 20),
            },
            Stop::Signal { signal: 11 },
        ] {
            let text = serde_yaml::to_string(&stop).unwrap();
            let back: Stop = serde_yaml::from_str(&text).unwrap();
            assert_eq!(back, stop, "{text}");
            assert_eq!(back.to_string(), stop.to_string());
        }
    }

    #[test]
    fn the_words_name_the_limit_and_the_signal() {
        let segv = Stop::Signal { signal: 11 };
        assert_eq!(segv.to_string(), "killed by signal SIGSEGV (11)");
        assert_eq!(segv.signal_name(), Some("SIGSEGV"));
        assert_eq!(
            Stop::Signal { signal: 64 }.to_string(),
            "killed by signal signal 64"
        );
        assert_eq!(Stop::ExitCode { code: 3 }.verdict(), Verdict::RuntimeError);
    }
}
