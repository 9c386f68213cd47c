//! The ICPC default output validator, with its flags, as an in-crate
//! checker (`checker: {builtin: icpc-default, args: [...]}`).
//!
//! Imported packages without an output validator of their own are judged
//! by this one, because judge's compare modes are all case-sensitive and
//! have one tolerance, while a package may ask for case-insensitive tokens
//! or separate absolute and relative tolerances. Rules, from the package
//! format's description of the default validator:
//!
//! * output and answer are split into tokens on runs of the six ASCII
//!   whitespace bytes; leading and trailing whitespace is ignored;
//! * `space_change_sensitive`: every whitespace run (leading and trailing
//!   too) must be byte for byte the answer's;
//! * `case_sensitive`: tokens compare as bytes; otherwise ASCII letters
//!   compare without case;
//! * `float_absolute_tolerance E`, `float_relative_tolerance E`,
//!   `float_tolerance E` (both): an answer token that reads as a number is
//!   compared as one, accepted when within either tolerance; the output
//!   token must then read as a finite number.

use super::judgement::{Checker, Judgement};
use crate::verdict::Verdict;

pub(crate) struct IcpcDefault;

/// The validator's settings, from its arguments.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Flags {
    case_sensitive: bool,
    space_sensitive: bool,
    absolute: Option<f64>,
    relative: Option<f64>,
}

impl Flags {
    /// Reads the flags; an unknown flag or a tolerance without a number is
    /// an error (the reference validator stops on them too).
    pub fn parse(args: &[String]) -> Result<Flags, FlagError> {
        let mut flags = Flags::default();
        let mut words = args.iter().flat_map(|a| a.split_ascii_whitespace());
        while let Some(word) = words.next() {
            let mut value = || {
                words
                    .next()
                    .and_then(|v| v.parse::<f64>().ok())
                    .filter(|v| v.is_finite() && *v >= 0.0)
                    .ok_or_else(|| FlagError::NeedsNumber(word.to_string()))
            };
            match word {
                "case_sensitive" => flags.case_sensitive = true,
                "space_change_sensitive" => flags.space_sensitive = true,
                "float_absolute_tolerance" => flags.absolute = Some(value()?),
                "float_relative_tolerance" => flags.relative = Some(value()?),
                "float_tolerance" => {
                    let v = value()?;
                    flags.absolute = Some(v);
                    flags.relative = Some(v);
                }
                other => return Err(FlagError::Unknown(other.to_string())),
            }
        }
        Ok(flags)
    }

    fn floats(&self) -> bool {
        self.absolute.is_some() || self.relative.is_some()
    }
}

/// Why arguments are not ones the default validator takes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FlagError {
    /// A tolerance flag without a non-negative number after it.
    #[error("{0} needs a non-negative number")]
    NeedsNumber(String),
    #[error("unknown default validator flag {0:?}")]
    Unknown(String),
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | 0x0b | 0x0c)
}

/// Alternating runs: `(is_space, bytes)`.
fn runs(text: &[u8]) -> Vec<(bool, &[u8])> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=text.len() {
        if i == text.len() || is_space(text[i]) != is_space(text[start]) {
            out.push((is_space(text[start]), &text[start..i]));
            start = i;
        }
    }
    out
}

/// The non-space runs.
fn words(runs: Vec<(bool, &[u8])>) -> Vec<&[u8]> {
    runs.into_iter()
        .filter(|(s, _)| !s)
        .map(|(_, t)| t)
        .collect()
}

/// The package format's number grammar: `[+-]? (d*.d+ | d+. | d+)
/// ([eE][+-]?d+)?`.
fn number(token: &[u8]) -> Option<f64> {
    let s = std::str::from_utf8(token).ok()?;
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mantissa_ok = digits(int)
        && digits(frac)
        && (!int.is_empty() || !frac.is_empty())
        && !(int.is_empty() && !mantissa.contains('.') && frac.is_empty());
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    if !(mantissa_ok && exponent_ok) {
        return None;
    }
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

fn show(token: &[u8]) -> String {
    let text = String::from_utf8_lossy(token);
    match text.chars().count() {
        n if n > 40 => format!("{:?}…", text.chars().take(40).collect::<String>()),
        _ => format!("{text:?}"),
    }
}

/// Why one output token is not the answer's: the two tokens (as bytes,
/// shown quoted and cut at 40 characters) and, for numbers, how far off.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(crate) enum TokenMismatch {
    /// The answer token is a number and floats are compared, but the
    /// output token does not read as a finite one.
    #[error("expected a number like {}, got {}", show(.answer), show(.output))]
    NotANumber { answer: Vec<u8>, output: Vec<u8> },
    /// Both numbers, further apart than either tolerance allows.
    #[error(
        "expected {}, got {} (off by {diff:e}, more than the tolerance)",
        show(.answer),
        show(.output)
    )]
    OutOfTolerance {
        answer: Vec<u8>,
        output: Vec<u8>,
        diff: f64,
    },
    /// Different words (without case unless `case_sensitive`).
    #[error("expected {}, got {}", show(.answer), show(.output))]
    Differs { answer: Vec<u8>, output: Vec<u8> },
}

