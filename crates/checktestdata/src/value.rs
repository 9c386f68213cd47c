//! The values a program computes with: integers of any size, floats and
//! byte strings, and their arithmetic.
//!
//! checktestdata keeps floats as GMP floats of 256 bits; here they are
//! exact fractions, which agree with those on every comparison an input
//! validator makes (a bound against a number read) and never round. An
//! expression is an integer while all its parts are, and integer
//! division truncates towards zero, as in checktestdata (and C).

use std::cmp::Ordering;
use std::fmt;

use num_bigint::BigInt;
use num_traits::Num;

use crate::ast::Expr;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

/// A result of `^` larger than this many bits is refused: no input
/// validator needs it, and computing it could take all the memory.
const MAX_POWER_BITS: u64 = 1 << 24;

#[derive(Debug, Clone)]
pub(crate) enum Value {
    Int(BigInt),
    Float(BigRational),
    Str(Vec<u8>),
}

/// What sort of value a value is, for messages about the wrong sort.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Int,
    Float,
    Str,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Int => "an integer",
            Kind::Float => "a float",
            Kind::Str => "a string",
        })
    }
}

/// Arithmetic or a comparison the values do not allow: the program's
/// mistake (a string in a sum, a division by zero), not the input's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum ValueError {
    #[error("cannot negate a string")]
    NegateString,
    #[error("cannot compute {left} {op} {right}")]
    Arithmetic {
        op: &'static str,
        left: Kind,
        right: Kind,
    },
    #[error("division by zero")]
    DivisionByZero,
    #[error("modulo by zero")]
    ModuloByZero,
    #[error("% takes integers, not {left} and {right}")]
    ModuloOfNonIntegers { left: Kind, right: Kind },
    #[error("the exponent of ^ must be an integer, not {0}")]
    ExponentNotInteger(Kind),
    /// Below zero, or beyond 64 bits.
    #[error("the exponent {0} of ^ is negative or too large")]
    ExponentOutOfRange(BigInt),
    /// Beyond 32 bits, which no power of a number above 1 survives.
    #[error("the exponent {0} of ^ is too large")]
    ExponentTooLarge(u64),
    /// The power would have more than [`MAX_POWER_BITS`] bits.
    #[error("the result of ^{0} is too large")]
    PowerTooLarge(u64),
    #[error("cannot raise a string to a power")]
    PowerOfString,
    #[error("cannot compare {left} with {right}")]
    Incomparable { left: Kind, right: Kind },
}

impl Value {
    pub(crate) fn kind(&self) -> Kind {
        match self {
            Value::Int(_) => Kind::Int,
            Value::Float(_) => Kind::Float,
            Value::Str(_) => Kind::Str,
        }
    }

    /// The number as a fraction (integers too); `None` for a string.
    pub(crate) fn number(&self) -> Option<BigRational> {
        match self {
            Value::Int(i) => Some(BigRational::from_integer(i.clone())),
            Value::Float(f) => Some(f.clone()),
            Value::Str(_) => None,
        }
    }

    pub(crate) fn neg(self) -> Result<Value, ValueError> {
        match self {
            Value::Int(i) => Ok(Value::Int(-i)),
            Value::Float(f) => Ok(Value::Float(-f)),
            Value::Str(_) => Err(ValueError::NegateString),
        }
    }

    pub(crate) fn add(self, o: Value) -> Result<Value, ValueError> {
        arith(self, o, "+", |a, b| Ok(a + b), |a, b| Ok(a + b))
    }

    pub(crate) fn sub(self, o: Value) -> Result<Value, ValueError> {
        arith(self, o, "-", |a, b| Ok(a - b), |a, b| Ok(a - b))
    }

    pub(crate) fn mul(self, o: Value) -> Result<Value, ValueError> {
        arith(self, o, "*", |a, b| Ok(a * b), |a, b| Ok(a * b))
    }

    pub(crate) fn div(self, o: Value) -> Result<Value, ValueError> {
        let zero = || ValueError::DivisionByZero;
        arith(
            self,
            o,
            "/",
            |a, b| if b.is_zero() { Err(zero()) } else { Ok(a / b) },
            |a, b| if b.is_zero() { Err(zero()) } else { Ok(a / b) },
        )
    }

    pub(crate) fn rem(self, o: Value) -> Result<Value, ValueError> {
        match (self, o) {
            (Value::Int(_), Value::Int(b)) if b.is_zero() => Err(ValueError::ModuloByZero),
            (Value::Int(a), Value::Int(b)) => Ok(Value::Int(a % b)),
            (a, b) => Err(ValueError::ModuloOfNonIntegers {
                left: a.kind(),
                right: b.kind(),
            }),
        }
    }

