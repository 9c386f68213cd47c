//! `judge sandbox`: what a submission sees on this machine, and how it is
//! measured, before anything is graded.

use super::context::Context;
use crate::engine::build;
use crate::engine::sandbox::SandboxMode;
use crate::error::Result;
use crate::report::Status;

/// The compilers and interpreters submissions use: every tool of the
/// language table (the first installed of `a|b`), and bash for build
/// scripts.
fn tools() -> Vec<String> {
    let mut names: Vec<String> = judge_languages::table()
        .iter()
        .flat_map(|s| s.tools())
        .chain(["bash".to_string()])
        .collect();
    names.dedup();
    let mut seen = std::collections::HashSet::new();
    names.retain(|n| seen.insert(n.clone()));
    names
}

/// `judge sandbox` takes no options of its own.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Context, _args: Args) -> Result<Status> {
    let runner = match ctx.runner(SandboxMode::On, 1) {
        Ok(r) => r,
        Err(e) => {
            println!("{} {e}", ctx.style.red("no sandbox here:"));
            let plain = ctx.runner(SandboxMode::Off, 1)?;
            for note in plain.notes() {
                println!("{note}");
            }
            guarantees(ctx, &plain);
            return Ok(Status::Failed);
        }
    };
    for note in runner.notes() {
        println!("{note}");
    }
    guarantees(ctx, &runner);
    println!(
        "{}",
        ctx.style
            .bold("toolchains (found on PATH, or set in judge-config.yaml):")
    );
    let mut missing = Vec::new();
    for word in tools() {
        // Found as a build finds it, its folders added to the view.
        let names = judge_languages::alternatives(&word);
        let found = names.iter().find_map(|name| {
            let configured = runner.tool_choice(name).1;
            match build::tool(&runner, name) {
                Ok(exe) => Some(Ok((name.to_string(), exe, configured))),
                Err(e) if configured => Some(Err(format!("{name}: {e}"))),
                Err(_) => None,
            }
        });
        match found {
            Some(Ok((name, exe, true))) => println!("  {name:<9} {exe}  (judge-config.yaml)"),
            Some(Ok((name, exe, false))) => println!("  {name:<9} {exe}"),
            Some(Err(e)) => println!("  {e}"),
            None => missing.push(word),
        }
    }
    if !missing.is_empty() {
        println!(
            "  not installed: {} (`judge languages` says what to install)",
            missing.join(", ")
        );
    }
    // What each language's runtime reads besides its install folder
    // (shown once a program in it is built, so shown here).
    for spec in judge_languages::table().iter() {
        runner.allow(&spec.sandbox);
    }
    println!(
        "{}",
        ctx.style.bold("what a submission (and its compiler) sees:")
    );
    for line in runner.view().lines(runner.layer()) {
        println!("  {line}");
    }
    match runner.layer() {
        "landlock" => println!(
            "  {:<28} the program's own build folder at its real path, read-only (a compiler's own one writable), and a scratch folder of its own",
            "(build folder)"
        ),
        _ => println!(
            "  {:<28} this run's build folders, read-only (a compiler's own one writable)",
            "/box"
        ),
    }
    println!("nothing else: no home folders, no /opt, /srv, /mnt, /var, and no test data");
    Ok(Status::Passed)
}

/// The layer in force (and why not bubblewrap), then each guarantee:
/// whether it holds here and how, and what the layer leaves open.
fn guarantees(ctx: &Context, runner: &crate::engine::execute::runner::Runner) {
    let layer = match runner.passed_over() {
        Some(why) => format!("{} (not bubblewrap: {why})", runner.layer()),
        None => runner.layer().to_string(),
    };
    println!("{} {layer}", ctx.style.bold("layer in force:"));
    let (points, open) = runner.guarantees();
    for p in points {
        let mark = match p.holds {
            true => ctx.style.green("holds"),
            false => ctx.style.red("NO   "),
        };
        println!("  {:<10} {mark}  {}", p.name, p.how);
    }
    println!("{}", ctx.style.bold("not guaranteed:"));
    for line in open {
        println!("  - {line}");
    }
}
