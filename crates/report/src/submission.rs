//! One expected-verdict submission's record ([`SubmissionReport`]) and
//! what became of it ([`Fate`]): the one place that says whether a
//! submission kept its promise, broke it, made none, or could not run,
//! so the page, the terminal, `report.yaml` and JUnit cannot count it
//! differently.

use serde::{Deserialize, Deserializer, Serialize};

use crate::problem::submissions::Expectation;
use crate::verdict::Verdict;
use crate::{Borderline, CaseReport, PromiseFault, ScoreRange};

/// One submission from `problems/<id>/submissions/<verdict>/`: did it get
/// the verdict its folder promises?
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubmissionReport {
    pub problem: String,
    pub path: String,
    /// What its folder (and `submissions.yaml`) promise.
    pub expected: Expectation,
    /// AC when every case passed, else the verdict of the first failing
    /// case in case order (ICPC rules). `None` when it did not run
    /// (`skipped`): a submission that never ran got no verdict, and a
    /// script reading `report.yaml` must not see one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub got: Option<Verdict>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_failure: Option<String>,
    /// The case that decided `got` (its message, diff, times and input),
    /// so a broken promise can be understood without rerunning it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deciding_case: Option<Box<CaseReport>>,
    pub cases_run: usize,
    /// It ran and kept its promise. False for one that did not run
    /// (`skipped`), which is not a broken promise either: see [`Fate`].
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Its score (scoring problems: judged on every case).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// What `submissions.yaml` promises (or `partially_accepted`: more
    /// than 0 and less than the maximum).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_score: Option<ScoreRange>,
    /// The most CPU time any of its judged cases took (ms), to set against
    /// the time limit: how close an accepted submission comes to it, how
    /// far a slow one is cut off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_cpu_ms: Option<f64>,
    /// The CPU time limit it was judged under (ms), which `max_cpu_ms` is
    /// drawn against in the HTML report.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_limit_ms: Option<f64>,
    /// How many of its case results came from the result cache instead of
    /// a run (see `engine::cache`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub reused: usize,
    /// With `check --every-case`: every case it fails, in case order (the
    /// cases that catch it). `None` when it stopped at its first failure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caught_by: Option<Vec<Catch>>,
    /// Why it was not judged (its language's toolchain is not installed
    /// here): no verdict, and no broken promise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
    /// The language it was built in, as judge chose it ("Python 3 (PyPy)"
    /// for a package's `.py`): where judge follows the contest's judge,
    /// the report says so beside each submission.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// How it broke its promise (empty when `ok`): what `message` says
    /// first, as data.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<PromiseFault>,
    /// Kept only with the safety margin (problemtools' "OK with extra
    /// time").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub borderline: Option<Borderline>,
}

/// What became of a submission, as every rendering counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fate {
    /// It got what it promised.
    Kept,
    /// It did not: a failure of the run (exit 1).
    Broken,
    /// It promised nothing (DOMjudge's untagged files): judged and shown,
    /// never counted kept or broken.
    Unpromised,
    /// It did not run (its toolchain is not installed here): no verdict,
    /// not a failure of the run, said with the reason.
    CouldNotRun,
}

impl SubmissionReport {
    /// With `--every-case`: how case `case` (`group/name`) catches it,
    /// if it does.
    pub fn caught_on(&self, case: &str) -> Option<Verdict> {
        self.caught_by
            .as_ref()?
            .iter()
            .find(|c| c.case == case)
            .map(|c| c.verdict)
    }

    /// The code of the verdict it got, or `—` when it did not run (as
    /// the terminal's table and the page show it).
    pub fn got_code(&self) -> &'static str {
        self.got.map_or("—", Verdict::code)
    }

    /// What became of it: not run, broken, without a promise, or kept.
    pub fn fate(&self) -> Fate {
        if self.skipped.is_some() {
            Fate::CouldNotRun
        } else if !self.ok {
            Fate::Broken
        } else if self.expected == Expectation::Nothing {
            Fate::Unpromised
        } else {
            Fate::Kept
        }
    }

    /// A record as judge writes it now from one `report.yaml` wrote:
    /// before #50 a submission that did not run was written `got: AC`,
    /// `ok: true` beside its `skipped:` reason; it got nothing and kept
    /// nothing.
    fn settled(mut self) -> Self {
        if self.skipped.is_some() {
            self.got = None;
            self.ok = false;
        }
        self
    }
}

/// Reads a report's submissions, each [`SubmissionReport::settled`]: so
/// every reader (`merge`, `diff`, the renderers of a report read back)
/// sees reports written before as judge writes them now.
pub(crate) fn read_all<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<SubmissionReport>, D::Error> {
    let all = Vec::<SubmissionReport>::deserialize(d)?;
    Ok(all.into_iter().map(SubmissionReport::settled).collect())
}

/// A case that a submission fails, and how.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Catch {
    pub case: String,
    pub verdict: Verdict,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> SubmissionReport {
        #[derive(Deserialize)]
        struct Holder {
            #[serde(deserialize_with = "read_all")]
            submissions: Vec<SubmissionReport>,
        }
        let h: Holder = serde_yaml::from_str(yaml).unwrap();
        h.submissions.into_iter().next().unwrap()
    }

    #[test]
    fn a_skipped_submission_written_before_got_nothing_and_kept_nothing() {
        let old = read(
            "submissions:\n- {problem: p, path: a.py, expected: WA, got: AC, cases_run: 0, ok: true, skipped: no Python 2 interpreter here}\n",
        );
        assert_eq!(
            (old.got, old.ok, old.fate()),
            (None, false, Fate::CouldNotRun)
        );
        let text = serde_yaml::to_string(&old).unwrap();
        assert!(!text.contains("got:"), "{text}");
        assert!(text.contains("ok: false"), "{text}");
    }

    #[test]
    fn fates_follow_skipped_then_ok_then_the_promise() {
        let judged = read(
            "submissions:\n- {problem: p, path: a.py, expected: WA, got: AC, cases_run: 3, ok: false}\n",
        );
        assert_eq!(
            (judged.got, judged.fate()),
            (Some(Verdict::Accepted), Fate::Broken)
        );
        let none = read(
            "submissions:\n- {problem: p, path: a.py, expected: NONE, got: WA, cases_run: 3, ok: true}\n",
        );
        assert_eq!(none.fate(), Fate::Unpromised);
    }
}
