//! Judging one case: run something on its input, judge the output, make
//! the report record. Every command that reports (check, validate, grade,
//! the expected-verdict submissions, stress) judges cases through these
//! functions and nothing else.

use std::path::Path;
use std::time::{Duration, Instant};

use super::build::Program;
use super::checker::judge_output;
use super::interact;
use super::limits::RunLimits;
use super::reference;
use super::runner::Runner;
use super::tools::Tools;
use crate::compare::Outcome;
use crate::execution::{End, Execution};
use crate::problem::Case;
use crate::report::CaseReport;
use crate::verdict::Verdict;

/// The record of `case`, with input errors located in its file.
fn record(case: &Case, exec: &Execution, mut outcome: Outcome) -> CaseReport {
    if outcome.verdict == Verdict::BadInput {
        outcome.message = outcome
            .message
            .map(|m| format!("{}:{m}", case.input.display()));
    }
    CaseReport::new(&case.group, &case.name, exec, outcome)
}

/// Runs `spec` against the interactor on `case`; a failed case keeps the
/// conversation.
fn interactive(tools: &Tools, spec: &super::launcher::ProcSpec, case: &Case) -> CaseReport {
    let done = interact::run(tools, spec, case);
    let mut report = record(case, &done.exec, done.outcome);
    if !report.verdict.is_pass() {
        report.interaction = done.transcript;
    }
    report
}

/// Runs the problem's reference on `case`: the in-crate solver in-process,
/// or the reference program (against the interactor, for interactive
/// problems). The output is judged like a submission's: equal to the
/// expected output, or accepted by the checker.
pub fn check_case(tools: &Tools, case: &Case) -> CaseReport {
    let problem = tools.problem;
    if let Some(solver) = problem.solver() {
        let exec = reference::run_file(solver, &case.input);
        return record(case, &exec, judge_output(tools, case, &exec));
    }
    if problem.spec.reference.is_none() {
        // A package with no accepted submission judge can run (only
        // failing ones, say): its answer files are all there is, and the
        // report says they were taken as given.
        return match &case.answer {
            Some(_) => failed_case(
                case,
                Verdict::Accepted,
                "no reference program: the answer file is taken as given",
            ),
            None => failed_case(
                case,
                Verdict::MissingAnswer,
                "no answer file and no reference",
            ),
        };
    }
    let program = match tools.reference() {
        Ok(p) => p,
        Err(why) => return failed_case(case, Verdict::JudgeError, &why),
    };
    let spec = tools.spec(program, Vec::new(), tools.judge_limits());
    super::reuse::reference(tools, program, case, || {
        if problem.spec.interactive {
            return interactive(tools, &spec, case);
        }
        if let Some(passes) = problem.spec.passes {
            return super::multipass::run(tools, &spec, case, passes);
        }
        let exec = match tools.runner() {
            Ok(runner) => runner.run(&spec, &case.input),
            Err(why) => return failed_case(case, Verdict::JudgeError, &why),
        };
        record(case, &exec, judge_output(tools, case, &exec))
    })
}

/// The reference's output for `case` (for `judge regen`): `Err` says why
/// there is none.
pub fn reference_output(tools: &Tools, case: &Case) -> Result<Vec<u8>, String> {
    let exec = match tools.problem.solver() {
        Some(solver) => reference::run_file(solver, &case.input),
        None => {
            let program = tools.reference()?;
            tools.runner()?.run(
                &tools.spec(program, Vec::new(), tools.judge_limits()),
                &case.input,
            )
        }
    };
    match exec.end {
        End::Exited(0) => Ok(exec.stdout),
        End::InputRejected(e) => Err(format!("{}:{e}", case.input.display())),
        _ => Err(crate::compare::ended_badly(&exec)
            .and_then(|o| o.message)
            .unwrap_or_else(|| "the reference failed".into())),
    }
}

/// One case's input through the strict validators: the in-crate solver's
/// own, and every validator program (ICPC: exit 42 = valid) with the
/// group's `validator_args`. All of them run: when a problem has two
/// independent validators, their disagreeing is a defect in one of them,
/// reported as a judge error naming both, never hidden behind the first
/// verdict.
pub fn validate_case(tools: &Tools, case: &Case) -> CaseReport {
    let start = Instant::now();
    let outcome = validate(tools, case).unwrap_or_else(|o| o);
    let exec = Execution::failed(End::Exited(0), start.elapsed());
    CaseReport::new(&case.group, &case.name, &exec, outcome)
}

