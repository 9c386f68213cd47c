//! `check`'s run of a problem's reference over its cases: the in-crate
//! solver in-process, or the reference program (against the interactor,
//! pass after pass: the problem's way). The output is judged like a
//! submission's, by the same [`Grader`]: equal to the expected output, or
//! accepted by the checker.

use std::path::PathBuf;

use crate::build::tools::{ToolError, Tools};
use crate::execute::reference;
use crate::execution::End;
use crate::illustrate::Wanted;
use crate::judging::grader::Grader;
use crate::judging::record;
use crate::judging::reuse::CachedGrader;
use crate::problem::Kind;
use crate::problem::{Case, Problem};
use crate::report::CaseReport;
use crate::scan::InputError;
use crate::verdict::Verdict;
use judge_problem::stop::Stop;

/// A problem's reference, made ready once to check each of its cases.
pub struct Reference<'a> {
    tools: &'a Tools<'a>,
    check: Check<'a>,
}

enum Check<'a> {
    /// Graded like a submission (a reference program through the result
    /// cache).
    Graded(Box<CachedGrader<'a>>),
    /// No reference judge can run (a package with only failing
    /// submissions, say): its answer files are all there is, and the
    /// report says they were taken as given.
    AnswersGiven,
    /// The reference program cannot run: every case is a judge error.
    Broken(ToolError),
}

impl<'a> Reference<'a> {
    /// The problem's programs.
    pub(crate) fn tools(&self) -> &Tools<'a> {
        self.tools
    }

    /// The reference of `tools`' problem, drawing the cases `pictures`
    /// names.
    pub fn new(tools: &'a Tools<'a>, pictures: Wanted) -> Reference<'a> {
        let problem = tools.problem;
        let grader = if let Some(solver) = problem.solver() {
            CachedGrader::new(Grader::solver(tools, solver).with_pictures(pictures))
        } else if problem.spec.reference.is_none() {
            return Reference {
                tools,
                check: Check::AnswersGiven,
            };
        } else {
            match tools.reference().and_then(|p| Ok((p, tools.runner()?))) {
                // A package's reference is one of its accepted
                // submissions: graded (limits, uid, cache key) as that
                // submission is, so its runs are the submission's.
                Ok((program, runner)) if problem.origin.is_some() => {
                    let limits = crate::time::limits::for_submission(
                        problem,
                        crate::time::limits::Overrides::default(),
                        &program.language,
                    );
                    let grader = Grader::submission(tools, runner, program, limits);
                    CachedGrader::new(grader.with_pictures(pictures))
                }
                Ok((program, runner)) => {
                    let grader = Grader::reference_program(tools, runner, program);
                    CachedGrader::reference(grader.with_pictures(pictures))
                }
                // An accepted submission of the package that does not
                // compile: its CE is reported where it is judged, and the
                // cases keep their answers as given.
                Err(ToolError::DoesNotCompile { .. }) if problem.origin.is_some() => {
                    return Reference {
                        tools,
                        check: Check::AnswersGiven,
                    };
                }
                Err(why) => {
                    return Reference {
                        tools,
                        check: Check::Broken(why),
                    };
                }
            }
        };
        Reference {
            tools,
            check: Check::Graded(Box::new(grader)),
        }
    }

    pub fn problem(&self) -> &Problem {
        self.tools.problem
    }

    /// Runs the reference on `case` and judges its output.
    pub fn check_case(&self, case: &Case) -> CaseReport {
        match &self.check {
            Check::Graded(grader) => grader.grade_case(case),
            Check::AnswersGiven if case.answer.is_some() => record::failed_case(
                case,
                Verdict::Accepted,
                "no reference program: the answer file is taken as given",
            ),
            Check::AnswersGiven => record::failed_case(
                case,
                Verdict::MissingAnswer,
                "no answer file and no reference",
            ),
            Check::Broken(why) => record::failed_case(case, Verdict::JudgeError, &why.to_string()),
        }
    }
}

/// Why the reference has no answer to an input.
#[derive(Debug, thiserror::Error)]
pub(crate) enum NoAnswer {
    /// Only a plain problem's reference answers an input by itself; the
    /// others need their judge program beside them (`check` runs them so).
    #[error("{}", .0.no_answer_alone().unwrap_or_default())]
    NotAlone(Kind),
    /// The reference program is not there to run.
    #[error(transparent)]
    Tool(#[from] ToolError),
    /// The in-crate solver rejects the input, where it says.
    #[error("{}:{error}", input.display())]
    InputRejected { input: PathBuf, error: InputError },
    /// It ran and failed (a limit, a signal, an exit code).
    #[error("{0}")]
    Failed(Stop),
}

/// The reference's output for `case` (for `judge regen` and `judge
/// stress`): `Err` says why there is none.
pub(crate) fn reference_output(tools: &Tools, case: &Case) -> Result<Vec<u8>, NoAnswer> {
    let kind = tools.problem.spec.kind;
    if kind.why_no_answer_alone().is_some() {
        return Err(NoAnswer::NotAlone(kind));
    }
    let exec = match tools.problem.solver() {
        Some(solver) => reference::run_file(solver, &case.input),
        None => {
            let program = tools.reference()?;
            tools.runner()?.run(
                &program.judge_spec(Vec::new(), tools.judge_limits()),
                &case.input,
            )
        }
    };
    match (&exec.end, Stop::of(&exec)) {
        (End::InputRejected(e), _) => Err(NoAnswer::InputRejected {
            input: case.input.clone(),
            error: e.clone(),
        }),
        (_, Some(stop)) => Err(NoAnswer::Failed(stop)),
        (_, None) => Ok(exec.stdout),
    }
}
