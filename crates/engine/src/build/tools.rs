//! A problem's own programs: the reference (when it is a program), the
//! checker or interactor, the input validators and the generator. Each is
//! built at most once per run, when first needed, by the same [`Runner`]
//! as the submissions (so also compiled in the sandbox).
//!
//! Programs and nothing else: what a run finds with them (the bounds its
//! validators note, say) is returned to whoever ran them, not kept here.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::build::{self, BuildError, Program};
use crate::execute::runner::Runner;
use crate::problem::Problem;
use crate::time::limits::RunLimits;

mod error;
pub use error::{ProgramRole, ToolError};

/// A kind of program a command needs from its problems.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    Reference,
    Checker,
    Generator,
    Validators,
    /// The checker, for a problem with tests of it (`output_checks`).
    CheckerUnderTest,
}

impl Need {
    /// What `check` runs: the reference, judged by the checker.
    pub(crate) const CHECK: &[Need] = &[Need::Reference, Need::Checker];
    /// What grading a submission runs.
    pub const GRADE: &[Need] = &[Need::Checker];
    /// What `validate` runs: the checker only to test it.
    pub(crate) const VALIDATE: &[Need] = &[Need::Validators, Need::CheckerUnderTest];
    /// What `stress` runs.
    pub(crate) const STRESS: &[Need] = &[Need::Reference, Need::Checker, Need::Generator];

    /// Whether `problem` has this program (an in-crate solver is none).
    fn named_by(self, problem: &Problem) -> bool {
        let spec = &problem.spec;
        match self {
            Need::Reference => spec.reference.is_some(),
            Need::Checker => spec.checker.as_ref().is_some_and(|c| c.program.is_some()),
            Need::Generator => spec.generator.is_some(),
            Need::Validators => !spec.validators.is_empty(),
            Need::CheckerUnderTest => {
                Need::Checker.named_by(problem) && !problem.output_checks.is_empty()
            }
        }
    }
}

/// The grader program of the problem in `dir` (a legacy package's
/// `graders/`, for `grading: custom`): the one entry that is not a header
/// or hidden, relative to `dir`.
fn grader_path(dir: &Path) -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir.join("graders"))
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| !judge_languages::is_header(p))
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    found.sort();
    // Relative to the problem, as the problem's other programs are named.
    let one = (found.len() == 1).then(|| found.remove(0))?;
    Some(Path::new("graders").join(one.file_name()?))
}

/// The programs of one problem for one run.
pub struct Tools<'a> {
    pub problem: &'a Problem,
    runner: Option<&'a Runner>,
    built: Arc<Built>,
}

/// Why building the program at `path` as `role` failed.
fn not_built(role: ProgramRole, path: &Path, e: BuildError) -> ToolError {
    match e {
        BuildError::Compile(log) => ToolError::DoesNotCompile {
            role,
            path: path.to_path_buf(),
            log,
        },
        BuildError::Setup(why) => ToolError::Setup { role, why },
        BuildError::Unavailable(why) => ToolError::Unavailable { role, why },
    }
}

/// A program built on first use, or why it could not be.
type OneProgram = OnceLock<Result<Program, ToolError>>;
/// Several programs (with their paths) built on first use, or why one of
/// them could not be.
type Programs = OnceLock<Result<Vec<(PathBuf, Program)>, ToolError>>;

/// Each program, built when first asked for (or the reason it did not
/// build). Shared by every view of the problem in a run.
#[derive(Default)]
struct Built {
    reference: OneProgram,
    checker: OneProgram,
    /// The checker's further validators (`checker.also`).
    also: Programs,
    generator: OneProgram,
    validators: Programs,
    grader: OneProgram,
    answer_validators: Programs,
    static_validator: OneProgram,
    input_visualizer: OneProgram,
    output_visualizer: OneProgram,
    /// What drawing the cases came to where it did not draw: by what
    /// failed (a visualizer), the first case's line and how many cases
    /// said it (the report's notes say it once; never in a verdict).
    drawing_notes: std::sync::Mutex<std::collections::BTreeMap<String, (String, usize)>>,
}

