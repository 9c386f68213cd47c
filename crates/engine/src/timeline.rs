//! Where a run's time goes (issue #49): the stages of each problem, each
//! submission, the compiles, the time-outs and the sandbox's own cost,
//! measured while the run goes and handed to the report once at its end
//! ([`crate::report::timings`] holds the record and its meaning).
//!
//! The stages call in at their boundaries with one line each: a guard
//! ([`Timeline::span`], [`Timeline::submission`]) for a piece of work,
//! [`Timeline::case`] around a case judged, `compiling` around a
//! compiler's run, `pch` around work done once for every problem.
//! The work runs on the rayon pool, so the record sits behind a lock and
//! every piece is measured on the thread that does it: a case's runs are
//! synchronous, so the sandbox meter's difference on its thread
//! ([`judge_sandbox::meter`]) is that case's cost.
//!
//! A compile does not know its problem; it is charged to the innermost
//! guard open on its thread. A compile on a thread with none (work a
//! guard's thread handed to the pool) counts only in the run's totals.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use judge_sandbox::meter::{self, Meter};

use std::path::Path;

use crate::problem::Problem;
use crate::report::CaseReport;
use crate::report::timings::{
    Measured, ProblemTimes, Stage, StageTime, SubmissionTime, Timings, round,
};
use crate::verdict::Verdict;

/// The record of one run, shared by its runner and session.
#[derive(Clone, Default)]
pub struct Timeline(Arc<Mutex<Record>>);

#[derive(Default)]
struct Record {
    /// Per problem (`""`: shared by all) and stage.
    phases: BTreeMap<(String, Stage), Phase>,
    /// Per problem, its submissions in the order they started.
    submissions: Vec<(String, Unit)>,
}

/// One problem's stage: from its first piece's start to its last's end,
/// and what its pieces added up to.
struct Phase {
    first: Instant,
    last: Instant,
    busy: Duration,
    cpu: Option<Duration>,
    compile: Duration,
    compile_cpu: Duration,
    probe: Duration,
    timeouts: Duration,
    sandbox: Duration,
}

impl Phase {
    fn new(start: Instant, end: Instant) -> Phase {
        Phase {
            first: start,
            last: end,
            busy: Duration::ZERO,
            cpu: None,
            compile: Duration::ZERO,
            compile_cpu: Duration::ZERO,
            probe: Duration::ZERO,
            timeouts: Duration::ZERO,
            sandbox: Duration::ZERO,
        }
    }
}

impl Phase {
    /// Whether nothing happened in it: a limit that was given, not
    /// computed (its guard opened and closed at once).
    fn idle(&self) -> bool {
        self.busy.is_zero()
            && self.compile.is_zero()
            && self.probe.is_zero()
            && self.cpu.is_none()
            && self.last - self.first < Duration::from_millis(1)
    }
}

/// One submission's share of its problem's `submissions` stage (or of
/// its `limit`, measured for it).
#[derive(Clone)]
struct Unit {
    stage: Stage,
    path: String,
    start: Instant,
    end: Instant,
    compile: Duration,
    probe: Duration,
    cpu: Duration,
    timeouts: Duration,
    sandbox: Duration,
}

/// What a piece of work adds to a phase.
#[derive(Default)]
struct Piece {
    /// Its wall is worker time of its own, not spent inside another
    /// piece that counts (see [`Open::leaf`]).
    busy: bool,
    cpu: Option<Duration>,
    /// A compile's or a probe's cost, and which.
    charged: Option<(Charged, Duration, Meter)>,
    timeouts: Duration,
    sandbox: Duration,
}

/// The guards open on this thread, innermost last: where a compile is
/// charged.
#[derive(Clone)]
struct Open {
    timeline: Timeline,
    problem: String,
    stage: Stage,
    /// The submission's index in the record, for its guard.
    unit: Option<usize>,
    /// Its wall is worker time (building a problem's programs);
    /// otherwise it only bounds pieces that count their own (a problem's
    /// limit, a submission judged or measured, whose cases run on any
    /// worker while its own thread waits).
    leaf: bool,
}

thread_local! {
    static OPEN: RefCell<Vec<Open>> = const { RefCell::new(Vec::new()) };
}

/// An open piece of work; recorded when dropped.
#[must_use = "the span ends when the guard is dropped"]
pub struct Span {
    timeline: Timeline,
    problem: String,
    stage: Stage,
    start: Instant,
    leaf: bool,
}

impl Drop for Span {
    fn drop(&mut self) {
        OPEN.with(|o| o.borrow_mut().pop());
        let piece = Piece {
            busy: self.leaf,
            ..Piece::default()
        };
        (self.timeline).add(&self.problem, self.stage, self.start, Instant::now(), piece);
    }
}

