//! Problem folders: `problem.yaml`, the case files beside it, and the case
//! groups' settings.
//!
//! Loading is the first stage of every command (`judge-package`'s
//! `discover` finds the folders, in this layout or as packages). It only
//! reads the file system and never runs anything, so a broken problem
//! folder is reported precisely (file and line) while every healthy
//! problem is still usable.

mod fault;
pub mod groups;
pub mod hygiene;
pub mod kind;
mod layout;
pub mod legacy_grading;
pub mod recipe;
pub mod rules;
pub mod spec;
mod spec_file;
pub mod static_validation;
pub mod submissions;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

pub use fault::{ProblemError, read_settings};
pub(crate) use fault::{bad_key, parse_yaml};
pub use groups::{Aggregation, CaseSettings, GroupSpec, Groups, ValidatorArgs, VisualizerArgs};
pub use kind::Kind;
pub(crate) use layout::group_of;
pub use layout::{
    INVALID_DIR, INVALID_GROUP, INVALID_OUTPUT_GROUP, SAMPLE_GROUP, VALID_OUTPUT_GROUP, case_order,
    is_sample, is_validation_group,
};
pub use spec::{CheckerSpec, Interface, Limits, ProblemSpec, ScoringSpec};
pub use static_validation::{StaticCase, StaticValidation};

/// One test case: an input file and, normally, its expected output.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    /// Folder below `cases/`, with `/` separators ("" for top-level cases).
    pub group: String,
    /// File stem of the `.in` file.
    pub name: String,
    pub input: PathBuf,
    /// `<name>.out` beside the input; `None` when that file does not exist.
    pub answer: Option<PathBuf>,
    /// The group settings in force for this case.
    pub settings: CaseSettings,
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

    /// The case's `<name>.files` folder beside its input, if it has one:
    /// files copied into the working folder of the programs run on it
    /// (2025-09 `.files`; judge's own layout keeps it the same way).
    pub fn files(&self) -> Option<PathBuf> {
        Some(self.input.with_extension("files")).filter(|d| d.is_dir())
    }

    /// Where the expected output lives or would be created: its file (a
    /// package's `.ans`), else `<name>.out` beside the input.
    pub fn answer_path(&self) -> PathBuf {
        self.answer
            .clone()
            .unwrap_or_else(|| self.input.with_extension("out"))
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
    /// Every group's `group.yaml`.
    pub groups: Groups,
    /// `.out` files without an `.in`: kept so validation can flag them.
    pub orphan_answers: Vec<PathBuf>,
    /// Files in `cases/` that are neither `.in` nor `.out` (nor a
    /// `group.yaml`), and files in `invalid/` that are not `.in`.
    pub stray_files: Vec<PathBuf>,
    /// Inputs every validator must reject: `invalid/**/<name>.in`, one
    /// broken rule each (group [`INVALID_GROUP`], like the ICPC package's
    /// `data/invalid_input`). They prove the validators are not too lax.
    pub invalid_inputs: Vec<Case>,
    /// The rule each invalid input declares it breaks, by case id
    /// (`invalid_input/…`): a validator must reject it for that rule
    /// ([`rules`]).
    pub invalid_rules: BTreeMap<String, String>,
    /// Outputs the checker must accept or reject: a package's
    /// `data/valid_output` and `data/invalid_output`. They prove the
    /// output validator neither too strict nor too lax, as
    /// `invalid_inputs` do for the input validators.
    pub output_checks: Vec<OutputCheck>,
    /// Set for a package judged in place: its format, its time rule, what
    /// of it judge reads past.
    pub origin: Option<crate::origin::Origin>,
}

impl Problem {
    /// The in-crate reference solver, when the reference is one.
    pub fn solver(&self) -> Option<&'static dyn crate::solvers::Solver> {
        self.spec.solver.map(|s| s.get())
    }

    /// What the reference is, for reports: a solver id or a program path.
    pub fn reference_name(&self) -> String {
        match (&self.spec.solver, &self.spec.reference) {
            (Some(s), _) => s.id().to_string(),
            (None, Some(p)) => p.display().to_string(),
            (None, None) => String::new(),
        }
    }

    /// A path named in `problem.yaml`, made absolute.
    pub fn path(&self, relative: &Path) -> PathBuf {
        self.dir.join(relative)
    }
}

/// Everything found under a problems folder: usable problems and the errors
/// that kept other folders out (filled by `judge-package`'s `discover`).
#[derive(Debug, Clone, Default)]
pub struct Discovery {
    pub problems: Vec<Problem>,
    pub errors: Vec<(String, ProblemError)>,
}

/// Parses a `problem.yaml` text (and the rules serde cannot check);
/// `path` is only used in messages.
pub(crate) fn parse_spec(path: &Path, text: &str) -> Result<ProblemSpec, ProblemError> {
    let spec: ProblemSpec = parse_yaml(path, text)?;
    spec.check()
        .map_err(|e| bad_key(path, text, e.key(), e.to_string()))?;
    Ok(spec)
}

