//! `submissions/submissions.yaml`, the ICPC 2025-09 file that adds to the
//! verdict folders' promises: its entries ([`Rule`]: a score, the
//! verdicts `permitted` and `required`, a language, whether the times
//! bound the time limit, the same per test group) and the glob patterns
//! that pick the submissions and groups each entry is about. A key judge
//! does not act on leaves its entry out, with a fault at its place: a
//! promise read wrongly is worse than none.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::verdict::Verdict;

/// The verdicts `permitted` and `required` speak of (ICPC names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    AC,
    WA,
    TLE,
    RTE,
}

impl Kind {
    /// The ICPC kind of a verdict (MLE and OLE count as run-time errors,
    /// PE as a wrong answer; harness verdicts have none).
    pub fn of(v: Verdict) -> Option<Kind> {
        Kind::all_of(v).first().copied()
    }

    /// Every ICPC kind a verdict may be read as. The formats have no
    /// output-limit verdict and the peers disagree on it: BAPCtools cuts
    /// the output off and lets the program run on into its time limit
    /// (its own `hello` package keeps an endless writer in
    /// `time_limit_exceeded/`), a system that stops the writer reports a
    /// run-time error. So OLE keeps either promise and breaks neither.
    pub fn all_of(v: Verdict) -> &'static [Kind] {
        match v {
            Verdict::Accepted => &[Kind::AC],
            Verdict::WrongAnswer | Verdict::PresentationError => &[Kind::WA],
            Verdict::TimeLimit => &[Kind::TLE],
            Verdict::RuntimeError | Verdict::MemoryLimit => &[Kind::RTE],
            Verdict::OutputLimit => &[Kind::RTE, Kind::TLE],
            _ => &[],
        }
    }
}

/// One entry of `submissions.yaml` (the keys judge uses; others ignored).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Rule {
    /// The score: one number, or `[low, high]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<ScoreSpec>,
    /// Verdicts every case may get.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permitted: Option<Vec<Kind>>,
    /// Verdicts of which some case must get one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required: Option<Vec<Kind>>,
    /// The language to build it in (a language table id), whatever its
    /// files say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// The file a multi-file submission starts from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entrypoint: Option<String>,
    /// Whether its times bound the time limit (2025-09): `false` opts
    /// out, `lower` / `upper` opt in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub use_for_time_limit: Option<TimeUse>,
    /// Text that must appear (case-sensitively) in the checker's
    /// `judgemessage.txt` of at least one case (2025-09).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Every other key: a test-group pattern (`sample`, `secret/group1`,
    /// `secret/*{1,3}`) holding a rule for the cases of those groups, or
    /// a key judge does not act on. Documentation keys (`authors`,
    /// `model_solution`) are fine; any other would change what is
    /// promised, so [`find()`](super::find()) reports it instead of ignoring it.
    #[serde(flatten, default, skip_serializing_if = "BTreeMap::is_empty")]
    pub other: BTreeMap<String, serde_yaml::Value>,
}

impl Rule {
    /// The rules for test groups: `(group pattern, rule)` for every key
    /// that names `sample` or `secret` (or a glob over them).
    pub fn group_rules(&self) -> Vec<(String, Rule)> {
        self.other
            .iter()
            .filter(|(k, _)| is_group_key(k))
            .filter_map(|(k, v)| Some((k.clone(), serde_yaml::from_value(v.clone()).ok()?)))
            .collect()
    }
}

/// Whether a `submissions.yaml` key inside a rule is a test-group pattern.
fn is_group_key(key: &str) -> bool {
    let head = key.trim().split('/').next().unwrap_or("");
    head.starts_with("sample") || head.starts_with("secret") || head.starts_with('*')
}

/// `submissions.yaml` keys that only document a submission.
const DOCUMENTATION_KEYS: [&str; 2] = ["authors", "model_solution"];

/// `use_for_time_limit`: `true` (the default rule), `false`, `lower`
/// or `upper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum TimeUse {
    Flag(bool),
    Side(Bound),
}

/// Which side of the time limit a submission's times bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bound {
    /// Its slowest run × `ac_to_time_limit` is at most the limit.
    Lower,
    /// Its slowest run is beyond the limit × `time_limit_to_tle`.
    Upper,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ScoreSpec {
    Exact(f64),
    Range([f64; 2]),
}

/// Matches `pattern` (`*` within one path part, `{a,b}` alternatives)
/// against `path` or one of its parent folders.
pub fn glob_matches(pattern: &str, path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').collect();
    (1..=parts.len()).any(|n| {
        expand(pattern)
            .iter()
            .any(|p| glob_one(p, &parts[..n].join("/")))
    })
}

/// Whether a package pattern names the groups of the case `id` of judge group `group`.
pub fn case_in_groups(pattern: &str, group: &str, id: &str) -> bool {
    let glob = |p: &str| glob_matches(p, id);
    match judge_pattern(pattern) {
        (true, rest) => !crate::problem::is_sample(group) && (rest.is_empty() || glob(rest)),
        (false, rest) => glob(rest),
    }
}