    pub(crate) fn pow(self, o: Value) -> Result<Value, ValueError> {
        let Value::Int(e) = o else {
            return Err(ValueError::ExponentNotInteger(o.kind()));
        };
        let Some(e) = e.to_u64() else {
            return Err(ValueError::ExponentOutOfRange(e));
        };
        let too_big = |bits: u64| bits.saturating_mul(e) > MAX_POWER_BITS;
        let e32 = u32::try_from(e).map_err(|_| ValueError::ExponentTooLarge(e))?;
        match self {
            Value::Int(b) => {
                if b.magnitude().bits() > 1 && too_big(b.magnitude().bits()) {
                    return Err(ValueError::PowerTooLarge(e));
                }
                Ok(Value::Int(b.pow(e32)))
            }
            Value::Float(b) => {
                let bits = b
                    .numer()
                    .magnitude()
                    .bits()
                    .max(b.denom().magnitude().bits());
                if bits > 1 && too_big(bits) {
                    return Err(ValueError::PowerTooLarge(e));
                }
                Ok(Value::Float(BigRational::new(
                    b.numer().pow(e32),
                    b.denom().pow(e32),
                )))
            }
            Value::Str(_) => Err(ValueError::PowerOfString),
        }
    }

    /// checktestdata's comparison: numbers with numbers (an integer and a
    /// float by value), strings with strings (byte by byte).
    pub(crate) fn compare(&self, o: &Value) -> Result<Ordering, ValueError> {
        match (self, o) {
            (Value::Int(a), Value::Int(b)) => Ok(a.cmp(b)),
            (Value::Str(a), Value::Str(b)) => Ok(a.cmp(b)),
            (a, b) => match (a.number(), b.number()) {
                (Some(x), Some(y)) => Ok(x.cmp(&y)),
                _ => Err(ValueError::Incomparable {
                    left: a.kind(),
                    right: b.kind(),
                }),
            },
        }
    }
}

/// Values as keys of UNIQUE and INARRAY: numbers by value (so 1 and 1.0
/// are the same, as checktestdata's comparison says), then strings.
impl Ord for Value {
    fn cmp(&self, o: &Value) -> Ordering {
        let strings_last = match self {
            Value::Str(_) => Ordering::Greater,
            _ => Ordering::Less,
        };
        self.compare(o).unwrap_or(strings_last)
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, o: &Value) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl PartialEq for Value {
    fn eq(&self, o: &Value) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}

impl Eq for Value {}

fn arith(
    a: Value,
    b: Value,
    op: &'static str,
    ints: impl Fn(BigInt, BigInt) -> Result<BigInt, ValueError>,
    floats: impl Fn(BigRational, BigRational) -> Result<BigRational, ValueError>,
) -> Result<Value, ValueError> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => ints(x, y).map(Value::Int),
        (a, b) => match (a.number(), b.number()) {
            (Some(x), Some(y)) => floats(x, y).map(Value::Float),
            _ => Err(ValueError::Arithmetic {
                op,
                left: a.kind(),
                right: b.kind(),
            }),
        },
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(i) => write!(f, "{i}"),
            Value::Float(x) => write!(f, "{}", float_text(x)),
            Value::Str(s) => write!(f, "{:?}", String::from_utf8_lossy(s)),
        }
    }
}

/// A fraction in decimal, to 12 places when it does not end sooner.
fn float_text(x: &BigRational) -> String {
    let sign = if x.is_negative() { "-" } else { "" };
    let x = x.abs();
    let int = x.to_integer();
    let mut frac = x - BigRational::from_integer(int.clone());
    let mut digits = String::new();
    while !frac.is_zero() && digits.len() < 12 {
        frac *= BigRational::from_integer(10.into());
        let d = frac.to_integer();
        digits.push_str(&d.to_string());
        frac -= BigRational::from_integer(d);
    }
    match digits.is_empty() {
        true => format!("{sign}{int}"),
        false => format!("{sign}{int}.{digits}"),
    }
}

/// An integer literal. As in checktestdata (GMP reads literals in the
/// base their prefix says), a leading 0 makes it octal; one that is not
/// valid octal is read as a decimal float.
pub(crate) fn int_literal(text: &str) -> Expr {
    if text.len() > 1 && text.starts_with('0') {
        return match BigInt::from_str_radix(&text[1..], 8) {
            Ok(n) => Expr::Int(n),
            Err(_) => Expr::Float(decimal(text).unwrap_or_else(BigRational::zero)),
        };
    }
    Expr::Int(text.parse().unwrap_or_default())
}

