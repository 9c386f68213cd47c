//! Measuring submissions against a time limit, the way problemtools does:
//! the slowest accepted run decides the limit (× `ac_to_time_limit`), and
//! every time_limit_exceeded submission must still be too slow at the
//! limit × `time_limit_to_tle`.
//!
//! Two users: `judge import` measures the accepted submissions once to
//! set a limit a package leaves open ([`measure`]), and `judge timelimit`
//! calibrates a committed limit ([`calibrate`]): several runs, the
//! submissions interleaved (A B C A B C …) so that a machine getting
//! slower or faster over the minutes shifts every submission alike
//! instead of one of them, and per case the median over the runs, so
//! one busy moment does not decide. The CPU time of a run is what the
//! verdict is decided on (the wall clock where no CPU time is measured).

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::build::tools::Tools;
use crate::build::{BuildError, Program};
use crate::execute::runner::Runner;
use crate::judging::grader::{Grader, in_order};
use crate::judging::reuse::CachedGrader;
use crate::origin::Multipliers;
use crate::problem::Problem;
use crate::problem::submissions::{Bound, Kind};
use crate::time::limits;

/// How a submission's times bound the limit: per test-group pattern
/// (`None`: every case), from below or from above.
pub type Scopes = Vec<(Option<String>, Bound)>;
use crate::report::{CaseReport, SubmissionReport};
use crate::verdict::Verdict;

/// One submission's measurement: its slowest case (id, CPU time), or why
/// it could not be measured.
pub struct Measured {
    pub path: PathBuf,
    pub slowest: Result<(String, Duration), NotMeasured>,
}

/// Why a submission's time could not be measured.
#[derive(Debug, thiserror::Error)]
pub enum NotMeasured {
    /// Its language's toolchain is not installed here: it was not run at
    /// all, which is no fault of its own.
    #[error("{0}")]
    Unavailable(String),
    /// It does not compile, or judge cannot build it here.
    #[error("does not build: {0}")]
    DoesNotBuild(BuildError),
    /// A case whose verdict makes its times meaningless: any failure
    /// where it must pass; else running out of the probe's time, or a
    /// verdict no submission folder expects.
    #[error("{} on {case}", verdict.code())]
    Failed { verdict: Verdict, case: String },
    /// None of the problem's cases is in the groups it is measured on.
    #[error("no cases")]
    NoCases,
}

/// What to measure of one submission.
#[derive(Debug, Clone)]
pub struct Probe {
    /// Relative to the problem folder.
    pub path: PathBuf,
    /// The cases whose times count, as package test-group patterns
    /// (`sample`, `secret/group1`); `None` for every case.
    pub groups: Option<Vec<String>>,
    /// Whether a failing case makes its times meaningless (a submission
    /// that must pass); otherwise only running out of the probe's time
    /// does.
    pub must_pass: bool,
}

/// Runs each probe's submission on its cases with CPU time limit `probe`,
/// the submissions side by side (one compiles while another runs; each
/// still runs its cases in order), the results in `probes`' order.
pub fn measure(tools: &Tools, runner: &Runner, probes: &[Probe], probe: Duration) -> Vec<Measured> {
    use rayon::prelude::*;
    probes
        .par_iter()
        .map(|p| Measured {
            path: p.path.clone(),
            slowest: slowest(tools, runner, p, probe),
        })
        .collect()
}

fn slowest(
    tools: &Tools,
    runner: &Runner,
    what: &Probe,
    probe: Duration,
) -> Result<(String, Duration), NotMeasured> {
    let clock = runner.timeline().measuring(tools.problem, &what.path);
    let path = &tools.problem.dir.join(&what.path);
    let problem = tools.problem;
    let memory = problem.spec.limits.memory;
    let program =
        crate::build::included::prepare(runner, problem, path, memory).map_err(|e| match e {
            BuildError::Unavailable(why) => NotMeasured::Unavailable(why),
            e => NotMeasured::DoesNotBuild(e),
        })?;
    // From the result cache when it holds a sound result for the same
    // program, case and probe limits: a package judged in place computes
    // its limit at every run, and the second run should cost nothing.
    let grader = CachedGrader::new(grader(tools, runner, &program, probe));
    let cases: Vec<crate::problem::Case> = problem
        .cases
        .iter()
        .filter(|c| {
            what.groups.as_ref().is_none_or(|g| {
                g.iter()
                    .any(|p| crate::problem::submissions::case_in_groups(p, &c.group, &c.id()))
            })
        })
        .cloned()
        .collect();
    let reports = in_order(&cases, rayon::current_num_threads(), false, |c| {
        clock.case(|| grader.grade_case(c))
    });
    let failed = |r: &&CaseReport| match what.must_pass {
        true => !r.verdict.is_pass(),
        // Its answers may be wrong; only its time must have been measured.
        false => r.verdict == Verdict::TimeLimit || Kind::all_of(r.verdict).is_empty(),
    };
    if let Some(bad) = reports.iter().find(failed) {
        return Err(NotMeasured::Failed {
            verdict: bad.verdict,
            case: bad.id(),
        });
    }
    reports
        .iter()
        .map(|r| (r.id(), cpu(r)))
        .max_by_key(|(_, d)| *d)
        .ok_or(NotMeasured::NoCases)
}

