//! What a submission promises ([`Expectation`]: a folder's verdict, a
//! DOMjudge tag's results, `submissions.yaml`'s rules, or nothing) and
//! whether a judging keeps it, by judge's rules or a package format's.

use std::borrow::Cow;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::domjudge::{Outcome, Results};
use super::rules::{Bound, Kind, Rule, ScoreSpec, TimeUse};
use crate::verdict::Verdict;

/// What a submission must get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expectation {
    /// This verdict on its first failing case (AC: on every case).
    Verdict(Verdict),
    /// Some failure, whichever (`rejected`).
    Rejected,
    /// Too slow or crashing, never a wrong answer (`brute_force`).
    BruteForce,
    /// A scoring problem: more than nothing, less than everything
    /// (`partially_accepted`), unless `submissions.yaml` gives a score.
    Partial,
    /// A folder of a package's own (2025-09): only its `submissions.yaml`
    /// rules promise anything.
    Rules,
    /// DOMjudge's results (a tag, or a folder named after one): any of
    /// them keeps it.
    Domjudge(Results),
    /// Judged and reported, promising nothing judge can check: a folder
    /// no format names, with no tag, or a tag only a person can check
    /// (`CHECK-MANUALLY`). Neither kept nor broken.
    Nothing,
}

impl Expectation {
    pub fn code(self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Expectation::Verdict(v) => v.code(),
            Expectation::Rejected => "REJECTED",
            Expectation::BruteForce => "BRUTE-FORCE",
            Expectation::Partial => "PARTIAL",
            Expectation::Rules => "RULES",
            Expectation::Domjudge(r) => return r.code(),
            Expectation::Nothing => "NONE",
        })
    }

    /// Whether it promises to pass every case (`accepted/`, or DOMjudge's
    /// `CORRECT` alone).
    pub fn is_accepted(self) -> bool {
        match self {
            Expectation::Verdict(v) => v == Verdict::Accepted,
            Expectation::Domjudge(r) => r == Results::one(Outcome::Correct),
            _ => false,
        }
    }

    /// Whether it promises to be too slow (`time_limit_exceeded/`, or
    /// DOMjudge's `TIMELIMIT` alone).
    pub fn is_too_slow(self) -> bool {
        match self {
            Expectation::Verdict(v) => v == Verdict::TimeLimit,
            Expectation::Domjudge(r) => r == Results::one(Outcome::Timelimit),
            _ => false,
        }
    }

    /// The promise in words.
    pub fn describe(self) -> &'static str {
        match self {
            Expectation::Verdict(v) => v.describe(),
            Expectation::Rejected => "rejected, whichever way",
            Expectation::BruteForce => "too slow or crashing, never a wrong answer",
            Expectation::Partial => "partially accepted: a score above 0 and below the maximum",
            Expectation::Rules => "as its submissions.yaml rules say",
            Expectation::Domjudge(_) => "any of these DOMjudge results",
            Expectation::Nothing => "no promise: judged and reported",
        }
    }

    fn parse(code: &str) -> Option<Expectation> {
        Some(match code {
            "REJECTED" => Expectation::Rejected,
            "BRUTE-FORCE" => Expectation::BruteForce,
            "PARTIAL" => Expectation::Partial,
            "RULES" => Expectation::Rules,
            "NONE" => Expectation::Nothing,
            other => match Verdict::parse(other) {
                Some(v) => Expectation::Verdict(v),
                None => Expectation::Domjudge(Results::parse(other)?),
            },
        })
    }

    /// Whether the first failure `got` keeps the promise (pass-fail part).
    pub(crate) fn kept_by(self, got: Verdict) -> bool {
        match self {
            // ICPC has no presentation error: a wrong_answer submission
            // failing on spacing alone still shows the data catches it.
            Expectation::Verdict(Verdict::WrongAnswer) => {
                matches!(got, Verdict::WrongAnswer | Verdict::PresentationError)
            }
            Expectation::Verdict(v) => got == v,
            // A submission that does not compile, or a case the judge
            // could not judge, shows nothing about the test set.
            Expectation::Rejected => Kind::of(got).is_some_and(|k| k != Kind::AC),
            Expectation::BruteForce => matches!(
                got,
                Verdict::TimeLimit
                    | Verdict::RuntimeError
                    | Verdict::MemoryLimit
                    | Verdict::OutputLimit
            ),
            Expectation::Domjudge(r) => r.kept_by(got, false),
            Expectation::Partial | Expectation::Rules | Expectation::Nothing => true,
        }
    }
}

