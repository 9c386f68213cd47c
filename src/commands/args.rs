//! The options several commands share, as clap reads them: the global
//! ones, a run's report options, the sandbox, limit overrides and a
//! submission. A leaf: it names no other command module.

use std::path::PathBuf;
use std::time::Duration;

use crate::engine::pass::submission::Source;
use crate::engine::sandbox::SandboxMode;
use crate::engine::time::limits::Overrides;
use crate::shard::Shard;
use crate::units::{parse_duration, parse_size};

/// Options every command takes.
#[derive(Debug, Clone, clap::Args)]
pub struct GlobalArgs {
    /// Folder holding one sub-folder per problem, or a folder of ICPC
    /// packages, or one package (default: the repository's `problems/`,
    /// the repository found from the current folder upwards; inside a
    /// package, that package).
    #[arg(long = "problems", global = true, value_name = "DIR")]
    pub problems_dir: Option<PathBuf>,
    /// Colour on the terminal: auto = only on a terminal and when NO_COLOR
    /// is unset.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// judge's configuration file (default: the repository's
    /// judge-config.yaml, when there is one).
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Where compiled programs and reusable case results are kept between
    /// runs (default: $JUDGE_CACHE_DIR, else the repository's
    /// target/judge-cache).
    #[arg(long, global = true, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Compile and run everything; read and write no cache.
    #[arg(long, global = true)]
    pub no_cache: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// Options of every run over a test set that writes a report.
#[derive(Debug, Clone, clap::Args)]
pub struct RunArgs {
    /// Worker threads (0 = one per core).
    #[arg(long, short, default_value_t = 0)]
    pub jobs: usize,
    /// Where report.yaml and report.html go (default: $JUDGE_REPORT_DIR,
    /// else the repository's reports/COMMAND[-NAME]/).
    #[arg(long, env = "JUDGE_REPORT_DIR", value_name = "DIR")]
    pub report_dir: Option<PathBuf>,
    /// Also write JUnit XML (one test per case) to this file.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Run only part K of N of the test set (e.g. 2/3), for CI matrices;
    /// `judge merge` joins the N reports.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Stop at the first failing case (cases in their documented order,
    /// samples first): a submission that fails on case 1 of 300 says so
    /// at once. The report holds the cases run.
    #[arg(long)]
    pub fail_fast: bool,
}

/// How submissions are isolated.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct SandboxArgs {
    /// Isolation of the programs run: bubblewrap where it can start, else
    /// the second layer (Landlock and seccomp, what a stock container
    /// allows). auto: the best layer that holds here; with none, a loud
    /// warning (exit 2 when the CI environment variable is set). on: a
    /// layer that holds every point is required (exit 2 without one).
    /// off: limits, accounting and clean-up only.
    #[arg(long, value_enum, default_value_t = SandboxMode::Auto)]
    pub sandbox: SandboxMode,
}

/// Limits that replace `problem.yaml`'s for one run.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct LimitArgs {
    /// CPU time limit per case, e.g. 2s or 500ms (default: problem.yaml).
    #[arg(long, value_parser = parse_duration)]
    pub time_limit: Option<Duration>,
    /// Memory limit per case, e.g. 256MiB (default: problem.yaml).
    #[arg(long, value_parser = parse_size)]
    pub memory_limit: Option<u64>,
    /// Output limit per case, e.g. 8MiB (default: problem.yaml).
    #[arg(long, value_parser = parse_size)]
    pub output_limit: Option<u64>,
}

impl LimitArgs {
    pub(crate) fn overrides(self) -> Overrides {
        Overrides {
            time: self.time_limit,
            memory: self.memory_limit,
            output: self.output_limit,
        }
    }
}

/// A submission to run: a file, or a command line.
#[derive(Debug, Clone, clap::Args)]
pub struct SubmissionArgs {
    /// Source file (.c .cpp .cc .rs .py .java .sh) or executable; optional
    /// with --cmd.
    #[arg(required_unless_present = "cmd")]
    pub submission: Option<PathBuf>,
    /// How to run it instead (split on spaces). Started in SUBMISSION's
    /// folder, or in an empty scratch folder when no SUBMISSION is given.
    #[arg(long)]
    pub cmd: Option<String>,
}

impl SubmissionArgs {
    /// What the report calls the submission.
    pub(crate) fn subject(&self) -> String {
        self.source().subject()
    }

    /// What the engine builds.
    pub(crate) fn source(&self) -> Source<'_> {
        Source {
            file: self.submission.as_deref(),
            cmd: self.cmd.as_deref(),
            pin: None,
        }
    }
}
