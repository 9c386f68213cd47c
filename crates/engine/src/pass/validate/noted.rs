//! Bounds of a problem whose input validator is a program.
//!
//! An in-crate validator notes each bounded value it reads
//! ([`crate::solvers::bounds::Reached`]); a validator program cannot call
//! into judge, so it says the same on its standard output (which the ICPC
//! exit-code protocol leaves free), one line per value it read:
//!
//! ```text
//! bound NAME VALUE MIN MAX
//! ```
//!
//! `MIN … MAX` is the range the validator checks `VALUE` against, so the
//! range is still written once, where it is enforced. `judge validate`
//! folds the lines of every accepted case into the same bounds table the
//! in-crate validators fill. A validator may give one line per bound with
//! the smallest and another with the largest value it read instead of one
//! per value: only the extremes count. When groups check different ranges
//! (`validator_args`), the table shows the widest.
//!
//! Only the reading and the tally are here: the validators are run by
//! `validation`, which returns what each case noted.

use std::collections::BTreeMap;

use crate::solvers::bounds::BoundReach;

/// A `bound` line that is not `bound NAME VALUE MIN MAX`: the validator's
/// mistake, named by its line so its author finds it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "standard output line {line}: `{text}`: a bound line is `bound NAME VALUE MIN MAX` (integers, MIN ≤ MAX)"
)]
pub struct MalformedBound {
    /// 1-based.
    pub line: usize,
    pub text: String,
}

/// What the validator programs of a problem noted, by bound name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Noted(BTreeMap<String, BoundReach>);

impl Noted {
    /// Reads the `bound` lines of one validator's standard output; other
    /// lines are the validator's own business. A malformed `bound` line is
    /// the validator's mistake, returned with its line.
    pub fn read(stdout: &[u8]) -> Result<Noted, MalformedBound> {
        let mut noted = Noted::default();
        let text = String::from_utf8_lossy(stdout);
        for (n, line) in text.lines().enumerate() {
            let mut words = line.split_ascii_whitespace();
            if words.next() != Some("bound") {
                continue;
            }
            let name = words.next();
            let numbers: Vec<Option<i64>> = words.map(|w| w.parse().ok()).collect();
            match (name, numbers.as_slice()) {
                (Some(name), &[Some(value), Some(min), Some(max)]) if min <= max => {
                    noted.note(BoundReach {
                        name: name.to_string(),
                        min,
                        max,
                        lowest: Some(value),
                        highest: Some(value),
                    });
                }
                _ => {
                    return Err(MalformedBound {
                        line: n + 1,
                        text: line.to_string(),
                    });
                }
            }
        }
        Ok(noted)
    }

    fn note(&mut self, row: BoundReach) {
        let min_of = |a: Option<i64>, b: Option<i64>| a.into_iter().chain(b).min();
        let max_of = |a: Option<i64>, b: Option<i64>| a.into_iter().chain(b).max();
        match self.0.get_mut(&row.name) {
            Some(old) => {
                old.min = old.min.min(row.min);
                old.max = old.max.max(row.max);
                old.lowest = min_of(old.lowest, row.lowest);
                old.highest = max_of(old.highest, row.highest);
            }
            None => {
                self.0.insert(row.name.clone(), row);
            }
        }
    }

    /// Adds what another case (or validator) noted.
    pub fn merge(&mut self, other: Noted) {
        for row in other.0.into_values() {
            self.note(row);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The report's rows, by bound name.
    pub fn table(self) -> Vec<BoundReach> {
        self.0.into_values().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_fold_into_the_widest_range_and_the_extremes() {
        let mut all =
            Noted::read(b"bound n 3 1 1000\nnot a bound\nbound a -5 -1000 1000\n").unwrap();
        all.merge(
            Noted::read(b"bound n 1000 1 1000\nbound a 70 -1000000000 1000000000\n").unwrap(),
        );
        let table = all.table();
        assert_eq!(table.len(), 2);
        assert_eq!(
            (table[0].name.as_str(), table[0].min, table[0].max),
            ("a", -1_000_000_000, 1_000_000_000)
        );
        assert_eq!((table[0].lowest, table[0].highest), (Some(-5), Some(70)));
        assert_eq!((table[1].lowest, table[1].highest), (Some(3), Some(1000)));
        assert_eq!(table[1].missed(), vec!["minimum 1".to_string()]);
    }

    #[test]
    fn a_malformed_bound_line_is_named() {
        for bad in ["bound n 3 1", "bound n x 1 2", "bound n 3 9 1", "bound"] {
            let e = Noted::read(format!("ok\n{bad}\n").as_bytes()).unwrap_err();
            let named = MalformedBound {
                line: 2,
                text: bad.into(),
            };
            assert_eq!(e, named);
        }
        assert!(Noted::read(b"").unwrap().is_empty());
    }
}
