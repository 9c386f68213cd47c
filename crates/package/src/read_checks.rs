//! Reading a package's tests of its output validator: `data/valid_output`
//! and `data/invalid_output` (2023-07 and later; read in any format, as
//! the peers do). Each test is `tc.in` (a valid input), `tc.ans` and
//! `tc.out`, the output the validator must accept or reject; `tc.yaml`
//! may give that test its own validator arguments.
//!
//! A test with one of its files missing is kept, so `validate` names the
//! missing file as a failed test instead of the test quietly vanishing.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::Refusal;
use crate::origin::{AnswerTest, Format};
use crate::plan::{Plan, name_of, rel};
use crate::problem::{Case, INVALID_OUTPUT_GROUP, OutputCheck, VALID_OUTPUT_GROUP, case_order};
use crate::testdata;
use crate::validator_dirs::{self, Kind};

/// The files of one test of the output validator.
const PARTS: [&str; 3] = ["in", "ans", "out"];

/// Every test under `data/valid_output` and `data/invalid_output`, into
/// `plan.output_checks`; other files there are listed as skipped.
pub(crate) fn output_checks(pkg: &Path, format: Format, plan: &mut Plan) {
    let data = plan.data_dir(pkg);
    for (top, must_accept) in [(VALID_OUTPUT_GROUP, true), (INVALID_OUTPUT_GROUP, false)] {
        // (folder relative to data/, stem): one test each.
        let mut tests: BTreeSet<(String, String)> = BTreeSet::new();
        for entry in walkdir::WalkDir::new(data.join(top))
            .follow_links(true)
            .sort_by_file_name()
        {
            let Ok(entry) = entry else { continue };
            let path = entry.path();
            if !entry.file_type().is_file() {
                continue;
            }
            let name = name_of(path);
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            let folder = path
                .parent()
                .map(|p| rel(&data, p))
                .unwrap_or_default()
                .replace('\\', "/");
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            match ext {
                _ if PARTS.contains(&ext) => {
                    tests.insert((folder, stem));
                }
                "yaml" if name == "testdata.yaml" || name == "test_group.yaml" => {}
                // Read with its test, below.
                "yaml" if format != Format::Legacy => {}
                _ => plan.skipped.push((
                    rel(pkg, path),
                    match ext {
                        "desc" | "hint" | "png" | "jpg" | "jpeg" | "svg" => {
                            "notes for judges".into()
                        }
                        _ => format!(
                            "not part of a test of the output validator (a test is {PARTS:?})"
                        ),
                    },
                )),
            }
        }
        for (folder, stem) in tests {
            let check = one(pkg, format, &folder, &stem, must_accept, plan);
            plan.output_checks.push(check);
        }
    }
    plan.output_checks
        .sort_by(|a, b| case_order((&a.case.group, &a.case.name), (&b.case.group, &b.case.name)));
}

/// The samples' shown answers as tests the output validator must accept
/// (2025-09, "Validation of shared test case files"; for problems that
/// are neither interactive nor multi-pass): each sample's `.out` when it
/// has one, else its `.ans` unless the statement shows something else
/// (`.ans.statement`, `.ans.download`, `.interaction`). Filed under
/// `valid_output`, named after the sample's file (`sample/1.out`), so a
/// rejection names the file it is about.
pub(crate) fn sample_checks(pkg: &Path, plan: &mut Plan) {
    let data = plan.data_dir(pkg);
    let sample = data.join(crate::problem::SAMPLE_GROUP);
    let groups = crate::problem::Groups {
        specs: plan.groups.clone(),
    };
    for entry in walkdir::WalkDir::new(&sample)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .flatten()
    {
        let input = entry.path();
        if !entry.file_type().is_file() || input.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let beside = |ext: &str| input.with_extension(ext);
        let shown = if beside("out").is_file() {
            beside("out")
        } else if ["ans.statement", "ans.download", "interaction"]
            .iter()
            .any(|e| beside(e).is_file())
        {
            continue;
        } else {
            beside("ans")
        };
        let mut settings = groups.settings(crate::problem::SAMPLE_GROUP);
        if let Some(own) = plan.case_settings.get(input) {
            settings.apply(own);
        }
        plan.output_checks.push(OutputCheck {
            case: Case {
                group: VALID_OUTPUT_GROUP.to_string(),
                name: rel(&data, &shown).replace('\\', "/"),
                input: input.to_path_buf(),
                answer: Some(beside("ans")).filter(|a| a.is_file()),
                settings,
            },
            output: shown,
            must_accept: true,
        });
    }
}

