//! The `judge` command line: parse, dispatch to one command, exit with its
//! status (the codes are [`judge::exit`]'s table).

use clap::Parser;
use judge::commands::cli::Cli;
use judge::commands::context::Context;
use judge::exit;

fn main() {
    // Behave like other Unix tools when the reader goes away
    // (`judge check | head`): end quietly instead of panicking in println!.
    // SAFETY: called first thing in main, before any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("__launcher") {
        // The per-worker launcher (see judge::engine::launcher).
        exit::launcher(&args[2..]);
    }
    if args.get(1).map(String::as_str) == Some("__checktestdata") {
        // A `.ctd` input validator (see judge_checktestdata).
        exit::checktestdata(&args[2..]);
    }
    exit::install();
    judge::solvers::install();
    let cli = Cli::parse();
    let mut ctx = Context::new(cli.global, cli.command.name());
    ctx.sandbox = cli.command.sandbox();
    if let Some(note) = &ctx.root_note {
        eprintln!("{} {note}", ctx.style.dim("note:"));
    }
    // The configuration's language table is in force before any command
    // builds anything; a mistake in it stops every command, up front.
    if let Err(e) = ctx.install_languages() {
        eprintln!("{} {e}", ctx.style.red("error:"));
        exit::end(exit::error(&e));
    }
    let result = cli.command.run(&ctx);
    let code = match result {
        Ok(status) => exit::status(status),
        Err(e) => {
            eprintln!("{} {e}", ctx.style.red("error:"));
            exit::error(&e)
        }
    };
    judge::commands::generated::remove_uncached();
    // A signal being handled ends the process instead.
    exit::end(code);
}
