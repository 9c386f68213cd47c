//! `judge validate`: prove the test set itself is well formed.
//!
//! Every input goes through its problem's strict validators (an in-crate
//! solver's own, and the problem's input validator programs: exact layout
//! and every constraint of the statement); then case hygiene is checked
//! ([`crate::problem::hygiene`]). A problem with no validator at all is a
//! fault: nothing would prove its inputs valid. Every input of the
//! problem's `invalid/` folder must be rejected by every validator, which
//! proves they are not too lax; a package's `data/valid_output` outputs
//! must be accepted by its checker and its `data/invalid_output` ones
//! rejected (their inputs valid), which proves the checker neither too
//! strict nor too lax; and the report gives, per bound of the statement,
//! the smallest and largest value the cases reach. What a package asks
//! for and judge does not run (answer validators) is a warning. A problem
//! with a `recipe.yaml` has every generated input remade and compared,
//! and every case checked to be named by it (see [`crate::generate::drift`]).
//!
//! [`input`] is one input through the validators (and an invalid input's
//! rejection held to its declared rule), [`noted`] the bounds validator
//! programs note, [`output_check`] the checker's own tests, `rules` which
//! rules of the input format some invalid input proves.

pub mod input;
pub mod noted;
pub mod output_check;
pub(crate) mod rules;

use std::collections::BTreeMap;
use std::sync::Mutex;

use crate::build::tools::{Need, Tools};
use crate::execute::runner::Runner;
use crate::pass::skeleton::{Finished, Session, load_errors, prepare, views};
use crate::pass::validate::noted::Noted;
use crate::pass::validate::output_check::CheckerTests;
use crate::problem::hygiene::hygiene;
use crate::problem::{Case, Discovery, Problem};
use crate::report::ProblemReport;
use crate::shard::Shard;
use crate::solvers::bounds::BoundReach;
use crate::{execute::reference, generate::drift};

/// Whether validating `problems` runs any of their programs (so needs a
/// runner, and with it the sandbox).
pub fn needs_runner(problems: &[Problem]) -> bool {
    problems.iter().any(|p| {
        Tools::needs_runner(p, Need::VALIDATE)
            || drift::needs_runner(p)
            || p.origin
                .as_ref()
                .is_some_and(|o| !o.answer_validators.is_empty())
    })
}

/// Validates the selected problems (`shard`: this run's part of their
/// cases; hygiene, bounds and drift are always of the whole folder).
pub fn run(
    session: Session,
    selection: &Discovery,
    runner: Option<&Runner>,
    shard: Option<Shard>,
) -> Finished {
    let part_of = selection.clone().shard(shard);
    let (tools, build_errors) =
        session.install(|| prepare(&selection.problems, runner, Need::VALIDATE));
    let (mut problems, mut noted) = validate_cases(&session, &tools, &part_of.problems);
    let tests = validator_tests(&session, &tools, &part_of.problems);
    join_tests(&mut problems, tests);
    let mut session = session;
    warn_unchecked(&mut session, &selection.problems);
    // Hygiene and bounds are properties of the whole folder (a duplicate
    // or the largest case may sit in another shard), so every shard checks
    // all of it; merge keeps each issue once and the first shard's bounds.
    for report in &mut problems {
        if let Some(problem) = selection.problems.iter().find(|p| p.id == report.id) {
            let noted = noted.remove(&problem.id).unwrap_or_default();
            whole_folder(report, problem, &tools, &part_of.problems, noted);
        }
    }
    // Generated inputs against their recipe (remade in memory).
    session.install(|| drift::add_issues(&mut problems, &tools));
    let mut errors = load_errors(&part_of);
    errors.extend(build_errors);
    // A problem's record is final only once the whole folder's checks
    // are made, after every pass: all finish together.
    session.expect_problems(problems.len(), &errors);
    session.all_finished(&problems);
    session.finish(problems, errors, Vec::new(), None)
}

/// Validates every case of `problems` (this run's part): one record per
/// problem, and the bounds the validator programs noted, by problem.
fn validate_cases(
    session: &Session,
    tools: &[Tools],
    problems: &[Problem],
) -> (Vec<ProblemReport>, BTreeMap<String, Noted>) {
    let noted: Mutex<BTreeMap<String, Noted>> = Mutex::default();
    let reports = session.judge_cases(&views(tools, problems), validators, |t, c| {
        let (report, bounds) = input::validate_case(t, c);
        if !bounds.is_empty() {
            let mut noted = noted.lock().unwrap_or_else(|e| e.into_inner());
            noted.entry(t.problem.id.clone()).or_default().merge(bounds);
        }
        report
    });
    (
        reports,
        noted.into_inner().unwrap_or_else(|e| e.into_inner()),
    )
}

