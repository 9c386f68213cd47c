//! A package's `constants` written into its programs (2025-09: input
//! and output validators, included files, example submissions): every
//! `{{name}}` of a defined constant is replaced in the program's copy in
//! the build folder, before it is compiled, so the package itself is
//! never changed and the build cache keys the substituted text. Files
//! that are no UTF-8 text (a binary, a picture) are left as they are, as
//! are sequences of undefined names (the package reader warns of those).

use std::path::Path;

use crate::build::BuildError;
use crate::environment::Constants;
use crate::problem::Problem;

/// The constants of `problem`'s package, if it has any.
pub(crate) fn of(problem: &Problem) -> Option<Constants> {
    let env = &problem.origin.as_ref()?.environment;
    (!env.constants.is_empty()).then(|| env.constants.clone())
}

/// The constants for `file` built for `problem`: a file of the package
/// (an example submission, the reference) gets them; a submission from
/// outside it (`judge grade pkg my.cc`) is a contestant's, which no judge
/// rewrites.
pub(crate) fn for_file(problem: &Problem, file: &Path) -> Option<Constants> {
    let canon = |p: &Path| std::fs::canonicalize(p).ok();
    match (canon(file), canon(&problem.dir)) {
        (Some(f), Some(d)) if f.starts_with(&d) => of(problem),
        _ => None,
    }
}

/// Substitutes `constants` in every text file at `copy` (a file, or a
/// folder and everything below it): the program's copy in its build
/// folder.
pub(crate) fn substitute(copy: &Path, constants: &Constants) -> Result<(), BuildError> {
    constants.substitute_tree(copy).map_err(|e| {
        BuildError::Setup(format!(
            "{}: cannot write the package's constants in: {e}",
            copy.display()
        ))
    })
}
