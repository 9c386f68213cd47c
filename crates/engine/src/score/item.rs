//! What scoring is made of: one item's result (a case's or a group's),
//! shared by the 2025-09 rules ([`super::groups`]) and the legacy ones
//! ([`super::legacy`]).

/// One item's result for scoring: accepted or not, and its score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scored {
    pub accepted: bool,
    pub score: f64,
    /// The most this item could have scored.
    pub max: f64,
}

/// A case's own result as the checker left it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct CaseScore {
    pub(crate) accepted: bool,
    /// A fraction of the case's worth (score_multiplier.txt, testlib points).
    pub(crate) fraction: Option<f64>,
    /// An absolute score (score.txt).
    pub(crate) absolute: Option<f64>,
    /// Its verdict as problemtools writes it (AC, WA, TLE, RTE, …), for
    /// legacy graders.
    pub(crate) code: &'static str,
}

/// Scores to six decimals: sums of thirds must not print as 99.99999.
pub(crate) fn round(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}
