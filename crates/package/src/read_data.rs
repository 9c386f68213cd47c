//! Reading a package's `data/` folder: which files become cases and where,
//! and the group settings of every `testdata.yaml` / `test_group.yaml`
//! (inherited down the folders as the package format says). Apart from
//! `read`, which reads the package's metadata and programs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::Refusal;
use crate::key_check;
use crate::origin::Format;
use crate::plan::{Plan, name_of, rel, sorted_entries};
use crate::problem::{GroupSpec, INVALID_OUTPUT_GROUP, Kind, VALID_OUTPUT_GROUP};
use crate::spec_keys::File;
use crate::testdata::{self, Config};

/// A settings file's text, or `None` with the reason refused in `plan`.
fn settings_text(pkg: &Path, file: &Path, plan: &mut Plan) -> Option<String> {
    match crate::located::read(file) {
        // 2025-09: constants are substituted in test_group.yaml before
        // it is read.
        Ok(Ok(text)) => Some(plan.environment.constants.substitute(&text).unwrap_or(text)),
        Ok(Err(e)) => {
            plan.refused.push(Refusal::unreadable(&rel(pkg, file), &e));
            None
        }
        Err(e) => {
            plan.refused.push(Refusal::Unreadable {
                at: rel(pkg, file),
                reason: format!("cannot read: {e}"),
            });
            None
        }
    }
}

/// What the group settings say of the whole problem: whether the legacy
/// grader ignores the samples, and a legacy scoring package's grading of
/// `data/` itself (judge's root is `data/secret`).
pub(crate) struct Top {
    pub ignore_sample: bool,
    pub legacy: Option<crate::problem::groups::LegacyGrading>,
}

/// Group settings from every `testdata.yaml` / `test_group.yaml`.
pub(crate) fn group_settings(pkg: &Path, format: Format, scoring: bool, plan: &mut Plan) -> Top {
    let data = plan.data_dir(pkg);
    crate::data_groups::read(pkg, &data, format, plan);
    let mut d = DataReader {
        pkg,
        format,
        data,
        plan,
    };
    let (mut own, folders) = d.own_settings();
    if scoring && format == Format::V2025 {
        secret_defaults(&mut own);
    }
    let ignore_sample = own.get("").is_some_and(|c| c.ignore_sample);
    let legacy_scoring = scoring && format == Format::Legacy;
    let effective = testdata::effective(&own, &folders);
    let top = Top {
        ignore_sample,
        legacy: legacy_scoring
            .then(|| testdata::legacy(&effective.get("").cloned().unwrap_or_default())),
    };
    if legacy_scoring && effective.values().any(|c| c.custom == Some(true)) {
        crate::graders::require(pkg, d.plan);
    }
    let secret = effective.get("secret").cloned().unwrap_or_default();
    for (folder, config) in effective {
        if VALIDATION.iter().any(|d| Path::new(&folder).starts_with(d)) {
            d.validation_settings(folder, &config);
        } else {
            d.group(folder, &config, scoring, &secret);
        }
    }
    top
}

/// 2025-09: `secret` is worth 100 and sums its items unless it says
/// otherwise; its groups are pass-fail unless they say otherwise.
fn secret_defaults(own: &mut BTreeMap<String, Config>) {
    let secret = own.entry("secret".into()).or_default();
    if !secret.unbounded {
        secret.score.get_or_insert(100.0);
    }
    secret
        .aggregation
        .get_or_insert(crate::problem::Aggregation::Sum);
}

/// What reading `data/` needs at every step: the package, its format,
/// the `data/` folder read (the package's own, or the one generated from
/// its recipe) and the plan they fill in.
struct DataReader<'a> {
    pkg: &'a Path,
    format: Format,
    data: PathBuf,
    plan: &'a mut Plan,
}

