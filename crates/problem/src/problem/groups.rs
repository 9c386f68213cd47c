//! Case groups: `cases/<group>/group.yaml` settings, and the scoring rules
//! of scoring problems (data: what each group is worth and how its items
//! add up). The scores themselves are computed in one place, the engine's
//! `score` module.
//!
//! Every folder below `cases/` is a group (`sample`, `secret/small`, …) and
//! may hold a `group.yaml`. Judging settings (`checker_args`,
//! `validator_args`, `compare`, `tolerance`) are inherited by sub-folders
//! (the nearest file that sets a key wins); scoring settings (`score`,
//! `aggregation`, `accept_score`, `reject_score`) belong to their own group.
//!
//! Scores follow the ICPC 2025-09 rules, with the legacy ones on top: a
//! group's cases and sub-groups are its items. `pass-fail`: the group's
//! `score` when every item is accepted, else 0. `sum`: the items' scores
//! added up, each direct case worth an equal share of what the sub-groups
//! leave of `score` (or `accept_score`). `min`: the lowest item score,
//! each case worth the whole `score`. A group without a `score` is worth
//! what its items are (each case 1, as in legacy packages), summed by
//! default. A checker may give a case part of its worth
//! (`score_multiplier.txt`, a testlib `points` fraction) or a score of its
//! own (`score.txt`).

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::compare::CompareMode;

pub use super::legacy_grading::LegacyGrading;
pub use super::spec::Aggregation;

/// The contents of `cases/<group>/group.yaml`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupSpec {
    /// What the group is worth (scoring problems).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aggregation: Option<Aggregation>,
    /// The score of an accepted case without a score of its own (legacy
    /// `accept_score`; overrides `score / items`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accept_score: Option<f64>,
    /// The score of a rejected case (legacy `reject_score`, default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reject_score: Option<f64>,
    /// Extra checker arguments for the cases below (ICPC
    /// `output_validator_args` / `output_validator_flags`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checker_args: Option<Vec<String>>,
    /// Arguments for the input validator programs (ICPC
    /// `input_validator_args` / `input_validator_flags`): the same for
    /// each, or each validator's by its name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validator_args: Option<ValidatorArgs>,
    /// Command-line arguments for the submissions on the cases below
    /// (2025-09 `args`), after the program's own command.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub args: Option<Vec<String>>,
    /// Compare mode and tolerance for the cases below, replacing the
    /// problem's (a package's per-group `float_tolerance`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compare: Option<CompareMode>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<f64>,
    /// A legacy package's grading of this folder (problemtools' rules,
    /// [`super::legacy_grading`]); replaces the keys above for scores.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legacy: Option<LegacyGrading>,
    /// No most the group can score (2025-09 `max_score: unbounded`): each
    /// accepted case scores what its checker's `score.txt` says.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unbounded: bool,
    /// Groups (by path, `sample` included) whose every case a submission
    /// must pass for this group to score at all (2025-09 `require_pass`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub require_pass: Option<Vec<String>>,
    /// A package's `input_visualizer_args` / `output_visualizer_args`
    /// for the cases below: never in judge's own `group.yaml` (its layout
    /// has no visualizers), so neither read from it nor written.
    #[serde(skip)]
    pub visualizer_args: VisualizerArgs,
}

/// The arguments of a package's two visualizers on a case (2025-09
/// `input_visualizer_args`, `output_visualizer_args`), each inherited on
/// its own down the groups (`None`: not set here).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct VisualizerArgs {
    pub input: Option<Vec<String>>,
    pub output: Option<Vec<String>>,
}

/// The arguments of the input validators on a case (2025-09
/// `input_validator_args`: "a sequence of strings, or a map of strings to
/// sequences of strings"). A map names each validator by its program's
/// name, and a validator it leaves out runs with none: a package with a
/// format validator and a property validator gives the second its bound
/// without confusing the first (BAPCtools' `divsort` does).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ValidatorArgs {
    /// The same arguments for every validator.
    Each(Vec<String>),
    /// Each validator's own, by name.
    ByName(BTreeMap<String, Vec<String>>),
}

impl Default for ValidatorArgs {
    fn default() -> Self {
        ValidatorArgs::Each(Vec::new())
    }
}

impl ValidatorArgs {
    /// The arguments of the validator called `name` (its file's or
    /// folder's name without extension).
    pub fn for_validator(&self, name: &str) -> &[String] {
        match self {
            ValidatorArgs::Each(args) => args,
            ValidatorArgs::ByName(map) => map.get(name).map_or(&[], Vec::as_slice),
        }
    }
}

/// The file name of a group's settings.
pub const GROUP_FILE: &str = "group.yaml";

/// Judging settings in force for one case (inherited down the groups).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CaseSettings {
    pub checker_args: Vec<String>,
    pub validator_args: ValidatorArgs,
    /// The submission's command-line arguments on this case (2025-09
    /// `args`; input validators get them after their own).
    pub args: Vec<String>,
    pub compare: Option<CompareMode>,
    pub tolerance: Option<f64>,
    /// The package's visualizers' arguments on this case (set, or empty).
    pub visualizer_args: VisualizerArgs,
}

