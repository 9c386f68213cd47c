//! What a tool concluded about one submission, in its own words, and the
//! one rule that says whether judge and a peer agree.

use std::collections::BTreeMap;
use std::path::Path;

/// A submission's verdict and, on scoring problems, its score, as the
/// tool that judged it printed them (`RTE` stays `RTE`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Outcome {
    pub verdict: String,
    pub score: Option<f64>,
}

impl Outcome {
    pub(crate) fn verdict(verdict: &str) -> Outcome {
        Outcome {
            verdict: verdict.to_string(),
            score: None,
        }
    }

    /// How docs/peer-differences.md writes it: `WA`, `AC 65`, `WA 70.5`.
    pub(crate) fn render(&self) -> String {
        match self.score {
            None => self.verdict.clone(),
            Some(s) => {
                let s = format!("{s:.3}");
                let s = s.trim_end_matches('0').trim_end_matches('.');
                format!("{} {s}", self.verdict)
            }
        }
    }
}

/// The peers' verdict words in judge's vocabulary: problemtools and
/// BAPCtools say `RTE` where judge says `RE`.
fn judges_word(peer: &str) -> &str {
    match peer {
        "RTE" => "RE",
        other => other,
    }
}

/// Whether judge's outcome is the peer's. On a scoring problem a peer that
/// accepts gives the score its graders computed (problemtools prints it
/// rounded to an integer), and judge keeps beside its score the verdict of
/// the first failing case (ICPC rules, crates/report `got`): there the
/// scores are compared. Where the peer rejects, the verdicts are, and
/// judge's score must be nothing.
pub(crate) fn agree(judge: &Outcome, peer: &Outcome) -> bool {
    match peer.score {
        Some(p) => peer.verdict == "AC" && judge.score.is_some_and(|j| (j - p).abs() <= 0.5),
        None => judge.verdict == judges_word(&peer.verdict) && judge.score.unwrap_or(0.0) == 0.0,
    }
}

/// judge's side of one package: each submission's outcome by its path
/// below `submissions/` (`accepted/a.py`), those it skipped with why, or
/// why it refused the whole package.
pub(crate) struct JudgeSide {
    pub outcomes: BTreeMap<String, Outcome>,
    pub skipped: BTreeMap<String, String>,
    pub refused: Option<String>,
}

/// Reads judge's report of `check` on the package folder `id`.
pub(crate) fn judge_side(reports: &Path, id: &str) -> JudgeSide {
    let report = crate::common::read_report(reports);
    let marker = format!("{id}/submissions/");
    let mut side = JudgeSide {
        outcomes: BTreeMap::new(),
        skipped: BTreeMap::new(),
        refused: None,
    };
    for s in &report.submissions {
        let Some((_, path)) = s.path.split_once(&marker) else {
            continue;
        };
        match &s.skipped {
            Some(why) => {
                side.skipped.insert(path.to_string(), why.clone());
            }
            None => {
                let outcome = Outcome {
                    verdict: s.got_code().to_string(),
                    score: s.score,
                };
                side.outcomes.insert(path.to_string(), outcome);
            }
        }
    }
    if side.outcomes.is_empty() && side.skipped.is_empty() && !report.errors.is_empty() {
        side.refused = Some(report.errors.join("; "));
    }
    side
}

#[test]
fn scores_are_compared_where_the_peer_accepts_and_verdicts_where_it_rejects() {
    let o = |v: &str, s: Option<f64>| Outcome {
        verdict: v.to_string(),
        score: s,
    };
    assert!(agree(&o("RE", None), &o("RTE", None)));
    assert!(!agree(&o("WA", None), &o("AC", None)));
    // problemtools: AC (65) for a partially accepted submission that judge
    // reports as WA (its first failing case) with 65 points.
    assert!(agree(&o("WA", Some(65.0)), &o("AC", Some(65.0))));
    assert!(agree(&o("WA", Some(70.4)), &o("AC", Some(70.0))));
    assert!(!agree(&o("WA", Some(40.0)), &o("AC", Some(65.0))));
    assert!(agree(&o("WA", Some(0.0)), &o("WA", None)));
    assert!(!agree(&o("WA", Some(30.0)), &o("WA", None)));
    assert_eq!(o("WA", Some(70.647)).render(), "WA 70.647");
    assert_eq!(o("AC", Some(100.0)).render(), "AC 100");
    assert_eq!(o("TLE", None).render(), "TLE");
}
