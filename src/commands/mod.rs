//! The command line: one module per verb, each with its clap `Args` (help
//! text next to every field) and a `run` that calls the engine and prints.
//! No command imports another; what several share lives here.

pub mod check;
pub mod diff;
pub mod export;
pub mod generate;
mod generated;
pub use generated::remove_uncached;
pub mod grade;
pub mod harden;
mod harden_cases;
pub mod import;
pub mod languages;
pub mod list;
pub mod merge;
pub mod new;
mod new_files;
mod output;
pub mod regen;
pub mod root;
pub mod sandbox;
pub mod solve;
pub mod stress;
pub mod timelimit;
pub mod validate;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::config::Config;
use crate::engine::build;
use crate::engine::cache::{CACHE_ENV, Cache, DEFAULT_DIR};
use crate::engine::limits::Overrides;
use crate::engine::runner::{Runner, RunnerOptions};
use crate::engine::sandbox::SandboxMode;
use crate::error::{Error, Result};
use crate::package::discover;
use crate::problem::{Discovery, Problem};
use crate::report::console::Style;
use crate::report::{Report, RunKind};
use crate::shard::Shard;
use crate::solvers::{self, Solver};
use crate::units::{parse_duration, parse_size};
pub(crate) use output::publish;

/// The whole command line.
#[derive(clap::Parser)]
#[command(
    name = "judge",
    version,
    about = "Batch grading harness for online-judge style test sets"
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(clap::Subcommand)]
pub enum Command {
    /// Make a problem that passes `judge check` at once (and, in a folder
    /// that is no repository yet, the repository).
    New(new::Args),
    /// Run every case through the reference solver, then grade the
    /// expected-verdict submissions.
    Check(check::Args),
    /// Check every input strictly and the case folders' hygiene.
    Validate(validate::Args),
    /// Recompute expected outputs (atomic writes; failing cases keep their file).
    Regen(regen::Args),
    /// Run a submission on every case under limits and judge it.
    Grade(grade::Args),
    /// Search random inputs for one where a submission and the reference disagree.
    Stress(stress::Args),
    /// Search generated inputs that catch the mutants a mutation run left
    /// alive (and wrong submissions); keep each as a case with its recipe.
    Harden(harden::Args),
    /// Compare two reports: verdict flips, added/removed and slower cases;
    /// exit 1 when anything got worse.
    Diff(diff::Args),
    /// Join the reports of `--shard K/N` runs into one report.
    Merge(merge::Args),
    /// Write a problem as an ICPC / Kattis problem package folder.
    Export(export::Args),
    /// Read an ICPC / Kattis problem package folder into PROBLEMS/ID.
    Import(import::Args),
    /// Print the reference output for standard input.
    Solve(solve::Args),
    /// Show what a sandboxed submission sees here (the allow-list view)
    /// and how runs are measured; exit 1 when no sandbox can be made.
    Sandbox(sandbox::Args),
    /// List problems, their solvers and case counts per group.
    List(list::Args),
    /// Generate random valid inputs, deterministically from a seed.
    Gen(generate::Args),
    /// Calibrate time limits: run the accepted and time_limit_exceeded
    /// submissions several times and check problemtools' margins.
    Timelimit(timelimit::Args),
    /// List every language judge builds: installed or not, its version
    /// and path, and what to install when it is missing.
    Languages(languages::Args),
}

