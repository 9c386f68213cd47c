//! `judge timelimit`: calibrates each problem's committed time limit
//! against every submission whose times bound it (the measuring is
//! `engine::time::calibrate`'s): prints the interval of limits under which each
//! keeps its promise, with the margins applied and per test group where
//! groups differ (`engine::time::interval`), whether the committed limit lies
//! inside, and the limit it proposes. The interval is kept in the cache
//! for `judge check`'s warning.

use std::time::Duration;

use super::args::SandboxArgs;
use super::context::Context;
use super::output::progress_bar;
use crate::engine::build::tools::Need;
use crate::engine::pass::skeleton::{load_errors, pool, prepare};
use crate::engine::time::calibrate::{self, Calibration, Fault, Sample, Side, number, seconds};
use crate::engine::time::computed;
use crate::engine::time::interval::{Constraint, Interval, unmeasured};
use crate::engine::time::interval_store;
use crate::error::Result;
use crate::problem::submissions::Bound;
use crate::report::Status;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problems to calibrate (all when none given).
    pub problems: Vec<String>,
    /// Runs of every submission, interleaved (A B A B …); per case the
    /// median over the runs counts.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub runs: u32,
    /// Cases run at once (0 = one per core).
    #[arg(long, short, default_value_t = 0)]
    pub jobs: usize,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

/// Calibrates every selected problem and prints a table and a summary
/// line each. Exit 1 when a committed limit breaks a margin or a
/// submission could not be measured, 2 for problems that do not load or
/// build and submissions that cannot be built here.
pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let mut found = ctx.load(&args.problems)?;
    let pool = pool(args.jobs)?;
    let workers = pool.current_num_threads();
    let runner = ctx.runner(args.sandbox.sandbox, workers)?;
    // A package that gives no limit is held to the one its rule computes.
    for note in pool.install(|| computed::settle_selection(&mut found, &runner, None)) {
        println!("{note}");
    }
    let (tools, mut errors) = pool.install(|| prepare(&found.problems, Some(&runner), Need::GRADE));
    errors.extend(load_errors(&found));
    let runs = args.runs as usize;
    let mut failed = Vec::new();
    for t in &tools {
        let (submissions, faults) = Side::of(t.problem);
        errors.extend(faults);
        let id = &t.problem.id;
        if submissions.is_empty() {
            println!(
                "{}: no accepted or time_limit_exceeded submissions, nothing to calibrate\n",
                ctx.style.bold(id)
            );
            continue;
        }
        let bar = progress_bar(runs * submissions.len(), ctx.progress, "timelimit");
        let tick = || bar.inc(1);
        let calibration =
            pool.install(|| calibrate::calibrate(t, &runner, &submissions, runs, workers, &tick));
        bar.finish_and_clear();
        print!("{}", table(ctx, id, &calibration, t.problem.cases.len()));
        let interval = Interval::of(&calibration, &t.problem.cases, calibration.rule);
        print!("{}", interval_lines(ctx, &interval));
        let faults = unmeasured(&calibration);
        let (line, ok) = summary(ctx, id, &calibration, &interval, faults.is_empty());
        println!("{line}");
        for f in &faults {
            println!("    {f}");
        }
        println!();
        if let Some(cache) = runner.cache()
            && let Err(e) = interval_store::save(cache, t.problem, &interval, runs)
        {
            println!("{id}: the interval could not be kept in the cache: {e}");
        }
        if calibration.setup_fault() {
            errors.push(format!("{id}: a submission cannot be built or run here"));
        }
        if !ok {
            failed.push(id.clone());
        }
    }
    let calibrated = tools.len();
    println!(
        "timelimit: {calibrated} problem{} calibrated, {} with a limit outside its interval or no interval{}",
        if calibrated == 1 { "" } else { "s" },
        failed.len(),
        match failed.is_empty() {
            true => String::new(),
            false => format!(" ({})", failed.join(", ")),
        }
    );
    for e in &errors {
        println!("{} {e}", ctx.style.red("error:"));
    }
    Ok(Status::from_counts(errors.len(), failed.len()))
}

/// A time in seconds, `≥ ` when the run was stopped at the probe limit.
fn at_least(s: Sample) -> String {
    format!(
        "{}{}",
        if s.cut { "≥ " } else { "" },
        seconds(s.cpu.as_secs_f64())
    )
}

fn secs(d: Duration) -> String {
    number(d.as_secs_f64())
}

