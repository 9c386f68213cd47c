//! The skeleton every reporting command shares: select the cases, judge
//! them in parallel on one worker pool, assemble the report.
//!
//! `check`, `validate` and `grade` differ only in how one case is judged
//! (reference solver, strict validator, a submission) and in what they add
//! to a problem's record afterwards (hygiene issues, a compile log); the
//! rest (the worker pool, progress, stable case order, shard bookkeeping,
//! metadata, totals) lives here once.

use std::time::Instant;

use std::sync::Arc;

use rayon::prelude::*;

use crate::build::tools::{Need, ToolError, Tools};
use crate::error::{Error, Result};
use crate::execute::runner::Runner;
use crate::judging::reuse::CachedGrader;
use crate::pass::check::reference::Reference;
use crate::pass::partial::Partial;
pub use crate::pass::partial::Progress;
use crate::pass::validate::output_check::CheckerTests;
use crate::problem::Kind;
use crate::problem::{Case, Discovery, Problem};
use crate::report::timings::Stage;
use crate::report::{CaseReport, Meta, ProblemReport, Report, RunKind, SubmissionReport};
use crate::score::Scorer;
use crate::shard::{Shard, test_set_hash};
use crate::time::computed;
use crate::timeline::Timeline;

/// How a run was asked for.
#[derive(Clone)]
pub struct Settings {
    pub kind: RunKind,
    /// The command line, recorded in the report.
    pub command_line: String,
    /// Worker threads; 0 means one per core.
    pub jobs: usize,
    pub shard: Option<Shard>,
    /// Where to show how far the run is (the command line's bar on a
    /// terminal); `None`: nowhere.
    pub progress: Option<Arc<dyn Progress>>,
    /// Stop at the first failing case (in case order).
    pub fail_fast: bool,
}

/// One run in progress: its worker pool and the report's metadata.
pub struct Session {
    meta: Meta,
    started: Instant,
    pool: rayon::ThreadPool,
    progress: Option<Arc<dyn Progress>>,
    fail_fast: bool,
    /// Notes found while judging (where `--fail-fast` stopped).
    late_notes: std::sync::Mutex<Vec<String>>,
    /// Where the run's time goes (the runner's, once it has one), and the
    /// sandbox meter when the run started.
    timeline: Timeline,
    meter: judge_sandbox::meter::Meter,
    /// The problems finished so far (see [`crate::pass::partial`]).
    partial: Partial,
}

/// A rayon pool with exactly `jobs` threads (0 = one per core).
pub fn pool(jobs: usize) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| Error::Usage(format!("cannot start {jobs} worker threads: {e}")))
}

impl Session {
    /// Starts a run over `selection` (before sharding: the report names
    /// the whole selected test set, so shards of different revisions can
    /// be told apart when merging).
    pub fn start(settings: &Settings, selection: &Discovery) -> Result<Session> {
        let pool = pool(settings.jobs)?;
        let mut meta = Meta::new(
            settings.kind,
            settings.command_line.clone(),
            pool.current_num_threads(),
        );
        meta.test_set = test_set_hash(&selection.problems);
        meta.shard = settings.shard;
        Ok(Session {
            meta,
            started: Instant::now(),
            pool,
            progress: settings.progress.clone(),
            fail_fast: settings.fail_fast,
            late_notes: Default::default(),
            timeline: Timeline::default(),
            meter: judge_sandbox::meter::process(),
            partial: Partial::default(),
        })
    }

