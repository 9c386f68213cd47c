//! A package judged where it stands: judge's second native layout.
//!
//! Contest repositories keep their problems as ICPC packages, and the
//! peers (BAPCtools, problemtools) judge them in place. Reading one runs
//! the same [`read`](crate::read::read) an import does, which decides what
//! every file of the package means, and then, instead of copying, points
//! the problem at the package's own files: cases at `data/**.in` and
//! `.ans`, the checker at `output_validators/`, the submissions at
//! `submissions/`, the tests of the checker at `data/valid_output` and
//! `data/invalid_output` (which judge's own layout has no place for, so
//! only a package judged in place has them). Nothing is written inside
//! the package.
//!
//! The problem keeps what it knows of the package as plain data, an
//! [`Origin`]. Any [`Refusal`] stops the loading but
//! [`Refusal::NoReference`]: in place the answer files are the truth.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::Refusal;
use crate::origin::{Format, Origin, TimeRule};
use crate::plan::Plan;
use crate::problem::{
    Case, CaseSettings, Groups, INVALID_DIR, INVALID_GROUP, Problem, ProblemError, ProblemSpec,
    case_order, read_settings,
};

/// Whether `dir` holds a package rather than a problem in judge's layout:
/// a `problem.yaml` with `data/` (or the recipe of its data,
/// `generators/generators.yaml`) beside it and no `cases/`.
pub fn is_package(dir: &Path) -> bool {
    dir.join("problem.yaml").is_file()
        && (dir.join("data").is_dir() || has_recipe(dir))
        && !dir.join("cases").is_dir()
}

/// Whether the package's test data is described by a BAPCtools recipe,
/// which judge generates before reading (see `generators`).
pub fn has_recipe(dir: &Path) -> bool {
    dir.join(crate::generators::RECIPE).is_file()
}

/// Loads the package at `pkg` as problem `id`.
pub(crate) fn load(id: &str, pkg: &Path) -> Result<Problem, ProblemError> {
    load_with_data(id, pkg, None, Vec::new())
}

/// Loads the package at `pkg` with its `data/` at `data` (generated from
/// its recipe), the recipe's unsupported keys in `skipped`: every case
/// is read exactly as from the package's own `data/`.
pub fn load_with_data(
    id: &str,
    pkg: &Path,
    data: Option<&Path>,
    skipped: Vec<(String, String)>,
) -> Result<Problem, ProblemError> {
    let spec_path = pkg.join("problem.yaml");
    let text = read_settings(&spec_path)?;
    let mut plan = crate::read::read_with_data(pkg, &text, data);
    plan.skipped.extend(skipped);
    answers_as_given(&mut plan);
    let format = plan.format.unwrap_or(Format::Legacy);
    if !plan.refused.is_empty() {
        return Err(ProblemError::Package {
            path: pkg.to_path_buf(),
            reasons: plan.refused.iter().map(Refusal::to_string).collect(),
        });
    }
    let Some(mut spec) = plan.spec.take() else {
        return Err(ProblemError::Package {
            path: pkg.to_path_buf(),
            reasons: vec!["no problem could be read from it".into()],
        });
    };
    // Where each path of judge's layout lives in the package.
    let from: BTreeMap<PathBuf, PathBuf> = plan
        .copies
        .iter()
        .map(|(src, dest)| (dest.clone(), src.clone()))
        .collect();
    programs_in_place(&mut spec, &from, pkg);
    let groups = Groups {
        specs: plan.groups.clone(),
    };
    let (cases, invalid_inputs) = cases(&from, &groups, &plan);
    let invalid_rules = invalid_rules(&invalid_inputs)?;
    let time = plan
        .time
        .unwrap_or(TimeRule::Fixed(spec.limits.time, "judge"));
    let output_checks = std::mem::take(&mut plan.output_checks);
    Ok(Problem {
        id: id.to_string(),
        dir: pkg.to_path_buf(),
        spec,
        cases,
        groups,
        orphan_answers: Vec::new(),
        stray_files: Vec::new(),
        invalid_inputs,
        invalid_rules,
        output_checks,
        origin: Some(origin(plan, format, time)),
    })
}

/// In place the answer files are the truth: a package whose accepted
/// submissions judge cannot run (or that has none) is still judged,
/// its cases taken as given.
fn answers_as_given(plan: &mut Plan) {
    let before = plan.refused.len();
    plan.refused.retain(|r| *r != Refusal::NoReference);
    if plan.refused.len() < before {
        plan.ignored.push(
            "no accepted submission judge can run: no reference, the answer files are taken as given"
                .into(),
        );
    }
}

/// The spec's programs at the package's own files (relative to it):
/// `from` maps each path of judge's layout to the package file it came
/// from.
fn programs_in_place(spec: &mut ProblemSpec, from: &BTreeMap<PathBuf, PathBuf>, pkg: &Path) {
    let place = |p: &Path| -> PathBuf {
        from.get(p)
            .map(|src| src.strip_prefix(pkg).unwrap_or(src).to_path_buf())
            .unwrap_or_else(|| p.to_path_buf())
    };
    if let Some(r) = &spec.reference {
        spec.reference = Some(place(r));
    }
    if let Some(g) = &spec.generator {
        spec.generator = Some(place(g));
    }
    if let Some(checker) = spec.checker.as_mut() {
        for program in checker.program.iter_mut().chain(&mut checker.also) {
            *program = place(program);
        }
    }
    for v in &mut spec.validators {
        *v = place(v);
    }
    if let Some(s) = spec.static_validation.as_mut() {
        s.program = place(&s.program);
    }
}

