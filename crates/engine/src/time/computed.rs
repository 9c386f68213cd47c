//! A time limit computed from the accepted submissions, as problemtools
//! and BAPCtools do for a package that gives none: the slowest accepted
//! run × `ac_to_time_limit`, rounded up to a multiple of the resolution.
//! Used by `judge import` and by every command that grades a package in
//! place (where the limit is computed before anything is graded; a run
//! well under the limit it gave is the submission's verdict there too,
//! through the result cache, whose keys leave the times out).

use std::time::Duration;

use crate::build::tools::{Need, ToolError, Tools};
use crate::execute::runner::Runner;
use crate::origin::TimeRule;
use crate::problem::submissions::{Bound, find};
use crate::problem::{Discovery, Problem, ProblemError};
use crate::time::calibrate::{self, NotMeasured, Probe};

/// The most CPU time a submission gets while a time limit is measured:
/// generous, so slow accepted solutions are measured, not cut off.
pub(crate) const PROBE: Duration = Duration::from_secs(60);

/// Why no limit can be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoLimit {
    /// The checker the runs are judged by does not build.
    #[error(transparent)]
    Checker(ToolError),
    /// Nothing to measure.
    #[error("no time limit in the package and no accepted submission to compute one from")]
    NoAccepted,
}

/// A computed limit and how it was reached.
#[derive(Debug, Clone)]
pub struct Computed {
    pub limit: Duration,
    /// The slowest accepted run it came from (`None`: none passed).
    pub slowest: Option<Duration>,
    /// One line for people: the rule, the slowest run, the rounding.
    pub note: String,
    /// Accepted submissions whose time says nothing (they failed a case or
    /// did not build): left out of the computation, each with why. Their
    /// broken promise is reported where the submissions are judged.
    pub left_out: Vec<String>,
    /// time_limit_exceeded submissions that are not too slow even with the
    /// safety margin.
    pub warnings: Vec<String>,
}

/// What bounds the limit of `problem`, from below and from above: its
/// submissions by their promises and `use_for_time_limit`
/// ([`time_bounds`](crate::problem::submissions::Expected::time_bounds)),
/// relative to the problem folder.
fn bounds(problem: &Problem) -> (Vec<Probe>, Vec<Probe>) {
    let (mut lower, mut upper) = (Vec::new(), Vec::new());
    for s in find(problem).submissions {
        let path = s
            .path
            .strip_prefix(&problem.dir)
            .unwrap_or(&s.path)
            .to_path_buf();
        let bounds = s.time_bounds();
        for side in [Bound::Lower, Bound::Upper] {
            let scopes: Vec<Option<String>> = bounds
                .iter()
                .filter(|(_, b)| *b == side)
                .map(|(g, _)| g.clone())
                .collect();
            if scopes.is_empty() {
                continue;
            }
            // Every case when any scope says so, else the groups named.
            let groups = match scopes.iter().any(Option::is_none) {
                true => None,
                false => Some(scopes.into_iter().flatten().collect()),
            };
            let probe = Probe {
                path: path.clone(),
                groups,
                must_pass: side == Bound::Lower && s.must_pass(),
            };
            match side {
                Bound::Lower => lower.push(probe),
                Bound::Upper => upper.push(probe),
            }
        }
    }
    (lower, upper)
}

