//! A legacy package's custom grader (`graders/`, used where a
//! `testdata.yaml` says `grading: custom`): one program, a file or a
//! folder, as problemtools takes it (it refuses a package with more than
//! one). The engine builds and runs it in the sandbox like any program;
//! here the package is only checked to hold it, and it travels with an
//! import under the same name.

use std::path::{Path, PathBuf};

use crate::Refusal;
use crate::plan::{Plan, sorted_entries};

/// A package's (and a problem's) folder of files added to submissions,
/// which the engine adds at build (`judge_engine::build::included`).
pub const INCLUDE: &str = "include";

/// The folder of a package (and of a problem) holding its grader.
pub const GRADERS: &str = "graders";

/// The grader programs of `pkg`: the entries of `graders/` that are not
/// headers or hidden files.
pub fn programs(pkg: &Path) -> Vec<PathBuf> {
    sorted_entries(&pkg.join(GRADERS))
        .into_iter()
        .filter(|p| !judge_languages::is_header(p))
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect()
}

/// A folder grades with `grading: custom`: the package must hold exactly
/// one grader, which an import copies along.
pub(crate) fn require(pkg: &Path, plan: &mut Plan) {
    let found = programs(pkg);
    match found.len() {
        0 => plan.refused.push(Refusal::Missing {
            at: format!("{GRADERS}/"),
            what: "a testdata.yaml says grading: custom, and the package has no grader".into(),
        }),
        1 => plan
            .copies
            .push((pkg.join(GRADERS), PathBuf::from(GRADERS))),
        n => plan.refused.push(Refusal::Invalid {
            at: format!("{GRADERS}/"),
            reason: format!("{n} graders; a package has one (problemtools refuses more too)"),
        }),
    }
}
