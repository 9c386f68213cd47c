//! Commands: each wires the stages together for one CLI verb and returns a
//! [`Status`]; none of them parses arguments or exits the process.

pub mod check;
pub mod diff;
pub mod export;
pub mod generate;
pub mod grade;
pub mod import;
pub mod list;
pub mod merge;
pub mod regen;
pub mod solve;
pub mod stress;
pub mod submissions;
pub mod validate;

use std::io::IsTerminal;
use std::path::PathBuf;

use crate::problem::{Discovery, discover};
use crate::report::console::Style;

/// What a command concluded, mapped by `main` to the process exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Everything passed (exit 0).
    Passed,
    /// Some case failed (exit 1).
    Failed,
    /// Configuration errors, reported after doing all the work that could be
    /// done (exit 2).
    ConfigError,
}

impl Status {
    /// The status a finished report stands for: configuration errors first,
    /// then any failure.
    pub fn of(report: &crate::report::Report) -> Status {
        if !report.errors.is_empty() {
            Status::ConfigError
        } else if report.all_passed() {
            Status::Passed
        } else {
            Status::Failed
        }
    }

    pub fn exit_code(self) -> i32 {
        match self {
            Status::Passed => 0,
            Status::Failed => 1,
            Status::ConfigError => 2,
        }
    }
}

/// Errors that stop a command before it can do its work (exit 2).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Config(String),
}

/// Settings every command shares, validated once by the CLI.
#[derive(Debug, Clone)]
pub struct Context {
    pub problems_dir: PathBuf,
    pub style: Style,
    /// Show progress bars (only on a terminal).
    pub progress: bool,
    /// The command line, recorded in reports.
    pub command_line: String,
}

impl Context {
    /// Defaults for a terminal session: colour and progress on a TTY only,
    /// and `NO_COLOR` respected.
    pub fn detect(problems_dir: PathBuf, command_line: String) -> Self {
        let tty = std::io::stderr().is_terminal();
        let color = std::io::stdout().is_terminal()
            && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        Context {
            problems_dir,
            style: Style { color },
            progress: tty,
            command_line,
        }
    }

    /// Discovers problems and keeps the named ones (all when none named).
    pub fn load(&self, names: &[String]) -> Result<Discovery, Error> {
        let found = discover(&self.problems_dir).map_err(|e| {
            Error::Config(format!(
                "{}: cannot read the problems folder: {e}",
                self.problems_dir.display()
            ))
        })?;
        found.select(names).map_err(|unknown| {
            Error::Usage(format!(
                "unknown problem(s): {} (look in {})",
                unknown.join(", "),
                self.problems_dir.display()
            ))
        })
    }
}

/// Reads a report given on the command line (a usage error if it is not one).
pub fn read_report(path: &std::path::Path) -> Result<crate::report::Report, Error> {
    crate::report::yaml::read_file(path).map_err(Error::Usage)
}

/// One message per problem folder that failed to load.
pub fn error_lines(found: &Discovery) -> Vec<String> {
    found.errors.iter().map(|(_, e)| e.to_string()).collect()
}

/// A rayon pool with exactly `jobs` threads (0 = one per core).
pub fn pool(jobs: usize) -> Result<rayon::ThreadPool, Error> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| Error::Config(format!("cannot start {jobs} worker threads: {e}")))
}

/// A progress bar on stderr, hidden when `show` is false.
pub fn progress_bar(len: usize, show: bool, what: &str) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    let target = if show {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(len as u64), target);
    if let Ok(style) = ProgressStyle::with_template(&format!(
        "{{spinner}} {what} [{{bar:40.cyan/blue}}] {{pos}}/{{len}} cases  {{per_sec}}  eta {{eta}}"
    )) {
        bar.set_style(style.progress_chars("━╸ "));
    }
    bar
}
