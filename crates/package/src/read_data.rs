//! Reading a package's `data/` folder: which files become cases and where,
//! and the group settings of every `testdata.yaml` / `test_group.yaml`
//! (inherited down the folders as the package format says). Apart from
//! `read`, which reads the package's metadata and programs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::Refusal;
use crate::origin::Format;
use crate::plan::{Plan, name_of, rel, sorted_entries};
use crate::problem::{GroupSpec, INVALID_OUTPUT_GROUP, Kind, VALID_OUTPUT_GROUP};
use crate::testdata::{self, Config};

/// A settings file's text, or `None` with the reason refused in `plan`.
fn settings_text(pkg: &Path, file: &Path, plan: &mut Plan) -> Option<String> {
    match crate::located::read(file) {
        Ok(Ok(text)) => Some(text),
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
pub(crate) fn group_settings(
    pkg: &Path,
    format: Format,
    scoring: bool,
    validators: usize,
    plan: &mut Plan,
) -> Top {
    let data = plan.data_dir(pkg);
    let mut own: BTreeMap<String, Config> = BTreeMap::new();
    let mut folders = Vec::new();
    for entry in walkdir::WalkDir::new(&data)
        .follow_links(true)
        .sort_by_file_name()
    {
        let Ok(entry) = entry else { continue };
        if !entry.file_type().is_dir() {
            continue;
        }
        let folder = rel(&data, entry.path());
        let folder = if folder.is_empty() {
            String::new()
        } else {
            folder
        };
        folders.push(folder.clone());
        if let Some(file) = testdata::settings_file(entry.path(), format) {
            let Some(text) = settings_text(pkg, &file, plan) else {
                continue;
            };
            let read = testdata::read(&rel(pkg, &file), &text, format, validators);
            plan.refused.extend(read.refused);
            plan.ignored.extend(read.ignored);
            own.insert(folder, read.config);
        }
    }
    // 2025-09: `secret` is worth 100 and sums its items unless it says
    // otherwise; its groups are pass-fail unless they say otherwise.
    if scoring && format == Format::V2025 {
        let secret = own.entry("secret".into()).or_default();
        secret.score.get_or_insert(100.0);
        secret
            .aggregation
            .get_or_insert(crate::problem::Aggregation::Sum);
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
        crate::graders::require(pkg, plan);
    }
    for (folder, config) in effective {
        // Validation data is no case group of ours, but its arguments
        // are the package's all the same.
        if VALIDATION.iter().any(|d| Path::new(&folder).starts_with(d)) {
            let spec = testdata::group_spec(&config, false, format);
            let settings = crate::problem::CaseSettings {
                checker_args: spec.checker_args.unwrap_or_default(),
                validator_args: spec.validator_args.unwrap_or_default(),
                ..Default::default()
            };
            plan.validation_settings.insert(folder, settings);
            continue;
        }
        let Some(group) = crate::group_of(Path::new(&folder)) else {
            continue;
        };
        let mut spec = testdata::group_spec(&config, scoring, format);
        // `secret` itself becomes our root, whose score is its groups'
        // (added up, or the least) unless it holds cases directly; a
        // pass-fail secret is worth its max_score, all or nothing.
        if folder == "secret"
            && has_subfolders(&data.join("secret"))
            && spec.aggregation != Some(crate::problem::Aggregation::PassFail)
        {
            spec.score = None;
        }
        if spec != GroupSpec::default() {
            plan.groups.insert(group, spec);
        }
    }
    top
}

fn has_subfolders(dir: &Path) -> bool {
    sorted_entries(dir).iter().any(|p| p.is_dir())
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
        Kind::Interactive => false,
        Kind::Plain | Kind::MultiPass { .. } => true,
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
    for entry in walkdir::WalkDir::new(&data)
        .follow_links(true)
        .sort_by_file_name()
    {
        let Ok(entry) = entry else { continue };
        let path = entry.path();
        let inside = path.strip_prefix(&data).unwrap_or(path);
        if entry.depth() <= 1 {
            let name = name_of(path);
            let known = [
                "sample",
                "secret",
                "testdata.yaml",
                "test_group.yaml",
                INVALID_INPUT,
            ];
            if entry.depth() == 1 && name == INVALID_ANSWER {
                let why = "answers the answer validators must reject: run by `validate` when the package is judged in place; judge's own layout has no place for them";
                plan.in_place_only.push((rel(pkg, path), why.into()));
            } else if entry.depth() == 1 && OUTPUT_CHECKS.contains(&name.as_str()) {
                let at = rel(pkg, path);
                if !output_checks {
                    let why = "tests of the output validator: they do not apply to interactive problems (the package format says so)";
                    plan.unchecked.push(format!("{at}/: {why}; not run"));
                    plan.skipped.push((at, why.into()));
                } else {
                    let why = "tests of the output validator: run by `validate` when the package is judged in place; judge's own layout has no place for them";
                    plan.in_place_only.push((at, why.into()));
                }
            } else if entry.depth() == 1 && !known.contains(&name.as_str()) {
                plan.skipped
                    .push((rel(pkg, path), "not sample or secret data".into()));
            }
            continue;
        }
        if let Ok(rest) = inside.strip_prefix(INVALID_INPUT) {
            // Inputs every input validator must reject: judge's invalid/.
            // An input's own .yaml goes with it: it may declare the rule
            // the input breaks.
            let own_yaml = path.extension().is_some_and(|e| e == "yaml")
                && path.with_extension("in").is_file();
            if entry.file_type().is_file()
                && (own_yaml || path.extension().is_some_and(|e| e == "in"))
            {
                plan.copies.push((
                    path.to_path_buf(),
                    PathBuf::from(crate::problem::INVALID_DIR).join(rest),
                ));
            } else if entry.file_type().is_file() {
                plan.skipped.push((
                    rel(pkg, path),
                    "beside an invalid input (only the .in is checked)".into(),
                ));
            }
            continue;
        }
        if OUTPUT_CHECKS.iter().any(|d| inside.starts_with(d)) || inside.starts_with(INVALID_ANSWER)
        {
            continue;
        }
        let Some(group) = path
            .parent()
            .and_then(|p| p.strip_prefix(&data).ok())
            .and_then(|folder| crate::group_in(folder, renamed))
        else {
            continue;
        };
        if entry.file_type().is_dir() {
            if path.extension().is_some_and(|e| e == "files") {
                plan.refused.push(Refusal::Unsupported {
                    at: rel(pkg, path),
                    what: "files for submissions are not supported".into(),
                });
            }
            continue;
        }
        let name = name_of(path);
        let stem = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let folder = PathBuf::from("cases").join(
            group
                .split('/')
                .filter(|g| !g.is_empty())
                .collect::<PathBuf>(),
        );
        match path.extension().and_then(|e| e.to_str()) {
            Some("in") => {
                plan.copies
                    .push((path.to_path_buf(), folder.join(format!("{stem}.in"))));
                let answer = path.with_extension("ans");
                if answer.is_file() {
                    plan.copies
                        .push((answer, folder.join(format!("{stem}.out"))));
                } else {
                    plan.refused.push(Refusal::Missing {
                        at: rel(pkg, path),
                        what: "no .ans beside it".into(),
                    });
                }
                plan.cases += 1;
            }
            Some("ans") if path.with_extension("in").is_file() => {}
            // An answer whose input is gone (a snapshot that lost its
            // large files, a rename half done): named, never dropped
            // silently.
            Some("ans") if !name.starts_with('.') => {
                let at = rel(pkg, path);
                let why = format!("{stem}.in is missing: this case is not judged");
                plan.notes
                    .push(format!("warning: {at}: an answer without its input: {why}"));
                plan.skipped.push((at, why));
            }
            Some("yaml") if name == "testdata.yaml" || name == "test_group.yaml" => {}
            Some("yaml") if format != Format::Legacy => {
                let Some(text) = settings_text(pkg, path, plan) else {
                    continue;
                };
                let read = testdata::read(&rel(pkg, path), &text, format, 1);
                if read.config.output_args.is_some() || read.config.input_args.is_some() {
                    plan.refused.push(Refusal::Unsupported {
                        at: rel(pkg, path),
                        what: "per-case arguments are not supported".into(),
                    });
                }
                plan.refused.extend(read.refused);
            }
            ext => plan
                .skipped
                .push((rel(pkg, path), not_a_case(&name, ext, inside))),
        }
    }
    if output_checks {
        crate::read_checks::output_checks(pkg, format, plan);
    }
    let script = data.join("generator.sh");
    if !generated && script.is_file() && !has_secret_input(&data) {
        plan.refused.push(Refusal::GeneratedByScript {
            script: rel(pkg, &script),
        });
        return;
    }
    if plan.cases == 0 || (generated && !has_secret_input(&data)) {
        let why = if generated && crate::generators::is_stale(pkg) {
            Refusal::NotGenerated
        } else if generated {
            // Nothing to generate: the recipe itself makes no secret case.
            Refusal::RecipeMakesNoCases
        } else {
            Refusal::NoCases
        };
        plan.refused.push(why);
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
