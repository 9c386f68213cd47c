//! The rule each invalid input declares it breaks.
//!
//! An input of `invalid/` proves a validator checks a rule only if the
//! validator rejects it *for that rule* (see `judge_text::rule`). The rule
//! is declared where the case is described: in a `<name>.yaml` beside the
//! input (`rule: n-range`; a package's `data/invalid_input/<name>.yaml`,
//! its format's per-case file, takes the same key beside its own), or in
//! the recipe's `invalid:` map (`name: n-range`), which keeps a whole
//! folder's rules in one place. Declaring one case twice with different
//! rules, or a rule for an input that does not exist, stops the problem
//! from loading with the place of the fault: a typo there would otherwise
//! leave a rule silently untested.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::fault::{ProblemError, bad_key, parse_yaml, read_settings};
use super::recipe;

/// A case's own `.yaml`, as far as the rule goes.
#[derive(Debug, Default, serde::Deserialize)]
struct CaseYaml {
    rule: Option<String>,
    /// A package's per-case keys (`input_validator_args`, `description`,
    /// `hint`, …): the format's business, not the rule's.
    #[serde(flatten)]
    other: BTreeMap<String, serde_yaml::Value>,
}

/// Where a case's own settings file would be: `<input stem>.yaml`.
pub fn case_yaml(input: &Path) -> PathBuf {
    input.with_extension("yaml")
}

/// The package format's own keys of a case's `.yaml` (2023-07 and
/// 2025-09), which an imported invalid input may bring along.
const FORMAT_KEYS: [&str; 8] = [
    "args",
    "input_validator_args",
    "output_validator_args",
    "input_visualizer_args",
    "output_visualizer_args",
    "full_feedback",
    "hint",
    "description",
];

/// The rule declared in `file` (a case's `.yaml`). Besides `rule`, the
/// package format's keys may be there; in judge's layout (`package`
/// false) another key is a located error (a misspelt `rule` must not
/// pass), while a package's file is the format's to define.
pub fn read_case_rule(file: &Path, package: bool) -> Result<Option<String>, ProblemError> {
    let text = read_settings(file)?;
    if text.trim().is_empty() {
        return Ok(None);
    }
    let yaml: CaseYaml = parse_yaml(file, &text)?;
    let unknown = (yaml.other.keys()).find(|k| !FORMAT_KEYS.contains(&k.as_str()));
    if let (false, Some(key)) = (package, unknown) {
        let reason =
            format!("unknown key `{key}`: an invalid input's .yaml declares the `rule` it breaks");
        return Err(bad_key(file, &text, key, reason));
    }
    match yaml.rule {
        Some(rule) if rule.trim().is_empty() => Err(bad_key(
            file,
            &text,
            "rule",
            "an empty rule names nothing".into(),
        )),
        rule => Ok(rule.map(|r| r.trim().to_string())),
    }
}

/// The rules of judge's layout, by invalid case id (`invalid_input/…`):
/// from each input's `.yaml` beside it (`yamls`, found among the folder's
/// other files) and the recipe's `invalid:` map.
pub(crate) fn declared(
    problem_dir: &Path,
    invalid_dir: &Path,
    ids: &BTreeMap<String, String>,
    yamls: &[PathBuf],
) -> Result<BTreeMap<String, String>, ProblemError> {
    let mut rules = BTreeMap::new();
    for file in yamls {
        let name = name_below(invalid_dir, file);
        if let (Some(id), Some(rule)) = (ids.get(&name), read_case_rule(file, false)?) {
            rules.insert(id.clone(), rule);
        }
    }
    // A broken recipe is reported by the drift check, which reads it whole.
    let Ok(Some(recipe)) = recipe::load(problem_dir) else {
        return Ok(rules);
    };
    let file = recipe::path(problem_dir);
    for (name, rule) in &recipe.invalid {
        let at = |reason: String| {
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            bad_key(&file, &text, &format!("invalid.{name}"), reason)
        };
        let Some(id) = ids.get(name.trim_end_matches(".in")) else {
            return Err(at(format!(
                "{name}: no invalid/{name}.in to declare a rule for"
            )));
        };
        match rules.get(id) {
            Some(other) if other != rule => {
                return Err(at(format!(
                    "{name}: the recipe says `{rule}`, {} says `{other}`",
                    invalid_dir.join(format!("{name}.yaml")).display()
                )));
            }
            _ => {
                rules.insert(id.clone(), rule.trim().to_string());
            }
        }
    }
    Ok(rules)
}

/// `a/b` for `invalid/a/b.yaml` (or `.in`): a case's name in the recipe.
pub(crate) fn name_below(dir: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(dir).unwrap_or(file).with_extension("");
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}