/// A grader for `program` with the problem's limits but CPU time `cap`,
/// and the wall clock of a measurement ([`limits::measuring`]).
fn grader<'a>(
    tools: &'a Tools,
    runner: &'a Runner,
    program: &'a Program,
    cap: Duration,
) -> Grader<'a> {
    let limits = limits::measuring(tools.problem, &program.language, cap);
    Grader::submission(tools, runner, program, limits)
}

/// The time a case report says the run took.
fn cpu(r: &CaseReport) -> Duration {
    Duration::from_secs_f64(r.cpu_or_wall_ms() / 1e3)
}

/// What a calibrated submission promises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// `accepted/`: passes every case, well within the limit.
    Accepted,
    /// `time_limit_exceeded/`: too slow, even with the safety margin.
    TooSlow,
}

impl Side {
    /// The submissions of `problem` whose times bound its limit (2025-09's
    /// `use_for_time_limit`, by default the accepted and the
    /// time_limit_exceeded ones, and a group's AC-only or TLE-required
    /// rule), each with how, and the faults of its submission folders.
    pub fn of(problem: &crate::problem::Problem) -> (Vec<(PathBuf, Side, Scopes)>, Vec<String>) {
        use crate::problem::submissions::find;
        let listed = find(problem);
        let sides = (listed.submissions.into_iter())
            .filter_map(|s| {
                let bounds = s.time_bounds();
                let side = if bounds.iter().any(|(_, b)| *b == Bound::Lower) {
                    Side::Accepted
                } else if !bounds.is_empty() {
                    Side::TooSlow
                } else {
                    return None;
                };
                Some((s.path, side, bounds))
            })
            .collect();
        (sides, listed.errors)
    }

    /// The verdict folder.
    pub fn folder(self) -> &'static str {
        match self {
            Side::Accepted => "accepted",
            Side::TooSlow => "time_limit_exceeded",
        }
    }
}

/// A CPU time, and whether the run was stopped at the probe limit (so it
/// would have taken at least this).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    pub cpu: Duration,
    pub cut: bool,
}

/// Why a submission's time tells nothing about the limit.
#[derive(Debug, Clone, PartialEq)]
pub enum Fault {
    /// judge cannot build or start it here (a missing compiler): a
    /// configuration error, not the submission's.
    Setup(String),
    /// It did not compile, or failed a case otherwise than by time.
    Failed(String),
    /// Its language's toolchain is not installed here: not measured, and
    /// no fault of the limit's.
    Unavailable(String),
}

/// One submission's figures over every run.
#[derive(Debug, Clone)]
pub struct Timed {
    pub path: PathBuf,
    pub side: Side,
    /// Each run's slowest case (`None`: not run).
    pub runs: Vec<Option<Sample>>,
    /// Per case the median over the runs, of the slowest case: the
    /// submission's time.
    pub time: Option<Sample>,
    /// The case `time` is from.
    pub slowest_case: Option<String>,
    pub fault: Option<Fault>,
    /// How its times bound the limit.
    pub bounds: Scopes,
    /// Per case of the problem (in its order), the median over the runs.
    pub per_case: Vec<Option<Sample>>,
}

impl Timed {
    /// The file name under its verdict folder.
    pub fn name(&self) -> String {
        self.path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    }

    /// The folder it lies in (`partially_accepted`, `accepted`, …): its
    /// promise as people filed it, finer than its [`Side`].
    pub fn folder(&self) -> String {
        (self.path.parent())
            .and_then(|p| p.file_name())
            .map_or_else(
                || self.side.folder().to_string(),
                |f| f.to_string_lossy().into_owned(),
            )
    }

    /// `folder/file`, as people find it.
    pub fn who(&self) -> String {
        format!("{}/{}", self.folder(), self.name())
    }
}

