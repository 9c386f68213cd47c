//! Expected-verdict submissions: `submissions/<folder>/*` and what each
//! promises, with `submissions/submissions.yaml` adding to the folders'
//! promises (the ICPC 2025-09 file; `score` and `permitted` / `required`
//! are read, other keys ignored).
//!
//! A submission is a file or a folder of sources directly in a verdict
//! folder. Names starting with `.` and names ending in `.disabled` are
//! skipped (listed, not judged).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::Problem;
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
}

impl Expectation {
    pub fn code(self) -> &'static str {
        match self {
            Expectation::Verdict(v) => v.code(),
            Expectation::Rejected => "REJECTED",
            Expectation::BruteForce => "BRUTE-FORCE",
            Expectation::Partial => "PARTIAL",
        }
    }

    /// The promise in words.
    pub fn describe(self) -> &'static str {
        match self {
            Expectation::Verdict(v) => v.describe(),
            Expectation::Rejected => "rejected, whichever way",
            Expectation::BruteForce => "too slow or crashing, never a wrong answer",
            Expectation::Partial => "partially accepted: a score above 0 and below the maximum",
        }
    }

    fn parse(code: &str) -> Option<Expectation> {
        Some(match code {
            "REJECTED" => Expectation::Rejected,
            "BRUTE-FORCE" => Expectation::BruteForce,
            "PARTIAL" => Expectation::Partial,
            other => Expectation::Verdict(Verdict::parse(other)?),
        })
    }

    /// Whether the first failure `got` keeps the promise (pass-fail part).
    pub fn kept_by(self, got: Verdict) -> bool {
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
            Expectation::Partial => true,
        }
    }
}

impl std::fmt::Display for Expectation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for Expectation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Expectation {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let code = String::deserialize(d)?;
        Expectation::parse(&code)
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
        Some(match v {
            Verdict::Accepted => Kind::AC,
            Verdict::WrongAnswer | Verdict::PresentationError => Kind::WA,
            Verdict::TimeLimit => Kind::TLE,
            Verdict::RuntimeError | Verdict::MemoryLimit | Verdict::OutputLimit => Kind::RTE,
            _ => return None,
        })
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
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ScoreSpec {
    Exact(f64),
    Range([f64; 2]),
}

/// One submission and its promises.
#[derive(Debug, Clone, PartialEq)]
pub struct Expected {
    pub path: PathBuf,
    pub expectation: Expectation,
    /// From `submissions.yaml`: every rule whose pattern matches.
    pub rules: Vec<Rule>,
}

impl Expected {
    /// The expected score range, if any rule gives one.
    pub fn score(&self) -> Option<(f64, f64)> {
        self.rules.iter().rev().find_map(|r| match r.score? {
            ScoreSpec::Exact(x) => Some((x, x)),
            ScoreSpec::Range([lo, hi]) => Some((lo, hi)),
        })
    }

    /// Whether judging must see every case (a rule about all cases'
    /// verdicts, or a score to compute).
    pub fn needs_every_case(&self, scoring: bool) -> bool {
        scoring
            || self
                .rules
                .iter()
                .any(|r| r.permitted.is_some() || r.required.is_some())
    }
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

fn expand(pattern: &str) -> Vec<String> {
    let (Some(open), Some(close)) = (pattern.find('{'), pattern.find('}')) else {
        return vec![pattern.to_string()];
    };
    if close < open {
        return vec![pattern.to_string()];
    }
    let (head, rest) = (&pattern[..open], &pattern[close + 1..]);
    pattern[open + 1..close]
        .split(',')
        .flat_map(|alt| expand(&format!("{head}{alt}{rest}")))
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

/// The name of a submission that is not judged, and why.
fn skipped(name: &str) -> Option<&'static str> {
    if name.starts_with('.') {
        Some("hidden")
    } else if name.ends_with(".disabled") {
        Some("disabled")
    } else {
        None
    }
}

/// What a look at `submissions/` found.
#[derive(Debug, Clone, Default)]
pub struct Found {
    pub submissions: Vec<Expected>,
    /// Faults (unknown folders, a bad `submissions.yaml`).
    pub errors: Vec<String>,
    /// Files not judged, with the reason.
    pub skipped: Vec<String>,
}

/// Every submission of `problem` with its promises, sorted.
pub fn find(problem: &Problem) -> Found {
    let root = problem.dir.join("submissions");
    let mut found = Found::default();
    let Ok(folders) = std::fs::read_dir(&root) else {
        return found;
    };
    let rules = match read_rules(&root.join("submissions.yaml")) {
        Ok(r) => r,
        Err(e) => {
            found.errors.push(e);
            BTreeMap::new()
        }
    };
    for folder in folders.flatten() {
        let name = folder.file_name().to_string_lossy().into_owned();
        if name == "submissions.yaml" || skipped(&name).is_some() {
            continue;
        }
        let Some((_, expectation)) = FOLDERS.iter().find(|(f, _)| *f == name) else {
            found.errors.push(format!(
                "{}: unknown verdict folder (use {})",
                folder.path().display(),
                FOLDERS.map(|f| f.0).join(", ")
            ));
            continue;
        };
        let Ok(files) = std::fs::read_dir(folder.path()) else {
            continue;
        };
        for file in files.flatten() {
            let file_name = file.file_name().to_string_lossy().into_owned();
            if let Some(why) = skipped(&file_name) {
                found
                    .skipped
                    .push(format!("{} ({why})", file.path().display()));
                continue;
            }
            let relative = format!("{name}/{file_name}");
            found.submissions.push(Expected {
                path: file.path(),
                expectation: *expectation,
                rules: rules
                    .iter()
                    .filter(|(pattern, _)| glob_matches(pattern, &relative))
                    .map(|(_, r)| r.clone())
                    .collect(),
            });
        }
    }
    found.submissions.sort_by(|a, b| a.path.cmp(&b.path));
    found.skipped.sort();
    found
}

fn read_rules(path: &Path) -> Result<BTreeMap<String, Rule>, String> {
    if !path.exists() {
        return Ok(BTreeMap::new());
    }
    let text = super::read_settings(path).map_err(|e| e.to_string())?;
    super::parse_yaml::<BTreeMap<String, Rule>>(path, &text).map_err(|e| e.to_string())
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
        assert!(!glob_matches("*", "a/b") || glob_matches("*", "a"));
        assert!(!glob_matches("a*c", "ab/c"));
    }

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
            assert_eq!(Expectation::parse(e.code()), Some(e));
        }
    }
}