/// The exact value of a decimal numeral: `-?d+(.d*)?([eE][+-]?d+)?`.
/// `None` for anything else, or an exponent too large to hold.
pub(crate) fn decimal(text: &str) -> Option<BigRational> {
    let (mantissa, exp) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i64>().ok()?),
        None => (text, 0),
    };
    let (neg, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, mantissa),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int.is_empty() || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits: BigInt = format!("{int}{frac}").parse().ok()?;
    let shift = exp.checked_sub(i64::try_from(frac.len()).ok()?)?;
    // 10^100000 and beyond is no number an input validator needs.
    if shift.unsigned_abs() > 100_000 {
        return None;
    }
    let ten = BigInt::from(10).pow(shift.unsigned_abs() as u32);
    let mut value = if shift >= 0 {
        BigRational::from_integer(digits * ten)
    } else {
        BigRational::new(digits, ten)
    };
    if neg {
        value = -value;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(i: i64) -> Value {
        Value::Int(i.into())
    }

    fn float(n: i64, d: i64) -> Value {
        Value::Float(BigRational::new(n.into(), d.into()))
    }

    #[test]
    fn integers_stay_integers_and_divide_towards_zero() {
        assert_eq!(int(-7).div(int(2)).unwrap().to_string(), "-3");
        assert_eq!(int(-7).rem(int(2)).unwrap().to_string(), "-1");
        assert_eq!(
            int(10).pow(int(18)).unwrap().to_string(),
            "1000000000000000000"
        );
        assert_eq!(
            int(2).pow(int(100)).unwrap().to_string(),
            "1267650600228229401496703205376"
        );
        assert_eq!(int(7).div(float(1, 2)).unwrap().to_string(), "14");
        assert!(matches!(int(7).div(float(1, 2)).unwrap(), Value::Float(_)));
        assert_eq!(float(1, 3).to_string(), "0.333333333333");
        assert_eq!(float(-5, 4).to_string(), "-1.25");
    }

    #[test]
    fn mistakes_are_errors_not_panics() {
        assert_eq!(int(1).div(int(0)).unwrap_err(), ValueError::DivisionByZero);
        assert_eq!(
            float(1, 2).div(float(0, 1)).unwrap_err(),
            ValueError::DivisionByZero
        );
        assert_eq!(int(1).rem(int(0)).unwrap_err(), ValueError::ModuloByZero);
        assert_eq!(
            int(2).pow(int(-1)).unwrap_err(),
            ValueError::ExponentOutOfRange((-1).into())
        );
        assert_eq!(
            int(10).pow(int(100_000_000)).unwrap_err(),
            ValueError::PowerTooLarge(100_000_000)
        );
        assert_eq!(
            int(1).pow(int(1 << 40)).unwrap_err(),
            ValueError::ExponentTooLarge(1 << 40)
        );
        assert!(int(1).pow(int(100_000_000)).is_ok());
        assert_eq!(
            float(1, 2).rem(int(1)).unwrap_err(),
            ValueError::ModuloOfNonIntegers {
                left: Kind::Float,
                right: Kind::Int
            }
        );
        let a = || Value::Str(b"a".to_vec());
        assert_eq!(
            a().add(int(1)).unwrap_err(),
            ValueError::Arithmetic {
                op: "+",
                left: Kind::Str,
                right: Kind::Int
            }
        );
        assert_eq!(
            a().compare(&int(1)).unwrap_err(),
            ValueError::Incomparable {
                left: Kind::Str,
                right: Kind::Int
            }
        );
        assert_eq!(a().neg().unwrap_err(), ValueError::NegateString);
        assert_eq!(a().pow(int(2)).unwrap_err(), ValueError::PowerOfString);
        assert_eq!(
            int(2).pow(a()).unwrap_err(),
            ValueError::ExponentNotInteger(Kind::Str)
        );
    }

    #[test]
    fn value_errors_read_as_before() {
        let a = Value::Str(b"a".to_vec());
        assert_eq!(
            a.clone().add(int(1)).unwrap_err().to_string(),
            "cannot compute a string + an integer"
        );
        assert_eq!(
            float(1, 2).rem(int(1)).unwrap_err().to_string(),
            "% takes integers, not a float and an integer"
        );
        assert_eq!(
            int(2).pow(int(-1)).unwrap_err().to_string(),
            "the exponent -1 of ^ is negative or too large"
        );
        assert_eq!(
            int(10).pow(int(100_000_000)).unwrap_err().to_string(),
            "the result of ^100000000 is too large"
        );
        assert_eq!(
            a.compare(&int(1)).unwrap_err().to_string(),
            "cannot compare a string with an integer"
        );
    }

    #[test]
    fn numbers_compare_by_value_and_strings_by_bytes() {
        assert_eq!(int(1), float(2, 2));
        assert!(int(1) < float(3, 2));
        assert!(Value::Str(b"ab".to_vec()) < Value::Str(b"b".to_vec()));
        assert!(int(5) < Value::Str(Vec::new()));
    }
}