/// Why an output is a wrong answer: the judgement's message, with the
/// place (token or whitespace run, 1-based) and what differs there.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(crate) enum Mismatch {
    /// A token differs under `space_change_sensitive`, where runs are
    /// counted rather than tokens.
    #[error(transparent)]
    InRun(TokenMismatch),
    /// Token `token` differs.
    #[error("token {token}: {source}")]
    Token { token: usize, source: TokenMismatch },
    /// Whitespace run `run` is not byte for byte the answer's.
    #[error("whitespace differs at run {run}: {} vs {}", show(.answer), show(.output))]
    Whitespace {
        run: usize,
        answer: Vec<u8>,
        output: Vec<u8>,
    },
    /// Run `run` is whitespace in one and a token in the other.
    #[error("whitespace differs at run {run}")]
    RunKind { run: usize },
    /// More runs than the answer's (`space_change_sensitive`).
    #[error("trailing output")]
    TrailingRuns,
    /// Fewer runs than the answer's (`space_change_sensitive`).
    #[error("the output ends too early")]
    EndsEarly,
    /// A token past the answer's last: the first of them.
    #[error("trailing output: {}", show(.token))]
    TrailingToken { token: Vec<u8> },
    /// Fewer tokens than the answer has.
    #[error("the output ends after {got} tokens, the answer has {want}")]
    EndsAfter { got: usize, want: usize },
}

/// Compares one output token with one answer token.
fn token_matches(flags: &Flags, answer: &[u8], output: &[u8]) -> Result<(), TokenMismatch> {
    let (a, o) = (answer.to_vec(), output.to_vec());
    if flags.floats()
        && let Some(want) = number(answer)
    {
        let Some(got) = number(output) else {
            return Err(TokenMismatch::NotANumber {
                answer: a,
                output: o,
            });
        };
        let diff = (got - want).abs();
        let close = flags.absolute.is_some_and(|e| diff <= e)
            || flags.relative.is_some_and(|e| diff <= e * want.abs());
        return match close {
            true => Ok(()),
            false => Err(TokenMismatch::OutOfTolerance {
                answer: a,
                output: o,
                diff,
            }),
        };
    }
    let same = match flags.case_sensitive {
        true => answer == output,
        false => answer.eq_ignore_ascii_case(output),
    };
    match same {
        true => Ok(()),
        false => Err(TokenMismatch::Differs {
            answer: a,
            output: o,
        }),
    }
}

/// The whole comparison; `Err` is the wrong-answer message.
pub(crate) fn compare(flags: &Flags, answer: &[u8], output: &[u8]) -> Result<(), Mismatch> {
    let (want, got) = (runs(answer), runs(output));
    if flags.space_sensitive {
        for (i, pair) in want.iter().zip(&got).enumerate() {
            let run = i + 1;
            match (pair.0, pair.1) {
                ((true, a), (true, o)) if a != o => {
                    return Err(Mismatch::Whitespace {
                        run,
                        answer: a.to_vec(),
                        output: o.to_vec(),
                    });
                }
                ((false, a), (false, o)) => {
                    token_matches(flags, a, o).map_err(Mismatch::InRun)?;
                }
                ((sa, _), (so, _)) if sa != so => return Err(Mismatch::RunKind { run }),
                _ => {}
            }
        }
        return match want.len().cmp(&got.len()) {
            std::cmp::Ordering::Equal => Ok(()),
            std::cmp::Ordering::Less => Err(Mismatch::TrailingRuns),
            std::cmp::Ordering::Greater => Err(Mismatch::EndsEarly),
        };
    }
    let (want, got) = (words(want), words(got));
    for (i, (a, o)) in want.iter().zip(&got).enumerate() {
        token_matches(flags, a, o).map_err(|source| Mismatch::Token {
            token: i + 1,
            source,
        })?;
    }
    match want.len().cmp(&got.len()) {
        std::cmp::Ordering::Equal => Ok(()),
        std::cmp::Ordering::Less => Err(Mismatch::TrailingToken {
            token: got[want.len()].to_vec(),
        }),
        std::cmp::Ordering::Greater => Err(Mismatch::EndsAfter {
            got: got.len(),
            want: want.len(),
        }),
    }
}

