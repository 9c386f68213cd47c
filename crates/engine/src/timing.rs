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

use super::build::{BuildError, Program};
use super::grader::{Grader, in_order};
use super::limits::{self, Overrides};
use super::reuse::CachedGrader;
use super::runner::Runner;
use super::tools::Tools;
use crate::origin::{Multipliers, TimeRule};
use crate::problem::submissions::Kind;
use crate::report::{CaseReport, SubmissionReport};
use crate::verdict::Verdict;

/// One submission's measurement: its slowest case (id, CPU time), or why
/// it could not be measured (it did not build or failed a case).
pub struct Measured {
    pub path: PathBuf,
    pub slowest: Result<(String, Duration), String>,
    /// Set when it was not run at all because its language's toolchain is
    /// not installed here (then `slowest` holds the same reason).
    pub unavailable: bool,
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
        .map(|p| {
            let result = slowest(tools, runner, p, probe);
            Measured {
                path: p.path.clone(),
                unavailable: matches!(result, Err((_, true))),
                slowest: result.map_err(|(why, _)| why),
            }
        })
        .collect()
}

fn slowest(
    tools: &Tools,
    runner: &Runner,
    what: &Probe,
    probe: Duration,
) -> Result<(String, Duration), (String, bool)> {
    let path = &tools.problem.dir.join(&what.path);
    let problem = tools.problem;
    let memory = problem.spec.limits.memory;
    let program = super::included::prepare(runner, problem, path, memory).map_err(|e| match e {
        BuildError::Unavailable(why) => (why, true),
        e => (format!("does not build: {e}"), false),
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
                    .any(|p| super::submissions::case_in_groups(p, &c.group, &c.id()))
            })
        })
        .cloned()
        .collect();
    let reports = in_order(&cases, rayon::current_num_threads(), false, |c| {
        grader.grade_case(c)
    });
    let failed = |r: &&CaseReport| match what.must_pass {
        true => !r.verdict.is_pass(),
        // Its answers may be wrong; only its time must have been measured.
        false => r.verdict == Verdict::TimeLimit || Kind::all_of(r.verdict).is_empty(),
    };
    if let Some(bad) = reports.iter().find(failed) {
        return Err((format!("{} on {}", bad.verdict.code(), bad.id()), false));
    }
    reports
        .iter()
        .map(|r| (r.id(), cpu(r)))
        .max_by_key(|(_, d)| *d)
        .ok_or_else(|| ("no cases".to_string(), false))
}

