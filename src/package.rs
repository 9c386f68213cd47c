//! ICPC / Kattis problem packages ⇄ judge problem folders: the pure mapping.
//!
//! Contest systems (Kattis, DOMjudge, problemtools) exchange problems as
//! "problem packages"; `judge export` and `judge import` convert between that
//! format and ours. This module holds every decision about *what maps to
//! what* as plain functions on text, so the rules are unit-tested without a
//! file system; `commands::export` and `commands::import` only move files.
//!
//! The package is the legacy (Kattis) format that problemtools and DOMjudge
//! read:
//!
//! | judge                          | package                                   |
//! |--------------------------------|-------------------------------------------|
//! | `name`, `source`               | `problem.yaml` `name`, `source`           |
//! | `limits.time`                  | `.timelimit` (seconds, Kattis)            |
//! | `limits.memory`, `.output`     | `problem.yaml` `limits` (whole MiB, up)   |
//! | `compare` + `tolerance`        | `validation: default` + `validator_flags` |
//! | `cases/sample/x.in`, `.out`    | `data/sample/x.in`, `.ans`                |
//! | `cases/<group>/x.in`, `.out`   | `data/secret/<group>/x.in`, `.ans`        |
//! | `submissions/<verdict>/…`      | `submissions/<verdict>/…`                 |
//!
//! Compare modes become flags of the default output validator, which always
//! compares whitespace-separated tokens (and ignores case unless told not
//! to). Every judge mode is case-sensitive, so every export says
//! `case_sensitive`:
//!
//! * `tokens` → `case_sensitive`: the same rule.
//! * `lines` → `case_sensitive`: looser, since the validator does not see
//!   line breaks (a token moved to the next line still passes).
//! * `float` → `case_sensitive float_tolerance T`: numbers within `T`,
//!   absolute or relative, as in judge.
//! * `exact` → `case_sensitive space_change_sensitive`: whitespace must match
//!   too. A custom validator would be needed for a true byte compare; the
//!   remaining difference is that the validator still reads the output as
//!   tokens and whitespace rather than comparing raw bytes.
//!
//! Those mappings lose information (`lines` and `tokens` look alike; times
//! and sizes are rounded), so the export also writes `judge.yaml` with our
//! solver id, compare mode, tolerance and exact limits. Import prefers it,
//! which makes export → import restore `problem.yaml`'s fields exactly;
//! packages from elsewhere, without it, are read from their own fields.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_yaml::Value;

use crate::compare::CompareMode;
use crate::problem::{Limits, ProblemSpec};

/// The package file that keeps judge's own fields.
pub(crate) const EXTENSION_FILE: &str = "judge.yaml";
/// Kattis keeps the time limit here, in seconds.
pub(crate) const TIMELIMIT_FILE: &str = ".timelimit";
/// The case group that becomes `data/sample`.
pub(crate) const SAMPLE_GROUP: &str = "sample";

const MIB: u64 = 1 << 20;

/// judge's fields that the package format has no exact place for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Extension {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solver: Option<crate::solvers::SolverRef>,
    pub compare: CompareMode,
    pub tolerance: f64,
    pub limits: Limits,
}

/// The default validator's flags that come closest to `compare`.
pub fn validator_flags(compare: CompareMode, tolerance: f64) -> String {
    match compare {
        CompareMode::Exact => "case_sensitive space_change_sensitive".to_string(),
        CompareMode::Lines | CompareMode::Tokens => "case_sensitive".to_string(),
        CompareMode::Float => format!("case_sensitive float_tolerance {tolerance:e}"),
    }
}

/// The compare mode closest to a default validator's flags, with the
/// tolerance when the flags give one. Without `space_change_sensitive` the
/// validator ignores whitespace amounts, which is `tokens`.
pub(crate) fn compare_from_flags(flags: &str) -> Result<(CompareMode, Option<f64>), String> {
    let words: Vec<&str> = flags.split_whitespace().collect();
    let mut tolerance = None;
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "float_tolerance" | "float_absolute_tolerance" | "float_relative_tolerance" => {
                let value = words
                    .get(i + 1)
                    .and_then(|v| v.parse::<f64>().ok())
                    .filter(|v| v.is_finite() && *v >= 0.0)
                    .ok_or_else(|| format!("validator_flags: {} needs a number", words[i]))?;
                // judge has one tolerance, met absolutely or relatively;
                // the larger of several is the one that forgives what each does.
                tolerance = Some(tolerance.map_or(value, |t: f64| t.max(value)));
                i += 2;
            }
            "case_sensitive" | "space_change_sensitive" => i += 1,
            other => return Err(format!("validator_flags: unknown flag {other:?}")),
        }
    }
    let mode = if tolerance.is_some() {
        CompareMode::Float
    } else if words.contains(&"space_change_sensitive") {
        CompareMode::Exact
    } else {
        CompareMode::Tokens
    };
    Ok((mode, tolerance))
}

