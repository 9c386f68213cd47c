//! Which folder of a package holds its validators, as contests wrote them.
//!
//! The folder names changed between the format's versions, and the tools
//! that wrote real packages did not follow the versions in step: legacy
//! packages keep the output validator in `output_validators/`, 2025-09 in
//! `output_validator/`, BAPCtools wrote `output_validators/` into its
//! 2023-07-draft packages until 2025, and DOMjudge's own examples put
//! `output_validator/` into packages with no `problem_format_version`.
//! DOMjudge and the BAPCtools of the time read either spelling whatever
//! the version, so judge does too: a validator is never ignored because
//! its folder is spelled the other way.
//!
//! The rule: the spelling of the package's own format is looked at first;
//! when it holds no program, the other spelling is used and a note says
//! so. When both hold programs, the format's own is used and the other is
//! listed as skipped, with a note: never silently.

use std::path::{Path, PathBuf};

use judge_languages::is_header;

use crate::origin::Format;
use crate::plan::{Plan, name_of, sorted_entries};

/// The kinds of validator a package may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Input,
    Output,
    Answer,
}

impl Kind {
    /// The folder names of this kind, the format's own first.
    pub(crate) fn spellings(self, format: Format) -> &'static [&'static str] {
        match (self, format) {
            (Kind::Input, _) => &[
                "input_validators",
                "input_format_validators",
                "input_validator",
            ],
            (Kind::Output, Format::Legacy) => &["output_validators", "output_validator"],
            (Kind::Output, _) => &["output_validator", "output_validators"],
            (Kind::Answer, _) => &["answer_validators", "answer_validator"],
        }
    }

    fn what(self) -> &'static str {
        match self {
            Kind::Input => "input validators",
            Kind::Output => "output validator",
            Kind::Answer => "answer validators",
        }
    }
}

/// Every spelling of every kind: folders the reader takes as validators.
pub(crate) fn all_spellings() -> Vec<&'static str> {
    let mut all = Vec::new();
    for kind in [Kind::Input, Kind::Output, Kind::Answer] {
        for name in kind.spellings(Format::Legacy) {
            if !all.contains(name) {
                all.push(*name);
            }
        }
    }
    all
}

/// The programs of a validator folder: its entries but headers (which
/// travel with the source that includes them), hidden files (`.gitkeep`
/// keeps an empty folder in git; the format ignores dot files) and files
/// that are no program ([`not_programs`]).
pub(crate) fn programs(dir: &Path) -> Vec<PathBuf> {
    sorted_entries(dir)
        .into_iter()
        .filter(|p| !is_header(p) && !name_of(p).starts_with('.') && is_program(p))
        .collect()
}

/// The files of a validator folder that are no program: no language of
/// the table claims them and they are not executable (a tool's skeleton
/// leaves `validate.ctd.template` or `check.viva.template` there). The
/// package's own judge passes them over, so judge reads past them too
/// instead of refusing the package.
pub(crate) fn not_programs(dir: &Path) -> Vec<PathBuf> {
    sorted_entries(dir)
        .into_iter()
        .filter(|p| !is_header(p) && !name_of(p).starts_with('.') && !is_program(p))
        .collect()
}

/// A folder (a program of several files), a file a language claims, or
/// an executable.
fn is_program(path: &Path) -> bool {
    path.is_dir()
        || judge_languages::table().written_in(path).is_some()
        || judge_sandbox::toolchain::is_executable(path)
}

/// The folder of `kind` in `pkg` that holds programs, if any, with the
/// choice noted in `plan` when it is not the format's own spelling or
/// when another spelling is passed over.
pub(crate) fn find(pkg: &Path, format: Format, kind: Kind, plan: &mut Plan) -> Option<PathBuf> {
    let spellings = kind.spellings(format);
    for dir in spellings {
        for file in not_programs(&pkg.join(dir)) {
            let why = "no program (no language claims it and it is not executable): read past";
            plan.skipped
                .push((crate::plan::rel(pkg, &file), why.into()));
        }
    }
    let holding: Vec<&str> = spellings
        .iter()
        .copied()
        .filter(|d| !programs(&pkg.join(d)).is_empty())
        .collect();
    let chosen = *holding.first()?;
    if chosen != spellings[0] {
        plan.notes.push(format!(
            "{chosen}/: read as the {what} (a {format} package names the folder {own}/; \
             the tools that wrote such packages, and DOMjudge, read either name)",
            what = kind.what(),
            own = spellings[0],
        ));
    }
    for other in &holding[1..] {
        let why = format!("{chosen}/ holds the {} too and is used", kind.what());
        plan.notes.push(format!("{other}/: not read: {why}"));
        plan.skipped.push((format!("{other}/"), why));
    }
    Some(pkg.join(chosen))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pkg(files: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for f in files {
            let p = dir.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "x\n").unwrap();
        }
        dir
    }

    #[test]
    fn the_other_spelling_is_used_and_said_so() {
        // BAPCtools' 2023-07-draft packages: the plural folder.
        let dir = pkg(&["output_validators/v/check.cpp", "output_validators/v/v.h"]);
        let mut plan = Plan::default();
        let found = find(dir.path(), Format::Draft2023, Kind::Output, &mut plan);
        assert_eq!(found, Some(dir.path().join("output_validators")));
        assert_eq!(plan.notes.len(), 1, "{:?}", plan.notes);
        assert!(plan.notes[0].starts_with("output_validators/: read as the output validator (a 2023-07-draft package names the folder output_validator/"), "{}", plan.notes[0]);
        // DOMjudge's legacy packages: the singular one.
        let dir = pkg(&["output_validator/validator.py"]);
        let mut plan = Plan::default();
        let found = find(dir.path(), Format::Legacy, Kind::Output, &mut plan);
        assert_eq!(found, Some(dir.path().join("output_validator")));
        assert!(plan.notes[0].contains("a legacy package names the folder output_validators/"));
    }

    #[test]
    fn the_formats_own_spelling_wins_and_the_other_is_named() {
        let dir = pkg(&["output_validator/a.py", "output_validators/b.py"]);
        let mut plan = Plan::default();
        let found = find(dir.path(), Format::V2025, Kind::Output, &mut plan);
        assert_eq!(found, Some(dir.path().join("output_validator")));
        assert_eq!(plan.skipped.len(), 1);
        assert_eq!(plan.skipped[0].0, "output_validators/");
        assert!(plan.notes[0].contains("not read: output_validator/ holds"));
    }

    #[test]
    fn a_folder_of_headers_and_dot_files_holds_no_program() {
        let dir = pkg(&["output_validators/.gitkeep", "output_validators/testlib.h"]);
        let mut plan = Plan::default();
        assert_eq!(
            find(dir.path(), Format::Legacy, Kind::Output, &mut plan),
            None
        );
        assert!(plan.notes.is_empty());
        let dir = pkg(&["input_validator/check.py"]);
        let found = find(dir.path(), Format::Legacy, Kind::Input, &mut plan);
        assert_eq!(found, Some(dir.path().join("input_validator")));
    }
}