/// Loads one problem folder: `problem.yaml` (ids and paths checked while
/// parsing), the cases and the groups' settings.
pub fn load_problem(id: &str, dir: &Path) -> Result<Problem, ProblemError> {
    let spec_path = dir.join("problem.yaml");
    let text = read_settings(&spec_path)?;
    let spec = parse_spec(&spec_path, &text)?;
    for (key, path) in spec.paths() {
        if !dir.join(path).exists() {
            let reason = format!(
                "{key}: {} does not exist in the problem folder",
                path.display()
            );
            return Err(bad_key(&spec_path, &text, key, reason));
        }
    }
    let cases_dir = dir.join("cases");
    let groups = groups::read_groups(&cases_dir)?;
    let (mut cases, orphan_answers, mut stray_files) = find_cases(&cases_dir);
    for case in &mut cases {
        case.settings = groups.settings(&case.group);
    }
    let invalid_dir = dir.join(INVALID_DIR);
    let mut invalid_inputs = Vec::new();
    let mut invalid_rules = BTreeMap::new();
    if invalid_dir.is_dir() {
        let (found, outs, others) = find_cases(&invalid_dir);
        // Each input's name below invalid/ (as the recipe names it), to
        // its case id.
        let mut ids = BTreeMap::new();
        for mut case in found {
            case.group = match case.group.is_empty() {
                true => INVALID_GROUP.to_string(),
                false => format!("{INVALID_GROUP}/{}", case.group),
            };
            case.answer = None;
            ids.insert(rules::name_below(&invalid_dir, &case.input), case.id());
            invalid_inputs.push(case);
        }
        // A `.yaml` beside an input declares its rule; any other file
        // is stray.
        let (yamls, others): (Vec<PathBuf>, Vec<PathBuf>) = others.into_iter().partition(|f| {
            f.extension().is_some_and(|e| e == "yaml")
                && ids.contains_key(&rules::name_below(&invalid_dir, f))
        });
        invalid_rules = rules::declared(dir, &invalid_dir, &ids, &yamls)?;
        stray_files.extend(outs.into_iter().chain(others));
    }
    Ok(Problem {
        id: id.to_string(),
        dir: dir.to_path_buf(),
        spec,
        cases,
        groups,
        orphan_answers,
        stray_files,
        invalid_inputs,
        invalid_rules,
        output_checks: Vec::new(),
        origin: None,
    })
}

/// One test of the checker (ICPC `data/valid_output/tc.{in,ans,out}` or
/// `data/invalid_output/…`): `output` taken as a submission's output on
/// the case `case` (whose input must be valid), and whether the checker
/// must accept it. `case.group` is the folder below `data/`, and
/// `case.settings` carries the folder's (or `tc.yaml`'s) arguments. Any of
/// the three files may be missing: the check is kept so that `validate`
/// names the missing file instead of the case vanishing.
#[derive(Debug, Clone, PartialEq)]
pub struct OutputCheck {
    pub case: Case,
    pub output: PathBuf,
    pub must_accept: bool,
}

impl OutputCheck {
    /// The first of its three files that is missing, as a located message
    /// (`None` when they are all there).
    pub fn missing(&self) -> Option<String> {
        let answer = (self.case)
            .answer
            .clone()
            .unwrap_or_else(|| self.case.input.with_extension("ans"));
        let first = [&self.case.input, &answer, &self.output]
            .into_iter()
            .find(|f| !f.is_file())?;
        Some(format!(
            "{}: missing: a test of the output validator is {name}.in, {name}.ans and {name}.out",
            first.display(),
            name = self.case.name
        ))
    }
}

/// Pairs `<name>.in` with `<name>.out` anywhere below `cases_dir`.
fn find_cases(cases_dir: &Path) -> (Vec<Case>, Vec<PathBuf>, Vec<PathBuf>) {
    let mut cases = Vec::new();
    let mut orphans = Vec::new();
    let mut strays = Vec::new();
    // A case's `<name>.files` folder (files its program finds in its
    // working folder, as in a 2025-09 package) is part of that case.
    let walker = WalkDir::new(cases_dir)
        .sort_by_file_name()
        .follow_links(true)
        .into_iter()
        .filter_entry(|e| {
            let p = e.path();
            !(p.extension().is_some_and(|x| x == "files") && p.with_extension("in").is_file())
        });
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
        if !is_file || path.file_name().is_some_and(|n| n == groups::GROUP_FILE) {
            continue;
        }
        let ext = path.extension().and_then(|e| e.to_str());
        let group = path
            .parent()
            .map(|p| group_of(cases_dir, p))
            .unwrap_or_default();
        match ext {
            Some("in") => {
                // `.out` is judge's name for an answer; `.ans` (the ICPC
                // package's) is read too when there is no `.out`.
                let answer = [path.with_extension("out"), path.with_extension("ans")]
                    .into_iter()
                    .find(|a| a.is_file());
                cases.push(Case {
                    group,
                    name: stem(path),
                    answer,
                    input: path.to_path_buf(),
                    settings: CaseSettings::default(),
                });
            }
            Some("out" | "ans") if !path.with_extension("in").is_file() => {
                orphans.push(path.to_path_buf())
            }
            Some("out") => {}
            // Both answers beside one input: which one counts is unclear.
            Some("ans") if path.with_extension("out").is_file() => strays.push(path.to_path_buf()),
            Some("ans") => {}
            _ => strays.push(path.to_path_buf()),
        }
    }
    cases.sort_by(|a, b| case_order((&a.group, &a.name), (&b.group, &b.name)));
    (cases, orphans, strays)
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

impl Discovery {
    /// Keeps only the named problems (still sorted by id); names that match
    /// neither a problem nor a broken folder are returned as unknown.
    pub fn select(mut self, wanted: &[String]) -> Result<Discovery, Vec<String>> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_run_sample_first_then_every_group_by_name() {
        let dir = tempfile::tempdir().unwrap();
        for file in [
            "zeta/b.in",
            "alpha/x.in",
            "sample/2.in",
            "sample/1.in",
            "alpha/sub/a.in",
            "samples/a.in",
        ] {
            let path = dir.path().join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, "1\n").unwrap();
        }
        let (cases, _, _) = find_cases(dir.path());
        let ids: Vec<String> = cases.iter().map(Case::id).collect();
        assert_eq!(
            ids,
            [
                "sample/1",
                "sample/2",
                "alpha/sub/a",
                "alpha/x",
                "samples/a",
                "zeta/b"
            ]
        );
    }
}
