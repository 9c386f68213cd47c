//! "Any divisor": for each number n of the input, print a divisor d with
//! 1 < d < n, or `prime` when there is none. Many outputs are right, so the
//! answer file is only one of them and a checker decides.
//!
//! Input: a count T, then T lines with one n each (2 ≤ n ≤ 10^10).
//! Output: T lines. The fixture problems in `testdata/kinds/divisor-*`
//! use this checker and the same problem with checker programs.

use super::judgement::{Checker, Judgement};
use crate::verdict::Verdict;

pub(crate) struct Divisor;

fn numbers(input: &str) -> Option<Vec<u64>> {
    let mut words = input.split_ascii_whitespace();
    let count: usize = words.next()?.parse().ok()?;
    let values: Vec<u64> = words.map(|w| w.parse().ok()).collect::<Option<_>>()?;
    (values.len() == count).then_some(values)
}

fn is_prime(n: u64) -> bool {
    n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0)
}

impl Checker for Divisor {
    fn id(&self) -> &'static str {
        "divisor"
    }

    fn check(&self, input: &str, _answer: &str, output: &[u8], _args: &[String]) -> Judgement {
        let Some(values) = numbers(input) else {
            return Judgement {
                verdict: Verdict::JudgeError,
                message: Some("the input is not a count followed by that many numbers".into()),
                fraction: None,
            };
        };
        let text = String::from_utf8_lossy(output);
        let lines: Vec<&str> = text.lines().collect();
        if lines.len() != values.len() {
            return Judgement::wrong(format!(
                "{} lines for {} numbers",
                lines.len(),
                values.len()
            ));
        }
        let mut spacing = false;
        for (i, (&n, line)) in values.iter().zip(&lines).enumerate() {
            let word = line.trim();
            spacing |= word.len() != line.len();
            let right = if word == "prime" {
                is_prime(n)
            } else {
                word.parse::<u64>()
                    .is_ok_and(|d| d > 1 && d < n && n % d == 0)
            };
            if !right {
                return Judgement::wrong(format!("line {}: {word:?} for {n}", i + 1));
            }
        }
        if spacing {
            return Judgement {
                verdict: Verdict::PresentationError,
                message: Some("right numbers, stray spaces".into()),
                fraction: None,
            };
        }
        Judgement::accepted()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_proper_divisor_or_prime_is_right_and_nothing_else() {
        let input = "3\n12\n13\n49\n";
        assert_eq!(
            Divisor.check(input, "", b"2\nprime\n7\n", &[]).verdict,
            Verdict::Accepted
        );
        assert_eq!(
            Divisor.check(input, "", b"6\nprime\n7\n", &[]).verdict,
            Verdict::Accepted
        );
        assert_eq!(
            Divisor.check(input, "", b"12\nprime\n7\n", &[]).verdict,
            Verdict::WrongAnswer
        );
        assert_eq!(
            Divisor.check(input, "", b"2\n13\n7\n", &[]).verdict,
            Verdict::WrongAnswer
        );
        assert_eq!(
            Divisor.check(input, "", b"2\nprime\nprime\n", &[]).verdict,
            Verdict::WrongAnswer
        );
        assert_eq!(
            Divisor.check(input, "", b"2\nprime\n", &[]).verdict,
            Verdict::WrongAnswer
        );
        assert_eq!(
            Divisor.check(input, "", b"2 \nprime\n7\n", &[]).verdict,
            Verdict::PresentationError
        );
        assert_eq!(
            Divisor.check("x", "", b"", &[]).verdict,
            Verdict::JudgeError
        );
    }
}
