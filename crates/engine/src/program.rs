//! What building a submission gives: a runnable [`Program`] or a
//! [`BuildError`], and the tools it is built and run with. Its own module so
//! that `build` (which decides how) and `compile` (which runs compilers) both
//! depend on it and not on each other.

use std::path::PathBuf;

pub use judge_languages::Language;

use super::launcher::{ProcSpec, Role};
use super::limits;
use super::runner::{Keep, Runner, STDERR_TAIL, clean_env};
use super::toolchain::{self, Tool};

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
    /// How to run it on one case under `limits`.
    pub fn spec(&self, limits: limits::RunLimits) -> ProcSpec {
        let cwd = self.dir.display().to_string();
        ProcSpec {
            argv: self.argv.clone(),
            env: with_env(clean_env(&cwd), &self.env),
            cwd,
            limits,
            writable: Vec::new(),
            keep: Keep::Tail(STDERR_TAIL),
            role: Role::Submission,
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
pub fn with_env(mut base: Vec<String>, extra: &[String]) -> Vec<String> {
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
    let Tool { exe, binds } = toolchain::resolve(&chosen).ok_or_else(|| {
        BuildError::Setup(if configured {
            format!("{name}: {chosen} (tools.{name} in judge's configuration) cannot be run")
        } else {
            format!("{name} is not installed (not found on PATH)")
        })
    })?;
    runner.allow(&binds);
    Ok(exe.display().to_string())
}

pub use super::toolchain::is_executable;
