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
//! folder is graded by the package's own program in `graders/`. This
//! module holds the settings (data); the engine's `score` module grades.
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
