//! `judge solve`: the reference output for standard input, for people and
//! scripts that want the reference answer to one file.

use std::io::{Read, Write};

use super::{Context, Error, Status};
use crate::exec::{End, reference};
use crate::solvers::{self, Solver};

/// The solver for a problem folder name, or a solver id used directly.
pub fn solver_for(ctx: &Context, name: &str) -> Result<&'static dyn Solver, Error> {
    let found = ctx.load(&[])?;
    if let Some(p) = found.problems.iter().find(|p| p.id == name) {
        return Ok(p.solver());
    }
    if let Some((_, e)) = found.errors.iter().find(|(id, _)| id == name) {
        return Err(Error::Config(e.to_string()));
    }
    solvers::find(name).ok_or_else(|| {
        Error::Usage(format!(
            "unknown problem {name:?} (problems: {}; solvers: {})",
            found
                .problems
                .iter()
                .map(|p| p.id.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            solvers::ids().join(", ")
        ))
    })
}

/// Solves standard input; bad input is reported as `<stdin>:line:col: …`.
pub fn run(ctx: &Context, name: &str) -> Result<Status, Error> {
    let solver = solver_for(ctx, name)?;
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|e| Error::Config(format!("cannot read standard input: {e}")))?;
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            eprintln!(
                "<stdin>: the input is not valid UTF-8 (byte {})",
                e.utf8_error().valid_up_to()
            );
            return Ok(Status::Failed);
        }
    };
    let exec = reference::run(solver, &text);
    match exec.end {
        End::Exited(0) => {
            let mut out = std::io::stdout().lock();
            // A closed pipe (`judge solve … | head`) is not an error worth a message.
            let _ = out.write_all(&exec.stdout).and_then(|_| out.flush());
            Ok(Status::Passed)
        }
        End::InputRejected(e) => {
            eprintln!("<stdin>:{e}");
            Ok(Status::Failed)
        }
        other => {
            eprintln!("error: {other:?}");
            Ok(Status::Failed)
        }
    }
}
