//! Whether one expected-verdict submission keeps its promise: graded on
//! the problem's cases until no later case can change that (`tally`), then
//! held to its folder's first failure where that decides, to 2025-09's
//! demands over the cases, and to its score. What breaks the promise is a
//! [`PromiseFault`]; the message is made from the faults once, at the end.

use super::tally::Tally;
use crate::build::tools::Tools;
use crate::build::{self, BuildError};
use crate::execute::runner::Runner;
use crate::judging::grader::{self, Grader};
use crate::judging::reuse::CachedGrader;
use crate::judging::static_check;
use crate::pass::submission::{Source, Submission};
use crate::problem::Problem;
use crate::problem::submissions::{Expectation, Expected, ScoreSpec, judge_pattern};
use crate::report::{
    Borderline, CaseReport, Catch, LimitGap, PromiseFault, ScoreRange, SubmissionReport,
};
use crate::score::Scorer;
use crate::time::limits::Overrides;
use crate::verdict::Verdict;

/// Grades one submission: until no later case can change whether it
/// keeps its promise (its first failure, where that decides), or on every
/// case when its score needs them all. Returns its report and the
/// warnings it earned without breaking its promise.
pub(crate) fn judge_one(
    tools: &Tools,
    expected: &Expected,
    runner: &Runner,
    batch: usize,
    every: bool,
) -> (SubmissionReport, Vec<String>) {
    let problem = tools.problem;
    let mut report = unjudged(problem, expected);
    let clock = runner.timeline().submission(problem, &expected.path);
    let built = match build(problem, expected, runner) {
        Ok(built) => built,
        Err(e) => return (not_built(report, expected, e), Vec::new()),
    };
    report.language = Some(built.program.language.name.clone());
    let graded = CachedGrader::new(built.grader(tools, runner));
    report.time_limit_ms = Some(crate::report::millis(built.limits.cpu));
    let every_case = every || problem.spec.scoring.is_some();
    // Static validation first: it reads the files, runs nothing of them;
    // a rejection there is the submission's first failure.
    let entry =
        (expected.path.file_name()).map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let statics = static_check::cases(tools, &built.program, &entry);
    let mut judged = if every_case || statics.iter().all(|c| c.verdict.is_pass()) {
        judge_cases(expected, problem, batch, every_case, |c| {
            clock.case(|| graded.grade_case(c))
        })
    } else {
        Judged {
            cases: Vec::new(),
            faults: Vec::new(),
        }
    };
    if !statics.is_empty() {
        judged.cases.splice(0..0, statics);
        judged.faults = promise_faults(expected, problem, &judged.cases);
    }
    let rules = (problem.spec.scoring.as_ref()).map(|spec| problem.groups.rules(spec));
    let scorer = rules.as_ref().map(|r| Scorer::new(r, Some(tools)));
    // A score the rules do not allow makes its case a judge error, which
    // the promise is judged with.
    if let Some(scorer) = &scorer
        && scorer.mark_judge_errors(&mut judged.cases, spec_format(problem)) > 0
    {
        judged.faults = promise_faults(expected, problem, &judged.cases);
    }
    let cases = judged.cases;
    note_cases(&mut report, problem, &cases, every);
    let empty = report.deciding_case.as_ref().is_some_and(|c| c.no_output);
    let mut notes: Vec<String> = expected
        .format_note(got(&report), empty)
        .into_iter()
        .collect();
    notes.extend(expected.note.clone());
    if !judged.faults.is_empty() {
        report.borderline = with_extra_time(expected, &graded.grader, batch, every_case, &cases);
        if report.borderline.is_none() {
            report.faults.extend(judged.faults);
            report
                .faults
                .extend(limits_that_catch(problem, expected, &report));
        }
    }
    let mut warnings = Vec::new();
    if let Some(scorer) = &scorer {
        let scored = scorer.problem(&cases);
        // problemtools: a legacy scoring package's submission gets the
        // verdict its graders give (`accept_if_any_accepted` accepts a
        // partial solution whose cases fail; a partial one is "AC (50)"),
        // not its first failure's.
        if is_legacy(problem) && scored.accepted {
            if expected.expectation.is_accepted() {
                report
                    .faults
                    .retain(|f| !matches!(f, PromiseFault::Verdict { .. }));
            }
            if got(&report) != Verdict::Accepted {
                notes.push(format!(
                    "the package's graders accept it (problemtools' verdict), its first failure {} aside",
                    got(&report).code()
                ));
                report.got = Some(Verdict::Accepted);
            }
        }
        report.score = Some(scored.score);
        let by_score = score_faults(problem, expected, &report, &scored);
        report.faults.extend(by_score.faults);
        warnings.extend(by_score.warnings);
        report
            .faults
            .extend(group_score_faults(scorer, expected, &cases));
    }
    notes.extend(warnings.iter().map(|w| format!("warning: {w}")));
    report.ok = report.faults.is_empty();
    report.message = message(&report, notes);
    let warnings = warnings
        .into_iter()
        .map(|w| format!("{}: {w}", report.path))
        .collect();
    (report, warnings)
}

