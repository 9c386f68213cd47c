//! A case's input through the problem's validators: the in-crate solver's
//! strict validator and every input validator program (ICPC: exit 42 =
//! valid, with the group's `validator_args`). All of them run: when a
//! problem has two independent validators, their disagreeing is a defect
//! in one of them, reported as a judge error naming both, never hidden
//! behind the first verdict.
//!
//! What the validator programs note on their standard output (the bounds
//! their inputs reach, see [`crate::pass::validate::noted`]) is returned with their word:
//! whoever needs the tally over a test set folds it.

use std::path::Path;
use std::time::Instant;

use crate::build::tools::{ToolError, Tools};
use crate::compare::Outcome;
use crate::execute::reference;
use crate::execution::{End, Execution};
use crate::judging::record;
use crate::pass::validate::noted::Noted;
use crate::problem::Case;
use crate::report::CaseReport;
use crate::solvers::Solver;
use crate::verdict::Verdict;

/// One validator's word on an input.
pub(crate) struct Opinion {
    /// Which validator.
    pub who: String,
    /// Its complaint, placed for the report (`None`: it accepts).
    pub complaint: Option<String>,
    /// What it said itself when it rejected, without the paths judge puts
    /// around it: where it names the rule broken (a file named after a
    /// rule must not name that rule for the validator).
    pub said: String,
}

/// Whether the bounds the validator programs print are read: for a case
/// of the test set, not for an input that must be rejected or one that
/// only carries a test of the checker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bounds {
    Read,
    Ignored,
}

/// What the validators said of one input.
pub(crate) struct Heard {
    pub opinions: Vec<Opinion>,
    /// The bounds the accepting validator programs noted (none when
    /// [`Bounds::Ignored`]).
    pub noted: Noted,
}

/// Validates one case of the test set: its input through every validator,
/// and an answer file beside it. Returns the case's record and the bounds
/// the validator programs noted on it.
pub(crate) fn validate_case(tools: &Tools, case: &Case) -> (CaseReport, Noted) {
    let start = Instant::now();
    let (outcome, noted) = match heard(tools, case, Bounds::Read) {
        Err(outcome) => (outcome, Noted::default()),
        Ok(Heard {
            opinions, noted, ..
        }) => {
            let outcome = match verdict_of(&opinions) {
                Err(outcome) => outcome,
                Ok(()) if case.answer.is_none() => {
                    Outcome::new(Verdict::MissingAnswer, "no .out file beside the .in file")
                }
                Ok(()) => match answer_opinions(tools, case) {
                    Err(outcome) => outcome,
                    Ok(said) => match said.into_iter().find_map(|o| o.complaint) {
                        Some(complaint) => Outcome::new(Verdict::BadInput, complaint),
                        None => Outcome::accepted(),
                    },
                },
            };
            (outcome, noted)
        }
    };
    (record::judged(case, start.elapsed(), outcome), noted)
}

/// Checks that the validators reject an input of `invalid/`, and for
/// the rule it declares when it declares one: AC (with each validator's
/// complaint, so a reader sees why) when they do; a judge error naming the
/// validators that accept it (too lax), or, side by side with the
/// declared rule, the reasons of those that reject it for another.
///
/// In judge's own layout every validator must reject it: each claims to
/// check the whole input, so one that accepts is too lax. A package's
/// validators may split the work (one checks the format, another a
/// property), and the format asks only that *at least one* rejects each
/// input of `data/invalid_input` (2025-09, Invalid input): there the
/// ones that reject decide, and those that accept are no fault.
pub(crate) fn reject_case(tools: &Tools, case: &Case) -> CaseReport {
    let start = Instant::now();
    let declared = tools.problem.invalid_rules.get(&case.id());
    let one_suffices = tools.problem.origin.is_some();
    let outcome = match heard(tools, case, Bounds::Ignored) {
        Err(o) => o,
        Ok(Heard { opinions, .. }) if opinions.is_empty() => Outcome::new(
            Verdict::JudgeError,
            "no validator to reject it (give `validators:` in problem.yaml)",
        ),
        Ok(mut heard) => {
            let rejecting = heard.opinions.iter().any(|o| o.complaint.is_some());
            if one_suffices && rejecting {
                heard.opinions.retain(|o| o.complaint.is_some());
            }
            rejected_for(case, &heard, declared.map(String::as_str))
        }
    };
    record::judged(case, start.elapsed(), outcome)
}

