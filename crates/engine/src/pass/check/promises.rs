//! Judging expected-verdict submissions (`problems/<id>/submissions/…`,
//! found by [`crate::problem::submissions`]).
//!
//! A test set is only as good as the mistakes it catches. Each submission
//! is graded like `judge grade` does and must keep its promise: in a
//! 2025-09 package, the permitted and required verdicts (and message) of
//! its folder's default and of every `submissions.yaml` entry over the
//! cases they cover; in judge's own layout and a legacy package, its
//! folder's verdict on its first failing case, as problemtools judges.
//! Judging stops as soon as no later case can change the outcome, so an
//! accepted or rejected one stops at its first failure, as a contest
//! system would; a promise about every case (a wrong answer that may not
//! also time out, a message, a score) needs them all.

use std::collections::HashMap;
use std::sync::Mutex;

use rayon::prelude::*;

use super::keeps;
use crate::build::tools::Tools;
use crate::execute::runner::Runner;
use crate::pass::partial::Progress;
use crate::problem::submissions::{Expected, find};
use crate::report::SubmissionReport;
use crate::shard::{CASE_OVERHEAD, Shard, size};

/// Whether any of the problems has expected-verdict submissions (or a
/// submissions folder with something wrong in it, which must be reported).
pub fn exist<'a>(problems: impl IntoIterator<Item = &'a crate::problem::Problem>) -> bool {
    problems.into_iter().any(|p| {
        let found = find(p);
        !found.submissions.is_empty() || !found.errors.is_empty()
    })
}

/// The packages among `problems` with no accepted submission: the formats
/// make one mandatory (2025-09 and legacy "Example submissions": "It is
/// mandatory to provide at least one accepted solution"; problemtools
/// errs: "Require at least one accepted submission"). An accepted one is
/// one that must pass every case: in `accepted/`, or held to AC alone by
/// `submissions.yaml`. One error per package, for `check`'s report.
pub fn missing_accepted<'a>(
    problems: impl IntoIterator<Item = &'a crate::problem::Problem>,
) -> Vec<String> {
    problems
        .into_iter()
        .filter(|p| p.origin.is_some())
        .filter(|p| !find(p).submissions.iter().any(|s| s.must_pass()))
        .map(|p| {
            format!(
                "{}: no accepted submission: the package format requires at least one (submissions/accepted/)",
                p.dir.join("submissions").display()
            )
        })
        .collect()
}

/// What judging the submissions of a run found.
#[derive(Debug, Default)]
pub struct Judged {
    pub reports: Vec<SubmissionReport>,
    /// Faults of the submission folders (configuration errors).
    pub errors: Vec<String>,
    /// Submissions not judged, with the reason (for the report's notes).
    pub skipped: Vec<String>,
    /// How judge ran a problem's programs where it follows the package's
    /// judge (PyPy for `.py`), once per problem (for the report's notes).
    pub notes: Vec<String>,
    /// What submissions earned without breaking their promise (a legacy
    /// accepted one below the maximum score), for the report's warnings.
    pub warnings: Vec<String>,
}

/// Tells the builds which submissions of `problems` this run will
/// compile, so one-time work that pays only over many compiles (a
/// precompiled header) is done only then.
pub(crate) fn expect_compiles(problems: &[crate::problem::Problem]) {
    let found: Vec<_> = problems.iter().flat_map(|p| find(p).submissions).collect();
    crate::build::pch::expect(found.iter().map(|s| s.path.as_path()));
}

/// Who hears of the submissions as they are judged: `progress` of each
/// one, `finished` of a problem's all (its id and their reports) once the
/// last is judged.
pub(crate) struct Watch<'a> {
    pub(crate) progress: Option<&'a dyn Progress>,
    pub(crate) finished: &'a (dyn Fn(&str, Vec<SubmissionReport>) + Sync),
}

/// One submission to judge, with the programs of its problem.
pub(crate) type Todo<'a, 't> = (&'a Tools<'t>, Expected);

/// The expected-verdict submissions of the problems of `tools` this run
/// judges (the whole, unsharded test set: a submission judged on part of
/// the cases could pass where its failing case sits in another shard),
/// and what finding them found (folder faults, submissions skipped). With
/// a shard, whole submissions are divided among the shards, balanced by
/// the input bytes each must read, so the N shards together judge each
/// submission exactly once.
pub(crate) fn plan<'a, 't>(
    tools: &'a [Tools<'t>],
    shard: Option<Shard>,
) -> (Vec<Todo<'a, 't>>, Judged) {
    let mut judged = Judged::default();
    let mut todo = Vec::new();
    for t in tools {
        let found = find(t.problem);
        judged.errors.extend(found.errors);
        judged.skipped.extend(found.skipped);
        let cost: u64 = t
            .problem
            .cases
            .iter()
            .map(|c| size(&c.input) + CASE_OVERHEAD)
            .sum();
        todo.extend(found.submissions.into_iter().map(|s| (t, s, cost)));
    }
    let mine = match shard {
        None => vec![true; todo.len()],
        Some(s) => {
            let items: Vec<(String, u64)> = todo
                .iter()
                .map(|(_, s, cost)| (s.path.display().to_string(), *cost))
                .collect();
            s.owns(&items)
        }
    };
    let mine = (todo.into_iter().zip(mine))
        .filter(|(_, mine)| *mine)
        .map(|((t, s, _), _)| (t, s))
        .collect();
    (mine, judged)
}

