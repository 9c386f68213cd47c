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
    /// A folder of a package's own (2025-09): only its `submissions.yaml`
    /// rules promise anything.
    Rules,
}

impl Expectation {
    pub fn code(self) -> &'static str {
        match self {
            Expectation::Verdict(v) => v.code(),
            Expectation::Rejected => "REJECTED",
            Expectation::BruteForce => "BRUTE-FORCE",
            Expectation::Partial => "PARTIAL",
            Expectation::Rules => "RULES",
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
        }
    }

    fn parse(code: &str) -> Option<Expectation> {
        Some(match code {
            "REJECTED" => Expectation::Rejected,
            "BRUTE-FORCE" => Expectation::BruteForce,
            "PARTIAL" => Expectation::Partial,
            "RULES" => Expectation::Rules,
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
            Expectation::Partial | Expectation::Rules => true,
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
    /// Every other key: a test-group pattern (`sample`, `secret/group1`,
    /// `secret/*{1,3}`) holding a rule for the cases of those groups, or
    /// a key judge does not act on. Documentation keys (`authors`,
    /// `model_solution`, `message`) are fine; any other would change
    /// what is promised, so [`find`] reports it instead of ignoring it.
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
const DOCUMENTATION_KEYS: [&str; 3] = ["authors", "model_solution", "message"];

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

/// One submission and its promises.
#[derive(Debug, Clone, PartialEq)]
pub struct Expected {
    pub path: PathBuf,
    pub expectation: Expectation,
    /// From `submissions.yaml`: every rule whose pattern matches.
    pub rules: Vec<Rule>,
    /// Judged by a package format's rules (a package judged in place):
    /// the formats know four verdicts, so a memory overrun keeps a
    /// `run_time_error` promise and a presentation error a `wrong_answer`
    /// one, while judge's own layout keeps its finer folders apart.
    pub format_rules: bool,
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
    /// or in a package one whose `submissions.yaml` rules permit nothing
    /// but AC (rules with `permitted` replace the folder's promise, as in
    /// [`Expected::keeps`]).
    pub fn must_pass(&self) -> bool {
        let permitted: Vec<&Vec<Kind>> = match self.format_rules {
            true => self
                .rules
                .iter()
                .filter_map(|r| r.permitted.as_ref())
                .collect(),
            false => Vec::new(),
        };
        if permitted.is_empty() {
            return self.expectation == Expectation::Verdict(Verdict::Accepted);
        }
        // Every rule must hold: what is permitted is what all permit.
        [Kind::WA, Kind::TLE, Kind::RTE]
            .iter()
            .all(|k| permitted.iter().any(|p| !p.contains(k)))
            && permitted.iter().all(|p| p.contains(&Kind::AC))
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
        let required: Vec<&Vec<Kind>> = match self.format_rules {
            true => self
                .rules
                .iter()
                .filter_map(|r| r.required.as_ref())
                .collect(),
            false => Vec::new(),
        };
        let too_slow = match required.is_empty() {
            true => self.expectation == Expectation::Verdict(Verdict::TimeLimit),
            false => required.iter().any(|r| r.as_slice() == [Kind::TLE]),
        };
        match too_slow {
            true => vec![(None, Bound::Upper)],
            false => Vec::new(),
        }
    }

    /// Whether the first failure `got` keeps the folder's promise.
    pub fn keeps(&self, got: Verdict) -> bool {
        // In a package, submissions.yaml's permitted / required replace the
        // folder's own promise (2025-09: its keys override the defaults).
        let ruled = self
            .rules
            .iter()
            .any(|r| r.permitted.is_some() || r.required.is_some() || !r.group_rules().is_empty());
        if self.format_rules && ruled {
            return true;
        }
        match (self.format_rules, self.expectation) {
            (true, Expectation::Verdict(v)) => {
                Kind::of(v).is_some_and(|k| Kind::all_of(got).contains(&k))
            }
            _ => self.expectation.kept_by(got),
        }
    }

    /// Why `got` keeps the promise when judge's verdict differs from the
    /// folder's (MLE in `run_time_error`), for the report.
    pub fn format_note(&self, got: Verdict) -> Option<String> {
        match self.expectation {
            Expectation::Verdict(v) if self.format_rules && got != v && self.keeps(got) => {
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

    /// Whether judging must see every case (a rule about all cases'
    /// verdicts, or a score to compute).
    pub fn needs_every_case(&self, scoring: bool) -> bool {
        scoring
            || self.rules.iter().any(|r| {
                r.permitted.is_some() || r.required.is_some() || !r.group_rules().is_empty()
            })
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

/// The name of a submission that is not judged, and why: the rule of
/// judge's layout and of the package formats alike.
fn skipped(name: &str) -> Option<&'static str> {
    if name.starts_with('.') {
        Some("hidden")
    } else if name.ends_with(".disabled") {
        Some("disabled")
    } else {
        None
    }
}

/// Why a file of a package's verdict folder is not a submission judge
/// judges, if it is not: hidden or disabled (the rule of every layout),
/// or of no language of the table (and not a program of its own). An
/// import leaves such a file out with the reason, as judging in place
/// does.
pub fn skip_reason(path: &Path) -> Option<String> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    if let Some(why) = skipped(&name) {
        return Some(why.into());
    }
    no_language(path)
}

/// Why `path` is no submission judge can build: no language of the table
/// claims it, and it is not executable itself.
fn no_language(path: &Path) -> Option<String> {
    let table = judge_languages::table();
    if table.written_in(path).is_none() && !judge_sandbox::toolchain::is_executable(path) {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("none");
        return Some(format!(
            "no language in judge's table has this extension ({ext}; `judge languages` lists them, judge-config.yaml can add one)"
        ));
    }
    None
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
    let not_submissions = problem
        .origin
        .as_ref()
        .map(|o| o.not_submissions.as_slice());
    find_at(&problem.dir, not_submissions)
}

/// Every submission under `dir/submissions` with its promises, sorted:
/// by the package formats' rules when `package` gives the files that are
/// not submissions there (a package), by judge's own otherwise.
pub fn find_at(dir: &Path, package: Option<&[PathBuf]>) -> Found {
    let root = dir.join("submissions");
    let mut found = Found::default();
    let Ok(folders) = std::fs::read_dir(&root) else {
        return found;
    };
    let rules_path = root.join("submissions.yaml");
    let (rules, faults) = read_rules(&rules_path);
    found.errors.extend(faults);
    for folder in folders.flatten() {
        let name = folder.file_name().to_string_lossy().into_owned();
        if name == "submissions.yaml" || skipped(&name).is_some() {
            continue;
        }
        // A folder of the package's own counts when a rule speaks of it
        // or of files in it (`expansion/ac.{py,cpp}`).
        let own_rules = package.is_some()
            && rules.keys().any(|pattern| {
                let head = pattern.split('/').next().unwrap_or("");
                glob_matches(pattern, &name) || glob_matches(head, &name)
            });
        let known = FOLDERS.iter().find(|(f, _)| *f == name).map(|(_, e)| e);
        let Some(expectation) = known.or(own_rules.then_some(&Expectation::Rules)) else {
            // A package may keep other folders (problemtools' examples keep
            // slow_accepted/): the format judges only those it names.
            if package.is_some() {
                found.skipped.push(format!(
                    "{} (not a verdict folder of the package format)",
                    folder.path().display()
                ));
                continue;
            }
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
                // Hidden files (.gitkeep) are not submissions anyone wrote.
                if why != "hidden" {
                    found
                        .skipped
                        .push(format!("{} ({why})", file.path().display()));
                }
                continue;
            }
            // The reference program a judge export put among the accepted
            // submissions is the reference again, not a submission.
            if package.is_some_and(|n| n.contains(&file.path())) {
                continue;
            }
            let relative = format!("{name}/{file_name}");
            let matching: Vec<Rule> = rules
                .iter()
                .filter(|(pattern, _)| glob_matches(pattern, &relative))
                .map(|(_, r)| r.clone())
                .collect();
            // In a package, a file of no language judge knows is left out
            // with the reason, as an import leaves it out, unless its
            // rules name the language.
            if package.is_some()
                && !matching.iter().any(|r| r.language.is_some())
                && let Some(why) = no_language(&file.path())
            {
                found
                    .skipped
                    .push(format!("{} ({why})", file.path().display()));
                continue;
            }
            found.submissions.push(Expected {
                format_rules: package.is_some(),
                path: file.path(),
                expectation: *expectation,
                rules: matching,
            });
        }
    }
    found.submissions.sort_by(|a, b| a.path.cmp(&b.path));
    found.skipped.sort();
    found
}

/// The rules of `submissions.yaml`, and the faults of the entries left out:
/// a file that does not parse is one fault; an entry with a key judge does
/// not act on is refused at its place (a promise read wrongly is worse
/// than none) while the other entries still count.
fn read_rules(path: &Path) -> (BTreeMap<String, Rule>, Vec<String>) {
    if !path.exists() {
        return (BTreeMap::new(), Vec::new());
    }
    let parsed = super::read_settings(path)
        .map_err(|e| e.to_string())
        .and_then(|text| {
            super::parse_yaml::<BTreeMap<String, Rule>>(path, &text)
                .map(|rules| (rules, text))
                .map_err(|e| e.to_string())
        });
    let (mut rules, text) = match parsed {
        Ok(r) => r,
        Err(e) => return (BTreeMap::new(), vec![e]),
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
                "key `{key}` is not supported by judge (it reads score, permitted, required, language, entrypoint, use_for_time_limit and per-test-group rules); the entry is left out"
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

    #[test]
    fn files_of_no_language_are_skipped_with_a_reason() {
        let pkg = tempfile::tempdir().unwrap();
        let accepted = pkg.path().join("submissions/accepted");
        std::fs::create_dir_all(&accepted).unwrap();
        for name in ["sol.zig", "sol.cc", ".hidden.cc", "old.cc.disabled"] {
            std::fs::write(accepted.join(name), "").unwrap();
        }
        let why = skip_reason(&accepted.join("sol.zig")).unwrap();
        assert!(why.contains("this extension (zig;"), "{why}");
        assert!(why.contains("judge languages"), "{why}");
        assert_eq!(skip_reason(&accepted.join("sol.cc")), None);
        assert_eq!(skip_reason(&accepted.join(".hidden.cc")).unwrap(), "hidden");
        assert_eq!(
            skip_reason(&accepted.join("old.cc.disabled")).unwrap(),
            "disabled"
        );
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

    #[test]
    fn the_package_format_reads_judges_finer_verdicts_as_its_four() {
        let promise = |v: Verdict| Expected {
            path: PathBuf::from("x.c"),
            expectation: Expectation::Verdict(v),
            rules: Vec::new(),
            format_rules: true,
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
        assert!(tle.format_note(Verdict::OutputLimit).is_some());
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
            format_rules: true,
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
