//! One `judge harden` run over a problem: the targets chosen (the
//! survivors of a mutation run and the wrong submissions given), the
//! unmutated runner checked as a control, then one search per target
//! ([`super::search`]) until the budget is spent, each catch kept as a
//! case ([`crate::session::case_store`]) and each result recorded in the state
//! ([`super::state`]) so the next run goes on where this one stopped.
//! What happens is told through [`Event`]s; the kill rates before and
//! after come back as a [`Summary`].

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::mutation_run::{Mutant, MutationRun, Tally};
use super::state::{self, Record, State};
use super::workshop::Workshop;
use super::{Finding, search};
use crate::build::BuildError;
use crate::build::tools::{Need, Tools};
use crate::error::{Error, Result};
use crate::execute::runner::Runner;
use crate::pass::skeleton::ready_one;
use crate::pass::submission::{Source, Submission};
use crate::problem::Kind;
use crate::problem::Problem;
use crate::session::case_store::{CaseStore, check_group};
use crate::session::stress::{Draw, Tester, scratch};
use crate::time::limits::Overrides;
use crate::verdict::Verdict;

/// What `judge harden` is asked to do.
#[derive(Debug, Clone)]
pub struct Harden {
    /// Seed of the generated inputs.
    pub seed: u64,
    /// Inputs to try per target before calling it a survivor.
    pub iterations: usize,
    /// Stop starting new targets after this long.
    pub budget: Duration,
    /// The case group the kept cases go to.
    pub group: String,
    /// Search and report, but write no case and no recipe entry.
    pub dry_run: bool,
    pub overrides: Overrides,
    /// judge's source tree, whose solver crates the mutants change.
    pub workspace: PathBuf,
    /// cargo-mutants output folders; none: the default ones of
    /// `make mutants` under the workspace.
    pub mutants: Vec<PathBuf>,
    /// Wrong submissions to harden against too.
    pub submissions: Vec<PathBuf>,
}

/// One thing to catch: a mutant (built on demand) or a submission.
enum Target {
    Mutant(Mutant),
    Submission(PathBuf),
}

impl Target {
    fn name(&self) -> String {
        match self {
            Target::Mutant(m) => m.name.clone(),
            Target::Submission(p) => format!("submission {}", p.display()),
        }
    }
}

/// The targets of a run, chosen before anything is built.
pub struct Plan {
    run: Option<MutationRun>,
    targets: Vec<Target>,
}

/// What became of one target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fate {
    /// The mutant does not build; the first line of why.
    Unbuildable(String),
    /// The submission does not compile: the compiler's output.
    CompileError(String),
    /// A case kept earlier catches it.
    CaughtByKept { case: String, verdict: Verdict },
    /// A new input catches it, now kept as `case`.
    Caught {
        case: String,
        verdict: Verdict,
        draw: Draw,
        bytes: usize,
        /// Inputs run to find and shrink it.
        tried: usize,
    },
    /// No input of the search caught it.
    Survived { tried: usize },
}

/// What a harden run tells its caller as it goes.
pub enum Event<'e> {
    /// A line about the problem, before the search (a computed time limit).
    Note(&'e str),
    /// The unmutated runner is being built, as the control.
    BuildingControl,
    /// The searches begin: this many targets.
    Started { targets: usize },
    /// Target `index` (from 1) of `of` is being searched.
    Searching { index: usize, of: usize },
    /// One input tried.
    Tick,
    /// The search of the current target ended.
    Searched,
    /// What became of a target.
    Target { name: &'e str, result: &'e Fate },
}

/// The kill rate before and after, what is left, and the time spent.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// The mutation run's tally (no run: no kill rate).
    pub before: Option<Tally>,
    /// Survivors of the run a case now catches, that still survive, and
    /// that were never searched.
    pub caught: usize,
    pub survived: usize,
    pub not_tried: usize,
    /// Cases this run added.
    pub added: usize,
    /// Targets the budget left unstarted.
    pub stopped: usize,
    pub took: Duration,
}

