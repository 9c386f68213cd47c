//! What a run over a test set shows and leaves while it goes, and when it
//! is stopped.
//!
//! On a terminal the bars of [`Bars`] stay as they were. Off one (a CI
//! log) nothing redraws, so a [`Tracker`] prints one line per problem as
//! it finishes and, while problems run, a heartbeat every
//! [`HEARTBEAT`] (or `JUDGE_HEARTBEAT` seconds): a log that stays empty
//! for an hour cannot be told from a hung job. Either way, the report
//! files are rewritten from the problems finished so far, at most once a
//! second and off the workers' threads, marked unfinished; and SIGINT,
//! SIGTERM or SIGHUP stop the run's programs and write that report marked
//! interrupted, before judge-fs's clean-up ends the process by the signal
//! (a shell sees 128 + its number). A run stopped by a CI time-out thus
//! leaves a valid report of what finished.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::output::Bars;
use crate::engine::pass::skeleton::Progress;
use crate::report::{Interrupted, Meta, Report, RunKind};

/// How often a run off a terminal says it is still going.
const HEARTBEAT: Duration = Duration::from_secs(30);

/// The least time between two rewrites of the report.
const REWRITE_EVERY: Duration = Duration::from_secs(1);

/// How long a finished problem waits before the report is rewritten for
/// it: the last one is followed at once by the full report.
const SETTLE: Duration = Duration::from_millis(250);

/// The in-flight problems a heartbeat names; the rest are counted.
const NAMED: usize = 4;

/// The run under way, for the signal hook and [`close`].
static CURRENT: Mutex<Option<Arc<Shared>>> = Mutex::new(None);

/// Where a run's report goes, and what it is.
pub(crate) struct Target {
    pub(crate) kind: RunKind,
    pub(crate) command_line: String,
    pub(crate) dir: PathBuf,
    pub(crate) junit: Option<PathBuf>,
}

/// The [`Progress`] of a command line's run: bars on a terminal, lines
/// off one, and the report of what finished.
pub(crate) struct Tracker {
    bars: Option<Bars>,
    shared: Arc<Shared>,
}

/// What the tracker, its writer thread and the signal hook share.
struct Shared {
    target: Target,
    /// Print lines (off a terminal).
    lines: bool,
    heartbeat: Duration,
    started: Instant,
    state: Mutex<State>,
    wake: Condvar,
    /// Held while a report is written: the full report, and the
    /// interrupted one, are never overtaken by an older partial one.
    writing: Mutex<()>,
}

#[derive(Default)]
struct State {
    /// Problems started and not finished, by id.
    working: BTreeMap<String, Working>,
    /// When each problem's first work started.
    since: BTreeMap<String, Instant>,
    /// The report of what finished, not written yet, and since when.
    pending: Option<Report>,
    pending_since: Option<Instant>,
    /// The report of what finished.
    latest: Option<Report>,
    done: usize,
    of: usize,
    /// The run ended or was stopped: nothing more is written.
    closed: bool,
}

/// How far one problem's current part is.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Working {
    pub(crate) what: &'static str,
    pub(crate) done: usize,
    pub(crate) total: usize,
    pub(crate) since: Instant,
}

impl Tracker {
    /// Starts tracking a run into `target`; `terminal`: stderr is one
    /// (bars, no lines).
    pub(crate) fn start(target: Target, terminal: bool) -> Arc<Tracker> {
        let heartbeat = std::env::var("JUDGE_HEARTBEAT")
            .ok()
            .and_then(|s| s.parse::<f64>().ok())
            .filter(|s| *s > 0.0)
            .map_or(HEARTBEAT, Duration::from_secs_f64);
        let shared = Arc::new(Shared {
            target,
            lines: !terminal,
            heartbeat,
            started: Instant::now(),
            state: Mutex::default(),
            wake: Condvar::new(),
            writing: Mutex::new(()),
        });
        *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) = Some(shared.clone());
        judge_fs::on_signal_before_end(on_signal);
        let writer = shared.clone();
        let _ = std::thread::Builder::new()
            .name("judge-progress".into())
            .spawn(move || writer.run());
        Arc::new(Tracker {
            bars: terminal.then(Bars::default),
            shared,
        })
    }
}

/// Ends the tracking of the run under way, before its full report is
/// written: no partial report is written after this returns.
pub(crate) fn close() {
    let current = CURRENT.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(shared) = current {
        let mut state = shared.lock();
        state.closed = true;
        state.pending = None;
        state.pending_since = None;
        shared.wake.notify_all();
        drop(state);
        // A partial report being written lands before the full one.
        drop(shared.writing.lock().unwrap_or_else(|e| e.into_inner()));
    }
}

