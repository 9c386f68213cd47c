//! Problem folders: `problem.yaml` and the case files beside it.
//!
//! Discovery is the first stage of every command. It only reads the file
//! system and never runs anything, so a broken problem folder is reported
//! precisely (file and line) while every healthy problem is still usable.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use walkdir::WalkDir;

use crate::compare::CompareMode;

/// The contents of `problems/<id>/problem.yaml`.
///
/// Unknown keys are rejected: a typo such as `comapre:` would otherwise be
/// ignored silently and the problem graded with the default mode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProblemSpec {
    /// Human-readable title.
    pub name: String,
    /// The reference solver, by its registry id.
    pub solver: crate::solvers::SolverRef,
    /// Where the problem comes from (contest, archive id).
    #[serde(default)]
    pub source: String,
    /// How outputs are compared.
    #[serde(default)]
    pub compare: CompareMode,
    /// Absolute and relative tolerance for `compare: float`.
    #[serde(default = "default_tolerance")]
    pub tolerance: f64,
    #[serde(default)]
    pub limits: Limits,
}

impl ProblemSpec {
    /// `tolerance` when `problem.yaml` does not give one.
    pub(crate) const DEFAULT_TOLERANCE: f64 = 1e-6;
}

fn default_tolerance() -> f64 {
    ProblemSpec::DEFAULT_TOLERANCE
}

/// Resource limits for graded submissions.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    #[serde(with = "duration_text")]
    pub time: Duration,
    #[serde(with = "size_text")]
    pub memory: u64,
    #[serde(with = "size_text")]
    pub output: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            time: Duration::from_secs(1),
            memory: 256 << 20,
            output: 8 << 20,
        }
    }
}

/// `1s`, `500ms`, `2.5s` ⇄ [`Duration`].
mod duration_text {
    use super::*;
    use serde::{Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&crate::units::format_duration(*d))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        let text = String::deserialize(d)?;
        crate::units::parse_duration(&text).map_err(serde::de::Error::custom)
    }
}

/// `256MiB`, `8MiB`, `64KiB`, `1GiB`, plain bytes ⇄ `u64` bytes.
mod size_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(n: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&crate::units::format_size(*n))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let text = String::deserialize(d)?;
        crate::units::parse_size(&text).map_err(serde::de::Error::custom)
    }
}

/// One test case: an input file and, normally, its expected output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// Folder below `cases/`, with `/` separators ("" for top-level cases).
    pub group: String,
    /// File stem of the `.in` file.
    pub name: String,
    pub input: PathBuf,
    /// `<name>.out` beside the input; `None` when that file does not exist.
    pub answer: Option<PathBuf>,
}

impl Case {
    /// `group/name`, the id people type and reports show.
    pub fn id(&self) -> String {
        if self.group.is_empty() {
            self.name.clone()
        } else {
            format!("{}/{}", self.group, self.name)
        }
    }

    /// Where the expected output lives or would be created.
    pub(crate) fn answer_path(&self) -> PathBuf {
        self.input.with_extension("out")
    }
}

/// A problem folder that loaded.
#[derive(Debug, Clone)]
pub struct Problem {
    /// Folder name, which is also the id used on the command line.
    pub id: String,
    pub dir: PathBuf,
    pub spec: ProblemSpec,
    /// Sorted by group, then name.
    pub cases: Vec<Case>,
    /// `.out` files without an `.in`: kept so validation can flag them.
    pub orphan_answers: Vec<PathBuf>,
    /// Files in `cases/` that are neither `.in` nor `.out`.
    pub stray_files: Vec<PathBuf>,
}

impl Problem {
    /// The reference solver.
    pub fn solver(&self) -> &'static dyn crate::solvers::Solver {
        self.spec.solver.get()
    }
}

/// Why a problem folder could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProblemError {
    #[error("{path}: cannot read: {reason}")]
    Unreadable { path: PathBuf, reason: String },
    #[error("{path}:{line}:{col}: {reason}")]
    BadSpec {
        path: PathBuf,
        line: usize,
        col: usize,
        reason: String,
    },
}

/// Everything found under a problems folder: usable problems and the errors
/// that kept other folders out.
#[derive(Debug, Clone, Default)]
pub struct Discovery {
    pub problems: Vec<Problem>,
    pub errors: Vec<(String, ProblemError)>,
}

/// Parses a `problem.yaml` text; `path` is only used in messages.
pub(crate) fn parse_spec(path: &Path, text: &str) -> Result<ProblemSpec, ProblemError> {
    serde_yaml::from_str(text).map_err(|e| {
        let (line, col) = e
            .location()
            .map(|l| (l.line(), l.column()))
            .unwrap_or((1, 1));
        ProblemError::BadSpec {
            path: path.to_path_buf(),
            line,
            col,
            reason: strip_location(&e.to_string()),
        }
    })
}

/// serde_yaml appends " at line L column C"; the path:line:col prefix
/// already says it.
fn strip_location(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) if message[i..].contains(" column ") => message[..i].to_string(),
        _ => message.to_string(),
    }
}

