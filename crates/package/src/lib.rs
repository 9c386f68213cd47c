//! judge-package: ICPC / Kattis problem packages, read and written, and
//! the folders of problems every command starts from.
//!
//! Contest systems (Kattis, DOMjudge, problemtools, BAPCtools) exchange
//! problems as packages, in three formats (legacy, 2023-07 draft,
//! 2025-09). The package's layout is read here, above the problem model
//! it reads packages into, with three things kept where judge's own
//! layout shares them: a submissions folder's `submissions.yaml`,
//! DOMjudge's `submissions.json` and `@EXPECTED_RESULTS@` tags are read by
//! `judge-problem`'s `submissions` (judge's layout has the same folders),
//! and `graders/` and `include/`, which this crate copies or points at,
//! are built into programs by the engine (`build::tools`,
//! `build::included`):
//!
//! | module | holds |
//! |---|---|
//! | [`read`] (with `read_data`, `read_checks`, `testdata`, `submissions`) | a package → a [`plan::Plan`]: what each file becomes, what is skipped, and the [`Refusal`]s |
//! | [`in_place`] | a package judged where it stands: the plan pointed at the package's own files |
//! | [`discover()`] | a problems folder, in judge's layout or as packages (or one package): the first stage of every command |
//! | [`root`] | the repository around the current folder: its problems folder (or the package judged in place), configuration and reports |
//! | [`generators`] | BAPCtools' `generators/generators.yaml` read into the cases it describes (the engine runs it) |
//! | [`mod@write`] (with `scores`) | what a problem becomes as a package |
//! | [`export`] | a problem copied as a package folder or zip (`judge export`) |
//! | [`import`] | a package unpacked, staged and moved into place as a problem (`judge import`) |
//! | [`scaffold`] | the problem `judge new` writes, in either layout, and the repository around it |
//! | [`error`] | what stops reading or writing a package |
//! | [`statement`] | Markdown statements as LaTeX, for legacy packages |
//! | this file | `judge.yaml`, where case groups live below `data/`, and the mapping of compare modes |
//!
//! The command line's `import` and `export` parse their arguments and
//! print; importing a package that leaves its time limit open runs its
//! accepted submissions through the engine, between [`import::Import::stage`]
//! and [`import::Staged::finish`].
//!
//! Output comparison: a package without an output validator is judged by
//! the ICPC default validator with its flags (`checker: {builtin:
//! icpc-default}`), never by a judge compare mode that only looks alike;
//! on export, compare modes become default-validator flags:
//!
//! * `tokens` → `case_sensitive`: the same rule.
//! * `lines` → `case_sensitive`: looser, since the validator does not see
//!   line breaks (a token moved to the next line still passes).
//! * `float` → `case_sensitive float_tolerance T`: numbers within `T`,
//!   absolute or relative, as in judge.
//! * `exact` → `case_sensitive space_change_sensitive`.
//!
//! Those mappings lose information, so an export also writes `judge.yaml`
//! with our `problem.yaml` and group settings as they are; import prefers
//! it, which makes export → import give back the same problem.
//!
//! May depend on: `judge-problem` (the model a package becomes, and the
//! plain [`Origin`](judge_problem::origin::Origin) a problem keeps of
//! its package), `judge-languages` (a submission's language, headers),
//! `judge-sandbox` (whether a language's tools are installed, to choose
//! the reference), `judge-fs` (staged folders, atomic writes) and
//! `judge-text`. Never on the engine or the reports,
//! which sit on top of it; the problem crate never on this one.

mod contest_files;
mod data_groups;
mod discover;
pub mod error;
pub mod export;
mod forgiven;
pub mod generators;
pub mod graders;
pub use graders::INCLUDE;
mod generators_seed;
pub mod import;
pub mod in_place;
mod key_check;
pub mod plan;
pub mod read;
mod read_checks;
mod read_data;
mod read_environment;
mod read_limits;
mod read_static;
mod read_type;
mod read_visualizers;
mod refusal;
pub mod root;
pub mod scaffold;
mod scores;
mod spec_keys;
pub mod statement;
mod submissions;
mod testdata;
mod validator_dirs;
pub mod write;

