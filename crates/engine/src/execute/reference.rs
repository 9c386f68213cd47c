//! In-process execution of a reference solver.
//!
//! Reference solvers are our own code, so they run as plain function calls:
//! no process per case, which keeps `judge check` at millions of cases per
//! minute. A panic is caught and turned into a judge error so one bad case
//! cannot take the whole run down.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use crate::execution::{End, Execution};
use crate::solvers::Solver;
use crate::solvers::bounds::{BoundReach, Reached};

/// Runs `solver` on `input` and records output, time and how it ended.
/// Its CPU time is the worker thread's and its memory the heap it held
/// at most (see [`crate::execute::heap`]).
pub fn run(solver: &dyn Solver, input: &str) -> Execution {
    let start = Instant::now();
    let cpu_start = crate::execute::heap::thread_cpu();
    let (result, heap) = crate::execute::heap::peak_during(|| {
        catch_unwind(AssertUnwindSafe(|| solver.solve(input)))
    });
    let wall = start.elapsed();
    let cpu = cpu_start
        .zip(crate::execute::heap::thread_cpu())
        .map(|(a, b)| b.saturating_sub(a));
    let mut exec = match result {
        Ok(Ok(out)) => Execution::finished(out.into_bytes(), wall),
        Ok(Err(e)) => Execution::failed(End::InputRejected(e), wall),
        Err(panic) => {
            let msg = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            Execution::failed(
                End::Crashed(format!("reference solver {} panicked: {msg}", solver.id())),
                wall,
            )
        }
    };
    exec.cpu = cpu;
    exec.memory = Some(heap);
    exec
}

/// Runs `solver` on the input file at `path`; an unreadable or non-UTF-8
/// file becomes a failed execution, not an error, so the caller can judge it.
pub(crate) fn run_file(solver: &dyn Solver, path: &std::path::Path) -> Execution {
    match read_input(path) {
        Ok(text) => run(solver, &text),
        Err(end) => Execution::failed(end, std::time::Duration::ZERO),
    }
}

/// Reads a case input as UTF-8 text, or explains why it cannot be used.
///
/// Kept here because only in-process solvers need text; child processes get
/// the raw bytes on stdin.
pub fn read_input(path: &std::path::Path) -> Result<String, End> {
    let bytes = std::fs::read(path)
        .map_err(|e| End::CouldNotRun(format!("{}: cannot read: {e}", path.display())))?;
    String::from_utf8(bytes).map_err(|e| {
        // Columns in characters, like every other place judge names.
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let (line, col) = crate::located::end_of(&String::from_utf8_lossy(valid));
        End::InputRejected(
            crate::scan::InputError::new(line, col, "the input is not valid UTF-8")
                .rule(crate::rule::UTF8),
        )
    })
}

/// How far the cases of `problem` go towards each end of every bound its
/// in-crate validator knows (nothing without one). A case the validator
/// rejects counts with what it read before the fault.
pub(crate) fn bounds_reached(problem: &crate::problem::Problem) -> Vec<BoundReach> {
    use rayon::prelude::*;
    let Some(solver) = problem.solver() else {
        return Vec::new();
    };
    problem
        .cases
        .par_iter()
        .map(|case| {
            let mut reached = Reached::default();
            if let Ok(text) = read_input(&case.input) {
                let _ = catch_unwind(AssertUnwindSafe(|| {
                    solver.validate_noting(&text, &mut reached)
                }));
            }
            reached
        })
        .reduce(Reached::default, |mut all, one| {
            all.merge(&one);
            all
        })
        .table(solver.bounds())
}