/// A problem's calibration: its committed limit and how its accepted and
/// time_limit_exceeded submissions measure against it.
#[derive(Debug, Clone)]
pub struct Calibration {
    pub limit: Duration,
    /// The CPU time cap of the runs.
    pub probe: Duration,
    pub rule: Multipliers,
    pub timed: Vec<Timed>,
}

/// The CPU time cap while calibrating `limit`: high enough that a
/// time_limit_exceeded submission shows how slow it is (at least the limit
/// × 3, and 2 s above it), low enough that a very slow one costs seconds.
pub(crate) fn probe_for(limit: Duration) -> Duration {
    (limit * 3).max(limit + Duration::from_secs(2))
}

/// Builds each of `submissions` once, then runs all of them `runs` times,
/// interleaved, each on the cases in order up to its first failure, under
/// `probe_for` the problem's limit; `batch` cases at a time in parallel.
/// `tick` is called after each submission's run (for a progress bar).
pub fn calibrate(
    tools: &Tools,
    runner: &Runner,
    submissions: &[(PathBuf, Side, Scopes)],
    runs: usize,
    batch: usize,
    tick: &(dyn Fn() + Sync),
) -> Calibration {
    let problem = tools.problem;
    let limit = problem.spec.limits.time;
    let probe = probe_for(limit);
    let programs = build_each(runner, problem, submissions);
    let mut timed = untimed(submissions, &programs);
    // Per submission, per case, the sample of each run.
    let mut samples: Vec<Vec<Vec<Sample>>> =
        vec![vec![Vec::new(); problem.cases.len()]; submissions.len()];
    for _ in 0..runs {
        for (i, program) in programs.iter().enumerate() {
            // One that failed otherwise than by time is not run again:
            // its time says nothing.
            let slowest = match (program, &timed[i].fault) {
                (Ok(program), None) => {
                    let grader = grader(tools, runner, program, probe);
                    run_once(&grader, problem, batch, &mut timed[i], &mut samples[i])
                }
                _ => None,
            };
            timed[i].runs.push(slowest);
            tick();
        }
    }
    for (t, per_case) in timed.iter_mut().zip(samples) {
        settle(t, per_case, &problem.cases);
    }
    Calibration {
        limit,
        probe,
        rule: Multipliers::of(problem.origin.as_ref()),
        timed,
    }
}

/// Each submission built, or the fault that keeps it from being timed.
fn build_each(
    runner: &Runner,
    problem: &Problem,
    submissions: &[(PathBuf, Side, Scopes)],
) -> Vec<Result<Program, Fault>> {
    let memory = problem.spec.limits.memory;
    (submissions.iter())
        .map(|(path, _, _)| {
            crate::build::included::prepare(runner, problem, path, memory).map_err(|e| match e {
                BuildError::Setup(why) => Fault::Setup(why),
                BuildError::Unavailable(why) => Fault::Unavailable(why),
                BuildError::Compile(log) => Fault::Failed(format!(
                    "does not compile: {}",
                    log.lines().next().unwrap_or("")
                )),
            })
        })
        .collect()
}

/// Each submission before its first run: nothing measured, and the fault
/// of a build that failed.
fn untimed(
    submissions: &[(PathBuf, Side, Scopes)],
    programs: &[Result<Program, Fault>],
) -> Vec<Timed> {
    (submissions.iter().zip(programs))
        .map(|((path, side, bounds), program)| Timed {
            path: path.clone(),
            side: *side,
            runs: Vec::new(),
            time: None,
            slowest_case: None,
            fault: program.as_ref().err().cloned(),
            bounds: bounds.clone(),
            per_case: Vec::new(),
        })
        .collect()
}

/// One run of a submission by `grader`: each case's sample goes to
/// `samples` (by case index), and a case it must pass but fails
/// otherwise than by time becomes its fault. Returns its slowest case.
fn run_once(
    grader: &Grader,
    problem: &Problem,
    batch: usize,
    timed: &mut Timed,
    samples: &mut [Vec<Sample>],
) -> Option<Sample> {
    // Only the cases its bounds are about; and where a group
    // bounds it, every one of them (a partially accepted
    // submission fails other groups before it reaches its own).
    let bounds = &timed.bounds;
    let wanted: Vec<usize> = (0..problem.cases.len())
        .filter(|&c| bounds.iter().any(|(s, _)| in_scope(s, &problem.cases[c])))
        .collect();
    let cases: Vec<crate::problem::Case> =
        wanted.iter().map(|&c| problem.cases[c].clone()).collect();
    let every_case = bounds.iter().any(|(scope, _)| scope.is_some());
    let reports = in_order(&cases, batch, every_case, |c| grader.grade_case(c));
    let mut slowest: Option<Sample> = None;
    for (&case, r) in wanted.iter().zip(&reports) {
        let sample = Sample {
            cpu: cpu(r),
            cut: r.verdict == Verdict::TimeLimit,
        };
        // A failure says its times are meaningless only where it
        // must pass (a partially accepted submission may fail the
        // groups that bound the limit from above).
        let must_pass = (timed.bounds.iter())
            .any(|(scope, b)| *b == Bound::Lower && in_scope(scope, &problem.cases[case]));
        if must_pass && !r.verdict.is_pass() && !sample.cut && timed.fault.is_none() {
            timed.fault = Some(Fault::Failed(format!("{} on {}", r.verdict.code(), r.id())));
        }
        samples[case].push(sample);
        if slowest.is_none_or(|s| sample.cpu > s.cpu) {
            slowest = Some(sample);
        }
    }
    slowest
}