/// The heading and one aligned row per submission: each run's slowest
/// case, the median, its share of the limit, and the case it is from
/// (or why it was not measured).
fn table(ctx: &Context, id: &str, c: &Calibration, cases: usize) -> String {
    let runs = c.timed.first().map_or(0, |t| t.runs.len());
    let mut header: Vec<String> = vec!["submission".into(), "folder".into()];
    header.extend((1..=runs).map(|r| format!("run {r}")));
    header.extend(["median".into(), "of limit".into(), "slowest case".into()]);
    let rows: Vec<Vec<String>> = c
        .timed
        .iter()
        .map(|t| {
            let mut row = vec![t.name(), t.folder()];
            row.extend(
                t.runs
                    .iter()
                    .map(|r| r.map_or_else(|| "—".to_string(), at_least)),
            );
            let share = |s: Sample| {
                let pct = s.cpu.as_secs_f64() / c.limit.as_secs_f64() * 100.0;
                let digits = if pct < 10.0 { 1 } else { 0 };
                format!("{}{pct:.digits$}%", if s.cut { "≥ " } else { "" })
            };
            match (&t.fault, t.time) {
                (Some(Fault::Setup(why) | Fault::Failed(why)), _) => {
                    row.extend(["—".into(), "—".into(), why.clone()]);
                }
                (Some(Fault::Unavailable(why)), _) => {
                    row.extend(["—".into(), "—".into(), format!("skipped: {why}")]);
                }
                (None, Some(s)) => row.extend([
                    at_least(s),
                    share(s),
                    t.slowest_case.clone().unwrap_or_default(),
                ]),
                (None, None) => row.extend(["—".into(), "—".into(), String::new()]),
            }
            row
        })
        .collect();
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let last = header.len() - 1;
    let line = |cells: &[String]| {
        let mut s = String::from(" ");
        for (i, cell) in cells.iter().enumerate() {
            let fill = " ".repeat(widths[i] - cell.chars().count());
            // Names and the case left-aligned, figures right-aligned.
            match i {
                0 | 1 => s.push_str(&format!(" {cell}{fill} ")),
                _ if i == last => s.push_str(&format!(" {cell}")),
                _ => s.push_str(&format!(" {fill}{cell} ")),
            }
        }
        s.trim_end().to_string()
    };
    let mut out = format!(
        "{} — limit {} s, {runs} run{} of {cases} case{} under a {} s probe, CPU seconds\n",
        ctx.style.bold(id),
        secs(c.limit),
        if runs == 1 { "" } else { "s" },
        if cases == 1 { "" } else { "s" },
        secs(c.probe),
    );
    out.push_str(&ctx.style.dim(&line(&header)));
    out.push('\n');
    for row in &rows {
        out.push_str(&line(row));
        out.push('\n');
    }
    out
}

/// The interval's ends per scope (every case, then each test group
/// that bounds it), each with the submission and case that decide it.
fn interval_lines(ctx: &Context, interval: &Interval) -> String {
    let rule = interval.rule;
    let mut out = ctx.style.dim(&format!(
        "  limits under which each keeps its promise (accepted: limit ≥ {} × its slowest case; too slow: limit ≤ its slowest case / {}):",
        number(rule.ac_to_time_limit),
        number(rule.time_limit_to_tle)
    ));
    out.push('\n');
    let scopes = interval.by_scope();
    let width = scopes
        .iter()
        .map(|(s, _, _)| s.chars().count())
        .max()
        .unwrap_or(0);
    for (scope, low, high) in &scopes {
        let end = |c: Option<&Constraint>, word: &str| match c {
            Some(c) => format!(
                "{word} {}{} s  ({})",
                if c.time.cut && c.side == Bound::Upper {
                    "≥ "
                } else {
                    ""
                },
                seconds(c.limit),
                c.explain(rule)
            ),
            None => format!("{word} —"),
        };
        out += &format!("    {scope:<width$}  {}\n", end(*low, "at least"));
        out += &format!("    {:<width$}  {}\n", "", end(*high, "at most"));
    }
    out
}

/// `atoms: limits 0.480 s … ≥ 2.00 s keep every promise; the limit 1 s is
/// inside; proposed 1 s — ok`, or why not; and whether all is well (the
/// interval is not empty, holds the limit, and every submission that
/// bounds it was measured).
fn summary(
    ctx: &Context,
    id: &str,
    c: &Calibration,
    interval: &Interval,
    measured: bool,
) -> (String, bool) {
    let limit = c.limit.as_secs_f64();
    if interval.constraints.is_empty() {
        let line = format!(
            "{}: limit {} s; nothing bounds it (no submission measured) — {}",
            ctx.style.bold(id),
            number(limit),
            if measured {
                ctx.style.green("ok")
            } else {
                ctx.style.red("not measured")
            }
        );
        return (line, measured);
    }
    if interval.is_empty() {
        let who: Vec<String> = (interval.culprits().iter())
            .map(|k| k.explain(interval.rule))
            .collect();
        let line = format!(
            "{}: no limit keeps every promise — {}\n    made empty by: {}",
            ctx.style.bold(id),
            ctx.style.red("empty"),
            who.join("; ")
        );
        return (line, false);
    }
    let span = format!(
        "{} … {}",
        interval
            .low()
            .map_or("0 s".into(), |l| format!("{} s", seconds(l.limit))),
        interval.high().map_or("∞".into(), |h| format!(
            "{}{} s",
            if h.time.cut { "≥ " } else { "" },
            seconds(h.limit)
        )),
    );
    let broken = interval.breaks(limit);
    let place = match broken.is_empty() {
        true => format!("the limit {} s is inside", number(limit)),
        false => format!(
            "the limit {} s is outside: {}",
            number(limit),
            broken.join("; ")
        ),
    };
    let proposed = interval.proposed().map_or("no limit proposed".into(), |p| {
        format!("proposed {} s", number(p))
    });
    let ok = broken.is_empty() && measured;
    let verdict = match ok {
        true => ctx.style.green("ok"),
        false => ctx.style.red("not ok"),
    };
    let line = format!(
        "{}: limits {span} keep every promise; {place}; {proposed} — {verdict}",
        ctx.style.bold(id)
    );
    (line, ok)
}
