//! What `problem.yaml` says about the package's programs and the room
//! they run in (2025-09 `constants`, `languages`, `allow_file_writing`,
//! and in every format `limits.code`, `compilation_time`,
//! `compilation_memory`, `validation_output`), read into an
//! [`Environment`] the engine applies. Apart from `read`, which reads the
//! rest; a value of the wrong type is refused at its key.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use serde_yaml::Value;

use crate::Refusal;
use crate::environment::{Constants, Environment, is_name};
use crate::origin::Format;
use crate::plan::{Plan, ProblemYaml, rel};

/// The package's settings for its programs. `constants`, `languages`
/// and `allow_file_writing` are keys of 2023-07 and 2025-09 only; the
/// limits are in the legacy format too.
pub(crate) fn read(spec: ProblemYaml<'_>, format: Format, plan: &mut Plan) -> Environment {
    let mut r = EnvReader { spec, plan };
    let mut env = Environment {
        code: r.whole("code", 1 << 10),
        compilation_time: r.whole("compilation_time", 1).map(Duration::from_secs),
        compilation_memory: r.whole("compilation_memory", 1 << 20),
        validation_output: r.whole("validation_output", 1 << 20),
        ..Environment::default()
    };
    if format == Format::Legacy {
        return env;
    }
    env.constants = r.constants();
    env.languages = r.languages();
    env.allow_file_writing = r.allow_file_writing();
    env
}

/// What reading the settings needs: `problem.yaml` and the plan that
/// takes the refusals.
struct EnvReader<'a> {
    spec: ProblemYaml<'a>,
    plan: &'a mut Plan,
}

impl EnvReader<'_> {
    fn refuse(&mut self, keys: &[&str], reason: String) {
        self.plan.refused.push(Refusal::Invalid {
            at: self.spec.at(keys),
            reason,
        });
    }

    /// `limits.{key}`, a whole number above 0, times `unit`.
    fn whole(&mut self, key: &str, unit: u64) -> Option<u64> {
        let value = self.spec.value.get("limits")?.get(key)?;
        match value
            .as_u64()
            .filter(|n| *n > 0 && n.checked_mul(unit).is_some())
        {
            Some(n) => Some(n * unit),
            None => {
                let shown = serde_yaml::to_string(value).unwrap_or_default();
                let reason = format!(
                    "limits.{key}: {} is not a whole number above 0",
                    shown.trim()
                );
                self.refuse(&["limits", key], reason);
                None
            }
        }
    }

    /// `constants`: each a scalar or a map with `value` and variants.
    fn constants(&mut self) -> Constants {
        let mut out = BTreeMap::new();
        let Some(value) = self.spec.value.get("constants").filter(|v| !v.is_null()) else {
            return Constants::default();
        };
        let Some(map) = value.as_mapping() else {
            self.refuse(
                &["constants"],
                "constants: expected a map of names to values".into(),
            );
            return Constants::default();
        };
        for (name, value) in map {
            let Some(name) = name.as_str().filter(|n| is_name(n)) else {
                let shown = serde_yaml::to_string(name).unwrap_or_default();
                let reason = format!(
                    "constants: `{}` is no constant name ([a-zA-Z_][a-zA-Z0-9_]*)",
                    shown.trim()
                );
                match name.as_str() {
                    Some(text) => self.refuse(&["constants", text], reason),
                    None => self.refuse(&["constants"], reason),
                }
                continue;
            };
            if let Some(variants) = self.constant(name, value) {
                out.insert(name.to_string(), variants);
            }
        }
        Constants(out)
    }

    /// One constant's variants (`value` among them), or `None` refused.
    fn constant(&mut self, name: &str, value: &Value) -> Option<BTreeMap<String, String>> {
        let keys = ["constants", name];
        let Some(map) = value.as_mapping() else {
            return match scalar(value) {
                Some(text) => Some(BTreeMap::from([("value".to_string(), text)])),
                None => {
                    let reason = format!(
                        "constants.{name}: expected a number, a string, or a map with `value`"
                    );
                    self.refuse(&keys, reason);
                    None
                }
            };
        };
        let mut variants = BTreeMap::new();
        for (variant, v) in map {
            let variant = variant.as_str().filter(|v| is_name(v));
            match (variant, scalar(v)) {
                (Some(variant), Some(text)) => {
                    variants.insert(variant.to_string(), text);
                }
                _ => {
                    let reason = format!(
                        "constants.{name}: each variant is a name ([a-zA-Z_][a-zA-Z0-9_]*) with a number or a string"
                    );
                    self.refuse(&keys, reason);
                    return None;
                }
            }
        }
        if !variants.contains_key("value") {
            self.refuse(&keys, format!("constants.{name}: the map has no `value`"));
            return None;
        }
        Some(variants)
    }

    /// `languages`: `all` (the default), or one or more language codes.
    fn languages(&mut self) -> Option<Vec<String>> {
        let value = self.spec.value.get("languages").filter(|v| !v.is_null())?;
        let codes: Option<Vec<String>> = match value {
            Value::String(s) => Some(vec![s.clone()]),
            Value::Sequence(items) if !items.is_empty() => {
                items.iter().map(|i| i.as_str().map(String::from)).collect()
            }
            _ => None,
        };
        match codes {
            Some(codes) if codes.iter().any(|c| c == "all") => None,
            Some(codes) => Some(codes),
            None => {
                let reason =
                    "languages: expected `all`, a language code or a non-empty list of them".into();
                self.refuse(&["languages"], reason);
                None
            }
        }
    }

    /// `allow_file_writing`, false unless said.
    fn allow_file_writing(&mut self) -> bool {
        match self.spec.value.get("allow_file_writing") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                let reason = "allow_file_writing: expected true or false".into();
                self.refuse(&["allow_file_writing"], reason);
                false
            }
        }
    }
}

