//! Judging expected-verdict submissions (`problems/<id>/submissions/…`,
//! found by [`crate::problem::submissions`]).
//!
//! A test set is only as good as the mistakes it catches. Each submission
//! is graded like `judge grade` does and must keep its folder's promise:
//! `accepted` passes every case, the others fail, and their first failing
//! case (in case order) has that verdict. Judging stops at the first
//! failure, as a contest system would, so slow submissions cost one
//! time-out, not one per case, unless the promise is about every case:
//! a scoring problem (the score needs every case), or `permitted` /
//! `required` verdicts in `submissions.yaml`.

use rayon::prelude::*;

use crate::build::tools::Tools;
use crate::build::{self, BuildError};
use crate::execute::runner::Runner;
use crate::judging::grader::{self, Grader};
use crate::judging::reuse::CachedGrader;
use crate::pass::submission::{Source, Submission};
use crate::problem::submissions::{Expectation, Expected, Kind, ScoreSpec, find};
use crate::report::{CaseReport, Catch, ScoreRange, SubmissionReport};
use crate::score::Scorer;
use crate::shard::{CASE_OVERHEAD, Shard, size};
use crate::time::limits::Overrides;
use crate::verdict::Verdict;

/// Whether any of the problems has expected-verdict submissions (or a
/// submissions folder with something wrong in it, which must be reported).
pub fn exist<'a>(problems: impl IntoIterator<Item = &'a crate::problem::Problem>) -> bool {
    problems.into_iter().any(|p| {
        let found = find(p);
        !found.submissions.is_empty() || !found.errors.is_empty()
    })
}

/// What judging the submissions of a run found.
#[derive(Debug, Default)]
pub struct Judged {
    pub reports: Vec<SubmissionReport>,
    /// Faults of the submission folders (configuration errors).
    pub errors: Vec<String>,
    /// Submissions not judged, with the reason (for the report's notes).
    pub skipped: Vec<String>,
    /// How judge ran a problem's programs where it follows the package's
    /// judge (PyPy for `.py`), once per problem (for the report's notes).
    pub notes: Vec<String>,
}

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
    let mut report = SubmissionReport {
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
    };
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
    let built = match Submission::build(runner, problem, source, Overrides::default()) {
        Ok(built) => built,
        Err(BuildError::Compile(log)) => {
            // A compile error is a verdict too: DOMjudge's
            // `compiler_error/` promises it.
            report.got = Verdict::CompileError;
            report.ok = expected.keeps(Verdict::CompileError);
            report.message = Some(log.lines().take(5).collect::<Vec<_>>().join("\n"));
            return report;
        }
        Err(BuildError::Setup(msg)) => {
            report.got = Verdict::JudgeError;
            report.message = Some(msg);
            return report;
        }
        Err(BuildError::Unavailable(why)) => {
            report.ok = true;
            report.skipped = Some(why);
            return report;
        }
    };
    report.language = Some(built.program.language.name.clone());
    let graded = CachedGrader::new(built.grader(tools, runner));
    report.time_limit_ms = Some(crate::report::millis(built.limits.cpu));
    let scoring = problem.spec.scoring.is_some();
    let every_case = every || expected.needs_every_case(scoring);
    let cases = grader::in_order(&problem.cases, batch, every_case, |c| graded.grade_case(c));
    report.cases_run = cases.len();
    report.reused = cases.iter().filter(|c| c.reused).count();
    report.max_cpu_ms = cases
        .iter()
        .map(CaseReport::cpu_or_wall_ms)
        .max_by(f64::total_cmp);
    if every {
        report.caught_by = Some(
            cases
                .iter()
                .filter(|c| !c.verdict.is_pass())
                .map(|c| Catch {
                    case: c.id(),
                    verdict: c.verdict,
                })
                .collect(),
        );
    }
    if let Some(fail) = cases.iter().find(|c| !c.verdict.is_pass()) {
        report.got = fail.verdict;
        report.first_failure = Some(fail.id());
        report.message = fail.message.clone();
        let mut deciding = fail.clone();
        if let Some(case) = problem
            .cases
            .iter()
            .find(|c| c.group == fail.group && c.name == fail.name)
        {
            deciding.note_input(&case.input);
        }
        report.deciding_case = Some(Box::new(deciding));
    }
    let mut broken = Vec::new();
    let empty = report.deciding_case.as_ref().is_some_and(|c| c.no_output);
    if let Some(note) = expected.format_note(report.got, empty) {
        report.message = Some(match report.message.take() {
            Some(m) => format!("{note}; {m}"),
            None => note,
        });
    }
    if let Some(note) = &expected.note {
        report.message = Some(match report.message.take() {
            Some(m) => format!("{note}; {m}"),
            None => note.clone(),
        });
    }
    if !expected.keeps_run(report.got, empty)
        && let Some(note) = with_extra_time(expected, &graded.grader, batch, every_case, report.got)
    {
        // Borderline, as problemtools' "OK with extra time": kept.
        report.message = Some(note);
    } else if !expected.keeps_run(report.got, empty) {
        broken.push(format!(
            "expected {}, got {}",
            expected.expectation, report.got
        ));
        broken.extend(limits_that_catch(problem, expected, &report));
    }
    broken.extend(rule_faults(expected, &cases));
    if let Some(spec) = &problem.spec.scoring {
        let rules = problem.groups.rules(spec);
        let scorer = Scorer::new(&rules, Some(tools));
        let scored = scorer.problem(&cases);
        report.score = Some(scored.score);
        broken.extend(score_faults(expected, &report, scored.score, scored.max));
        broken.extend(group_score_faults(&scorer, expected, &cases));
    }
    report.ok = broken.is_empty();
    if !report.ok {
        let said = report.message.take();
        report.message = Some(match said {
            Some(m) => format!("{}\n{m}", broken.join("; ")),
            None => broken.join("; "),
        });
    }
    report
}

