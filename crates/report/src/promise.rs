//! Why a submission did not keep its promise, as data: each fault names
//! what was promised and what happened, with the figures. The
//! submission's message is made from them in one place (their `Display`),
//! and a reader (a test, a CI script) matches on the values instead of
//! searching the wording.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::problem::submissions::{Expectation, Kind};
use crate::verdict::Verdict;

/// One way a submission broke its promise.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "broken", rename_all = "snake_case")]
pub enum PromiseFault {
    /// Its verdict is not one its folder (or `submissions.yaml`) allows.
    Verdict { expected: Expectation, got: Verdict },
    /// A too-slow submission that the limit computed from the accepted
    /// ones lets pass: the limits that would catch it, and what the
    /// accepted ones need (seconds).
    LimitLetsItPass(Box<LimitGap>),
    /// A case's verdict (`got`) lies outside `permitted`.
    NotPermitted {
        case: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        got: Option<Verdict>,
        permitted: Vec<Kind>,
    },
    /// No case got one of the `required` verdicts.
    NoneRequired { required: Vec<Kind> },
    /// No case's judge message (`judgemessage.txt`) holds `message`.
    NoMessage { message: String },
    /// Its score lies outside the promised range.
    Score { expected: ScoreRange, got: f64 },
    /// An accepted submission scores below the maximum.
    BelowMaximum { max: f64, got: f64 },
    /// A partially accepted submission scores 0 or the maximum.
    NotPartial { max: f64, got: f64 },
    /// One of the above, on the test groups a `submissions.yaml` pattern
    /// names.
    InGroups {
        pattern: String,
        fault: Box<PromiseFault>,
    },
}

/// The figures of [`PromiseFault::LimitLetsItPass`], in seconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LimitGap {
    /// Its slowest case.
    pub took: f64,
    /// A limit below this catches it (`took` / the safety margin).
    pub catch_below: f64,
    /// The accepted submissions need at least this
    /// (`slowest_accepted` × `multiplier`).
    pub need: f64,
    pub slowest_accepted: f64,
    pub multiplier: f64,
    pub safety_margin: f64,
}

impl fmt::Display for PromiseFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PromiseFault::Verdict { expected, got } => write!(f, "expected {expected}, got {got}"),
            PromiseFault::LimitLetsItPass(gap) => gap.fmt(f),
            PromiseFault::NotPermitted {
                case,
                got,
                permitted,
            } => match got {
                Some(got) => write!(
                    f,
                    "{case}: {got}, a verdict outside the permitted {permitted:?}"
                ),
                None => write!(f, "{case}: a verdict outside the permitted {permitted:?}"),
            },
            PromiseFault::NoneRequired { required } => {
                write!(f, "no case got one of the required {required:?}")
            }
            PromiseFault::NoMessage { message } => {
                write!(f, "no case's judge message contains {message:?}")
            }
            PromiseFault::Score { expected, got } => {
                write!(f, "expected a score of {expected}, got {got}")
            }
            PromiseFault::BelowMaximum { max, got } => write!(
                f,
                "an accepted submission must score the maximum {max}, got {got}"
            ),
            PromiseFault::NotPartial { max, got } => write!(
                f,
                "a partially accepted submission must score above 0 and below {max}, got {got}"
            ),
            PromiseFault::InGroups { pattern, fault } => write!(f, "in {pattern}: {fault}"),
        }
    }
}

impl fmt::Display for LimitGap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let LimitGap {
            took,
            catch_below: catch,
            need,
            slowest_accepted,
            multiplier,
            safety_margin,
        } = self;
        write!(
            f,
            "the computed limit lets it pass: its slowest case took {took:.3} s, so only a limit below {catch:.3} s catches it (too slow at the limit × {safety_margin}), while the accepted submissions need at least {need:.3} s ({slowest_accepted:.3} s × {multiplier}); "
        )?;
        match need < catch {
            true => write!(
                f,
                "a limit from {need:.3} s up to below {catch:.3} s would separate them"
            ),
            false => f.write_str("no limit separates them by the package's multipliers"),
        }
    }
}

/// How a submission kept its promise only just: stopped at the time limit,
/// it gets a verdict that keeps the promise with the package's safety
/// margin (problemtools' "OK with extra time").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Borderline {
    /// The time limit it was stopped at (ms).
    pub limit_ms: f64,
    /// Its verdict with the margin.
    pub with_margin: Verdict,
    /// The margin: the limit × this.
    pub factor: f64,
}

impl fmt::Display for Borderline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let micros = (self.limit_ms * 1e3).round() as u64;
        let limit = crate::units::format_duration(std::time::Duration::from_micros(micros));
        write!(
            f,
            "borderline: TLE at the limit of {limit}, {} with the safety margin ({limit} × {}): sensitive to the time limit, kept as problemtools keeps it (OK with extra time)",
            self.with_margin.code(),
            self.factor
        )
    }
}

/// An expected score: exactly one value, or a closed range.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ScoreRange {
    pub low: f64,
    pub high: f64,
}

impl ScoreRange {
    pub fn contains(&self, score: f64) -> bool {
        score >= self.low - 1e-6 && score <= self.high + 1e-6
    }
}

impl std::fmt::Display for ScoreRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.low == self.high {
            write!(f, "{}", self.low)
        } else {
            write!(f, "{}–{}", self.low, self.high)
        }
    }
}
