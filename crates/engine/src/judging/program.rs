//! The problem's judge program (an ICPC output validator or interactor,
//! or a testlib checker) and the three ways it meets a run: after it, on
//! its output; alongside it, as the interactor; between its passes, on a
//! multi-pass problem ([`super::multipass`]). All three share what is
//! here: the program's process (built once per problem), its feedback
//! folder, and what its exit code means.
//!
//! The judge program gets the case's input and answer as open files
//! (`/dev/fd/3`, `/dev/fd/4`: the test data itself is never in a
//! sandbox's view), a fresh feedback folder, and runs under the problem's
//! checker limits as the judge's uid. One that crashes, hangs or answers
//! with an exit code its interface does not know is a judge error (JE),
//! never a verdict about what it judged.
//!
//! Interactive problems (the ICPC / Kattis interface): the interactor gets
//! `INPUT ANSWER FEEDBACK_DIR [args]`, what it writes is the submission's
//! standard input and what the submission writes its standard input. Both
//! run at once in one launcher request, sandboxed as different uids, each
//! under its own limits, with judge's [`relay`] between them: either side
//! stopping is passed on to the other as end of file (or a failing
//! write), and nothing can hang past the wall clock.
//!
//! Verdict precedence of an interaction (no spec states one; this is
//! problemtools' rule, close to DOMjudge's): an interactor that crashed or
//! exited with neither 42 nor 43 is a judge error; an interactor that
//! rejected the submission and hung up before the submission did decides
//! WA (a submission that then dies of the closed pipe or of end of file is
//! not blamed for it); otherwise the submission's own fate (TLE, MLE, OLE,
//! RE) comes first; otherwise the interactor's verdict. An interactor that
//! fell over (SIGPIPE, an error exit) after the submission stopped reading
//! what it was sent fell over because of the submission: WA, not the
//! judge's fault. Who hung up or stopped reading first is what the relay
//! saw, never a guess from exit times.

use std::io::Write;
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::build::tools::{ProgramRole, ToolError, Tools};
use crate::compare::{CheckerScore, Outcome, ended_badly};
use crate::execute::runner::{Runner, execution, open_for_program};
use crate::execution::{End, Execution};
use crate::judging::record::Ran;
use crate::launcher::ProcSpec;
use crate::problem::{Case, Interface};
use crate::relay::{self, Side, Transcript};
use crate::verdict::Verdict;

/// Bytes of a judge program's message kept in the report.
const MESSAGE: usize = 4096;

/// The problem's judge program, built, with everything about running it
/// that is the same for every case.
pub(crate) struct JudgeProgram<'a> {
    runner: &'a Runner,
    /// Its process under the checker limits, before the per-case
    /// arguments.
    base: Box<ProcSpec>,
    interface: Interface,
    /// The problem's checker arguments, before a group's.
    args: Vec<String>,
    /// Further ICPC validators that must accept too (`checker.also`),
    /// run in order after `base` accepts.
    more: Vec<ProcSpec>,
}

