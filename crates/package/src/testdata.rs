//! A package's per-folder test data settings (`testdata.yaml` in legacy
//! packages and early 2023-07 drafts, `test_group.yaml` in later drafts
//! and 2025-09) as judge's `group.yaml` files.
//!
//! The formats disagree on key names and on what is inherited, so every
//! folder's file is first read into one normalised [`Config`], then merged
//! down the folder tree key by key (as problemtools does), and each of our
//! groups gets the *effective* settings written out in full: nothing then
//! depends on judge inheriting exactly like the package format did.

use std::collections::BTreeMap;
use std::path::Path;

use serde_yaml::Value;

use crate::Refusal;
use crate::origin::Format;
use crate::problem::groups::LegacyGrading;
use crate::problem::{Aggregation, GroupSpec, ValidatorArgs};

/// One folder's settings in the package's terms.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Config {
    // Inherited down the tree.
    pub output_args: Option<Vec<String>>,
    pub input_args: Option<ValidatorArgs>,
    /// The submissions' arguments (2025-09 `args`).
    pub args: Option<Vec<String>>,
    /// The visualizers' arguments (2025-09 `input_visualizer_args`,
    /// `output_visualizer_args`).
    pub visualizer_args: crate::problem::VisualizerArgs,
    pub accept_score: Option<f64>,
    pub reject_score: Option<f64>,
    pub grader: Option<Aggregation>,
    /// Legacy grading keys as problemtools reads them (all inherited).
    pub flags: Option<Vec<String>>,
    pub stop_on_reject: Option<bool>,
    pub range: Option<[f64; 2]>,
    pub custom: Option<bool>,
    // The folder's own.
    pub score: Option<f64>,
    /// 2025-09 `max_score: unbounded`.
    pub unbounded: bool,
    /// 2025-09 `require_pass`, as written (paths below `data/`).
    pub require_pass: Option<Vec<String>>,
    pub aggregation: Option<Aggregation>,
    /// Legacy `grader_flags: ignore_sample` (root only).
    pub ignore_sample: bool,
}

impl Config {
    /// `self` with the parent's values for inherited keys it lacks.
    pub(crate) fn under(&self, parent: &Config) -> Config {
        Config {
            output_args: self.output_args.clone().or(parent.output_args.clone()),
            input_args: self.input_args.clone().or(parent.input_args.clone()),
            args: self.args.clone().or(parent.args.clone()),
            visualizer_args: crate::problem::VisualizerArgs {
                input: (self.visualizer_args.input.clone())
                    .or(parent.visualizer_args.input.clone()),
                output: (self.visualizer_args.output.clone())
                    .or(parent.visualizer_args.output.clone()),
            },
            accept_score: self.accept_score.or(parent.accept_score),
            reject_score: self.reject_score.or(parent.reject_score),
            grader: self.grader.or(parent.grader),
            flags: self.flags.clone().or(parent.flags.clone()),
            stop_on_reject: self.stop_on_reject.or(parent.stop_on_reject),
            range: self.range.or(parent.range),
            custom: self.custom.or(parent.custom),
            ..self.clone()
        }
    }
}

/// What reading one settings file found: its config, what judge cannot
/// do as it asks, and keys ignored on purpose.
#[derive(Debug, Default)]
pub(crate) struct Read {
    pub config: Config,
    pub refused: Vec<Refusal>,
    pub ignored: Vec<String>,
}