/// Loads every problem folder (a folder holding `problem.yaml`) under `root`.
///
/// Folders without `problem.yaml` are ignored, so `problems/` may hold notes.
/// The result is sorted by id; errors never stop other problems loading.
pub fn discover(root: &Path) -> std::io::Result<Discovery> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(root)?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.join("problem.yaml").is_file())
        .collect();
    entries.sort();
    let mut found = Discovery::default();
    for dir in entries {
        let id = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match load_problem(&id, &dir) {
            Ok(p) => found.problems.push(p),
            Err(e) => found.errors.push((id, e)),
        }
    }
    Ok(found)
}

/// Loads one problem folder (the solver id is checked while parsing).
pub fn load_problem(id: &str, dir: &Path) -> Result<Problem, ProblemError> {
    let spec_path = dir.join("problem.yaml");
    let text = std::fs::read_to_string(&spec_path).map_err(|e| ProblemError::Unreadable {
        path: spec_path.clone(),
        reason: e.to_string(),
    })?;
    let spec = parse_spec(&spec_path, &text)?;
    let (cases, orphan_answers, stray_files) = find_cases(&dir.join("cases"));
    Ok(Problem {
        id: id.to_string(),
        dir: dir.to_path_buf(),
        spec,
        cases,
        orphan_answers,
        stray_files,
    })
}

/// Pairs `<name>.in` with `<name>.out` anywhere below `cases_dir`.
fn find_cases(cases_dir: &Path) -> (Vec<Case>, Vec<PathBuf>, Vec<PathBuf>) {
    let mut cases = Vec::new();
    let mut orphans = Vec::new();
    let mut strays = Vec::new();
    let walker = WalkDir::new(cases_dir)
        .sort_by_file_name()
        .follow_links(true);
    for entry in walker {
        // A dangling link or unreadable folder entry still names a case:
        // keep it so the run reports it instead of silently skipping it.
        let (path, is_file) = match &entry {
            Ok(e) => (e.path().to_path_buf(), e.file_type().is_file()),
            Err(e) => match e.path() {
                Some(p) if p != cases_dir => (p.to_path_buf(), true),
                _ => continue,
            },
        };
        let path = path.as_path();
        if !is_file {
            continue;
        }
        let ext = path.extension().and_then(|e| e.to_str());
        let group = path
            .parent()
            .and_then(|p| p.strip_prefix(cases_dir).ok())
            .map(|g| {
                g.components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/")
            })
            .unwrap_or_default();
        match ext {
            Some("in") => {
                let answer = path.with_extension("out");
                cases.push(Case {
                    group,
                    name: stem(path),
                    answer: answer.is_file().then_some(answer),
                    input: path.to_path_buf(),
                });
            }
            Some("out") if !path.with_extension("in").is_file() => orphans.push(path.to_path_buf()),
            Some("out") => {}
            _ => strays.push(path.to_path_buf()),
        }
    }
    cases.sort_by(|a, b| (&a.group, &a.name).cmp(&(&b.group, &b.name)));
    (cases, orphans, strays)
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Faults of a problem's case folder that belong to no single case: answers
/// without inputs, stray files, duplicate inputs, expected outputs with a
/// carriage return or without a final newline. Only reads files, like the
/// rest of discovery.
pub fn hygiene(problem: &Problem) -> Vec<String> {
    let mut issues = Vec::new();
    for path in &problem.orphan_answers {
        issues.push(format!(
            "{}: an .out file without an .in file",
            path.display()
        ));
    }
    for path in &problem.stray_files {
        issues.push(format!(
            "{}: not a case file (only .in and .out belong in cases/)",
            path.display()
        ));
    }
    let mut seen: HashMap<Vec<u8>, String> = HashMap::new();
    for case in &problem.cases {
        if let Ok(bytes) = std::fs::read(&case.input) {
            if let Some(first) = seen.get(&bytes) {
                issues.push(format!(
                    "{}: same input as case {first}",
                    case.input.display()
                ));
            } else {
                seen.insert(bytes, case.id());
            }
        }
        let Some(answer) = &case.answer else { continue };
        match std::fs::read(answer) {
            Err(e) => issues.push(format!("{}: cannot read: {e}", answer.display())),
            Ok(bytes) => {
                if let Some(i) = bytes.iter().position(|&b| b == b'\r') {
                    let line = bytes[..i].iter().filter(|&&b| b == b'\n').count() + 1;
                    issues.push(format!(
                        "{}:{line}: carriage return in an expected output",
                        answer.display()
                    ));
                }
                if !bytes.is_empty() && !bytes.ends_with(b"\n") {
                    issues.push(format!("{}: no final newline", answer.display()));
                }
            }
        }
    }
    issues
}

impl Discovery {
    /// Keeps only the named problems (still sorted by id); names that match
    /// neither a problem nor a broken folder are returned as unknown.
    pub(crate) fn select(mut self, wanted: &[String]) -> Result<Discovery, Vec<String>> {
        if wanted.is_empty() {
            return Ok(self);
        }
        let unknown: Vec<String> = wanted
            .iter()
            .filter(|w| {
                !self.problems.iter().any(|p| &p.id == *w)
                    && !self.errors.iter().any(|(id, _)| id == *w)
            })
            .cloned()
            .collect();
        if !unknown.is_empty() {
            return Err(unknown);
        }
        self.problems.retain(|p| wanted.contains(&p.id));
        self.errors.retain(|(id, _)| wanted.contains(id));
        Ok(self)
    }
}
