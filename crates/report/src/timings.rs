//! Where a run's wall clock went: per problem, per stage, and against the
//! physical limit (issue #49).
//!
//! The engine measures (`judge-engine`'s `timeline`); this is the record
//! the report keeps, and its one-line console form. A report written
//! before timings existed has none (`Option` on the report), and a merged
//! report has none either: shards ran on other machines at other times,
//! so their clocks share no axis.
//!
//! Every figure is in seconds. A stage's `start_s` and `wall_s` are its
//! first start and last end from the run's start, so one problem's stages
//! follow each other and their walls add up to at most the run's; `busy_s`
//! adds the walls of the stage's pieces, which run side by side on the
//! workers, and so may exceed `wall_s`.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::console::Style;

/// What a span of a run's time was spent on, in the order a run meets
/// them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// Computing a package's time limit from its accepted submissions.
    Limit,
    /// Building the problem's own programs (reference, checker,
    /// validators, generator).
    Build,
    /// The reference over the cases (`check`).
    Reference,
    /// The validators over the cases (`validate`).
    Validation,
    /// The submissions: each compiled and judged (`check`'s
    /// expected-verdict submissions, `grade`'s one).
    Submissions,
    /// A precompiled header, made once per run and shared by problems.
    Pch,
}

impl Stage {
    pub const ALL: [Stage; 6] = [
        Stage::Limit,
        Stage::Build,
        Stage::Reference,
        Stage::Validation,
        Stage::Submissions,
        Stage::Pch,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Stage::Limit => "limit",
            Stage::Build => "build",
            Stage::Reference => "reference",
            Stage::Validation => "validation",
            Stage::Submissions => "submissions",
            Stage::Pch => "pch",
        }
    }

    /// What the stage measures, for the chart's legend.
    pub fn describe(self) -> &'static str {
        match self {
            Stage::Limit => "computing the time limit",
            Stage::Build => "building the problem's programs",
            Stage::Reference => "the reference over the cases",
            Stage::Validation => "validating the cases",
            Stage::Submissions => "compiling and judging submissions",
            Stage::Pch => "precompiled header",
        }
    }
}

fn zero(x: &f64) -> bool {
    *x == 0.0
}

/// One stage of one problem (or one shared stage).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StageTime {
    pub stage: Stage,
    pub start_s: f64,
    pub wall_s: f64,
    /// The walls of its pieces added up (workers side by side).
    pub busy_s: f64,
    /// CPU time of the programs run in it, where measured (its cases; the
    /// submissions' own for `submissions`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_s: Option<f64>,
    /// Wall clock of compiles in it, and their CPU time.
    #[serde(default, skip_serializing_if = "zero")]
    pub compile_s: f64,
    #[serde(default, skip_serializing_if = "zero")]
    pub compile_cpu_s: f64,
    /// Wall clock of toolchain probes in it (is a tool there, does it
    /// run): run outside the sandbox, for no case.
    #[serde(default, skip_serializing_if = "zero")]
    pub probe_s: f64,
    /// Wall clock of cases that ended in a time-out.
    #[serde(default, skip_serializing_if = "zero")]
    pub timeouts_s: f64,
    /// The sandbox's own cost in its cases and compiles: each launch's
    /// wall less its program's.
    #[serde(default, skip_serializing_if = "zero")]
    pub sandbox_s: f64,
}

/// One submission of a problem, inside its `submissions` stage, or
/// measured for its time limit inside its `limit` stage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubmissionTime {
    pub stage: Stage,
    pub path: String,
    pub start_s: f64,
    pub wall_s: f64,
    #[serde(default, skip_serializing_if = "zero")]
    pub compile_s: f64,
    #[serde(default, skip_serializing_if = "zero")]
    pub probe_s: f64,
    /// Its cases' CPU time and its compile's (not measured for `limit`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_s: Option<f64>,
    #[serde(default, skip_serializing_if = "zero")]
    pub timeouts_s: f64,
    #[serde(default, skip_serializing_if = "zero")]
    pub sandbox_s: f64,
}

/// One problem's stages, in stage order, and its submissions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProblemTimes {
    pub problem: String,
    pub stages: Vec<StageTime>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub submissions: Vec<SubmissionTime>,
}

