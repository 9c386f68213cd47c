//! `judge regen`: recompute expected outputs with the references, and
//! with `--inputs` first rebuild every generated input a problem's
//! `recipe.yaml` names ([`crate::engine::session::regen`]: atomic writes, failing
//! cases keep their file, stale temporaries of killed writes removed).
//! A dry run writes neither, so the answers it compares are those of the
//! committed inputs.

use super::args::SandboxArgs;
use super::context::{Context, DataHost};
use crate::engine::generate;
use crate::engine::pass::skeleton::{load_errors, pool};
use crate::engine::session::regen::{Change, Event, Regen, Swept, Tally};
use crate::error::Result;
use crate::problem::Kind;
use crate::report::Status;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problems to regenerate (all when none given).
    pub problems: Vec<String>,
    /// Show what would change without writing anything.
    #[arg(long)]
    pub dry_run: bool,
    /// First rebuild every generated input from the problem's recipe.yaml
    /// (cases kept by hand are left alone).
    #[arg(long)]
    pub inputs: bool,
    /// Also list unchanged files.
    #[arg(long, short)]
    pub verbose: bool,
    /// Worker threads (0 = one per core).
    #[arg(long, short, default_value_t = 0)]
    pub jobs: usize,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

/// Regenerates and prints one line per created, changed or failed file.
pub fn run(ctx: &Context, opts: Args) -> Result<Status> {
    let regen = Regen {
        dry_run: opts.dry_run,
        inputs: opts.inputs,
    };
    let on = &mut |event: Event| show(ctx, &opts, event);
    let mut found = ctx.load(&opts.problems)?;
    let (swept, unswept) = regen.sweep(&found.problems, on);
    let pool = pool(opts.jobs)?;
    let runner = match regen.needs_runner(&found.problems) {
        true => Some(ctx.runner(opts.sandbox.sandbox, pool.current_num_threads())?),
        false => None,
    };
    let mut inputs = None;
    if opts.inputs {
        let data_of = &mut |dir: &std::path::Path| generate::data(dir, &mut DataHost::new(ctx));
        inputs = Some(regen.inputs(&found.problems, runner.as_ref(), &pool, data_of, on));
        // The answers are those of the new inputs, and of any new case.
        if !opts.dry_run {
            found = ctx.load(&opts.problems)?;
        }
    }
    let answers = regen.answers(&found.problems, runner.as_ref(), &pool, on);
    let verb = if opts.dry_run { "would be " } else { "" };
    let temps = match swept {
        0 => String::new(),
        1 => format!(", 1 stale temporary {verb}removed"),
        n => format!(", {n} stale temporaries {verb}removed"),
    };
    let dry = match opts.dry_run {
        true => " (dry run: nothing written)",
        false => "",
    };
    if let Some(inputs) = &inputs {
        println!("inputs: {}{dry}", line(&inputs.tally, opts.dry_run));
    }
    let what = match opts.inputs {
        true => "answers: ",
        false => "",
    };
    println!("{what}{}{temps}{dry}", line(&answers.tally, opts.dry_run));
    let recipe_errors = inputs.as_ref().map_or(&[][..], |i| i.errors.as_slice());
    let load_errors = load_errors(&found);
    let errors: Vec<&String> = (recipe_errors.iter())
        .chain(&load_errors)
        .chain(&answers.errors)
        .collect();
    for e in &errors {
        println!("{} {e}", ctx.style.red("error:"));
    }
    let inputs_failed = inputs.as_ref().map_or(0, |i| i.tally.failed);
    let failures = answers.tally.failed + inputs_failed + unswept;
    Ok(Status::from_counts(errors.len(), failures))
}

/// `N created, N changed, N unchanged, N failed`.
fn line(tally: &Tally, dry_run: bool) -> String {
    let verb = if dry_run { "would be " } else { "" };
    format!(
        "{} {verb}created, {} {verb}changed, {} unchanged, {} failed",
        tally.created, tally.changed, tally.unchanged, tally.failed
    )
}

/// Prints what happened to a file or a stale temporary (one line, unless
/// unchanged and not `--verbose`; a changed sample's answer gets a
/// warning).
fn show(ctx: &Context, opts: &Args, event: Event) {
    let s = ctx.style;
    let (label, change, sample) = match event {
        Event::Temp(temp, swept) => {
            let what = format!(
                "{}  {}, {} old: {}",
                temp.path.display(),
                crate::units::format_size_approx(temp.size),
                temp.age(),
                temp.stale.as_deref().unwrap_or_default()
            );
            match swept {
                Swept::Stale => println!("{} {what}", s.yellow("stale    ")),
                Swept::Removed => println!("{} {what}", s.yellow("removed  ")),
                Swept::Failed(e) => println!(
                    "{} {}: cannot remove: {e}",
                    s.red("failed   "),
                    temp.path.display()
                ),
            }
            return;
        }
        Event::NoAnswerAlone(id, kind) => {
            let why = match kind {
                Kind::Interactive => "interactive, its answer files are the interactor's",
                Kind::MultiPass { .. } => {
                    "multi-pass, its reference has no answer to an input alone"
                }
                Kind::InteractiveMultiPass { .. } => {
                    "interactive multi-pass, its answer files are the interactor's"
                }
                Kind::Plain | Kind::SubmitAnswer => "",
            };
            println!("{} {id}: {why}", s.dim("skipped  "));
            return;
        }
        Event::File {
            label,
            change,
            sample,
        } => (label, change, sample),
    };
    match change {
        Change::Created => println!("{} {label}", s.green("created  ")),
        Change::Changed {
            added,
            removed,
            diff,
        } => {
            println!(
                "{} {label}  {} {}",
                s.yellow("changed  "),
                s.green(&format!("+{added}")),
                s.red(&format!("-{removed}"))
            );
            if sample {
                println!(
                    "{} {} is a sample: its answer in the statement must change too",
                    s.yellow("warning:"),
                    label.trim_end_matches(".out")
                );
            }
            if let Some(diff) = diff {
                print!("{diff}");
            }
        }
        Change::Unchanged if opts.verbose => println!("{} {label}", s.dim("unchanged")),
        Change::Unchanged => {}
        Change::Failed(msg) => println!("{} {label} kept: {msg}", s.red("failed   ")),
    }
}