/// Every group's settings, by group path (`""` is `cases/` itself).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Groups {
    pub specs: BTreeMap<String, GroupSpec>,
}

impl Groups {
    /// The group paths from the root down to `group` (`a/b` → "", "a", "a/b").
    fn chain(group: &str) -> Vec<String> {
        let mut chain = vec![String::new()];
        let mut path = String::new();
        for part in group.split('/').filter(|p| !p.is_empty()) {
            if !path.is_empty() {
                path.push('/');
            }
            path.push_str(part);
            chain.push(path.clone());
        }
        chain
    }

    /// The settings in force in `group`: for each key, the nearest group
    /// (itself, then its ancestors) that sets it.
    pub fn settings(&self, group: &str) -> CaseSettings {
        let mut s = CaseSettings::default();
        for g in Self::chain(group) {
            if let Some(spec) = self.specs.get(&g) {
                s.apply(spec);
            }
        }
        s
    }
}

impl CaseSettings {
    /// These settings with the keys `spec` sets replaced: a group's over
    /// its parent's, or a case's own (a package's `<case>.yaml`) over its
    /// group's.
    pub fn apply(&mut self, spec: &GroupSpec) {
        if let Some(a) = &spec.checker_args {
            self.checker_args = a.clone();
        }
        if let Some(a) = &spec.validator_args {
            self.validator_args = a.clone();
        }
        if let Some(a) = &spec.args {
            self.args = a.clone();
        }
        self.compare = spec.compare.or(self.compare);
        self.tolerance = spec.tolerance.or(self.tolerance);
        let (mine, theirs) = (&mut self.visualizer_args, &spec.visualizer_args);
        mine.input = theirs.input.clone().or(mine.input.take());
        mine.output = theirs.output.clone().or(mine.output.take());
    }
}

/// Reads every `group.yaml` below `cases_dir`; errors name the file, line
/// and column.
pub(crate) fn read_groups(cases_dir: &Path) -> Result<Groups, super::fault::ProblemError> {
    let mut groups = Groups::default();
    for entry in walkdir::WalkDir::new(cases_dir)
        .follow_links(true)
        .sort_by_file_name()
    {
        let Ok(entry) = entry else { continue };
        if entry.file_name() != GROUP_FILE || !entry.file_type().is_file() {
            continue;
        }
        let path = entry.path();
        let text = super::fault::read_settings(path)?;
        let spec: GroupSpec = super::fault::parse_yaml(path, &text)?;
        let group = super::layout::group_of(cases_dir, path.parent().unwrap_or(cases_dir));
        groups.specs.insert(group, spec);
    }
    Ok(groups)
}

/// What a group is worth and how its items add up: the scoring part of a
/// `group.yaml`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupScoring {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aggregation: Option<Aggregation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accept_score: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reject_score: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legacy: Option<LegacyGrading>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unbounded: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub require_pass: Option<Vec<String>>,
}

/// A scoring problem's rules, kept in reports so that merged shards are
/// scored again exactly as one run would have been.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoringRules {
    /// Count `sample` too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub include_sample: bool,
    /// By group path; `""` is the whole problem.
    pub groups: BTreeMap<String, GroupScoring>,
    /// A legacy package's grading of `data/` itself (above judge's root,
    /// which is `data/secret`): scores are then problemtools'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legacy: Option<LegacyGrading>,
}

impl Groups {
    /// The scoring rules of a scoring problem: every group's scoring keys,
    /// and the whole problem aggregating its groups (`sum` unless said).
    pub fn rules(&self, spec: &super::spec::ScoringSpec) -> ScoringRules {
        let mut groups: BTreeMap<String, GroupScoring> = self
            .specs
            .iter()
            .map(|(g, s)| {
                (
                    g.clone(),
                    GroupScoring {
                        score: s.score,
                        aggregation: s.aggregation,
                        accept_score: s.accept_score,
                        reject_score: s.reject_score,
                        legacy: s.legacy.clone(),
                        unbounded: s.unbounded,
                        require_pass: s.require_pass.clone(),
                    },
                )
            })
            .collect();
        let root = groups.entry(String::new()).or_default();
        root.aggregation = root.aggregation.or(spec.aggregation);
        ScoringRules {
            include_sample: spec.include_sample,
            groups,
            legacy: spec.legacy.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(entries: &[(&str, GroupSpec)]) -> Groups {
        Groups {
            specs: entries
                .iter()
                .map(|(g, s)| (g.to_string(), s.clone()))
                .collect(),
        }
    }

    #[test]
    fn settings_are_inherited_by_the_nearest_group_that_sets_them() {
        let g = groups(&[
            (
                "",
                GroupSpec {
                    checker_args: Some(vec!["a".into()]),
                    tolerance: Some(1e-3),
                    ..Default::default()
                },
            ),
            (
                "secret",
                GroupSpec {
                    checker_args: Some(vec!["b".into()]),
                    ..Default::default()
                },
            ),
        ]);
        let s = g.settings("secret/deep");
        assert_eq!(s.checker_args, vec!["b".to_string()]);
        assert_eq!(s.tolerance, Some(1e-3));
        assert_eq!(g.settings("sample").checker_args, vec!["a".to_string()]);
    }
}