    /// Worker threads of this run.
    pub fn workers(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// Adds a fact a reader must know to trust the run (e.g. the sandbox).
    pub fn note(&mut self, line: impl Into<String>) {
        self.meta.notes.push(line.into());
    }

    /// Adds something that makes the run's verdicts less trustworthy,
    /// shown under the console summary and on top of the HTML report.
    pub fn warn(&mut self, line: impl Into<String>) {
        self.meta.warnings.push(line.into());
    }

    /// Records how this run's programs are run: the runner's notes, and its
    /// warning when there is no sandbox.
    pub fn note_runner(&mut self, runner: &Runner) {
        self.timeline = runner.timeline().clone();
        self.meta.notes.extend(runner.notes());
        self.meta.sandbox = Some(runner.sandbox_label());
        self.meta
            .warnings
            .extend(runner.warning().map(String::from));
    }

    /// The run has `total` problems that will have a record, and these
    /// load or build `errors`: the report of what finished holds them.
    pub(crate) fn expect_problems(&self, total: usize, errors: &[String]) {
        self.partial.expect(total, errors);
    }

    /// `problem` is finished, with its expected-verdict `submissions`:
    /// nothing more of the run changes them (see [`crate::pass::partial`]).
    pub(crate) fn problem_finished(
        &self,
        problem: ProblemReport,
        submissions: Vec<SubmissionReport>,
    ) {
        let mut meta = self.meta.clone();
        meta.duration_ms = crate::report::millis(self.started.elapsed());
        (self.partial).finish(self.progress.as_ref(), &meta, problem, submissions);
    }

    /// Tells the progress each of `problems` is finished, as they are.
    pub(crate) fn all_finished(&self, problems: &[ProblemReport]) {
        if self.progress.is_some() {
            for p in problems {
                self.problem_finished(p.clone(), Vec::new());
            }
        }
    }

    /// The progress of this run, if shown anywhere.
    pub(crate) fn progress(&self) -> Option<&dyn Progress> {
        self.progress.as_deref()
    }

    /// Runs `f` on this run's worker pool.
    pub fn install<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        self.pool.install(f)
    }

    /// Judges every case of the problems of `each` with `judge`, all
    /// problems in one flat parallel pass (a small problem does not wait
    /// for a large one), and returns one record per problem with its cases
    /// in case order and, for scoring problems, its score. `subject`
    /// names what ran, per problem.
    pub(crate) fn judge_cases<P, J, S>(
        &self,
        each: &[P],
        subject: S,
        judge: J,
    ) -> Vec<ProblemReport>
    where
        P: PerProblem,
        J: Fn(&P, &Case) -> CaseReport + Sync,
        S: Fn(&Problem) -> String,
    {
        let len = each.iter().map(|t| t.problem().cases.len()).sum();
        self.begin(len);
        let problems = self.judge_quietly(each, subject, judge);
        self.end();
        problems
    }

    /// The progress bar of a pass over `len` cases begins.
    pub(crate) fn begin(&self, len: usize) {
        if let Some(p) = &self.progress {
            p.begin(len, self.meta.kind.name());
        }
    }

    /// The pass is over.
    pub(crate) fn end(&self) {
        if let Some(p) = &self.progress {
            p.end();
        }
    }

    /// Whether the run stops at its first failing case.
    pub(crate) fn fail_fast(&self) -> bool {
        self.fail_fast
    }

    /// [`Session::judge_cases`] within a pass begun and ended by the
    /// caller (who judges problems one at a time, side by side).
    pub(crate) fn judge_quietly<P, J, S>(
        &self,
        each: &[P],
        subject: S,
        judge: J,
    ) -> Vec<ProblemReport>
    where
        P: PerProblem,
        J: Fn(&P, &Case) -> CaseReport + Sync,
        S: Fn(&Problem) -> String,
    {
        let jobs: Vec<(&P, &Case)> = each
            .iter()
            .flat_map(|t| t.problem().cases.iter().map(move |c| (t, c)))
            .collect();
        let progress = self.progress.as_deref();
        let origin = Instant::now();
        let clock = (&self.timeline, self.stage());
        let one = |(t, c): &(&P, &Case)| judge_timed(&judge, origin, progress, clock, *t, c);
        let results = self.judge_in_batches(&jobs, one);
        let mut results = results.into_iter();
        each.iter()
            .map(|t| {
                let p = t.problem();
                let (cases, spans): (Vec<CaseReport>, Vec<Span>) =
                    results.by_ref().take(p.cases.len()).flatten().unzip();
                problem_report(t, &subject(p), cases, &spans)
            })
            .collect()
    }

