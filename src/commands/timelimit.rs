//! `judge timelimit`: calibrates each problem's committed time limit
//! against its accepted and time_limit_exceeded submissions (the
//! measuring is `engine::timing`'s), and says whether the limit keeps
//! problemtools' margins and what limit the rule proposes.

use std::time::Duration;

use super::args::SandboxArgs;
use super::context::Context;
use super::output::progress_bar;
use crate::engine::run::{load_errors, pool, prepare};
use crate::engine::time_limit;
use crate::engine::timing::{self, Calibration, Fault, Sample, Side, number, seconds};
use crate::engine::tools::Need;
use crate::error::Result;
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
    for note in pool.install(|| time_limit::settle_selection(&mut found, &runner, None)) {
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
            pool.install(|| timing::calibrate(t, &runner, &submissions, runs, workers, &tick));
        bar.finish_and_clear();
        print!("{}", table(ctx, id, &calibration, t.problem.cases.len()));
        let violations = calibration.violations();
        println!("{}", summary(ctx, id, &calibration, violations.is_empty()));
        for v in &violations {
            println!("    {v}");
        }
        println!();
        if calibration.setup_fault() {
            errors.push(format!("{id}: a submission cannot be built or run here"));
        }
        if !violations.is_empty() {
            failed.push(id.clone());
        }
    }
    let calibrated = tools.len();
    println!(
        "timelimit: {calibrated} problem{} calibrated, {} with a limit that breaks its margins{}",
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

/// A margin: one decimal where it matters (×1.6 against ×2), none in the
/// hundreds.
fn factor(x: f64) -> String {
    if x < 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.0}")
    }
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
            let mut row = vec![t.name(), t.side.folder().to_string()];
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

/// `atoms: limit 1 s; slowest AC 0.24 s (×4.2); fastest TLE ≥ 3.00 s
/// (×3.0); proposed 1 s — ok`: the margins are limit / slowest AC and
/// fastest TLE / limit.
fn summary(ctx: &Context, id: &str, c: &Calibration, ok: bool) -> String {
    let limit = c.limit.as_secs_f64();
    let ac = match c.slowest_ac() {
        Some((_, s)) => format!(
            "slowest AC {} s (×{})",
            at_least(s),
            factor(limit / s.cpu.as_secs_f64().max(1e-6))
        ),
        None => "no accepted submission measured".into(),
    };
    let tle = match c.fastest_tle() {
        Some((_, s)) => format!(
            "fastest TLE {} s (×{})",
            at_least(s),
            factor(s.cpu.as_secs_f64() / limit)
        ),
        None => "no time_limit_exceeded submission".into(),
    };
    let proposed = match (c.proposed(), c.fastest_tle()) {
        (None, _) => "no limit proposed".into(),
        (Some(p), Some((_, s)))
            if !s.cut && s.cpu.as_secs_f64() < p.as_secs_f64() * c.rule.time_limit_to_tle =>
        {
            format!(
                "proposed {} s, too close to the fastest TLE (needs ×{})",
                secs(p),
                number(c.rule.time_limit_to_tle)
            )
        }
        (Some(p), _) => format!("proposed {} s", secs(p)),
    };
    let verdict = match ok {
        true => ctx.style.green("ok"),
        false => ctx.style.red("violates its margins:"),
    };
    format!(
        "{}: limit {} s; {ac}; {tle}; {proposed} — {verdict}",
        ctx.style.bold(id),
        number(limit)
    )
}
