//! Judging an output: the problem's compare mode, an in-crate checker, or
//! a checker program in the ICPC or the testlib interface.
//!
//! A checker program gets the case's input and answer as open files
//! (`/dev/fd/3`, `/dev/fd/4`: the test data itself is never in a sandbox's
//! view), a fresh feedback folder, and runs under the problem's checker
//! limits as the judge's uid. A checker that crashes, hangs or answers
//! with an exit code its interface does not know is a judge error (JE),
//! never a verdict about the submission.

use std::io::Write;
use std::path::Path;

use super::tools::Tools;
use crate::compare::{self, CheckerScore, Expected, Outcome, ended_badly, read_expected};
use crate::execution::{End, Execution};
use crate::problem::{Case, CheckerSpec, Interface};
use crate::verdict::Verdict;

/// Bytes of a checker's message kept in the report.
const MESSAGE: usize = 4096;

/// Judges the output of `exec` on `case`.
pub(crate) fn judge_output(tools: &Tools, case: &Case, exec: &Execution) -> Outcome {
    if let Some(outcome) = ended_badly(exec) {
        return outcome;
    }
    let spec = &tools.problem.spec;
    let expected = read_expected(case.answer.as_deref());
    let Some(checker) = &spec.checker else {
        let mode = case.settings.compare.unwrap_or(spec.compare);
        let tolerance = case.settings.tolerance.unwrap_or(spec.tolerance);
        return compare::judge(exec, expected, mode, tolerance);
    };
    let answer = match expected {
        Expected::Bytes(_) => case.answer.as_deref().unwrap_or(Path::new("/dev/null")),
        Expected::Missing => {
            return Outcome::new(Verdict::MissingAnswer, "no .out file beside the .in file");
        }
        Expected::Unreadable(msg) => return Outcome::new(Verdict::JudgeError, msg),
    };
    if let Some(builtin) = &checker.builtin {
        let read = |p: &Path| std::fs::read(p).map(|b| String::from_utf8_lossy(&b).into_owned());
        return match (read(&case.input), read(answer)) {
            (Ok(input), Ok(answer)) => {
                let args = checker_args(checker, case);
                let j = builtin.get().check(&input, &answer, &exec.stdout, &args);
                Outcome {
                    verdict: j.verdict,
                    message: j.message,
                    diff: None,
                    score: j.fraction.map(CheckerScore::Fraction),
                }
            }
            (Err(e), _) | (_, Err(e)) => Outcome::new(Verdict::JudgeError, e.to_string()),
        };
    }
    match run_program(tools, checker, case, answer, &exec.stdout) {
        Ok(outcome) => outcome,
        Err(why) => Outcome::new(Verdict::JudgeError, why),
    }
}

/// A fresh feedback folder for one checker run, writable by the checker
/// and removed when dropped.
pub(crate) struct Feedback(std::path::PathBuf);

impl Feedback {
    pub(crate) fn new(tools: &Tools) -> Result<Feedback, String> {
        tools
            .runner()?
            .new_dir("feedback")
            .map(Feedback)
            .map_err(|e| e.to_string())
    }

    pub(crate) fn path(&self) -> &Path {
        &self.0
    }

    /// The folder as the checker's argument (ICPC: ends with `/`).
    pub(crate) fn arg(&self) -> String {
        format!("{}/", self.0.display())
    }

    /// A feedback file's text (at most [`MESSAGE`] bytes), if written.
    pub(crate) fn read(&self, name: &str) -> Option<String> {
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

/// The checker's arguments for `case`: the problem's, then the group's.
pub(crate) fn checker_args(checker: &CheckerSpec, case: &Case) -> Vec<String> {
    let mut args = checker.args.clone();
    args.extend(case.settings.checker_args.iter().cloned());
    args
}

fn run_program(
    tools: &Tools,
    checker: &CheckerSpec,
    case: &Case,
    answer: &Path,
    output: &[u8],
) -> Result<Outcome, String> {
    let runner = tools.runner()?;
    let program = tools.checker()?;
    let mut team =
        tempfile::NamedTempFile::new().map_err(|e| format!("cannot keep the output: {e}"))?;
    team.write_all(output)
        .map_err(|e| format!("cannot keep the output: {e}"))?;
    match checker.interface {
        Interface::Icpc => {
            let feedback = Feedback::new(tools)?;
            icpc_check(tools, case, &case.input, answer, team.path(), &feedback)
        }
        Interface::Testlib => {
            let args = vec!["/dev/fd/3".into(), "/dev/fd/4".into(), "/dev/fd/5".into()];
            let spec = tools.spec(program, args, tools.judge_limits());
            let exec = runner.run_with(
                &spec,
                Path::new("/dev/null"),
                &[&case.input, team.path(), answer],
            );
            Ok(testlib_verdict(&exec))
        }
    }
}

/// Runs the ICPC checker program on the output in file `team` for input
/// `input` (the case's, or a later pass's `nextpass.in`), leaving its
/// files in `feedback`.
pub(crate) fn icpc_check(
    tools: &Tools,
    case: &Case,
    input: &Path,
    answer: &Path,
    team: &Path,
    feedback: &Feedback,
) -> Result<Outcome, String> {
    let runner = tools.runner()?;
    let program = tools.checker()?;
    let checker = tools
        .problem
        .spec
        .checker
        .as_ref()
        .ok_or("no checker program")?;
    let mut args = vec!["/dev/fd/3".into(), "/dev/fd/4".into(), feedback.arg()];
    args.extend(checker_args(checker, case));
    let mut spec = tools.spec(program, args, tools.judge_limits());
    spec.writable.push(feedback.path().display().to_string());
    let exec = runner.run_with(&spec, team, &[input, answer]);
    Ok(icpc_verdict(&exec, feedback))
}

/// How a checker program ended, in words, for a judge error.
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
pub(crate) fn icpc_verdict(exec: &Execution, feedback: &Feedback) -> Outcome {
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
