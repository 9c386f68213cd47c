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
use crate::pass::check::reference::Reference;
use crate::pass::skeleton::{Finished, Session, load_errors, prepare, views};
use crate::problem::{Discovery, Problem};
use crate::report::SubmissionReport;
use crate::shard::Shard;
use crate::{generate::drift, time::calibrate};

/// What `judge check` is asked to do.
#[derive(Debug, Clone, Copy)]
pub struct Check {
    /// Grade the expected-verdict submissions too.
    pub submissions: bool,
    /// Judge them on every case, not up to their first failure.
    pub every_case: bool,
    pub shard: Option<Shard>,
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
        let references: Vec<Reference> = views.iter().map(Reference::new).collect();
        let mut problems =
            session.judge_cases(&references, |p| p.reference_name(), Reference::check_case);
        // An expected output is only right for the input its recipe makes.
        session.install(|| drift::add_issues(&mut problems, &tools));
        let mut errors = load_errors(&shard);
        errors.extend(build_errors);
        if self.submissions {
            errors.extend(promises::missing_accepted(&shard.problems));
        }
        session.expect_problems(problems.len(), &errors);
        let mut graded = Vec::new();
        if let (true, Some(runner)) = (with_submissions, runner) {
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
            let judged = session.install(|| {
                promises::judge_all(&tools, runner, batch, self.shard, self.every_case, &watch)
            });
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
        } else {
            session.all_finished(&problems);
        }
        // The interval `judge timelimit` measured last, never re-measured
        // here.
        if let Some(cache) = runner.and_then(Runner::cache) {
            for warning in crate::time::interval_store::warnings(cache, &shard.problems) {
                session.warn(warning);
            }
        }
        session.finish(problems, errors, graded, runner)
    }
}
