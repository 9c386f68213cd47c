//! The `judge` command line: parse, dispatch to one command, exit with its
//! status (0 all good, 1 some case failed, 2 usage or configuration error).

use clap::{Parser, Subcommand};
use judge::commands::{self as cmd, Context, GlobalArgs};

#[derive(Parser)]
#[command(
    name = "judge",
    version,
    about = "Batch grading harness for online-judge style test sets"
)]
struct Cli {
    #[command(flatten)]
    global: GlobalArgs,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run every case through the reference solver, then grade the
    /// expected-verdict submissions.
    Check(cmd::check::Args),
    /// Check every input strictly and the case folders' hygiene.
    Validate(cmd::validate::Args),
    /// Recompute expected outputs (atomic writes; failing cases keep their file).
    Regen(cmd::regen::Args),
    /// Run a submission on every case under limits and judge it.
    Grade(cmd::grade::Args),
    /// Search random inputs for one where a submission and the reference disagree.
    Stress(cmd::stress::Args),
    /// Compare two reports: verdict flips, added/removed and slower cases;
    /// exit 1 when anything got worse.
    Diff(cmd::diff::Args),
    /// Join the reports of `--shard K/N` runs into one report.
    Merge(cmd::merge::Args),
    /// Write a problem as an ICPC / Kattis problem package folder.
    Export(cmd::export::Args),
    /// Read an ICPC / Kattis problem package folder into <problems>/<ID>.
    Import(cmd::import::Args),
    /// Print the reference output for standard input.
    Solve(cmd::solve::Args),
    /// List problems, their solvers and case counts per group.
    List(cmd::list::Args),
    /// Generate random valid inputs, deterministically from a seed.
    Gen(cmd::generate::Args),
}

fn main() {
    // Behave like other Unix tools when the reader goes away
    // (`judge check | head`): end quietly instead of panicking in println!.
    // SAFETY: called first thing in main, before any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    let ctx = Context::new(cli.global);
    let result = match cli.command {
        Command::Check(args) => cmd::check::run(&ctx, args),
        Command::Validate(args) => cmd::validate::run(&ctx, args),
        Command::Regen(args) => cmd::regen::run(&ctx, args),
        Command::Grade(args) => cmd::grade::run(&ctx, args),
        Command::Stress(args) => cmd::stress::run(&ctx, args),
        Command::Diff(args) => cmd::diff::run(&ctx, args),
        Command::Merge(args) => cmd::merge::run(&ctx, args),
        Command::Export(args) => cmd::export::run(&ctx, args),
        Command::Import(args) => cmd::import::run(&ctx, args),
        Command::Solve(args) => cmd::solve::run(&ctx, args),
        Command::List(args) => cmd::list::run(&ctx, args),
        Command::Gen(args) => cmd::generate::run(&ctx, args),
    };
    std::process::exit(match result {
        Ok(status) => status.code(),
        Err(e) => {
            eprintln!("{} {e}", ctx.style.red("error:"));
            e.code()
        }
    });
}
