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

/// Compares one output token with one answer token.
fn token_matches(flags: &Flags, answer: &[u8], output: &[u8]) -> Result<(), String> {
    if flags.floats()
        && let Some(want) = number(answer)
    {
        let Some(got) = number(output) else {
            return Err(format!(
                "expected a number like {}, got {}",
                show(answer),
                show(output)
            ));
        };
        let diff = (got - want).abs();
        let close = flags.absolute.is_some_and(|e| diff <= e)
            || flags.relative.is_some_and(|e| diff <= e * want.abs());
        return match close {
            true => Ok(()),
            false => Err(format!(
                "expected {}, got {} (off by {diff:e}, more than the tolerance)",
                show(answer),
                show(output)
            )),
        };
    }
    let same = match flags.case_sensitive {
        true => answer == output,
        false => answer.eq_ignore_ascii_case(output),
    };
    match same {
        true => Ok(()),
        false => Err(format!("expected {}, got {}", show(answer), show(output))),
    }
}

/// The whole comparison; `Err` is the wrong-answer message.
pub(crate) fn compare(flags: &Flags, answer: &[u8], output: &[u8]) -> Result<(), String> {
    let (want, got) = (runs(answer), runs(output));
    if flags.space_sensitive {
        for (i, pair) in want.iter().zip(&got).enumerate() {
            match (pair.0, pair.1) {
                ((true, a), (true, o)) if a != o => {
                    return Err(format!(
                        "whitespace differs at run {}: {} vs {}",
                        i + 1,
                        show(a),
                        show(o)
                    ));
                }
                ((false, a), (false, o)) => token_matches(flags, a, o)?,
                ((sa, _), (so, _)) if sa != so => {
                    return Err(format!("whitespace differs at run {}", i + 1));
                }
                _ => {}
            }
        }
        return match want.len().cmp(&got.len()) {
            std::cmp::Ordering::Equal => Ok(()),
            std::cmp::Ordering::Less => Err("trailing output".into()),
            std::cmp::Ordering::Greater => Err("the output ends too early".into()),
        };
    }
    let (want, got) = (words(want), words(got));
    for (i, (a, o)) in want.iter().zip(&got).enumerate() {
        token_matches(flags, a, o).map_err(|e| format!("token {}: {e}", i + 1))?;
    }
    match want.len().cmp(&got.len()) {
        std::cmp::Ordering::Equal => Ok(()),
        std::cmp::Ordering::Less => Err(format!("trailing output: {}", show(got[want.len()]))),
        std::cmp::Ordering::Greater => Err(format!(
            "the output ends after {} tokens, the answer has {}",
            got.len(),
            want.len()
        )),
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
            Err(why) => Judgement::wrong(why),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(flags: &str, answer: &str, output: &str) -> Result<(), String> {
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
        assert!(
            judge("", "1 2\n", "1 2 3\n")
                .unwrap_err()
                .contains("trailing")
        );
        assert!(
            judge("", "1 2\n", "1\n")
                .unwrap_err()
                .contains("ends after 1")
        );
        assert!(judge("space_change_sensitive", "1 2\n", "1  2\n").is_err());
        assert!(judge("space_change_sensitive", "1 2\n", "1 2").is_err());
        assert!(judge("space_change_sensitive", "a b\n", "A b\n").is_ok());
        assert!(judge("space_change_sensitive case_sensitive", "a b\n", "a b\n").is_ok());
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