impl std::fmt::Display for Expectation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.code())
    }
}

impl Serialize for Expectation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.code())
    }
}

impl<'de> Deserialize<'de> for Expectation {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let code = String::deserialize(d)?;
        let code = code.as_str();
        Expectation::parse(code)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown expectation {code:?}")))
    }
}

/// Folder names and what each promises.
pub const FOLDERS: [(&str, Expectation); 10] = [
    ("accepted", Expectation::Verdict(Verdict::Accepted)),
    ("wrong_answer", Expectation::Verdict(Verdict::WrongAnswer)),
    (
        "presentation_error",
        Expectation::Verdict(Verdict::PresentationError),
    ),
    (
        "time_limit_exceeded",
        Expectation::Verdict(Verdict::TimeLimit),
    ),
    (
        "memory_limit_exceeded",
        Expectation::Verdict(Verdict::MemoryLimit),
    ),
    (
        "output_limit_exceeded",
        Expectation::Verdict(Verdict::OutputLimit),
    ),
    (
        "run_time_error",
        Expectation::Verdict(Verdict::RuntimeError),
    ),
    ("rejected", Expectation::Rejected),
    ("brute_force", Expectation::BruteForce),
    ("partially_accepted", Expectation::Partial),
];

/// One submission and its promises.
#[derive(Debug, Clone, PartialEq)]
pub struct Expected {
    pub path: PathBuf,
    pub expectation: Expectation,
    /// From `submissions.yaml`: every rule whose pattern matches.
    pub rules: Vec<Rule>,
    /// Which of `rules` is the entry named exactly after the submission's
    /// folder (`wrong_answer:`), which changes the folder's default
    /// instead of adding to it ([`Expected::demands`]).
    pub folder_rule: Option<usize>,
    /// Judged by a package format's rules (a package judged in place):
    /// the formats know four verdicts, so a memory overrun keeps a
    /// `run_time_error` promise and a presentation error a `wrong_answer`
    /// one, while judge's own layout keeps its finer folders apart.
    pub format_rules: bool,
    /// The folder's promise is its first failing case's verdict (judge's
    /// own layout; a legacy package, as problemtools judges it: the
    /// verdict its grader gives, which stops at the first failure), not
    /// 2025-09's permitted and required verdicts over every case.
    pub first_failure: bool,
    /// How the promise was reached where judge had to choose (a tag over
    /// its folder, a folder that promises nothing), for the report.
    pub note: Option<String>,
}

impl Expected {
    /// The language its rules pin, if any (the last rule that says).
    pub fn language(&self) -> Option<String> {
        self.rules.iter().rev().find_map(|r| r.language.clone())
    }

    /// The entry point its rules pin, if any.
    pub fn entrypoint(&self) -> Option<String> {
        self.rules.iter().rev().find_map(|r| r.entrypoint.clone())
    }

    /// Whether it promises to pass every case: an `accepted` submission,
    /// or in a package one whose demands over all its cases permit
    /// nothing but AC (its folder's default, as its own entry leaves it,
    /// and every other entry's: all must hold, so what is permitted is
    /// what all permit).
    pub fn must_pass(&self) -> bool {
        if !self.format_rules {
            return self.expectation.is_accepted();
        }
        let mut permitted = vec![Kind::AC, Kind::WA, Kind::TLE, Kind::RTE];
        if self.first_failure_decides() && self.expectation.is_accepted() {
            permitted = vec![Kind::AC];
        }
        for demand in self.demands().iter().filter(|d| d.scope.is_none()) {
            if let Some(p) = &demand.permitted {
                permitted.retain(|k| p.contains(k));
            }
        }
        permitted == [Kind::AC]
    }

    /// Whether the folder's promise is judged on the first failing case:
    /// where [`Expected::first_failure`] says so and for a DOMjudge result
    /// (DOMjudge's rule), unless the folder's own entry replaces it.
    pub fn first_failure_decides(&self) -> bool {
        let by_first = self.first_failure || matches!(self.expectation, Expectation::Domjudge(_));
        by_first && !self.folder_replaced()
    }

    /// Whether a submission that does not compile keeps its promise: a
    /// DOMjudge `COMPILER-ERROR` tag, or no promise at all. A compile
    /// error is none of the spec's four verdicts, so it keeps no demand.
    pub fn keeps_compile_error(&self) -> bool {
        let verdict = !self.first_failure_decides() || self.keeps(Verdict::CompileError);
        verdict && self.demands().is_empty() && self.expectation != Expectation::Partial
    }

