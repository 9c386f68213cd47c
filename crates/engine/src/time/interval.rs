//! The time limits under which every submission keeps its promise.
//!
//! problemtools and BAPCtools set a limit from the slowest accepted run
//! times a margin, then check the time_limit_exceeded submissions against
//! it; when one is not slow enough they say the limit is wrong, not which
//! limits would be right. Each submission whose times bound the limit
//! ([`Scopes`](crate::time::calibrate::Scopes)) gives one side of an interval: an accepted one needs
//! `limit ≥ ac_to_time_limit × its slowest case`, a too-slow one needs
//! `limit ≤ its slowest case / time_limit_to_tle` (one case too slow is
//! enough), each over the cases of its scope (every case, or a test
//! group's for a partially accepted submission). The interval is the
//! meet of all of them; when it is empty, the submissions on either side
//! that cross it are the ones to look at.
//!
//! Times are per-case medians over interleaved runs ([`crate::time::calibrate`]),
//! so one busy moment moves no end.

use crate::origin::{Multipliers, TimeRule};
use crate::problem::Case;
use crate::problem::submissions::Bound;
use crate::time::calibrate::{Calibration, Fault, Sample, Timed, in_scope, number, seconds};

/// One submission's bound on the limit over one scope.
#[derive(Debug, Clone, PartialEq)]
pub struct Constraint {
    /// `folder/file`, as people find it.
    pub who: String,
    /// The test-group pattern (`None`: every case).
    pub scope: Option<String>,
    pub side: Bound,
    /// Its slowest case in the scope.
    pub time: Sample,
    pub case: String,
    /// The bound on the limit, in seconds (a lower end for `Lower`, an
    /// upper end for `Upper`).
    pub limit: f64,
}

impl Constraint {
    /// `≥ ` when the time was cut at the probe (so the bound is at least
    /// this, which matters for an upper end only).
    fn at_least(&self) -> &'static str {
        if self.time.cut { "≥ " } else { "" }
    }

    /// "accepted/a.py: 2 × 0.24 s on secret/3".
    pub fn explain(&self, rule: Multipliers) -> String {
        let (factor, op) = match self.side {
            Bound::Lower => (rule.ac_to_time_limit, "×"),
            Bound::Upper => (rule.time_limit_to_tle, "/"),
        };
        let time = format!(
            "{}{} s",
            self.at_least(),
            seconds(self.time.cpu.as_secs_f64())
        );
        let how = match self.side {
            Bound::Lower => format!("{} {op} {time}", number(factor)),
            Bound::Upper => format!("{time} {op} {}", number(factor)),
        };
        format!("{}: {how} on {}", self.who, self.case)
    }
}

/// Every bound of a calibration, and the rule's margins.
#[derive(Debug, Clone)]
pub struct Interval {
    pub constraints: Vec<Constraint>,
    pub rule: Multipliers,
}

/// The slowest median of `t` over the cases of `scope`, with its case.
fn slowest_in(t: &Timed, scope: &Option<String>, cases: &[Case]) -> Option<(Sample, String)> {
    (t.per_case.iter().zip(cases))
        .filter(|(_, c)| in_scope(scope, c))
        .filter_map(|(s, c)| Some((((*s)?), c.id())))
        .max_by_key(|(s, _)| s.cpu)
}

impl Interval {
    /// The interval of `calibration` over the problem's `cases` (the ones
    /// it was run on, in order), by `rule`. Submissions that could not be
    /// measured, or failed where they must pass, bound nothing.
    pub fn of(calibration: &Calibration, cases: &[Case], rule: Multipliers) -> Interval {
        let mut constraints = Vec::new();
        for t in calibration.timed.iter().filter(|t| t.fault.is_none()) {
            for (scope, side) in &t.bounds {
                let Some((time, case)) = slowest_in(t, scope, cases) else {
                    continue;
                };
                let secs = time.cpu.as_secs_f64();
                let limit = match side {
                    Bound::Lower => secs * rule.ac_to_time_limit,
                    Bound::Upper => secs / rule.time_limit_to_tle,
                };
                constraints.push(Constraint {
                    who: t.who(),
                    scope: scope.clone(),
                    side: *side,
                    time,
                    case,
                    limit,
                });
            }
        }
        Interval { constraints, rule }
    }

    fn side(&self, side: Bound) -> impl Iterator<Item = &Constraint> {
        self.constraints.iter().filter(move |c| c.side == side)
    }

    /// The highest lower end: the accepted run that needs the most.
    pub fn low(&self) -> Option<&Constraint> {
        self.side(Bound::Lower)
            .max_by(|a, b| a.limit.total_cmp(&b.limit))
    }

