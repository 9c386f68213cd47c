//! The search behind `judge harden`: inputs that catch what the test set
//! lets through, kept as cases with the recipe that makes them.
//!
//! A target is a reference-solver mutant that survived a mutation run (see
//! [`mutation_run`]; built by [`workshop`]) or a wrong submission. Each is
//! judged like a submission on the problem's generated inputs, by
//! [`crate::session::stress::Tester`]: first on the cases hardening already kept
//! (one case often catches several mutants of the same rule), then on
//! `iterations` fresh inputs of the seed, smallest sizes first. The first
//! input that catches it is shrunk the way stress shrinks, and the smallest
//! becomes the new case. The same seed gives the same search. A whole
//! run (targets, control, budget, what is kept and recorded) is
//! [`session`]'s.

pub mod mutation_run;
pub mod session;
pub mod state;
pub mod workshop;

use crate::error::Result;
use crate::session::stress::{Draw, Outcome, Tester};
use crate::verdict::Verdict;

/// What hardening found for one target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// A case kept earlier catches it (its index in `kept`).
    CaughtByKept { index: usize, verdict: Verdict },
    /// A new input catches it; `input` and `answer` are the case to keep.
    Caught {
        draw: Draw,
        verdict: Verdict,
        input: String,
        answer: Vec<u8>,
        /// Inputs tried before, and shrinking runs after, the catch.
        tried: usize,
    },
    /// No input of the search caught it.
    Survived { tried: usize },
}

/// Hardens against one target: `tester` runs the target.
pub fn search(
    tester: &Tester,
    kept: &[Draw],
    seed: u64,
    iterations: usize,
    mut tick: impl FnMut(),
) -> Result<Finding> {
    for (index, &draw) in kept.iter().enumerate() {
        if let Some(failure) = tester.try_draw(draw)? {
            return Ok(Finding::CaughtByKept {
                index,
                verdict: failure.case.verdict,
            });
        }
    }
    let tried = std::cell::Cell::new(0);
    let outcome = tester.search(seed, iterations, || {
        tried.set(tried.get() + 1);
        tick();
    })?;
    Ok(match outcome {
        Outcome::NoDifference => Finding::Survived { tried: iterations },
        Outcome::Found { shrunk, .. } => Finding::Caught {
            draw: shrunk.smallest.draw,
            verdict: shrunk.smallest.case.verdict,
            input: shrunk.smallest.input,
            answer: shrunk.smallest.answer,
            tried: tried.get() + shrunk.runs,
        },
    })
}