/// Checks that every validator rejects an input of `invalid/`: AC (with
/// each validator's complaint, so a reader can see it was rejected for
/// the rule the file breaks) when all do; a judge error naming the ones
/// that accept it, which are too lax.
pub fn reject_case(tools: &Tools, case: &Case) -> CaseReport {
    let start = Instant::now();
    let outcome = match opinions(tools, case, false) {
        Err(o) => o,
        Ok(opinions) if opinions.is_empty() => Outcome::new(
            Verdict::JudgeError,
            "no validator to reject it (give `validators:` in problem.yaml)",
        ),
        Ok(opinions) => {
            let accepting: Vec<&str> = opinions
                .iter()
                .filter(|(_, c)| c.is_none())
                .map(|(who, _)| who.as_str())
                .collect();
            if accepting.is_empty() {
                let said: Vec<String> = opinions
                    .iter()
                    .filter_map(|(who, c)| Some(format!("{who}: {}", c.as_deref()?)))
                    .collect();
                Outcome::new(
                    Verdict::Accepted,
                    format!("rejected by every validator\n{}", said.join("\n")),
                )
            } else {
                Outcome::new(
                    Verdict::JudgeError,
                    format!(
                        "{}: accepted by {}, but every input in invalid/ must be rejected: the validator is too lax, or the input is valid",
                        case.input.display(),
                        accepting.join(", ")
                    ),
                )
            }
        }
    };
    let exec = Execution::failed(End::Exited(0), start.elapsed());
    CaseReport::new(&case.group, &case.name, &exec, outcome)
}

/// One validator's word on an input: who, and its complaint if it has one.
pub(crate) type Opinion = (String, Option<String>);

/// Every validator's word on the input of `case`. With `noting` (a case
/// of the test set, not an input that must be rejected), the bounds each
/// accepting validator program prints are added to `tools`' tally.
pub(crate) fn opinions(tools: &Tools, case: &Case, noting: bool) -> Result<Vec<Opinion>, Outcome> {
    let at = |e: &dyn std::fmt::Display| format!("{}:{e}", case.input.display());
    let mut opinions: Vec<Opinion> = Vec::new();
    if let Some(solver) = tools.problem.solver() {
        // Unreadable text is the strict validator's complaint; the
        // validator programs still get their say on the bytes.
        // The message says whose rule it is: the in-crate solver's strict
        // validation, not the reference's answer.
        let whose = |e: &dyn std::fmt::Display| {
            format!("{} (the strict validator of {})", at(e), solver.id())
        };
        let complaint = match reference::read_input(&case.input) {
            Ok(text) => solver.validate(&text).err().map(|e| whose(&e)),
            Err(End::InputRejected(e)) => Some(whose(&e)),
            Err(other) => return Err(Outcome::new(Verdict::JudgeError, format!("{other:?}"))),
        };
        opinions.push(("the strict validator".into(), complaint));
    }
    if !tools.problem.spec.validators.is_empty() {
        let validators = tools
            .validators()
            .map_err(|e| Outcome::new(Verdict::JudgeError, e))?;
        let runner = tools
            .runner()
            .map_err(|e| Outcome::new(Verdict::JudgeError, e))?;
        for (path, program) in validators {
            let args = case.settings.validator_args.clone();
            let exec = runner.run(
                &tools.spec(program, args, tools.judge_limits()),
                &case.input,
            );
            let noted = match (noting, exec.end == End::Exited(42)) {
                (true, true) => super::noted::Noted::read(&exec.stdout)
                    .map_err(|e| format!("{}: {}: {e}", case.input.display(), path.display())),
                _ => Ok(Default::default()),
            };
            let noted = match noted {
                Ok(noted) => noted,
                Err(e) => {
                    opinions.push((path.display().to_string(), Some(e)));
                    continue;
                }
            };
            tools.note_bounds(noted);
            let complaint = (exec.end != End::Exited(42)).then(|| {
                let said = String::from_utf8_lossy(if exec.stderr_tail.is_empty() {
                    &exec.stdout
                } else {
                    &exec.stderr_tail
                })
                .trim()
                .to_string();
                let how = match exec.end {
                    End::Exited(c) => format!("exit code {c}, not 42"),
                    _ => crate::compare::ended_badly(&exec)
                        .and_then(|o| o.message)
                        .unwrap_or_default(),
                };
                format!(
                    "{}: rejected by {} ({how}) {said}",
                    case.input.display(),
                    path.display()
                )
            });
            opinions.push((path.display().to_string(), complaint));
        }
    }
    Ok(opinions)
}