/// Whether `problem` is a legacy package (problemtools' rules).
fn is_legacy(problem: &Problem) -> bool {
    (problem.origin.as_ref()).is_some_and(|o| o.format == crate::origin::Format::Legacy)
}

/// Whether `problem` is a 2025-09 (or 2023-07) package, whose scoring
/// rules bound every score ([`Scorer::mark_judge_errors`]).
pub(crate) fn spec_format(problem: &Problem) -> bool {
    use crate::origin::Format;
    (problem.origin.as_ref()).is_some_and(|o| matches!(o.format, Format::V2025 | Format::Draft2023))
}

/// A submission's cases, judged in order, and how they break its promise.
struct Judged {
    cases: Vec<CaseReport>,
    faults: Vec<PromiseFault>,
}

/// Grades the problem's cases with `grade`, in order, until no later case
/// can change whether `expected` keeps its promise (never before its first
/// failure; never with `every_case`), and says how they break it: the
/// first failure's verdict where that decides the folder's promise
/// ([`Expected::first_failure_decides`]), and every [`Demand`] of 2025-09
/// over the cases ([`Expected::demands`]).
///
/// [`Demand`]: crate::problem::submissions::Demand
fn judge_cases(
    expected: &Expected,
    problem: &Problem,
    batch: usize,
    every_case: bool,
    grade: impl Fn(&crate::problem::Case) -> CaseReport + Sync,
) -> Judged {
    let mut tally = Tally::new(expected.demands(), &problem.cases);
    let first_decides = expected.first_failure_decides();
    let mut failed = false;
    let mut first_broken = false;
    let cases = grader::in_order_until(
        &problem.cases,
        batch,
        |case| {
            tally.see(case);
            if !failed && !case.verdict.is_pass() {
                failed = true;
                first_broken = first_decides && !expected.keeps_run(case.verdict, case.no_output);
            }
            !every_case && (first_broken || tally.broken() || (failed && tally.settled()))
        },
        grade,
    );
    let faults = promise_faults(expected, problem, &cases);
    Judged { cases, faults }
}

/// How the judged `cases` (in case order; all of the problem's, or those
/// up to where judging stopped) break `expected`'s promise.
fn promise_faults(
    expected: &Expected,
    problem: &Problem,
    cases: &[CaseReport],
) -> Vec<PromiseFault> {
    let first = cases.iter().find(|c| !c.verdict.is_pass());
    let got = first.map_or(Verdict::Accepted, |c| c.verdict);
    let empty = first.is_some_and(|c| c.no_output);
    let folder = PromiseFault::Verdict {
        expected: expected.expectation,
        got,
    };
    let mut faults = Vec::new();
    if expected.first_failure_decides() && !expected.keeps_run(got, empty) {
        faults.push(folder.clone());
    }
    let mut tally = Tally::new(expected.demands(), &problem.cases);
    for case in cases {
        tally.see(case);
    }
    // Static validation cases are judged beside the data's.
    let data = (cases.iter())
        .filter(|c| c.name != crate::problem::StaticCase::NAME)
        .count();
    let whole = data == problem.cases.len();
    faults.extend(tally.faults(&folder, whole));
    faults
}

/// What a submission that ran got (the verdict [`note_cases`] gave it).
fn got(report: &SubmissionReport) -> Verdict {
    report.got.unwrap_or(Verdict::Accepted)
}

/// The submission's report before anything ran: no verdict, not kept
/// (a submission that never runs stays so, [`not_built`]).
fn unjudged(problem: &Problem, expected: &Expected) -> SubmissionReport {
    SubmissionReport {
        problem: problem.id.clone(),
        path: expected.path.display().to_string(),
        expected: expected.expectation,
        got: None,
        first_failure: None,
        deciding_case: None,
        cases_run: 0,
        ok: false,
        message: None,
        score: None,
        expected_score: expected.score().map(|(low, high)| ScoreRange { low, high }),
        max_cpu_ms: None,
        time_limit_ms: None,
        reused: 0,
        caught_by: None,
        skipped: None,
        language: None,
        faults: Vec::new(),
        borderline: None,
    }
}

/// The submission built as its package's judge builds it (its pinned
/// language and entry point; PyPy for a package's `.py`).
fn build(
    problem: &Problem,
    expected: &Expected,
    runner: &Runner,
) -> Result<Submission, BuildError> {
    let pin = build::Pin {
        language: expected.language(),
        entrypoint: expected.entrypoint(),
        package: problem.origin.is_some(),
        ..build::Pin::default()
    };
    let source = Source {
        file: Some(&expected.path),
        pin: Some(&pin),
        ..Source::default()
    };
    Submission::build(runner, problem, source, Overrides::default())
}

