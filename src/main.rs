//! The `judge` command line: parse arguments into validated options once,
//! dispatch to a command, map its result to an exit code (0 all good,
//! 1 some case failed, 2 usage or configuration error).

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use judge::commands::{self, Context, Status};
use judge::exec::sandbox::SandboxMode;

#[derive(Parser)]
#[command(
    name = "judge",
    version,
    about = "Batch grading harness for online-judge style test sets"
)]
struct Cli {
    /// Folder holding one sub-folder per problem.
    #[arg(
        long = "problems",
        global = true,
        default_value = "problems",
        value_name = "DIR"
    )]
    problems_dir: PathBuf,
    /// Colour on the terminal.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, ValueEnum)]
enum SandboxChoice {
    Auto,
    On,
    Off,
}

impl From<SandboxChoice> for SandboxMode {
    fn from(c: SandboxChoice) -> Self {
        match c {
            SandboxChoice::Auto => SandboxMode::Auto,
            SandboxChoice::On => SandboxMode::On,
            SandboxChoice::Off => SandboxMode::Off,
        }
    }
}

/// Package formats `judge export` writes.
#[derive(Clone, Copy, ValueEnum)]
enum PackageFormat {
    /// ICPC / Kattis problem package (problem.yaml, data/, submissions/).
    Icpc,
}

/// Options every run over a test set shares.
#[derive(clap::Args)]
struct RunArgs {
    /// Worker threads (0 = one per core).
    #[arg(long, short, default_value_t = 0)]
    jobs: usize,
    /// Where report.yaml and report.html go.
    #[arg(long, default_value = "reports", value_name = "DIR")]
    report_dir: PathBuf,
    /// Run only part K of N of the cases (e.g. 2/3), for CI matrices.
    #[arg(long, value_name = "K/N")]
    shard: Option<judge::shard::Shard>,
}

