//! Running untrusted programs under limits, and measuring them.
//!
//! A [`runner::Runner`] starts one launcher process per worker (the judge
//! binary re-executed as `judge __launcher`, see [`launcher`]), each inside
//! bubblewrap when a sandbox can be made ([`sandbox`]: an allow-list view of
//! the file system, no network, a private `/tmp`), and runs programs in it
//! under [`limits::RunLimits`]: CPU time, a wall-clock backstop, peak
//! memory, output size, processes and open files. CPU time and peak memory
//! are measured for the whole process tree through cgroups where the
//! machine has them ([`cgroup`], v1 or v2), else through `wait4`. What
//! happened becomes an [`execution::Execution`] with a decided
//! [`execution::End`]; [`relay`] wires two programs together for
//! interactive problems.
//!
//! Any Rust program that must run code it does not trust can use it: it
//! knows nothing of problems, cases, solvers, verdicts or reports, and may
//! depend on `judge-text` and `judge-fs` only. The program that uses it
//! must call [`launcher::serve::serve`] when started with `__launcher` as
//! its first argument (the runner starts the launcher from its own binary).

pub mod cgroup;
mod cgroup_v2;
pub mod confine;
mod ending;
pub mod execution;
pub mod guarantees;
pub mod launcher;
mod layer;
pub mod limits;
pub mod meter;
mod pyenv;
pub mod relay;
pub mod runner;
pub mod sandbox;
pub mod toolchain;

/// Why a runner could not be set up, or a program could not be run.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A folder of the run could not be made, or a file handed to a
    /// program could not be opened.
    #[error(transparent)]
    Io(#[from] judge_fs::PathError),
    /// A sandbox was required and none can be made here; the message says
    /// why and what to install.
    #[error("--sandbox on: {0}")]
    Sandbox(String),
    /// The launcher (or a pipe between programs) failed: the programs
    /// could not be run at all.
    #[error("{0}")]
    Run(String),
}

impl Error {
    /// A closure for `map_err` that names the path and the action.
    pub fn io(
        path: impl Into<std::path::PathBuf>,
        action: &'static str,
    ) -> impl FnOnce(std::io::Error) -> Error {
        let at = judge_fs::PathError::at(path, action);
        move |source| Error::Io(at(source))
    }
}