/// A package's test-group pattern in judge's terms: whether it lies under
/// `data/secret`, and the rest, which names judge's groups (`secret` →
/// `(true, "")`, `secret/group1` → `(true, "group1")`, `sample` →
/// `(false, "sample")`).
pub fn judge_pattern(pattern: &str) -> (bool, &str) {
    let pattern = pattern.trim();
    match pattern.strip_prefix("secret") {
        Some("") => (true, ""),
        Some(rest) if rest.starts_with('/') => (true, &rest[1..]),
        _ => (false, pattern),
    }
}

fn expand(pattern: &str) -> Vec<String> {
    let (Some(open), Some(close)) = (pattern.find('{'), pattern.find('}')) else {
        return vec![pattern.to_string()];
    };
    if close < open {
        return vec![pattern.to_string()];
    }
    let (head, rest) = (&pattern[..open], &pattern[close + 1..]);
    // `{ 4 }` is `{4}`: spaces around an alternative are layout.
    pattern[open + 1..close]
        .split(',')
        .flat_map(|alt| expand(&format!("{head}{}{rest}", alt.trim())))
        .collect()
}

fn glob_one(pattern: &str, text: &str) -> bool {
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    fn go(p: &[char], t: &[char]) -> bool {
        match p.first() {
            None => t.is_empty(),
            Some('*') => (0..=t.len())
                .take_while(|&i| i == 0 || t[i - 1] != '/')
                .any(|i| go(&p[1..], &t[i..])),
            Some(c) => t.first() == Some(c) && go(&p[1..], &t[1..]),
        }
    }
    go(&p, &t)
}

/// The rules of `submissions.yaml`, and the faults of the entries left out:
/// a file that does not parse is one fault; an entry with a key judge does
/// not act on is refused at its place (a promise read wrongly is worse
/// than none) while the other entries still count.
pub(super) fn read_rules(path: &Path) -> (BTreeMap<String, Rule>, Vec<String>) {
    if !path.exists() {
        return (BTreeMap::new(), Vec::new());
    }
    let parsed = crate::problem::read_settings(path).and_then(|text| {
        crate::problem::parse_yaml::<BTreeMap<String, Rule>>(path, &text).map(|rules| (rules, text))
    });
    let (mut rules, text) = match parsed {
        Ok(r) => r,
        Err(e) => return (BTreeMap::new(), vec![e.to_string()]),
    };
    let mut faults = Vec::new();
    rules.retain(|pattern, rule| {
        let fault = rule.other.iter().find_map(|(key, value)| {
            let why = entry_fault(key, value)?;
            let (line, col) = crate::located::key(&text, &[pattern.as_str(), key.as_str()]);
            Some(format!(
                "{}:{line}:{col}: `{pattern}`: {why}",
                path.display()
            ))
        });
        faults.extend(fault.clone());
        fault.is_none()
    });
    (rules, faults)
}

/// What is wrong with key `key` (holding `value`) of an entry, if anything.
fn entry_fault(key: &str, value: &serde_yaml::Value) -> Option<String> {
    if !is_group_key(key) {
        return (!DOCUMENTATION_KEYS.contains(&key)).then(|| {
            format!(
                "key `{key}` is not supported by judge (it reads score, permitted, required, message, language, entrypoint, use_for_time_limit and per-test-group rules); the entry is left out"
            )
        });
    }
    let nested = match serde_yaml::from_value::<Rule>(value.clone()) {
        Ok(r) => r,
        Err(e) => return Some(format!("test group `{key}`: {e}")),
    };
    if let Some(bad) = nested
        .other
        .keys()
        .find(|k| !DOCUMENTATION_KEYS.contains(&k.as_str()))
    {
        return Some(format!(
            "test group `{key}`: key `{bad}` is not supported (a group rule takes permitted, required, score, use_for_time_limit and message)"
        ));
    }
    (nested.score.is_some() && key.contains(['*', '{'])).then(|| {
        format!("test group `{key}`: a score is promised for one named group, not a pattern")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_files_and_their_folders() {
        assert!(glob_matches("accepted/*", "accepted/a.py"));
        assert!(glob_matches("accepted", "accepted/a.py"));
        assert!(glob_matches(
            "*/small*.cpp",
            "partially_accepted/small_only.cpp"
        ));
        assert!(glob_matches(
            "{accepted,wrong_answer}/x.c",
            "wrong_answer/x.c"
        ));
        assert!(!glob_matches("accepted/*", "wrong_answer/a.py"));
        // Alternatives may be spaced out.
        assert!(glob_matches("secret/*{ 4 }{ 2 }", "secret/42"));
        assert!(!glob_matches("secret/*{ 4 }{ 2 }", "secret/4 2"));
        assert!(!glob_matches("*", "a/b") || glob_matches("*", "a"));
        assert!(!glob_matches("a*c", "ab/c"));
    }
}