impl DataReader<'_> {
    /// Every folder of `data/` (relative to it, `""` for `data/` itself),
    /// and the settings each one's own file gives.
    fn own_settings(&mut self) -> (BTreeMap<String, Config>, Vec<String>) {
        let (pkg, format) = (self.pkg, self.format);
        let mut own: BTreeMap<String, Config> = BTreeMap::new();
        let mut folders = Vec::new();
        for entry in walkdir::WalkDir::new(&self.data)
            .follow_links(true)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| !crate::data_groups::is_case_files(e.path()))
        {
            let Ok(entry) = entry else { continue };
            if !entry.file_type().is_dir() {
                continue;
            }
            let folder = rel(&self.data, entry.path());
            let folder = if folder.is_empty() {
                String::new()
            } else {
                folder
            };
            folders.push(folder.clone());
            if let Some(file) = testdata::settings_file(entry.path(), format) {
                let Some(text) = settings_text(pkg, &file, self.plan) else {
                    continue;
                };
                let shown = rel(pkg, &file);
                key_check::check_text(&shown, &text, File::TestGroup, format).apply(
                    File::TestGroup,
                    format,
                    self.plan,
                    false,
                );
                let read = testdata::read(&shown, &text, format);
                self.plan.refused.extend(read.refused);
                self.plan.ignored.extend(read.ignored);
                own.insert(folder, read.config);
            }
        }
        (own, folders)
    }

    /// Validation data is no case group of ours, but its arguments are
    /// the package's all the same.
    fn validation_settings(&mut self, folder: String, config: &Config) {
        let spec = testdata::group_spec(config, false, self.format);
        let settings = crate::problem::CaseSettings {
            checker_args: spec.checker_args.unwrap_or_default(),
            validator_args: spec.validator_args.unwrap_or_default(),
            ..Default::default()
        };
        self.plan.validation_settings.insert(folder, settings);
    }

    /// The `group.yaml` of the group of ours that `folder` becomes, if
    /// it becomes one and says anything.
    fn group(&mut self, folder: String, config: &Config, scoring: bool, secret: &Config) {
        let Some(group) = crate::group_of(Path::new(&folder)) else {
            return;
        };
        // A plain folder's cases are its group's, under its settings.
        if self.plan.plain_folders.contains(&folder) {
            return;
        }
        let mut spec = testdata::group_spec(config, scoring, self.format);
        if folder == "sample" {
            shield(&mut spec, &testdata::group_spec(secret, false, self.format));
        }
        // `secret` itself becomes our root, whose score is its groups'
        // (added up, or the least) unless it holds cases directly; a
        // pass-fail secret is worth its max_score, all or nothing.
        if folder == "secret"
            && has_groups(&self.data.join("secret"), &self.plan.plain_folders)
            && spec.aggregation != Some(crate::problem::Aggregation::PassFail)
        {
            spec.score = None;
        }
        if spec != GroupSpec::default() {
            self.plan.groups.insert(group, spec);
        }
    }
}

/// judge's sample is a group below its root, which is `data/secret`:
/// the arguments `secret` gives its own cases (`secret_spec`) must not
/// reach the sample's, so the sample says "none" for each it leaves out.
fn shield(sample: &mut GroupSpec, secret_spec: &GroupSpec) {
    if sample.validator_args.is_none() && secret_spec.validator_args.is_some() {
        sample.validator_args = Some(crate::problem::ValidatorArgs::default());
    }
    for (mine, theirs) in [
        (&mut sample.checker_args, &secret_spec.checker_args),
        (&mut sample.args, &secret_spec.args),
        (
            &mut sample.visualizer_args.input,
            &secret_spec.visualizer_args.input,
        ),
        (
            &mut sample.visualizer_args.output,
            &secret_spec.visualizer_args.output,
        ),
    ] {
        if mine.is_none() && theirs.is_some() {
            *mine = Some(Vec::new());
        }
    }
}

/// Whether the `data/secret` folder `dir` holds groups: any subfolder
/// but the plain ones (2025-09 folders without `test_group.yaml`).
fn has_groups(dir: &Path, plain: &std::collections::BTreeSet<String>) -> bool {
    sorted_entries(dir)
        .iter()
        .any(|p| p.is_dir() && !plain.contains(&format!("secret/{}", name_of(p))))
}

/// `data/` folders of inputs every input validator must reject.
const INVALID_INPUT: &str = "invalid_input";
/// `data/` folders that test the output validator (2023-07 and later).
const OUTPUT_CHECKS: [&str; 2] = [VALID_OUTPUT_GROUP, INVALID_OUTPUT_GROUP];
use crate::read_checks::INVALID_ANSWER;
/// Every `data/` folder of validation data: tests of the validators, not
/// cases.
const VALIDATION: [&str; 4] = [
    INVALID_INPUT,
    VALID_OUTPUT_GROUP,
    INVALID_OUTPUT_GROUP,
    INVALID_ANSWER,
];

