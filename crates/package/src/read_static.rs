//! 2025-09 "Static validator": the program in `static_validator/` and the
//! static validation cases the groups' `test_group.yaml` files declare
//! (`static_validation_score`, `static_validator_args`), read with the
//! section's rules, each breach refused at its `file:line:col` with the
//! clause:
//!
//! - "It is an error to define static validation test cases without
//!   providing a static validator";
//! - "It is an error to provide a static validator for `submit-answer`
//!   type problems";
//! - "specify `static_validator_args` without specifying
//!   `static_validation_score`";
//! - a `static_validation_score` that is a number "in a test data group
//!   with `pass-fail` aggregation or a problem that does not have the type
//!   `scoring`" is an error, and `pass-fail` needs "`score_aggregation`
//!   … `pass-fail`, or the problem must be of type `pass-fail`".
//!
//! A number in a `sum` or `min` group of a scoring problem (the case then
//! takes its score out of the group's `max_score`) is refused as not
//! done here: judge scores the case pass-fail only. A static validator
//! no group gives a case is never run, and said so.

use std::path::{Path, PathBuf};

use serde_yaml::Value;

use crate::Refusal;
use crate::origin::Format;
use crate::plan::{Plan, name_of, rel, sorted_entries};
use crate::problem::{Kind, StaticCase, StaticValidation};

/// The folder of the static validator.
pub(crate) const DIR: &str = "static_validator";

/// The static validation of the package at `pkg` (`None` when it has
/// none or it is refused in `plan`), for a problem of `kind`, `scoring`
/// or not.
pub(crate) fn read(
    pkg: &Path,
    format: Format,
    kind: Kind,
    scoring: bool,
    plan: &mut Plan,
) -> Option<StaticValidation> {
    let dir = pkg.join(DIR);
    if format == Format::Legacy {
        if dir.exists() {
            let why = "not part of the legacy format; not run";
            plan.skipped.push((format!("{DIR}/"), why.into()));
        }
        return None;
    }
    let data = plan.data_dir(pkg);
    let mut cases = Vec::new();
    for folder in group_folders(&data) {
        if let Some(case) = group_case(pkg, &data, &folder, scoring, plan) {
            cases.push(case);
        }
    }
    if !dir.exists() {
        if !cases.is_empty() {
            plan.refused.push(Refusal::Missing {
                at: format!("{DIR}/"),
                what: "missing: test_group.yaml declares static validation test cases, and defining them without providing a static validator is an error (2025-09, Static validator)".into(),
            });
        }
        return None;
    }
    if kind == Kind::SubmitAnswer {
        plan.refused.push(Refusal::Invalid {
            at: format!("{DIR}/"),
            reason: "a static validator in a submit-answer problem: providing one is an error (2025-09, Static validator)".into(),
        });
        return None;
    }
    let program = program(pkg, &dir, plan)?;
    if cases.is_empty() {
        plan.notes.push(format!(
            "{DIR}/: never run: no test_group.yaml sets static_validation_score, so there is no static validation test case"
        ));
    }
    Some(StaticValidation { program, cases })
}

/// The one program of `static_validator/`, placed where the problem
/// names it: a single file as itself, anything else as a folder program.
fn program(pkg: &Path, dir: &Path, plan: &mut Plan) -> Option<PathBuf> {
    let entries: Vec<PathBuf> = sorted_entries(dir)
        .into_iter()
        .filter(|p| !name_of(p).starts_with('.'))
        .collect();
    let (from, to) = match entries.as_slice() {
        [] => {
            plan.refused.push(Refusal::Missing {
                at: format!("{}/", rel(pkg, dir)),
                what: "empty: no static validator program".into(),
            });
            return None;
        }
        [one] if one.is_file() => (one.clone(), Path::new(DIR).join(name_of(one))),
        _ => (dir.to_path_buf(), PathBuf::from(DIR)),
    };
    plan.copies.push((from, to.clone()));
    Some(to)
}