impl Progress for Tracker {
    fn begin(&self, len: usize, what: &str) {
        if let Some(b) = &self.bars {
            b.begin(len, what);
        }
    }

    fn tick(&self) {
        if let Some(b) = &self.bars {
            b.tick();
        }
    }

    fn end(&self) {
        if let Some(b) = &self.bars {
            b.end();
        }
    }

    fn started(&self, problem: &str, what: &'static str, total: usize) {
        let now = Instant::now();
        let mut state = self.shared.lock();
        state.since.entry(problem.to_string()).or_insert(now);
        let w = state.working.entry(problem.to_string()).or_insert(Working {
            what,
            done: 0,
            total,
            since: now,
        });
        if w.what != what {
            *w = Working {
                what,
                done: 0,
                total,
                since: w.since,
            };
        }
    }

    fn step(&self, problem: &str, what: &'static str, _total: usize) {
        let mut state = self.shared.lock();
        if let Some(w) = state.working.get_mut(problem).filter(|w| w.what == what) {
            w.done += 1;
        }
    }

    fn finished(&self, problem: &str, so_far: &Report, of: usize) {
        let mut state = self.shared.lock();
        // After a signal, before the hook closes the run: a Ctrl-C reaches
        // the launchers too, whose programs' deaths are no results.
        if state.closed || judge_fs::terminating() {
            return;
        }
        state.working.remove(problem);
        let since = state.since.get(problem).copied();
        (state.done, state.of) = (so_far.problems.len(), of);
        if self.shared.lines {
            let wall = since.map_or(Duration::ZERO, |s| s.elapsed());
            let kind = self.shared.target.kind;
            eprintln!("{}", problem_line(kind, problem, so_far, of, wall));
        }
        state.latest = Some(so_far.clone());
        state.pending = Some(so_far.clone());
        state.pending_since.get_or_insert_with(Instant::now);
        self.shared.wake.notify_all();
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The writer thread: rewrites the report once a problem finished
    /// [`SETTLE`] ago (a run about to write its full report does not write
    /// this one first), at most once a [`REWRITE_EVERY`], and prints the
    /// heartbeat, until the run is closed.
    fn run(&self) {
        let mut last_beat = Instant::now();
        let mut last_write: Option<Instant> = None;
        let mut state = self.lock();
        loop {
            if state.closed {
                return;
            }
            let mut wait = self.heartbeat.saturating_sub(last_beat.elapsed());
            if let Some(since) = state.pending_since {
                let due = (since + SETTLE).max(last_write.map_or(since, |w| w + REWRITE_EVERY));
                let now = Instant::now();
                if now >= due {
                    let report = state.pending.take();
                    state.pending_since = None;
                    let (done, of) = (state.done, state.of);
                    drop(state);
                    let writing = self.writing.lock().unwrap_or_else(|e| e.into_inner());
                    if let Some(report) = report.filter(|_| !self.lock().closed) {
                        self.write(report, None, done, of);
                    }
                    drop(writing);
                    last_write = Some(Instant::now());
                    state = self.lock();
                    continue;
                }
                wait = wait.min(due - now);
            }
            if self.lines && last_beat.elapsed() >= self.heartbeat {
                last_beat = Instant::now();
                let line = heartbeat_line(
                    self.target.kind,
                    self.started.elapsed(),
                    (state.done, state.of),
                    &state.working,
                );
                eprintln!("{line}");
                continue;
            }
            state = (self.wake)
                .wait_timeout(state, wait.max(Duration::from_millis(10)))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Writes `report` (the finished problems) marked unfinished: stopped
    /// by `signal`, or still going.
    fn write(&self, mut report: Report, signal: Option<&str>, done: usize, of: usize) {
        report.meta.interrupted = Some(Interrupted {
            signal: signal.map(String::from),
            problems_done: done,
            problems_total: of,
        });
        report.meta.duration_ms = crate::report::millis(self.started.elapsed());
        if let Err(e) = report.write_to(&self.target.dir, self.target.junit.as_deref()) {
            eprintln!("judge: cannot write the report of the problems finished so far: {e}");
        }
    }

    /// The run was stopped by `signal`: no result counts from now on, its
    /// programs are killed, and the report of what finished is written.
    fn interrupt(&self, signal: i32) {
        let name = signal_name(signal);
        let (report, done, of) = {
            let mut state = self.lock();
            if state.closed {
                return;
            }
            state.closed = true;
            let report = state.latest.take().unwrap_or_else(|| self.empty());
            (report, state.done, state.of)
        };
        let killed = crate::engine::launcher::stop::stop_all();
        let writing = self.writing.lock().unwrap_or_else(|e| e.into_inner());
        self.write(report, Some(&name), done, of);
        drop(writing);
        let dir = &self.target.dir;
        eprintln!(
            "judge: interrupted by {name}: {done} of {of} problems finished; their report: {} and {} (marked interrupted){}",
            dir.join("report.yaml").display(),
            dir.join("report.html").display(),
            match killed {
                0 => String::new(),
                n => format!("; {n} running processes killed"),
            }
        );
    }

    /// The report of a run where nothing finished.
    fn empty(&self) -> Report {
        let t = &self.target;
        Report::new(
            Meta::new(t.kind, t.command_line.clone(), 0),
            Vec::new(),
            Vec::new(),
        )
    }
}

/// judge-fs's hook on SIGINT, SIGTERM and SIGHUP (on its clean-up
/// thread, not in the handler).
fn on_signal(signal: libc::c_int) {
    let current = CURRENT.lock().unwrap_or_else(|e| e.into_inner()).clone();
    if let Some(shared) = current {
        shared.interrupt(signal);
    }
}

fn signal_name(signal: i32) -> String {
    match signal {
        libc::SIGINT => "SIGINT".into(),
        libc::SIGTERM => "SIGTERM".into(),
        libc::SIGHUP => "SIGHUP".into(),
        n => format!("signal {n}"),
    }
}

/// The log line of a finished problem: its counts, its submissions'
/// promises, its wall time and how many of the run's are done.
pub(crate) fn problem_line(
    kind: RunKind,
    id: &str,
    so_far: &Report,
    of: usize,
    wall: Duration,
) -> String {
    let mut parts = Vec::new();
    if let Some(p) = so_far.problems.iter().find(|p| p.id == id) {
        parts.push(match p.failed {
            0 => format!("{} cases passed", p.passed),
            f => format!("{} cases passed, {f} failed", p.passed),
        });
        if !p.issues.is_empty() {
            parts.push(format!("{} issues", p.issues.len()));
        }
    }
    let subs: Vec<_> = so_far
        .submissions
        .iter()
        .filter(|s| s.problem == id)
        .collect();
    if !subs.is_empty() {
        let not_run = subs.iter().filter(|s| s.skipped.is_some()).count();
        let kept = subs.iter().filter(|s| s.skipped.is_none() && s.ok).count();
        let broken = subs.len() - not_run - kept;
        let mut s = format!("submissions: {kept} kept");
        if broken > 0 {
            s.push_str(&format!(", {broken} broke their promise"));
        }
        if not_run > 0 {
            s.push_str(&format!(", {not_run} not run"));
        }
        parts.push(s);
    }
    parts.push(short(wall));
    let done = so_far.problems.len();
    format!("judge {kind} [{done}/{of}] {id}: {}", parts.join("; "))
}

/// The heartbeat: how long the run has gone, how many problems finished,
/// and where the unfinished ones are.
pub(crate) fn heartbeat_line(
    kind: RunKind,
    elapsed: Duration,
    (done, of): (usize, usize),
    working: &BTreeMap<String, Working>,
) -> String {
    let mut line = format!("judge {kind}: still running after {}", short(elapsed));
    if of > 0 {
        line.push_str(&format!(", {done}/{of} problems finished"));
    }
    let mut named: Vec<String> = working
        .iter()
        .take(NAMED)
        .map(|(id, w)| {
            format!(
                "{id} {}/{} {} ({})",
                w.done,
                w.total,
                w.what,
                short(w.since.elapsed())
            )
        })
        .collect();
    if working.len() > NAMED {
        named.push(format!("{} more", working.len() - NAMED));
    }
    if !named.is_empty() {
        line.push_str("; working on ");
        line.push_str(&named.join(", "));
    }
    line
}

/// A duration as a log reads it: `850ms`, `12.3s`, `5m07s`, `1h02m`.
pub(crate) fn short(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0 => format!("{}ms", d.as_millis()),
        1..60 => format!("{:.1}s", d.as_secs_f64()),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
#[path = "progress_tests.rs"]
mod tests;