/// Every case of `data/sample` and `data/secret`, the inputs of
/// `data/invalid_input` and (unless the problem is `interactive`, where
/// the format says they do not apply) the tests of the output validator;
/// other files listed. `renamed`: the data folders of a judge export whose
/// groups judge named otherwise.
pub(crate) fn cases(
    pkg: &Path,
    format: Format,
    renamed: &BTreeMap<String, String>,
    kind: Kind,
    plan: &mut Plan,
) {
    // The format says the output validator's tests do not apply where
    // there is no output to validate.
    let output_checks = match kind {
        Kind::Interactive | Kind::InteractiveMultiPass { .. } => false,
        Kind::Plain | Kind::MultiPass { .. } | Kind::SubmitAnswer => true,
    };
    let data = plan.data_dir(pkg);
    if !data.is_dir() {
        plan.refused.push(Refusal::Missing {
            at: "data/".into(),
            what: "missing".into(),
        });
        return;
    }
    // Generated data (plan.data) needs no recipe's excuse.
    let generated = plan.data.is_none() && pkg.join("generators/generators.yaml").is_file();
    let mut d = DataReader {
        pkg,
        format,
        data,
        plan,
    };
    // A case's `.files` folder is read whole (`case_files`), never as
    // cases and files of its own.
    let in_case_files = |e: &walkdir::DirEntry| {
        e.path()
            .parent()
            .is_some_and(crate::data_groups::is_case_files)
    };
    for entry in walkdir::WalkDir::new(&d.data)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| !in_case_files(e))
    {
        let Ok(entry) = entry else { continue };
        d.entry(&entry, renamed, output_checks);
    }
    // A 2025-09 rule: older packages' answer files for a custom validator
    // often hold what it needs, not an output.
    if kind == Kind::Plain && format == Format::V2025 {
        crate::read_checks::sample_checks(pkg, d.plan);
    }
    if output_checks {
        crate::read_checks::output_checks(pkg, format, d.plan);
    }
    d.refuse_without_cases(generated);
}

