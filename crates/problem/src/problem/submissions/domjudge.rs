//! DOMjudge's conventions for jury submissions, beyond the package format:
//! the `@EXPECTED_RESULTS@: ` tag in a source, verdict folders named after
//! DOMjudge's results (`compiler_error/`, `no_output/`, `output_limit/`),
//! and `submissions.json` beside `submissions/` (entry points, languages).
//!
//! Read as DOMjudge's problem import reads them, so a package is judged
//! as the contest that used it judged it:
//!
//! - the tag is looked for in the whole file, case-insensitively, with the
//!   space after the colon; its value runs to the end of the line and is
//!   a comma-separated list (any of them is right), each name trimmed,
//!   upper-cased and mapped from the long spellings (`RUN_TIME_ERROR` is
//!   `RUN-ERROR`, `ACCEPTED` is `CORRECT`, …);
//! - a file with two tags, or a multi-file submission with tags in two
//!   files, is refused by DOMjudge: it is never judged there, so it is
//!   not judged here either, and the reason names the file and line;
//! - the folder's name is a result too, read the same way
//!   (`compiler_error` is `COMPILER-ERROR`, `accepted` is `CORRECT`);
//!   when the tag lists it, the folder's result is the promise, and when
//!   it does not, the tag's list is (DOMjudge warns, and takes the tag).

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use crate::verdict::Verdict;

/// The results DOMjudge's judgehosts give (its `results_prio` names), in
/// the order judge lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Correct,
    WrongAnswer,
    Timelimit,
    RunError,
    NoOutput,
    OutputLimit,
    CompilerError,
}

impl Outcome {
    const ALL: [Outcome; 7] = [
        Outcome::Correct,
        Outcome::WrongAnswer,
        Outcome::Timelimit,
        Outcome::RunError,
        Outcome::NoOutput,
        Outcome::OutputLimit,
        Outcome::CompilerError,
    ];

    /// DOMjudge's name of the result.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Correct => "CORRECT",
            Outcome::WrongAnswer => "WRONG-ANSWER",
            Outcome::Timelimit => "TIMELIMIT",
            Outcome::RunError => "RUN-ERROR",
            Outcome::NoOutput => "NO-OUTPUT",
            Outcome::OutputLimit => "OUTPUT-LIMIT",
            Outcome::CompilerError => "COMPILER-ERROR",
        }
    }

    /// The result of a normalised name, if DOMjudge's judgehosts give it.
    fn of_name(name: &str) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.name() == name)
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// DOMjudge's name for a result given in a tag or as a folder's name:
/// trimmed, upper-cased, and the long spellings DOMjudge accepts mapped
/// to its own (the rest, `CHECK-MANUALLY` or anything else, as written:
/// no judging gives them, so they are never met).
pub fn normalise(name: &str) -> String {
    let upper = name.trim().to_uppercase();
    let short = match upper.as_str() {
        "ACCEPTED" => "CORRECT",
        "WRONG_ANSWER" => "WRONG-ANSWER",
        "TIME_LIMIT_EXCEEDED" => "TIMELIMIT",
        "RUN_TIME_ERROR" => "RUN-ERROR",
        "COMPILER_ERROR" => "COMPILER-ERROR",
        "NO_OUTPUT" => "NO-OUTPUT",
        "OUTPUT_LIMIT" => "OUTPUT-LIMIT",
        _ => return upper,
    };
    short.to_string()
}

/// A set of DOMjudge results: a submission keeps its promise when its
/// judging gives any of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Results(u8);

impl Results {
    pub fn one(o: Outcome) -> Results {
        Results(o.bit())
    }

    /// The results among `names` (normalised) that judging can give;
    /// `None` when there is none (`CHECK-MANUALLY` alone).
    pub fn of_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<Results> {
        let bits = names
            .into_iter()
            .filter_map(Outcome::of_name)
            .fold(0, |b, o| b | o.bit());
        (bits != 0).then_some(Results(bits))
    }

    pub fn contains(self, o: Outcome) -> bool {
        self.0 & o.bit() != 0
    }

    pub fn outcomes(self) -> impl Iterator<Item = Outcome> {
        Outcome::ALL.into_iter().filter(move |o| self.contains(*o))
    }

