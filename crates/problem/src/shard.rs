//! Splitting a test set across CI jobs, and naming the test set a report
//! was made from.
//!
//! judge does not schedule machines: CI systems already do (a GitHub
//! Actions matrix, GitLab `parallel:`, Slurm arrays, Kubernetes indexed
//! jobs). Each job runs `--shard K/N` and gets a deterministic part of the
//! cases; `judge merge` joins the reports. The split depends only on case
//! ids and file sizes, so every machine and thread count agrees on it.

use std::path::Path;

use crate::problem::{Discovery, Problem};

/// `K/N`: this job runs part K (1-based) of N.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// A `--shard` that is not `K/N` with 1 ≤ K ≤ N.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("shard {0:?}: expected K/N with 1 <= K <= N, e.g. 2/3")]
pub struct BadShard(String);

impl std::str::FromStr for Shard {
    type Err = BadShard;

    fn from_str(text: &str) -> Result<Self, BadShard> {
        let bad = || BadShard(text.to_string());
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Reports store a shard as the `K/N` text people type.
impl serde::Serialize for Shard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Shard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl Shard {
    /// Which of `items` (key, weight) this shard owns, by `assign`.
    pub fn owns(self, items: &[(String, u64)]) -> Vec<bool> {
        assign(items, self.count)
            .into_iter()
            .map(|s| s == self.index)
            .collect()
    }
}

/// A fixed cost per case on top of its input size, so many tiny cases are
/// not all piled onto one shard.
pub const CASE_OVERHEAD: u64 = 4096;

/// Assigns each item (key, weight) to a shard 1..=count: heaviest first,
/// each to the lightest shard so far (ties: fewer cases, then lower index).
/// Keys break ties between equal weights, so the result is stable.
pub(crate) fn assign(items: &[(String, u64)], count: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| {
        items[b]
            .1
            .cmp(&items[a].1)
            .then_with(|| items[a].0.cmp(&items[b].0))
    });
    let mut load = vec![(0u64, 0usize); count];
    let mut out = vec![0; items.len()];
    for i in order {
        let best = (0..count)
            .min_by_key(|&s| (load[s].0, load[s].1, s))
            .unwrap_or(0);
        load[best].0 += items[i].1;
        load[best].1 += 1;
        out[i] = best + 1;
    }
    out
}

/// The size of a file in bytes (0 when it cannot be read): the shard
/// weight of a case.
pub fn size(path: &Path) -> u64 {
    std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)
}

impl Discovery {
    /// Keeps only the cases (and invalid inputs, and tests of the output
    /// validator) of `shard` (problems keep their order).
    pub fn shard(mut self, shard: Option<Shard>) -> Discovery {
        let Some(shard) = shard else { return self };
        let items: Vec<(String, u64)> = self
            .problems
            .iter()
            .flat_map(|p| {
                let checks = p.output_checks.iter().map(|c| &c.case);
                p.cases
                    .iter()
                    .chain(&p.invalid_inputs)
                    .chain(checks)
                    .map(move |c| {
                        (
                            format!("{}/{}", p.id, c.id()),
                            size(&c.input) + CASE_OVERHEAD,
                        )
                    })
            })
            .collect();
        let mut mine = shard.owns(&items).into_iter();
        for p in &mut self.problems {
            p.cases.retain(|_| mine.next() == Some(true));
            p.invalid_inputs.retain(|_| mine.next() == Some(true));
            p.output_checks.retain(|_| mine.next() == Some(true));
        }
        self
    }
}

/// A content hash of the test set (problem.yaml, case names, inputs and
/// expected outputs): reports of different revisions must not be merged.
/// FNV-1a 64, because it is tiny, stable across platforms and versions, and
/// collisions by accident are what matters here, not attacks.
pub fn test_set_hash(problems: &[Problem]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes.iter().chain(&(bytes.len() as u64).to_le_bytes()) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for p in problems {
        feed(p.id.as_bytes());
        feed(&std::fs::read(p.dir.join("problem.yaml")).unwrap_or_default());
        for c in p.cases.iter().chain(&p.invalid_inputs) {
            feed(c.id().as_bytes());
            feed(&std::fs::read(&c.input).unwrap_or_default());
            feed(
                &c.answer
                    .as_ref()
                    .and_then(|a| std::fs::read(a).ok())
                    .unwrap_or_default(),
            );
        }
        for check in &p.output_checks {
            let c = &check.case;
            feed(c.id().as_bytes());
            for file in [Some(&c.input), c.answer.as_ref(), Some(&check.output)] {
                feed(&file.and_then(|f| std::fs::read(f).ok()).unwrap_or_default());
            }
        }
    }
    format!("fnv1a64:{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_specs_are_checked() {
        assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
        for bad in ["0/2", "4/3", "1/0", "3", "a/b", "", "1/2/3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn every_item_gets_exactly_one_shard_and_loads_balance() {
        let items: Vec<(String, u64)> = (0..100)
            .map(|i| (format!("case-{i:03}"), 1000 + (i * 37 % 11) * 500))
            .collect();
        let a = assign(&items, 3);
        assert!(a.iter().all(|&s| (1..=3).contains(&s)));
        let loads: Vec<u64> = (1..=3)
            .map(|s| {
                items
                    .iter()
                    .zip(&a)
                    .filter(|(_, x)| **x == s)
                    .map(|(i, _)| i.1)
                    .sum()
            })
            .collect();
        let (lo, hi) = (*loads.iter().min().unwrap(), *loads.iter().max().unwrap());
        assert!(hi - lo <= 6000, "{loads:?}");
        let counts: Vec<usize> = (1..=3)
            .map(|s| a.iter().filter(|&&x| x == s).count())
            .collect();
        assert!(
            counts.iter().max().unwrap() - counts.iter().min().unwrap() <= 5,
            "{counts:?}"
        );
    }

    #[test]
    fn assignment_does_not_depend_on_input_order() {
        let items: Vec<(String, u64)> = (0..20).map(|i| (format!("c{i}"), 10 * (i % 4))).collect();
        let mut reversed = items.clone();
        reversed.reverse();
        let a = assign(&items, 4);
        let mut b = assign(&reversed, 4);
        b.reverse();
        assert_eq!(a, b);
    }
}
