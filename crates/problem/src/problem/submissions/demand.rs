//! What a submission promises of its cases, in the terms of 2025-09's
//! "Example submissions": [`Demand`]s, each over a set of cases (every
//! case, or the cases of the test groups a pattern names), that all must
//! hold. A verdict folder's default is one demand ("Default directories":
//! `wrong_answer` permits AC and WA and requires WA); the entry of
//! `submissions.yaml` named exactly after the folder replaces the keys it
//! gives of that default (the rest are inherited); every other entry that
//! matches the submission adds demands of its own, for all its cases and
//! for each test group it names. Whether the cases keep them is decided in
//! the engine (`pass/check`), case by case, so judging can stop as soon as
//! no later case can change the outcome.
//!
//! The spec knows four verdicts; judge's finer ones are read as
//! [`Kind::all_of`] says (PE as WA, MLE as RTE, OLE as either RTE or TLE).
//! A case judge could not judge (a judge error) has no kind: it keeps no
//! demand, it breaks any.

use super::promise::{Expectation, Expected};
use super::rules::{Kind, Rule};
use crate::verdict::Verdict;

/// One requirement over a set of cases.
#[derive(Debug, Clone, PartialEq)]
pub struct Demand {
    /// The test-group pattern whose cases it is about (`None`: every case).
    pub scope: Option<String>,
    /// Every case's verdict must be one of these (`None`: any).
    pub permitted: Option<Vec<Kind>>,
    /// Some case's verdict must be one of these (`None`: no such demand).
    pub required: Option<Vec<Kind>>,
    /// Some case's judge message must contain this, case-sensitively.
    pub message: Option<String>,
    /// The folder's default (as the folder's own entry left it), not an
    /// entry of `submissions.yaml`: a broken default reads as the folder's
    /// verdict broken.
    pub folder: bool,
}

impl Demand {
    /// 2025-09's default for a verdict folder ("Default directories"),
    /// `None` where the folder demands no verdicts: `partially_accepted`
    /// (legacy: a score between nothing and everything, checked apart),
    /// a folder of the package's own, a DOMjudge result (judged on its
    /// first failure, as DOMjudge does), no promise.
    pub fn folder_default(folder: Expectation) -> Option<Demand> {
        let (permitted, required) = match folder {
            Expectation::Verdict(Verdict::Accepted) => (Some(vec![Kind::AC]), None),
            Expectation::Verdict(v) => {
                let kinds = Kind::all_of(v).to_vec();
                let mut permitted = vec![Kind::AC];
                permitted.extend(kinds.iter().copied());
                (Some(permitted), Some(kinds))
            }
            Expectation::Rejected => (None, Some(vec![Kind::RTE, Kind::TLE, Kind::WA])),
            Expectation::BruteForce => (
                Some(vec![Kind::AC, Kind::RTE, Kind::TLE]),
                Some(vec![Kind::RTE, Kind::TLE]),
            ),
            Expectation::Partial
            | Expectation::Rules
            | Expectation::Domjudge(_)
            | Expectation::Nothing => return None,
        };
        Some(Demand {
            scope: None,
            permitted,
            required,
            message: None,
            folder: true,
        })
    }

    /// The demands of one `submissions.yaml` entry: its own keys over
    /// every case, and each test group's over that group's cases.
    fn of_rule(rule: &Rule) -> Vec<Demand> {
        let mut out = Vec::new();
        let own = Demand {
            scope: None,
            permitted: rule.permitted.clone(),
            required: rule.required.clone(),
            message: rule.message.clone(),
            folder: false,
        };
        if !own.is_empty() {
            out.push(own);
        }
        for (pattern, group) in rule.group_rules() {
            let demand = Demand {
                scope: Some(pattern),
                permitted: group.permitted,
                required: group.required,
                message: group.message,
                folder: false,
            };
            if !demand.is_empty() {
                out.push(demand);
            }
        }
        out
    }

    fn is_empty(&self) -> bool {
        self.permitted.is_none() && self.required.is_none() && self.message.is_none()
    }

    /// Whether a case with verdict `v` keeps `permitted`.
    pub fn permits(&self, v: Verdict) -> bool {
        let kinds = Kind::all_of(v);
        !kinds.is_empty()
            && self
                .permitted
                .as_ref()
                .is_none_or(|p| kinds.iter().any(|k| p.contains(k)))
    }

    /// Whether a case with verdict `v` is one `required` asks for.
    pub fn is_required(&self, v: Verdict) -> bool {
        let kinds = Kind::all_of(v);
        self.required
            .as_ref()
            .is_some_and(|r| kinds.iter().any(|k| r.contains(k)))
    }

    /// Whether every verdict of the spec is permitted: no later case can
    /// break `permitted` (a judge error aside, which is the judge's).
    pub fn permits_everything(&self) -> bool {
        self.permitted.as_ref().is_none_or(|p| {
            [Kind::AC, Kind::WA, Kind::TLE, Kind::RTE]
                .iter()
                .all(|k| p.contains(k))
        })
    }
}

