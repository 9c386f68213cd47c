//! The problem's judge program (an ICPC output validator or interactor,
//! or a testlib checker) and the three ways it meets a run: after it, on
//! its output; alongside it, as the interactor ([`super::interact`]);
//! between its passes, on a multi-pass problem ([`super::multipass`]). All three share what is
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
//! Alongside a run, as the interactor: [`super::interact`].

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::build::tools::{ProgramRole, ToolError, Tools};
use crate::compare::{CheckerScore, Outcome, ended_badly};
use crate::execute::runner::Runner;
use crate::execution::{End, Execution};
use crate::launcher::ProcSpec;
use crate::problem::{Case, Interface};
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
    pub(super) fn icpc_spec(&self, case: &Case, feedback: &Feedback) -> ProcSpec {
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
    pub(super) fn arg(&self) -> String {
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
pub(super) fn icpc_verdict(exec: &Execution, feedback: &Feedback) -> Outcome {
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
