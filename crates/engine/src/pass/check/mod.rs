//! `judge check`: every case through its problem's reference (an
//! in-crate solver or a reference program), judged like a submission;
//! then every expected-verdict submission. A problem with a
//! `recipe.yaml` also has its inputs compared with what the recipe makes
//! (drift).
//!
//! [`mod@reference`] is the reference's run over the cases; `keeps` one
//! expected-verdict submission held to its promise (typed faults), and
//! [`promises`] all of them, sharded by whole submissions.

mod keeps;
pub(crate) use keeps::spec_format;
pub mod promises;
pub mod reference;
mod tally;

use crate::build::tools::{Need, Tools};
use crate::execute::runner::Runner;
use crate::illustrate::Wanted;
use crate::pass::check::promises::{Judged, Todo};
use crate::pass::check::reference::Reference;
use crate::pass::skeleton::{Finished, Session, load_errors, prepare, views};
use crate::problem::{Discovery, Problem};
use crate::report::{ProblemReport, SubmissionReport};
use crate::shard::Shard;
use crate::{generate::drift, time::calibrate};
use rayon::prelude::*;

/// What `judge check` is asked to do.
#[derive(Debug, Clone, Copy)]
pub struct Check {
    /// Grade the expected-verdict submissions too.
    pub submissions: bool,
    /// Judge them on every case, not up to their first failure.
    pub every_case: bool,
    pub shard: Option<Shard>,
    /// Which of the reference's cases are drawn (`--pictures`: every
    /// one); a submission's deciding case is drawn when it fails.
    pub pictures: Wanted,
}

impl Check {
    /// Whether the run needs a runner (and with it the sandbox): only
    /// when it has something to run.
    pub fn needs_runner(&self, problems: &[Problem]) -> bool {
        self.with_submissions(problems)
            || problems
                .iter()
                .any(|p| Tools::needs_runner(p, Need::CHECK) || drift::needs_runner(p))
    }

    fn with_submissions(&self, problems: &[Problem]) -> bool {
        self.submissions && promises::exist(problems)
    }

    /// Checks the selected problems.
    pub fn run(
        &self,
        mut session: Session,
        selection: &mut Discovery,
        runner: Option<&Runner>,
    ) -> Finished {
        let with_submissions = self.with_submissions(&selection.problems);
        if with_submissions {
            promises::expect_compiles(&selection.problems);
        }
        if let Some(runner) = runner {
            session.settle(selection, runner, None);
        }
        let selection = &*selection;
        let shard = selection.clone().shard(self.shard);
        let (tools, build_errors) =
            session.install(|| prepare(&selection.problems, runner, Need::CHECK));
        if shard.problems.iter().any(|p| p.solver().is_some()) {
            session.note(
                "in-crate reference solvers run in-process: CPU time is the worker thread's, \
                 memory the most heap the solver held (no stack or binary)",
            );
        }
        let views = views(&tools, &shard.problems);
        let references: Vec<Reference> = (views.iter())
            .map(|t| Reference::new(t, self.pictures))
            .collect();
        let mut errors = load_errors(&shard);
        errors.extend(build_errors);
        if self.submissions {
            errors.extend(promises::missing_accepted(&shard.problems));
        }
        session.expect_problems(references.len(), &errors);
        let grader = runner.filter(|_| with_submissions);
        let (problems, judged) = match session.fail_fast() {
            true => self.by_pass(&session, &references, &tools, grader),
            false => self.by_problem(&session, &references, &tools, grader),
        };
        let mut graded = Vec::new();
        if let Some(judged) = judged {
            graded = judged.reports;
            for tight in calibrate::tight_limits(&graded) {
                session.warn(tight);
            }
            for warning in judged.warnings {
                session.warn(warning);
            }
            errors.extend(judged.errors);
            for note in judged.notes {
                session.note(note);
            }
            for skipped in judged.skipped {
                session.note(format!("submission not judged: {skipped}"));
            }
        }
        // What the package's visualizers did not draw: notes, no verdicts.
        tools
            .iter()
            .flat_map(Tools::drawing_notes)
            .for_each(|n| session.note(n));
        // The interval `judge timelimit` measured last, never re-measured
        // here.
        if let Some(cache) = runner.and_then(Runner::cache) {
            for warning in crate::time::interval_store::warnings(cache, &shard.problems) {
                session.warn(warning);
            }
        }
        session.finish(problems, errors, graded, runner)
    }

    /// Judges each problem whole (its reference's cases, its drift, its
    /// expected-verdict submissions with `grader`) side by side with the
    /// others, so problems finish one by one and a run stopped halfway
    /// has finished some; the session hears of each as it finishes.
    fn by_problem(
        &self,
        session: &Session,
        references: &[Reference],
        tools: &[Tools],
        grader: Option<&Runner>,
    ) -> (Vec<ProblemReport>, Option<Judged>) {
        let (todo, judged) = match grader {
            Some(_) => {
                let (todo, judged) = promises::plan(tools, self.shard);
                (todo, Some(judged))
            }
            None => (Vec::new(), None),
        };
        session.begin(references.iter().map(|r| r.problem().cases.len()).sum());
        let batch = session.workers();
        let one = |r: &Reference| {
            let mut problems = session.judge_quietly(
                std::slice::from_ref(r),
                |p| p.reference_name(),
                Reference::check_case,
            );
            // An expected output is only right for the input its recipe makes.
            drift::add_issues(&mut problems, tools);
            let id = &r.problem().id;
            let mine: Vec<&Todo> = todo.iter().filter(|(t, _)| t.problem.id == *id).collect();
            let done = match grader {
                Some(runner) => promises::judge(
                    &mine,
                    runner,
                    batch,
                    self.every_case,
                    session.progress(),
                    &|_, _| {},
                ),
                None => Vec::new(),
            };
            if let (Some(p), Some(_)) = (problems.first(), session.progress()) {
                let graded = done.iter().map(|(r, _)| r.clone()).collect();
                session.problem_finished(p.clone(), graded);
            }
            (problems, done)
        };
        let each: Vec<_> = session.install(|| references.par_iter().map(one).collect());
        session.end();
        let mut problems = Vec::new();
        let mut done = Vec::new();
        for (p, d) in each {
            problems.extend(p);
            done.extend(d);
        }
        let judged = judged.map(|mut j| {
            promises::close(&mut j, tools, done);
            j
        });
        (problems, judged)
    }

    /// Judges every problem's reference cases in one pass, in case order
    /// (`--fail-fast` stops the run at its first failing case, whichever
    /// problem holds it), then every problem's submissions in another;
    /// a problem finishes with its last submission.
    fn by_pass(
        &self,
        session: &Session,
        references: &[Reference],
        tools: &[Tools],
        grader: Option<&Runner>,
    ) -> (Vec<ProblemReport>, Option<Judged>) {
        let mut problems =
            session.judge_cases(references, |p| p.reference_name(), Reference::check_case);
        session.install(|| drift::add_issues(&mut problems, tools));
        let Some(runner) = grader else {
            session.all_finished(&problems);
            return (problems, None);
        };
        let batch = session.workers();
        let finished = |id: &str, submissions: Vec<SubmissionReport>| {
            if let Some(p) = problems.iter().find(|p| p.id == id) {
                session.problem_finished(p.clone(), submissions);
            }
        };
        let watch = promises::Watch {
            progress: session.progress(),
            finished: &finished,
        };
        let how = (self.shard, self.every_case);
        let judged = session.install(|| promises::judge_all(tools, runner, batch, how, &watch));
        (problems, Some(judged))
    }
}