impl Checker for IcpcDefault {
    fn id(&self) -> &'static str {
        "icpc-default"
    }

    fn check(&self, _input: &str, answer: &str, output: &[u8], args: &[String]) -> Judgement {
        let flags = match Flags::parse(args) {
            Ok(f) => f,
            Err(e) => {
                return Judgement {
                    verdict: Verdict::JudgeError,
                    message: Some(e.to_string()),
                    fraction: None,
                };
            }
        };
        match compare(&flags, answer.as_bytes(), output) {
            Ok(()) => Judgement::accepted(),
            Err(why) => Judgement::wrong(why.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(flags: &str, answer: &str, output: &str) -> Result<(), Mismatch> {
        let args: Vec<String> = flags.split_whitespace().map(str::to_string).collect();
        compare(
            &Flags::parse(&args).unwrap(),
            answer.as_bytes(),
            output.as_bytes(),
        )
    }

    #[test]
    fn tokens_ignore_spacing_and_case_unless_asked() {
        assert!(judge("", "Yes 3\n", "  yes\t\t3").is_ok());
        assert!(judge("case_sensitive", "Yes 3\n", "yes 3\n").is_err());
        let trailing = judge("", "1 2\n", "1 2 3\n").unwrap_err();
        assert_eq!(
            trailing,
            Mismatch::TrailingToken {
                token: b"3".to_vec()
            }
        );
        assert_eq!(trailing.to_string(), "trailing output: \"3\"");
        let short = judge("", "1 2\n", "1\n").unwrap_err();
        assert_eq!(short, Mismatch::EndsAfter { got: 1, want: 2 });
        assert_eq!(
            short.to_string(),
            "the output ends after 1 tokens, the answer has 2"
        );
        assert!(judge("space_change_sensitive", "1 2\n", "1  2\n").is_err());
        assert!(judge("space_change_sensitive", "1 2\n", "1 2").is_err());
        assert!(judge("space_change_sensitive", "a b\n", "A b\n").is_ok());
        assert!(judge("space_change_sensitive case_sensitive", "a b\n", "a b\n").is_ok());
    }

    #[test]
    fn a_wrong_answer_says_where_and_what() {
        let e = judge("", "a b\n", "a c\n").unwrap_err();
        let Mismatch::Token { token: 2, source } = &e else {
            panic!("{e:?}")
        };
        assert!(matches!(source, TokenMismatch::Differs { output, .. } if output == b"c"));
        assert_eq!(e.to_string(), "token 2: expected \"b\", got \"c\"");
        let e = judge("float_tolerance 1e-6", "1.0\n", "x\n").unwrap_err();
        assert!(matches!(
            e,
            Mismatch::Token {
                token: 1,
                source: TokenMismatch::NotANumber { .. }
            }
        ));
        let e = judge("float_absolute_tolerance 1e-3", "1\n", "2\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "token 1: expected \"1\", got \"2\" (off by 1e0, more than the tolerance)"
        );
        let e = judge("space_change_sensitive", "1 2\n", "1  2\n").unwrap_err();
        assert!(matches!(&e, Mismatch::Whitespace { run: 2, output, .. } if output == b"  "));
        assert_eq!(
            e.to_string(),
            "whitespace differs at run 2: \" \" vs \"  \""
        );
        let e = judge("space_change_sensitive", "1 2\n", "1 3\n").unwrap_err();
        assert!(matches!(e, Mismatch::InRun(TokenMismatch::Differs { .. })));
        assert_eq!(e.to_string(), "expected \"2\", got \"3\"");
        let e = judge("space_change_sensitive", "1 2\n", "1 2").unwrap_err();
        assert_eq!(e, Mismatch::EndsEarly);
    }

    #[test]
    fn numbers_within_either_tolerance_pass() {
        assert!(judge("float_tolerance 1e-6", "3.14\n", "3.1400001\n").is_ok());
        assert!(judge("float_tolerance 1e-6", "3.14\n", "0.0314e2\n").is_ok());
        assert!(judge("float_absolute_tolerance 1e-3", "1000\n", "1000.01\n").is_err());
        assert!(judge("float_relative_tolerance 1e-3", "1000\n", "1000.5\n").is_ok());
        assert!(judge("float_tolerance 1e-6", "1.0\n", "nan\n").is_err());
        assert!(judge("float_tolerance 1e-6", "1.0\n", "inf\n").is_err());
        // Not a number in the answer: compared as a word.
        assert!(judge("float_tolerance 1e-6", "impossible\n", "IMPOSSIBLE\n").is_ok());
        // Without a tolerance numbers are words.
        assert!(judge("", "1.0\n", "1.00\n").is_err());
    }

    #[test]
    fn the_number_grammar_is_the_formats() {
        for ok in ["1", "-1", "+1.5", ".5", "5.", "1e5", "1.5E-3", "-.5e+2"] {
            assert!(number(ok.as_bytes()).is_some(), "{ok}");
        }
        for bad in [
            "", ".", "e5", "1e", "0x10", "1.5.2", "inf", "nan", "1,5", "--1",
        ] {
            assert!(number(bad.as_bytes()).is_none(), "{bad}");
        }
    }

    #[test]
    fn bad_flags_are_refused() {
        assert!(Flags::parse(&["float_tolerance".into()]).is_err());
        assert!(Flags::parse(&["ignore_case".into()]).is_err());
        let f = Flags::parse(&["case_sensitive float_relative_tolerance 1e-4".into()]).unwrap();
        assert!(f.case_sensitive && f.relative == Some(1e-4) && f.absolute.is_none());
    }
}