#[derive(Subcommand)]
enum Command {
    /// Run every case through the reference solver and compare with the expected output.
    Check {
        /// Problems to check (all when none given).
        problems: Vec<String>,
        /// Skip grading problems/<id>/submissions/<verdict>/*.
        #[arg(long)]
        no_submissions: bool,
        /// Isolation for those submissions: auto, on, off.
        #[arg(long, value_enum, default_value_t = SandboxChoice::Auto)]
        sandbox: SandboxChoice,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Check every input strictly and the case folders' hygiene.
    Validate {
        problems: Vec<String>,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Recompute expected outputs (atomic writes; failing cases keep their file).
    Regen {
        problems: Vec<String>,
        /// Show what would change without writing anything.
        #[arg(long)]
        dry_run: bool,
        /// Also list unchanged files.
        #[arg(long, short)]
        verbose: bool,
        #[arg(long, short, default_value_t = 0)]
        jobs: usize,
    },
    /// Run a submission on every case under limits and judge it.
    Grade {
        problem: String,
        /// Source file (.c .cpp .cc .rs .py .java .sh) or executable.
        submission: PathBuf,
        /// How to run it instead (split on spaces, started in its folder).
        #[arg(long)]
        cmd: Option<String>,
        /// CPU time limit per case (default: problem.yaml).
        #[arg(long, value_parser = judge::units::parse_duration)]
        time_limit: Option<std::time::Duration>,
        /// Memory limit per case, e.g. 256MiB (default: problem.yaml).
        #[arg(long, value_parser = judge::units::parse_size)]
        memory_limit: Option<u64>,
        /// Output limit per case, e.g. 8MiB (default: problem.yaml).
        #[arg(long, value_parser = judge::units::parse_size)]
        output_limit: Option<u64>,
        /// Also write JUnit XML here.
        #[arg(long, value_name = "FILE")]
        junit: Option<PathBuf>,
        /// Isolation with bubblewrap: auto (when available), on (required), off.
        #[arg(long, value_enum, default_value_t = SandboxChoice::Auto)]
        sandbox: SandboxChoice,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Search random inputs for one where a submission and the reference disagree.
    Stress {
        problem: String,
        /// Source file (.c .cpp .cc .rs .py .java .sh) or executable.
        submission: PathBuf,
        /// How to run it instead (split on spaces, started in its folder).
        #[arg(long)]
        cmd: Option<String>,
        /// Seed of the generated inputs (as for `judge gen`).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Inputs to try before giving up.
        #[arg(long, default_value_t = 200)]
        iterations: usize,
        /// CPU time limit per run (default: problem.yaml).
        #[arg(long, value_parser = judge::units::parse_duration)]
        time_limit: Option<std::time::Duration>,
        /// Isolation with bubblewrap: auto (when available), on (required), off.
        #[arg(long, value_enum, default_value_t = SandboxChoice::Auto)]
        sandbox: SandboxChoice,
    },
    /// Compare two reports: verdict flips, added/removed cases, slower cases.
    /// Exit 1 when anything got worse.
    Diff {
        old: PathBuf,
        new: PathBuf,
        /// Flag cases at least this many times slower …
        #[arg(long, default_value_t = 2.0)]
        time_factor: f64,
        /// … and slower by at least this many milliseconds.
        #[arg(long, default_value_t = 20.0)]
        min_ms: f64,
    },
    /// Join the reports of `--shard K/N` runs into one report.
    Merge {
        /// The shard reports (report.yaml files).
        #[arg(required = true)]
        reports: Vec<PathBuf>,
        #[arg(long, default_value = "reports", value_name = "DIR")]
        report_dir: PathBuf,
        /// Also write JUnit XML here.
        #[arg(long, value_name = "FILE")]
        junit: Option<PathBuf>,
    },
    /// Write a problem as an ICPC / Kattis problem package folder.
    Export {
        /// Problem folder name.
        problem: String,
        /// Package format (only icpc).
        #[arg(long, value_enum, default_value_t = PackageFormat::Icpc)]
        format: PackageFormat,
        /// Package folder to create; must not exist (.zip is refused).
        #[arg(long, value_name = "PATH")]
        out: PathBuf,
    },
    /// Read an ICPC / Kattis problem package folder into <problems>/<ID>.
    Import {
        /// The package folder.
        package: PathBuf,
        /// Name of the new problem folder.
        #[arg(long)]
        id: String,
        /// Reference solver id (default: the package's judge.yaml).
        #[arg(long)]
        solver: Option<String>,
    },
    /// Print the reference output for standard input.
    Solve {
        /// Problem folder name or solver id.
        problem: String,
    },
    /// List problems, their solvers and case counts per group.
    List,
    /// Generate random valid inputs, deterministically from a seed.
    Gen {
        problem: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// Input size from 1 (tiny) to 10 (largest).
        #[arg(long, default_value_t = 10)]
        size: u32,
        /// Folder to write `<prefix>-NNN.in` into (standard output if absent).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        #[arg(long, default_value = "gen")]
        prefix: String,
        /// Replace existing files.
        #[arg(long)]
        force: bool,
    },
}

fn main() {
    // Behave like other Unix tools when the reader goes away
    // (`judge check | head`): end quietly instead of panicking in println!.
    // SAFETY: called first thing in main, before any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    let command_line = std::env::args().collect::<Vec<_>>().join(" ");
    let mut ctx = Context::detect(cli.problems_dir, command_line);
    match cli.color {
        ColorChoice::Always => ctx.style.color = true,
        ColorChoice::Never => ctx.style.color = false,
        ColorChoice::Auto => {}
    }
    let result = match cli.command {
        Command::Check {
            problems,
            no_submissions,
            sandbox,
            run:
                RunArgs {
                    jobs,
                    report_dir,
                    shard,
                },
        } => commands::check::run(
            &ctx,
            &commands::check::CheckOptions {
                problems,
                jobs,
                report_dir,
                shard,
                submissions: !no_submissions,
                sandbox: sandbox.into(),
            },
        )
        .map(|(_, s)| s),
        Command::Validate {
            problems,
            run:
                RunArgs {
                    jobs,
                    report_dir,
                    shard,
                },
        } => commands::validate::run(
            &ctx,
            &commands::validate::ValidateOptions {
                problems,
                jobs,
                report_dir,
                shard,
            },
        )
        .map(|(_, s)| s),
        Command::Regen {
            problems,
            dry_run,
            verbose,
            jobs,
        } => commands::regen::run(
            &ctx,
            &commands::regen::RegenOptions {
                problems,
                dry_run,
                verbose,
                jobs,
            },
        ),
        Command::Grade {
            problem,
            submission,
            cmd,
            time_limit,
            memory_limit,
            output_limit,
            junit,
            sandbox,
            run:
                RunArgs {
                    jobs,
                    report_dir,
                    shard,
                },
        } => commands::grade::run(
            &ctx,
            &commands::grade::GradeOptions {
                problem,
                submission,
                cmd,
                jobs,
                time_limit,
                memory_limit,
                output_limit,
                report_dir,
                shard,
                junit,
                sandbox: sandbox.into(),
            },
        )
        .map(|(_, s)| s),
        Command::Stress {
            problem,
            submission,
            cmd,
            seed,
            iterations,
            time_limit,
            sandbox,
        } => commands::stress::run(
            &ctx,
            &commands::stress::StressOptions {
                problem,
                submission,
                cmd,
                seed,
                iterations,
                time_limit,
                sandbox: sandbox.into(),
            },
        ),
        Command::Diff {
            old,
            new,
            time_factor,
            min_ms,
        } => commands::diff::run(
            &ctx,
            &commands::diff::DiffOptions {
                old,
                new,
                time_factor,
                min_ms,
            },
        ),
        Command::Merge {
            reports,
            report_dir,
            junit,
        } => commands::merge::run(
            &ctx,
            &commands::merge::MergeOptions {
                reports,
                report_dir,
                junit,
            },
        )
        .map(|(_, s)| s),
        Command::Export {
            problem,
            format: PackageFormat::Icpc,
            out,
        } => commands::export::run(&ctx, &commands::export::ExportOptions { problem, out }),
        Command::Import {
            package,
            id,
            solver,
        } => commands::import::run(
            &ctx,
            &commands::import::ImportOptions {
                package,
                id,
                solver,
            },
        ),
        Command::Solve { problem } => commands::solve::run(&ctx, &problem),
        Command::List => commands::list::run(&ctx),
        Command::Gen {
            problem,
            seed,
            count,
            size,
            out,
            prefix,
            force,
        } => commands::generate::run(
            &ctx,
            &commands::generate::GenOptions {
                problem,
                seed,
                count,
                size,
                out,
                prefix,
                force,
            },
        ),
    };
    let code = match result {
        Ok(status) => status.exit_code(),
        Err(e) => {
            eprintln!("{} {e}", ctx.style.red("error:"));
            Status::ConfigError.exit_code()
        }
    };
    std::process::exit(code);
}
