//! One submission made ready to grade: built (compiled once, in the
//! sandbox) and given the limits its language gets on the problem. The
//! one way `grade`, `stress`, `harden` and the expected-verdict
//! submissions ([`crate::pass::check::promises`]) turn a submission into a
//! [`Grader`].

use std::path::Path;

use crate::build::included;
use crate::build::tools::Tools;
use crate::build::{self, BuildError, Pin, Program};
use crate::environment::Environment;
use crate::execute::runner::Runner;
use crate::judging::grader::Grader;
use crate::problem::submissions::is_answers;
use crate::problem::{Kind, Problem};
use crate::time::limits::{self, Overrides, RunLimits};

/// What to build: a source file or executable, a command line (a folder's
/// command, or a command alone), and what a package pins of it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Source<'s> {
    pub file: Option<&'s Path>,
    pub cmd: Option<&'s str>,
    pub pin: Option<&'s Pin>,
}

impl<'s> Source<'s> {
    /// A source file (or folder, or executable).
    pub fn file(path: &'s Path) -> Source<'s> {
        Source {
            file: Some(path),
            ..Source::default()
        }
    }

    /// A command line, split on spaces (`--cmd`).
    pub fn command(cmd: &'s str) -> Source<'s> {
        Source {
            cmd: Some(cmd),
            ..Source::default()
        }
    }

    /// What reports call the submission: its file, else its command.
    pub fn subject(&self) -> String {
        match (self.file, self.cmd) {
            (Some(path), _) => path.display().to_string(),
            (None, Some(cmd)) => cmd.to_string(),
            (None, None) => String::new(),
        }
    }
}

/// A built submission and the limits it runs under.
#[derive(Debug, Clone)]
pub struct Submission {
    pub program: Program,
    pub limits: RunLimits,
}

impl Submission {
    /// Builds `source` for `problem`: `overrides` replace the problem's
    /// limits (the memory limit also sizes a JVM heap).
    pub fn build(
        runner: &Runner,
        problem: &Problem,
        source: Source,
        overrides: Overrides,
    ) -> Result<Submission, BuildError> {
        if let Some(file) = source.file.filter(|f| is_answers(f)) {
            return answers(runner, problem, file, overrides);
        }
        let memory = overrides.memory.unwrap_or(problem.spec.limits.memory);
        // A package's programs run as its judge ran them (PyPy for `.py`).
        let env = problem.origin.as_ref().map(|o| &o.environment);
        let mut pin = Pin {
            package: problem.origin.is_some(),
            constants: (source.file).and_then(|f| build::constants::for_file(problem, f)),
            compile_time: env.and_then(|e| e.compilation_time),
            compile_memory: env.and_then(|e| e.compilation_memory),
            ..source.pin.cloned().unwrap_or_default()
        };
        if let (Some(file), Some(origin)) = (source.file, &problem.origin) {
            admit(file, &origin.environment, &pin)?;
        }
        let staged = match source.file {
            Some(file) if source.cmd.is_none() => {
                let constants = build::constants::of(problem);
                included::stage(runner, &problem.dir, file, &mut pin, constants.as_ref())?
            }
            _ => None,
        };
        let file = staged.as_deref().or(source.file);
        let program = build::prepare_pinned(runner, file, source.cmd, memory, &pin)?;
        let limits = limits::for_submission(problem, overrides, &program.language);
        Ok(Submission { program, limits })
    }

    /// The grader of this submission on the cases of `tools.problem`.
    pub fn grader<'a>(&'a self, tools: &'a Tools<'a>, runner: &'a Runner) -> Grader<'a> {
        Grader::submission(tools, runner, &self.program, self.limits)
    }
}

/// Whether the problem takes `file` at all, before it is built: its
/// source within `limits.code` (counted before the included files are
/// added, as the format says) and its language one of `languages`.
///
/// Too large is a setup error: the submission is not run, and a
/// package's example submission breaks its promise whatever its folder
/// (problemtools reports it as an error and does not run it; the format
/// says the submission must be rejected). A language the problem does
/// not take makes the submission unavailable: not judged, with the
/// reason, since no contest judge would have taken it.
fn admit(file: &Path, env: &Environment, pin: &Pin) -> Result<(), BuildError> {
    if let Some(limit) = env.code {
        let size = source_size(file);
        if size > limit {
            return Err(BuildError::Setup(format!(
                "{}: {} bytes of source, over the problem's code limit of {} KiB (limits.code): not run, as a judge refuses it before judging",
                file.display(),
                size,
                limit >> 10
            )));
        }
    }
    match included::language_of(file, pin) {
        Some(id) if !env.permits(&id) => Err(BuildError::Unavailable(format!(
            "{}: its language ({id}) is not one the problem may be solved in (problem.yaml languages: {}): not judged",
            file.display(),
            env.languages.as_deref().unwrap_or_default().join(", ")
        ))),
        _ => Ok(()),
    }
}

/// The total size of the submitted files: a file's, or every file's
/// below a folder.
fn source_size(file: &Path) -> u64 {
    walkdir::WalkDir::new(file)
        .follow_links(true)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .filter_map(|e| e.metadata().ok())
        .map(|m| m.len())
        .sum()
}

/// A submission of answers ([`is_answers`]), copied into a build folder:
/// one only a submit-answer problem takes.
fn answers(
    runner: &Runner,
    problem: &Problem,
    folder: &Path,
    overrides: Overrides,
) -> Result<Submission, BuildError> {
    if problem.spec.kind != Kind::SubmitAnswer {
        return Err(BuildError::Setup(format!(
            "{}: a folder of answers (.out files) is a submission only to a submit-answer problem",
            folder.display()
        )));
    }
    let dir = runner
        .new_dir("build")
        .map_err(|e| BuildError::Setup(e.to_string()))?;
    let copy = dir.join("answers");
    crate::fsutil::copy_tree(folder, &copy)
        .map_err(|e| BuildError::Setup(format!("{}: cannot copy: {e}", folder.display())))?;
    let program = Program::answers(copy, dir);
    let limits = limits::for_submission(problem, overrides, &program.language);
    Ok(Submission { program, limits })
}