/// A stage over the whole run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StageTotal {
    pub stage: Stage,
    /// How long some problem was in the stage (the union of their spans).
    pub wall_s: f64,
    pub busy_s: f64,
    #[serde(default, skip_serializing_if = "zero")]
    pub compile_s: f64,
    #[serde(default, skip_serializing_if = "zero")]
    pub probe_s: f64,
    #[serde(default, skip_serializing_if = "zero")]
    pub timeouts_s: f64,
    #[serde(default, skip_serializing_if = "zero")]
    pub sandbox_s: f64,
}

/// Where a run's time went.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Timings {
    pub workers: usize,
    /// The run's wall clock, start to report.
    pub wall_s: f64,
    pub problems: Vec<ProblemTimes>,
    /// Work done once for every problem (a precompiled header).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shared: Vec<StageTime>,
    pub totals: Vec<StageTotal>,
    /// Programs launched in the run, and the sandbox's own cost over all
    /// of them (each launch's wall less its program's).
    pub launches: u64,
    pub sandbox_s: f64,
    /// CPU time the submissions themselves took: their judged cases and
    /// their compiles.
    pub submissions_cpu_s: f64,
    /// That CPU time over the workers: no run on this machine can judge
    /// the submissions faster.
    pub physical_limit_s: f64,
    /// The run's wall over the physical limit (none without submissions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratio: Option<f64>,
}

/// The figures of a run, before its totals.
pub struct Measured {
    pub workers: usize,
    pub wall_s: f64,
    pub problems: Vec<ProblemTimes>,
    pub shared: Vec<StageTime>,
    pub launches: u64,
    pub sandbox_s: f64,
}

/// Seconds rounded to the millisecond, as the report keeps them.
pub fn round(s: f64) -> f64 {
    (s * 1000.0).round() / 1000.0
}

impl Timings {
    /// The record of `m`: its totals per stage and its physical limit.
    pub fn new(m: Measured) -> Timings {
        let totals = Stage::ALL
            .iter()
            .filter_map(|s| total(*s, &m.problems, &m.shared))
            .collect();
        // Only where submissions were judged: a check without them has
        // no submission's work to measure against.
        let judged = |p: &&ProblemTimes| p.stages.iter().any(|s| s.stage == Stage::Submissions);
        let cpu: f64 = (m.problems.iter().filter(judged).flat_map(|p| &p.stages))
            .map(|s| match s.stage {
                Stage::Submissions => s.cpu_s.unwrap_or(0.0) + s.compile_cpu_s,
                Stage::Limit => s.compile_cpu_s,
                _ => 0.0,
            })
            .sum();
        let physical = cpu / m.workers.max(1) as f64;
        Timings {
            workers: m.workers,
            wall_s: round(m.wall_s),
            problems: m.problems,
            shared: m.shared,
            totals,
            launches: m.launches,
            sandbox_s: round(m.sandbox_s),
            submissions_cpu_s: round(cpu),
            physical_limit_s: round(physical),
            ratio: (physical > 0.0).then(|| (m.wall_s / physical * 100.0).round() / 100.0),
        }
    }

    /// The stage's total, if the run had it.
    pub fn total(&self, stage: Stage) -> Option<&StageTotal> {
        self.totals.iter().find(|t| t.stage == stage)
    }

    /// The console's line: each stage's wall (those that took none
    /// left out), what the stages spent compiling and waiting on
    /// time-outs, the sandbox, and the physical limit against the run's
    /// wall.
    pub fn line(&self, style: Style) -> String {
        let mut parts = Vec::new();
        for t in self.totals.iter().filter(|t| t.wall_s >= 0.005) {
            let mut part = format!("{} {}", t.stage.name(), secs(t.wall_s));
            let mut inner = Vec::new();
            if t.compile_s > 0.0 {
                inner.push(format!("compile {}", secs(t.compile_s)));
            }
            if t.probe_s >= 0.005 {
                inner.push(format!("probes {}", secs(t.probe_s)));
            }
            if t.timeouts_s > 0.0 {
                inner.push(format!("time-outs {}", secs(t.timeouts_s)));
            }
            if !inner.is_empty() {
                let _ = write!(part, " ({})", inner.join(", "));
            }
            parts.push(part);
        }
        parts.push(format!("sandbox {}", secs(self.sandbox_s)));
        if let Some(ratio) = self.ratio {
            parts.push(format!(
                "physical limit {} (wall {}, {ratio:.1}×)",
                secs(self.physical_limit_s),
                secs(self.wall_s)
            ));
        }
        format!("{} {}\n", style.dim("time:"), parts.join(" · "))
    }
}