// The layers below, under the names the code uses.
pub(crate) use judge_problem::{checkers, compare, environment, origin, problem};
pub(crate) use judge_text::{located, units};

pub use discover::discover;
pub use refusal::Refusal;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_yaml::Value;

use crate::compare::CompareMode;
use crate::origin::Format;
use crate::problem::{CheckerSpec, GroupSpec, ProblemSpec, SAMPLE_GROUP};

/// The package file that keeps judge's own fields.
pub const EXTENSION_FILE: &str = "judge.yaml";

/// What `judge.yaml` keeps: the problem as judge had it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Extension {
    /// judge's problem id (the package's short name cannot hold `-`).
    pub id: String,
    pub problem: ProblemSpec,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub groups: BTreeMap<String, GroupSpec>,
    /// Case groups whose data folder a package reading would name
    /// otherwise (see [`renamed_folders`]): data folder → judge group, so
    /// that judging the package in place or importing it gives back
    /// judge's case ids.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub folders: BTreeMap<String, String>,
}

/// The folder of the output validator in `format` (legacy packages name
/// it in the plural).
pub fn output_validator_dir(format: Format) -> &'static str {
    match format {
        Format::Legacy => "output_validators",
        _ => "output_validator",
    }
}

/// The folder, inside a legacy package's `output_validators/`, of each of
/// a checker's programs: named after the one program, or, for several
/// (whose stems may clash: `validator/` beside `validator.cpp`), after
/// each whole file name.
pub(crate) fn legacy_validator_folders(checker: &CheckerSpec) -> Vec<(PathBuf, String)> {
    let several = !checker.also.is_empty();
    (checker.program.iter().chain(&checker.also))
        .map(|p| {
            let name = match several {
                true => p
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .replace('.', "_"),
                false => p
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
            };
            (p.clone(), name)
        })
        .collect()
}

/// The folder of the statements in `format`.
pub fn statement_dir(format: Format) -> &'static str {
    match format {
        Format::Legacy => "problem_statement",
        _ => "statement",
    }
}

/// The default validator's flags that come closest to `compare`.
pub(crate) fn validator_flags(compare: CompareMode, tolerance: f64) -> String {
    match compare {
        CompareMode::Exact => "case_sensitive space_change_sensitive".to_string(),
        CompareMode::Lines | CompareMode::Tokens => "case_sensitive".to_string(),
        CompareMode::Float => format!("case_sensitive float_tolerance {tolerance:e}"),
    }
}

/// Where a case group's files go, relative to the package's `data/`.
/// judge's groups `sample…` and `secret…` are already named as the
/// package's folders are (`secret/x` → `data/secret/x`); any other group
/// is secret data (`edge` → `data/secret/edge`, top-level cases →
/// `data/secret`).
pub fn data_folder(group: &str) -> PathBuf {
    let parts: Vec<&str> = group.split('/').filter(|p| !p.is_empty()).collect();
    match parts.first() {
        Some(&SAMPLE_GROUP | &SECRET) => parts.iter().collect(),
        _ => std::iter::once(SECRET).chain(parts).collect(),
    }
}

/// The package's folder of secret data, below `data/`.
pub(crate) const SECRET: &str = "secret";

/// For an export's `judge.yaml`: every case group whose data folder
/// [`group_of`] would read back as another group (`secret/x` is in
/// `data/secret/x`, which a package reading names `x`), by data folder.
pub(crate) fn renamed_folders<'a>(
    groups: impl IntoIterator<Item = &'a str>,
) -> BTreeMap<String, String> {
    groups
        .into_iter()
        .filter_map(|group| {
            let folder = data_folder(group);
            (group_of(&folder).as_deref() != Some(group))
                .then(|| (slashed(&folder), group.to_string()))
        })
        .collect()
}