impl DataReader<'_> {
    /// One file or folder below `data/`: a case's file, an invalid input,
    /// validation data, or something listed as no case.
    fn entry(
        &mut self,
        entry: &walkdir::DirEntry,
        renamed: &BTreeMap<String, String>,
        output_checks: bool,
    ) {
        let path = entry.path();
        let inside = path.strip_prefix(&self.data).unwrap_or(path);
        if entry.depth() <= 1 {
            if entry.depth() == 1 {
                self.top_entry(path, output_checks);
            }
            return;
        }
        if let Ok(rest) = inside.strip_prefix(INVALID_INPUT) {
            self.invalid_input(entry, rest);
            return;
        }
        if OUTPUT_CHECKS.iter().any(|d| inside.starts_with(d)) || inside.starts_with(INVALID_ANSWER)
        {
            return;
        }
        let Some(group) = path
            .parent()
            .and_then(|p| p.strip_prefix(&self.data).ok())
            .and_then(|folder| crate::group_in(folder, renamed))
        else {
            return;
        };
        if entry.file_type().is_dir() {
            self.case_files(path, &group);
            return;
        }
        self.case_file(path, inside, &group);
    }

    /// An entry of `data/` itself: validation data judge's own layout has
    /// no place for, or (beside the known ones) no sample or secret data.
    fn top_entry(&mut self, path: &Path, output_checks: bool) {
        let pkg = self.pkg;
        let name = name_of(path);
        let known = [
            "sample",
            "secret",
            "testdata.yaml",
            "test_group.yaml",
            INVALID_INPUT,
        ];
        if name == INVALID_ANSWER {
            let why = "answers the answer validators must reject: run by `validate` when the package is judged in place; judge's own layout has no place for them";
            self.plan.in_place_only.push((rel(pkg, path), why.into()));
        } else if OUTPUT_CHECKS.contains(&name.as_str()) {
            let at = rel(pkg, path);
            if !output_checks {
                let why = "tests of the output validator: they do not apply to interactive problems (the package format says so)";
                self.plan.unchecked.push(format!("{at}/: {why}; not run"));
                self.plan.skipped.push((at, why.into()));
            } else {
                let why = "tests of the output validator: run by `validate` when the package is judged in place; judge's own layout has no place for them";
                self.plan.in_place_only.push((at, why.into()));
            }
        } else if !known.contains(&name.as_str()) {
            (self.plan.skipped).push((rel(pkg, path), "not sample or secret data".into()));
        }
    }

    /// Inputs every input validator must reject: judge's invalid/. An
    /// input's own .yaml goes with it: it may declare the rule the input
    /// breaks.
    fn invalid_input(&mut self, entry: &walkdir::DirEntry, rest: &Path) {
        let path = entry.path();
        let own_yaml =
            path.extension().is_some_and(|e| e == "yaml") && path.with_extension("in").is_file();
        if own_yaml && self.format != Format::Legacy {
            self.case_settings(path);
        } else if own_yaml && let Ok(Ok(text)) = crate::located::read(path) {
            self.check_case_keys(path, &text);
        }
        if entry.file_type().is_file() && (own_yaml || path.extension().is_some_and(|e| e == "in"))
        {
            self.plan.copies.push((
                path.to_path_buf(),
                PathBuf::from(crate::problem::INVALID_DIR).join(rest),
            ));
        } else if entry.file_type().is_file() {
            self.plan.skipped.push((
                rel(self.pkg, path),
                "beside an invalid input (only the .in is checked)".into(),
            ));
        }
    }

    /// A file of group `group` (`inside`: its path below `data/`): a
    /// case's input or answer, a case's own settings, or no case file.
    fn case_file(&mut self, path: &Path, inside: &Path, group: &str) {
        let name = name_of(path);
        let stem = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        match path.extension().and_then(|e| e.to_str()) {
            Some("in") => self.case(path, group, &stem),
            Some("ans") if path.with_extension("in").is_file() => {}
            // An answer whose input is gone (a snapshot that lost its
            // large files, a rename half done): named, never dropped
            // silently.
            Some("ans") if !name.starts_with('.') => {
                let at = rel(self.pkg, path);
                let why = format!("{stem}.in is missing: this case is not judged");
                (self.plan.notes)
                    .push(format!("warning: {at}: an answer without its input: {why}"));
                self.plan.skipped.push((at, why));
            }
            Some("yaml") if name == "testdata.yaml" || name == "test_group.yaml" => {}
            Some("yaml") if self.format != Format::Legacy => self.case_settings(path),
            ext => (self.plan.skipped).push((rel(self.pkg, path), not_a_case(&name, ext, inside))),
        }
    }

    /// The case whose input is `path`, in group `group`: its input and
    /// answer copied (`.ans` becomes `.out`).
    fn case(&mut self, path: &Path, group: &str, stem: &str) {
        let folder = PathBuf::from("cases").join(
            group
                .split('/')
                .filter(|g| !g.is_empty())
                .collect::<PathBuf>(),
        );
        (self.plan.copies).push((path.to_path_buf(), folder.join(format!("{stem}.in"))));
        let answer = path.with_extension("ans");
        if answer.is_file() {
            (self.plan.copies).push((answer, folder.join(format!("{stem}.out"))));
        } else {
            self.plan.refused.push(Refusal::Missing {
                at: rel(self.pkg, path),
                what: "no .ans beside it".into(),
            });
        }
        self.plan.cases += 1;
    }

    /// A case's `.files` folder (2025-09: files the submission finds in
    /// its working folder): copied beside the case's input, where judge's
    /// own layout keeps it too; a folder named so beside no input is no
    /// case's.
    fn case_files(&mut self, path: &Path, group: &str) {
        if path.extension().is_none_or(|e| e != "files") || !path.with_extension("in").is_file() {
            return;
        }
        let folder = PathBuf::from("cases").join(
            group
                .split('/')
                .filter(|g| !g.is_empty())
                .collect::<PathBuf>(),
        );
        (self.plan.copies).push((path.to_path_buf(), folder.join(name_of(path))));
    }

    /// The keys of a case's own `.yaml`, each known to its format.
    fn check_case_keys(&mut self, path: &Path, text: &str) {
        let shown = rel(self.pkg, path);
        key_check::check_text(&shown, text, File::Case, self.format).apply(
            File::Case,
            self.format,
            self.plan,
            false,
        );
    }

    /// A case's own settings file (`<case>.yaml`): read for its faults,
    /// and its arguments kept for the case (over its group's).
    fn case_settings(&mut self, path: &Path) {
        let pkg = self.pkg;
        let Some(text) = settings_text(pkg, path, self.plan) else {
            return;
        };
        self.check_case_keys(path, &text);
        let read = testdata::read(&rel(pkg, path), &text, self.format);
        let own = testdata::group_spec(&read.config, false, self.format);
        if own != crate::problem::GroupSpec::default() {
            let input = path.with_extension("in");
            self.plan.case_settings.insert(input, own);
        }
        self.plan.refused.extend(read.refused);
    }

    /// Refuses a `data/` that gives judge no secret case to judge, saying
    /// why: a script that was never run, a recipe not yet generated or
    /// that makes none, or simply no case.
    fn refuse_without_cases(&mut self, generated: bool) {
        let (pkg, data) = (self.pkg, &self.data);
        let script = data.join("generator.sh");
        if !generated && script.is_file() && !has_secret_input(data) {
            self.plan.refused.push(Refusal::GeneratedByScript {
                script: rel(pkg, &script),
            });
            return;
        }
        if self.plan.cases == 0 || (generated && !has_secret_input(data)) {
            let why = if generated && crate::generators::is_stale(pkg) {
                Refusal::NotGenerated
            } else if generated {
                // Nothing to generate: the recipe itself makes no secret case.
                Refusal::RecipeMakesNoCases
            } else {
                Refusal::NoCases
            };
            self.plan.refused.push(why);
        }
    }
}