    /// How its times bound the time limit, as 2025-09 defines it: each
    /// `(test-group pattern or None for every case, side)`. Explicit
    /// `lower` / `upper` (for the submission or for some of its groups)
    /// decide; `use_for_time_limit: false` opts out; otherwise a
    /// submission that must pass bounds it from below, and one that must
    /// be too slow (`time_limit_exceeded`, or rules requiring just TLE)
    /// from above. judge takes only must-pass submissions as default lower
    /// bounds, not every one that may not time out: a wrong answer stops
    /// at its first failing case, so its times say little.
    pub fn time_bounds(&self) -> Vec<(Option<String>, Bound)> {
        let mut explicit = Vec::new();
        let mut opted_out = false;
        for rule in &self.rules {
            match rule.use_for_time_limit {
                Some(TimeUse::Side(b)) => explicit.push((None, b)),
                Some(TimeUse::Flag(false)) => opted_out = true,
                _ => {}
            }
            for (pattern, group) in rule.group_rules() {
                if let Some(TimeUse::Side(b)) = group.use_for_time_limit {
                    explicit.push((Some(pattern), b));
                }
            }
        }
        if !explicit.is_empty() || opted_out {
            return explicit;
        }
        if self.must_pass() {
            return vec![(None, Bound::Lower)];
        }
        // A group's own rule bounds the limit on that group's cases the
        // way a whole submission's does: only AC permitted there, from
        // below; TLE required there, from above (a partially accepted
        // submission that passes group 1 and times out on group 2).
        let mut by_group = Vec::new();
        let demands = match self.format_rules {
            true => self.demands(),
            false => Vec::new(),
        };
        for demand in &demands {
            if let Some(pattern) = &demand.scope {
                if demand.permitted.as_deref() == Some(&[Kind::AC][..]) {
                    by_group.push((Some(pattern.clone()), Bound::Lower));
                }
                if demand.required.as_deref() == Some(&[Kind::TLE][..]) {
                    by_group.push((Some(pattern.clone()), Bound::Upper));
                }
            }
        }
        let too_slow = (self.first_failure_decides() && self.expectation.is_too_slow())
            || demands
                .iter()
                .any(|d| d.scope.is_none() && d.required.as_deref() == Some(&[Kind::TLE][..]));
        if too_slow {
            by_group.push((None, Bound::Upper));
        }
        by_group
    }

    /// Whether the first failure `got` keeps the folder's promise.
    pub fn keeps(&self, got: Verdict) -> bool {
        self.keeps_run(got, false)
    }

    /// Whether the first failure `got` keeps the promise, `empty` saying
    /// that the run that got it wrote no output at all (DOMjudge's
    /// NO-OUTPUT).
    pub fn keeps_run(&self, got: Verdict, empty: bool) -> bool {
        // Judged over every case instead ([`Expected::demands`]).
        if !self.first_failure_decides() {
            return true;
        }
        match (self.format_rules, self.expectation) {
            (_, Expectation::Domjudge(r)) => r.kept_by(got, empty),
            (true, Expectation::Verdict(v)) => {
                Kind::of(v).is_some_and(|k| Kind::all_of(got).contains(&k))
            }
            _ => self.expectation.kept_by(got),
        }
    }

    /// Why `got` keeps the promise when judge's verdict differs from the
    /// folder's (MLE in `run_time_error`), for the report.
    pub fn format_note(&self, got: Verdict, empty: bool) -> Option<String> {
        match self.expectation {
            Expectation::Domjudge(r) => r.note(got, empty),
            Expectation::Verdict(v)
                if self.format_rules
                    && got != v
                    && Kind::of(v).is_some_and(|k| Kind::all_of(got).contains(&k)) =>
            {
                Some(format!(
                    "{} counts as {} in the package format",
                    got.code(),
                    v.code()
                ))
            }
            _ => None,
        }
    }

