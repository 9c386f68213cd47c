//! Whether one expected-verdict submission keeps its promise: graded on
//! the problem's cases (until its first failure, or on every case when
//! the promise is about every case), then held to its folder's verdict,
//! `submissions.yaml`'s rules and its score. What breaks the promise is a
//! [`PromiseFault`]; the message is made from the faults once, at the end.

use crate::build::tools::Tools;
use crate::build::{self, BuildError};
use crate::execute::runner::Runner;
use crate::judging::grader::{self, Grader};
use crate::judging::reuse::CachedGrader;
use crate::judging::static_check;
use crate::pass::submission::{Source, Submission};
use crate::problem::Problem;
use crate::problem::submissions::{
    Expectation, Expected, Kind, ScoreSpec, case_in_groups, judge_pattern,
};
use crate::report::{
    Borderline, CaseReport, Catch, LimitGap, PromiseFault, ScoreRange, SubmissionReport,
};
use crate::score::Scorer;
use crate::time::limits::Overrides;
use crate::verdict::Verdict;

/// Grades one submission: until its first failing case, or on every case
/// when its promise needs them all.
pub(crate) fn judge_one(
    tools: &Tools,
    expected: &Expected,
    runner: &Runner,
    batch: usize,
    every: bool,
) -> SubmissionReport {
    let problem = tools.problem;
    let mut report = unjudged(problem, expected);
    let built = match build(problem, expected, runner) {
        Ok(built) => built,
        Err(e) => return not_built(report, expected, e),
    };
    report.language = Some(built.program.language.name.clone());
    let graded = CachedGrader::new(built.grader(tools, runner));
    report.time_limit_ms = Some(crate::report::millis(built.limits.cpu));
    let every_case = every || expected.needs_every_case(problem.spec.scoring.is_some());
    // Static validation first: it reads the files, runs nothing of them.
    let entry =
        (expected.path.file_name()).map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let mut cases = static_check::cases(tools, &built.program, &entry);
    if every_case || cases.iter().all(|c| c.verdict.is_pass()) {
        cases.extend(grader::in_order(&problem.cases, batch, every_case, |c| {
            graded.grade_case(c)
        }));
    }
    note_cases(&mut report, problem, &cases, every);
    let empty = report.deciding_case.as_ref().is_some_and(|c| c.no_output);
    let mut notes: Vec<String> = expected
        .format_note(report.got, empty)
        .into_iter()
        .collect();
    notes.extend(expected.note.clone());
    if !expected.keeps_run(report.got, empty) {
        report.borderline =
            with_extra_time(expected, &graded.grader, batch, every_case, report.got);
        if report.borderline.is_none() {
            report.faults.push(PromiseFault::Verdict {
                expected: expected.expectation,
                got: report.got,
            });
            report
                .faults
                .extend(limits_that_catch(problem, expected, &report));
        }
    }
    report.faults.extend(rule_faults(expected, &cases));
    if let Some(spec) = &problem.spec.scoring {
        let rules = problem.groups.rules(spec);
        let scorer = Scorer::new(&rules, Some(tools));
        let scored = scorer.problem(&cases);
        report.score = Some(scored.score);
        report
            .faults
            .extend(score_faults(expected, &report, scored.score, scored.max));
        report
            .faults
            .extend(group_score_faults(&scorer, expected, &cases));
    }
    report.ok = report.faults.is_empty();
    report.message = message(&report, notes);
    report
}