/// `t`'s time from its samples over the runs (`per_case`, by case
/// index): per case the median, and the slowest median with its case.
fn settle(t: &mut Timed, per_case: Vec<Vec<Sample>>, cases: &[crate::problem::Case]) {
    t.per_case = per_case.into_iter().map(median).collect();
    let medians = (t.per_case.iter().zip(cases)).filter_map(|(s, case)| s.map(|m| (m, case.id())));
    if let Some((m, case)) = medians.max_by_key(|(m, _)| m.cpu) {
        t.time = Some(m);
        t.slowest_case = Some(case);
    }
}

/// Whether `case` is among the cases of `scope` (a test-group pattern;
/// `None`: every case).
pub(crate) fn in_scope(scope: &Option<String>, case: &crate::problem::Case) -> bool {
    scope
        .as_ref()
        .is_none_or(|p| crate::problem::submissions::case_in_groups(p, &case.group, &case.id()))
}

/// The middle sample (the mean of the two middle ones for an even count;
/// cut only when both were).
fn median(mut samples: Vec<Sample>) -> Option<Sample> {
    samples.sort_by_key(|s| s.cpu);
    let n = samples.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(samples[n / 2]),
        _ => {
            let (a, b) = (samples[n / 2 - 1], samples[n / 2]);
            Some(Sample {
                cpu: (a.cpu + b.cpu) / 2,
                cut: a.cut && b.cut,
            })
        }
    }
}

impl Calibration {
    /// Whether some submission could not be built or started here.
    pub fn setup_fault(&self) -> bool {
        self.timed
            .iter()
            .any(|t| matches!(t.fault, Some(Fault::Setup(_))))
    }
}

/// Seconds for people: 3 significant figures below 10 s (`0.243`,
/// `0.0042`, `2.50`), one decimal above.
pub fn seconds(s: f64) -> String {
    if s >= 10.0 {
        format!("{s:.1}")
    } else if s >= 1.0 {
        format!("{s:.2}")
    } else if s >= 0.1 {
        format!("{s:.3}")
    } else {
        format!("{s:.4}")
    }
}

/// A multiplier or limit without needless zeros (`2`, `1.5`).
pub use judge_text::units::format_number as number;

/// `judge check`'s warnings: each accepted submission whose slowest case
/// leaves the committed limit less than problemtools' margin, so a
/// slower machine or a busy moment could turn it into TLE. Measured in
/// one run, with every case in parallel, so it only points at the
/// calibration (`judge timelimit`), which measures properly.
pub(crate) fn tight_limits(submissions: &[SubmissionReport]) -> Vec<String> {
    let factor = Multipliers::DEFAULT.ac_to_time_limit;
    submissions
        .iter()
        .filter(|s| s.expected.is_accepted())
        .filter_map(|s| {
            let (cpu, limit) = (s.max_cpu_ms? / 1e3, s.time_limit_ms? / 1e3);
            (cpu * factor > limit).then(|| {
                let name = Path::new(&s.path)
                    .file_name()
                    .map_or(s.path.clone(), |n| n.to_string_lossy().into_owned());
                let takes = match s.got {
                    Some(Verdict::TimeLimit) => {
                        format!("is stopped at the {} s limit (TLE)", number(limit))
                    }
                    _ => format!("takes {} s of the {} s limit", seconds(cpu), number(limit)),
                };
                format!(
                    "{}: accepted {name} {takes}; problemtools' rule wants ≤ {} s (limit / {}): \
                     run `judge timelimit {}`",
                    s.problem,
                    seconds(limit / factor),
                    number(factor),
                    s.problem
                )
            })
        })
        .collect()
}

#[cfg(test)]
#[path = "calibrate_tests.rs"]
mod tests;