    /// The expected score range, if any rule gives one.
    pub fn score(&self) -> Option<(f64, f64)> {
        self.rules.iter().rev().find_map(|r| match r.score? {
            ScoreSpec::Exact(x) => Some((x, x)),
            ScoreSpec::Range([lo, hi]) => Some((lo, hi)),
        })
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::problem::submissions::glob_matches;

    #[test]
    fn folders_keep_their_promises() {
        let wa = Expectation::Verdict(Verdict::WrongAnswer);
        assert!(wa.kept_by(Verdict::PresentationError));
        assert!(!wa.kept_by(Verdict::TimeLimit));
        assert!(Expectation::Rejected.kept_by(Verdict::TimeLimit));
        assert!(!Expectation::Rejected.kept_by(Verdict::Accepted));
        assert!(!Expectation::Rejected.kept_by(Verdict::CompileError));
        assert!(!Expectation::Rejected.kept_by(Verdict::JudgeError));
        assert!(Expectation::BruteForce.kept_by(Verdict::RuntimeError));
        assert!(!Expectation::BruteForce.kept_by(Verdict::WrongAnswer));
        for (_, e) in FOLDERS {
            assert_eq!(Expectation::parse(&e.code()), Some(e));
        }
    }

    #[test]
    fn the_package_format_reads_judges_finer_verdicts_as_its_four() {
        let promise = |v: Verdict| Expected {
            path: PathBuf::from("x.c"),
            expectation: Expectation::Verdict(v),
            rules: Vec::new(),
            folder_rule: None,
            format_rules: true,
            first_failure: true,
            note: None,
        };
        let rte = promise(Verdict::RuntimeError);
        assert!(rte.keeps(Verdict::MemoryLimit));
        assert!(rte.keeps(Verdict::OutputLimit));
        assert!(!rte.keeps(Verdict::TimeLimit));
        let tle = promise(Verdict::TimeLimit);
        assert!(tle.keeps(Verdict::OutputLimit));
        assert!(!tle.keeps(Verdict::MemoryLimit));
        let wa = promise(Verdict::WrongAnswer);
        assert!(wa.keeps(Verdict::PresentationError));
        assert!(!wa.keeps(Verdict::OutputLimit));
        assert!(tle.format_note(Verdict::OutputLimit, false).is_some());
        // judge's own layout keeps its folders apart.
        let own = Expected {
            format_rules: false,
            ..tle
        };
        assert!(!own.keeps(Verdict::OutputLimit));
    }

    #[test]
    fn promises_decide_who_must_pass_and_what_bounds_the_time_limit() {
        let rules: BTreeMap<String, Rule> = serde_yaml::from_str(
            "accepted:\n  permitted: [WA]\nac_or_wa:\n  permitted: [AC, WA]\n\
             ac_or_wa/ac.py:\n  permitted: [AC]\nslow:\n  required: [TLE]\n\
             tle:\n  sample:\n    use_for_time_limit: lower\n  secret:\n    use_for_time_limit: upper\n\
             off:\n  use_for_time_limit: false\n",
        )
        .unwrap();
        let expected = |path: &str, folder: Expectation| Expected {
            path: PathBuf::from(path),
            expectation: folder,
            rules: rules
                .iter()
                .filter(|(p, _)| glob_matches(p, path))
                .map(|(_, r)| r.clone())
                .collect(),
            folder_rule: rules
                .keys()
                .filter(|p| glob_matches(p, path))
                .position(|p| Some(p.as_str()) == path.split('/').next()),
            format_rules: true,
            first_failure: false,
            note: None,
        };
        let ac = Expectation::Verdict(Verdict::Accepted);
        // The accepted folder's promise is replaced by its rule.
        assert!(!expected("accepted/wa.py", ac).must_pass());
        assert!(expected("ac_or_wa/ac.py", Expectation::Rules).must_pass());
        assert!(!expected("ac_or_wa/wa.py", Expectation::Rules).must_pass());
        assert_eq!(
            expected("ac_or_wa/ac.py", Expectation::Rules).time_bounds(),
            vec![(None, Bound::Lower)]
        );
        assert_eq!(
            expected("slow/x.c", Expectation::Rules).time_bounds(),
            vec![(None, Bound::Upper)]
        );
        assert_eq!(
            expected("tle/sleep.py", Expectation::Rules).time_bounds(),
            vec![
                (Some("sample".into()), Bound::Lower),
                (Some("secret".into()), Bound::Upper)
            ]
        );
        assert!(expected("off/x.c", ac).time_bounds().is_empty());
        // judge's own layout: the folder alone.
        let own = Expected {
            format_rules: false,
            ..expected("accepted/wa.py", ac)
        };
        assert!(own.must_pass());
        assert!(serde_yaml::from_str::<Rule>("use_for_time_limit: sometimes").is_err());
    }
}