/// A submission that did not build: a compile error is a verdict too
/// (DOMjudge's `compiler_error/` promises it); one judge cannot build at
/// all is a judge error; one whose toolchain is missing is skipped.
fn not_built(
    mut report: SubmissionReport,
    expected: &Expected,
    why: BuildError,
) -> SubmissionReport {
    match why {
        BuildError::Compile(log) => {
            report.got = Some(Verdict::CompileError);
            report.ok = expected.keeps_compile_error();
            report.message = Some(log.lines().take(5).collect::<Vec<_>>().join("\n"));
        }
        BuildError::Setup(msg) => {
            report.got = Some(Verdict::JudgeError);
            report.message = Some(msg);
        }
        // No verdict and not `ok`, yet no broken promise either: what
        // the report says of a submission that did not run (`Fate`).
        BuildError::Unavailable(why) => {
            report.skipped = Some(why);
        }
    }
    report
}

/// What its cases say: how many ran and were reused, its slowest, every
/// case that catches it (`--every-case`), and its first failure, which
/// decides its verdict.
fn note_cases(report: &mut SubmissionReport, problem: &Problem, cases: &[CaseReport], every: bool) {
    report.cases_run = cases.len();
    report.reused = cases.iter().filter(|c| c.reused).count();
    report.max_cpu_ms = cases
        .iter()
        .map(CaseReport::cpu_or_wall_ms)
        .max_by(f64::total_cmp);
    report.got = Some(Verdict::Accepted);
    if every {
        let caught = cases.iter().filter(|c| !c.verdict.is_pass());
        report.caught_by = Some(
            caught
                .map(|c| Catch {
                    case: c.id(),
                    verdict: c.verdict,
                })
                .collect(),
        );
    }
    let Some(fail) = cases.iter().find(|c| !c.verdict.is_pass()) else {
        return;
    };
    report.got = Some(fail.verdict);
    report.first_failure = Some(fail.id());
    let mut deciding = fail.clone();
    let case = (problem.cases.iter()).find(|c| c.group == fail.group && c.name == fail.name);
    if let Some(case) = case {
        deciding.note_input(&case.input);
    }
    report.deciding_case = Some(Box::new(deciding));
}

/// The message, made once from what was found: the faults first (their
/// words, `; ` between), then on the next line what the deciding case
/// says behind the notes (`submissions.yaml`'s own note outermost), or
/// for a borderline submission, that it is borderline.
fn message(report: &SubmissionReport, notes: Vec<String>) -> Option<String> {
    let said = match &report.borderline {
        Some(borderline) => Some(borderline.to_string()),
        None => {
            let case = report
                .deciding_case
                .as_ref()
                .and_then(|c| c.message.clone());
            notes.into_iter().fold(case, |m, note| {
                Some(match m {
                    Some(m) => format!("{note}; {m}"),
                    None => note,
                })
            })
        }
    };
    if report.faults.is_empty() {
        return said;
    }
    let broken: Vec<String> = report.faults.iter().map(ToString::to_string).collect();
    Some(match said {
        Some(m) => format!("{}\n{m}", broken.join("; ")),
        None => broken.join("; "),
    })
}

/// For a time_limit_exceeded submission that a computed limit let pass:
/// the limits that would have caught it, against those the accepted
/// submissions need (their slowest run × the rule's multiplier), so the
/// package's author sees at once whether any limit separates them.
fn limits_that_catch(
    problem: &crate::problem::Problem,
    expected: &Expected,
    report: &SubmissionReport,
) -> Option<PromiseFault> {
    let origin = problem.origin.as_ref()?;
    let (slowest, multiplier) = origin.computed_from?;
    if !expected.expectation.is_too_slow() || report.got == Some(Verdict::TimeLimit) {
        return None;
    }
    let took = report.max_cpu_ms? / 1e3;
    let need = slowest.as_secs_f64() * multiplier;
    let catch = took / origin.safety_margin;
    Some(PromiseFault::LimitLetsItPass(Box::new(LimitGap {
        took,
        catch_below: catch,
        need,
        slowest_accepted: slowest.as_secs_f64(),
        multiplier,
        safety_margin: origin.safety_margin,
    })))
}