/// The outcome of an invalid input from the word on it of every validator
/// that must reject it, and the rule it declares.
fn rejected_for(case: &Case, heard: &Heard, declared: Option<&str>) -> Outcome {
    let opinions = &heard.opinions;
    let accepting: Vec<&str> = opinions
        .iter()
        .filter(|o| o.complaint.is_none())
        .map(|o| o.who.as_str())
        .collect();
    if !accepting.is_empty() {
        return Outcome::new(
            Verdict::JudgeError,
            format!(
                "{}: accepted by {}, but every input in invalid/ must be rejected: the validator is too lax, or the input is valid",
                case.input.display(),
                accepting.join(", ")
            ),
        );
    }
    // Every validator left rejects it here: each has a complaint.
    let said: Vec<&Opinion> = opinions.iter().collect();
    let Some(rule) = declared else {
        return Outcome::new(
            Verdict::Accepted,
            format!(
                "rejected by {}; it declares no rule it breaks\n{}",
                names(&said),
                lines(&said)
            ),
        );
    };
    let (named, other): (Vec<&Opinion>, Vec<&Opinion>) = said
        .into_iter()
        .partition(|o| crate::rule::names_rule(&o.said, rule));
    if other.is_empty() {
        return Outcome::new(
            Verdict::Accepted,
            format!(
                "rejected for its rule `{rule}` by {}\n{}",
                names(&named),
                lines(&named)
            ),
        );
    }
    let mut message = format!(
        "{}: declared to break `{rule}`, but rejected for another reason\n  declared rule: {rule}\n{}",
        case.input.display(),
        lines(&other)
    );
    if !named.is_empty() {
        message += &format!("\n  (named by {})", names(&named));
    }
    Outcome::new(Verdict::JudgeError, message)
}