fn validate(tools: &Tools, case: &Case) -> Result<Outcome, Outcome> {
    let opinions = opinions(tools, case, true)?;
    verdict_of(&opinions)?;
    if case.answer.is_none() {
        return Err(Outcome::new(
            Verdict::MissingAnswer,
            "no .out file beside the .in file",
        ));
    }
    Ok(Outcome::accepted())
}

/// Bad input when every validator rejects it; a judge error when some
/// accept and some reject.
pub(crate) fn verdict_of(opinions: &[Opinion]) -> Result<(), Outcome> {
    let (rejecting, accepting): (Vec<&Opinion>, Vec<&Opinion>) =
        opinions.iter().partition(|(_, c)| c.is_some());
    let Some((_, Some(first))) = rejecting.first() else {
        return Ok(());
    };
    if accepting.is_empty() {
        return Err(Outcome::new(Verdict::BadInput, first.clone()));
    }
    let names = |side: &[&Opinion]| {
        side.iter()
            .map(|(who, _)| who.as_str())
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

/// The record of a case that could not be judged at all.
pub(crate) fn failed_case(case: &Case, verdict: Verdict, why: &str) -> CaseReport {
    let exec = Execution::failed(End::Exited(0), Duration::ZERO);
    CaseReport::new(&case.group, &case.name, &exec, Outcome::new(verdict, why))
}

/// The record of a case never run because the submission did not compile.
pub fn compile_error_case(case: &Case) -> CaseReport {
    failed_case(
        case,
        Verdict::CompileError,
        "the submission did not compile",
    )
}

/// Grades `cases` in case order, `batch` at a time in parallel, up to the
/// first failing one (unless `every_case`): a slow submission costs one
/// time-out, not one per case. The cases after the first failure in its
/// batch are dropped, so what is reported does not depend on the batch
/// size, as if the cases were judged one by one.
pub fn in_order(
    cases: &[Case],
    batch: usize,
    every_case: bool,
    grade: impl Fn(&Case) -> CaseReport + Sync,
) -> Vec<CaseReport> {
    use rayon::prelude::*;
    let mut done = Vec::new();
    for chunk in cases.chunks(batch.max(1)) {
        let results: Vec<CaseReport> = chunk.par_iter().map(&grade).collect();
        match results.iter().position(|r| !r.verdict.is_pass()) {
            Some(i) if !every_case => {
                done.extend(results.into_iter().take(i + 1));
                break;
            }
            _ => done.extend(results),
        }
    }
    done
}

/// Everything needed to run one built submission on cases.
pub struct Grader<'a> {
    pub program: &'a Program,
    pub runner: &'a Runner,
    pub limits: RunLimits,
    pub tools: &'a Tools<'a>,
}

impl Grader<'_> {
    /// Runs the program on one case and judges it.
    pub fn grade_case(&self, case: &Case) -> CaseReport {
        if self.tools.problem.spec.interactive {
            return interactive(self.tools, &self.program.spec(self.limits), case);
        }
        if let Some(passes) = self.tools.problem.spec.passes {
            return super::multipass::run(
                self.tools,
                &self.program.spec(self.limits),
                case,
                passes,
            );
        }
        let exec = self.execute(&case.input);
        record(case, &exec, judge_output(self.tools, case, &exec))
    }

    /// Runs the program on the file `input` under the limits (in the
    /// sandbox when the runner has one).
    pub fn execute(&self, input: &Path) -> Execution {
        let mut exec = self.runner.run(&self.program.spec(self.limits), input);
        // A runtime that ran out of its own heap inside the limit (a JVM at
        // -Xmx) exits by itself, saying so: that is the memory limit too.
        let failed =
            matches!(exec.end, End::Signaled(_)) || matches!(exec.end, End::Exited(c) if c != 0);
        if failed && !self.program.language.out_of_memory.is_empty() {
            let said = String::from_utf8_lossy(&exec.stderr_tail);
            if self
                .program
                .language
                .out_of_memory
                .iter()
                .any(|m| said.contains(m.as_str()))
            {
                exec.end = End::MemoryExceeded {
                    limit: self.limits.memory,
                };
            }
        }
        exec
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn says(who: &str, complaint: Option<&str>) -> Opinion {
        (who.into(), complaint.map(str::to_string))
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