    /// `CORRECT` or `RUN-ERROR,WRONG-ANSWER`, as a tag writes it.
    pub fn code(self) -> Cow<'static, str> {
        let names: Vec<&str> = self.outcomes().map(Outcome::name).collect();
        match names.as_slice() {
            [one] => Cow::Borrowed(one),
            _ => Cow::Owned(names.join(",")),
        }
    }

    /// The set a [`Results::code`] wrote, if it is one.
    pub fn parse(code: &str) -> Option<Results> {
        let names: Vec<&str> = code.split(',').collect();
        let all_known = names.iter().all(|n| Outcome::of_name(n).is_some());
        all_known.then(|| Results::of_names(names)).flatten()
    }

    /// Whether judge's verdict `got` is one of these results as DOMjudge
    /// would have named it. DOMjudge has no memory-limit or presentation
    /// verdict: a memory overrun is a run error there, spacing a wrong
    /// answer. A wrong answer with no output at all is NO-OUTPUT (judge
    /// knows it when `empty` says so). judge stops a program at the output
    /// limit, where DOMjudge cuts the output off and lets it run on, into
    /// its time limit or a crash: OLE keeps any of those three.
    pub fn kept_by(self, got: Verdict, empty: bool) -> bool {
        let said: &[Outcome] = match got {
            Verdict::Accepted => &[Outcome::Correct],
            Verdict::WrongAnswer | Verdict::PresentationError if empty => &[Outcome::NoOutput],
            Verdict::WrongAnswer | Verdict::PresentationError => &[Outcome::WrongAnswer],
            Verdict::TimeLimit => &[Outcome::Timelimit],
            Verdict::RuntimeError | Verdict::MemoryLimit => &[Outcome::RunError],
            Verdict::OutputLimit => &[Outcome::OutputLimit, Outcome::Timelimit, Outcome::RunError],
            Verdict::CompileError => &[Outcome::CompilerError],
            _ => &[],
        };
        said.iter().any(|o| self.contains(*o))
    }

    /// Why `got` keeps the promise though judge names it otherwise.
    pub fn note(self, got: Verdict, empty: bool) -> Option<String> {
        if !self.kept_by(got, empty) {
            return None;
        }
        let why = match got {
            Verdict::MemoryLimit => {
                "MLE counts as RUN-ERROR in DOMjudge (it has no memory verdict)"
            }
            Verdict::PresentationError if empty => "PE with no output is NO-OUTPUT in DOMjudge",
            Verdict::PresentationError => "PE counts as WRONG-ANSWER in DOMjudge",
            Verdict::WrongAnswer if empty => "WA with no output at all is NO-OUTPUT in DOMjudge",
            Verdict::OutputLimit if !self.contains(Outcome::OutputLimit) => {
                "OLE: judge stops the program at the output limit, where DOMjudge cuts the output off and lets it run on (a guess)"
            }
            _ => return None,
        };
        Some(why.to_string())
    }
}

/// What a tag promises: DOMjudge's results, or only names no judging
/// gives (`CHECK-MANUALLY`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// The normalised names, as listed.
    pub names: Vec<String>,
    /// Where it is: `file:line:col`.
    pub at: String,
}

/// Why DOMjudge refuses a submission: a second tag of expected results,
/// where the first one is. DOMjudge never judges such a submission, so
/// its contest promised nothing about it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SecondTag {
    /// The same mark twice in one file, the second at `path:line:col`.
    #[error(
        "{}:{line}:{col}: a second {mark} tag (the first at line {first_line}); DOMjudge refuses such a submission",
        path.display()
    )]
    SameMark {
        path: PathBuf,
        line: usize,
        col: usize,
        /// The mark without its colon: `@EXPECTED_RESULTS@`.
        mark: &'static str,
        first_line: usize,
    },
    /// Both marks in one file, each listing results; the later one at
    /// `path:line:col`.
    #[error(
        "{}:{line}:{col}: a second tag of expected results (the first at line {first_line}); DOMjudge refuses such a submission",
        path.display()
    )]
    OtherMark {
        path: PathBuf,
        line: usize,
        col: usize,
        first_line: usize,
    },
    /// Two files of one multi-file submission tagged.
    #[error(
        "{}: a second file with an @EXPECTED_RESULTS@ tag (the other: {}); DOMjudge refuses such a submission",
        found.at,
        earlier.at
    )]
    OtherFile { found: Tag, earlier: Tag },
}

