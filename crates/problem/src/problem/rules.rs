//! The rule each invalid input declares it breaks.
//!
//! An input of `invalid/` proves a validator checks a rule only if the
//! validator rejects it *for that rule* (see `judge_text::rule`). The rule
//! is declared where the case is described: in a `<name>.yaml` beside the
//! input (`rule: n-range`; a package's `data/invalid_input/<name>.yaml`,
//! its format's per-case file, takes the same key beside its own, or the
//! format's `description` holding `(rule n-range)`), or in
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
    // The format's own `description` may carry it in judge's tag form,
    // `(rule NAME)`: what `judge export` writes, so that package tools,
    // which warn about keys they do not know, have nothing to warn about.
    let described = || {
        let text = yaml.other.get("description")?.as_str()?;
        judge_text::rule::tagged(text).into_iter().next()
    };
    match yaml.rule.clone().or_else(described) {
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

#[cfg(test)]
mod tests {
    use super::super::load_problem;

    /// A problem folder with `files` (path, text) beside a minimal
    /// problem.yaml; what loading it gives.
    fn load(files: &[(&str, &str)]) -> Result<super::super::Problem, super::ProblemError> {
        let dir = tempfile::tempdir().unwrap();
        let all = [
            ("problem.yaml", "name: X\nreference: ref.py\n"),
            ("ref.py", ""),
            ("cases/sample/1.in", "1\n"),
        ];
        for (path, text) in all.iter().chain(files) {
            let path = dir.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        load_problem("x", dir.path())
    }

    #[test]
    fn rules_come_from_beside_the_input_and_from_the_recipe() {
        let p = load(&[
            ("invalid/big.in", "9\n"),
            ("invalid/big.yaml", "rule: n-range\n"),
            ("invalid/sub/space.in", "1 \n"),
            ("invalid/told.in", "1\n"),
            (
                "invalid/told.yaml",
                "description: \"the format's own key (rule t-range)\"\n",
            ),
            ("invalid/none.in", "x\n"),
            (
                "recipe.yaml",
                "groups:\n  sample:\n    - manual: all\ninvalid:\n  sub/space: trailing-space\n",
            ),
        ])
        .unwrap();
        let rules: Vec<(&str, &str)> = (p.invalid_rules.iter())
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            rules,
            [
                ("invalid_input/big", "n-range"),
                ("invalid_input/sub/space", "trailing-space"),
                ("invalid_input/told", "t-range"),
            ]
        );
        // A declaration is not a stray file.
        assert!(p.stray_files.is_empty(), "{:?}", p.stray_files);
    }

    #[test]
    fn a_misspelt_key_a_missing_input_and_two_rules_are_located_errors() {
        let e = load(&[("invalid/a.in", "1\n"), ("invalid/a.yaml", "\nrul: x\n")]).unwrap_err();
        let e = e.to_string();
        assert!(e.contains("invalid/a.yaml:2:1: unknown key `rul`"), "{e}");
        let e = load(&[
            ("invalid/a.in", "1\n"),
            (
                "recipe.yaml",
                "groups:\n  sample:\n    - manual: all\ninvalid:\n  b: n-range\n",
            ),
        ])
        .unwrap_err()
        .to_string();
        assert!(e.contains("recipe.yaml:5:3: b: no invalid/b.in"), "{e}");
        let e = load(&[
            ("invalid/a.in", "1\n"),
            ("invalid/a.yaml", "rule: t-range\n"),
            (
                "recipe.yaml",
                "groups:\n  sample:\n    - manual: all\ninvalid:\n  a: n-range\n",
            ),
        ])
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("a: the recipe says `n-range`") && e.contains("says `t-range`"),
            "{e}"
        );
        let e = load(&[("invalid/a.in", "1\n"), ("invalid/a.yaml", "rule: ''\n")])
            .unwrap_err()
            .to_string();
        assert!(e.contains("an empty rule names nothing"), "{e}");
    }
}
