//! The command line as clap reads it: the verbs and the options every
//! command takes, and the dispatch of a parsed command to its module.
//! Nothing imports this module back: each command's module names only
//! [`super::context`] and [`super::args`].

use super::args::GlobalArgs;
use super::context::Context;
use super::{
    check, diff, export, generate, grade, harden, import, languages, list, merge, new, regen,
    sandbox, solve, stress, timelimit, validate, visualize,
};
use crate::engine::sandbox::SandboxMode;
use crate::error::Result;
use crate::report::Status;

/// The whole command line.
#[derive(clap::Parser)]
#[command(
    name = "judge",
    version,
    about = "Batch grading harness for online-judge style test sets"
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(clap::Subcommand)]
pub enum Command {
    /// Make a problem that passes `judge check` at once (and, in a folder
    /// that is no repository yet, the repository).
    New(new::Args),
    /// Run every case through the reference solver, then grade the
    /// expected-verdict submissions.
    Check(check::Args),
    /// Check every input strictly and the case folders' hygiene.
    Validate(validate::Args),
    /// Recompute expected outputs (atomic writes; failing cases keep their file).
    Regen(regen::Args),
    /// Run a submission on every case under limits and judge it.
    Grade(grade::Args),
    /// Search random inputs for one where a submission and the reference disagree.
    Stress(stress::Args),
    /// Search generated inputs that catch the mutants a mutation run left
    /// alive (and wrong submissions); keep each as a case with its recipe.
    Harden(harden::Args),
    /// Compare two reports: verdict flips, added/removed and slower cases;
    /// exit 1 when anything got worse.
    Diff(diff::Args),
    /// Join the reports of `--shard K/N` runs into one report.
    Merge(merge::Args),
    /// Write a problem as an ICPC / Kattis problem package folder.
    Export(export::Args),
    /// Read an ICPC / Kattis problem package folder into PROBLEMS/ID.
    Import(import::Args),
    /// Print the reference output for standard input.
    Solve(solve::Args),
    /// Show what a sandboxed submission sees here (the allow-list view)
    /// and how runs are measured; exit 1 when no sandbox can be made.
    Sandbox(sandbox::Args),
    /// List problems, their solvers and case counts per group.
    List(list::Args),
    /// Generate random valid inputs, deterministically from a seed.
    Gen(generate::Args),
    /// Calibrate time limits: run the accepted and time_limit_exceeded
    /// submissions several times and check problemtools' margins.
    Timelimit(timelimit::Args),
    /// List every language judge builds: installed or not, its version
    /// and path, and what to install when it is missing.
    Languages(languages::Args),
    /// Draw one case's pictures: its input, its expected output, and
    /// with --answer a received output against it, differences marked.
    Visualize(visualize::Args),
}

impl Command {
    /// The command's name, as typed.
    pub fn name(&self) -> &'static str {
        match self {
            Command::New(_) => "new",
            Command::Check(_) => "check",
            Command::Validate(_) => "validate",
            Command::Regen(_) => "regen",
            Command::Grade(_) => "grade",
            Command::Stress(_) => "stress",
            Command::Harden(_) => "harden",
            Command::Diff(_) => "diff",
            Command::Merge(_) => "merge",
            Command::Export(_) => "export",
            Command::Import(_) => "import",
            Command::Solve(_) => "solve",
            Command::Sandbox(_) => "sandbox",
            Command::List(_) => "list",
            Command::Gen(_) => "gen",
            Command::Timelimit(_) => "timelimit",
            Command::Languages(_) => "languages",
            Command::Visualize(_) => "visualize",
        }
    }

    /// The command's `--sandbox`, for what it runs before its own work
    /// (generating a package's data from its recipe); `auto` for commands
    /// without one.
    pub fn sandbox(&self) -> SandboxMode {
        match self {
            Command::Check(a) => a.sandbox.sandbox,
            Command::Validate(a) => a.sandbox.sandbox,
            Command::Regen(a) => a.sandbox.sandbox,
            Command::Grade(a) => a.sandbox.sandbox,
            Command::Stress(a) => a.sandbox.sandbox,
            Command::Import(a) => a.sandbox.sandbox,
            Command::Solve(a) => a.sandbox.sandbox,
            Command::Gen(a) => a.sandbox.sandbox,
            Command::Timelimit(a) => a.sandbox.sandbox,
            _ => SandboxMode::Auto,
        }
    }

    /// Runs the command.
    pub fn run(self, ctx: &Context) -> Result<Status> {
        match self {
            Command::New(args) => new::run(ctx, args),
            Command::Check(args) => check::run(ctx, args),
            Command::Validate(args) => validate::run(ctx, args),
            Command::Regen(args) => regen::run(ctx, args),
            Command::Grade(args) => grade::run(ctx, args),
            Command::Stress(args) => stress::run(ctx, args),
            Command::Harden(args) => harden::run(ctx, args),
            Command::Diff(args) => diff::run(ctx, args),
            Command::Merge(args) => merge::run(ctx, args),
            Command::Export(args) => export::run(ctx, args),
            Command::Import(args) => import::run(ctx, args),
            Command::Solve(args) => solve::run(ctx, args),
            Command::Sandbox(args) => sandbox::run(ctx, args),
            Command::List(args) => list::run(ctx, args),
            Command::Gen(args) => generate::run(ctx, args),
            Command::Timelimit(args) => timelimit::run(ctx, args),
            Command::Languages(args) => languages::run(ctx, args),
            Command::Visualize(args) => visualize::run(ctx, args),
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// `--help` documents every flag and positional of every command.
    #[test]
    fn every_argument_has_help_text() {
        let cli = super::Cli::command();
        let mut missing = Vec::new();
        for sub in cli.get_subcommands() {
            assert!(sub.get_about().is_some(), "{} has no about", sub.get_name());
            for arg in sub.get_arguments() {
                let builtin = matches!(arg.get_id().as_str(), "help" | "version");
                if !builtin && arg.get_help().is_none() {
                    missing.push(format!("{} {}", sub.get_name(), arg.get_id()));
                }
            }
        }
        assert!(missing.is_empty(), "arguments without help: {missing:?}");
    }

    #[test]
    fn the_command_line_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