/// The tag of one source file, or why DOMjudge refuses the file.
fn tag_of_file(path: &Path) -> Result<Option<Tag>, SecondTag> {
    // DOMjudge reads the whole file; a source is small.
    let Ok(bytes) = std::fs::read(path) else {
        return Ok(None);
    };
    tag_of_text(&String::from_utf8_lossy(&bytes), path)
}

/// The marks DOMjudge looks for. `@EXPECTED_SCORE@:` with a number is a
/// score (judge does not check DOMjudge's scores: such a file is read as
/// untagged); with anything else it lists results, as the first does.
const MARKS: [&str; 2] = ["@EXPECTED_RESULTS@: ", "@EXPECTED_SCORE@: "];

/// The tag in `text` (the file `path`), or why DOMjudge refuses it.
pub(crate) fn tag_of_text(text: &str, path: &Path) -> Result<Option<Tag>, SecondTag> {
    // ASCII upper-casing keeps byte offsets, so they index `text` too.
    let upper = text.to_ascii_uppercase();
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let col_of = |at: usize| {
        let before = &text[..at];
        before.len() - before.rfind('\n').map_or(0, |n| n + 1) + 1
    };
    let place = |at: usize| format!("{}:{}:{}", path.display(), line_of(at), col_of(at));
    let mut tag: Option<(usize, Tag)> = None;
    for mark in MARKS {
        let mut found = upper.match_indices(mark).map(|(at, _)| at);
        let Some(first) = found.next() else {
            continue;
        };
        if let Some(second) = found.next() {
            return Err(SecondTag::SameMark {
                path: path.to_path_buf(),
                line: line_of(second),
                col: col_of(second),
                mark: mark.trim_end_matches([':', ' ']),
                first_line: line_of(first),
            });
        }
        let start = first + mark.len();
        let end = text[start..].find('\n').map_or(text.len(), |n| start + n);
        let value = text[start..end].trim();
        if mark.contains("SCORE") && value.parse::<f64>().is_ok() {
            continue;
        }
        if let Some((earlier, _)) = tag {
            let later = first.max(earlier);
            return Err(SecondTag::OtherMark {
                path: path.to_path_buf(),
                line: line_of(later),
                col: col_of(later),
                first_line: line_of(first.min(earlier)),
            });
        }
        let names = value.split(',').map(normalise).collect();
        tag = Some((
            first,
            Tag {
                names,
                at: place(first),
            },
        ));
    }
    Ok(tag.map(|(_, t)| t))
}

/// The tag of a submission (a file, or a folder of files read in name
/// order), or why DOMjudge refuses it: a folder may hold one tagged file.
pub fn tag_of(submission: &Path) -> Result<Option<Tag>, SecondTag> {
    if !submission.is_dir() {
        return tag_of_file(submission);
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(submission)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut tag: Option<Tag> = None;
    for file in files {
        if let Some(found) = tag_of_file(&file)? {
            if let Some(earlier) = tag {
                return Err(SecondTag::OtherFile { found, earlier });
            }
            tag = Some(found);
        }
    }
    Ok(tag)
}

/// `submissions.json` beside `submissions/` (DOMjudge): per submission
/// path (`submissions/accepted/multifile-js/`), its `entry_point` and its
/// language (`langid`), and the faults of the file.
pub(crate) fn read_json(pkg: &Path) -> (Vec<(String, super::rules::Rule)>, Vec<String>) {
    let path = pkg.join("submissions.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        return (Vec::new(), Vec::new());
    };
    // JSON is YAML too: one reader, with the place of a fault.
    let value: serde_yaml::Value = match serde_yaml::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            let (line, col) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
            return (
                Vec::new(),
                vec![format!("{}:{line}:{col}: {e}", path.display())],
            );
        }
    };
    let Some(entries) = value.as_mapping() else {
        return (
            Vec::new(),
            vec![format!(
                "{}:1:1: expected an object of submission paths",
                path.display()
            )],
        );
    };
    let mut rules = Vec::new();
    for (key, entry) in entries {
        let Some(key) = key.as_str() else { continue };
        let text_of = |k: &str| entry.get(k).and_then(|v| v.as_str()).map(str::to_string);
        let rule = super::rules::Rule {
            entrypoint: text_of("entry_point"),
            language: text_of("langid").and_then(|id| language(&id)),
            ..super::rules::Rule::default()
        };
        // Keys name `submissions/<folder>/<name>` (a folder with a `/`).
        let relative = key.trim_start_matches("submissions/").trim_end_matches('/');
        rules.push((relative.to_string(), rule));
    }
    (rules, Vec::new())
}