/// The package's answer validators, in either spelling of their folder,
/// into `plan.answer_validators`; and the answers of
/// `data/invalid_answer` they must reject. Each is invoked as BAPCtools
/// does, `validator input_file < answer_file`, exit 42 accepting.
/// Checktestdata and VIVA answer validators need their tools: named as
/// not run, never passed over silently.
pub(crate) fn answer_validators(pkg: &Path, format: Format, plan: &mut Plan) {
    let dir = validator_dirs::find(pkg, format, Kind::Answer, plan);
    if let Some(d) = &dir {
        plan.in_place_only.push((
            format!("{}/", rel(pkg, d)),
            "answer validators: run by `validate` when the package is judged in place; judge's own layout has no place for them".into(),
        ));
    }
    for v in dir.iter().flat_map(|d| validator_dirs::programs(d)) {
        let ext = v.extension().and_then(|e| e.to_str()).unwrap_or("");
        if matches!(ext, "ctd" | "viva") {
            let why = format!("a .{ext} answer validator needs its tool, which judge does not run");
            plan.unchecked.push(format!("{}: {why}", rel(pkg, &v)));
            plan.skipped.push((rel(pkg, &v), why));
            continue;
        }
        plan.answer_validators.push(PathBuf::from(rel(pkg, &v)));
    }
    let data = plan.data_dir(pkg);
    let invalid = data.join(INVALID_ANSWER);
    for entry in walkdir::WalkDir::new(&invalid)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .flatten()
    {
        let path = entry.path();
        if !entry.file_type().is_file() || path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let folder = path
            .parent()
            .map(|p| rel(&data, p))
            .unwrap_or_default()
            .replace('\\', "/");
        let answer = path.with_extension("ans");
        plan.invalid_answers.push(AnswerTest {
            group: folder,
            name: path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
            input: path.to_path_buf(),
            answer: answer.is_file().then_some(answer),
        });
    }
    if !plan.invalid_answers.is_empty() && plan.answer_validators.is_empty() {
        plan.unchecked.push(format!(
            "data/{INVALID_ANSWER}/: {} answers the answer validators must reject, but the package has no answer validator judge runs",
            plan.invalid_answers.len()
        ));
    }
}

/// `data/` folder of answers the answer validators must reject.
pub(crate) const INVALID_ANSWER: &str = "invalid_answer";

/// The test `stem` of `folder` (relative to `data/`), with the folder's
/// settings and its own `stem.yaml`'s on top.
fn one(
    pkg: &Path,
    format: Format,
    folder: &str,
    stem: &str,
    must_accept: bool,
    plan: &mut Plan,
) -> OutputCheck {
    let dir = plan.data_dir(pkg).join(folder);
    let file = |ext: &str| dir.join(format!("{stem}.{ext}"));
    let mut settings = plan
        .validation_settings
        .get(folder)
        .cloned()
        .unwrap_or_default();
    let own = file("yaml");
    if format != Format::Legacy && own.is_file() {
        match crate::located::read(&own) {
            Ok(Ok(text)) => {
                let read = testdata::read(&rel(pkg, &own), &text, format);
                plan.refused.extend(read.refused);
                plan.ignored.extend(read.ignored);
                if let Some(args) = read.config.output_args {
                    settings.checker_args = args;
                }
                if let Some(args) = read.config.input_args {
                    settings.validator_args = args;
                }
            }
            Ok(Err(e)) => plan.refused.push(Refusal::unreadable(&rel(pkg, &own), &e)),
            Err(e) => plan.refused.push(Refusal::Unreadable {
                at: rel(pkg, &own),
                reason: format!("cannot read: {e}"),
            }),
        }
    }
    OutputCheck {
        case: Case {
            group: folder.to_string(),
            name: stem.to_string(),
            input: file("in"),
            answer: Some(file("ans")).filter(|a| a.is_file()),
            settings,
        },
        output: file("out"),
        must_accept,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, files: &[(&str, &str)]) {
        for (path, text) in files {
            let p = root.join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
    }

    #[test]
    fn tests_are_read_with_their_settings_and_a_missing_file_is_named() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            &[
                ("data/valid_output/b/x.in", "1\n"),
                ("data/valid_output/b/x.ans", "1\n"),
                ("data/valid_output/b/x.out", "1.0\n"),
                (
                    "data/valid_output/b/x.yaml",
                    "output_validator_args: [float_tolerance, '0.5']\n",
                ),
                ("data/valid_output/a.in", "1\n"),
                ("data/valid_output/a.ans", "1\n"),
                ("data/valid_output/a.out", "1\n"),
                ("data/valid_output/a.desc", "why\n"),
                ("data/invalid_output/wrong.in", "1\n"),
                ("data/invalid_output/wrong.ans", "1\n"),
            ],
        );
        let mut plan = Plan::default();
        plan.validation_settings.insert(
            "valid_output/b".into(),
            crate::problem::CaseSettings {
                validator_args: crate::problem::ValidatorArgs::Each(vec!["--small".into()]),
                ..Default::default()
            },
        );
        output_checks(dir.path(), Format::V2025, &mut plan);
        assert!(plan.refused.is_empty(), "{:?}", plan.refused);
        let ids: Vec<(String, bool)> = plan
            .output_checks
            .iter()
            .map(|c| (c.case.id(), c.must_accept))
            .collect();
        assert_eq!(
            ids,
            [
                ("invalid_output/wrong".to_string(), false),
                ("valid_output/a".to_string(), true),
                ("valid_output/b/x".to_string(), true),
            ]
        );
        let x = &plan.output_checks[2].case.settings;
        assert_eq!(x.checker_args, ["float_tolerance", "0.5"]);
        assert_eq!(x.validator_args.for_validator("any"), ["--small"]);
        assert_eq!(plan.skipped.len(), 1, "{:?}", plan.skipped);
        assert!(plan.output_checks[1].missing().is_none());
        let why = plan.output_checks[0].missing().unwrap();
        assert!(
            why.ends_with("data/invalid_output/wrong.out: missing: a test of the output validator is wrong.in, wrong.ans and wrong.out"),
            "{why}"
        );
    }
}