    /// Judges `jobs` with `one` on the pool, one result per job in job
    /// order (`None`: not run).
    ///
    /// With --fail-fast, the cases go a pool's width at a time, in case
    /// order, and none is started after the first that fails; the ones
    /// after it in its batch are dropped, so the report does not depend
    /// on the number of workers.
    fn judge_in_batches<T, F>(&self, jobs: &[T], one: F) -> Vec<Option<(CaseReport, Span)>>
    where
        T: Sync,
        F: Fn(&T) -> (CaseReport, Span) + Sync + Send,
    {
        let width = match self.fail_fast {
            true => self.workers(),
            false => jobs.len().max(1),
        };
        let mut results: Vec<Option<(CaseReport, Span)>> = Vec::with_capacity(jobs.len());
        for chunk in jobs.chunks(width) {
            let done: Vec<(CaseReport, Span)> =
                self.pool.install(|| chunk.par_iter().map(&one).collect());
            let failed = done.iter().position(|(r, _)| !r.verdict.is_pass());
            match failed.filter(|_| self.fail_fast) {
                Some(i) => {
                    let at = done[i].0.id();
                    results.extend(done.into_iter().take(i + 1).map(Some));
                    let left = jobs.len() - results.len();
                    self.late_notes.lock().unwrap_or_else(|e| e.into_inner()).push(format!(
                        "--fail-fast: stopped at the first failing case, {at}; {left} of {} cases not run",
                        jobs.len()
                    ));
                    break;
                }
                None => results.extend(done.into_iter().map(Some)),
            }
        }
        results.resize_with(jobs.len(), || None);
        results
    }

    /// What this run's cases are judged for, in the timeline.
    fn stage(&self) -> Stage {
        match self.meta.kind {
            RunKind::Check => Stage::Reference,
            RunKind::Validate => Stage::Validation,
            RunKind::Grade => Stage::Submissions,
        }
    }

    /// Gives each package judged in place that states no time limit the
    /// one its accepted submissions give (problemtools' rule), on this
    /// run's pool, before anything is graded or sharded, so every shard
    /// agrees on it; the notes say how. A problem that cannot get one
    /// becomes a load error.
    pub(crate) fn settle(
        &mut self,
        selection: &mut Discovery,
        runner: &Runner,
        given: Option<std::time::Duration>,
    ) {
        let notes = self.install(|| computed::settle_selection(selection, runner, given));
        for note in notes {
            self.note(note);
        }
    }

    /// The finished report: `errors` are problem folders that did not load,
    /// `submissions` the expected-verdict results. With `cache_of`, the
    /// report notes what the run took from that runner's build and result
    /// cache, and the line comes back for the console too.
    pub fn finish(
        mut self,
        problems: Vec<ProblemReport>,
        errors: Vec<String>,
        submissions: Vec<SubmissionReport>,
        cache_of: Option<&Runner>,
    ) -> Finished {
        let cache_line = cache_of.and_then(Runner::cache).map(|c| c.summary());
        self.meta.notes.extend(cache_line.clone());
        self.meta.duration_ms = crate::report::millis(self.started.elapsed());
        let late = std::mem::take(&mut *self.late_notes.lock().unwrap_or_else(|e| e.into_inner()));
        self.meta.notes.extend(late);
        let timings =
            (self.timeline).timings(self.started, self.pool.current_num_threads(), &self.meter);
        let mut report = Report::new(self.meta, problems, errors).with_submissions(submissions);
        report.timings = Some(timings);
        Finished { report, cache_line }
    }
}

