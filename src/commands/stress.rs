//! `judge stress`: look for an input on which a submission and the
//! reference solver disagree, then make that input as small as we can.
//!
//! A test set only catches the mistakes its author thought of. The problem's
//! own generator, judged against the reference solver in-process, finds the
//! others; regenerating at smaller sizes turns a page-long failure into one
//! a person can read. Every input is `judge gen`'s file `index` of `seed` at
//! `size` (the same [`generate_one`] derivation), so each counterexample can
//! be recreated with one `judge gen` command, and the same seed always gives
//! the same run and the same counterexample. Everything runs in order on one
//! thread: a stress run is a search that stops early, not a batch.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::generate::generate_one;
use super::grade::{Grader, hidden_dirs, limits_for};
use super::{Context, Error, Status, progress_bar};
use crate::compare::{self, Expected};
use crate::exec::build::{self, BuildError};
use crate::exec::sandbox::{Sandbox, SandboxMode};
use crate::exec::{End, reference};
use crate::problem::Problem;
use crate::report::CaseReport;
use crate::report::console::failure_with;
use crate::solvers::Solver;
use crate::verdict::Verdict;

/// Extra runs allowed for shrinking one counterexample.
pub const SHRINK_RUNS: usize = 200;
/// Generator sizes go from 1 to this.
const MAX_SIZE: u32 = 10;
/// Diff lines printed for the counterexample.
const DIFF_LINES: usize = 60;

#[derive(Debug, Clone)]
pub struct StressOptions {
    pub problem: String,
    pub submission: PathBuf,
    pub cmd: Option<String>,
    pub seed: u64,
    pub iterations: usize,
    pub time_limit: Option<Duration>,
    pub sandbox: SandboxMode,
}

/// Which generated input: the arguments of [`generate_one`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Draw {
    pub seed: u64,
    pub index: usize,
    pub size: u32,
}

impl Draw {
    /// The input tried at iteration `i`: file `i` of the seed, with sizes
    /// cycling through 1..=10 so small inputs come first.
    pub fn iteration(seed: u64, i: usize) -> Draw {
        Draw {
            seed,
            index: i,
            size: (i % MAX_SIZE as usize) as u32 + 1,
        }
    }

    fn label(self) -> String {
        format!("seed {} index {} size {}", self.seed, self.index, self.size)
    }
}

/// An input the submission got wrong.
struct Failure {
    draw: Draw,
    input: String,
    case: CaseReport,
}

/// Runs one generated input through the reference and the submission.
struct Tester<'a> {
    solver: &'static dyn Solver,
    problem: &'a Problem,
    grader: Grader<'a>,
    /// Where each input is written for the submission's standard input.
    input_path: PathBuf,
}

impl Tester<'_> {
    /// `Ok(None)` when the submission is accepted on `draw`'s input.
    fn try_draw(&self, draw: Draw) -> Result<Option<Failure>, Error> {
        let input = generate_one(self.solver, draw.seed, draw.index, draw.size);
        self.try_input(draw, input)
    }

    fn try_input(&self, draw: Draw, input: String) -> Result<Option<Failure>, Error> {
        let reference = reference::run(self.solver, &input);
        let expected = match reference.end {
            End::Exited(0) => reference.stdout,
            End::InputRejected(e) => {
                return Err(Error::Config(format!(
                    "the reference solver {} rejects its own generated input ({}): {e}",
                    self.solver.id(),
                    draw.label()
                )));
            }
            other => {
                return Err(Error::Config(format!(
                    "the reference solver {} failed on generated input ({}): {other:?}",
                    self.solver.id(),
                    draw.label()
                )));
            }
        };
        crate::fsutil::write_atomic(&self.input_path, input.as_bytes()).map_err(|e| {
            Error::Config(format!("{}: cannot write: {e}", self.input_path.display()))
        })?;
        let exec = self.grader.execute(&self.input_path);
        if let End::CouldNotRun(msg) = &exec.end {
            return Err(Error::Config(format!("cannot run the submission: {msg}")));
        }
        let spec = &self.problem.spec;
        let outcome = compare::judge(
            &exec,
            Expected::Bytes(expected),
            spec.compare,
            spec.tolerance,
        );
        if outcome.verdict == Verdict::Accepted {
            return Ok(None);
        }
        let case = CaseReport::new("", &draw.label(), &exec, outcome);
        Ok(Some(Failure { draw, input, case }))
    }
}

/// What shrinking did.
struct Shrunk {
    smallest: Failure,
    runs: usize,
    failed: usize,
}

/// Retries sizes 1 up to the failing size with other files of the same
/// seed, at most [`SHRINK_RUNS`] runs split evenly over the sizes, and keeps
/// the failing input with the fewest bytes (the first found on ties).
/// Candidates no smaller than the current best are not even run.
fn shrink(tester: &Tester<'_>, first: Failure, iterations_run: usize) -> Result<Shrunk, Error> {
    let seed = first.draw.seed;
    let top = first.draw.size;
    let per_size = (SHRINK_RUNS / top as usize).max(1);
    let mut smallest = first;
    let (mut runs, mut failed) = (0, 0);
    for size in 1..=top {
        let mut index = 0;
        let mut candidates = 0;
        while candidates < per_size && runs < SHRINK_RUNS {
            let draw = Draw { seed, index, size };
            index += 1;
            // The main loop already ran this exact input.
            if draw.index < iterations_run && Draw::iteration(seed, draw.index) == draw {
                continue;
            }
            candidates += 1;
            let input = generate_one(tester.solver, seed, draw.index, size);
            if input.len() >= smallest.input.len() {
                continue;
            }
            runs += 1;
            if let Some(f) = tester.try_input(draw, input)? {
                failed += 1;
                smallest = f;
            }
        }
    }
    Ok(Shrunk {
        smallest,
        runs,
        failed,
    })
}

