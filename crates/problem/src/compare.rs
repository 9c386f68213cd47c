//! Compare stage: an execution plus the expected output become a verdict.
//!
//! The verdict comes only from the problem's compare mode. The diff is made
//! afterwards and only explains the verdict, so a diff that looks empty (say,
//! a missing final newline under `exact`) can never change the outcome.

use serde::{Deserialize, Serialize};

use crate::diff;
use crate::execution::Execution;
use crate::stop::Stop;
use crate::verdict::Verdict;

/// How an output is compared with the expected one, strictest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CompareMode {
    /// Byte for byte.
    Exact,
    /// Ignores whitespace at line ends and blank lines at the end.
    #[default]
    Lines,
    /// Compares whitespace-separated tokens.
    Tokens,
    /// Tokens, with numbers equal within an absolute or relative tolerance.
    Float,
}

impl CompareMode {
    pub fn name(self) -> &'static str {
        match self {
            CompareMode::Exact => "exact",
            CompareMode::Lines => "lines",
            CompareMode::Tokens => "tokens",
            CompareMode::Float => "float",
        }
    }

    /// Modes that forgive more than this one; passing one of them while
    /// failing this one is a presentation error rather than a wrong answer.
    fn looser(self) -> &'static [CompareMode] {
        match self {
            CompareMode::Exact => &[CompareMode::Lines, CompareMode::Tokens],
            CompareMode::Lines => &[CompareMode::Tokens],
            CompareMode::Tokens | CompareMode::Float => &[],
        }
    }

    /// Whether `actual` is acceptable for `expected` under this mode.
    pub fn matches(self, expected: &[u8], actual: &[u8], tolerance: f64) -> bool {
        match self {
            CompareMode::Exact => expected == actual,
            CompareMode::Lines => significant_lines(expected).eq(significant_lines(actual)),
            CompareMode::Tokens => tokens(expected).eq(tokens(actual)),
            CompareMode::Float => {
                let (mut e, mut a) = (tokens(expected), tokens(actual));
                loop {
                    match (e.next(), a.next()) {
                        (None, None) => return true,
                        (Some(x), Some(y)) if tokens_close(x, y, tolerance) => {}
                        _ => return false,
                    }
                }
            }
        }
    }
}

fn tokens(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
}

/// Lines with trailing whitespace removed, without the blank lines at the end.
fn significant_lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let trimmed: Vec<&[u8]> = text.split(|&b| b == b'\n').map(trim_end).collect();
    let keep = trimmed
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(0, |i| i + 1);
    trimmed.into_iter().take(keep)
}

fn trim_end(line: &[u8]) -> &[u8] {
    let end = line
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    &line[..end]
}

fn tokens_close(expected: &[u8], actual: &[u8], tolerance: f64) -> bool {
    if expected == actual {
        return true;
    }
    let parse = |t: &[u8]| std::str::from_utf8(t).ok()?.parse::<f64>().ok();
    match (parse(expected), parse(actual)) {
        (Some(e), Some(a)) if e.is_finite() && a.is_finite() => {
            let diff = (e - a).abs();
            diff <= tolerance || diff <= tolerance * e.abs()
        }
        _ => false,
    }
}

/// What the compare stage concluded about one case.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub verdict: Verdict,
    /// One line saying why, for anything but AC (e.g. the input error).
    pub message: Option<String>,
    /// Unified diff (expected → actual) for WA and PE.
    pub diff: Option<String>,
    /// A checker's score for the case, when it gave one (scoring
    /// problems).
    pub score: Option<CheckerScore>,
    /// How the run ended, when it ended badly: the data `message` says
    /// in words.
    pub stop: Option<Stop>,
}

/// How a checker scored an accepted output. Written as a plain mapping
/// (`{points: 3}`), not as a YAML tag (`!points 3`) that `yaml.safe_load`,
/// `yq` and most CI scripts cannot read.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(into = "ScoreFields", try_from = "ScoreFields")]
pub enum CheckerScore {
    /// A fraction of what the case is worth (ICPC `score_multiplier.txt`,
    /// an in-crate checker's fraction).
    Fraction(f64),
    /// Points of its own (ICPC `score.txt`, testlib `points`).
    Points(f64),
}

/// [`CheckerScore`] as it is written: exactly one of the two keys.
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScoreFields {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fraction: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    points: Option<f64>,
}