/// Why a judge program could not be run on a case: a judge error.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Unrunnable {
    /// The program is not there (it does not build, or there is none).
    #[error(transparent)]
    Tool(#[from] ToolError),
    /// The output could not be kept in a file for it to read.
    #[error("cannot keep the output: {0}")]
    KeepOutput(std::io::Error),
    /// Its feedback folder or its input and answer files could not be
    /// set up.
    #[error(transparent)]
    Files(#[from] judge_sandbox::Error),
}

impl<'a> JudgeProgram<'a> {
    /// The judge program of `tools`' problem, or why there is none.
    pub(crate) fn new(tools: &Tools<'a>) -> Result<JudgeProgram<'a>, ToolError> {
        let runner = tools.runner()?;
        let program = tools.checker()?;
        let checker = (tools.problem.spec.checker.as_ref()).ok_or_else(|| ToolError::Missing {
            problem: tools.problem.id.clone(),
            role: ProgramRole::Checker,
        })?;
        let more = (tools.more_checkers()?.iter())
            .map(|(_, p)| p.judge_spec(Vec::new(), tools.judge_limits()))
            .collect();
        Ok(JudgeProgram {
            runner,
            base: Box::new(program.judge_spec(Vec::new(), tools.judge_limits())),
            interface: checker.interface,
            args: checker.args.clone(),
            more,
        })
    }

    /// Its process on `case` in the ICPC interface (`INPUT ANSWER
    /// FEEDBACK_DIR` as files 3 and 4, the problem's arguments, the
    /// group's), free to write to `feedback`.
    fn icpc_spec(&self, case: &Case, feedback: &Feedback) -> ProcSpec {
        self.icpc_spec_of(&self.base, case, feedback)
    }

    /// [`Self::icpc_spec`] for one of the validators, `base`.
    fn icpc_spec_of(&self, base: &ProcSpec, case: &Case, feedback: &Feedback) -> ProcSpec {
        let mut spec = ProcSpec::clone(base);
        spec.argv
            .extend(["/dev/fd/3".into(), "/dev/fd/4".into(), feedback.arg()]);
        spec.argv.extend(self.args.iter().cloned());
        spec.argv.extend(case.settings.checker_args.iter().cloned());
        spec.writable.push(feedback.path().display().to_string());
        spec
    }

    /// Judges `output` on `case` whose answer file is `answer`.
    pub(crate) fn check_output(
        &self,
        case: &Case,
        answer: &Path,
        output: &[u8],
    ) -> Result<Outcome, Unrunnable> {
        let mut team = tempfile::NamedTempFile::new().map_err(Unrunnable::KeepOutput)?;
        team.write_all(output).map_err(Unrunnable::KeepOutput)?;
        match self.interface {
            Interface::Icpc => {
                let feedback = Feedback::new(self.runner)?;
                let first = self.icpc_check(case, &case.input, answer, team.path(), &feedback);
                // The first validator that does not accept decides; when
                // all accept, the first one's outcome (its score) stands.
                for more in self
                    .more
                    .iter()
                    .take_while(|_| first.verdict == Verdict::Accepted)
                {
                    let feedback = Feedback::new(self.runner)?;
                    let spec = self.icpc_spec_of(more, case, &feedback);
                    let exec = self
                        .runner
                        .run_with(&spec, team.path(), &[&case.input, answer]);
                    let outcome = icpc_verdict(&exec, &feedback);
                    if outcome.verdict != Verdict::Accepted {
                        return Ok(outcome);
                    }
                }
                Ok(first)
            }
            Interface::Testlib => {
                let mut spec = ProcSpec::clone(&self.base);
                spec.argv
                    .extend(["/dev/fd/3".into(), "/dev/fd/4".into(), "/dev/fd/5".into()]);
                let exec = self.runner.run_with(
                    &spec,
                    Path::new("/dev/null"),
                    &[&case.input, team.path(), answer],
                );
                Ok(testlib_verdict(&exec))
            }
        }
    }

    /// The runner its processes run in.
    pub(crate) fn runner(&self) -> &'a Runner {
        self.runner
    }

    /// Runs the ICPC output validator on the output in file `team` for
    /// input `input` (the case's, or a later pass's `nextpass.in`),
    /// leaving its files in `feedback`.
    pub(crate) fn icpc_check(
        &self,
        case: &Case,
        input: &Path,
        answer: &Path,
        team: &Path,
        feedback: &Feedback,
    ) -> Outcome {
        let spec = self.icpc_spec(case, feedback);
        let exec = self.runner.run_with(&spec, team, &[input, answer]);
        icpc_verdict(&exec, feedback)
    }
}

/// Runs `submission` against the interactor (`Err`: why there is none) on
/// `case`. A failure to set the interaction up is a judge error.
///
/// The two programs are joined directly first ([`relay::direct`]): a
/// chatty pair through the relay costs many times its own time. An
/// accepted run needs nothing more. A failing one that took less than the
/// time limit runs again through the relay, which knows exactly who hung
/// up first (that decides between WA and the submission's own failure)
/// and keeps the conversation for the report; a slower failure (a
/// time-out) keeps its direct result, the order of the two exits standing
/// in for who hung up first.
pub(crate) fn interact(
    interactor: Result<&JudgeProgram, &ToolError>,
    submission: &ProcSpec,
    case: &Case,
) -> Ran {
    let direct = talk(interactor, submission, case, false);
    let cheap = direct.exec.wall < submission.limits.cpu;
    if direct.outcome.verdict == Verdict::Accepted || !cheap {
        return direct;
    }
    talk(interactor, submission, case, true)
}

/// One run of [`interact`], `relayed` or joined directly.
fn talk(
    interactor: Result<&JudgeProgram, &ToolError>,
    submission: &ProcSpec,
    case: &Case,
    relayed: bool,
) -> Ran {
    let could_not_run = |why: String| Ran {
        exec: Execution::failed(End::CouldNotRun(why.clone()), Duration::ZERO),
        outcome: Outcome::new(Verdict::JudgeError, why),
        transcript: None,
    };
    let prepared = (|| -> Result<_, Unrunnable> {
        let interactor = interactor.map_err(|e| Unrunnable::Tool(e.clone()))?;
        let answer = case.answer.as_deref().unwrap_or(Path::new("/dev/null"));
        let feedback = Feedback::new(interactor.runner)?;
        let mut spec = interactor.icpc_spec(case, &feedback);
        // The submission's wall clock runs out first in a deadlock, so it
        // is the one stopped (TLE), not the interactor (JE).
        spec.limits.wall += submission.limits.wall;
        let input = OwnedFd::from(open_for_program(&case.input)?);
        let answer = OwnedFd::from(open_for_program(answer)?);
        Ok((spec, feedback, input, answer, interactor.runner))
    })();
    let (spec, feedback, input, answer, runner) = match prepared {
        Ok(p) => p,
        Err(why) => return could_not_run(why.to_string()),
    };
    let wired = match relayed {
        true => relay::pipes().map(|(ends, relay)| (ends, Some(relay))),
        false => relay::direct().map(|ends| (ends, None)),
    };
    let (ends, relay) = match wired {
        Ok(w) => w,
        Err(e) => return could_not_run(e.to_string()),
    };
    // The relay runs while the launcher runs both programs; the programs'
    // ends go to the launcher and are closed here once sent, so the relay
    // ends when the programs do.
    let (results, transcript) = std::thread::scope(|scope| {
        let relaying = relay.map(|relay| scope.spawn(move || relay.run()));
        let results = runner.run_raw(vec![
            (
                submission,
                vec![ends.submission_stdin, ends.submission_stdout],
            ),
            (
                &spec,
                vec![ends.interactor_stdin, ends.interactor_stdout, input, answer],
            ),
        ]);
        (results, relaying.map(|r| r.join().unwrap_or_default()))
    });
    let mut results = match results {
        Ok(r) if r.len() == 2 => r,
        Ok(_) => {
            return could_not_run("the launcher answered for the wrong number of programs".into());
        }
        Err(e) => return could_not_run(e.to_string()),
    };
    let mut interactor = results.pop().unwrap_or_else(|| unreachable!("two results"));
    let mut program = results.pop().unwrap_or_else(|| unreachable!("two results"));
    let program_exec = execution(&mut program, Vec::new(), 0, &submission.limits);
    let interactor_exec = execution(&mut interactor, Vec::new(), 0, &spec.limits);
    let talked = transcript.unwrap_or_else(|| Transcript {
        first_closed: Some(first_to_end(&program_exec, &interactor_exec)),
        ..Transcript::default()
    });
    let outcome = interaction_verdict(&program_exec, &interactor_exec, &feedback, &talked);
    Ran {
        exec: program_exec,
        outcome,
        transcript: Some(talked.render()).filter(|t| !t.is_empty()),
    }
}

/// Who ended first, from the two runs' wall times, where no relay saw who
/// hung up first. A submission stopped at a limit was killed by judge at
/// a known moment: an interactor that ended with it or after it reacted to
/// that, and counts as first only when it ended clearly before (its
/// verdict then stands). Otherwise the earlier end counts.
fn first_to_end(program: &Execution, interactor: &Execution) -> Side {
    let stopped = matches!(
        program.end,
        End::TimedOut { .. } | End::MemoryExceeded { .. } | End::OutputExceeded { .. }
    );
    let margin = match stopped {
        true => Duration::from_millis(100),
        false => Duration::ZERO,
    };
    match interactor.wall + margin < program.wall {
        true => Side::Interactor,
        false => Side::Submission,
    }
}

/// The verdict of one interaction (see the module's precedence).
fn interaction_verdict(
    program: &Execution,
    interactor: &Execution,
    feedback: &Feedback,
    talk: &Transcript,
) -> Outcome {
    let gone_deaf = talk.stopped_reading == Some(Side::Submission);
    match interactor.end {
        End::Exited(42) | End::Exited(43) => {
            let judged = icpc_verdict(interactor, feedback);
            if judged.verdict == Verdict::WrongAnswer && talk.first_closed == Some(Side::Interactor)
            {
                return judged;
            }
            let after = talk.first_closed == Some(Side::Interactor)
                && talk.stopped_reading == Some(Side::Interactor);
            match ended_badly(program) {
                // Its failure came from writing to an interactor that had
                // finished: say so, the bare exit status would puzzle.
                Some(mut own) if after => {
                    let said = own.message.take().unwrap_or_default();
                    own.message = Some(format!(
                        "{said} (it kept writing after the interactor had finished)"
                    ));
                    own
                }
                Some(own) => own,
                None => judged,
            }
        }
        // The interactor fell over writing to (or because of) a submission
        // that had stopped reading: the submission's fault, unless its own
        // fate says more.
        _ if gone_deaf => ended_badly(program).unwrap_or_else(|| {
            Outcome::new(
                Verdict::WrongAnswer,
                "the submission stopped reading while the interactor was still writing",
            )
        }),
        _ => Outcome::new(
            Verdict::JudgeError,
            checker_failed(interactor, "interactor"),
        ),
    }
}

/// A fresh feedback folder for one judge program run (or one multi-pass
/// case), writable by the program and removed when dropped.
pub(crate) struct Feedback(PathBuf);

impl Feedback {
    pub(crate) fn new(runner: &Runner) -> Result<Feedback, Unrunnable> {
        Ok(Feedback(runner.new_dir("feedback")?))
    }

    pub(crate) fn path(&self) -> &Path {
        &self.0
    }

    /// The folder as the program's argument (ICPC: ends with `/`).
    fn arg(&self) -> String {
        format!("{}/", self.0.display())
    }

    /// A feedback file's text (at most [`MESSAGE`] bytes), if written.
    fn read(&self, name: &str) -> Option<String> {
        let bytes = std::fs::read(self.0.join(name)).ok()?;
        let text = String::from_utf8_lossy(&bytes[..bytes.len().min(MESSAGE)]);
        Some(text.trim_end().to_string())
    }
}

impl Drop for Feedback {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// How a problem's program ended, in words, for a judge error.
pub(crate) fn checker_failed(exec: &Execution, what: &str) -> String {
    let how = match &exec.end {
        End::Exited(code) => format!("exited with {code}"),
        other => ended_badly(exec)
            .and_then(|o| o.message)
            .unwrap_or_else(|| format!("{other:?}")),
    };
    let stderr = String::from_utf8_lossy(&exec.stderr_tail);
    let stderr = stderr.trim();
    if stderr.is_empty() {
        format!("the {what} failed: {how}")
    } else {
        format!("the {what} failed: {how}\n{stderr}")
    }
}

/// The verdict of an ICPC output validator (or interactor): exit 42 AC,
/// 43 WA, else a judge error; messages and score from the feedback folder.
fn icpc_verdict(exec: &Execution, feedback: &Feedback) -> Outcome {
    let judge = feedback.read("judgemessage.txt").filter(|m| !m.is_empty());
    let team = feedback.read("teammessage.txt").filter(|m| !m.is_empty());
    let message = match (judge, team) {
        (Some(j), Some(t)) => Some(format!("{j}\nteam message: {t}")),
        (Some(j), None) => Some(j),
        (None, Some(t)) => Some(format!("team message: {t}")),
        (None, None) => None,
    };
    let verdict = match exec.end {
        End::Exited(42) => Verdict::Accepted,
        End::Exited(43) => Verdict::WrongAnswer,
        _ => return Outcome::new(Verdict::JudgeError, checker_failed(exec, "checker")),
    };
    // A score for a rejected case: the formats call it a judge error
    // (2025-09 "Scoring test cases"; problemtools refuses score.txt on WA).
    if verdict == Verdict::WrongAnswer
        && let Some(file) = ["score.txt", "score_multiplier.txt"]
            .into_iter()
            .find(|f| feedback.0.join(f).exists())
    {
        return Outcome::new(
            Verdict::JudgeError,
            format!(
                "the checker rejected the output but wrote {file}, which is for accepted cases only (a judge error)"
            ),
        );
    }
    let mut score = None;
    if verdict == Verdict::Accepted {
        let number = |name: &str| feedback.read(name).map(|t| t.trim().parse::<f64>());
        score = match (number("score.txt"), number("score_multiplier.txt")) {
            (Some(_), Some(_)) => {
                return Outcome::new(
                    Verdict::JudgeError,
                    "the checker wrote both score.txt and score_multiplier.txt",
                );
            }
            (Some(Ok(p)), None) if p >= 0.0 && p.is_finite() => Some(CheckerScore::Points(p)),
            (None, Some(Ok(f))) if (0.0..=1.0).contains(&f) => Some(CheckerScore::Fraction(f)),
            (None, None) => None,
            _ => {
                return Outcome::new(
                    Verdict::JudgeError,
                    "the checker wrote a score that is not a valid number",
                );
            }
        };
    }
    Outcome {
        verdict,
        message: message
            .or_else(|| (verdict != Verdict::Accepted).then(|| "rejected by the checker".into())),
        diff: None,
        score,
        stop: None,
    }
}

/// The verdict of a testlib checker: exit 0 ok, 1 wrong answer, 2
/// presentation error, 3 failure (a judge error), 7 points (AC with the
/// number after `points` on standard error as the case's points).
fn testlib_verdict(exec: &Execution) -> Outcome {
    let stderr = String::from_utf8_lossy(&exec.stderr_tail)
        .trim()
        .to_string();
    let message = (!stderr.is_empty()).then(|| stderr.clone());
    let (verdict, score) = match exec.end {
        End::Exited(0) => (Verdict::Accepted, None),
        End::Exited(1) => (Verdict::WrongAnswer, None),
        End::Exited(2) => (Verdict::PresentationError, None),
        End::Exited(7) => match points(&stderr) {
            Some(p) => (Verdict::Accepted, Some(CheckerScore::Points(p))),
            None => {
                return Outcome::new(Verdict::JudgeError, "the checker gave points but no number");
            }
        },
        End::Exited(3) => {
            return Outcome::new(Verdict::JudgeError, format!("the checker failed: {stderr}"));
        }
        _ => return Outcome::new(Verdict::JudgeError, checker_failed(exec, "checker")),
    };
    Outcome {
        verdict,
        message,
        diff: None,
        score,
        stop: None,
    }
}

/// The number after the word `points` (testlib writes `points 30 …`).
fn points(text: &str) -> Option<f64> {
    let lower = text.to_ascii_lowercase();
    let at = lower.find("points")?;
    lower[at + "points".len()..]
        .split(|c: char| c.is_whitespace() || c == ':')
        .find(|w| !w.is_empty())
        .and_then(|w| w.parse().ok())
        .filter(|p: &f64| p.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn testlib_points_are_read_from_the_message() {
        assert_eq!(points("points 30.5 good"), Some(30.5));
        assert_eq!(points("Points: 7"), Some(7.0));
        assert_eq!(points("ok"), None);
        let ran = |code: i32, err: &str| {
            let mut e = Execution::finished(Vec::new(), std::time::Duration::ZERO);
            e.end = End::Exited(code);
            e.stderr_tail = err.as_bytes().to_vec();
            e
        };
        assert_eq!(
            testlib_verdict(&ran(0, "ok 3 numbers")).verdict,
            Verdict::Accepted
        );
        assert_eq!(
            testlib_verdict(&ran(1, "wrong")).verdict,
            Verdict::WrongAnswer
        );
        assert_eq!(
            testlib_verdict(&ran(2, "")).verdict,
            Verdict::PresentationError
        );
        assert_eq!(
            testlib_verdict(&ran(3, "bad answer file")).verdict,
            Verdict::JudgeError
        );
        assert_eq!(testlib_verdict(&ran(5, "")).verdict, Verdict::JudgeError);
        let p = testlib_verdict(&ran(7, "points 12"));
        assert_eq!(
            (p.verdict, p.score),
            (Verdict::Accepted, Some(CheckerScore::Points(12.0)))
        );
    }
}