/// An open submission; recorded when dropped.
#[must_use = "the submission's span ends when the guard is dropped"]
pub struct SubmissionSpan {
    span: Span,
    unit: usize,
}

impl SubmissionSpan {
    /// Judges one of the submission's cases with `judge` (on any thread),
    /// as [`Timeline::case`] does, charging it to the submission too.
    pub fn case(&self, judge: impl FnOnce() -> CaseReport) -> CaseReport {
        let s = &self.span;
        (s.timeline).case_of(&s.problem, s.stage, Some(self.unit), judge)
    }
}

impl Drop for SubmissionSpan {
    fn drop(&mut self) {
        let mut r = self.span.timeline.lock();
        if let Some((_, u)) = r.submissions.get_mut(self.unit) {
            u.end = Instant::now();
        }
    }
}

impl Timeline {
    fn lock(&self) -> std::sync::MutexGuard<'_, Record> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Opens a piece of `problem`'s `stage` on this thread, until the
    /// guard is dropped.
    pub fn span(&self, problem: &str, stage: Stage) -> Span {
        self.open(problem, stage, None, true)
    }

    /// Opens computing `problem`'s time limit: its wall bounds the
    /// [`Timeline::measuring`] pieces inside it.
    pub fn limit(&self, problem: &str) -> Span {
        self.open(problem, Stage::Limit, None, false)
    }

    fn open(&self, problem: &str, stage: Stage, unit: Option<usize>, leaf: bool) -> Span {
        OPEN.with(|o| {
            o.borrow_mut().push(Open {
                timeline: self.clone(),
                problem: problem.to_string(),
                stage,
                unit,
                leaf,
            })
        });
        Span {
            timeline: self.clone(),
            problem: problem.to_string(),
            stage,
            start: Instant::now(),
            leaf,
        }
    }

    /// Opens one submission of `problem` (its compile and its cases),
    /// until the guard is dropped.
    pub fn submission(&self, problem: &Problem, path: &Path) -> SubmissionSpan {
        self.unit(problem, Stage::Submissions, path)
    }

    /// Opens measuring the submission at `path` for `problem`'s time
    /// limit (its compile and its runs), until the guard is dropped.
    pub fn measuring(&self, problem: &Problem, path: &Path) -> SubmissionSpan {
        self.unit(problem, Stage::Limit, path)
    }

    /// Opens a submission at `path` (named from its problem's folder),
    /// whose cases run on any worker while its thread waits.
    fn unit(&self, problem: &Problem, stage: Stage, path: &Path) -> SubmissionSpan {
        let path = path.strip_prefix(&problem.dir).unwrap_or(path);
        let (problem, path) = (problem.id.as_str(), path.display().to_string());
        let now = Instant::now();
        let unit = {
            let mut r = self.lock();
            r.submissions.push((
                problem.to_string(),
                Unit {
                    stage,
                    path,
                    start: now,
                    end: now,
                    compile: Duration::ZERO,
                    probe: Duration::ZERO,
                    cpu: Duration::ZERO,
                    timeouts: Duration::ZERO,
                    sandbox: Duration::ZERO,
                },
            ));
            r.submissions.len() - 1
        };
        SubmissionSpan {
            span: self.open(problem, stage, Some(unit), false),
            unit,
        }
    }

    /// Judges a case of `problem` in `stage` with `judge`, recording its
    /// wall clock, its program's CPU time, a time-out's wall and the
    /// sandbox's cost.
    pub fn case(
        &self,
        problem: &str,
        stage: Stage,
        judge: impl FnOnce() -> CaseReport,
    ) -> CaseReport {
        self.case_of(problem, stage, None, judge)
    }

    /// [`Timeline::case`], charged to submission `unit` as well.
    fn case_of(
        &self,
        problem: &str,
        stage: Stage,
        unit: Option<usize>,
        judge: impl FnOnce() -> CaseReport,
    ) -> CaseReport {
        let (start, before) = (Instant::now(), meter::thread());
        let report = judge();
        let end = Instant::now();
        let cost = meter::thread().since(&before);
        let cpu = report.cpu_ms.map(|ms| Duration::from_secs_f64(ms / 1e3));
        // A time-out taken from the cache cost no waiting.
        let timeouts = match report.verdict {
            Verdict::TimeLimit if !report.reused => end - start,
            _ => Duration::ZERO,
        };
        if let Some(unit) = unit {
            let mut r = self.lock();
            if let Some((_, u)) = r.submissions.get_mut(unit) {
                u.cpu += cpu.unwrap_or_default();
                u.timeouts += timeouts;
                u.sandbox += cost.sandbox;
            }
        }
        let piece = Piece {
            busy: true,
            cpu,
            timeouts,
            sandbox: cost.sandbox,
            ..Piece::default()
        };
        self.add(problem, stage, start, end, piece);
        report
    }

