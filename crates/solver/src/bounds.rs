//! The numbers a statement bounds, and how far a test set goes towards
//! each end.
//!
//! A test set that never reaches `N = 7` or `t = 99` leaves the slow and
//! the off-by-one submissions unpunished, and nobody notices by reading the
//! cases. So each strict validator notes every bounded value it reads
//! ([`Reached::note`]), `judge validate` folds the notes of all cases, and a
//! bound that no case reaches is flagged (like BAPCtools' `constraints`).
//! The validator checks against the same [`Bound`] it notes, so the range
//! is written once.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use judge_text::scan::InputError;
use serde::{Deserialize, Serialize};

/// One bounded number of a problem's input: what the statement calls it
/// and the range it allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    pub name: &'static str,
    pub min: i64,
    pub max: i64,
}

impl Bound {
    pub const fn new(name: &'static str, min: i64, max: i64) -> Bound {
        Bound { name, min, max }
    }

    /// The allowed values, for the validator's range check.
    pub fn range(&self) -> RangeInclusive<i64> {
        self.min..=self.max
    }

    /// The rule this bound is, by name (`n-range` for "N (board size)"):
    /// what an invalid input with a value outside it declares.
    pub fn rule(&self) -> String {
        judge_text::rule::bound_rule(self.name)
    }

    /// `result` with a range error named as this bound's rule (other
    /// rules, such as a field that is no integer, keep their names).
    pub fn named<T>(&self, result: Result<T, InputError>) -> Result<T, InputError> {
        result.map_err(|e| match e.rule.as_deref() {
            Some(judge_text::rule::RANGE) => e.rule(self.rule()),
            _ => e,
        })
    }
}

/// A solver's rules: the `layout` rules it checks, its `bounds`' and its
/// `own`, in that order (for [`crate::Solver::rules`]).
pub fn rules_of(layout: &[&str], bounds: &[Bound], own: &[&str]) -> Vec<String> {
    let mut all: Vec<String> = layout.iter().map(|r| r.to_string()).collect();
    all.extend(bounds.iter().map(Bound::rule));
    all.extend(own.iter().map(|r| r.to_string()));
    all
}

/// The smallest and largest value seen of each bound, by name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reached(BTreeMap<&'static str, (i64, i64)>);

impl Reached {
    /// Records that an input holds `value` for `bound`.
    pub fn note(&mut self, bound: &Bound, value: i64) {
        self.0
            .entry(bound.name)
            .and_modify(|(lo, hi)| {
                *lo = (*lo).min(value);
                *hi = (*hi).max(value);
            })
            .or_insert((value, value));
    }

    /// Records every value of `values`.
    pub fn note_all(&mut self, bound: &Bound, values: &[i64]) {
        for &v in values {
            self.note(bound, v);
        }
    }

    /// Adds what another input reached.
    pub fn merge(&mut self, other: &Reached) {
        for (&name, &(lo, hi)) in &other.0 {
            let b = Bound::new(name, lo, hi);
            self.note(&b, lo);
            self.note(&b, hi);
        }
    }

    /// Smallest and largest value seen for `name`.
    pub fn get(&self, name: &str) -> Option<(i64, i64)> {
        self.0.get(name).copied()
    }

    /// One row per bound of `bounds`, in their order.
    pub fn table(&self, bounds: &[Bound]) -> Vec<BoundReach> {
        bounds
            .iter()
            .map(|b| {
                let seen = self.get(b.name);
                BoundReach {
                    name: b.name.to_string(),
                    min: b.min,
                    max: b.max,
                    lowest: seen.map(|s| s.0),
                    highest: seen.map(|s| s.1),
                }
            })
            .collect()
    }
}

/// How far the cases of a problem go for one bound: the report's row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoundReach {
    pub name: String,
    /// The range the statement allows.
    pub min: i64,
    pub max: i64,
    /// The smallest and largest value any case holds (none: no case has
    /// a value for it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lowest: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub highest: Option<i64>,
}

impl BoundReach {
    /// The ends of the range no case reaches, in words (empty when both
    /// are reached).
    pub fn missed(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.lowest != Some(self.min) {
            out.push(format!("minimum {}", self.min));
        }
        if self.highest != Some(self.max) {
            out.push(format!("maximum {}", self.max));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const N: Bound = Bound::new("N", 3, 7);
    const T: Bound = Bound::new("T", 1, 49);

    #[test]
    fn notes_fold_into_the_lowest_and_highest_and_missed_ends_are_named() {
        let mut a = Reached::default();
        a.note_all(&N, &[5, 3, 4]);
        let mut b = Reached::default();
        b.note(&N, 6);
        b.note(&T, 49);
        a.merge(&b);
        assert_eq!(a.get("N"), Some((3, 6)));
        let table = a.table(&[T, N]);
        assert_eq!(table[0].name, "T");
        assert_eq!(table[0].missed(), vec!["minimum 1".to_string()]);
        assert_eq!(table[1].missed(), vec!["maximum 7".to_string()]);
        let none = Reached::default().table(&[N]);
        assert_eq!(none[0].lowest, None);
        assert_eq!(none[0].missed().len(), 2);
    }
}