impl<'a> Tools<'a> {
    pub fn new(problem: &'a Problem, runner: Option<&'a Runner>) -> Tools<'a> {
        Tools {
            problem,
            runner,
            built: Arc::default(),
        }
    }

    /// The same programs for another view of the problem (a shard's part
    /// of its cases), so nothing is built twice.
    pub fn on<'b>(&self, problem: &'b Problem) -> Tools<'b>
    where
        'a: 'b,
    {
        Tools {
            problem,
            runner: self.runner,
            built: Arc::clone(&self.built),
        }
    }

    /// Whether any of `needs` is a program of `problem` (so a runner is
    /// needed even without submissions).
    pub fn needs_runner(problem: &Problem, needs: &[Need]) -> bool {
        needs.iter().any(|n| n.named_by(problem))
    }

    pub fn runner(&self) -> Result<&'a Runner, ToolError> {
        self.runner.ok_or_else(|| ToolError::NoRunner {
            problem: self.problem.id.clone(),
        })
    }

    /// Builds the program at `relative` (a file or a folder of sources).
    fn build(&self, role: ProgramRole, relative: &Path) -> Result<Program, ToolError> {
        let runner = self.runner()?;
        let path = self.problem.path(relative);
        let reference = role == ProgramRole::Reference;
        // A package's reference is an accepted submission: built for the
        // problem's memory (a JVM's heap), as the submission is.
        let memory = match reference && self.problem.origin.is_some() {
            true => self.problem.spec.limits.memory,
            false => self.problem.spec.limits.checker_memory,
        };
        // The reference is one of the submissions, and gets the package's
        // include/ files as they do; the judge's own programs do not.
        let built = match reference {
            true => crate::build::included::prepare(runner, self.problem, &path, memory),
            false => build::prepare_for(runner, self.problem, &path, memory),
        };
        built.map_err(|e| not_built(role, &path, e))
    }

    fn cached<'s>(
        &self,
        cell: &'s OneProgram,
        role: ProgramRole,
        path: Option<&Path>,
    ) -> Result<&'s Program, ToolError> {
        cell.get_or_init(|| match path {
            Some(p) => self.build(role, p),
            None => Err(ToolError::Missing {
                problem: self.problem.id.clone(),
                role,
            }),
        })
        .as_ref()
        .map_err(Clone::clone)
    }

    /// The static validator, or why there is none.
    pub(crate) fn static_validator(&self) -> Result<&Program, ToolError> {
        let spec = self.problem.spec.static_validation.as_ref();
        let path = spec.map(|s| s.program.as_path());
        self.cached(
            &self.built.static_validator,
            ProgramRole::StaticValidator,
            path,
        )
    }

    /// The reference program, or why there is none.
    pub fn reference(&self) -> Result<&Program, ToolError> {
        let path = self.problem.spec.reference.as_deref();
        self.cached(&self.built.reference, ProgramRole::Reference, path)
    }

    /// The checker (or interactor) program.
    pub fn checker(&self) -> Result<&Program, ToolError> {
        let path = self
            .problem
            .spec
            .checker
            .as_ref()
            .and_then(|c| c.program.as_deref());
        self.cached(&self.built.checker, ProgramRole::Checker, path)
    }

    /// The further output validators that must accept too, with their
    /// paths (none for most problems).
    pub(crate) fn more_checkers(&self) -> Result<&[(PathBuf, Program)], ToolError> {
        let checker = self.problem.spec.checker.as_ref();
        let paths = checker.map(|c| c.also.as_slice()).unwrap_or_default();
        self.all(&self.built.also, ProgramRole::Checker, paths)
    }

    /// The generator program.
    pub fn generator(&self) -> Result<&Program, ToolError> {
        let path = self.problem.spec.generator.as_deref();
        self.cached(&self.built.generator, ProgramRole::Generator, path)
    }

    /// The input validator programs, with their paths.
    pub fn validators(&self) -> Result<&[(PathBuf, Program)], ToolError> {
        let paths = &self.problem.spec.validators;
        self.all(&self.built.validators, ProgramRole::InputValidator, paths)
    }

    /// The answer validator programs of a package judged in place, with
    /// their paths.
    pub(crate) fn answer_validators(&self) -> Result<&[(PathBuf, Program)], ToolError> {
        let paths = self.problem.origin.as_ref().map(|o| &o.answer_validators);
        let paths = paths.map(Vec::as_slice).unwrap_or_default();
        let cell = &self.built.answer_validators;
        self.all(cell, ProgramRole::AnswerValidator, paths)
    }

    fn all<'s>(
        &self,
        cell: &'s Programs,
        role: ProgramRole,
        paths: &[PathBuf],
    ) -> Result<&'s [(PathBuf, Program)], ToolError> {
        cell.get_or_init(|| {
            paths
                .iter()
                .map(|p| self.build(role, p).map(|prog| (p.clone(), prog)))
                .collect()
        })
        .as_ref()
        .map(Vec::as_slice)
        .map_err(Clone::clone)
    }

    /// A package's input or output visualizer (`role` says which), or
    /// why there is none.
    pub(crate) fn visualizer(&self, role: ProgramRole) -> Result<&Program, ToolError> {
        let visualizers = self.problem.origin.as_ref().map(|o| &o.visualizers);
        let (cell, path) = match role {
            ProgramRole::InputVisualizer => (
                &self.built.input_visualizer,
                visualizers.and_then(|v| v.input.as_deref()),
            ),
            _ => (
                &self.built.output_visualizer,
                visualizers.and_then(|v| v.output.as_deref()),
            ),
        };
        self.cached(cell, role, path)
    }

    /// Keeps `line` (about one case) for the problem's notes, under
    /// `what` failed: the first case's line is said, the others counted.
    pub(crate) fn note_drawing(&self, what: &str, line: String) {
        let mut notes = (self.built.drawing_notes.lock()).unwrap_or_else(|e| e.into_inner());
        notes.entry(what.to_string()).or_insert((line, 0)).1 += 1;
    }

    /// What drawing this problem's cases came to where it did not draw,
    /// one line for each thing that failed.
    pub fn drawing_notes(&self) -> Vec<String> {
        let notes = (self.built.drawing_notes.lock()).unwrap_or_else(|e| e.into_inner());
        (notes.values())
            .map(|(line, n)| match n {
                1 => format!("{}: {line}", self.problem.id),
                n => format!("{}: {line} (and on {} more cases)", self.problem.id, n - 1),
            })
            .collect()
    }

    /// A legacy package's custom grader (`graders/`).
    pub fn grader(&self) -> Result<&Program, ToolError> {
        self.built
            .grader
            .get_or_init(|| match grader_path(&self.problem.dir) {
                Some(path) => self.build(ProgramRole::Grader, &path),
                None => Err(ToolError::NoGrader {
                    problem: self.problem.id.clone(),
                }),
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Builds the programs in `needs` that the problem has, so a broken
    /// one is found (and reported, exit 2) before anything is graded.
    pub fn build_all(&self, needs: &[Need]) -> Result<(), ToolError> {
        for need in needs.iter().filter(|n| n.named_by(self.problem)) {
            match need {
                Need::Reference => match self.reference() {
                    // A package's reference is one of its accepted
                    // submissions: one that does not compile is that
                    // submission's CE, judged with the others, not a
                    // reason to judge none of them (problemtools judges
                    // the rest).
                    Err(ToolError::DoesNotCompile { .. }) if self.problem.origin.is_some() => {}
                    other => other.map(drop)?,
                },
                Need::Checker | Need::CheckerUnderTest => {
                    self.checker().map(drop)?;
                    self.more_checkers().map(drop)?
                }
                Need::Generator => self.generator().map(drop)?,
                Need::Validators => self.validators().map(drop)?,
            }
        }
        Ok(())
    }

    /// The limits the problem's own programs run under
    /// ([`crate::time::limits::for_problem_program`]).
    pub(crate) fn judge_limits(&self) -> RunLimits {
        crate::time::limits::for_problem_program(self.problem)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_grader_program_is_found_beside_headers() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(grader_path(dir.path()), None);
        let graders = dir.path().join("graders");
        std::fs::create_dir(&graders).unwrap();
        std::fs::write(graders.join("grader.py"), "").unwrap();
        std::fs::write(graders.join("util.h"), "").unwrap();
        std::fs::write(graders.join(".gitignore"), "").unwrap();
        assert_eq!(
            grader_path(dir.path()),
            Some(PathBuf::from("graders/grader.py"))
        );
        std::fs::write(graders.join("other.py"), "").unwrap();
        assert_eq!(grader_path(dir.path()), None);
    }
}
