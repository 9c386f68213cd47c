//! How judge ends: the one table of its exit codes, and the only place
//! that ends the process.
//!
//! | code | meaning |
//! |---|---|
//! | 0 | all good |
//! | 1 | some case failed: a wrong or missing answer, a broken promise of an expected-verdict submission, a test-set issue (hygiene, drift), a regression (`judge diff`), a counterexample (`judge stress`), a file `judge regen` could not write, a time limit outside its margins (`judge timelimit`), a missing language (`judge languages --require`), no sandbox here (`judge sandbox`) |
//! | 2 | usage or configuration error: a bad flag or problem name, a problem folder that does not load, a problem's own program that does not build, a package judge cannot take, a runner that cannot be set up; every error a command returns ([`crate::error::Error`]) |
//! | 128 + n | killed by signal n (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP): a run over a test set kills its programs and writes the report of the problems that finished, marked interrupted (`commands/progress.rs`); judge-fs's clean-up removes what the run was writing, then raises the signal again so the shell sees it; should that not end the process, [`killed`] does, with this code |
//!
//! clap's own refusals of a command line exit 2 as well (and `--help`,
//! `--version` 0).
//!
//! With a broken problem folder, `check` and `validate` still run every
//! healthy problem and report the broken one, then exit 2: a report's
//! status is [`Status::from_counts`]'s order (errors before failures
//! before passing), which sharded runs and `judge merge` share.
//!
//! Two programs judge runs have codes of their own, part of this table:
//!
//! - `judge __launcher`, the per-worker launcher the runner starts from
//!   judge's own binary ([`crate::engine::launcher`]): 0 when judge closed
//!   its socket, 1 when the socket broke or a request was malformed, 2
//!   when it could not set itself up (the sandbox, its cgroup); the outer
//!   half of a sandboxed launcher exits with the inner half's code.
//! - `judge __checktestdata [--check] PROGRAM`, the interpreter of `.ctd`
//!   input validators the language table's `checktestdata` entry runs
//!   ([`judge_checktestdata::main`]): 42 when the input matches, 43 when
//!   it does not (why on standard error), 2 when the program is wrong;
//!   with `--check` (its build step), 0 when the program parses.
//! - the mutant runner `judge harden` writes and builds
//!   (`crates/engine/src/harden/workshop.rs`): 0 with the solver's answer,
//!   1 when the solver rejects the input, 2 for an unknown solver id or an
//!   unreadable input, 3 when a variant of the solver disagrees with it; a
//!   submission's run that exits non-zero is a run-time error either way.
//!
//! `grep -rn process::exit crates src` finds this module only.

use crate::error::Error;
use crate::report::Status;

/// All good.
pub const PASSED: i32 = 0;
/// Some case failed.
pub const FAILED: i32 = 1;
/// Usage or configuration error.
pub const USAGE: i32 = 2;

/// The exit code of a command that ran to its end.
pub fn status(status: Status) -> i32 {
    match status {
        Status::Passed => PASSED,
        Status::Failed => FAILED,
        Status::ConfigError => USAGE,
    }
}

/// The exit code of a command stopped by `error`: every error is a usage
/// or configuration fault, 1 being kept for "some case failed".
pub fn error(_: &Error) -> i32 {
    USAGE
}

/// The exit code of a process killed by signal `signal`.
pub fn killed(signal: i32) -> i32 {
    128 + signal
}

/// Makes this table the one judge-fs's signal clean-up ends the process
/// by, should raising the signal again not end it. First thing in `main`.
pub fn install() {
    judge_fs::on_signal_end(end_killed);
}

fn end_killed(signal: libc::c_int) -> ! {
    std::process::exit(killed(signal))
}

/// Ends the process with `code`; while a signal's clean-up is under way,
/// waits for it to end the process by the signal instead (see
/// [`judge_fs::wait_if_ending`]).
pub fn end(code: i32) -> ! {
    judge_fs::wait_if_ending();
    std::process::exit(code)
}

/// The per-worker launcher's process (`judge __launcher …`): serves
/// judge's requests, then ends with its own code (see the table above).
pub fn launcher(args: &[String]) -> ! {
    std::process::exit(crate::engine::launcher::serve::serve(args))
}

/// A `.ctd` input validator's process (`judge __checktestdata …`): ends
/// with the validator's code (see the table above).
pub fn checktestdata(args: &[String]) -> ! {
    std::process::exit(judge_checktestdata::main(args))
}