/// Computes the limit for `tools.problem` by `rule`'s numbers. An
/// accepted submission that fails is left out (and named); `Err` only
/// when none can be measured. With `check_too_slow`, each
/// time_limit_exceeded submission is run at the limit × the safety margin
/// and named when it is not too slow there (an import does; a run in place
/// leaves that to `judge timelimit`, since a slow submission costs the
/// whole margin at every run).
pub fn compute(
    tools: &Tools,
    runner: &Runner,
    ac_to_time_limit: f64,
    time_limit_to_tle: f64,
    resolution: f64,
    check_too_slow: bool,
) -> Result<Computed, NoLimit> {
    let problem = tools.problem;
    tools
        .build_all(&[Need::Checker])
        .map_err(NoLimit::Checker)?;
    let mut slowest: Option<(Duration, String)> = None;
    let mut left_out = Vec::new();
    let (lower, upper) = bounds(problem);
    for m in calibrate::measure(tools, runner, &lower, PROBE) {
        match &m.slowest {
            // Its toolchain is missing: reported as skipped where judged.
            Err(NotMeasured::Unavailable(_)) => {}
            Ok((case, d)) => {
                if slowest.as_ref().is_none_or(|(s, _)| d > s) {
                    slowest = Some((*d, format!("{} on {case}", m.path.display())));
                }
            }
            Err(why) => left_out.push(format!("{}: {why}", m.path.display())),
        }
    }
    let Some((t, which)) = slowest else {
        if left_out.is_empty() {
            return Err(NoLimit::NoAccepted);
        }
        // Accepted submissions that all fail (a package testing its own
        // expectations): nothing to measure, so the smallest step the rule
        // allows, said loudly; their broken promises are reported anyway.
        let limit = Duration::from_secs_f64(resolution.max(1.0));
        return Ok(Computed {
            limit,
            slowest: None,
            note: format!(
                "{} s, the smallest the rule gives: no accepted submission passes, so none could be measured",
                crate::units::format_number(limit.as_secs_f64())
            ),
            left_out,
            warnings: Vec::new(),
        });
    };
    let limit = TimeRule::limit_for(ac_to_time_limit, resolution, t);
    let note = format!(
        "{} s, computed like problemtools: slowest accepted {:.3} s ({which}) × {} = {:.3} s, \
         rounded up to a multiple of {} s",
        crate::units::format_number(limit.as_secs_f64()),
        t.as_secs_f64(),
        crate::units::format_number(ac_to_time_limit),
        t.as_secs_f64() * ac_to_time_limit,
        crate::units::format_number(resolution),
    );
    let high = limit.mul_f64(time_limit_to_tle);
    let mut warnings = Vec::new();
    let too_slow = match check_too_slow {
        true => upper,
        false => Vec::new(),
    };
    for m in calibrate::measure(tools, runner, &too_slow, high) {
        if let Ok((case, d)) = &m.slowest {
            warnings.push(format!(
                "{} is not too slow even at {:.3} s (its slowest, {case}, {:.3} s)",
                m.path.display(),
                high.as_secs_f64(),
                d.as_secs_f64()
            ));
        }
    }
    Ok(Computed {
        limit,
        slowest: Some(t),
        note,
        left_out,
        warnings,
    })
}

/// Gives every package judged in place whose time limit is to be computed
/// its limit. Returns the notes to show, and per problem that cannot get
/// one, its id and why. The packages are measured side by side (each
/// submission compiles and runs while another's cases keep the workers
/// busy); the notes come back in the problems' order.
/// With `given` (a command line's `--time-limit`), nothing is measured:
/// the given limit is the one every submission runs under, so a limit
/// computed from the accepted submissions would be thrown away.
pub(crate) fn settle(
    problems: &mut [Problem],
    runner: &Runner,
    given: Option<Duration>,
) -> (Vec<String>, Vec<(String, String)>) {
    use rayon::prelude::*;
    let settled: Vec<Settled> = problems
        .par_iter_mut()
        .map(|problem| settle_one(problem, runner, given))
        .collect();
    let mut notes = Vec::new();
    let mut failed = Vec::new();
    for (n, f) in settled {
        notes.extend(n);
        failed.extend(f);
    }
    (notes, failed)
}

/// One problem settled: its notes, and (its id and) why it cannot get a
/// limit.
type Settled = (Vec<String>, Option<(String, String)>);