/// For a time_limit_exceeded submission that a computed limit let pass:
/// the limits that would have caught it, against those the accepted
/// submissions need (their slowest run × the rule's multiplier), so the
/// package's author sees at once whether any limit separates them.
fn limits_that_catch(
    problem: &crate::problem::Problem,
    expected: &Expected,
    report: &SubmissionReport,
) -> Option<String> {
    let origin = problem.origin.as_ref()?;
    let (slowest, multiplier) = origin.computed_from?;
    if !expected.expectation.is_too_slow() || report.got == Verdict::TimeLimit {
        return None;
    }
    let took = report.max_cpu_ms? / 1e3;
    let need = slowest.as_secs_f64() * multiplier;
    let catch = took / origin.safety_margin;
    let interval = match need < catch {
        true => format!("a limit from {need:.3} s up to below {catch:.3} s would separate them"),
        false => "no limit separates them by the package's multipliers".to_string(),
    };
    Some(format!(
        "the computed limit lets it pass: its slowest case took {took:.3} s, so only a limit below {catch:.3} s catches it (too slow at the limit × {}), while the accepted submissions need at least {need:.3} s ({:.3} s × {multiplier}); {interval}",
        origin.safety_margin,
        slowest.as_secs_f64(),
    ))
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
) -> Option<String> {
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
    expected.keeps(second).then(|| {
        format!(
            "borderline: TLE at the limit of {}, {} with the safety margin ({} × {factor}): sensitive to the time limit, kept as problemtools keeps it (OK with extra time)",
            crate::units::format_duration(grader.limits.cpu),
            second.code(),
            crate::units::format_duration(grader.limits.cpu),
        )
    })
}

/// How the scores of test groups break `submissions.yaml`'s per-group
/// `score` promises.
fn group_score_faults(scorer: &Scorer, expected: &Expected, cases: &[CaseReport]) -> Vec<String> {
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
                faults.push(format!(
                    "in {pattern}: expected a score of {}, got {got}",
                    ScoreRange { low, high }
                ));
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
) -> Option<String> {
    if let Some(range) = report.expected_score {
        return (!range.contains(score))
            .then(|| format!("expected a score of {range}, got {score}"));
    }
    match expected.expectation {
        Expectation::Verdict(Verdict::Accepted) if score < max - 1e-6 => Some(format!(
            "an accepted submission must score the maximum {max}, got {score}"
        )),
        Expectation::Partial if score <= 1e-6 || score >= max - 1e-6 => Some(format!(
            "a partially accepted submission must score above 0 and below {max}, got {score}"
        )),
        _ => None,
    }
}