/// Why a file under `data/sample` or `data/secret` that is no case file
/// is skipped: contest archives keep pictures, notes and statement
/// variants beside their cases.
fn not_a_case(name: &str, ext: Option<&str>, inside: &Path) -> String {
    if name.starts_with('.') {
        return "a hidden file (the format ignores names starting with a dot)".into();
    }
    match ext {
        Some("interaction") => "a sample interaction for the statement".into(),
        Some("hint" | "desc" | "md" | "txt" | "pdf" | "tex") => {
            "notes for judges and contestants, not test data".into()
        }
        Some("png" | "jpg" | "jpeg" | "svg" | "gif") => "an illustration of the case".into(),
        Some("out") => "a sample output for the statement; cases are judged against .ans".into(),
        Some("statement" | "download") => "a sample as the statement or download shows it".into(),
        _ => format!("not a case file ({})", inside.display()),
    }
}

fn has_secret_input(data: &Path) -> bool {
    walkdir::WalkDir::new(data.join("secret"))
        .follow_links(true)
        .into_iter()
        .flatten()
        .any(|e| e.path().extension().is_some_and(|x| x == "in"))
}

#[cfg(test)]
mod tests {
    use crate::Refusal;

    /// A legacy package holding `files`, read.
    fn read_package(files: &[(&str, &str)]) -> Vec<Refusal> {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let p = dir.path().join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        crate::read::read(dir.path(), "name: x\n").refused
    }

    #[test]
    fn samples_with_a_testdata_tools_script_and_no_secret_data_are_refused_by_name() {
        let script = ("data/generator.sh", ". ../../gen.sh\n");
        let sample = [("data/sample/1.in", "1\n"), ("data/sample/1.ans", "1\n")];
        let refused = read_package(&[script, sample[0], sample[1]]);
        let by_script = Refusal::GeneratedByScript {
            script: "data/generator.sh".into(),
        };
        assert!(refused.contains(&by_script), "{refused:?}");
        assert!(by_script.to_string().contains("judge does not run it"));
        // Once generated, the secret data is read as any other.
        let secret = [("data/secret/1.in", "1\n"), ("data/secret/1.ans", "1\n")];
        let refused = read_package(&[script, sample[0], sample[1], secret[0], secret[1]]);
        assert!(
            !refused
                .iter()
                .any(|r| matches!(r, Refusal::GeneratedByScript { .. })),
            "{refused:?}"
        );
    }
}