impl From<CheckerScore> for ScoreFields {
    fn from(s: CheckerScore) -> ScoreFields {
        match s {
            CheckerScore::Fraction(f) => ScoreFields {
                fraction: Some(f),
                points: None,
            },
            CheckerScore::Points(p) => ScoreFields {
                fraction: None,
                points: Some(p),
            },
        }
    }
}

/// A written checker score that gives both keys or neither: which one it
/// is cannot be told, so the record does not read.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("a checker score is one of `fraction` or `points`")]
pub(crate) struct NotOneScore {
    pub fraction: Option<f64>,
    pub points: Option<f64>,
}

impl TryFrom<ScoreFields> for CheckerScore {
    type Error = NotOneScore;

    fn try_from(f: ScoreFields) -> Result<CheckerScore, NotOneScore> {
        match (f.fraction, f.points) {
            (Some(x), None) => Ok(CheckerScore::Fraction(x)),
            (None, Some(p)) => Ok(CheckerScore::Points(p)),
            (fraction, points) => Err(NotOneScore { fraction, points }),
        }
    }
}

impl std::fmt::Display for CheckerScore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckerScore::Fraction(x) => write!(f, "×{x}"),
            CheckerScore::Points(x) => write!(f, "{x}"),
        }
    }
}

impl Outcome {
    pub fn new(verdict: Verdict, message: impl Into<String>) -> Self {
        Outcome {
            verdict,
            message: Some(message.into()),
            diff: None,
            score: None,
            stop: None,
        }
    }

    /// AC, which needs no explanation.
    pub fn accepted() -> Self {
        Outcome {
            verdict: Verdict::Accepted,
            message: None,
            diff: None,
            score: None,
            stop: None,
        }
    }
}

/// The expected output as the compare stage receives it.
pub enum Expected {
    Bytes(Vec<u8>),
    Missing,
    Unreadable(String),
}

/// Reads `<case>.out`, telling "absent" apart from "cannot be read".
pub fn read_expected(path: Option<&std::path::Path>) -> Expected {
    match path {
        None => Expected::Missing,
        Some(p) => match std::fs::read(p) {
            Ok(bytes) => Expected::Bytes(bytes),
            Err(e) => Expected::Unreadable(format!("{}: {e}", p.display())),
        },
    }
}

/// Turns an execution into a verdict.
///
/// Precedence, first match wins: the harness's own failures (JE, BAD-INPUT),
/// then resource verdicts (OLE, TLE on CPU, MLE, TLE on the wall clock, as
/// decided by the executor), then RE, then the
/// output comparison (AC, PE, WA). A program killed for time is TLE even if
/// it also crashed, because the kill caused the crash. A missing `.out` is
/// reported only for programs that ran fine, since there is nothing to
/// compare against.
/// The verdict of a run that did not end normally (a limit, a crash, a
/// run that could not start), or `None` when its output is to be judged.
pub fn ended_badly(exec: &Execution) -> Option<Outcome> {
    let stop = Stop::of(exec)?;
    Some(Outcome {
        verdict: stop.verdict(),
        message: Some(stop.to_string()),
        diff: None,
        score: None,
        stop: Some(stop),
    })
}