    /// Adds a piece of work that ran from `start` to `end`.
    fn add(&self, problem: &str, stage: Stage, start: Instant, end: Instant, piece: Piece) {
        let mut r = self.lock();
        let phase = (r.phases)
            .entry((problem.to_string(), stage))
            .or_insert_with(|| Phase::new(start, end));
        phase.first = phase.first.min(start);
        phase.last = phase.last.max(end);
        if piece.busy {
            phase.busy += end - start;
        }
        match piece.charged {
            Some((Charged::Compile, wall, m)) => {
                phase.compile += wall;
                phase.compile_cpu += m.cpu;
                phase.sandbox += m.sandbox;
            }
            Some((Charged::Probe, wall, _)) => phase.probe += wall,
            None => {}
        }
        if let Some(cpu) = piece.cpu {
            phase.cpu = Some(phase.cpu.unwrap_or_default() + cpu);
        }
        phase.timeouts += piece.timeouts;
        phase.sandbox += piece.sandbox;
    }

    /// The report's record of this run, which started at `started` on
    /// `workers` workers and whose sandbox meter read `before` then;
    /// problems by name, each one's stages and submissions in a stable order.
    pub fn timings(&self, started: Instant, workers: usize, before: &Meter) -> Timings {
        let r = self.lock();
        let at = |i: Instant| round(i.saturating_duration_since(started).as_secs_f64());
        let stage_time = |stage: Stage, p: &Phase| StageTime {
            stage,
            start_s: at(p.first),
            wall_s: round((p.last - p.first).as_secs_f64()),
            busy_s: round(p.busy.as_secs_f64()),
            cpu_s: p.cpu.map(|c| round(c.as_secs_f64())),
            compile_s: round(p.compile.as_secs_f64()),
            compile_cpu_s: round(p.compile_cpu.as_secs_f64()),
            probe_s: round(p.probe.as_secs_f64()),
            timeouts_s: round(p.timeouts.as_secs_f64()),
            sandbox_s: round(p.sandbox.as_secs_f64()),
        };
        let mut problems: Vec<ProblemTimes> = Vec::new();
        let mut shared = Vec::new();
        for ((problem, stage), phase) in r.phases.iter().filter(|(_, p)| !p.idle()) {
            let time = stage_time(*stage, phase);
            if problem.is_empty() {
                shared.push(time);
                continue;
            }
            match problems.iter_mut().find(|p| p.problem == *problem) {
                Some(p) => p.stages.push(time),
                None => problems.push(ProblemTimes {
                    problem: problem.clone(),
                    stages: vec![time],
                    submissions: Vec::new(),
                }),
            }
        }
        for (problem, u) in &r.submissions {
            if let Some(p) = problems.iter_mut().find(|p| p.problem == *problem) {
                p.submissions.push(SubmissionTime {
                    stage: u.stage,
                    path: u.path.clone(),
                    start_s: at(u.start),
                    wall_s: round((u.end - u.start).as_secs_f64()),
                    compile_s: round(u.compile.as_secs_f64()),
                    probe_s: round(u.probe.as_secs_f64()),
                    cpu_s: Some(round(u.cpu.as_secs_f64())),
                    timeouts_s: round(u.timeouts.as_secs_f64()),
                    sandbox_s: round(u.sandbox.as_secs_f64()),
                });
            }
        }
        // In the order of the stages and of the submissions' paths, not
        // of the workers' schedule: two runs list the same rows alike.
        for p in &mut problems {
            p.stages.sort_by_key(|s| s.stage);
            (p.submissions).sort_by(|a, b| (a.stage, &a.path).cmp(&(b.stage, &b.path)));
        }
        let run = meter::process().since(before);
        Timings::new(Measured {
            workers,
            wall_s: started.elapsed().as_secs_f64(),
            problems,
            shared,
            launches: run.launches,
            sandbox_s: run.sandbox.as_secs_f64(),
        })
    }
}

/// The innermost guard open on this thread (its timeline, problem,
/// stage and submission).
fn innermost() -> Option<Open> {
    OPEN.with(|o| o.borrow().last().cloned())
}

/// What a piece of work inside a guard is charged as.
#[derive(Clone, Copy)]
enum Charged {
    /// A compiler's run.
    Compile,
    /// Finding out whether a toolchain is there and runs (a tool's
    /// `--version`, a language's probe): no program of the problem's runs.
    Probe,
}