    /// The lowest upper end: the too-slow run that allows the least.
    pub fn high(&self) -> Option<&Constraint> {
        self.side(Bound::Upper)
            .min_by(|a, b| a.limit.total_cmp(&b.limit))
    }

    /// Whether no limit keeps every promise. An upper end from a run cut
    /// at the probe is only known to be at least that, so it never proves
    /// the interval empty.
    pub fn is_empty(&self) -> bool {
        match (self.low(), self.high()) {
            (Some(l), Some(h)) => l.limit > h.limit && !h.time.cut,
            _ => false,
        }
    }

    /// When empty, the submissions that make it so: every accepted one
    /// needing more than the lowest upper end, every too-slow one allowing
    /// less than the highest lower end.
    pub fn culprits(&self) -> Vec<&Constraint> {
        let (Some(low), Some(high)) = (self.low(), self.high()) else {
            return Vec::new();
        };
        if !self.is_empty() {
            return Vec::new();
        }
        let mut out: Vec<&Constraint> = (self.side(Bound::Lower))
            .filter(|c| c.limit > high.limit)
            .collect();
        out.extend(self.side(Bound::Upper).filter(|c| c.limit < low.limit));
        out
    }

    /// Why `limit` (seconds) breaks a promise, one line per submission it
    /// breaks; empty when it keeps every one.
    pub fn breaks(&self, limit: f64) -> Vec<String> {
        let mut out = Vec::new();
        for c in &self.constraints {
            let bad = match c.side {
                Bound::Lower => limit < c.limit,
                Bound::Upper => limit > c.limit && !c.time.cut,
            };
            if bad {
                let need = match c.side {
                    Bound::Lower => "needs at least",
                    Bound::Upper => "needs at most",
                };
                out.push(format!(
                    "{} {need} {} s ({})",
                    c.who,
                    seconds(c.limit),
                    c.explain(self.rule)
                ));
            }
        }
        out
    }

    /// The limit judge proposes: the rule's own (the slowest accepted run
    /// × the margin, rounded up to the resolution) when it lies inside,
    /// else the lower end rounded up to a hundredth, if that does. `None`
    /// when the interval is empty or nothing bounds it from below.
    pub fn proposed(&self) -> Option<f64> {
        let low = self.low()?;
        if self.is_empty() {
            return None;
        }
        let fits = |x: f64| self.high().is_none_or(|h| h.time.cut || x <= h.limit);
        let slowest = low.time.cpu;
        let rounded =
            TimeRule::limit_for(self.rule.ac_to_time_limit, self.rule.resolution, slowest)
                .as_secs_f64();
        let by_rule = (fits(rounded) && rounded >= low.limit).then_some(rounded);
        by_rule.or_else(|| {
            let hundredths = (low.limit * 100.0).ceil() / 100.0;
            fits(hundredths).then_some(hundredths)
        })
    }

    /// The ends per scope, in the order scopes first appear ("every case"
    /// first): where groups differ, which group decides each end.
    pub fn by_scope(&self) -> Vec<(String, Option<&Constraint>, Option<&Constraint>)> {
        let mut scopes: Vec<Option<String>> = Vec::new();
        for c in &self.constraints {
            if !scopes.contains(&c.scope) {
                scopes.push(c.scope.clone());
            }
        }
        scopes.sort_by_key(|s| s.is_some());
        scopes
            .into_iter()
            .map(|scope| {
                let of = |side: Bound| {
                    let scope = &scope;
                    self.side(side).filter(move |c| c.scope == *scope)
                };
                let low = of(Bound::Lower).max_by(|a, b| a.limit.total_cmp(&b.limit));
                let high = of(Bound::Upper).min_by(|a, b| a.limit.total_cmp(&b.limit));
                let name = scope.clone().unwrap_or_else(|| "every case".into());
                (name, low, high)
            })
            .collect()
    }
}

/// Submissions whose times bound nothing because they failed where they
/// must pass or could not be run: each with why.
pub fn unmeasured(calibration: &Calibration) -> Vec<String> {
    (calibration.timed.iter())
        .filter_map(|t| {
            let why = match &t.fault {
                Some(Fault::Setup(w) | Fault::Failed(w)) => w.clone(),
                Some(Fault::Unavailable(w)) => format!("skipped: {w}"),
                None => return None,
            };
            Some(format!("{}: {why}", t.who()))
        })
        .collect()
}

#[cfg(test)]
#[path = "interval_tests.rs"]
mod tests;
