//! Reading a package's tests of its output validator: `data/valid_output`
//! and `data/invalid_output` (2023-07 and later; read in any format, as
//! the peers do). Each test is `tc.in` (a valid input), `tc.ans` and
//! `tc.out`, the output the validator must accept or reject; `tc.yaml`
//! may give that test its own validator arguments.
//!
//! A test with one of its files missing is kept, so `validate` names the
//! missing file as a failed test instead of the test quietly vanishing.

use std::collections::BTreeSet;
use std::path::Path;

use crate::Refusal;
use crate::origin::Format;
use crate::plan::{Plan, name_of, rel};
use crate::problem::{Case, INVALID_OUTPUT_GROUP, OutputCheck, VALID_OUTPUT_GROUP, case_order};
use crate::testdata;

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

/// 2025-09's folder of programs that check the answer files.
pub(crate) const ANSWER_VALIDATORS: &str = "answer_validators";

/// judge has no answer validators: a package that has some is told, by a
/// warning of every `validate`, that they are not run.
pub(crate) fn answer_validators(pkg: &Path, plan: &mut Plan) {
    if pkg.join(ANSWER_VALIDATORS).is_dir() {
        plan.unchecked.push(format!(
            "{ANSWER_VALIDATORS}/: judge does not run answer validators: the answers under data/ are not checked by them"
        ));
    }
}

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
                let read = testdata::read(&rel(pkg, &own), &text, format, 1);
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
                validator_args: vec!["--small".into()],
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
        assert_eq!(x.validator_args, ["--small"]);
        assert_eq!(plan.skipped.len(), 1, "{:?}", plan.skipped);
        assert!(plan.output_checks[1].missing().is_none());
        let why = plan.output_checks[0].missing().unwrap();
        assert!(
            why.ends_with("data/invalid_output/wrong.out: missing: a test of the output validator is wrong.in, wrong.ans and wrong.out"),
            "{why}"
        );
    }
}