/// Judges `todo`, side by side, not one after another: one compiles or
/// waits out a time limit while another's cases keep the workers busy.
/// Each still judges its own cases in order, so its first failure is the
/// same as alone. `done` hears of each as it is judged.
pub(crate) fn judge(
    todo: &[&Todo],
    runner: &Runner,
    batch: usize,
    every: bool,
    progress: Option<&dyn Progress>,
    done: &(dyn Fn(&str, &SubmissionReport) + Sync),
) -> Vec<(SubmissionReport, Vec<String>)> {
    let mut totals: HashMap<&str, usize> = HashMap::new();
    for (t, _) in todo {
        *totals.entry(t.problem.id.as_str()).or_default() += 1;
    }
    todo.par_iter()
        .map(|(t, s)| {
            let id = &t.problem.id;
            let total = totals.get(id.as_str()).copied().unwrap_or(0);
            if let Some(p) = progress {
                p.started(id, "submissions", total);
            }
            let one = keeps::judge_one(t, s, runner, batch, every);
            if let Some(p) = progress {
                p.step(id, "submissions", total);
            }
            done(id, &one.0);
            one
        })
        .collect()
}

/// Adds the judged submissions of the problems of `tools` to `judged`:
/// their reports and warnings, and how judge ran each problem's programs
/// where it follows the package's judge (PyPy for `.py`).
pub(crate) fn close(
    judged: &mut Judged,
    tools: &[Tools],
    done: Vec<(SubmissionReport, Vec<String>)>,
) {
    for (report, warnings) in done {
        judged.reports.push(report);
        judged.warnings.extend(warnings);
    }
    for t in tools {
        let languages = judged
            .reports
            .iter()
            .filter(|r| r.problem == t.problem.id)
            .filter_map(|r| r.language.as_deref());
        judged
            .notes
            .extend(crate::build::dialect::python_note(t.problem, languages));
    }
}

/// Grades every expected-verdict submission of the problems of `tools`
/// ([`plan`]), all problems' in one parallel pass; `watch` hears of
/// each problem once its last is judged.
pub(crate) fn judge_all(
    tools: &[Tools],
    runner: &Runner,
    batch: usize,
    (shard, every): (Option<Shard>, bool),
    watch: &Watch,
) -> Judged {
    let (todo, mut judged) = plan(tools, shard);
    let ids: Vec<&str> = todo.iter().map(|(t, _)| t.problem.id.as_str()).collect();
    let left = Left::new(tools, &ids, watch);
    let todo: Vec<&Todo> = todo.iter().collect();
    let done = judge(&todo, runner, batch, every, watch.progress, &|id, one| {
        left.done(id, one, watch)
    });
    close(&mut judged, tools, done);
    judged
}

/// The submissions of each problem not judged yet, and the reports of
/// those judged, so a problem is said finished with its last one.
struct Left {
    by_problem: Mutex<HashMap<String, (usize, Vec<SubmissionReport>)>>,
}

impl Left {
    /// Counts this run's submissions per problem of `tools`; a problem
    /// with none is finished at once.
    fn new(tools: &[Tools], mine: &[&str], watch: &Watch) -> Left {
        let mut by_problem = HashMap::new();
        for t in tools {
            let n = mine.iter().filter(|m| **m == t.problem.id).count();
            match n {
                0 => (watch.finished)(&t.problem.id, Vec::new()),
                n => {
                    by_problem.insert(t.problem.id.clone(), (n, Vec::new()));
                }
            }
        }
        Left {
            by_problem: Mutex::new(by_problem),
        }
    }

    /// One more of `id`'s submissions is judged: with its last, the
    /// problem is finished.
    fn done(&self, id: &str, report: &SubmissionReport, watch: &Watch) {
        let finished = {
            let mut by_problem = self.by_problem.lock().unwrap_or_else(|e| e.into_inner());
            let Some(entry) = by_problem.get_mut(id) else {
                return;
            };
            entry.0 -= 1;
            entry.1.push(report.clone());
            match entry.0 {
                0 => Some(std::mem::take(&mut entry.1)),
                _ => None,
            }
        };
        if let Some(mut reports) = finished {
            reports.sort_by(|a, b| a.path.cmp(&b.path));
            (watch.finished)(id, reports);
        }
    }
}
