//! What building a submission gives: a runnable [`Program`] or a
//! [`BuildError`], and the tools it is built and run with. Its own module so
//! that `build` (which decides how) and `compile` (which runs compilers) both
//! depend on it and not on each other.

use std::path::PathBuf;

pub use judge_languages::Language;

use crate::execute::runner::{Keep, Runner, STDERR_TAIL, clean_env};
use crate::launcher::{ProcSpec, Role};
use crate::time::limits;
use crate::toolchain::{self, Tool};

/// A runnable submission, in the run's build area.
#[derive(Debug, Clone)]
pub struct Program {
    pub language: Language,
    /// Absolute program path first (host paths; the runner maps them into
    /// the sandbox).
    pub argv: Vec<String>,
    /// Environment variables beside the clean set (a runtime's memory
    /// setting).
    pub env: Vec<String>,
    /// Its build folder, where it starts.
    pub dir: PathBuf,
}

impl Program {
    /// A submission of answers (a submit-answer problem's): the folder of
    /// `<case id>.out` files, copied to `dir`. It is never run.
    pub fn answers(folder: PathBuf, dir: PathBuf) -> Program {
        Program {
            language: Language::answers(),
            argv: vec![folder.display().to_string()],
            env: Vec::new(),
            dir,
        }
    }

    /// The folder of answers, when it is a submission of answers.
    pub fn answers_folder(&self) -> Option<&std::path::Path> {
        let folder = self.argv.first().filter(|_| self.language.is_answers())?;
        Some(std::path::Path::new(folder))
    }

    /// How to run it as a submission on one case under `limits`.
    pub fn spec(&self, limits: limits::RunLimits) -> ProcSpec {
        self.process(Role::Submission, Vec::new(), limits)
    }

    /// How to run it as one of the problem's own programs (reference,
    /// checker, validator, generator): as the judge's uid, with `args`
    /// after its own command.
    pub(crate) fn judge_spec(&self, args: Vec<String>, limits: limits::RunLimits) -> ProcSpec {
        self.process(Role::Judge, args, limits)
    }

    /// The one place a program's process is described, whoever's it is: a
    /// runtime's memory setting (`run_env`, such as Go's `GOMEMLIMIT`) is
    /// the program's, so a checker in Go gets it as a submission in Go does.
    fn process(&self, role: Role, args: Vec<String>, limits: limits::RunLimits) -> ProcSpec {
        let cwd = self.dir.display().to_string();
        let mut argv = self.argv.clone();
        argv.extend(args);
        ProcSpec {
            argv,
            env: with_env(clean_env(&cwd), &self.env),
            cwd,
            limits,
            writable: Vec::new(),
            keep: Keep::Tail(STDERR_TAIL),
            role,
        }
    }
}

/// Why a submission could not be made runnable.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The compiler rejected the source: verdict CE.
    #[error("compile error:\n{0}")]
    Compile(String),
    /// judge cannot build or run this submission at all (exit 2).
    #[error("{0}")]
    Setup(String),
    /// The submission's language is known but its toolchain is not
    /// installed here: a submission in a test set is skipped with this
    /// reason, never given a verdict.
    #[error("{0}")]
    Unavailable(String),
}

/// `base` with `extra` laid over it: a variable in both takes `extra`'s
/// value.
pub(crate) fn with_env(mut base: Vec<String>, extra: &[String]) -> Vec<String> {
    for e in extra {
        let name = e.split('=').next().unwrap_or(e);
        base.retain(|b| b.split('=').next() != Some(name));
        base.push(e.clone());
    }
    base
}

/// A tool on PATH, made visible to the sandbox.
pub fn tool(runner: &Runner, name: &str) -> Result<String, BuildError> {
    let (chosen, configured) = runner.tool_choice(name);
    let resolved = crate::timeline::probing(|| toolchain::resolve(&chosen));
    let Tool { exe, binds } = resolved.ok_or_else(|| {
        BuildError::Setup(if configured {
            format!("{name}: {chosen} (tools.{name} in judge's configuration) cannot be run")
        } else {
            format!("{name} is not installed (not found on PATH)")
        })
    })?;
    runner.allow(&binds);
    Ok(exe.display().to_string())
}

pub use crate::toolchain::is_executable;

#[cfg(test)]
mod tests {
    use super::*;

    fn go_program() -> Program {
        Program {
            language: Language::executable(),
            argv: vec!["/build/1/main".into()],
            env: vec!["GOMEMLIMIT=2048MiB".into()],
            dir: PathBuf::from("/build/1"),
        }
    }

    /// A judge-side program (a checker or reference in Go or C#) once ran
    /// without its language's `run_env`: its runtime then sized its heap
    /// by itself instead of from the limit.
    #[test]
    fn a_judge_side_process_gets_the_programs_environment_like_a_submission() {
        let program = go_program();
        let limits = limits::RunLimits::new(std::time::Duration::from_secs(1), 256 << 20, 1 << 20);
        let judge = program.judge_spec(vec!["/dev/fd/3".into()], limits);
        let submission = program.spec(limits);
        assert!(
            judge.env.contains(&"GOMEMLIMIT=2048MiB".to_string()),
            "{:?}",
            judge.env
        );
        assert_eq!(judge.env, submission.env);
        assert_eq!(judge.argv, ["/build/1/main", "/dev/fd/3"]);
        assert_eq!(
            (judge.role, submission.role),
            (Role::Judge, Role::Submission)
        );
    }
}