/// Seconds as Kattis writes them in `.timelimit`: `1`, `2.5`.
pub(crate) fn timelimit_text(time: Duration) -> String {
    format!("{}\n", time.as_secs_f64())
}

/// Parses `.timelimit` (or `limits.time_limit`): seconds, maybe fractional.
pub(crate) fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("time limit {:?} is not a number of seconds", text.trim()))
}

/// `problem.yaml` of the package: the ICPC fields, with comments saying how
/// judge's settings were mapped.
pub(crate) fn package_problem_yaml(spec: &ProblemSpec) -> Result<String, String> {
    #[derive(Serialize)]
    struct Package<'a> {
        name: &'a str,
        #[serde(skip_serializing_if = "str::is_empty")]
        source: &'a str,
        limits: PackageLimits,
        validation: &'static str,
        validator_flags: String,
    }
    #[derive(Serialize)]
    struct PackageLimits {
        memory: u64,
        output: u64,
    }
    let body = serde_yaml::to_string(&Package {
        name: &spec.name,
        source: &spec.source,
        limits: PackageLimits {
            memory: spec.limits.memory.div_ceil(MIB),
            output: spec.limits.output.div_ceil(MIB),
        },
        validation: "default",
        validator_flags: validator_flags(spec.compare, spec.tolerance),
    })
    .map_err(|e| e.to_string())?;
    let note = match spec.compare {
        CompareMode::Exact => {
            "exact (byte for byte): whitespace and case must match;\n\
             # the validator still reads tokens and spacing, not raw bytes"
        }
        CompareMode::Lines => {
            "lines: the same tokens; the validator does not see\n\
             # line breaks, so it is a little looser"
        }
        CompareMode::Tokens => "tokens: the same rule",
        CompareMode::Float => "float: numbers within the tolerance, absolute or relative",
    };
    Ok(format!(
        "# Written by `judge export`. Time limit: {TIMELIMIT_FILE} (seconds);\n\
         # memory and output limits in MiB.\n\
         # judge compare mode {note}.\n\
         # {EXTENSION_FILE} keeps judge's solver id, compare mode and exact limits\n\
         # so that `judge import` restores them.\n\
         {body}"
    ))
}

/// `judge.yaml` for `spec`.
pub(crate) fn extension_yaml(spec: &ProblemSpec) -> Result<String, String> {
    let body = serde_yaml::to_string(&Extension {
        solver: spec.solver,
        compare: spec.compare,
        tolerance: spec.tolerance,
        limits: spec.limits,
    })
    .map_err(|e| e.to_string())?;
    Ok(format!(
        "# judge's own settings for this problem, used by `judge import`.\n{body}"
    ))
}

/// Where a case group's files go, relative to the package's `data/`.
pub(crate) fn data_folder(group: &str) -> PathBuf {
    let mut path = PathBuf::new();
    let mut parts = group.split('/').filter(|p| !p.is_empty()).peekable();
    if parts.peek() == Some(&SAMPLE_GROUP) {
        path.push(SAMPLE_GROUP);
        parts.next();
    } else {
        path.push("secret");
    }
    path.extend(parts);
    path
}

/// The case group of a folder relative to `data/`; `None` for folders that
/// hold no judged cases (anything outside `sample/` and `secret/`).
pub(crate) fn group_of(folder: &Path) -> Option<String> {
    let mut parts = folder
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned());
    let mut group = match parts.next()?.as_str() {
        "sample" => vec![SAMPLE_GROUP.to_string()],
        "secret" => Vec::new(),
        _ => return None,
    };
    group.extend(parts);
    Some(group.join("/"))
}

/// The text files of a package that decide its `problem.yaml`.
#[derive(Debug, Clone, Default)]
pub(crate) struct PackageFiles {
    pub problem_yaml: String,
    pub timelimit: Option<String>,
    pub extension: Option<String>,
}