impl Harden {
    /// The arguments alone make sense (before any problem is read).
    pub fn check(&self) -> Result<()> {
        if self.iterations == 0 {
            return Err(Error::Usage("--iterations must be at least 1".into()));
        }
        check_group(&self.group)
    }

    /// The targets for `problem`; `None` when there is nothing to harden
    /// against (a mutation run without survivors).
    pub fn plan(&self, problem: &Problem) -> Result<Option<Plan>> {
        match problem.spec.kind {
            Kind::Plain | Kind::SubmitAnswer => {}
            Kind::Interactive => {
                return Err(Error::Usage(format!(
                    "{}: an interactive problem's cases have no reference answer to keep",
                    problem.id
                )));
            }
            kind @ (Kind::MultiPass { .. } | Kind::InteractiveMultiPass { .. }) => {
                return Err(Error::Usage(format!(
                    "{}: {}",
                    problem.id,
                    kind.no_answer_alone().unwrap_or_default()
                )));
            }
        }
        let run = self.read_run(&problem.id)?;
        if run.is_some() && problem.solver().is_none() {
            return Err(Error::Usage(format!(
                "{}: mutants are of in-crate solvers, and this problem's reference is a program",
                problem.id
            )));
        }
        let mut targets: Vec<Target> = Vec::new();
        if let Some(run) = &run {
            targets.extend(run.survivors().cloned().map(Target::Mutant));
        }
        targets.extend(self.submissions.iter().cloned().map(Target::Submission));
        Ok((!targets.is_empty()).then_some(Plan { run, targets }))
    }

    /// The mutation runs given, or the default folders of `make mutants`
    /// when they exist.
    fn read_run(&self, id: &str) -> Result<Option<MutationRun>> {
        let mut dirs = self.mutants.clone();
        if dirs.is_empty() {
            let base = self.workspace.join("target/mutants");
            let shard = format!("{id}-");
            if let Ok(entries) = std::fs::read_dir(&base) {
                let mut found: Vec<PathBuf> = entries
                    .flatten()
                    .filter(|e| {
                        let n = e.file_name().to_string_lossy().into_owned();
                        n == id || n.starts_with(&shard)
                    })
                    .map(|e| e.path())
                    .collect();
                found.sort();
                dirs = found;
            }
            if dirs.is_empty() && self.submissions.is_empty() {
                return Err(Error::Usage(format!(
                    "{id}: no mutation run in {} and no --submission: run `make mutants P={id}` first, or give --mutants DIR",
                    base.join(id).display()
                )));
            }
        }
        if dirs.is_empty() {
            return Ok(None);
        }
        Ok(Some(MutationRun::read(&dirs)?))
    }

    /// Runs the searches of `plan` on `problem`, keeping what they catch.
    pub fn run(
        &self,
        problem: &mut Problem,
        plan: Plan,
        runner: &Runner,
        on: &mut dyn FnMut(Event),
    ) -> Result<Summary> {
        // One build area for every problem (the workspace copy and its
        // incremental build are shared); one state per problem folder.
        let area = absolute(&self.workspace.join("target/harden"))?;
        let key = state::key(&absolute(&problem.dir)?);
        let state_path = area
            .join("state")
            .join(format!("{}-{key}.yaml", problem.id));
        let (tools, notes) = ready_one(problem, runner, Need::STRESS)?;
        for note in &notes {
            on(Event::Note(note));
        }
        let work = scratch("judge-harden-")?;
        let mut state = State::load(&state_path);
        let cases = tools.problem.dir.join("cases");
        state.forget_missing(|case| cases.join(format!("{case}.in")).is_file());
        let shop = match (&plan.run, tools.problem.solver()) {
            (Some(_), Some(solver)) => {
                let shop = Workshop::open(&self.workspace, &area)?;
                on(Event::BuildingControl);
                self.control(&shop, solver.id(), &tools, runner, work.path())?;
                Some((shop, solver.id()))
            }
            _ => None,
        };
        let search = Search {
            harden: self,
            tools: &tools,
            runner,
            work: work.path(),
            shop: shop.as_ref().map(|(s, id)| (s, *id)),
        };
        search.all(&plan, state, on)
    }