impl Command {
    /// The command's name, as typed.
    pub fn name(&self) -> &'static str {
        match self {
            Command::New(_) => "new",
            Command::Check(_) => "check",
            Command::Validate(_) => "validate",
            Command::Regen(_) => "regen",
            Command::Grade(_) => "grade",
            Command::Stress(_) => "stress",
            Command::Harden(_) => "harden",
            Command::Diff(_) => "diff",
            Command::Merge(_) => "merge",
            Command::Export(_) => "export",
            Command::Import(_) => "import",
            Command::Solve(_) => "solve",
            Command::Sandbox(_) => "sandbox",
            Command::List(_) => "list",
            Command::Gen(_) => "gen",
            Command::Timelimit(_) => "timelimit",
            Command::Languages(_) => "languages",
        }
    }

    /// The command's `--sandbox`, for what it runs before its own work
    /// (generating a package's data from its recipe); `auto` for commands
    /// without one.
    pub fn sandbox(&self) -> SandboxMode {
        match self {
            Command::Check(a) => a.sandbox.sandbox,
            Command::Validate(a) => a.sandbox.sandbox,
            Command::Regen(a) => a.sandbox.sandbox,
            Command::Grade(a) => a.sandbox.sandbox,
            Command::Stress(a) => a.sandbox.sandbox,
            Command::Import(a) => a.sandbox.sandbox,
            Command::Solve(a) => a.sandbox.sandbox,
            Command::Gen(a) => a.sandbox.sandbox,
            Command::Timelimit(a) => a.sandbox.sandbox,
            _ => SandboxMode::Auto,
        }
    }
}

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
    /// Isolation with bubblewrap: auto (when it works here; a loud warning
    /// otherwise, and exit 2 when the CI environment variable is set), on
    /// (required: exit 2 without it), off (limits, accounting, clean-up only).
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
        match (&self.submission, &self.cmd) {
            (Some(path), _) => path.display().to_string(),
            (None, Some(cmd)) => cmd.clone(),
            (None, None) => String::new(),
        }
    }

    /// Builds it; `memory` sizes a JVM heap.
    pub(crate) fn build(
        &self,
        runner: &Runner,
        memory: u64,
    ) -> Result<build::Program, build::BuildError> {
        build::prepare(
            runner,
            self.submission.as_deref(),
            self.cmd.as_deref(),
            memory,
        )
    }
}

/// The one problem of a search command (`stress`, `harden`) made ready
/// to run: its time limit settled (a package that gives none gets its
/// rule's, and the note is printed), and its own programs built.
pub(crate) fn ready_one<'a>(
    problem: &'a mut crate::problem::Problem,
    runner: &'a Runner,
    needs: &[crate::engine::tools::Need],
) -> Result<crate::engine::tools::Tools<'a>> {
    let (notes, failed) = crate::engine::time_limit::settle(std::slice::from_mut(problem), runner);
    if let Some((_, why)) = failed.into_iter().next() {
        return Err(Error::Setup(format!("{}: {why}", problem.id)));
    }
    for note in notes {
        println!("{note}");
    }
    let problem: &'a crate::problem::Problem = problem;
    let (tools, errors) =
        crate::engine::run::prepare(std::slice::from_ref(problem), Some(runner), needs);
    if let Some(e) = errors.into_iter().next() {
        return Err(Error::ProblemProgram(e));
    }
    tools
        .into_iter()
        .next()
        .ok_or_else(|| Error::Usage(format!("unknown problem {}", problem.id)))
}

/// [`Context::settle_time_limits`] for commands without a session: the
/// notes are returned for the caller to show.
pub(crate) fn settle_quietly(selection: &mut Discovery, runner: &Runner) -> Vec<String> {
    let (notes, failed) = crate::engine::time_limit::settle(&mut selection.problems, runner);
    for (id, why) in failed {
        if let Some(at) = selection.problems.iter().position(|p| p.id == id) {
            let problem = selection.problems.remove(at);
            selection.errors.push((
                id,
                crate::problem::ProblemError::Package {
                    path: problem.dir,
                    reasons: vec![why],
                },
            ));
        }
    }
    notes
}

/// What gives a problem's answers: see [`Context::reference_for`].
pub(crate) enum Reference {
    Solver(&'static dyn Solver),
    /// A problem folder without an in-crate solver: its reference (and
    /// generator, when it has one) are programs.
    Program(Box<Problem>),
}

/// Settings every command shares, made once from [`GlobalArgs`].
#[derive(Debug, Clone)]
pub struct Context {
    /// The repository's top folder ([`root`]).
    pub root: PathBuf,
    pub problems_dir: PathBuf,
    pub style: Style,
    /// Show progress bars (only on a terminal).
    pub progress: bool,
    /// The command line, recorded in reports.
    pub command_line: String,
    /// `--config FILE`, read when a command needs it.
    pub config_file: Option<PathBuf>,
    /// The build and result cache folder; `None` with `--no-cache`.
    pub cache_dir: Option<PathBuf>,
    /// Which root is used, when it is not the current folder.
    pub root_note: Option<String>,
    /// The command's name (`check`), which names its report folder.
    pub command: &'static str,
    /// The command's `--sandbox` ([`Command::sandbox`]).
    pub sandbox: SandboxMode,
}

impl Context {
    /// Colour and progress on a TTY only, `NO_COLOR` respected, unless
    /// `--color` says otherwise.
    pub fn new(args: GlobalArgs, command: &'static str) -> Self {
        let color = match args.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        };
        let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        let found = root::find(&cwd, args.problems_dir.as_deref());
        Context {
            problems_dir: found.problems,
            style: Style { color },
            progress: std::io::stderr().is_terminal(),
            command_line: std::env::args().collect::<Vec<_>>().join(" "),
            config_file: args.config.or(found.config),
            cache_dir: (!args.no_cache).then(|| {
                args.cache_dir
                    .or_else(|| {
                        std::env::var_os(CACHE_ENV)
                            .filter(|v| !v.is_empty())
                            .map(PathBuf::from)
                    })
                    .unwrap_or_else(|| found.dir.join(DEFAULT_DIR))
            }),
            root: found.dir,
            root_note: found.note,
            command,
            sandbox: SandboxMode::Auto,
        }
    }

