//! Scores of legacy (problemtools / Kattis) scoring packages, computed as
//! problemtools computes them, not approximated by judge's own groups.
//!
//! A legacy package grades every folder of `data/` with a grader: the
//! folder's items (its cases and sub-folders, by name) are judged in
//! order, each giving a verdict and a score (a case: its output
//! validator's `score.txt`, else the folder's `accept_score` or
//! `reject_score`), and `on_reject: break` stops at the first item that
//! is not accepted. The grader turns the lines `VERDICT SCORE` into one
//! verdict and one score. problemtools' default grader does it by its
//! `grader_flags`: the score is the `sum` (default), `avg`, `min` or `max`
//! of the items'; the verdict is the worst (`worst_error`, default), the
//! first non-AC (`first_error`) or AC (`always_accept`), and AC anyway
//! with `accept_if_any_accepted` when one item is; `ignore_sample` (at
//! the root) keeps only the last item, `secret`. A `grading: custom`
//! folder is graded by the package's own program in `graders/`, which the
//! engine runs (`ScoringRules::score_with` takes it). The folders' items
//! are gathered in `legacy_scores`.
//!
//! Every key is inherited down the folders, as problemtools inherits them;
//! the package reader writes each group's effective settings out in full.
//! A submission's verdict and score are the root's (`data/`): olympiads
//! rely on it, giving `secret` `accept_if_any_accepted` so that a partial
//! solution is AC with a partial score.

use serde::{Deserialize, Serialize};

/// One folder's grading settings, effective (inherited ones filled in).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegacyGrading {
    /// `grader_flags`, word by word.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<String>,
    /// `on_reject: break` (problemtools' default): stop at the first item
    /// that is not accepted.
    #[serde(default = "yes")]
    pub stop_on_reject: bool,
    #[serde(default = "one")]
    pub accept_score: f64,
    #[serde(default)]
    pub reject_score: f64,
    /// `range`: the lowest and highest score; the highest is the maximum a
    /// submission can reach.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<[f64; 2]>,
    /// `grading: custom`: graded by the package's grader program.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub custom: bool,
}

fn yes() -> bool {
    true
}

fn one() -> f64 {
    1.0
}

impl Default for LegacyGrading {
    fn default() -> Self {
        LegacyGrading {
            flags: Vec::new(),
            stop_on_reject: true,
            accept_score: 1.0,
            reject_score: 0.0,
            range: None,
            custom: false,
        }
    }
}

/// A verdict and score, as a grader reads and writes them.
#[derive(Debug, Clone, PartialEq)]
pub struct Graded {
    /// problemtools' verdict code: AC, WA, TLE, RTE, MLE, OLE, PE, JE.
    pub verdict: String,
    pub score: f64,
}

impl Graded {
    fn judge_error() -> Graded {
        Graded {
            verdict: "JE".into(),
            score: 0.0,
        }
    }

    pub fn accepted(&self) -> bool {
        self.verdict == "AC"
    }
}

/// A custom grader: the folder's settings and its items' results in, one
/// result out (`None`: it failed, which is a judge error).
pub type CustomGrader<'a> = dyn Fn(&LegacyGrading, &[Graded]) -> Option<Graded> + 'a;

/// problemtools' default grader.
pub fn default_grader(flags: &[String], items: &[Graded]) -> Graded {
    let mut scores = "sum";
    let mut verdicts = "worst_error";
    for flag in flags {
        match flag.as_str() {
            f @ ("sum" | "avg" | "min" | "max") => scores = f,
            f @ ("worst_error" | "no_errors" | "first_error" | "always_accept") => verdicts = f,
            _ => {}
        }
    }
    let has = |f: &str| flags.iter().any(|x| x == f);
    let mut items = items;
    if has("ignore_sample") {
        // The root's items are sample and secret: secret alone counts.
        if items.is_empty() || items.len() > 2 {
            return Graded::judge_error();
        }
        items = &items[items.len() - 1..];
    }
    if items.is_empty() && scores != "sum" {
        // min/max/avg of nothing: the Python grader fails.
        return Graded::judge_error();
    }
    let verdict = if has("accept_if_any_accepted") && items.iter().any(Graded::accepted) {
        "AC".to_string()
    } else {
        match verdicts {
            "first_error" => items
                .iter()
                .find(|g| !g.accepted())
                .map_or("AC".into(), |g| g.verdict.clone()),
            "always_accept" => "AC".into(),
            _ => worst(items),
        }
    };
    let values = items.iter().map(|g| g.score);
    let score = match scores {
        "avg" => values.sum::<f64>() / items.len() as f64,
        "min" => values.fold(f64::INFINITY, f64::min),
        "max" => values.fold(f64::NEG_INFINITY, f64::max),
        _ => values.sum(),
    };
    Graded { verdict, score }
}

/// The worst verdict, in problemtools' order of severity.
fn worst(items: &[Graded]) -> String {
    const ORDER: [&str; 9] = ["JE", "IF", "RTE", "MLE", "TLE", "OLE", "WA", "PE", "AC"];
    let rank = |v: &str| ORDER.iter().position(|o| *o == v).unwrap_or(0);
    items
        .iter()
        .map(|g| g.verdict.as_str())
        .min_by_key(|v| rank(v))
        .unwrap_or("AC")
        .to_string()
}

/// A folder's grade from its items' results: a judge error among them is
/// the folder's, as in problemtools; else its grader's.
pub(crate) fn grade_items(
    config: &LegacyGrading,
    items: &[Graded],
    custom: &CustomGrader<'_>,
) -> Graded {
    if let Some(je) = items.iter().find(|g| g.verdict == "JE") {
        return je.clone();
    }
    let graded = if config.custom {
        custom(config, items).unwrap_or_else(Graded::judge_error)
    } else {
        default_grader(&config.flags, items)
    };
    Graded {
        // problemtools reads the grader's score as printed with `%f`.
        score: (graded.score * 1e6).round() / 1e6,
        ..graded
    }
}

/// No custom grader: such folders are graded by the default grader with
/// their flags (what a report merged from shards can do without running
/// programs).
pub fn no_custom_grader(config: &LegacyGrading, items: &[Graded]) -> Option<Graded> {
    Some(default_grader(&config.flags, items))
}
