//! `judge grade`: one submission on every case of a problem under limits,
//! each output judged the problem's way.

use crate::build::BuildError;
use crate::build::tools::{Need, Tools};
use crate::error::{Error, Result};
use crate::execute::runner::Runner;
use crate::illustrate::Wanted;
use crate::judging::record;
use crate::judging::reuse::CachedGrader;
use crate::pass::skeleton::{Finished, Session, prepare};
use crate::pass::submission::{Source, Submission};
use crate::problem::Discovery;
use crate::report::timings::Stage;
use crate::shard::Shard;
use crate::time::limits::Overrides;
use crate::units::{format_duration, format_size};

/// What `judge grade` is asked to do.
#[derive(Debug, Clone, Copy)]
pub struct Grade<'s> {
    /// The problem as the command line names it.
    pub problem: &'s str,
    pub source: Source<'s>,
    pub overrides: Overrides,
    pub shard: Option<Shard>,
    /// Which cases are drawn (`--pictures`: every one).
    pub pictures: Wanted,
}

impl Grade<'_> {
    /// Grades the submission on the one problem of `selection`, whose
    /// load error (or a checker that does not build) stops it: they are
    /// the judge's faults, not the submission's.
    pub fn run(
        &self,
        mut session: Session,
        selection: &mut Discovery,
        runner: &Runner,
    ) -> Result<Finished> {
        session.settle(selection, runner, self.overrides.time);
        if let Some((_, e)) = selection.errors.first() {
            return Err(e.clone().into());
        }
        let shard = selection.clone().shard(self.shard);
        let problem = (shard.problems.first())
            .ok_or_else(|| Error::Usage(format!("unknown problem {}", self.problem)))?;
        // The problem's checker or interactor must build before anything
        // is graded: its failure is the judge's (exit 2), not the
        // submission's.
        let (tools, errors) =
            session.install(|| prepare(&shard.problems, Some(runner), Need::GRADE));
        if let Some(e) = errors.into_iter().next() {
            return Err(Error::ProblemProgram(e));
        }
        let subject = self.source.subject();
        let span = runner.timeline().span(&problem.id, Stage::Submissions);
        let built = Submission::build(runner, problem, self.source, self.overrides);
        drop(span);
        let mut problems = match &built {
            Err(BuildError::Setup(msg) | BuildError::Unavailable(msg)) => {
                return Err(Error::Setup(msg.clone()));
            }
            Err(BuildError::Compile(_)) => session.judge_cases(
                &tools,
                |_| subject.clone(),
                |_, c| record::compile_error_case(c),
            ),
            Ok(built) => {
                let limits = built.limits;
                session.note(format!(
                    "{} submission; limits: CPU time {}, wall clock {}, memory {}, output {}",
                    built.program.language,
                    format_duration(limits.cpu),
                    format_duration(limits.wall),
                    format_size(limits.memory),
                    format_size(limits.output),
                ));
                let graders: Vec<CachedGrader> = (tools.iter())
                    .map(|t| {
                        CachedGrader::new(built.grader(t, runner).with_pictures(self.pictures))
                    })
                    .collect();
                let mut graded =
                    session.judge_cases(&graders, |_| subject.clone(), CachedGrader::grade_case);
                // The report states the limits the cases were judged under.
                for p in &mut graded {
                    p.limits = Some(crate::report::LimitsReport::new(
                        limits.cpu,
                        limits.memory,
                        limits.output,
                    ));
                    p.language = Some(built.program.language.to_string());
                }
                graded
            }
        };
        if let Err(BuildError::Compile(log)) = built {
            // Printed once, with the report.
            for p in &mut problems {
                p.build_log = Some(log.clone());
            }
        }
        // What the package's visualizers did not draw: notes, no verdicts.
        tools
            .iter()
            .flat_map(Tools::drawing_notes)
            .for_each(|n| session.note(n));
        session.expect_problems(problems.len(), &[]);
        session.all_finished(&problems);
        Ok(session.finish(problems, Vec::new(), Vec::new(), Some(runner)))
    }
}