    /// Reads the configuration and puts its language table in force for
    /// the rest of the process.
    pub fn install_languages(&self) -> Result<()> {
        let config = Config::load(self.config_file.as_deref())?;
        let table = config.languages().map_err(|(_, e)| Error::Usage(e))?;
        judge_languages::install(table);
        Ok(())
    }

    /// The runner for a command that runs submissions, with `workers`
    /// launchers. Without a sandbox in `auto` mode it warns on stderr
    /// before anything runs (and refuses when `CI` is set).
    pub(crate) fn runner(&self, mode: SandboxMode, workers: usize) -> Result<Runner> {
        let config = Config::load(self.config_file.as_deref())?;
        let exe =
            std::env::current_exe().map_err(Error::io("judge", "cannot find its own binary"))?;
        let mut runner = Runner::new(RunnerOptions {
            mode,
            exe,
            workers,
            allow: config.sandbox.allow,
            tools: config.tools.chosen(),
        })?;
        if let Some(dir) = &self.cache_dir {
            runner.use_cache(Cache::open(dir.clone()));
        }
        if let Some(w) = runner.warning() {
            eprintln!("{} {w}", self.style.yellow("warning:"));
        }
        if let Some(note) = runner.swept_note() {
            eprintln!("{} {note}", self.style.dim("note:"));
        }
        Ok(runner)
    }

    /// The runner when `needed` (problem programs or submissions to run),
    /// recorded in the session's notes.
    pub(crate) fn runner_for(
        &self,
        needed: bool,
        mode: SandboxMode,
        session: &mut crate::engine::run::Session,
    ) -> Result<Option<Runner>> {
        if !needed {
            return Ok(None);
        }
        let runner = self.runner(mode, session.workers())?;
        session.note_runner(&runner);
        Ok(Some(runner))
    }

    /// Discovers problems and keeps the named ones (all when none named).
    /// A name may be a path into the problems folder (`.` inside
    /// `problems/demo`).
    pub(crate) fn load(&self, names: &[String]) -> Result<Discovery> {
        let mut found = discover(&self.problems_dir).map_err(Error::io(
            &self.problems_dir,
            "cannot read the problems folder",
        ))?;
        self.generate_data(&mut found)?;
        let cwd = std::env::current_dir().unwrap_or_default();
        let names = names
            .iter()
            .map(|n| {
                root::problem_id(n, &cwd, &self.problems_dir).ok_or_else(|| {
                    Error::Usage(format!(
                        "{n} is not inside the problems folder {}",
                        self.problems_dir.display()
                    ))
                })
            })
            .collect::<Result<Vec<String>>>()?;
        let names = names.as_slice();
        found.select(names).map_err(|unknown| {
            Error::Usage(format!(
                "unknown problem(s): {} (look in {})",
                unknown.join(", "),
                self.problems_dir.display()
            ))
        })
    }

    /// Gives each package judged in place that states no time limit the
    /// one its accepted submissions give (problemtools' rule), before
    /// anything is graded or sharded, so every shard agrees on it. A
    /// problem that cannot get one becomes a load error.
    pub(crate) fn settle_time_limits(
        &self,
        selection: &mut Discovery,
        runner: &Runner,
        session: &mut crate::engine::run::Session,
    ) {
        let notes = session.install(|| settle_quietly(selection, runner));
        for note in notes {
            session.note(note);
        }
    }

