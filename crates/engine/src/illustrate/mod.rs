//! Pictures of a case: the stage after compare, before the case's record
//! is handed on. A judged case (its files, its verdict, the output
//! received) goes to each drawer in turn, and what they draw becomes the
//! record's [`Picture`]s, written with the report and shown beside a
//! failing case.
//!
//! | module | draws |
//! |---|---|
//! | `judged` | what every drawer is given: [`Wanted`] and the judged case |
//! | `built_in` | the boards of a problem with an in-crate solver ([`crate::solvers::Solver::picture`]) |
//! | [`visualizers`] | what a package's own input and output visualizers draw, run in the sandbox |
//!
//! A drawer is one module and one line in `pictures` and in
//! [`visualize`], importing `judged` only. Pictures cost nothing unless wanted: [`Wanted`] is
//! asked first, with the verdict, and a passing case (the common one) is
//! not drawn unless `--pictures` asks for every case.

mod built_in;
mod judged;
pub mod visualizers;

pub(crate) use judged::Judged;
pub use judged::Wanted;

use std::path::{Path, PathBuf};

use crate::problem::{Case, Problem};
use crate::report::Picture;
use crate::verdict::Verdict;

/// The pictures of `judged` when `wanted` asks for them, else none.
pub(crate) fn pictures(judged: &Judged, wanted: Wanted) -> Vec<Picture> {
    if !wanted.wants(judged.verdict) {
        return Vec::new();
    }
    let mut pictures = built_in::pictures(judged);
    pictures.extend(visualizers::pictures(judged));
    pictures
}

/// What `judge visualize` is asked to draw: one case of one problem, and
/// an output to compare with its expected one.
pub struct Request<'a> {
    pub problem: &'a Problem,
    pub case: &'a Case,
    /// A received output, drawn against the case's expected output.
    pub answer: Option<&'a Path>,
    /// The problem's programs, for a package's visualizers (`None`:
    /// nothing runs).
    pub tools: Option<&'a crate::build::tools::Tools<'a>>,
}

/// Why `judge visualize` draws nothing.
#[derive(Debug, thiserror::Error)]
pub enum VisualizeError {
    #[error("{}: cannot read: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{problem}: no pictures: judge draws the boards of its own problems (an in-crate solver) and runs a package's visualizers; this problem has neither{why}"
    )]
    Nothing { problem: String, why: String },
}

/// `judge visualize`'s pictures: the case's input, its expected output,
/// and with an answer, the expected and the received output side by side
/// with their differences marked.
pub fn visualize(request: &Request) -> Result<Vec<Picture>, VisualizeError> {
    let received = match request.answer {
        Some(path) => Some(std::fs::read(path).map_err(|source| VisualizeError::Read {
            path: path.to_path_buf(),
            source,
        })?),
        None => None,
    };
    let judged = Judged {
        problem: request.problem,
        case: request.case,
        // An answer is drawn as a failing one is, against the expected
        // output; without one, the case is drawn as a passing one.
        verdict: match received {
            Some(_) => Verdict::WrongAnswer,
            None => Verdict::Accepted,
        },
        received: received.as_deref(),
        tools: request.tools,
    };
    let mut pictures = built_in::pictures(&judged);
    let mut notes = Vec::new();
    if let Some(tools) = request.tools {
        let drawn = visualizers::visualize(tools, request.case, received.as_deref());
        pictures.extend(drawn.pictures);
        notes = drawn.notes;
    }
    if pictures.is_empty() {
        let why = match notes.is_empty() {
            true => String::new(),
            false => format!(" that drew: {}", notes.join("; ")),
        };
        return Err(VisualizeError::Nothing {
            problem: request.problem.id.clone(),
            why,
        });
    }
    Ok(pictures)
}
