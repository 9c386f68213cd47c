//! Why an expression of a checktestdata program has no value: the
//! program's mistake, with the names and figures it is about.

use num_bigint::BigInt;

use crate::value::{Kind, ValueError};

/// Why an expression has no value: the program's mistake.
#[derive(Debug, thiserror::Error)]
pub(crate) enum EvalError {
    #[error(transparent)]
    Value(#[from] ValueError),
    #[error("an index of {name} must be an integer, not {kind}")]
    IndexNotInteger { name: String, kind: Kind },
    /// A variable, or an element of an array, never set (or unset).
    #[error("variable {name}{} is undefined", shown_index(.index))]
    Undefined { name: String, index: Vec<BigInt> },
    #[error("STRLEN takes a string, not {0}")]
    StrlenNotString(Kind),
}

/// An element's index as messages show it: `[1,2]`, nothing for a plain
/// variable.
fn shown_index(index: &[BigInt]) -> String {
    match index.is_empty() {
        true => String::new(),
        false => show_index(index),
    }
}

/// An index as messages show it: `[1,2]`.
pub(crate) fn show_index(index: &[BigInt]) -> String {
    let parts: Vec<String> = index.iter().map(ToString::to_string).collect();
    format!("[{}]", parts.join(","))
}