    /// The unmutated runner must pass: else a mutant's failure says
    /// nothing.
    fn control(
        &self,
        shop: &Workshop,
        solver: &str,
        tools: &Tools,
        runner: &Runner,
        work: &Path,
    ) -> Result<()> {
        let bin = shop.build_unmutated()?;
        let control = mutant(runner, tools.problem, bin, solver, self.overrides)?;
        let tester = tester(&control, tools, runner, work);
        if let Finding::CaughtByKept { .. } | Finding::Caught { .. } =
            search(&tester, &[], self.seed, 10, || {})?
        {
            return Err(Error::Setup(format!(
                "{}: the unmutated runner fails on a generated input: harden cannot tell mutants from noise here",
                tools.problem.id
            )));
        }
        Ok(())
    }
}

/// The searches of one run, target by target.
struct Search<'s> {
    harden: &'s Harden,
    tools: &'s Tools<'s>,
    runner: &'s Runner,
    work: &'s Path,
    /// The workshop that builds mutants, and the solver they replace.
    shop: Option<(&'s Workshop, &'s str)>,
}

impl Search<'_> {
    fn all(&self, plan: &Plan, mut state: State, on: &mut dyn FnMut(Event)) -> Result<Summary> {
        let h = self.harden;
        let before = plan.run.as_ref().map(MutationRun::tally);
        on(Event::Started {
            targets: plan.targets.len(),
        });
        let started = Instant::now();
        let mut store = CaseStore::new(self.tools.problem, &h.group, h.dry_run)?;
        store.load_kept()?;
        // The targets this run still has to search, with what each search
        // depends on (recorded when it survives).
        let pending: Vec<(&Target, String, String)> = (plan.targets.iter())
            .map(|t| (t, t.name(), self.sources_of(t)))
            .filter(|(_, name, sources)| !state.settled(name, h.seed, h.iterations, sources))
            .collect();
        let (mut stopped, mut searched) = (0, 0);
        for (i, (target, name, sources)) in pending.iter().enumerate() {
            // At least one search a run, so a run always gets somewhere.
            if searched > 0 && started.elapsed() >= h.budget {
                stopped = pending.len() - i;
                break;
            }
            let program = match self.build(target)? {
                Ok(program) => program,
                Err(result) => {
                    on(Event::Target {
                        name,
                        result: &result,
                    });
                    if let Fate::Unbuildable(why) = result {
                        state.set(name, Record::unbuildable(why));
                        save(&state, h.dry_run)?;
                    }
                    continue;
                }
            };
            searched += 1;
            on(Event::Searching {
                index: i + 1,
                of: pending.len(),
            });
            let tester = tester(&program, self.tools, self.runner, self.work);
            let found = search(&tester, &store.draws(), h.seed, h.iterations, || {
                on(Event::Tick)
            });
            on(Event::Searched);
            let (result, record) = self.keep(found?, name, sources, &mut store)?;
            on(Event::Target {
                name,
                result: &result,
            });
            state.set(name, record);
            save(&state, h.dry_run)?;
        }
        Ok(summary(
            plan,
            before,
            &state,
            &store,
            stopped,
            started.elapsed(),
        ))
    }

    /// The target built, or what became of it when it does not build.
    fn build(&self, target: &Target) -> Result<std::result::Result<Submission, Fate>> {
        let h = self.harden;
        let problem = self.tools.problem;
        Ok(Ok(match target {
            Target::Mutant(m) => {
                let (shop, solver) = self.shop.expect("mutants come with a workshop");
                match shop.build(m) {
                    Ok(bin) => mutant(self.runner, problem, bin, solver, h.overrides)?,
                    Err(why) => return Ok(Err(Fate::Unbuildable(why.to_string()))),
                }
            }
            Target::Submission(path) => {
                let source = Source::file(path);
                match Submission::build(self.runner, problem, source, h.overrides) {
                    Ok(built) => built,
                    Err(BuildError::Compile(log)) => return Ok(Err(Fate::CompileError(log))),
                    Err(BuildError::Setup(why) | BuildError::Unavailable(why)) => {
                        return Err(Error::Setup(why));
                    }
                }
            }
        }))
    }

    /// Keeps what the search of `name` found; its result and its record.
    fn keep(
        &self,
        found: Finding,
        name: &str,
        sources: &str,
        store: &mut CaseStore,
    ) -> Result<(Fate, Record)> {
        let seed = self.harden.seed;
        Ok(match found {
            Finding::CaughtByKept { index, verdict } => {
                let case = store.also_catches(index, name)?;
                let record = Record::caught(&case, verdict, seed);
                (Fate::CaughtByKept { case, verdict }, record)
            }
            Finding::Caught {
                draw,
                verdict,
                input,
                answer,
                tried,
            } => {
                let case = store.keep(draw, &input, &answer, name)?;
                let record = Record::caught(&case, verdict, seed);
                let bytes = input.len();
                let result = Fate::Caught {
                    case,
                    verdict,
                    draw,
                    bytes,
                    tried,
                };
                (result, record)
            }
            Finding::Survived { tried } => (
                Fate::Survived { tried },
                Record::survived(seed, tried, sources),
            ),
        })
    }

    /// What a target's search depends on besides the seed: the
    /// workspace's sources for a mutant, the file's bytes for a submission.
    fn sources_of(&self, target: &Target) -> String {
        match target {
            Target::Mutant(_) => self
                .shop
                .map(|(s, _)| s.sources().to_string())
                .unwrap_or_default(),
            Target::Submission(path) => state::file_sources(path),
        }
    }
}