/// [`settle`] for one problem.
fn settle_one(problem: &mut Problem, runner: &Runner, given: Option<Duration>) -> Settled {
    let _span = runner.timeline().limit(&problem.id);
    // What the package reader decided where the package's conventions
    // are ambiguous: said in every report that grades it.
    let mut notes: Vec<String> = (problem.origin.iter().flat_map(|o| &o.notes))
        .map(|note| format!("{}: {note}", problem.id))
        .collect();
    let Some(TimeRule::Compute {
        ac_to_time_limit,
        time_limit_to_tle,
        resolution,
    }) = problem.origin.as_ref().map(|o| o.time)
    else {
        return (notes, None);
    };
    if let Some(limit) = given {
        problem.spec.limits.time = limit;
        if let Some(origin) = &mut problem.origin {
            origin.time = TimeRule::Fixed(limit, "--time-limit");
        }
        notes.push(format!(
            "{}: time limit {} from --time-limit; the package's rule (computed from its accepted submissions) was not run",
            problem.id,
            crate::units::format_duration(limit)
        ));
        return (notes, None);
    }
    let computed = {
        let tools = Tools::new(problem, Some(runner));
        compute(
            &tools,
            runner,
            ac_to_time_limit,
            time_limit_to_tle,
            resolution,
            false,
        )
    };
    match computed {
        Ok(c) => {
            problem.spec.limits.time = c.limit;
            if let Some(origin) = &mut problem.origin {
                origin.time = TimeRule::Fixed(c.limit, "computed");
                origin.computed_from = c.slowest.map(|s| (s, ac_to_time_limit));
            }
            notes.push(format!("{}: time limit {}", problem.id, c.note));
            for l in c.left_out {
                notes.push(format!("{}: left out of the time limit: {l}", problem.id));
            }
            for w in c.warnings {
                notes.push(format!("{}: warning: {w}", problem.id));
            }
        }
        // A package with no submission at all (a data release with its
        // validators) has nothing to time: its cases are still checked,
        // and the report says why no limit was set.
        Err(NoLimit::NoAccepted) if find(problem).submissions.is_empty() => notes.push(format!(
            "{}: no time limit: the package gives none and has no submission to compute one from, so nothing is timed (its cases are checked as given)",
            problem.id
        )),
        Err(why) => return (notes, Some((problem.id.clone(), why.to_string()))),
    }
    (notes, None)
}

/// The limit `rule` computes for `problem` (an imported package's), with
/// the note saying how, and naming the submissions left out of it and
/// those not too slow with the margin.
pub fn for_package(
    problem: &Problem,
    runner: &Runner,
    rule: TimeRule,
) -> Result<(Duration, String), NoLimit> {
    let TimeRule::Compute {
        ac_to_time_limit,
        time_limit_to_tle,
        resolution,
    } = rule
    else {
        return Ok((problem.spec.limits.time, String::new()));
    };
    let tools = Tools::new(problem, Some(runner));
    let c = compute(
        &tools,
        runner,
        ac_to_time_limit,
        time_limit_to_tle,
        resolution,
        true,
    )?;
    let mut note = c.note;
    for l in &c.left_out {
        note.push_str(&format!("; left out (it fails, a broken promise): {l}"));
    }
    for w in &c.warnings {
        note.push_str(&format!("; warning: {w}"));
    }
    Ok((c.limit, note))
}

/// `settle` for the problems of a selection: the notes are returned for
/// the caller to show, and a problem that cannot get a limit becomes a
/// load error of the selection (a package that cannot be judged).
pub fn settle_selection(
    selection: &mut Discovery,
    runner: &Runner,
    given: Option<Duration>,
) -> Vec<String> {
    let (notes, failed) = settle(&mut selection.problems, runner, given);
    for (id, why) in failed {
        if let Some(at) = selection.problems.iter().position(|p| p.id == id) {
            let problem = selection.problems.remove(at);
            selection.errors.push((
                id,
                ProblemError::Package {
                    path: problem.dir,
                    reasons: vec![why],
                },
            ));
        }
    }
    notes
}
