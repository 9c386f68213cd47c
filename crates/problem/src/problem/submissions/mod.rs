//! Expected-verdict submissions: `submissions/<folder>/*` and what each
//! promises, with `submissions/submissions.yaml` adding to the folders'
//! promises (the ICPC 2025-09 file, read in `rules`).
//!
//! A submission is a file or a folder of sources directly in a verdict
//! folder. Names starting with `.` and names ending in `.disabled` are
//! skipped (listed, not judged), in judge's layout and in a package alike.

mod rules;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::Problem;
use crate::verdict::Verdict;
use rules::read_rules;

pub use rules::{Bound, Kind, Rule, ScoreSpec, TimeUse, glob_matches};

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

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

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
