//! `judge stress`: look for an input on which a submission and the
//! reference solver disagree, then make that input as small as we can.
//!
//! A test set only catches the mistakes its author thought of. The problem's
//! own generator (an in-crate solver's, or a generator program), judged
//! against the reference's answers, finds the others; regenerating at smaller sizes turns a page-long failure into one
//! a person can read. The search is [`crate::engine::stress`]; this module
//! prints what it found and the `judge gen` command that recreates it.

use std::fmt::Write as _;

use super::args::{LimitArgs, SandboxArgs, SubmissionArgs};
use super::context::{self, Context};
use crate::engine::build::BuildError;
use crate::engine::grader::Grader;
use crate::engine::limits;
use crate::engine::run::progress_bar;
use crate::engine::stress::{Draw, Outcome, Shrunk, Tester};
use crate::engine::tools::Need;
use crate::error::{Error, Result};
use crate::problem::recipe;
use crate::report::Status;
use crate::report::console::failure_with;
use crate::verdict::Verdict;

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
    if args.iterations == 0 {
        return Err(Error::Usage("--iterations must be at least 1".into()));
    }
    if let Some(group) = &args.save {
        check_group(group)?;
    }
    let problem = ctx.load_one(&args.problem)?;
    if args.save.is_some() && problem.spec.interactive {
        return Err(Error::Usage(
            "--save: an interactive problem's cases have no reference answer to keep".into(),
        ));
    }
    // Inputs live in a private folder outside the sandbox's view; the
    // program reads each one from its standard input.
    let work = tempfile::Builder::new()
        .prefix("judge-stress-")
        .tempdir()
        .map_err(Error::io(
            std::env::temp_dir(),
            "cannot create a temporary folder",
        ))?;
    let runner = ctx.runner(args.sandbox.sandbox, 1)?;
    // A package that gives no limit: the one its rule computes.
    let mut problem = problem;
    let tools = &context::ready_one(&mut problem, &runner, Need::STRESS)?;
    let problem = tools.problem;
    let overrides = args.limits.overrides();
    let memory = overrides.memory.unwrap_or(problem.spec.limits.memory);
    let program = match args.submission.build(&runner, memory) {
        Ok(p) => p,
        Err(BuildError::Setup(msg) | BuildError::Unavailable(msg)) => {
            return Err(Error::Setup(msg));
        }
        Err(BuildError::Compile(log)) => {
            println!("{}\n{log}", ctx.style.red("compile error:"));
            return Ok(Status::Failed);
        }
    };
    let limits = limits::for_problem(problem, overrides, &program.language);
    let subject = args.submission.subject();
    println!(
        "stress {} with {} ({}): seed {}, up to {} inputs, CPU time limit {}",
        problem.id,
        subject,
        &program.language,
        args.seed,
        args.iterations,
        crate::units::format_duration(limits.cpu),
    );
    for note in runner.notes() {
        println!("{}", ctx.style.dim(&note));
    }
    let tester = Tester {
        grader: Grader::submission(tools, &runner, &program, limits),
        work: work.path().to_path_buf(),
    };
    let bar = progress_bar(args.iterations, ctx.progress, "stress");
    let outcome = tester.search(args.seed, args.iterations, || bar.inc(1));
    bar.finish_and_clear();
    match outcome? {
        Outcome::NoDifference => {
            println!(
                "{} in {} inputs",
                ctx.style.green("no difference found"),
                args.iterations
            );
            Ok(Status::Passed)
        }
        Outcome::Found { first, shrunk } => {
            print!(
                "{}",
                counterexample(
                    ctx,
                    &args,
                    first.draw,
                    first.input.len(),
                    first.case.verdict,
                    &shrunk
                )
            );
            if let Some(group) = &args.save {
                let (saved, recorded) = save(ctx, problem, group, &subject, &shrunk.smallest)?;
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

/// Writes `found` as case `GROUP/stress-s<seed>-i<index>-z<size>` with the
/// reference's answer (both files whole or neither), and adds a row to
/// the problem's SOURCES.md naming the submission it caught and the
/// `judge gen` command that recreates the input. An existing case of that
/// name is left alone unless it holds the same input. A problem with a
/// `recipe.yaml` gets the case there too (which `validate` requires of
/// every case); the bool says so.
fn save(
    ctx: &Context,
    problem: &crate::problem::Problem,
    group: &str,
    subject: &str,
    found: &crate::engine::stress::Failure,
) -> Result<(String, bool)> {
    let draw = found.draw;
    let name = format!("stress-s{}-i{}-z{}", draw.seed, draw.index, draw.size);
    let dir = problem.dir.join("cases").join(group);
    let input = dir.join(format!("{name}.in"));
    if let Ok(old) = std::fs::read(&input) {
        if old != found.input.as_bytes() {
            return Err(Error::Usage(format!(
                "{} exists with another input; nothing written",
                input.display()
            )));
        }
    }
    std::fs::create_dir_all(&dir).map_err(Error::io(&dir, "cannot create"))?;
    crate::fsutil::write_all_atomic(&[
        (input.clone(), found.input.as_bytes()),
        (input.with_extension("out"), found.answer.as_slice()),
    ])
    .map_err(Error::io(&dir, "cannot write into"))?;
    let sources = problem.dir.join("SOURCES.md");
    let old = std::fs::read_to_string(&sources).unwrap_or_default();
    let mut text = old.clone();
    if !text.contains(STRESS_HEADING) {
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(STRESS_HEADING);
        text.push_str("\n\n| case | caught | recreate the input |\n|---|---|---|\n");
    }
    let recipe = gen_command(ctx, &problem.id, draw);
    let row = format!("| `{group}/{name}` | `{subject}` | `{recipe}` |\n");
    if !text.contains(&row) {
        text.push_str(&row);
        crate::fsutil::write_atomic(&sources, text.as_bytes())
            .map_err(Error::io(&sources, "cannot write"))?;
    }
    let recorded = recipe::path(&problem.dir).is_file();
    if recorded {
        let caught = [subject.to_string()];
        match recipe::append_case(&problem.dir, group, &name, draw, &caught) {
            // Saved before: the same input, already named.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            other => other.map_err(Error::io(
                recipe::path(&problem.dir),
                "cannot add the case to",
            ))?,
        }
    }
    Ok((format!("{group}/{name}"), recorded))
}

/// `--save GROUP` names a folder below `cases/`, nothing outside it.
pub(crate) fn check_group(group: &str) -> Result<()> {
    let bad = group.is_empty()
        || group.starts_with('/')
        || group
            .split('/')
            .any(|p| p.is_empty() || p == "." || p == "..");
    match bad {
        true => Err(Error::Usage(format!(
            "--save {group:?}: a group is a folder name below cases/ (like `stress` or `edge/found`)"
        ))),
        false => Ok(()),
    }
}

/// The SOURCES.md section `--save` adds its rows to.
const STRESS_HEADING: &str = "## Found by `judge stress`";

/// The report of a counterexample: where it was first seen, the smallest
/// failing input verbatim, its verdict and diff, and how to get it back.
fn counterexample(
    ctx: &Context,
    args: &Args,
    first: Draw,
    first_len: usize,
    first_verdict: Verdict,
    shrunk: &Shrunk,
) -> String {
    let style = ctx.style;
    let best = &shrunk.smallest;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "first failure: input {} of {} ({}), {first_len} bytes, {}",
        first.index + 1,
        args.iterations,
        first.label(),
        style.verdict(first_verdict),
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
    if ctx.problems_dir != ctx.root.join(super::root::PROBLEMS) {
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