    /// The one named problem, which must load.
    pub(crate) fn load_one(&self, name: &str) -> Result<Problem> {
        let found = self.load(&[name.to_string()])?;
        if let Some((_, e)) = found.errors.into_iter().next() {
            return Err(e.into());
        }
        found
            .problems
            .into_iter()
            .next()
            .ok_or_else(|| Error::Usage(format!("unknown problem {name}")))
    }

    /// What answers for `name`: the in-crate solver of a problem folder
    /// or of a solver id used directly (which needs no problems folder, so
    /// `judge solve ID` works anywhere), or a problem folder whose
    /// reference is a program (run by the engine, like `check` runs it).
    pub(crate) fn reference_for(&self, name: &str) -> Result<Reference> {
        let found = discover(&self.problems_dir).unwrap_or_default();
        if let Some(p) = found.problems.iter().find(|p| p.id == name) {
            return Ok(match p.solver() {
                Some(solver) => Reference::Solver(solver),
                None => Reference::Program(Box::new(p.clone())),
            });
        }
        if let Some((_, e)) = found.errors.iter().find(|(id, _)| id == name) {
            return Err(e.clone().into());
        }
        solvers::find(name).map(Reference::Solver).ok_or_else(|| {
            Error::Usage(format!(
                "unknown problem {name:?} (problems: {}; solvers: {})",
                found
                    .problems
                    .iter()
                    .map(|p| p.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                solvers::ids().join(", ")
            ))
        })
    }

    /// The engine's settings for a run of `kind` with these options.
    pub(crate) fn settings(&self, kind: RunKind, run: &RunArgs) -> crate::engine::run::Settings {
        crate::engine::run::Settings {
            kind,
            command_line: self.command_line.clone(),
            jobs: run.jobs,
            shard: run.shard,
            progress: self.progress,
            fail_fast: run.fail_fast,
        }
    }

    /// Prints failing cases, the summary and the submissions table, then
    /// writes the reports (YAML, HTML, and JUnit when asked for).
    pub(crate) fn publish(&self, report: &Report, run: &RunArgs, name: Option<&str>) -> Result<()> {
        let dir = self.report_dir(run.report_dir.as_deref(), name);
        publish(
            self.style,
            report,
            &dir,
            run.junit.as_deref(),
            &self.reports(),
        )
    }

    /// The repository's reports folder, whose `index.html` lists the
    /// reports written into its sub-folders.
    pub(crate) fn reports(&self) -> PathBuf {
        self.root.join(root::REPORTS)
    }

    /// Where a command's reports go: `explicit` when given, else
    /// `reports/<command>[-<name>]/` under the repository's root, so that
    /// `validate` and `check` (and checks of another problems folder, and
    /// grades of different submissions) keep their own latest report.
    /// The command is the report's kind; `name` says more, and the
    /// problems folder's name is added when it is not the repository's
    /// `problems/`.
    pub(crate) fn report_dir(&self, explicit: Option<&Path>, name: Option<&str>) -> PathBuf {
        if let Some(dir) = explicit {
            return dir.to_path_buf();
        }
        let mut folder = self.command.to_string();
        if self.problems_dir != self.root.join(root::PROBLEMS) {
            let own = self.problems_dir.file_name().unwrap_or_default();
            folder.push('-');
            folder.push_str(&own.to_string_lossy());
        }
        if let Some(name) = name {
            folder.push('-');
            folder.push_str(name);
        }
        self.reports().join(folder)
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// `--help` documents every flag and positional of every command.
    #[test]
    fn every_argument_has_help_text() {
        let cli = super::Cli::command();
        let mut missing = Vec::new();
        for sub in cli.get_subcommands() {
            assert!(sub.get_about().is_some(), "{} has no about", sub.get_name());
            for arg in sub.get_arguments() {
                let builtin = matches!(arg.get_id().as_str(), "help" | "version");
                if !builtin && arg.get_help().is_none() {
                    missing.push(format!("{} {}", sub.get_name(), arg.get_id()));
                }
            }
        }
        assert!(missing.is_empty(), "arguments without help: {missing:?}");
    }

    #[test]
    fn the_command_line_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