/// The tests of the validators and the checker in `problems` (this run's
/// part), judged: one record per problem that has any, for each kind of
/// test in turn.
///
/// The inputs of invalid/ must be rejected, and a package's tests of its
/// output validator must come out as their folder says; their results
/// join the problem's cases (groups invalid_input, invalid_output,
/// valid_output), so every report shows them.
fn validator_tests(session: &Session, tools: &[Tools], problems: &[Problem]) -> Vec<ProblemReport> {
    let invalid = part(problems, |p| p.invalid_inputs.clone());
    let rejected = session.judge_cases(&views(tools, &invalid), validators, input::reject_case);
    let bad_answers = part(problems, invalid_answers);
    let rejected_answers = session.judge_cases(
        &views(tools, &bad_answers),
        validators,
        input::reject_answer,
    );
    let checks = part(problems, |p| {
        p.output_checks.iter().map(|c| c.case.clone()).collect()
    });
    let checks = views(tools, &checks);
    let checks: Vec<CheckerTests> = checks.iter().map(CheckerTests::new).collect();
    let checked = session.judge_cases(&checks, validators, CheckerTests::check_case);
    rejected
        .into_iter()
        .chain(rejected_answers)
        .chain(checked)
        .collect()
}

/// The answers of a package's data/invalid_answer, as cases: they must be
/// rejected by its answer validators.
fn invalid_answers(p: &Problem) -> Vec<Case> {
    let tests = p.origin.iter().flat_map(|o| &o.invalid_answers);
    tests
        .map(|t| Case {
            group: t.group.clone(),
            name: t.name.clone(),
            input: t.input.clone(),
            answer: t.answer.clone(),
            settings: Default::default(),
        })
        .collect()
}

/// Adds the judged `tests` of each problem to its record's cases.
fn join_tests(problems: &mut [ProblemReport], tests: Vec<ProblemReport>) {
    for r in tests {
        if let Some(report) = problems.iter_mut().find(|p| p.id == r.id) {
            let mut cases = std::mem::take(&mut report.cases);
            cases.extend(r.cases);
            // The tests of the validators never score: the score stays.
            *report = report.clone().with_cases(cases);
        }
    }
}

/// Warns of what the packages among `problems` ask for and judge does not
/// run, and notes what they say: it must not pass for checked.
fn warn_unchecked(session: &mut Session, problems: &[Problem]) {
    for p in problems {
        for line in p.origin.iter().flat_map(|o| &o.unchecked) {
            session.warn(format!("{}: {line}", p.id));
        }
        for note in p.origin.iter().flat_map(|o| &o.notes) {
            session.note(format!("{}: {note}", p.id));
        }
    }
}

/// A problem's hygiene issues and the bounds its cases reach, and the
/// fault of having no validator at all.
fn whole_folder(
    report: &mut ProblemReport,
    problem: &Problem,
    tools: &[Tools],
    shard: &[Problem],
    noted: Noted,
) {
    report.issues = hygiene(problem);
    report.bounds = match problem.solver() {
        Some(_) => reference::bounds_reached(problem),
        None => program_bounds(tools, problem, shard, noted),
    };
    (report.rules, report.declared) = crate::pass::validate::rules::of(problem, report);
    if problem.spec.solver.is_none() && problem.spec.validators.is_empty() {
        report.issues.push(format!(
            "{}: no input validator (give `validators:` in problem.yaml): nothing proves the inputs valid",
            problem.dir.join("problem.yaml").display()
        ));
    }
}

/// The bounds `problem`'s validator programs noted (see
/// [`crate::pass::validate::noted`]) on all its cases, given those they noted on this
/// run's (`noted`): in a `--shard` run, those of the other shards are run
/// through the validators too, for bounds only, unless this shard's cases
/// noted none (validators that print no bounds cost nothing extra).
fn program_bounds(
    tools: &[Tools],
    problem: &Problem,
    shard: &[Problem],
    mut noted: Noted,
) -> Vec<BoundReach> {
    let Some(tools) = tools.iter().find(|t| t.problem.id == problem.id) else {
        return Vec::new();
    };
    let mine: Vec<&Case> = shard
        .iter()
        .filter(|p| p.id == problem.id)
        .flat_map(|p| &p.cases)
        .collect();
    if mine.len() < problem.cases.len() && (mine.is_empty() || !noted.is_empty()) {
        let rest: Vec<Case> = problem
            .cases
            .iter()
            .filter(|c| !mine.iter().any(|m| m.input == c.input))
            .cloned()
            .collect();
        noted.merge(input::note_cases(tools, &rest));
    }
    noted.table()
}

/// What validates a problem's inputs, for the report.
fn validators(p: &Problem) -> String {
    let mut names: Vec<String> = p
        .spec
        .solver
        .iter()
        .map(|s| format!("validator of {s}"))
        .collect();
    names.extend(p.spec.validators.iter().map(|v| v.display().to_string()));
    names.join(", ")
}

/// The problems that have some of what `cases` picks, as problems whose
/// cases are those: a pass of the run over them judges only them.
fn part(problems: &[Problem], cases: impl Fn(&Problem) -> Vec<Case>) -> Vec<Problem> {
    problems
        .iter()
        .map(|p| Problem {
            cases: cases(p),
            ..p.clone()
        })
        .filter(|p| !p.cases.is_empty())
        .collect()
}