pub fn run(ctx: &Context, opts: &StressOptions) -> Result<Status, Error> {
    if opts.iterations == 0 {
        return Err(Error::Usage("--iterations must be at least 1".into()));
    }
    let found = ctx.load(std::slice::from_ref(&opts.problem))?;
    let Some(problem) = found.problems.first() else {
        return Err(Error::Config(super::error_lines(&found).join("; ")));
    };
    let solver = problem.solver();
    // Inputs live in a private folder; the sandbox hides it with the
    // problems folder and the working folder.
    let work = tempfile::Builder::new()
        .prefix("judge-stress-")
        .tempdir()
        .map_err(|e| Error::Config(format!("cannot create a temporary folder: {e}")))?;
    let sandbox =
        Sandbox::detect(opts.sandbox, hidden_dirs(ctx, work.path())).map_err(Error::Usage)?;
    let program = match build::prepare(
        &opts.submission,
        opts.cmd.as_deref(),
        problem.spec.limits.memory,
    ) {
        Ok(p) => p,
        Err(BuildError::Setup(msg)) => return Err(Error::Config(msg)),
        Err(BuildError::Compile(log)) => {
            println!("{}\n{log}", ctx.style.red("compile error:"));
            return Ok(Status::Failed);
        }
    };
    let limits = limits_for(problem, opts.time_limit, None, None, &program);
    println!(
        "stress {} with {} ({}): seed {}, up to {} inputs, CPU time limit {}",
        problem.id,
        opts.submission.display(),
        program.language,
        opts.seed,
        opts.iterations,
        crate::units::format_duration(limits.cpu),
    );
    println!("{}", ctx.style.dim(&Sandbox::describe(sandbox.as_ref())));
    let tester = Tester {
        solver,
        problem,
        grader: Grader {
            program: &program,
            sandbox: sandbox.as_ref(),
            limits,
        },
        input_path: work.path().join("input.in"),
    };
    let bar = progress_bar(opts.iterations, ctx.progress, "stress");
    let mut first = None;
    for i in 0..opts.iterations {
        bar.inc(1);
        if let Some(f) = tester.try_draw(Draw::iteration(opts.seed, i))? {
            first = Some(f);
            break;
        }
    }
    bar.finish_and_clear();
    let Some(first) = first else {
        println!(
            "{} in {} inputs",
            ctx.style.green("no difference found"),
            opts.iterations
        );
        return Ok(Status::Passed);
    };
    let (first_draw, first_len, first_verdict) =
        (first.draw, first.input.len(), first.case.verdict);
    let shrunk = shrink(&tester, first, first_draw.index + 1)?;
    print!(
        "{}",
        counterexample(ctx, opts, first_draw, first_len, first_verdict, &shrunk)
    );
    Ok(Status::Failed)
}

/// The report of a counterexample: where it was first seen, the smallest
/// failing input verbatim, its verdict and diff, and how to get it back.
fn counterexample(
    ctx: &Context,
    opts: &StressOptions,
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
        opts.iterations,
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
    out.push_str(&failure_with(&opts.problem, &best.case, style, DIFF_LINES));
    let _ = writeln!(out, "reproduce:");
    let _ = writeln!(out, "  {}", gen_command(ctx, &opts.problem, best.draw));
    if best.draw.index > 0 {
        let _ = writeln!(
            out,
            "  (the input is DIR/{})",
            gen_file_name(best.draw.index)
        );
    }
    out
}

/// The `judge gen` arguments that write exactly `draw`'s input: file
/// `index` is only written with `--out`, as `DIR/gen-<index + 1>.in`.
fn gen_command(ctx: &Context, problem: &str, draw: Draw) -> String {
    let mut words = vec!["judge".to_string()];
    if ctx.problems_dir != Path::new("problems") {
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
        words.extend([
            "--count".into(),
            (draw.index + 1).to_string(),
            "--out".into(),
            "DIR".into(),
        ]);
    }
    words.join(" ")
}

/// The name `judge gen --out` gives file `index` (default prefix).
fn gen_file_name(index: usize) -> String {
    format!("gen-{:03}.in", index + 1)
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
    fn iterations_cycle_through_every_size_from_the_smallest() {
        let sizes: Vec<u32> = (0..12).map(|i| Draw::iteration(7, i).size).collect();
        assert_eq!(sizes, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2]);
        assert_eq!(Draw::iteration(7, 11).index, 11);
    }

    #[test]
    fn gen_command_names_the_file_gen_writes() {
        let ctx = Context {
            problems_dir: "problems".into(),
            style: Style { color: false },
            progress: false,
            command_line: String::new(),
        };
        let draw = Draw {
            seed: 5,
            index: 12,
            size: 3,
        };
        assert_eq!(
            gen_command(&ctx, "four-in-a-row", draw),
            "judge gen four-in-a-row --seed 5 --size 3 --count 13 --out DIR"
        );
        assert_eq!(gen_file_name(12), "gen-013.in");
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