impl Expected {
    /// Every demand on this submission's verdicts, as 2025-09 reads them:
    /// in a 2025-09 (or 2023-07) package the folder's default (with the
    /// keys its own entry gives replaced) and every matching entry's; in
    /// judge's own layout and a legacy package, where the folder's promise
    /// is its first failure's verdict ([`Expected::keeps_run`]), the
    /// entries' alone.
    pub fn demands(&self) -> Vec<Demand> {
        let mut out = Vec::new();
        let own = self.folder_rule.and_then(|i| self.rules.get(i));
        if !self.first_failure
            && let Some(mut default) = Demand::folder_default(self.expectation)
        {
            if let Some(own) = own {
                default.permitted = own.permitted.clone().or(default.permitted);
                default.required = own.required.clone().or(default.required);
            }
            out.push(default);
        }
        for (i, rule) in self.rules.iter().enumerate() {
            let mut demands = Demand::of_rule(rule);
            // In a 2025-09 package the folder's own entry's verdicts went
            // into the default above; its message and groups still add.
            // Where the first failure decides, they replace that promise
            // ([`Expected::folder_replaced`]) and are a demand as written.
            if Some(i) == self.folder_rule
                && !self.first_failure
                && Demand::folder_default(self.expectation).is_some()
            {
                for d in demands.iter_mut().filter(|d| d.scope.is_none()) {
                    d.permitted = None;
                    d.required = None;
                }
                demands.retain(|d| !d.is_empty());
            }
            out.extend(demands);
        }
        out
    }

    /// Whether the folder's own `submissions.yaml` entry replaces its
    /// first-failure promise (judge's own layout, a legacy package): it
    /// gives `permitted` or `required` (`judge import` writes such an
    /// entry for `run_time_error/`, where the formats count MLE as RTE).
    pub fn folder_replaced(&self) -> bool {
        self.folder_rule
            .and_then(|i| self.rules.get(i))
            .is_some_and(|r| r.permitted.is_some() || r.required.is_some())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::PathBuf;

    use super::*;
    use crate::problem::submissions::glob_matches;

    fn expected(yaml: &str, path: &str, folder: Expectation, first_failure: bool) -> Expected {
        let rules: BTreeMap<String, Rule> = serde_yaml::from_str(yaml).unwrap();
        let dir = path.split('/').next().unwrap();
        let matching: Vec<(&String, &Rule)> = rules
            .iter()
            .filter(|(p, _)| glob_matches(p, path))
            .collect();
        Expected {
            path: PathBuf::from(path),
            expectation: folder,
            folder_rule: matching
                .iter()
                .position(|(p, _)| p.trim_end_matches('/') == dir),
            rules: matching.into_iter().map(|(_, r)| r.clone()).collect(),
            format_rules: true,
            first_failure,
            note: None,
        }
    }

    const WA: Expectation = Expectation::Verdict(Verdict::WrongAnswer);

    #[test]
    fn a_glob_adds_to_the_folders_default_and_the_folders_own_entry_replaces_its_keys() {
        let glob = expected(
            "wrong_answer/*:\n  permitted: [AC, WA, TLE]\n",
            "wrong_answer/x.py",
            WA,
            false,
        );
        let d = glob.demands();
        assert_eq!(d.len(), 2, "{d:?}");
        // Both hold: the default still forbids TLE.
        assert!(d[0].folder && !d[0].permits(Verdict::TimeLimit));
        assert!(d[1].permits(Verdict::TimeLimit));
        let own = expected(
            "wrong_answer:\n  permitted: [AC, WA, TLE]\n  message: off by one\n",
            "wrong_answer/x.py",
            WA,
            false,
        );
        let d = own.demands();
        // One default, its permitted replaced and its required inherited;
        // the message a demand of its own.
        assert_eq!(d.len(), 2, "{d:?}");
        assert!(d[0].permits(Verdict::TimeLimit));
        assert_eq!(d[0].required, Some(vec![Kind::WA]));
        assert_eq!(d[1].message.as_deref(), Some("off by one"));
        assert!(d[1].permits_everything());
    }

    #[test]
    fn the_default_folders_are_the_specs_and_judges_finer_verdicts_map_onto_four() {
        let default = |e| Demand::folder_default(e).unwrap();
        let tle = default(Expectation::Verdict(Verdict::TimeLimit));
        assert!(tle.permits(Verdict::Accepted) && !tle.permits(Verdict::WrongAnswer));
        assert!(tle.is_required(Verdict::TimeLimit) && tle.is_required(Verdict::OutputLimit));
        let rte = default(Expectation::Verdict(Verdict::RuntimeError));
        assert!(rte.is_required(Verdict::MemoryLimit) && !rte.permits(Verdict::TimeLimit));
        let wa = default(WA);
        assert!(wa.is_required(Verdict::PresentationError));
        let brute = default(Expectation::BruteForce);
        assert!(!brute.permits(Verdict::WrongAnswer) && brute.is_required(Verdict::RuntimeError));
        let rejected = default(Expectation::Rejected);
        assert!(rejected.permits_everything() && !rejected.is_required(Verdict::Accepted));
        // A judge error keeps nothing.
        assert!(!rejected.permits(Verdict::JudgeError));
        assert!(Demand::folder_default(Expectation::Partial).is_none());
    }

    #[test]
    fn where_the_first_failure_decides_only_the_entries_demand() {
        let rte = Expectation::Verdict(Verdict::RuntimeError);
        let carried = expected(
            "run_time_error:\n  permitted: [AC, RTE]\n  required: [RTE]\n",
            "run_time_error/x.c",
            rte,
            true,
        );
        assert!(carried.folder_replaced());
        assert_eq!(carried.demands().len(), 1);
        let plain = expected("x/*:\n  permitted: [AC]\n", "run_time_error/x.c", rte, true);
        assert!(!plain.folder_replaced() && plain.demands().is_empty());
        let groups = expected(
            "wrong_answer/x.py:\n  sample:\n    permitted: [AC]\n",
            "wrong_answer/x.py",
            WA,
            true,
        );
        let d = groups.demands();
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].scope.as_deref(), Some("sample"));
    }
}