/// Words of a flags string, or the items of a list of arguments.
fn words(value: &Value) -> Option<Vec<String>> {
    match value {
        Value::String(s) => Some(s.split_whitespace().map(str::to_string).collect()),
        Value::Sequence(items) => items
            .iter()
            .map(|v| match v {
                Value::String(s) => Some(s.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            })
            .collect(),
        Value::Null => Some(Vec::new()),
        _ => None,
    }
}

fn aggregation(word: &str) -> Option<Aggregation> {
    Some(match word {
        "pass-fail" => Aggregation::PassFail,
        "sum" => Aggregation::Sum,
        "min" => Aggregation::Min,
        "max" => Aggregation::Max,
        "avg" => Aggregation::Avg,
        _ => return None,
    })
}

/// Reads one settings file (`shown` names it in messages).
pub(crate) fn read(shown: &str, text: &str, format: Format) -> Read {
    // Which keys each format defines is key_check's to say; the format
    // here only decides what a key known to several of them means.
    let mut file = SettingsFile {
        shown,
        text,
        format,
        out: Read::default(),
    };
    let yaml: Value = match crate::located::yaml(text) {
        Ok(Value::Null) => return file.out,
        Ok(v @ Value::Mapping(_)) => v,
        Ok(_) => {
            file.out.refused.push(Refusal::Invalid {
                at: format!("{shown}:1:1"),
                reason: "not a mapping of settings".into(),
            });
            return file.out;
        }
        Err(e) => {
            file.out.refused.push(Refusal::unreadable(shown, &e));
            return file.out;
        }
    };
    let Value::Mapping(map) = &yaml else {
        return file.out;
    };
    for (key, value) in map {
        file.setting(key.as_str().unwrap_or_default(), value);
    }
    file.out
}

/// One settings file being read: where it is (`shown` in messages, its
/// `text` for the place of a key), what it may say, and what reading it
/// found so far.
struct SettingsFile<'a> {
    shown: &'a str,
    text: &'a str,
    format: Format,
    out: Read,
}