/// Seconds for people: `0.25 s`, `3.1 s`, `42 s`.
pub fn secs(s: f64) -> String {
    match s {
        s if s < 1.0 => format!("{s:.2} s"),
        s if s < 100.0 => format!("{s:.1} s"),
        s => format!("{s:.0} s"),
    }
}

/// `stage` over every problem (and the shared work), if any had it.
fn total(stage: Stage, problems: &[ProblemTimes], shared: &[StageTime]) -> Option<StageTotal> {
    let spans: Vec<&StageTime> = (problems.iter().flat_map(|p| &p.stages))
        .chain(shared)
        .filter(|s| s.stage == stage)
        .collect();
    if spans.is_empty() {
        return None;
    }
    let sum = |f: fn(&StageTime) -> f64| round(spans.iter().map(|s| f(s)).sum());
    Some(StageTotal {
        stage,
        wall_s: round(union(&spans)),
        busy_s: sum(|s| s.busy_s),
        compile_s: sum(|s| s.compile_s),
        probe_s: sum(|s| s.probe_s),
        timeouts_s: sum(|s| s.timeouts_s),
        sandbox_s: sum(|s| s.sandbox_s),
    })
}

/// The length of the union of the spans: time during which one of them
/// ran.
fn union(spans: &[&StageTime]) -> f64 {
    let mut v: Vec<(f64, f64)> = spans
        .iter()
        .map(|s| (s.start_s, s.start_s + s.wall_s))
        .collect();
    v.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut total = 0.0;
    let mut open: Option<(f64, f64)> = None;
    for (a, b) in v {
        open = match open {
            Some((x, y)) if a <= y => Some((x, y.max(b))),
            Some((x, y)) => {
                total += y - x;
                Some((a, b))
            }
            None => Some((a, b)),
        };
    }
    total + open.map_or(0.0, |(x, y)| y - x)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stage(stage: Stage, start_s: f64, wall_s: f64) -> StageTime {
        StageTime {
            stage,
            start_s,
            wall_s,
            busy_s: wall_s,
            cpu_s: Some(wall_s),
            compile_s: 0.0,
            compile_cpu_s: 0.0,
            probe_s: 0.0,
            timeouts_s: 0.0,
            sandbox_s: 0.0,
        }
    }

    #[test]
    fn a_stages_total_wall_counts_overlapping_problems_once() {
        let problems = ["a", "b"].map(|id| ProblemTimes {
            problem: id.into(),
            stages: vec![
                stage(Stage::Build, 0.0, 1.0),
                stage(Stage::Submissions, 1.0, 2.0),
            ],
            submissions: Vec::new(),
        });
        let mut problems = problems.to_vec();
        problems[1].stages[1].start_s = 2.0; // 2..4 against 1..3
        // A problem checked without its submissions: its limit's compiles
        // are no submission's work to judge.
        let mut limit = stage(Stage::Limit, 0.0, 0.0);
        limit.compile_cpu_s = 10.0;
        problems.push(ProblemTimes {
            problem: "c".into(),
            stages: vec![limit],
            submissions: Vec::new(),
        });
        let t = Timings::new(Measured {
            workers: 2,
            wall_s: 5.0,
            problems,
            shared: Vec::new(),
            launches: 3,
            sandbox_s: 0.1,
        });
        let subs = t.total(Stage::Submissions).expect("a total");
        assert_eq!((subs.wall_s, subs.busy_s), (3.0, 4.0));
        assert_eq!(t.total(Stage::Build).map(|b| b.wall_s), Some(1.0));
        assert!(t.total(Stage::Reference).is_none());
        // 4 s of submission CPU on 2 workers: 2 s at best, 5 s taken.
        assert_eq!((t.physical_limit_s, t.ratio), (2.0, Some(2.5)));
        let line = t.line(Style { color: false });
        assert!(
            line.starts_with("time: build 1.0 s · submissions 3.0 s"),
            "{line}"
        );
        // A stage that took no time is left out of the line.
        let mut quick = t.clone();
        for total in quick.totals.iter_mut().filter(|t| t.stage == Stage::Build) {
            total.wall_s = 0.001;
        }
        let short = quick.line(Style { color: false });
        assert!(short.starts_with("time: submissions 3.0 s"), "{short}");
        assert!(
            line.contains("physical limit 2.0 s (wall 5.0 s, 2.5×)"),
            "{line}"
        );
    }
}