/// Whether case `c` lies in the test groups a package's pattern names.
/// The pattern speaks of `data/` (`secret/group1`); judge's groups leave
/// out `secret/` (the case `secret/group1/01` is `group1/01`).
fn in_groups(pattern: &str, c: &CaseReport) -> bool {
    case_in_groups(pattern, &c.group, &c.id())
}

/// Whether a package pattern names the groups of the case `id` of judge group `group`.
pub(crate) fn case_in_groups(pattern: &str, group: &str, id: &str) -> bool {
    let glob = |p: &str| crate::problem::submissions::glob_matches(p, id);
    match judge_pattern(pattern) {
        (true, rest) => !crate::problem::is_sample(group) && (rest.is_empty() || glob(rest)),
        (false, rest) => glob(rest),
    }
}

/// A package's test-group pattern in judge's terms: whether it lies under
/// `data/secret`, and the rest, which names judge's groups (`secret` →
/// `(true, "")`, `secret/group1` → `(true, "group1")`, `sample` →
/// `(false, "sample")`).
fn judge_pattern(pattern: &str) -> (bool, &str) {
    let pattern = pattern.trim();
    match pattern.strip_prefix("secret") {
        Some("") => (true, ""),
        Some(rest) if rest.starts_with('/') => (true, &rest[1..]),
        _ => (false, pattern),
    }
}

/// How the verdicts of the cases break `permitted` / `required`, the
/// submission's and its per-test-group rules' (each on the cases of the
/// groups its pattern matches).
fn rule_faults(expected: &Expected, cases: &[CaseReport]) -> Vec<String> {
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
                faults.push(format!("in {pattern}: {fault}"));
            }
        }
    }
    for rule in &expected.rules {
        if let Some(permitted) = &rule.permitted {
            let bad = kinds
                .iter()
                .find(|(_, k)| !k.iter().any(|k| permitted.contains(k)));
            if let Some((id, _)) = bad {
                faults.push(format!(
                    "{id}: a verdict outside the permitted {permitted:?}"
                ));
            }
        }
        if let Some(required) = &rule.required
            && !kinds
                .iter()
                .any(|(_, k)| k.iter().any(|k| required.contains(k)))
        {
            faults.push(format!("no case got one of the required {required:?}"));
        }
    }
    faults
}

/// Grades every expected-verdict submission of the problems of `tools`
/// (the whole, unsharded test set: a submission judged on part of the
/// cases could pass where its failing case sits in another shard). With a
/// shard, whole submissions are divided among the shards, balanced by the
/// input bytes each must read, so the N shards together judge each
/// submission exactly once.
pub(crate) fn judge_all(
    tools: &[Tools],
    runner: &Runner,
    batch: usize,
    shard: Option<Shard>,
    every: bool,
) -> Judged {
    let mut judged = Judged::default();
    let mut todo = Vec::new();
    for t in tools {
        let found = find(t.problem);
        judged.errors.extend(found.errors);
        judged.skipped.extend(found.skipped);
        let cost: u64 = t
            .problem
            .cases
            .iter()
            .map(|c| size(&c.input) + CASE_OVERHEAD)
            .sum();
        todo.extend(found.submissions.into_iter().map(|s| (t, s, cost)));
    }
    let mine = match shard {
        None => vec![true; todo.len()],
        Some(s) => {
            let items: Vec<(String, u64)> = todo
                .iter()
                .map(|(_, s, cost)| (s.path.display().to_string(), *cost))
                .collect();
            s.owns(&items)
        }
    };
    // Submissions side by side, not one after another: one compiles or
    // waits out a time limit while another's cases keep the workers busy.
    // Each still judges its own cases in order, so its first failure is
    // the same as alone.
    let mine: Vec<_> = todo
        .iter()
        .zip(mine)
        .filter(|(_, mine)| *mine)
        .map(|(item, _)| item)
        .collect();
    judged.reports = mine
        .par_iter()
        .map(|(t, s, _)| judge_one(t, s, runner, batch, every))
        .collect();
    for t in tools {
        let languages = judged
            .reports
            .iter()
            .filter(|r| r.problem == t.problem.id)
            .filter_map(|r| r.language.as_deref());
        judged
            .notes
            .extend(crate::build::dialect::python_note(t.problem, languages));
    }
    judged
}