/// Our `problem.yaml` for a package. The package's `name` and `source` are
/// taken as they are; solver, compare mode and limits come from
/// `judge.yaml` when there is one, else from the package's own fields.
/// `solver` (from `--solver`) overrides the solver id either way.
pub(crate) fn spec_from_package(
    files: &PackageFiles,
    fallback_name: &str,
    solver: Option<&str>,
) -> Result<ProblemSpec, String> {
    let yaml: Value =
        serde_yaml::from_str(&files.problem_yaml).map_err(|e| format!("problem.yaml: {e}"))?;
    let field = |key: &str| yaml.get(key).filter(|v| !v.is_null());
    let name = field("name")
        .and_then(text_in)
        .unwrap_or_else(|| fallback_name.to_string());
    let source = field("source").and_then(text_in).unwrap_or_default();
    let extension = match &files.extension {
        Some(text) => Some(
            serde_yaml::from_str::<Extension>(text)
                .map_err(|e| format!("{EXTENSION_FILE}: {e}"))?,
        ),
        None => None,
    };
    let solver = match (solver, &extension) {
        (Some(id), _) => id.parse()?,
        (
            None,
            Some(Extension {
                solver: Some(s), ..
            }),
        ) => *s,
        (None, _) => {
            return Err(format!(
                "the package has no {EXTENSION_FILE}, so no solver id: pass --solver (known: {})",
                crate::solvers::ids().join(", ")
            ));
        }
    };
    let (compare, tolerance, limits) = match extension {
        Some(ext) => (ext.compare, ext.tolerance, ext.limits),
        None => {
            let (compare, tolerance) = compare_from_package(&yaml)?;
            (compare, tolerance, limits_from_package(&yaml, files)?)
        }
    };
    Ok(ProblemSpec {
        solver: Some(solver),
        source,
        compare,
        tolerance,
        limits,
        ..ProblemSpec::named(&name)
    })
}

/// Our `problem.yaml` text for `spec`, leaving out what the defaults say
/// (an empty source, the tolerance of a mode that has none).
pub(crate) fn judge_problem_yaml(spec: &ProblemSpec) -> Result<String, String> {
    let mut value = serde_yaml::to_value(spec).map_err(|e| e.to_string())?;
    if let Value::Mapping(map) = &mut value {
        if spec.source.is_empty() {
            map.remove("source");
        }
        if spec.compare != CompareMode::Float && spec.tolerance == ProblemSpec::DEFAULT_TOLERANCE {
            map.remove("tolerance");
        }
    }
    let body = serde_yaml::to_string(&value).map_err(|e| e.to_string())?;
    Ok(format!(
        "# Imported by `judge import` from an ICPC problem package.\n{body}"
    ))
}

/// A string field, or the English (else first) entry of a per-language map
/// as newer packages write `name`.
fn text_in(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Mapping(m) => m
            .get("en")
            .or_else(|| m.get("name"))
            .or_else(|| m.values().next())
            .and_then(text_in),
        _ => None,
    }
}

fn compare_from_package(yaml: &Value) -> Result<(CompareMode, f64), String> {
    let validation = yaml.get("validation").and_then(Value::as_str);
    if let Some(v) = validation.filter(|v| *v != "default") {
        return Err(format!(
            "problem.yaml: validation {v:?} needs the package's own output validator, \
             which judge cannot run; only `validation: default` imports"
        ));
    }
    let flags = match yaml.get("validator_flags") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err("problem.yaml: validator_flags must be a string".into()),
    };
    let (mode, tolerance) = compare_from_flags(&flags).map_err(|e| format!("problem.yaml: {e}"))?;
    Ok((mode, tolerance.unwrap_or(ProblemSpec::DEFAULT_TOLERANCE)))
}

