//! `judge solve`: the reference output for standard input, for people and
//! scripts that want the reference answer to one file.

use std::io::{Read, Write};

use super::Context;
use crate::engine::reference;
use crate::error::{Error, Result};
use crate::execution::End;
use crate::report::Status;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problem folder name or solver id (a solver id works without a
    /// problems folder).
    pub problem: String,
}

/// Solves standard input; bad input is reported as `<stdin>:line:col: …`.
pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let solver = ctx.solver_for(&args.problem)?;
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .map_err(Error::io("<stdin>", "cannot read"))?;
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
