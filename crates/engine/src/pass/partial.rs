//! What a run has finished so far, problem by problem: the report a run
//! stopped halfway leaves, and the events a command line turns into one
//! log line per problem and a heartbeat.
//!
//! A problem is finished when nothing more of the run will change its
//! record: its cases are judged (and, in `check`, its drift found and its
//! expected-verdict submissions judged). The engine only says so, with
//! the report of every problem finished so far; the command line decides
//! what to print and when to write it ([`Progress`]).

use std::sync::{Arc, Mutex};

use crate::report::{Meta, ProblemReport, Report, SubmissionReport};

/// Where a run shows how far it is: the engine only counts; the command
/// line draws (a bar on a terminal, log lines elsewhere) and writes the
/// report of what finished.
pub trait Progress: Send + Sync {
    /// A pass over `len` cases begins; `what` names the run.
    fn begin(&self, len: usize, what: &str);
    /// One more case is judged.
    fn tick(&self);
    /// The pass is over.
    fn end(&self);
    /// One of `total` `what` (cases, submissions) of `problem` starts.
    fn started(&self, _problem: &str, _what: &'static str, _total: usize) {}
    /// One of `total` `what` of `problem` is done.
    fn step(&self, _problem: &str, _what: &'static str, _total: usize) {}
    /// `problem` is finished: `so_far` holds every problem finished yet,
    /// this one last, of `of` problems in the run.
    fn finished(&self, _problem: &str, _so_far: &Report, _of: usize) {}
}

/// The problems of a run finished so far, for [`Progress::finished`].
#[derive(Default)]
pub(crate) struct Partial {
    inner: Mutex<Done>,
}

#[derive(Default)]
struct Done {
    /// Problems the run has (those with a record at the end).
    total: usize,
    problems: Vec<ProblemReport>,
    submissions: Vec<SubmissionReport>,
    /// Problems that did not load or build, known before any is judged.
    errors: Vec<String>,
}

impl Partial {
    /// The run has `total` problems, and these load or build `errors`.
    pub(crate) fn expect(&self, total: usize, errors: &[String]) {
        let mut done = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        done.total = total;
        done.errors = errors.to_vec();
    }

    /// Records `problem` (with its `submissions`) as finished and tells
    /// `progress`, with the report of all finished so far under `meta`.
    pub(crate) fn finish(
        &self,
        progress: Option<&Arc<dyn Progress>>,
        meta: &Meta,
        problem: ProblemReport,
        submissions: Vec<SubmissionReport>,
    ) {
        let Some(progress) = progress else { return };
        // Held while `progress` is told, so reports come in order.
        let mut done = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let id = problem.id.clone();
        done.problems.push(problem);
        done.submissions.extend(submissions);
        let so_far = Report::new(meta.clone(), done.problems.clone(), done.errors.clone())
            .with_submissions(done.submissions.clone());
        progress.finished(&id, &so_far, done.total.max(done.problems.len()));
    }
}