/// Judges case `c` of `t` with `judge`, ticking `progress`: the case
/// with when it started and ended (from `origin`), for the problems'
/// wall-clock spans.
fn judge_timed<P, J>(
    judge: &J,
    origin: Instant,
    progress: Option<&dyn Progress>,
    (timeline, stage): (&Timeline, Stage),
    t: &P,
    c: &Case,
) -> (CaseReport, Span)
where
    P: PerProblem,
    J: Fn(&P, &Case) -> CaseReport,
{
    let (id, total) = (&t.problem().id, t.problem().cases.len());
    if let Some(p) = progress {
        p.started(id, "cases", total);
    }
    let start = origin.elapsed();
    let mut report = timeline.case(id, stage, || judge(t, c));
    let end = origin.elapsed();
    report.note_input(&c.input);
    if let Some(p) = progress {
        p.tick();
        p.step(id, "cases", total);
    }
    (report, (start, end))
}

/// The record of `t`'s problem from its judged `cases` (in case order)
/// and their `spans`, `subject` naming what ran: its wall-clock span,
/// limits, checker and, for a scoring problem, its score.
fn problem_report<P: PerProblem>(
    t: &P,
    subject: &str,
    cases: Vec<CaseReport>,
    spans: &[Span],
) -> ProblemReport {
    let p = t.problem();
    let mut report = ProblemReport::new(
        &p.id,
        &p.spec.name,
        &p.spec.source,
        p.spec.compare,
        subject,
        cases,
    );
    report.wall_ms = wall_span(spans);
    report.limits = Some(limits_of(p));
    report.checker = checker_label(p);
    report.scoring = p.spec.scoring.as_ref().map(|s| p.groups.rules(s));
    if let Some(rules) = &report.scoring {
        let scorer = Scorer::new(rules, t.tools());
        let spec_format = t.judges_outputs() && crate::pass::check::spec_format(p);
        scorer.mark_judge_errors(&mut report.cases, spec_format);
        let scored = scorer.problem(&report.cases);
        (report.score, report.max_score) = (Some(scored.score), Some(scored.max));
    }
    report
}

/// A finished run: its report, and the line saying what it took from the
/// build and result cache (also among the report's notes), for the
/// console.
pub struct Finished {
    pub report: Report,
    pub cache_line: Option<String>,
}

/// What a pass judges the cases of one problem with: the problem's
/// programs, or what was made of them once for all its cases (its
/// reference, its checker's tests, a grader through the result cache).
pub trait PerProblem: Sync {
    fn problem(&self) -> &Problem;

    /// The problem's programs, where a legacy package's custom grader can
    /// be run from (`None`: its folders are graded by the default grader).
    fn tools(&self) -> Option<&Tools<'_>> {
        None
    }

    /// Whether its cases are outputs judged by the checker (a reference's
    /// or a submission's), whose scores the scoring rules bound; not
    /// validators' words.
    fn judges_outputs(&self) -> bool {
        false
    }
}

impl PerProblem for Tools<'_> {
    fn problem(&self) -> &Problem {
        self.problem
    }

    fn tools(&self) -> Option<&Tools<'_>> {
        Some(self)
    }
}

impl PerProblem for Reference<'_> {
    fn problem(&self) -> &Problem {
        Reference::problem(self)
    }

    fn tools(&self) -> Option<&Tools<'_>> {
        Some(Reference::tools(self))
    }

    fn judges_outputs(&self) -> bool {
        true
    }
}

impl PerProblem for CheckerTests<'_> {
    fn problem(&self) -> &Problem {
        CheckerTests::problem(self)
    }
}

impl PerProblem for CachedGrader<'_> {
    fn problem(&self) -> &Problem {
        self.grader.tools.problem
    }

    fn tools(&self) -> Option<&Tools<'_>> {
        Some(self.grader.tools)
    }

    fn judges_outputs(&self) -> bool {
        true
    }
}

/// When a case started and ended, from the start of the pass.
type Span = (std::time::Duration, std::time::Duration);

/// Milliseconds from the first start to the last end (0 for no cases).
fn wall_span(spans: &[Span]) -> f64 {
    let start = spans.iter().map(|s| s.0).min();
    let end = spans.iter().map(|s| s.1).max();
    match (start, end) {
        (Some(a), Some(b)) => crate::report::millis(b.saturating_sub(a)),
        _ => 0.0,
    }
}