pub fn judge(exec: &Execution, expected: Expected, mode: CompareMode, tolerance: f64) -> Outcome {
    if let Some(outcome) = ended_badly(exec) {
        return outcome;
    }
    let expected = match expected {
        Expected::Bytes(b) => b,
        Expected::Missing => {
            return Outcome::new(Verdict::MissingAnswer, "no .out file beside the .in file");
        }
        Expected::Unreadable(msg) => return Outcome::new(Verdict::JudgeError, msg),
    };
    if mode.matches(&expected, &exec.stdout, tolerance) {
        return Outcome::accepted();
    }
    let (verdict, message) = match mode
        .looser()
        .iter()
        .find(|m| m.matches(&expected, &exec.stdout, tolerance))
    {
        Some(looser) => (
            Verdict::PresentationError,
            format!(
                "differs under `{}` but matches under `{}`",
                mode.name(),
                looser.name()
            ),
        ),
        None => (
            Verdict::WrongAnswer,
            format!("output differs under `{}`", mode.name()),
        ),
    };
    Outcome {
        verdict,
        message: Some(message),
        diff: Some(diff::unified(&expected, &exec.stdout, diff::REPORT_LINES)),
        score: None,
        stop: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checker_score_is_a_plain_mapping_any_yaml_reader_takes() {
        let text = serde_yaml::to_string(&CheckerScore::Points(3.0)).unwrap();
        assert_eq!(text.trim(), "points: 3.0");
        assert!(!text.contains('!'));
        let back: CheckerScore = serde_yaml::from_str("fraction: 0.5").unwrap();
        assert_eq!(back, CheckerScore::Fraction(0.5));
        let both = serde_yaml::from_str::<CheckerScore>("{points: 1, fraction: 1}").unwrap_err();
        assert!(
            both.to_string().starts_with("a checker score is one of"),
            "{both}"
        );
        let fields = ScoreFields {
            fraction: Some(1.0),
            points: Some(2.0),
        };
        assert_eq!(
            CheckerScore::try_from(fields),
            Err(NotOneScore {
                fraction: Some(1.0),
                points: Some(2.0)
            })
        );
    }
    use CompareMode::*;

    #[test]
    fn exact_cares_about_every_byte() {
        assert!(Exact.matches(b"a b\n", b"a b\n", 0.0));
        assert!(!Exact.matches(b"a b\n", b"a b", 0.0));
        assert!(!Exact.matches(b"a b\n", b"a  b\n", 0.0));
    }

    #[test]
    fn lines_ignores_trailing_space_and_trailing_blank_lines_only() {
        assert!(Lines.matches(b"a b\nc\n", b"a b  \nc\r\n\n\n", 0.0));
        assert!(Lines.matches(b"a\n", b"a", 0.0));
        assert!(!Lines.matches(b"a b\n", b"a  b\n", 0.0));
        assert!(!Lines.matches(b"a\nb\n", b"a\n\nb\n", 0.0));
        assert!(!Lines.matches(b"a\n", b" a\n", 0.0));
    }

    #[test]
    fn tokens_ignores_all_whitespace() {
        assert!(Tokens.matches(b"1 2\n3\n", b"1\n2 3", 0.0));
        assert!(!Tokens.matches(b"1 2 3", b"1 23", 0.0));
    }

    #[test]
    fn float_uses_absolute_or_relative_tolerance() {
        assert!(Float.matches(b"1.0 x", b"1.0000001 x", 1e-6));
        assert!(Float.matches(b"1000000", b"1000000.5", 1e-6));
        assert!(!Float.matches(b"1.0", b"1.01", 1e-6));
        assert!(!Float.matches(b"1.0 x", b"1.0 y", 1e-6));
        assert!(!Float.matches(b"1.0", b"nan", 1e-6));
        assert!(!Float.matches(b"1.0", b"1.0 2.0", 1e-6));
    }

    fn ran(stdout: &[u8]) -> Execution {
        Execution::finished(stdout.to_vec(), std::time::Duration::ZERO)
    }

    #[test]
    fn presentation_error_when_only_a_looser_mode_matches() {
        let out = judge(
            &ran(b"a  b\n"),
            Expected::Bytes(b"a b\n".to_vec()),
            Exact,
            0.0,
        );
        assert_eq!(out.verdict, Verdict::PresentationError);
        assert!(out.diff.is_some());
        let out = judge(
            &ran(b"a c\n"),
            Expected::Bytes(b"a b\n".to_vec()),
            Exact,
            0.0,
        );
        assert_eq!(out.verdict, Verdict::WrongAnswer);
        let out = judge(
            &ran(b"a b\n"),
            Expected::Bytes(b"a b\n".to_vec()),
            Exact,
            0.0,
        );
        assert_eq!(out, Outcome::accepted());
    }

    #[test]
    fn resource_verdicts_win_over_the_output() {
        let mut e = ran(b"a b\n");
        e.end = crate::execution::End::TimedOut {
            wall: false,
            limit: std::time::Duration::from_secs(1),
        };
        assert_eq!(
            judge(&e, Expected::Bytes(b"a b\n".to_vec()), Exact, 0.0).verdict,
            Verdict::TimeLimit
        );
        e.end = crate::execution::End::Signaled(11);
        let out = judge(&e, Expected::Bytes(b"a b\n".to_vec()), Exact, 0.0);
        assert_eq!(out.verdict, Verdict::RuntimeError);
        assert_eq!(out.stop, Some(Stop::Signal { signal: 11 }));
    }

    #[test]
    fn missing_and_unreadable_answers_have_their_own_verdicts() {
        assert_eq!(
            judge(&ran(b"x"), Expected::Missing, Exact, 0.0).verdict,
            Verdict::MissingAnswer
        );
        assert_eq!(
            judge(&ran(b"x"), Expected::Unreadable("nope".into()), Exact, 0.0).verdict,
            Verdict::JudgeError
        );
    }
}