/// A submission stopped at the time limit that would keep its promise
/// with the safety margin: problemtools judges every submission at the
/// limit and at the limit × its safety margin (`time_limit_to_tle`, 1.5 in
/// the 2025-09 rule; `time_safety_margin`, 2 by default, in the legacy one),
/// calls it "OK with extra time" when only the second keeps the promise,
/// and warns that it is sensitive to the time limit. judge does the same:
/// the second run (only for a submission that broke its promise with a
/// time-out among its `cases`) decides, and the note says it is
/// borderline. `None` when the extra time does not help.
fn with_extra_time(
    expected: &Expected,
    grader: &Grader,
    batch: usize,
    every_case: bool,
    cases: &[CaseReport],
) -> Option<Borderline> {
    if !cases.iter().any(|c| c.verdict == Verdict::TimeLimit) {
        return None;
    }
    // The package's own margin (a legacy package's `time_safety_margin`,
    // 2 unless it says: what problemtools re-runs with), else 2025-09's.
    let problem = grader.tools.problem;
    let factor = problem
        .origin
        .as_ref()
        .map_or(crate::origin::Multipliers::DEFAULT.time_limit_to_tle, |o| {
            o.safety_margin
        });
    let limits = crate::time::limits::with_extra_time(grader.limits, factor);
    let (program, runner) = grader.program?;
    let generous = CachedGrader::new(Grader::submission(grader.tools, runner, program, limits));
    let again = judge_cases(expected, problem, batch, every_case, |c| {
        generous.grade_case(c)
    });
    let second = again
        .cases
        .iter()
        .find(|c| !c.verdict.is_pass())
        .map_or(Verdict::Accepted, |c| c.verdict);
    again.faults.is_empty().then(|| Borderline {
        limit_ms: crate::report::millis(grader.limits.cpu),
        with_margin: second,
        factor,
    })
}

/// How the scores of test groups break `submissions.yaml`'s per-group
/// `score` promises.
fn group_score_faults(
    scorer: &Scorer,
    expected: &Expected,
    cases: &[CaseReport],
) -> Vec<PromiseFault> {
    let mut faults = Vec::new();
    for rule in &expected.rules {
        for (pattern, group_rule) in rule.group_rules() {
            let Some(want) = group_rule.score else {
                continue;
            };
            let (_, group) = judge_pattern(&pattern);
            let got = scorer.group(group, cases).score;
            let (low, high) = match want {
                ScoreSpec::Exact(x) => (x, x),
                ScoreSpec::Range([l, h]) => (l, h),
            };
            if got < low - 1e-6 || got > high + 1e-6 {
                faults.push(PromiseFault::InGroups {
                    pattern,
                    fault: Box::new(PromiseFault::Score {
                        expected: ScoreRange { low, high },
                        got,
                    }),
                });
            }
        }
    }
    faults
}

/// What a submission's score says of its promise: how it breaks it, and
/// what it earns a warning for without breaking it.
#[derive(Debug, Default, PartialEq)]
struct ByScore {
    faults: Vec<PromiseFault>,
    warnings: Vec<String>,
}

/// How the score breaks the promise: `submissions.yaml`'s range, else the
/// folder's. judge's own layout: an accepted submission scores the
/// maximum, a partially accepted one above 0 and below it. A package: an
/// accepted one below the maximum is AC with a warning (problemtools'
/// rule for a legacy package, where heuristic problems expect it; 2025-09's
/// `accepted/` demands AC on every case and no score). A legacy partially
/// accepted one must get AC from the graders, and one with the maximum is
/// a warning (problemtools); a 2025-09 one (no default folder there) is
/// judged as judge's own.
fn score_faults(
    problem: &Problem,
    expected: &Expected,
    report: &SubmissionReport,
    scored: &crate::score::Scored,
) -> ByScore {
    let (score, max) = (scored.score, scored.max);
    let mut out = ByScore::default();
    if let Some(range) = report.expected_score {
        if !range.contains(score) {
            out.faults.push(PromiseFault::Score {
                expected: range,
                got: score,
            });
        }
        return out;
    }
    let legacy = is_legacy(problem);
    let full = score >= max - 1e-6;
    match expected.expectation {
        // Unbounded: no full score to fall short of.
        _ if max.is_infinite() => {}
        Expectation::Verdict(Verdict::Accepted) if !full && expected.format_rules => {
            let why = match legacy {
                true => "problemtools: consider moving it to partially_accepted",
                false => "2025-09's accepted/ demands AC on every case, not the maximum",
            };
            out.warnings.push(format!(
                "scores {score} of {max}: an accepted submission below the full score ({why})"
            ))
        }
        Expectation::Verdict(Verdict::Accepted) if !full => out
            .faults
            .push(PromiseFault::BelowMaximum { max, got: score }),
        Expectation::Partial if legacy && !scored.accepted => {
            out.faults.push(PromiseFault::Verdict {
                expected: Expectation::Partial,
                got: got(report),
            })
        }
        Expectation::Partial if legacy && full => out.warnings.push(format!(
            "scores the maximum {max}: it was fully accepted (problemtools warns)"
        )),
        Expectation::Partial if !legacy && (score <= 1e-6 || full) => out
            .faults
            .push(PromiseFault::NotPartial { max, got: score }),
        _ => {}
    }
    out
}
