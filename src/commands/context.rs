//! What every command shares, made once from the global options: where
//! the repository, problems, reports and cache are, the style of the
//! console, and the helpers that start a runner, load problems and write
//! reports.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::args::{ColorChoice, GlobalArgs, RunArgs};
use super::generated::scratch_root;
use super::output::publish;
use super::progress::{Target, Tracker};
use crate::config::Config;
use crate::engine::cache::{CACHE_ENV, DEFAULT_DIR};
use crate::engine::error::Result as EngineResult;
use crate::engine::execute::runner::{self, Runner};
use crate::engine::generate::{self, Generated, Host};
use crate::engine::pass::skeleton::{Finished, Progress};
use crate::engine::sandbox::SandboxMode;
use crate::error::{Error, Result};
use crate::package::discover;
use crate::package::root;
use crate::problem::{Discovery, Problem};
use crate::report::console::Style;
use crate::report::{RunKind, Status};
use crate::solvers::{self, Solver};

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
    /// The command's `--sandbox` (`Command::sandbox` of the `cli` module).
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
        let table = config.languages()?;
        judge_languages::install(table);
        Ok(())
    }

    /// The runner for a command that runs submissions, with `workers`
    /// launchers. Without a sandbox in `auto` mode it warns on stderr
    /// before anything runs (and refuses when `CI` is set).
    pub(crate) fn runner(&self, mode: SandboxMode, workers: usize) -> EngineResult<Runner> {
        let config = self.config_file.as_deref();
        let runner = runner::start(config, mode, workers, self.cache_dir.as_deref())?;
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
        session: &mut crate::engine::pass::skeleton::Session,
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
        generate::load(&self.problems_dir, &mut found, &mut DataHost::new(self))?;
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
        if found.problems.is_empty() && found.errors.is_empty() {
            return Err(nothing_found(&self.problems_dir));
        }
        found.select(names).map_err(|unknown| {
            Error::Usage(format!(
                "unknown problem(s): {} (look in {})",
                unknown.join(", "),
                self.problems_dir.display()
            ))
        })
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
    /// `name` says more of the report folder, as in [`Context::publish`]:
    /// the run's report of what finished goes there as it goes.
    pub(crate) fn settings(
        &self,
        kind: RunKind,
        run: &RunArgs,
        name: Option<&str>,
    ) -> crate::engine::pass::skeleton::Settings {
        let target = Target {
            kind,
            command_line: self.command_line.clone(),
            dir: self.report_dir(run.report_dir.as_deref(), name),
            junit: run.junit.clone(),
        };
        let tracker = Tracker::start(target, self.progress);
        crate::engine::pass::skeleton::Settings {
            kind,
            command_line: self.command_line.clone(),
            jobs: run.jobs,
            shard: run.shard,
            progress: Some(tracker as Arc<dyn Progress>),
            fail_fast: run.fail_fast,
        }
    }

    /// Prints the cache line, then failing cases, the summary and the
    /// submissions table, writes the reports (YAML, HTML, and JUnit when
    /// asked for), and gives the run's status.
    pub(crate) fn publish(
        &self,
        done: Finished,
        run: &RunArgs,
        name: Option<&str>,
    ) -> Result<Status> {
        // No report of what finished so far lands after the full one.
        super::progress::close();
        if let Some(line) = &done.cache_line {
            eprintln!("{line}");
        }
        let dir = self.report_dir(run.report_dir.as_deref(), name);
        publish(
            self.style,
            &done.report,
            &dir,
            run.junit.as_deref(),
            &self.reports(),
        )?;
        Ok(done.report.status())
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

/// What a command gives the engine to generate a package's data with:
/// the cache (or a scratch folder with `--no-cache`) and a runner in the
/// command's `--sandbox` mode, started when first needed; and the notes
/// saying what was generated.
pub(crate) struct DataHost<'c> {
    ctx: &'c Context,
    runner: Option<Runner>,
}

impl<'c> DataHost<'c> {
    pub(crate) fn new(ctx: &'c Context) -> DataHost<'c> {
        DataHost { ctx, runner: None }
    }
}

impl Host for DataHost<'_> {
    fn root(&mut self) -> EngineResult<PathBuf> {
        match &self.ctx.cache_dir {
            Some(cache) => Ok(cache.join("generated")),
            None => scratch_root(self.ctx.style),
        }
    }

    fn runner(&mut self) -> EngineResult<&Runner> {
        if self.runner.is_none() {
            self.runner = Some(self.ctx.runner(self.ctx.sandbox, 1)?);
        }
        Ok(self.runner.as_ref().expect("started above"))
    }

    fn made(&mut self, id: &str, g: &Generated) {
        let style = self.ctx.style;
        let how = match g.reused {
            true => "reused the data generated earlier from",
            false => "generated its data from",
        };
        eprintln!(
            "{} {id}: {how} generators/generators.yaml ({} cases, {})",
            style.dim("note:"),
            g.cases,
            g.data.display()
        );
        for (place, why) in &g.skipped {
            eprintln!("{} {id}: {place}: skipped: {why}", style.yellow("warning:"));
        }
    }
}

/// The error for a problems folder holding no problem: a CI job pointed at
/// the wrong folder must fail, not pass on zero cases. Folders that look
/// like test data without a `problem.yaml` (a public data release) are
/// named, since that is the likely mistake.
fn nothing_found(dir: &std::path::Path) -> Error {
    let mut data_only: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("data").is_dir() && !p.join("problem.yaml").is_file())
        .map(|p| {
            p.file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    data_only.sort();
    let mut message = format!(
        "no problem under {}: judge looks for folders holding problem.yaml (judge's layout with cases/, or an ICPC package with data/)",
        dir.display()
    );
    if dir.join("data").is_dir() && !dir.join("problem.yaml").is_file() {
        data_only.insert(0, "the folder itself".into());
    }
    if !data_only.is_empty() {
        let shown: Vec<&str> = data_only.iter().take(5).map(String::as_str).collect();
        message.push_str(&format!(
            "; {} hold{} data/ but no problem.yaml",
            shown.join(", "),
            if data_only.len() == 1 { "s" } else { "" }
        ));
        if data_only.len() > shown.len() {
            message.push_str(&format!(" (and {} more)", data_only.len() - shown.len()));
        }
    }
    Error::Usage(message)
}
