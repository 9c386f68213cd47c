//! checktestdata, DOMjudge's small language for input validators
//! (`.ctd` files), interpreted by judge itself.
//!
//! Contest archives (Kattis/problemtools, DOMjudge, the KTH and SWERC
//! sets) validate their inputs with `.ctd` programs, and Debian packages
//! no checktestdata: for judge to validate such a package on a machine
//! with nothing installed, the language is implemented here, from its
//! specification (doc/format-spec.md of DOMjudge's checktestdata
//! repository) and the behaviour of DOMjudge's implementation:
//!
//! - the input is read byte for byte: SPACE is one space, NEWLINE one
//!   `\n`, nothing is skipped, and the program ends with an implicit EOF;
//! - INT reads `0|-?[1-9][0-9]*` (no leading zeros, no `-0`); FLOAT and
//!   FLOATP read `-?(0|[1-9][0-9]*)(\.[0-9]+)?` with an optional exponent
//!   (required by SCIENTIFIC, refused by FIXED);
//! - integers have any size, floats are exact fractions (checktestdata
//!   uses 256-bit GMP floats: the same answers for every bound check);
//! - REGEX is a POSIX extended regex whose longest match at the current
//!   byte is taken (the `pattern` module).
//!
//! What is and is not the input's fault is kept apart ([`Failure`]): a
//! rejected input is placed at its failing byte (line, column, byte
//! offset) with what was expected and the command (its `file:line:col`)
//! that expected it; a mistake in the program is placed in the program.
//! Nothing panics on any program or input.
//!
//! The crate depends on no other part of judge: the command line runs it
//! as a hidden subcommand (`judge __checktestdata`, see [`main`]), which
//! the language table's `checktestdata` entry names, so a `.ctd` input
//! validator is built and run through the sandbox like any other
//! validator program.

mod ast;
mod error;
mod eval_error;
mod input;
mod interp;
mod lexer;
mod numbers;
mod parser;
mod pattern;
mod pos;
mod value;

use std::io::{Read, Write};

pub use error::{Failure, ProgramError, Rejection};
pub use pos::Pos;

/// A parsed program, ready to check inputs.
pub struct Program {
    file: String,
    body: Vec<ast::Command>,
    /// Where the program ends: the place of its implicit EOF.
    end: Pos,
}

impl Program {
    /// Parses the program `source`, read from `file` (the name its
    /// messages give). A mistake is `file:line:col: message`.
    pub fn parse(file: &str, source: &[u8]) -> Result<Program, ProgramError> {
        let tokens = lexer::tokens(file, source)?;
        let end = tokens.last().map(|t| t.pos).unwrap_or_default();
        let body = parser::parse(file, source, tokens)?;
        Ok(Program {
            file: file.to_string(),
            body,
            end,
        })
    }

    /// Checks `input` against the program.
    pub fn check(&self, input: &[u8]) -> Result<(), Failure> {
        interp::Interp::new(&self.file, input).run(&self.body, self.end)
    }
}

/// The validator accepts the input (ICPC convention).
pub const ACCEPTED: i32 = 42;
/// The validator rejects the input.
pub const REJECTED: i32 = 43;
/// The program is wrong, or cannot be read: neither verdict.
pub const BROKEN: i32 = 2;

/// `judge __checktestdata [--check] PROGRAM [ARGS…]`: checks standard
/// input against PROGRAM and returns the exit code, as an ICPC input
/// validator: [`ACCEPTED`], [`REJECTED`] (why on standard error) or
/// [`BROKEN`]. With `--check` the program is only parsed (0 or
/// [`BROKEN`]): the language table runs that as the "compile" step, so a
/// broken program is reported once, as a validator that does not build.
/// ARGS (the test group's validator arguments) are ignored, as
/// checktestdata has no way to read them.
pub fn main(args: &[String]) -> i32 {
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    let (check_only, rest) = match args.first().map(String::as_str) {
        Some("--check") => (true, &args[1..]),
        _ => (false, args),
    };
    let Some(path) = rest.first() else {
        let _ = writeln!(
            err,
            "usage: judge __checktestdata [--check] PROGRAM.ctd [ARGS...] < input"
        );
        return BROKEN;
    };
    let name = shown_name(path);
    let source = match std::fs::read(path) {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(err, "{name}: cannot read: {e}");
            return BROKEN;
        }
    };
    let program = match Program::parse(&name, &source) {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(err, "{e}");
            return BROKEN;
        }
    };
    if check_only {
        return 0;
    }
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().lock().read_to_end(&mut input) {
        let _ = writeln!(err, "cannot read the input: {e}");
        return BROKEN;
    }
    match program.check(&input) {
        Ok(()) => ACCEPTED,
        Err(Failure::Rejected(r)) => {
            let _ = writeln!(err, "{r}");
            REJECTED
        }
        Err(Failure::Program(e)) => {
            let _ = writeln!(err, "{e}");
            BROKEN
        }
    }
}

/// The program's name in messages: relative to the current folder when
/// it lies below it (a validator runs in its own build folder, whose
/// absolute path means nothing to the reader).
fn shown_name(path: &str) -> String {
    let p = std::path::Path::new(path);
    std::env::current_dir()
        .ok()
        .and_then(|here| p.strip_prefix(here).ok().map(|r| r.display().to_string()))
        .unwrap_or_else(|| path.to_string())
}

#[cfg(test)]
mod tests;