/// The problem's own verdict limits, as reported.
fn limits_of(p: &Problem) -> crate::report::LimitsReport {
    let l = &p.spec.limits;
    crate::report::LimitsReport::new(l.time, l.memory, l.output)
}

/// How a problem's outputs are judged when not by its compare mode.
pub(crate) fn checker_label(problem: &Problem) -> Option<String> {
    let checker = problem.spec.checker.as_ref()?;
    Some(match (&checker.builtin, &checker.program) {
        (Some(b), _) => format!("in-crate checker {}", b.id()),
        (None, Some(p)) if problem.spec.kind == Kind::Interactive => {
            format!("interactor {}", p.display())
        }
        (None, Some(p)) => {
            let interface = match checker.interface {
                crate::problem::Interface::Icpc => "ICPC",
                crate::problem::Interface::Testlib => "testlib",
            };
            let more = match checker.also.len() {
                0 => String::new(),
                n => format!(" and {n} more that must accept too"),
            };
            format!("{interface} checker {}{more}", p.display())
        }
        (None, None) => return None,
    })
}

/// Builds the problems' own programs that `needs` names (reference,
/// checker, validators, generator) before anything is graded, in parallel on the calling pool. A problem
/// whose program does not build is left out, with the reason (the
/// compiler's output) as a configuration error for the report (exit 2).
pub fn prepare<'a>(
    problems: &'a [Problem],
    runner: Option<&'a Runner>,
    needs: &[Need],
) -> (Vec<Tools<'a>>, Vec<String>) {
    let built: Vec<(Tools, Result<(), ToolError>)> = problems
        .par_iter()
        .map(|p| {
            let _span = runner.map(|r| r.timeline().span(&p.id, Stage::Build));
            let tools = Tools::new(p, runner);
            let result = tools.build_all(needs);
            (tools, result)
        })
        .collect();
    let mut ready = Vec::new();
    let mut errors = Vec::new();
    for (tools, result) in built {
        match result {
            Ok(()) => ready.push(tools),
            Err(e) => errors.push(format!("{}: {e}", tools.problem.id)),
        }
    }
    (ready, errors)
}

/// The prepared programs for the problems of a shard (the same problems
/// with part of their cases), in the shard's order; problems whose
/// programs did not build are left out.
pub(crate) fn views<'a>(tools: &[Tools<'a>], problems: &'a [Problem]) -> Vec<Tools<'a>> {
    problems
        .iter()
        .filter_map(|p| tools.iter().find(|t| t.problem.id == p.id).map(|t| t.on(p)))
        .collect()
}

/// One message per problem folder that failed to load.
pub fn load_errors(found: &Discovery) -> Vec<String> {
    found.errors.iter().map(|(_, e)| e.to_string()).collect()
}

/// The one problem of a search (`stress`, `harden`) or of `solve` made
/// ready to run: its time limit settled (a package that gives none gets
/// its rule's; the notes say how) and the programs `needs` names built.
pub(crate) fn ready_one<'a>(
    problem: &'a mut Problem,
    runner: &'a Runner,
    needs: &[Need],
) -> Result<(Tools<'a>, Vec<String>)> {
    let (notes, failed) = computed::settle(std::slice::from_mut(problem), runner, None);
    if let Some((_, why)) = failed.into_iter().next() {
        return Err(Error::Setup(format!("{}: {why}", problem.id)));
    }
    Ok((prepare_one(problem, runner, needs)?, notes))
}

/// The programs `needs` names of one problem, built: [`prepare`] for a
/// command about a single problem, whose build failure stops it.
pub fn prepare_one<'a>(
    problem: &'a Problem,
    runner: &'a Runner,
    needs: &[Need],
) -> Result<Tools<'a>> {
    let (tools, errors) = prepare(std::slice::from_ref(problem), Some(runner), needs);
    if let Some(e) = errors.into_iter().next() {
        return Err(Error::ProblemProgram(e));
    }
    tools
        .into_iter()
        .next()
        .ok_or_else(|| Error::Usage(format!("unknown problem {}", problem.id)))
}