/// judge's language for one of DOMjudge's language ids, when judge has
/// it; otherwise the files' extensions decide, as they do in DOMjudge
/// when no `langid` is given.
fn language(langid: &str) -> Option<String> {
    let id = match langid {
        "py3" | "python" => "python3",
        "kt" => "kotlin",
        "js" | "node" => "javascript",
        "rs" => "rust",
        "rb" => "ruby",
        "hs" => "haskell",
        "pas" => "pascal",
        "cs" => "csharp",
        "sh" | "bash" => "shell",
        "cc" | "c++" | "cxx" => "cpp",
        other => other,
    };
    judge_languages::table().get(id).map(|s| s.id.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(text: &str) -> Result<Option<Tag>, SecondTag> {
        tag_of_text(text, Path::new("s.c"))
    }

    #[test]
    fn a_tag_is_read_as_domjudge_reads_it() {
        let t = tag("/*\n * @expected_results@:   RUN_TIME_ERROR , Accepted  \n */\n")
            .unwrap()
            .unwrap();
        assert_eq!(t.names, ["RUN-ERROR", "CORRECT"]);
        assert_eq!(t.at, "s.c:2:4");
        // The space after the colon is part of the mark.
        assert_eq!(tag("# @EXPECTED_RESULTS@:CORRECT\n").unwrap(), None);
        let two = tag("// @EXPECTED_RESULTS@: CORRECT\n// @EXPECTED_RESULTS@: WRONG-ANSWER\n")
            .unwrap_err();
        assert_eq!(
            two,
            SecondTag::SameMark {
                path: PathBuf::from("s.c"),
                line: 2,
                col: 4,
                mark: "@EXPECTED_RESULTS@",
                first_line: 1,
            }
        );
        assert_eq!(
            two.to_string(),
            "s.c:2:4: a second @EXPECTED_RESULTS@ tag (the first at line 1); DOMjudge refuses such a submission"
        );
        let both = tag("# @EXPECTED_SCORE@: CORRECT\n# @EXPECTED_RESULTS@: CORRECT\n").unwrap_err();
        assert!(matches!(
            both,
            SecondTag::OtherMark {
                line: 2,
                col: 3,
                first_line: 1,
                ..
            }
        ));
        let manual = tag("% @EXPECTED_RESULTS@: CHECK-MANUALLY")
            .unwrap()
            .unwrap();
        assert_eq!(
            Results::of_names(manual.names.iter().map(String::as_str)),
            None
        );
    }

    #[test]
    fn results_are_kept_by_judges_verdicts_as_domjudge_names_them() {
        let rte_or_wa = Results::of_names(["RUN-ERROR", "WRONG-ANSWER"]).unwrap();
        assert_eq!(rte_or_wa.code(), "WRONG-ANSWER,RUN-ERROR");
        assert_eq!(Results::parse(&rte_or_wa.code()), Some(rte_or_wa));
        assert_eq!(Results::parse("AC"), None);
        assert!(rte_or_wa.kept_by(Verdict::MemoryLimit, false));
        assert!(rte_or_wa.kept_by(Verdict::PresentationError, false));
        assert!(!rte_or_wa.kept_by(Verdict::WrongAnswer, true));
        assert!(!rte_or_wa.kept_by(Verdict::Accepted, false));
        let ce = Results::one(Outcome::CompilerError);
        assert!(ce.kept_by(Verdict::CompileError, false));
        assert!(!ce.kept_by(Verdict::JudgeError, false));
        let none = Results::one(Outcome::NoOutput);
        assert!(none.kept_by(Verdict::WrongAnswer, true));
        assert!(none.note(Verdict::WrongAnswer, true).is_some());
        assert_eq!(normalise(" time_limit_exceeded"), "TIMELIMIT");
        assert_eq!(normalise("check_manually"), "CHECK_MANUALLY");
    }
}
