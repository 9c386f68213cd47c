//! What an import will do, decided before anything is written: the
//! [`Plan`] that reading a package fills in, and the helpers every reader
//! of a package folder shares (paths, and `problem.yaml` with where its
//! keys are written). Its own module so that the readers
//! (`read`, `read_data`, `submissions`) depend on it, not on each other.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_yaml::Value;

use crate::Refusal;
use crate::origin::{Format, TimeRule};
use crate::problem::{CaseSettings, GroupSpec, OutputCheck, ProblemSpec};

/// Everything an import will write, decided before anything is written.
#[derive(Debug, Default)]
pub struct Plan {
    /// The package's format, once `problem.yaml` said it.
    pub format: Option<Format>,
    pub spec: Option<ProblemSpec>,
    pub time: Option<TimeRule>,
    /// `group.yaml` per group of ours (`""` = `cases/`).
    pub groups: BTreeMap<String, GroupSpec>,
    /// Package file or folder → path in the problem folder.
    pub copies: Vec<(PathBuf, PathBuf)>,
    /// `(package-relative path, why)`.
    pub skipped: Vec<(String, String)>,
    /// What judge cannot do as the package asks; any of them stops the
    /// import.
    pub refused: Vec<Refusal>,
    /// Settings read on purpose but without effect here.
    pub ignored: Vec<String>,
    pub cases: usize,
    pub submissions: usize,
    /// Files under `submissions/` that are not submissions: the reference
    /// program a judge export put among the accepted ones.
    pub not_submissions: Vec<PathBuf>,
    /// The package's tests of its output validator (`data/valid_output`,
    /// `data/invalid_output`), at the package's own files.
    pub output_checks: Vec<OutputCheck>,
    /// The effective settings of every folder of validation data
    /// (`invalid_input/…`, `valid_output/…`, `invalid_output/…`, relative
    /// to `data/`): their validator and checker arguments are the
    /// package's, though no case of ours lives there.
    pub validation_settings: BTreeMap<String, CaseSettings>,
    /// `(package-relative path, why)` of what only a package judged in
    /// place uses: an import lists them as skipped, since judge's own
    /// layout has no place for them.
    pub in_place_only: Vec<(String, String)>,
    /// Checks the package holds that judge does not run (answer
    /// validators; tests of the output validator of an interactive
    /// problem): `validate` warns about each, so a passing run never
    /// hides them.
    pub unchecked: Vec<String>,
    /// Where the package's `data/` is read from when not inside it: the
    /// folder judge generated from `generators/generators.yaml`.
    pub data: Option<PathBuf>,
    /// What judge decided where the package's conventions are ambiguous
    /// (which validator folder it read, where the time limit came from):
    /// the reports' notes say each, so a guess is never silent.
    pub notes: Vec<String>,
    /// The folders below `data/` (`secret/big`, `sample/x`) that are no
    /// test data group in the package's format (2025-09: no
    /// `test_group.yaml`): their cases belong to the group around them.
    pub plain_folders: std::collections::BTreeSet<String>,
    /// A case's own settings (2025-09 `<case>.yaml`: `args`, the
    /// validators' arguments), by the package's input file: over its
    /// group's when the package is judged in place; judge's own layout has
    /// no place for them, so an import refuses them.
    pub case_settings: BTreeMap<PathBuf, GroupSpec>,
    /// The answer validator programs, relative to the package.
    pub answer_validators: Vec<PathBuf>,
    /// `data/invalid_answer`'s cases, at the package's own files.
    pub invalid_answers: Vec<crate::origin::AnswerTest>,
    /// What `problem.yaml` says about the programs (constants, languages,
    /// file writing, code and compile limits); `test_group.yaml` is read
    /// with its constants substituted.
    pub environment: crate::environment::Environment,
    /// The package's visualizers (`read_visualizers`), relative to it.
    pub visualizers: crate::origin::Visualizers,
}

impl Plan {
    /// The `data/` folder this reading takes its cases from.
    pub(crate) fn data_dir(&self, pkg: &Path) -> PathBuf {
        self.data.clone().unwrap_or_else(|| pkg.join("data"))
    }
}

pub(crate) fn rel(pkg: &Path, path: &Path) -> String {
    path.strip_prefix(pkg).unwrap_or(path).display().to_string()
}

pub fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

pub(crate) fn name_of(path: &Path) -> String {
    path.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

/// `problem.yaml` with where each of its keys is written, so a refusal
/// about a key names its line and column.
#[derive(Clone, Copy)]
pub(crate) struct ProblemYaml<'a> {
    pub(crate) value: &'a Value,
    pub(crate) text: &'a str,
}

impl ProblemYaml<'_> {
    /// `problem.yaml:line:col` of the key at `keys`.
    pub(crate) fn at(&self, keys: &[&str]) -> String {
        let (line, col) = crate::located::key(self.text, keys);
        format!("problem.yaml:{line}:{col}")
    }
}
