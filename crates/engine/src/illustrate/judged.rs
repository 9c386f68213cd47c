//! What the drawers are given: which cases are drawn, and one judged case
//! as they see it. A leaf of `illustrate`, so each drawer and the stage's
//! own entry points share it without importing one another.

use crate::build::tools::Tools;
use crate::problem::{Case, Problem};
use crate::verdict::Verdict;

/// Which cases are drawn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Wanted {
    /// Failing cases only: a passing run draws nothing.
    #[default]
    Failures,
    /// Every case (`--pictures`).
    Every,
    /// None: a search that judges many failing inputs it shows no one
    /// (`judge stress` shrinking a counterexample).
    Never,
}

impl Wanted {
    /// `--pictures` given or not.
    pub fn every_case(every: bool) -> Wanted {
        if every {
            Wanted::Every
        } else {
            Wanted::Failures
        }
    }

    /// Whether a case with `verdict` is drawn: never one that did not
    /// run (a compile error), whose output there is none of.
    pub(crate) fn wants(self, verdict: Verdict) -> bool {
        match self {
            _ if verdict == Verdict::CompileError => false,
            Wanted::Never => false,
            Wanted::Every => true,
            Wanted::Failures => !verdict.is_pass(),
        }
    }
}

/// One judged case, as the drawers see it.
pub(crate) struct Judged<'a> {
    pub(crate) problem: &'a Problem,
    pub(crate) case: &'a Case,
    pub(crate) verdict: Verdict,
    /// What the program wrote, where that is its answer (not a
    /// conversation with an interactor); `None` when it is not known (a
    /// result taken from the cache without its pictures).
    pub(crate) received: Option<&'a [u8]>,
    /// The problem's programs, which run a package's visualizers; `None`
    /// where nothing may run.
    pub(crate) tools: Option<&'a Tools<'a>>,
}