/// `data/sample`, `data/secret` and every group folder of `secret` (one
/// holding `test_group.yaml`), in case order.
fn group_folders(data: &Path) -> Vec<PathBuf> {
    let mut folders = vec![data.join("sample"), data.join("secret")];
    folders.extend(
        sorted_entries(&data.join("secret"))
            .into_iter()
            .filter(|p| p.join("test_group.yaml").is_file()),
    );
    folders
}

/// The static validation case `folder`'s `test_group.yaml` declares, if
/// it declares one the rules allow.
fn group_case(
    pkg: &Path,
    data: &Path,
    folder: &Path,
    scoring: bool,
    plan: &mut Plan,
) -> Option<StaticCase> {
    let file = folder.join("test_group.yaml");
    let text = std::fs::read_to_string(&file).ok()?;
    // A file that does not parse is refused where group settings are read.
    let yaml: Value = crate::located::yaml(&text).ok()?;
    let shown = rel(pkg, &file);
    let at = |key: &str| {
        let (line, col) = crate::located::key(&text, &[key]);
        format!("{shown}:{line}:{col}")
    };
    let mut refuse = |key: &str, reason: String| {
        plan.refused.push(Refusal::Invalid {
            at: at(key),
            reason: format!("{key}: {reason} (2025-09, Static validator)"),
        });
        None
    };
    let args = match yaml.get("static_validator_args") {
        None => Vec::new(),
        Some(Value::Sequence(items)) if items.iter().all(Value::is_string) => items
            .iter()
            .filter_map(|v| v.as_str().map(String::from))
            .collect(),
        Some(_) => {
            return refuse(
                "static_validator_args",
                "must be a sequence of strings".into(),
            );
        }
    };
    let Some(score) = yaml.get("static_validation_score") else {
        return match args.is_empty() && yaml.get("static_validator_args").is_none() {
            true => None,
            false => refuse(
                "static_validator_args",
                "given without static_validation_score, which is an error".into(),
            ),
        };
    };
    let in_secret = folder == data.join("secret");
    let aggregation = yaml.get("score_aggregation").and_then(Value::as_str);
    let pass_fail_group = match aggregation {
        Some(a) => a == "pass-fail",
        None => !in_secret,
    };
    let key = "static_validation_score";
    match score_fault(score, scoring, pass_fail_group) {
        None => {}
        Some(Fault::Invalid(reason)) => return refuse(key, reason),
        Some(Fault::NotDone(what)) => {
            plan.refused.push(Refusal::Unsupported {
                at: at(key),
                what: format!("{key}: {what}"),
            });
            return None;
        }
    }
    let group = crate::group_of(folder.strip_prefix(data).ok()?)?;
    Some(StaticCase { group, args })
}

/// What is wrong with a `static_validation_score` of `score`.
enum Fault {
    /// The format forbids it.
    Invalid(String),
    /// The format allows it; judge does not do it.
    NotDone(String),
}

/// Why `score` may not stand in a problem that is `scoring` or not, in a
/// group that aggregates pass-fail or not (`None`: it may).
fn score_fault(score: &Value, scoring: bool, pass_fail_group: bool) -> Option<Fault> {
    match score {
        Value::String(s) if s == "pass-fail" => (scoring && !pass_fail_group).then(|| {
            Fault::Invalid(
                "pass-fail needs score_aggregation: pass-fail, or a problem of type pass-fail"
                    .into(),
            )
        }),
        Value::Number(n) if n.as_u64().is_some() => Some(if !scoring {
            Fault::Invalid(format!(
                "{n}: a score in a problem that does not have the type scoring is an error"
            ))
        } else if pass_fail_group {
            Fault::Invalid(format!(
                "{n}: a score in a group with pass-fail aggregation is an error"
            ))
        } else {
            Fault::NotDone(format!(
                "{n}: judge does not score static validation cases by points (2025-09, Scoring problems: the case's share of max_score); pass-fail static validation is judged"
            ))
        }),
        _ => Some(Fault::Invalid(
            "must be a non-negative integer or pass-fail".into(),
        )),
    }
}