impl SettingsFile<'_> {
    /// `{shown}:line:col`, the place of `key`.
    fn at(&self, key: &str) -> String {
        let (line, col) = crate::located::key(self.text, &[key]);
        format!("{}:{line}:{col}", self.shown)
    }

    /// `{key}: why` at the key's place: a value judge cannot take.
    fn invalid(&mut self, key: &str, why: &str) {
        let refusal = Refusal::Invalid {
            at: self.at(key),
            reason: format!("{key}: {why}"),
        };
        self.out.refused.push(refusal);
    }

    /// `{key}: why` at the key's place: a setting judge does not support.
    fn unsupported(&mut self, key: &str, why: &str) {
        let refusal = Refusal::Unsupported {
            at: self.at(key),
            what: format!("{key}: {why}"),
        };
        self.out.refused.push(refusal);
    }

    /// One key of the file: into the config, refused, or ignored.
    fn setting(&mut self, key: &str, value: &Value) {
        let config = &mut self.out.config;
        match key {
            "output_validator_flags" | "output_validator_args" => match words(value) {
                Some(w) => config.output_args = Some(w),
                None => self.invalid(key, "expected a string or a list of strings"),
            },
            "input_validator_flags" | "input_validator_args" => self.input_args(key, value),
            "args" if self.format != Format::Legacy => match words(value) {
                Some(w) => config.args = Some(w),
                None => self.invalid(key, "expected a list of strings"),
            },
            "input_visualizer_args" | "output_visualizer_args" if self.format != Format::Legacy => {
                match (words(value), key.starts_with("input")) {
                    (Some(w), true) => config.visualizer_args.input = Some(w),
                    (Some(w), false) => config.visualizer_args.output = Some(w),
                    (None, _) => self.invalid(key, "expected a list of strings"),
                }
            }
            "accept_score" => config.accept_score = value.as_f64(),
            "reject_score" => config.reject_score = value.as_f64(),
            "grading" => match value.as_str() {
                Some("custom") => config.custom = Some(true),
                Some("default") => config.custom = Some(false),
                _ => self.invalid(key, "expected default or custom"),
            },
            "on_reject" => match value.as_str() {
                Some("break") => config.stop_on_reject = Some(true),
                Some("continue") => config.stop_on_reject = Some(false),
                _ => self.invalid(key, "expected break or continue"),
            },
            "range" => match range(value) {
                Some(r) => config.range = Some(r),
                None => self.invalid(key, "expected two numbers, the lowest and highest score"),
            },
            "grader_flags" => self.grader_flags(value),
            "scoring" => self.draft_scoring(value),
            "max_score" => match (value.as_f64(), value.as_str()) {
                (Some(s), _) if s >= 0.0 => config.score = Some(s),
                (_, Some("unbounded")) => config.unbounded = true,
                _ => self.invalid(key, "expected a non-negative number or unbounded"),
            },
            // One group's name (or `sample`), or a list of them.
            "require_pass" if self.format != Format::Legacy => match words(value) {
                Some(names) => config.require_pass = Some(names),
                None => self.invalid(key, "expected a group's name or a list of them"),
            },
            "score_aggregation" => match value.as_str().and_then(aggregation) {
                Some(a) => config.aggregation = Some(a),
                None => self.invalid(key, "expected pass-fail, sum or min"),
            },
            _ => self.not_acted_on(key, value),
        }
    }

    /// The input validators' arguments: a list for each, or a map from a
    /// validator's name to its own.
    fn input_args(&mut self, key: &str, value: &Value) {
        let args = match value {
            // Each validator's own, by its name; a validator the map
            // leaves out runs with none (2025-09, "Test case
            // configuration"). Legacy `input_validator_flags` maps
            // problemtools' way, by name too.
            Value::Mapping(m) => m
                .iter()
                .map(|(name, v)| Some((name.as_str()?.to_string(), words(v)?)))
                .collect::<Option<BTreeMap<String, Vec<String>>>>()
                .map(ValidatorArgs::ByName),
            other => words(other).map(ValidatorArgs::Each),
        };
        match args {
            Some(a) => self.out.config.input_args = Some(a),
            None => self.invalid(
                key,
                "expected a list of strings, or a map from an input validator's name to one",
            ),
        }
    }

    /// Legacy `grader_flags`: the default grader's words, each read.
    fn grader_flags(&mut self, value: &Value) {
        let shown = self.shown;
        let config = &mut self.out.config;
        let all = value.as_str().unwrap_or_default();
        config.flags = Some(all.split_whitespace().map(String::from).collect());
        for flag in all.split_whitespace() {
            match flag {
                "ignore_sample" => config.ignore_sample = true,
                "first_error"
                | "worst_error"
                | "no_errors"
                | "always_accept"
                | "accept_if_any_accepted" => {}
                f => match aggregation(f) {
                    Some(a) => config.grader = Some(a),
                    // problemtools' default grader skips words it does
                    // not know; a custom grader may read them (an
                    // olympiad's `subtask_score=N`).
                    None => self.out.ignored.push(format!(
                        "{shown}: grader flag {f:?} (not a flag of the default grader; \
                         passed on to a custom grader)"
                    )),
                },
            }
        }
    }

    /// 2023-07 drafts: `scoring: {score, aggregation, require_pass}`.
    fn draft_scoring(&mut self, value: &Value) {
        let get = |k: &str| value.get(k);
        self.out.config.score = get("score").and_then(Value::as_f64);
        self.out.config.aggregation = get("aggregation")
            .and_then(Value::as_str)
            .and_then(aggregation);
        if let Some(names) = get("require_pass").or(get("require-pass")) {
            self.setting("require_pass", names);
        }
    }

    /// A key judge does not act on: refused where it asks for what judge
    /// cannot do, else ignored (and said).
    fn not_acted_on(&mut self, key: &str, value: &Value) {
        let shown = self.shown;
        match key {
            // Read, with the rules of 2025-09, by `crate::read_static`.
            "static_validation_score" | "static_validator_args"
                if self.format != Format::Legacy => {}
            "require_pass" if has_items(value) => {
                self.unsupported(key, "require_pass is not supported")
            }
            "static_validation" | "static_validation_score" if value.as_bool() != Some(false) => {
                self.unsupported(key, "static validation is not supported")
            }
            "full_feedback"
            | "hint"
            | "description"
            | "static_validator_args"
            | "require_pass"
            | "args"
            | "static_validation"
            | "static_validation_score" => self.out.ignored.push(format!("{shown}: {key}")),
            // Keys of no format are said by `key_check`, at their place,
            // as the format's rule says (refused in 2025-09).
            _ => {}
        }
    }
}