/// The submission's report before anything ran.
fn unjudged(problem: &Problem, expected: &Expected) -> SubmissionReport {
    SubmissionReport {
        problem: problem.id.clone(),
        path: expected.path.display().to_string(),
        expected: expected.expectation,
        got: Verdict::Accepted,
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
            report.got = Verdict::CompileError;
            report.ok = expected.keeps(Verdict::CompileError);
            report.message = Some(log.lines().take(5).collect::<Vec<_>>().join("\n"));
        }
        BuildError::Setup(msg) => {
            report.got = Verdict::JudgeError;
            report.message = Some(msg);
        }
        BuildError::Unavailable(why) => {
            report.ok = true;
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
    report.got = fail.verdict;
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
    if !expected.expectation.is_too_slow() || report.got == Verdict::TimeLimit {
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
/// the second run (only for such a submission) decides, and the note says
/// it is borderline. `None` when the extra time does not help.
fn with_extra_time(
    expected: &Expected,
    grader: &Grader,
    batch: usize,
    every_case: bool,
    got: Verdict,
) -> Option<Borderline> {
    if got != Verdict::TimeLimit {
        return None;
    }
    // The package's own margin (a legacy package's `time_safety_margin`,
    // 2 unless it says: what problemtools re-runs with), else 2025-09's.
    let factor = grader
        .tools
        .problem
        .origin
        .as_ref()
        .map_or(crate::origin::Multipliers::DEFAULT.time_limit_to_tle, |o| {
            o.safety_margin
        });
    let limits = crate::time::limits::with_extra_time(grader.limits, factor);
    let (program, runner) = grader.program?;
    let generous = CachedGrader::new(Grader::submission(grader.tools, runner, program, limits));
    let cases = grader::in_order(&grader.tools.problem.cases, batch, every_case, |c| {
        generous.grade_case(c)
    });
    let second = cases
        .iter()
        .find(|c| !c.verdict.is_pass())
        .map_or(Verdict::Accepted, |c| c.verdict);
    expected.keeps(second).then(|| Borderline {
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

/// How the score breaks the promise, if it does: `submissions.yaml`'s
/// range, else the folder's (accepted: the maximum; partially accepted:
/// above 0 and below the maximum).
fn score_faults(
    expected: &Expected,
    report: &SubmissionReport,
    score: f64,
    max: f64,
) -> Option<PromiseFault> {
    if let Some(range) = report.expected_score {
        return (!range.contains(score)).then_some(PromiseFault::Score {
            expected: range,
            got: score,
        });
    }
    match expected.expectation {
        Expectation::Verdict(Verdict::Accepted) if score < max - 1e-6 => {
            Some(PromiseFault::BelowMaximum { max, got: score })
        }
        Expectation::Partial if score <= 1e-6 || score >= max - 1e-6 => {
            Some(PromiseFault::NotPartial { max, got: score })
        }
        _ => None,
    }
}

/// Whether case `c` lies in the test groups a package's pattern names.
/// The pattern speaks of `data/` (`secret/group1`); judge's groups leave
/// out `secret/` (the case `secret/group1/01` is `group1/01`).
fn in_groups(pattern: &str, c: &CaseReport) -> bool {
    case_in_groups(pattern, &c.group, &c.id())
}

/// How the verdicts of the cases break `permitted` / `required`, the
/// submission's and its per-test-group rules' (each on the cases of the
/// groups its pattern matches).
fn rule_faults(expected: &Expected, cases: &[CaseReport]) -> Vec<PromiseFault> {
    let kinds: Vec<(String, &[Kind])> = cases
        .iter()
        .map(|c| (c.id(), Kind::all_of(c.verdict)))
        .collect();
    let mut faults = Vec::new();
    for rule in &expected.rules {
        for (pattern, group_rule) in rule.group_rules() {
            let inside: Vec<&CaseReport> =
                cases.iter().filter(|c| in_groups(&pattern, c)).collect();
            let mut one = expected.clone();
            one.rules = vec![group_rule];
            let owned: Vec<CaseReport> = inside.into_iter().cloned().collect();
            for fault in rule_faults(&one, &owned) {
                faults.push(PromiseFault::InGroups {
                    pattern: pattern.clone(),
                    fault: Box::new(fault),
                });
            }
        }
    }
    for rule in &expected.rules {
        if let Some(permitted) = &rule.permitted {
            let bad = kinds
                .iter()
                .find(|(_, k)| !k.iter().any(|k| permitted.contains(k)));
            if let Some((id, _)) = bad {
                faults.push(PromiseFault::NotPermitted {
                    case: id.clone(),
                    permitted: permitted.clone(),
                });
            }
        }
        if let Some(required) = &rule.required
            && !kinds
                .iter()
                .any(|(_, k)| k.iter().any(|k| required.contains(k)))
        {
            faults.push(PromiseFault::NoneRequired {
                required: required.clone(),
            });
        }
    }
    faults
}
