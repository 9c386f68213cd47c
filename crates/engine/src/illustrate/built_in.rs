//! The boards judge draws itself, for a problem with an in-crate solver:
//! its input, and its output (a passing case), or its expected and its
//! received output side by side with their differences marked (a failing
//! one). The drawing is the solver crate's ([`crate::solvers::Solver::picture`]); this
//! reads the case's files and names the pictures.

use std::path::Path;

use crate::illustrate::judged::Judged;
use crate::report::Picture;
use crate::verdict::Verdict;

/// Who drew them, in the report.
const BY: &str = "judge";

/// Files larger than this are not drawn: a board picture of a megabyte of
/// text would be no picture anyone reads, and drawing it costs.
const MAX_BYTES: u64 = 1 << 20;

/// The pictures of `judged`; none for a problem without an in-crate
/// solver or a file that cannot be read.
pub(super) fn pictures(judged: &Judged) -> Vec<Picture> {
    let Some(solver) = judged.problem.solver() else {
        return Vec::new();
    };
    let Some(input) = read(&judged.case.input) else {
        return Vec::new();
    };
    let expected = judged.case.answer.as_deref().and_then(read);
    let received = judged
        .received
        .filter(|r| (r.len() as u64) <= MAX_BYTES)
        .filter(|r| !r.is_empty() || wrote_an_answer(judged.verdict))
        .map(String::from_utf8_lossy);
    let mut out = Vec::new();
    let mut add = |caption: &str, svg: Option<String>| {
        out.extend(svg.and_then(|svg| Picture::new(caption, BY, svg.into_bytes())));
    };
    let pass = judged.verdict.is_pass();
    // A failing case's expected and received boards come first, side by
    // side where the page has room for two; its input after them.
    match (expected, received) {
        // A passing output is the expected one as far as the judge goes:
        // drawn once.
        (_, Some(got)) if pass => {
            add("input", solver.picture(&input, None));
            add("output", solver.picture(&input, Some(&got)));
        }
        (Some(want), None) if pass => {
            add("input", solver.picture(&input, None));
            add("output", solver.picture(&input, Some(&want)));
        }
        (Some(want), Some(got)) => {
            let pair = solver.picture_compared(&input, &want, &got);
            let (want, got) = pair.map(|p| (p.expected, p.received)).unzip();
            add("expected", want);
            add("received", got);
            add("input", solver.picture(&input, None));
        }
        (Some(want), None) => {
            add("expected", solver.picture(&input, Some(&want)));
            add("input", solver.picture(&input, None));
        }
        (None, Some(got)) => {
            add("received", solver.picture(&input, Some(&got)));
            add("input", solver.picture(&input, None));
        }
        (None, None) => add("input", solver.picture(&input, None)),
    }
    out
}

/// Whether an empty output is the program's answer (it ran to its end and
/// wrote nothing) rather than a run that ended before answering.
fn wrote_an_answer(verdict: Verdict) -> bool {
    matches!(
        verdict,
        Verdict::WrongAnswer | Verdict::PresentationError | Verdict::Accepted
    )
}

/// The text of a case file, when it can be read and is small enough to
/// draw.
fn read(path: &Path) -> Option<String> {
    let size = std::fs::metadata(path).ok()?.len();
    if size > MAX_BYTES {
        return None;
    }
    let bytes = std::fs::read(path).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::illustrate::judged::Wanted;

    #[test]
    fn nothing_is_drawn_for_a_passing_case_unless_every_case_is_wanted() {
        assert!(Wanted::Failures.wants(Verdict::WrongAnswer));
        assert!(!Wanted::Failures.wants(Verdict::Accepted));
        assert!(Wanted::Every.wants(Verdict::Accepted));
        assert!(!Wanted::Every.wants(Verdict::CompileError));
        assert!(!Wanted::Never.wants(Verdict::WrongAnswer));
        assert!(wrote_an_answer(Verdict::WrongAnswer) && !wrote_an_answer(Verdict::TimeLimit));
    }

    #[test]
    fn a_file_too_large_or_missing_is_not_drawn() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.in");
        std::fs::write(&big, vec![b'1'; MAX_BYTES as usize + 1]).unwrap();
        assert!(read(&big).is_none());
        assert!(read(&dir.path().join("none.in")).is_none());
        let small = dir.path().join("small.in");
        std::fs::write(&small, b"1\n").unwrap();
        assert_eq!(read(&small).as_deref(), Some("1\n"));
    }
}