/// Each validator's complaint on a line of its own, for a message.
fn lines(which: &[&Opinion]) -> String {
    which
        .iter()
        .map(|o| {
            format!(
                "  {}: {}",
                o.who,
                o.complaint.as_deref().unwrap_or_default()
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The validators' names, for a message.
fn names(which: &[&Opinion]) -> String {
    which
        .iter()
        .map(|o| o.who.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks that the answer validators reject the answer of a case of
/// `data/invalid_answer` (its input must be valid): AC with their
/// complaints when one does, as BAPCtools asks; a judge error naming the
/// case otherwise.
pub(crate) fn reject_answer(tools: &Tools, case: &Case) -> CaseReport {
    let start = Instant::now();
    let answer = case.answer.as_deref().map(Path::display);
    let outcome = match (heard(tools, case, Bounds::Ignored), answer) {
        (_, None) => Outcome::new(
            Verdict::JudgeError,
            format!("{}: no .ans beside it", case.input.display()),
        ),
        (Err(o), _) => o,
        (Ok(Heard { opinions, .. }), Some(answer)) => match verdict_of(&opinions) {
            Err(o) => Outcome::new(
                Verdict::JudgeError,
                format!(
                    "the input of a case of invalid_answer must be valid: {}",
                    o.message.unwrap_or_default()
                ),
            ),
            Ok(()) => match answer_opinions(tools, case) {
                Err(o) => o,
                Ok(said) if said.is_empty() => Outcome::new(
                    Verdict::JudgeError,
                    format!("{answer}: no answer validator to reject it"),
                ),
                Ok(said) => {
                    let complaints: Vec<String> =
                        said.into_iter().filter_map(|o| o.complaint).collect();
                    match complaints.is_empty() {
                        true => Outcome::new(
                            Verdict::JudgeError,
                            format!(
                                "{answer}: accepted by every answer validator, but every answer in invalid_answer must be rejected: the validator is too lax, or the answer is valid"
                            ),
                        ),
                        false => Outcome::new(
                            Verdict::Accepted,
                            format!("rejected, as it must be\n{}", complaints.join("\n")),
                        ),
                    }
                }
            },
        },
    };
    record::judged(case, start.elapsed(), outcome)
}

/// Every answer validator's word on the answer file of `case` (a
/// package's; none for other problems): each runs as BAPCtools runs it,
/// `validator input_file < answer_file`, and accepts by exiting 42.
pub(crate) fn answer_opinions(tools: &Tools, case: &Case) -> Result<Vec<Opinion>, Outcome> {
    let none = tools
        .problem
        .origin
        .as_ref()
        .is_none_or(|o| o.answer_validators.is_empty());
    let Some(answer) = case.answer.as_deref().filter(|_| !none) else {
        return Ok(Vec::new());
    };
    let je = |e: ToolError| Outcome::new(Verdict::JudgeError, e.to_string());
    let validators = tools.answer_validators().map_err(je)?;
    let runner = tools.runner().map_err(je)?;
    let mut opinions = Vec::new();
    for (path, program) in validators {
        let spec = program.judge_spec(vec!["/dev/fd/3".into()], tools.judge_limits());
        let exec = runner.run_with(&spec, answer, &[&case.input]);
        let (complaint, said) = match exec.end == End::Exited(42) {
            true => (None, String::new()),
            false => {
                let (how, said) = rejection(&exec);
                let complaint = format!(
                    "{}: rejected by the answer validator {} ({how}) {said}",
                    answer.display(),
                    path.display()
                );
                (Some(complaint.trim_end().to_string()), said)
            }
        };
        opinions.push(Opinion {
            who: path.display().to_string(),
            complaint,
            said,
        });
    }
    Ok(opinions)
}

/// Runs the validator programs of `tools`' problem on `cases` for their
/// bounds alone (their verdicts are another run's): a `--shard` run
/// validates part of the cases, yet the bounds are the whole test set's,
/// as the in-crate validators' are.
pub(crate) fn note_cases(tools: &Tools, cases: &[Case]) -> Noted {
    use rayon::prelude::*;
    cases
        .par_iter()
        .filter_map(|case| heard(tools, case, Bounds::Read).ok())
        .map(|heard| heard.noted)
        .reduce(Noted::default, |mut all, one| {
            all.merge(one);
            all
        })
}

/// Every validator's word on the input of `case`, with the bounds each
/// accepting validator program printed when they are [`Bounds::Read`]. A
/// malformed bound line is that validator's complaint.
pub(crate) fn heard(tools: &Tools, case: &Case, bounds: Bounds) -> Result<Heard, Outcome> {
    let mut heard = Heard {
        opinions: Vec::new(),
        noted: Noted::default(),
    };
    if let Some(solver) = tools.problem.solver() {
        heard.opinions.push(strict_opinion(solver, case)?);
    }
    if tools.problem.spec.validators.is_empty() {
        return Ok(heard);
    }
    let validators = tools
        .validators()
        .map_err(|e| Outcome::new(Verdict::JudgeError, e.to_string()))?;
    let runner = tools
        .runner()
        .map_err(|e| Outcome::new(Verdict::JudgeError, e.to_string()))?;
    // 2025-09: the validator's own arguments (the same for each, or its
    // own by its name), then the case's `args`; the case's `.files` in
    // its working folder.
    let files = case.files();
    for (path, program) in validators {
        let name = path.file_stem().unwrap_or_default().to_string_lossy();
        let mut args = case.settings.validator_args.for_validator(&name).to_vec();
        args.extend(case.settings.args.iter().cloned());
        let spec = program.judge_spec(args, tools.judge_limits());
        let on = crate::execute::case_inputs::OnCase {
            args: &[],
            files: files.as_deref(),
            writable: false,
        };
        let on_case = crate::execute::case_inputs::prepare(runner, &spec, &on)
            .map_err(|e| Outcome::new(Verdict::JudgeError, e.to_string()))?;
        let exec = runner.run(&on_case.spec, &case.input);
        let opinion = program_opinion(case, path, &exec, bounds, &mut heard.noted);
        heard.opinions.push(opinion);
    }
    Ok(heard)
}

/// The in-crate `solver`'s strict validator's word on the input of
/// `case`; an input that cannot be read for another reason than its text
/// is a judge error.
///
/// Unreadable text is the strict validator's complaint; the validator
/// programs still get their say on the bytes.
fn strict_opinion(solver: &dyn Solver, case: &Case) -> Result<Opinion, Outcome> {
    let at = |e: &dyn std::fmt::Display| format!("{}:{e}", case.input.display());
    // The message says whose rule it is: the in-crate solver's strict
    // validation, not the reference's answer.
    // It names the rule broken the way a validator program would, in
    // its message, so one comparison serves every validator.
    let whose = |e: &crate::scan::InputError| {
        let rule = e
            .rule
            .as_deref()
            .map_or(String::new(), |r| format!(", rule {r}"));
        format!("{} (the strict validator of {}{rule})", at(e), solver.id())
    };
    let error = match reference::read_input(&case.input) {
        Ok(text) => solver.validate(&text).err(),
        Err(End::InputRejected(e)) => Some(e),
        Err(other) => return Err(Outcome::new(Verdict::JudgeError, format!("{other:?}"))),
    };
    let said = error.as_ref().map_or(String::new(), |e| {
        let rule = e
            .rule
            .as_deref()
            .map_or(String::new(), |r| format!(" (rule {r})"));
        format!("{}{rule}", e.message)
    });
    Ok(Opinion {
        who: "the strict validator".into(),
        complaint: error.map(|e| whose(&e)),
        said,
    })
}

/// The word of the validator program at `path` on the input of `case`,
/// from its run `exec`. When it accepts and `bounds` are read, the bounds
/// it printed go into `noted`; a malformed bound line is its complaint.
fn program_opinion(
    case: &Case,
    path: &Path,
    exec: &Execution,
    bounds: Bounds,
    noted: &mut Noted,
) -> Opinion {
    let accepted = exec.end == End::Exited(42);
    if accepted && bounds == Bounds::Read {
        match Noted::read(&exec.stdout) {
            Ok(read) => noted.merge(read),
            Err(e) => {
                let why = format!("{}: {}: {e}", case.input.display(), path.display());
                return Opinion {
                    who: path.display().to_string(),
                    complaint: Some(why),
                    said: e.to_string(),
                };
            }
        }
    }
    // What a rejection says is read only for a rejection: an accepted
    // input (most of a test set) costs no decoding of its output.
    let (complaint, said) = match accepted {
        true => (None, String::new()),
        false => {
            let (how, said) = rejection(exec);
            let complaint = format!(
                "{}: rejected by {} ({how}) {said}",
                case.input.display(),
                path.display()
            );
            (Some(complaint), said)
        }
    };
    Opinion {
        who: path.display().to_string(),
        complaint,
        said,
    }
}

/// Bad input when every validator rejects it; a judge error when some
/// accept and some reject.
pub(crate) fn verdict_of(opinions: &[Opinion]) -> Result<(), Outcome> {
    let (rejecting, accepting): (Vec<&Opinion>, Vec<&Opinion>) =
        opinions.iter().partition(|o| o.complaint.is_some());
    let Some(first) = rejecting.first().and_then(|o| o.complaint.as_ref()) else {
        return Ok(());
    };
    if accepting.is_empty() {
        return Err(Outcome::new(Verdict::BadInput, first.clone()));
    }
    let names = |side: &[&Opinion]| {
        side.iter()
            .map(|o| o.who.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    Err(Outcome::new(
        Verdict::JudgeError,
        format!(
            "the validators disagree: accepted by {}, rejected by {}: {first}",
            names(&accepting),
            names(&rejecting)
        ),
    ))
}

/// How a validator that did not exit 42 ended, and what it said (its
/// standard error, else its output): the two halves of a rejection's
/// message, for input and answer validators alike.
fn rejection(exec: &Execution) -> (String, String) {
    let said = String::from_utf8_lossy(if exec.stderr_tail.is_empty() {
        &exec.stdout
    } else {
        &exec.stderr_tail
    })
    .trim()
    .to_string();
    let how = match exec.end {
        End::Exited(c) => format!("exit code {c}, not 42"),
        _ => crate::compare::ended_badly(exec)
            .and_then(|o| o.message)
            .unwrap_or_default(),
    };
    (how, said)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn says(who: &str, complaint: Option<&str>) -> Opinion {
        Opinion {
            who: who.into(),
            complaint: complaint.map(str::to_string),
            said: complaint.unwrap_or_default().to_string(),
        }
    }

    #[test]
    fn validators_agreeing_decide_and_disagreeing_is_a_judge_error() {
        assert!(verdict_of(&[says("a", None), says("b", None)]).is_ok());
        let both = verdict_of(&[says("a", Some("x.in:1:2: no")), says("b", Some("bad"))]);
        let o = both.unwrap_err();
        assert_eq!(o.verdict, Verdict::BadInput);
        assert_eq!(o.message.as_deref(), Some("x.in:1:2: no"));
        let split = verdict_of(&[says("a", None), says("b", Some("bad")), says("c", None)]);
        let o = split.unwrap_err();
        assert_eq!(o.verdict, Verdict::JudgeError);
        assert_eq!(
            o.message.as_deref(),
            Some("the validators disagree: accepted by a, c, rejected by b: bad")
        );
    }
}