/// The rule each invalid input declares in its own .yaml.
fn invalid_rules(invalid_inputs: &[Case]) -> Result<BTreeMap<String, String>, ProblemError> {
    let mut invalid_rules = BTreeMap::new();
    for case in invalid_inputs {
        let yaml = crate::problem::rules::case_yaml(&case.input);
        if yaml.is_file()
            && let Some(rule) = crate::problem::rules::read_case_rule(&yaml, true)?
        {
            invalid_rules.insert(case.id(), rule);
        }
    }
    Ok(invalid_rules)
}

/// What the problem keeps of the package: its format, its time limit's
/// rule with the factor a borderline run is re-run with, and what the
/// reading of `plan` skipped, ignored and noted.
fn origin(plan: Plan, format: Format, time: TimeRule) -> Origin {
    let safety_margin = match time {
        TimeRule::Compute {
            time_limit_to_tle, ..
        } => time_limit_to_tle,
        TimeRule::Fixed(..) if format == Format::Legacy => 2.0,
        TimeRule::Fixed(..) => crate::origin::Multipliers::DEFAULT.time_limit_to_tle,
    };
    let mut notes = plan.notes.clone();
    notes.extend(passed_over(&plan));
    Origin {
        format,
        time,
        safety_margin,
        computed_from: None,
        skipped: plan.skipped,
        ignored: plan.ignored,
        not_submissions: plan.not_submissions,
        unchecked: plan.unchecked,
        notes,
        answer_validators: plan.answer_validators,
        invalid_answers: plan.invalid_answers,
        environment: plan.environment,
        visualizers: plan.visualizers,
    }
}

/// What the reading passed over, for the reports of every command (an
/// import prints the same lists): each setting read without effect, and
/// the files skipped, one line per reason (a few paths named, the rest
/// counted), in the order of their first path so two runs say the same.
/// Not listed: what only a package judged in place uses (used here), and
/// skipped submissions, which the finder of submissions names itself.
fn passed_over(plan: &Plan) -> Vec<String> {
    let mut out: Vec<String> = (plan.ignored.iter())
        .map(|line| format!("read without effect: {line}"))
        .collect();
    let mut by_reason: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (path, why) in &plan.skipped {
        if !std::path::Path::new(path).starts_with("submissions") {
            by_reason.entry(why).or_default().push(path);
        }
    }
    let mut groups: Vec<(&str, Vec<&str>)> = by_reason
        .into_iter()
        .map(|(why, mut paths)| {
            paths.sort_unstable();
            paths.dedup();
            (why, paths)
        })
        .collect();
    groups.sort_by(|a, b| (&a.1, a.0).cmp(&(&b.1, b.0)));
    const NAMED: usize = 3;
    for (why, paths) in groups {
        let more = match paths.len().saturating_sub(NAMED) {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        let named = paths[..paths.len().min(NAMED)].join(", ");
        out.push(format!("skipped: {named}{more} ({why})"));
    }
    out
}

/// The cases the plan found, at the package's own files, and the inputs
/// validators must reject (with their folder's validator arguments, from
/// the plan's settings by folder below `data/`). A case in a plain
/// folder (no group in the package's format) is its group's, the
/// folder's path before its name.
fn cases(
    from: &BTreeMap<PathBuf, PathBuf>,
    groups: &Groups,
    plan: &Plan,
) -> (Vec<Case>, Vec<Case>) {
    let validation = &plan.validation_settings;
    let mut cases = Vec::new();
    let mut invalid = Vec::new();
    for (dest, src) in from {
        if dest.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let (top, rest) = match dest.strip_prefix("cases") {
            Ok(rest) => ("cases", rest),
            Err(_) => match dest.strip_prefix(INVALID_DIR) {
                Ok(rest) => ("invalid", rest),
                Err(_) => continue,
            },
        };
        let (group, name) = group_and_name(rest, top == "cases", &plan.plain_folders);
        let answer = from.get(&dest.with_extension("out")).cloned();
        let mut case = Case {
            settings: CaseSettings::default(),
            group: group.clone(),
            name,
            input: src.clone(),
            answer,
        };
        let own = plan.case_settings.get(src);
        if top == "invalid" {
            case.group = match group.is_empty() {
                true => INVALID_GROUP.to_string(),
                false => format!("{INVALID_GROUP}/{group}"),
            };
            case.answer = None;
            case.settings = validation.get(&case.group).cloned().unwrap_or_default();
            if let Some(own) = own {
                case.settings.apply(own);
            }
            invalid.push(case);
        } else {
            case.settings = groups.settings(&group);
            if let Some(own) = own {
                case.settings.apply(own);
            }
            cases.push(case);
        }
    }
    cases.sort_by(|a, b| case_order((&a.group, &a.name), (&b.group, &b.name)));
    invalid.sort_by(|a, b| case_order((&a.group, &a.name), (&b.group, &b.name)));
    (cases, invalid)
}

/// The group and name of the case at `rest` (its path in judge's layout
/// below `cases/` or `invalid/`): its folder and file stem, and for a case
/// of the test data (`cases`) in a plain folder (no group in the
/// package's format, see `data_groups`), the enclosing group and the
/// folders' path before the name.
fn group_and_name(
    rest: &Path,
    cases: bool,
    plain: &std::collections::BTreeSet<String>,
) -> (String, String) {
    let group = rest
        .parent()
        .map(|g| {
            g.components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/")
        })
        .unwrap_or_default();
    let name = rest
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if !cases {
        return (group, name);
    }
    match crate::data_groups::enclosing(&group, plain) {
        (group, folders) if folders.is_empty() => (group, name),
        (group, folders) => (group, format!("{folders}/{name}")),
    }
}
