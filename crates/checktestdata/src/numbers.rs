//! Numbers read from the input, in the exact forms checktestdata takes:
//! an integer is `0|-?[1-9][0-9]*` (no leading zeros, no `-0`, no `+`);
//! a float has no leading zeros, a digit on both sides of its dot, and an
//! exponent as the command's notation says. A number that breaks a rule
//! is rejected at its first byte.

use num_bigint::BigInt;
use num_rational::BigRational;

use crate::ast::Notation;
use crate::error::{Mistake, Stop};
use crate::input::Cursor;
use crate::lexer::show_byte;
use crate::value::decimal;

/// `0|-?[1-9][0-9]*`; returns the value and how many bytes it took.
pub(crate) fn read_int(input: &mut Cursor) -> Result<(BigInt, usize), Stop> {
    let start = input.at;
    let minus = input.peek() == Some(b'-');
    if minus {
        input.bump();
    }
    let digits = input.skip(|b| b.is_ascii_digit());
    let text = &input.data[start..input.at];
    let reject = |why: &str| Err(Stop::Reject(Some(start), why.to_string()));
    if digits == 0 && !minus {
        let found = input
            .peek()
            .map_or("the end of the input".into(), show_byte);
        return Err(Stop::Reject(
            None,
            format!("expected an integer, found {found}"),
        ));
    }
    if digits == 0 || (minus && text[1] == b'0') {
        return reject("invalid minus sign (-0 is not allowed)");
    }
    if digits > 1 && text[usize::from(minus)] == b'0' {
        return reject("integer with a leading zero");
    }
    let value = String::from_utf8_lossy(text)
        .parse()
        .map_err(|_| Mistake::UnreadableInteger)?;
    Ok((value, text.len()))
}

/// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?(0|[1-9][0-9]*))?`, the
/// exponent as `notation` says, the decimals within `range` (FLOATP,
/// whose scientific numbers have one non-zero digit before the dot).
pub(crate) fn read_float(
    input: &mut Cursor,
    notation: Notation,
    range: Option<(usize, usize)>,
) -> Result<BigRational, Stop> {
    let start = input.at;
    let reject = |at: Option<usize>, why: &str| Err(Stop::Reject(at, why.to_string()));
    if input.peek() == Some(b'-') {
        input.bump();
    }
    let int_start = input.at;
    let int_digits = input.skip(|b| b.is_ascii_digit());
    if int_digits == 0 {
        let found = input
            .peek()
            .map_or("the end of the input".into(), show_byte);
        return Err(Stop::Reject(
            None,
            format!("expected a float (a digit), found {found}"),
        ));
    }
    let first = input.data[int_start];
    if first == b'0' && int_digits > 1 {
        return reject(Some(start), "float with a leading zero");
    }
    let mut decimals = None;
    if input.peek() == Some(b'.') {
        input.bump();
        let n = input.skip(|b| b.is_ascii_digit());
        if n == 0 {
            return reject(None, "expected a digit after the decimal point");
        }
        decimals = Some(n);
    }
    let want_exp = match notation {
        Notation::Scientific => true,
        Notation::Fixed => false,
        Notation::Any => matches!(input.peek(), Some(b'e' | b'E')),
    };
    if want_exp {
        if !matches!(input.peek(), Some(b'e' | b'E')) {
            return reject(None, "expected an exponent (e or E)");
        }
        input.bump();
        if matches!(input.peek(), Some(b'+' | b'-')) {
            input.bump();
        }
        let exp_start = input.at;
        let n = input.skip(|b| b.is_ascii_digit());
        if n == 0 {
            return reject(None, "expected a digit in the exponent");
        }
        if n > 1 && input.data[exp_start] == b'0' {
            return reject(Some(exp_start), "exponent with a leading zero");
        }
    }
    if let Some((lo, hi)) = range {
        if want_exp && (first == b'0' || int_digits != 1 || decimals.is_none()) {
            return reject(
                Some(start),
                "expected exactly one non-zero digit before the decimal point",
            );
        }
        let n = decimals.unwrap_or(0);
        if n < lo || n > hi {
            return reject(Some(start), &format!("{n} decimals, not in [{lo}, {hi}]"));
        }
    }
    let text = String::from_utf8_lossy(&input.data[start..input.at]).into_owned();
    decimal(&text)
        .ok_or_else(|| Stop::Reject(Some(start), format!("float {text} is too large to hold")))
}