fn limits_from_package(yaml: &Value, files: &PackageFiles) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let table = yaml.get("limits");
    let number = |key: &str| table.and_then(|t| t.get(key)).and_then(Value::as_f64);
    if let Some(text) = &files.timelimit {
        limits.time = parse_seconds(text).map_err(|e| format!("{TIMELIMIT_FILE}: {e}"))?;
    } else if let Some(seconds) = number("time_limit") {
        limits.time = parse_seconds(&seconds.to_string())
            .map_err(|e| format!("problem.yaml: limits.time_limit: {e}"))?;
    }
    for (key, slot) in [
        ("memory", &mut limits.memory),
        ("output", &mut limits.output),
    ] {
        if let Some(mib) = number(key) {
            if !(mib.is_finite() && mib >= 1.0 && mib <= (1u64 << 20) as f64) {
                return Err(format!(
                    "problem.yaml: limits.{key}: {mib} is not a size in MiB"
                ));
            }
            *slot = (mib * MIB as f64).round() as u64;
        }
    }
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(compare: CompareMode, tolerance: f64) -> ProblemSpec {
        ProblemSpec {
            solver: Some("four-in-a-row".parse().unwrap()),
            source: "SPOJ FOUROW".into(),
            compare,
            tolerance,
            limits: Limits {
                time: Duration::from_millis(1500),
                memory: 300 * MIB + 1,
                output: MIB,
                ..Limits::default()
            },
            ..ProblemSpec::named("Four in a row")
        }
    }

    #[test]
    fn every_mode_maps_to_flags_that_map_back_to_the_closest_mode() {
        let cases = [
            (CompareMode::Exact, CompareMode::Exact),
            (CompareMode::Lines, CompareMode::Tokens),
            (CompareMode::Tokens, CompareMode::Tokens),
            (CompareMode::Float, CompareMode::Float),
        ];
        for (mode, back) in cases {
            let flags = validator_flags(mode, 1e-4);
            assert!(flags.contains("case_sensitive"), "{flags}");
            let (got, tolerance) = compare_from_flags(&flags).unwrap();
            assert_eq!(got, back, "{flags}");
            assert_eq!(tolerance, (mode == CompareMode::Float).then_some(1e-4));
        }
        assert_eq!(
            validator_flags(CompareMode::Float, 1e-6),
            "case_sensitive float_tolerance 1e-6"
        );
    }

    #[test]
    fn foreign_flags_are_read_and_unknown_ones_refused() {
        assert_eq!(
            compare_from_flags("float_absolute_tolerance 1e-9 float_relative_tolerance 1e-6"),
            Ok((CompareMode::Float, Some(1e-6)))
        );
        assert_eq!(compare_from_flags(""), Ok((CompareMode::Tokens, None)));
        assert!(compare_from_flags("float_tolerance").is_err());
        assert!(compare_from_flags("ignore_everything").is_err());
    }

    #[test]
    fn groups_map_to_data_folders_and_back() {
        for (group, folder) in [
            ("sample", "sample"),
            ("edge", "secret/edge"),
            ("generated/big", "secret/generated/big"),
            ("", "secret"),
        ] {
            assert_eq!(data_folder(group), PathBuf::from(folder));
            assert_eq!(group_of(Path::new(folder)).as_deref(), Some(group));
        }
        assert_eq!(group_of(Path::new("invalid_inputs")), None);
    }

    #[test]
    fn the_package_problem_yaml_has_the_icpc_fields_in_mib() {
        let text = package_problem_yaml(&spec(CompareMode::Exact, 1e-6)).unwrap();
        let yaml: Value = serde_yaml::from_str(&text).unwrap();
        assert_eq!(yaml["name"].as_str(), Some("Four in a row"));
        assert_eq!(yaml["source"].as_str(), Some("SPOJ FOUROW"));
        assert_eq!(yaml["validation"].as_str(), Some("default"));
        assert_eq!(
            yaml["validator_flags"].as_str(),
            Some("case_sensitive space_change_sensitive")
        );
        assert_eq!(yaml["limits"]["memory"].as_u64(), Some(301));
        assert_eq!(yaml["limits"]["output"].as_u64(), Some(1));
        assert_eq!(timelimit_text(Duration::from_millis(1500)), "1.5\n");
        assert_eq!(timelimit_text(Duration::from_secs(2)), "2\n");
    }

    #[test]
    fn the_extension_restores_the_spec_exactly() {
        for (mode, tolerance) in [(CompareMode::Lines, 1e-6), (CompareMode::Float, 2.5e-7)] {
            let original = spec(mode, tolerance);
            let files = PackageFiles {
                problem_yaml: package_problem_yaml(&original).unwrap(),
                timelimit: Some(timelimit_text(original.limits.time)),
                extension: Some(extension_yaml(&original).unwrap()),
            };
            assert_eq!(spec_from_package(&files, "x", None), Ok(original.clone()));
            let ours = judge_problem_yaml(&original).unwrap();
            let parsed = crate::problem::parse_spec(Path::new("problem.yaml"), &ours);
            assert_eq!(parsed, Ok(original));
        }
    }

    #[test]
    fn without_the_extension_the_package_fields_decide_and_a_solver_is_needed() {
        let files = PackageFiles {
            problem_yaml: "name: {en: Hello}\nlimits: {memory: 512, time_limit: 3}\n\
                           validation: default\nvalidator_flags: float_tolerance 1e-3\n"
                .into(),
            timelimit: None,
            extension: None,
        };
        let err = spec_from_package(&files, "x", None).unwrap_err();
        assert!(
            err.contains("--solver") && err.contains("four-in-a-row"),
            "{err}"
        );
        let got = spec_from_package(&files, "x", Some("slink")).unwrap();
        assert_eq!(got.name, "Hello");
        assert_eq!(got.solver.map(|s| s.id()), Some("slink"));
        assert_eq!((got.compare, got.tolerance), (CompareMode::Float, 1e-3));
        assert_eq!(got.limits.time, Duration::from_secs(3));
        assert_eq!(got.limits.memory, 512 * MIB);
        assert!(spec_from_package(&files, "x", Some("nope")).is_err());
        let custom = PackageFiles {
            problem_yaml: "name: X\nvalidation: custom\n".into(),
            ..files
        };
        let err = spec_from_package(&custom, "x", Some("slink")).unwrap_err();
        assert!(err.contains("custom"), "{err}");
    }
}
