//! A place in a checktestdata program or input, as its messages name it.

/// A place in a file: 1-based line and column (in bytes, as
/// checktestdata counts them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}