/// A legacy `range`: "low high" (problemtools also takes `inf`).
fn range(value: &Value) -> Option<[f64; 2]> {
    let text = match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    let words: Vec<f64> = text
        .split_whitespace()
        .map(|w| w.parse::<f64>().ok())
        .collect::<Option<_>>()?;
    match words[..] {
        [low, high] if low <= high => Some([low, high]),
        _ => None,
    }
}

fn has_items(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Sequence(s) => !s.is_empty(),
        Value::String(s) => !s.trim().is_empty(),
        _ => true,
    }
}

/// Our `group.yaml` for a group whose effective package settings are
/// `config`. Output arguments become `checker_args` whether a checker
/// program or the in-crate default validator takes them. Scoring keys
/// only for scoring problems.
pub(crate) fn group_spec(config: &Config, scoring: bool, format: Format) -> GroupSpec {
    let mut spec = GroupSpec {
        checker_args: config.output_args.clone(),
        validator_args: config.input_args.clone(),
        args: config.args.clone(),
        visualizer_args: config.visualizer_args.clone(),
        ..GroupSpec::default()
    };
    if scoring && format == Format::Legacy {
        spec.legacy = Some(legacy(config));
    }
    if scoring {
        spec.score = config.score;
        spec.unbounded = config.unbounded;
        // Our groups' names: `secret/group1` is `group1`.
        spec.require_pass = config.require_pass.as_ref().map(|names| {
            let judge = |n: &String| crate::group_of(std::path::Path::new(n.trim()));
            names
                .iter()
                .map(|n| judge(n).unwrap_or_else(|| n.clone()))
                .collect()
        });
        spec.aggregation = config.aggregation.or(config.grader);
        spec.accept_score = config.accept_score;
        spec.reject_score = config.reject_score;
    }
    spec
}

/// A legacy folder's grading, problemtools' defaults filled in.
pub(crate) fn legacy(config: &Config) -> LegacyGrading {
    let default = LegacyGrading::default();
    LegacyGrading {
        flags: config.flags.clone().unwrap_or_default(),
        stop_on_reject: config.stop_on_reject.unwrap_or(default.stop_on_reject),
        accept_score: config.accept_score.unwrap_or(default.accept_score),
        reject_score: config.reject_score.unwrap_or(default.reject_score),
        range: config.range,
        custom: config.custom.unwrap_or(false),
    }
}

/// The effective config of every folder below `data/` that holds cases,
/// by its path relative to `data/` (`""` is `data/` itself).
pub(crate) fn effective(
    own: &BTreeMap<String, Config>,
    folders: &[String],
) -> BTreeMap<String, Config> {
    let mut out = BTreeMap::new();
    for folder in folders {
        let mut chain = vec![String::new()];
        let mut path = String::new();
        for part in folder.split('/').filter(|p| !p.is_empty()) {
            path = if path.is_empty() {
                part.to_string()
            } else {
                format!("{path}/{part}")
            };
            chain.push(path.clone());
        }
        let mut config = Config::default();
        for (depth, p) in chain.iter().enumerate() {
            let mine = own.get(p).cloned().unwrap_or_default();
            // Scores and aggregation belong to the folder that says them.
            let parent = Config {
                score: None,
                unbounded: false,
                require_pass: None,
                aggregation: None,
                ignore_sample: false,
                ..config.clone()
            };
            config = if depth == 0 {
                mine
            } else {
                mine.under(&parent)
            };
        }
        out.insert(folder.clone(), config);
    }
    out
}

/// The file that holds a folder's settings in this format, if any.
pub(crate) fn settings_file(folder: &Path, format: Format) -> Option<std::path::PathBuf> {
    let names: &[&str] = match format {
        Format::Legacy => &["testdata.yaml"],
        Format::Draft2023 => &["test_group.yaml", "testdata.yaml"],
        Format::V2025 => &["test_group.yaml"],
    };
    names.iter().map(|n| folder.join(n)).find(|p| p.is_file())
}

#[cfg(test)]
#[path = "testdata_tests.rs"]
mod tests;
