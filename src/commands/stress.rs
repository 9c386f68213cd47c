//! `judge stress`: look for an input on which a submission and the
//! reference solver disagree, then make that input as small as we can.
//!
//! A test set only catches the mistakes its author thought of. The problem's
//! own generator (an in-crate solver's, or a generator program), judged
//! against the reference's answers, finds the others; regenerating at smaller sizes turns a page-long failure into one
//! a person can read. The search is [`crate::engine::session::stress`]; this module
//! prints what it found and the `judge gen` command that recreates it.

use std::fmt::Write as _;

use super::args::{LimitArgs, SandboxArgs, SubmissionArgs};
use super::context::Context;
use super::output::progress_bar;
use crate::engine::session::stress::{Draw, Event, Failure, Shrunk, Stress, Stressed};
use crate::error::Result;
use crate::package::root;
use crate::report::Status;
use crate::report::console::failure_with;

/// Diff lines printed for the counterexample.
const DIFF_LINES: usize = 60;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problem folder name.
    pub problem: String,
    #[command(flatten)]
    pub submission: SubmissionArgs,
    /// Seed of the generated inputs (as for `judge gen`).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Inputs to try before giving up.
    #[arg(long, default_value_t = 200)]
    pub iterations: usize,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
    /// Keep the smallest counterexample as a case of group GROUP
    /// (PROBLEMS/ID/cases/GROUP/), with the reference's answer, and record
    /// the `judge gen` command that recreates it in PROBLEMS/ID/SOURCES.md.
    #[arg(long, value_name = "GROUP")]
    pub save: Option<String>,
}

pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let stress = Stress {
        source: args.submission.source(),
        seed: args.seed,
        iterations: args.iterations,
        overrides: args.limits.overrides(),
        save: args.save.as_deref(),
    };
    stress.check()?;
    let mut problem = ctx.load_one(&args.problem)?;
    stress.check_for(&problem)?;
    let runner = ctx.runner(args.sandbox.sandbox, 1)?;
    let subject = args.submission.subject();
    let id = problem.id.clone();
    let bar = progress_bar(args.iterations, ctx.progress, "stress");
    let stressed = stress.run(
        &mut problem,
        &runner,
        |draw| gen_command(ctx, &id, draw),
        &mut |event| match event {
            Event::Note(note) => println!("{note}"),
            Event::Ready(built) => {
                println!(
                    "stress {} with {} ({}): seed {}, up to {} inputs, CPU time limit {}",
                    id,
                    subject,
                    &built.program.language,
                    args.seed,
                    args.iterations,
                    crate::units::format_duration(built.limits.cpu),
                );
                for note in runner.notes() {
                    println!("{}", ctx.style.dim(&note));
                }
            }
            Event::Tick => bar.inc(1),
        },
    );
    bar.finish_and_clear();
    match stressed? {
        Stressed::CompileError(log) => {
            println!("{}\n{log}", ctx.style.red("compile error:"));
            Ok(Status::Failed)
        }
        Stressed::NoDifference => {
            println!(
                "{} in {} inputs",
                ctx.style.green("no difference found"),
                args.iterations
            );
            Ok(Status::Passed)
        }
        Stressed::Found {
            first,
            shrunk,
            saved,
        } => {
            print!("{}", counterexample(ctx, &args, &first, &shrunk));
            if let Some((saved, recorded)) = saved {
                let recipe = match recorded {
                    true => "SOURCES.md and recipe.yaml",
                    false => "SOURCES.md",
                };
                println!("kept as case {saved} (recipe in {recipe})");
            }
            Ok(Status::Failed)
        }
    }
}

/// The report of a counterexample: where it was first seen, the smallest
/// failing input verbatim, its verdict and diff, and how to get it back.
fn counterexample(ctx: &Context, args: &Args, first: &Failure, shrunk: &Shrunk) -> String {
    let style = ctx.style;
    let best = &shrunk.smallest;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "first failure: input {} of {} ({}), {} bytes, {}",
        first.draw.index + 1,
        args.iterations,
        first.draw.label(),
        first.input.len(),
        style.verdict(first.case.verdict),
    );
    let _ = writeln!(
        out,
        "shrinking: {} more runs, {} failed; smallest failing input: {}, {} bytes",
        shrunk.runs,
        shrunk.failed,
        best.draw.label(),
        best.input.len(),
    );
    let _ = writeln!(
        out,
        "{}",
        style.bold(&format!("=== input ({} bytes) ===", best.input.len()))
    );
    out.push_str(&best.input);
    let end = if best.input.ends_with('\n') || best.input.is_empty() {
        "=== end of input ==="
    } else {
        out.push('\n');
        "=== end of input (no newline at its end) ==="
    };
    let _ = writeln!(out, "{}", style.bold(end));
    out.push_str(&failure_with(&args.problem, &best.case, style, DIFF_LINES));
    let _ = writeln!(out, "reproduce:");
    let _ = writeln!(out, "  {}", gen_command(ctx, &args.problem, best.draw));
    out
}

/// The `judge gen` arguments that print exactly `draw`'s input.
fn gen_command(ctx: &Context, problem: &str, draw: Draw) -> String {
    let mut words = vec!["judge".to_string()];
    if ctx.problems_dir != ctx.root.join(root::PROBLEMS) {
        words.push("--problems".into());
        words.push(shell_word(&ctx.problems_dir.display().to_string()));
    }
    words.extend([
        "gen".into(),
        shell_word(problem),
        "--seed".into(),
        draw.seed.to_string(),
        "--size".into(),
        draw.size.to_string(),
    ]);
    if draw.index > 0 {
        words.extend(["--index".into(), draw.index.to_string()]);
    }
    words.join(" ")
}

/// Quotes a word for a POSIX shell when it needs it.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:+,@".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::console::Style;

    #[test]
    fn gen_command_names_the_file_gen_writes() {
        let ctx = Context {
            root: std::path::PathBuf::new(),
            root_note: None,
            command: "stress",
            problems_dir: "problems".into(),
            style: Style { color: false },
            progress: false,
            command_line: String::new(),
            config_file: None,
            cache_dir: None,
            sandbox: crate::engine::sandbox::SandboxMode::Auto,
        };
        let draw = Draw {
            seed: 5,
            index: 12,
            size: 3,
        };
        assert_eq!(
            gen_command(&ctx, "four-in-a-row", draw),
            "judge gen four-in-a-row --seed 5 --size 3 --index 12"
        );
        let first = Draw { index: 0, ..draw };
        assert_eq!(
            gen_command(&ctx, "x", first),
            "judge gen x --seed 5 --size 3"
        );
    }

    #[test]
    fn shell_words_are_quoted_only_when_needed() {
        assert_eq!(shell_word("a/b-c.py"), "a/b-c.py");
        assert_eq!(shell_word("my dir"), "'my dir'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
    }
}