/// A relative path with `/` separators.
fn slashed(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The case group of data folder `folder` in a package `judge export`
/// wrote: `renamed` (its `judge.yaml`'s `folders`) first, else as any
/// package is read.
pub(crate) fn group_in(folder: &Path, renamed: &BTreeMap<String, String>) -> Option<String> {
    renamed
        .get(&slashed(folder))
        .cloned()
        .or_else(|| group_of(folder))
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

/// Our `problem.yaml` text for `spec`, leaving out what the defaults say
/// (an empty source, the tolerance of a mode that has none).
pub fn judge_problem_yaml(spec: &ProblemSpec) -> Result<String, serde_yaml::Error> {
    let mut value = serde_yaml::to_value(spec)?;
    if let Value::Mapping(map) = &mut value {
        if spec.source.is_empty() {
            map.remove("source");
        }
        if spec.compare != CompareMode::Float && spec.tolerance == ProblemSpec::DEFAULT_TOLERANCE {
            map.remove("tolerance");
        }
    }
    let body = serde_yaml::to_string(&value)?;
    Ok(format!(
        "# Imported by `judge import` from an ICPC problem package.\n{body}"
    ))
}

/// A string field, or the English (else first) entry of a per-language map
/// as newer packages write `name`; a `{name, url}` source gives its name.
pub(crate) fn text_in(value: &Value) -> Option<String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_versions_are_read_and_unknown_ones_quoted_as_written() {
        let yaml = |t: &str| serde_yaml::from_str::<serde_yaml::Value>(t).unwrap();
        assert_eq!(read::format_of(&yaml("name: x")), Ok(Format::Legacy));
        assert_eq!(
            read::format_of(&yaml("problem_format_version: 2023-07-draft")),
            Ok(Format::Draft2023)
        );
        assert_eq!(
            read::format_of(&yaml("problem_format_version: 2025-09")),
            Ok(Format::V2025)
        );
        let err = read::format_of(&yaml("problem_format_version: 2024-01")).unwrap_err();
        assert_eq!(err.written.as_deref(), Some("2024-01"));
        assert_eq!(
            err.to_string(),
            "problem_format_version 2024-01 is not one judge reads (legacy, 2023-07-draft, 2025-09)"
        );
        let err = read::format_of(&yaml("problem_format_version: [1]")).unwrap_err();
        assert_eq!(err.written, None);
        assert!(
            err.to_string()
                .contains("version (not a single value) is not"),
            "{err}"
        );
    }

    #[test]
    fn every_mode_maps_to_case_sensitive_flags() {
        assert_eq!(validator_flags(CompareMode::Tokens, 1e-6), "case_sensitive");
        assert_eq!(
            validator_flags(CompareMode::Exact, 1e-6),
            "case_sensitive space_change_sensitive"
        );
        assert_eq!(
            validator_flags(CompareMode::Float, 1e-6),
            "case_sensitive float_tolerance 1e-6"
        );
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
    fn judges_secret_groups_are_the_packages_secret_folders_and_read_back() {
        // judge's layout names `secret` itself: no second `secret/`.
        for (group, folder) in [
            ("secret", "secret"),
            ("secret/x", "secret/x"),
            ("secret/x/y", "secret/x/y"),
            ("sample/extra", "sample/extra"),
            ("secretive", "secret/secretive"),
        ] {
            assert_eq!(data_folder(group), PathBuf::from(folder), "{group}");
        }
        // A package reading would name those `""`, `x`, …: an export
        // keeps judge's names in judge.yaml, and they are read back.
        let groups = ["sample", "secret", "secret/x", "secret/x/y", "edge"];
        let renamed = renamed_folders(groups);
        assert_eq!(
            renamed.keys().map(String::as_str).collect::<Vec<_>>(),
            ["secret", "secret/x", "secret/x/y"]
        );
        for group in groups {
            let folder = data_folder(group);
            assert_eq!(group_in(&folder, &renamed).as_deref(), Some(group));
        }
        // Without judge.yaml, as any package is read.
        assert_eq!(
            group_in(Path::new("secret/x"), &BTreeMap::new()).as_deref(),
            Some("x")
        );
    }
}