/// The kill rate's figures after the run.
fn summary(
    plan: &Plan,
    before: Option<Tally>,
    state: &State,
    store: &CaseStore,
    stopped: usize,
    took: Duration,
) -> Summary {
    let mut summary = Summary {
        before,
        added: store.added,
        stopped,
        took,
        ..Summary::default()
    };
    if let Some(run) = &plan.run {
        let names: Vec<&str> = run.survivors().map(|m| m.name.as_str()).collect();
        summary.caught = names.iter().filter(|n| state.is_caught(n)).count();
        summary.survived = names.iter().filter(|n| state.is_survivor(n)).count();
        summary.not_tried = names.len() - summary.caught - summary.survived;
    }
    summary
}

fn tester<'a>(
    submission: &'a Submission,
    tools: &'a Tools<'a>,
    runner: &'a Runner,
    work: &Path,
) -> Tester<'a> {
    Tester {
        grader: submission.grader(tools, runner),
        work: work.to_path_buf(),
    }
}

/// A mutant runner run as `RUNNER SOLVER_ID`, prepared like `--cmd` (so
/// it is copied where the sandbox lets a submission start).
fn mutant(
    runner: &Runner,
    problem: &Problem,
    bin: PathBuf,
    solver_id: &str,
    overrides: Overrides,
) -> Result<Submission> {
    let cmd = format!("'{}' {solver_id}", bin.display());
    Submission::build(runner, problem, Source::command(&cmd), overrides)
        .map_err(|e| Error::Setup(e.to_string()))
}

/// Records progress; a dry run keeps none, so the real run searches again.
fn save(state: &State, dry_run: bool) -> Result<()> {
    match dry_run {
        true => Ok(()),
        false => Ok(state.save()?),
    }
}

fn absolute(path: &Path) -> Result<PathBuf> {
    std::path::absolute(path).map_err(Error::io(path, "cannot resolve"))
}