/// A grader for `program` with the problem's limits but CPU time `cap`,
/// and the wall clock of a measurement ([`limits::measuring_wall`]).
fn grader<'a>(
    tools: &'a Tools,
    runner: &'a Runner,
    program: &'a Program,
    cap: Duration,
) -> Grader<'a> {
    let overrides = Overrides {
        time: Some(cap),
        ..Overrides::default()
    };
    let mut limits = limits::for_problem(tools.problem, overrides, &program.language);
    limits.wall = limits::measuring_wall(cap);
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
    /// The submissions of `problem` to calibrate its limit with (its
    /// accepted and time_limit_exceeded ones), and the faults of its
    /// submission folders.
    pub fn of(problem: &crate::problem::Problem) -> (Vec<(PathBuf, Side)>, Vec<String>) {
        use crate::problem::submissions::find;
        let listed = find(problem);
        let sides = (listed.submissions.into_iter())
            .filter_map(|s| match s.expectation {
                e if e.is_accepted() => Some((s.path, Side::Accepted)),
                e if e.is_too_slow() => Some((s.path, Side::TooSlow)),
                _ => None,
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
}

impl Timed {
    /// The file name under its verdict folder.
    pub fn name(&self) -> String {
        self.path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
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
    submissions: &[(PathBuf, Side)],
    runs: usize,
    batch: usize,
    tick: &(dyn Fn() + Sync),
) -> Calibration {
    let problem = tools.problem;
    let limit = problem.spec.limits.time;
    let probe = probe_for(limit);
    let programs: Vec<Result<Program, Fault>> = submissions
        .iter()
        .map(|(path, _)| {
            super::included::prepare(runner, problem, path, problem.spec.limits.memory).map_err(
                |e| match e {
                    BuildError::Setup(why) => Fault::Setup(why),
                    BuildError::Unavailable(why) => Fault::Unavailable(why),
                    BuildError::Compile(log) => Fault::Failed(format!(
                        "does not compile: {}",
                        log.lines().next().unwrap_or("")
                    )),
                },
            )
        })
        .collect();
    let mut samples: Vec<Vec<Vec<Sample>>> =
        vec![vec![Vec::new(); problem.cases.len()]; submissions.len()];
    let mut timed: Vec<Timed> = submissions
        .iter()
        .zip(&programs)
        .map(|((path, side), program)| Timed {
            path: path.clone(),
            side: *side,
            runs: Vec::new(),
            time: None,
            slowest_case: None,
            fault: program.as_ref().err().cloned(),
        })
        .collect();
    for _ in 0..runs {
        for (i, program) in programs.iter().enumerate() {
            // One that failed otherwise than by time is not run again:
            // its time says nothing.
            let (Ok(program), None) = (program, &timed[i].fault) else {
                timed[i].runs.push(None);
                tick();
                continue;
            };
            let grader = grader(tools, runner, program, probe);
            let reports = in_order(&problem.cases, batch, false, |c| grader.grade_case(c));
            let mut slowest: Option<Sample> = None;
            for (case, r) in reports.iter().enumerate() {
                let sample = Sample {
                    cpu: cpu(r),
                    cut: r.verdict == Verdict::TimeLimit,
                };
                if !r.verdict.is_pass() && !sample.cut && timed[i].fault.is_none() {
                    timed[i].fault =
                        Some(Fault::Failed(format!("{} on {}", r.verdict.code(), r.id())));
                }
                samples[i][case].push(sample);
                if slowest.is_none_or(|s| sample.cpu > s.cpu) {
                    slowest = Some(sample);
                }
            }
            timed[i].runs.push(slowest);
            tick();
        }
    }
    for (t, per_case) in timed.iter_mut().zip(samples) {
        let medians = per_case
            .into_iter()
            .zip(&problem.cases)
            .filter_map(|(s, case)| median(s).map(|m| (m, case.id())));
        if let Some((m, case)) = medians.max_by_key(|(m, _)| m.cpu) {
            t.time = Some(m);
            t.slowest_case = Some(case);
        }
    }
    Calibration {
        limit,
        probe,
        rule: Multipliers::DEFAULT,
        timed,
    }
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
    fn measured(&self, side: Side) -> impl Iterator<Item = (&Timed, Sample)> {
        self.timed
            .iter()
            .filter(move |t| t.side == side && t.fault.is_none())
            .filter_map(|t| Some((t, t.time?)))
    }

    /// The slowest accepted submission and its time.
    pub fn slowest_ac(&self) -> Option<(&Timed, Sample)> {
        self.measured(Side::Accepted).max_by_key(|(_, s)| s.cpu)
    }

    /// The fastest time_limit_exceeded submission and its time.
    pub fn fastest_tle(&self) -> Option<(&Timed, Sample)> {
        self.measured(Side::TooSlow).min_by_key(|(_, s)| s.cpu)
    }

    /// The limit problemtools' rule gives for the slowest accepted time.
    pub fn proposed(&self) -> Option<Duration> {
        let (_, s) = self.slowest_ac()?;
        let r = self.rule;
        Some(TimeRule::limit_for(r.ac_to_time_limit, r.resolution, s.cpu))
    }

    /// Whether the committed limit keeps both margins and every
    /// submission could be measured; each fault in one line.
    pub fn violations(&self) -> Vec<String> {
        let r = self.rule;
        let limit = self.limit.as_secs_f64();
        let mut out = Vec::new();
        for t in &self.timed {
            let who = format!("{}/{}", t.side.folder(), t.name());
            match (&t.fault, t.time) {
                (Some(Fault::Setup(why) | Fault::Failed(why)), _) => {
                    out.push(format!("{who}: {why}, so its time says nothing"));
                }
                (Some(Fault::Unavailable(_)), _) => {}
                (None, None) => out.push(format!("{who}: not measured (no cases)")),
                (None, Some(s)) => {
                    let secs = s.cpu.as_secs_f64();
                    match t.side {
                        Side::Accepted if secs * r.ac_to_time_limit > limit => {
                            out.push(format!(
                                "{who} takes {}{} s, more than limit / {} = {} s",
                                if s.cut { "≥ " } else { "" },
                                seconds(secs),
                                number(r.ac_to_time_limit),
                                seconds(limit / r.ac_to_time_limit)
                            ));
                        }
                        Side::TooSlow if secs <= limit => out.push(format!(
                            "{who} is not too slow: {} s, within the {} s limit",
                            seconds(secs),
                            number(limit)
                        )),
                        Side::TooSlow if secs < limit * r.time_limit_to_tle => {
                            out.push(format!(
                                "{who} takes {} s, less than limit × {} = {} s",
                                seconds(secs),
                                number(r.time_limit_to_tle),
                                seconds(limit * r.time_limit_to_tle)
                            ));
                        }
                        _ => {}
                    }
                }
            }
        }
        out
    }

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
                    Verdict::TimeLimit => {
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
#[path = "timing_tests.rs"]
mod tests;