/// Runs a compiler with `compile`, charging its wall clock, CPU time and
/// sandbox cost to the innermost guard open on this thread; less what
/// shared work done inside it cost (a precompiled header made for it is
/// charged to the shared row alone, not to the submission that waited).
pub(crate) fn compiling<T>(compile: impl FnOnce() -> T) -> T {
    charge(Charged::Compile, compile)
}

/// Runs a toolchain probe with `probe`, charging its wall clock to the
/// innermost guard open on this thread.
pub(crate) fn probing<T>(probe: impl FnOnce() -> T) -> T {
    charge(Charged::Probe, probe)
}

/// [`judge_sandbox::toolchain::probe`], charged as a probe.
pub(crate) fn probe(argv: &[String]) -> bool {
    probing(|| crate::toolchain::probe(argv))
}

fn charge<T>(kind: Charged, work: impl FnOnce() -> T) -> T {
    let (out, start, end, (wall, cost)) = exclusive(work);
    if let Some(open) = innermost() {
        if let Some(unit) = open.unit {
            let mut r = open.timeline.lock();
            if let Some((_, u)) = r.submissions.get_mut(unit) {
                match kind {
                    Charged::Compile => u.compile += wall,
                    Charged::Probe => u.probe += wall,
                }
                u.cpu += cost.cpu;
                u.sandbox += cost.sandbox;
            }
        }
        let piece = Piece {
            busy: !open.leaf,
            charged: Some((kind, wall, cost)),
            ..Piece::default()
        };
        (open.timeline).add(&open.problem, open.stage, start, end, piece);
    }
    out
}

/// Makes a precompiled header with `make`: shared work (see [`shared`]).
pub(crate) fn pch<T>(make: impl FnOnce() -> T) -> T {
    shared(Stage::Pch, make)
}

/// Runs `work`, done once for every problem (a precompiled header), as
/// shared `stage` of the timeline of the guard open on this thread; a
/// compile inside it is charged to it.
fn shared<T>(stage: Stage, work: impl FnOnce() -> T) -> T {
    let Some(open) = innermost() else {
        return work();
    };
    let guard = open.timeline.open("", stage, None, true);
    let (out, ..) = exclusive(work);
    drop(guard);
    out
}

/// A cost: wall clock and the sandbox meter's figures.
type Cost = (Duration, Meter);

thread_local! {
    /// What the compiles and shared work finished so far on this thread
    /// cost, for the one around them to leave out.
    static NESTED: std::cell::Cell<Cost> = const { std::cell::Cell::new((Duration::ZERO, Meter::ZERO)) };
}

/// Runs `work`: its start and end, and what it cost less what the
/// compiles and shared work nested in it cost (each counted once, by
/// its own).
fn exclusive<T>(work: impl FnOnce() -> T) -> (T, Instant, Instant, Cost) {
    let outer = NESTED.with(|n| n.replace((Duration::ZERO, Meter::ZERO)));
    let (start, before) = (Instant::now(), meter::thread());
    let out = work();
    let end = Instant::now();
    let total = (end - start, meter::thread().since(&before));
    let inner = NESTED.with(|n| {
        let inner = n.get();
        n.set((outer.0 + total.0, outer.1.plus(&total.1)));
        inner
    });
    (
        out,
        start,
        end,
        (total.0.saturating_sub(inner.0), total.1.since(&inner.1)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nap(ms: u64) {
        std::thread::sleep(Duration::from_millis(ms));
    }

    /// A precompiled header made inside a submission's compile is
    /// charged to the shared row, and the compile keeps only its own.
    #[test]
    fn shared_work_inside_a_compile_is_charged_once_to_the_shared_row() {
        let timeline = Timeline::default();
        let started = Instant::now();
        {
            let _build = timeline.span("p", Stage::Build);
            compiling(|| {
                pch(|| compiling(|| nap(60)));
                nap(20);
            });
        }
        let t = timeline.timings(started, 2, &meter::process());
        let [shared] = &t.shared[..] else {
            panic!("one shared row: {:?}", t.shared)
        };
        assert_eq!(shared.stage, Stage::Pch);
        assert!(
            shared.compile_s >= 0.06 && shared.busy_s >= 0.06,
            "{shared:?}"
        );
        let build = &t.problems[0].stages[0];
        assert_eq!(build.stage, Stage::Build);
        assert!(
            (0.02..0.06).contains(&build.compile_s),
            "the compile kept the header's time: {build:?}"
        );
        // The build span itself is worker time, its compile inside it.
        assert!(build.busy_s >= 0.08, "{build:?}");
    }
}
