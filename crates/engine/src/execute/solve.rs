//! `judge solve` with a reference program: the program of a problem
//! folder built and run by the engine in the sandbox, exactly as `check`
//! runs it, on one input under the problem's limits (those of its
//! submissions: a reference that needs more is worth knowing about). The
//! input is handed over as bytes: whether they are valid is the
//! validators' business (`judge validate`), as in every other run. An
//! in-crate solver answers in-process ([`crate::execute::reference::run`]).

use std::path::Path;

use crate::build::tools::Need;
use crate::error::{Error, Result};
use crate::execute::runner::Runner;
use crate::execution::End;
use crate::pass::skeleton::ready_one;
use crate::problem::Problem;
use crate::time::limits::{self, Overrides};

/// What the reference program made of the input.
pub enum Answer {
    /// It exited 0: its standard output.
    Output(Vec<u8>),
    /// It failed: the end of its standard error, and how it ended.
    Failed { stderr: Vec<u8>, how: String },
}

/// Whether `problem`'s reference can answer an input alone (checked
/// before a runner is started).
pub fn check(problem: &Problem) -> Result<()> {
    let id = &problem.id;
    if problem.spec.reference.is_none() {
        return Err(Error::Usage(format!(
            "{id}: no reference to run (neither `solver:` nor `reference:` in {})",
            problem.dir.join("problem.yaml").display()
        )));
    }
    match problem.spec.kind.no_answer_alone() {
        Some(why) => Err(Error::Usage(format!(
            "{id}: {why}; `judge check {id}` runs it that way"
        ))),
        None => Ok(()),
    }
}

/// Runs the reference program of `problem` on `input` (its time limit
/// settled first, for a package that gives none).
pub fn run(problem: &mut Problem, runner: &Runner, input: &Path) -> Result<Answer> {
    let (tools, _) = ready_one(problem, runner, &[Need::Reference])?;
    let program = tools.reference()?;
    let limits = limits::for_submission(tools.problem, Overrides::default(), &program.language);
    let exec = runner.run(&program.judge_spec(Vec::new(), limits), input);
    if exec.end == End::Exited(0) {
        return Ok(Answer::Output(exec.stdout));
    }
    let how = crate::compare::ended_badly(&exec)
        .and_then(|o| o.message)
        .unwrap_or_else(|| format!("{:?}", exec.end));
    Ok(Answer::Failed {
        stderr: exec.stderr_tail,
        how,
    })
}