/// A constant's text: a string as it is, a number as YAML writes it.
fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The folders (below the package) whose files the format substitutes
/// constants in; the statement's `{{nextsample}}` and
/// `{{remainingsamples}}` are its own.
const SUBSTITUTED: [&str; 9] = [
    "input_validators",
    "input_validator",
    "output_validator",
    "output_validators",
    "answer_validators",
    "include",
    "submissions",
    "statement",
    "data",
];

/// Notes, as warnings at `file:line:col`, each constant sequence in a
/// substituted file that names no constant (the format leaves it as it
/// is, and says tools may warn): a misspelt name would otherwise reach
/// the compiler or the validator as `{{nmax}}`. Said only when the
/// package has constants; in `data/` only `test_group.yaml` counts, in
/// `statement/` only Markdown.
pub(crate) fn note_unknown(pkg: &Path, plan: &mut Plan) {
    let constants = plan.environment.constants.clone();
    if constants.is_empty() {
        return;
    }
    let skip = ["nextsample", "remainingsamples"];
    for folder in SUBSTITUTED {
        let files = walkdir::WalkDir::new(pkg.join(folder))
            .follow_links(true)
            .sort_by_file_name()
            .into_iter()
            .flatten()
            .filter(|e| e.file_type().is_file())
            .filter(|e| folder != "data" || e.file_name() == "test_group.yaml")
            // Markdown statements only: LaTeX has `\constant{name}`, and
            // its `{{n}}` is grouping.
            .filter(|e| folder != "statement" || e.path().extension().is_some_and(|x| x == "md"));
        for entry in files {
            let Ok(text) = std::fs::read_to_string(entry.path()) else {
                continue;
            };
            for u in constants.unknown(&text, &skip) {
                plan.notes.push(format!(
                    "warning: {}:{}:{}: {{{{{}}}}} names no constant of problem.yaml; left as written",
                    rel(pkg, entry.path()),
                    u.line,
                    u.column,
                    u.name
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_text(text: &str) -> (Environment, Plan) {
        let value: Value = serde_yaml::from_str(text).unwrap();
        let spec = ProblemYaml {
            value: &value,
            text,
        };
        let mut plan = Plan::default();
        let env = read(spec, Format::V2025, &mut plan);
        (env, plan)
    }

    #[test]
    fn constants_scalars_and_maps_are_read() {
        let (env, plan) = read_text(
            "constants:\n  n: 1000\n  x: 0.5\n  k:\n    value: 5000000\n    tex: 5,000,000\nlanguages: [cpp, python3]\nallow_file_writing: true\nlimits:\n  code: 2\n  compilation_time: 90\n",
        );
        assert!(plan.refused.is_empty(), "{:?}", plan.refused);
        assert_eq!(
            env.constants
                .substitute("{{n}} {{x}} {{k}} {{k.tex}}")
                .unwrap(),
            "1000 0.5 5000000 5,000,000"
        );
        assert_eq!(
            env.languages,
            Some(vec!["cpp".to_string(), "python3".to_string()])
        );
        assert!(env.allow_file_writing);
        assert_eq!(env.code, Some(2048));
        assert_eq!(env.compilation_time, Some(Duration::from_secs(90)));
    }

    #[test]
    fn wrong_values_are_refused_at_their_key() {
        let (env, plan) = read_text(
            "constants:\n  9lives: 1\n  k:\n    tex: x\nlanguages: []\nallow_file_writing: yes please\nlimits:\n  code: -3\n",
        );
        let at: Vec<String> = plan
            .refused
            .iter()
            .map(|r| match r {
                Refusal::Invalid { at, .. } => at.clone(),
                other => other.to_string(),
            })
            .collect();
        assert_eq!(
            at,
            [
                "problem.yaml:8:3",
                "problem.yaml:2:3",
                "problem.yaml:3:3",
                "problem.yaml:5:1",
                "problem.yaml:6:1"
            ]
        );
        assert!(env.constants.is_empty() && env.languages.is_none() && env.code.is_none());
        let (env, _) = read_text("languages: all\n");
        assert_eq!(env.languages, None);
    }
}
