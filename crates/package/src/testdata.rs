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
use crate::problem::{Aggregation, GroupSpec};

/// One folder's settings in the package's terms.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Config {
    // Inherited down the tree.
    pub output_args: Option<Vec<String>>,
    pub input_args: Option<Vec<String>>,
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
pub(crate) fn read(shown: &str, text: &str, format: Format, validators: usize) -> Read {
    let mut file = SettingsFile {
        shown,
        text,
        format,
        validators,
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
    /// The problem's input validators: per-validator arguments are fine
    /// when there is one to give them to.
    validators: usize,
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
            "scoring" => self.draft_scoring(key, value),
            "max_score" => match value.as_f64() {
                Some(s) => config.score = Some(s),
                None => self.unsupported(key, "unbounded scores are not supported"),
            },
            "score_aggregation" => match value.as_str().and_then(aggregation) {
                Some(a) => config.aggregation = Some(a),
                None => self.invalid(key, "expected pass-fail, sum or min"),
            },
            _ => self.not_acted_on(key, value),
        }
    }

    /// The input validators' arguments. Per-validator arguments: fine
    /// when they all agree, or when there is one validator to give them
    /// to.
    fn input_args(&mut self, key: &str, value: &Value) {
        let args = match value {
            Value::Mapping(m) => {
                let all: Vec<Option<Vec<String>>> = m.values().map(words).collect();
                let first = all.first().cloned().flatten();
                let same = all.iter().all(|w| *w == first);
                (same || self.validators <= 1).then_some(first).flatten()
            }
            other => words(other),
        };
        match args {
            Some(w) => self.out.config.input_args = Some(w),
            None => self.unsupported(
                key,
                "different arguments per input validator are not supported",
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
    fn draft_scoring(&mut self, key: &str, value: &Value) {
        let get = |k: &str| value.get(k);
        self.out.config.score = get("score").and_then(Value::as_f64);
        self.out.config.aggregation = get("aggregation")
            .and_then(Value::as_str)
            .and_then(aggregation);
        if get("require_pass")
            .or(get("require-pass"))
            .is_some_and(has_items)
        {
            self.unsupported(key, "require_pass is not supported");
        }
    }

    /// A key judge does not act on: refused where it asks for what judge
    /// cannot do, else ignored (and said).
    fn not_acted_on(&mut self, key: &str, value: &Value) {
        let (shown, format) = (self.shown, self.format);
        match key {
            // Read, with the rules of 2025-09, by `crate::read_static`.
            "static_validation_score" | "static_validator_args" if format != Format::Legacy => {}
            "require_pass" if has_items(value) => {
                self.unsupported(key, "require_pass is not supported")
            }
            "args" if has_items(value) => {
                self.unsupported(key, "arguments for submissions are not supported")
            }
            "static_validation" | "static_validation_score" if value.as_bool() != Some(false) => {
                self.unsupported(key, "static validation is not supported")
            }
            "full_feedback"
            | "hint"
            | "description"
            | "input_visualizer_args"
            | "output_visualizer_args"
            | "static_validator_args"
            | "require_pass"
            | "args"
            | "static_validation"
            | "static_validation_score" => self.out.ignored.push(format!("{shown}: {key}")),
            other => self.out.ignored.push(format!(
                "{shown}: {other} (not a key of the {format} format)"
            )),
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
        ..GroupSpec::default()
    };
    if scoring && format == Format::Legacy {
        spec.legacy = Some(legacy(config));
    }
    if scoring {
        spec.score = config.score;
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
mod tests {
    use super::*;

    #[test]
    fn the_formats_keys_read_into_one_config() {
        let legacy = read(
            "t",
            "output_validator_flags: float_tolerance 1e-3\ngrader_flags: min ignore_sample\naccept_score: 2\n",
            Format::Legacy,
            1,
        );
        assert!(legacy.refused.is_empty(), "{:?}", legacy.refused);
        let c = legacy.config;
        assert_eq!(
            c.output_args,
            Some(vec!["float_tolerance".into(), "1e-3".into()])
        );
        assert_eq!(
            (c.grader, c.ignore_sample, c.accept_score),
            (Some(Aggregation::Min), true, Some(2.0))
        );
        let modern = read(
            "t",
            "max_score: 30\nscore_aggregation: min\noutput_validator_args: [a, b]\n",
            Format::V2025,
            1,
        );
        assert_eq!(modern.config.score, Some(30.0));
        assert_eq!(modern.config.aggregation, Some(Aggregation::Min));
        assert_eq!(
            modern.config.output_args,
            Some(vec!["a".into(), "b".into()])
        );
        let draft = read(
            "t",
            "scoring: {score: 40, aggregation: sum}\n",
            Format::Draft2023,
            1,
        );
        assert_eq!(
            (draft.config.score, draft.config.aggregation),
            (Some(40.0), Some(Aggregation::Sum))
        );
    }

    #[test]
    fn the_2025_09_keys_an_export_writes_read_back_as_judges_group() {
        use crate::scores::Keys;
        for (aggregation, word) in [
            (Aggregation::PassFail, "pass-fail"),
            (Aggregation::Sum, "sum"),
            (Aggregation::Min, "min"),
        ] {
            let keys = Keys {
                max_score: 30,
                aggregation,
            };
            let text: String = keys
                .yaml()
                .iter()
                .map(|(k, v)| format!("{k}: {v}\n"))
                .collect();
            assert!(text.contains(word), "{text}");
            let r = read("t", &text, Format::V2025, 1);
            assert!(r.refused.is_empty() && r.ignored.is_empty(), "{r:?}");
            let spec = group_spec(&r.config, true, Format::V2025);
            assert_eq!(
                (spec.score, spec.aggregation),
                (Some(30.0), Some(aggregation))
            );
            assert_eq!((spec.accept_score, spec.reject_score), (None, None));
        }
    }

    #[test]
    fn what_judge_cannot_do_is_refused_and_the_rest_noted() {
        let r = read(
            "t",
            "grading: custom\nrequire_pass: [g1]\nrange: 0 10\nfoo: 1\non_reject: stop\n",
            Format::Legacy,
            1,
        );
        // require_pass and a value on_reject does not take.
        assert_eq!(r.refused.len(), 2, "{:?}", r.refused);
        assert!(
            r.refused[1].to_string().contains("t:5:1"),
            "{:?}",
            r.refused
        );
        assert_eq!(r.ignored.len(), 1, "{:?}", r.ignored);
        assert_eq!(
            (r.config.custom, r.config.range),
            (Some(true), Some([0.0, 10.0]))
        );
        let two = read(
            "t",
            "input_validator_flags: {a: x, b: y}\n",
            Format::Legacy,
            2,
        );
        assert_eq!(two.refused.len(), 1);
    }

    #[test]
    fn legacy_grading_keys_are_all_inherited_as_problemtools_inherits_them() {
        let read_one = |text: &str| {
            let r = read("t", text, Format::Legacy, 1);
            assert!(r.refused.is_empty(), "{:?}", r.refused);
            r.config
        };
        let mut own = BTreeMap::new();
        own.insert(
            String::new(),
            read_one(
                "on_reject: continue\nrange: 0 100\ngrading: custom\ngrader_flags: ignore_sample\n",
            ),
        );
        own.insert(
            "secret/g1".into(),
            read_one("on_reject: break\naccept_score: 40\ngrader_flags: min weight=40\n"),
        );
        let got = effective(&own, &["secret".into(), "secret/g1".into()]);
        let secret = legacy(&got["secret"]);
        // Everything from data/, the flags included.
        assert_eq!(
            (secret.stop_on_reject, secret.custom, secret.range),
            (false, true, Some([0.0, 100.0]))
        );
        assert_eq!(secret.flags, ["ignore_sample"]);
        assert_eq!((secret.accept_score, secret.reject_score), (1.0, 0.0));
        let g1 = legacy(&got["secret/g1"]);
        assert_eq!((g1.stop_on_reject, g1.custom), (true, true));
        assert_eq!((g1.accept_score, g1.flags.len()), (40.0, 2));
        // A legacy scoring group carries it; other formats do not.
        assert!(
            group_spec(&got["secret/g1"], true, Format::Legacy)
                .legacy
                .is_some()
        );
        assert!(
            group_spec(&got["secret/g1"], true, Format::V2025)
                .legacy
                .is_none()
        );
        assert!(
            group_spec(&got["secret/g1"], false, Format::Legacy)
                .legacy
                .is_none()
        );
    }

    #[test]
    fn inherited_keys_flow_down_and_scores_do_not() {
        let mut own = BTreeMap::new();
        own.insert(
            String::new(),
            Config {
                output_args: Some(vec!["case_sensitive".into()]),
                score: Some(100.0),
                ..Config::default()
            },
        );
        own.insert(
            "secret/g".into(),
            Config {
                input_args: Some(vec!["--small".into()]),
                ..Config::default()
            },
        );
        let got = effective(&own, &["secret/g/h".into()]);
        let h = &got["secret/g/h"];
        assert_eq!(h.output_args, Some(vec!["case_sensitive".into()]));
        assert_eq!(h.input_args, Some(vec!["--small".into()]));
        assert_eq!(h.score, None);
    }
}
