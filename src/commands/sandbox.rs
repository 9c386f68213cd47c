//! `judge sandbox`: what a submission sees on this machine, and how it is
//! measured, before anything is graded.

use super::Context;
use crate::engine::build;
use crate::engine::sandbox::SandboxMode;
use crate::error::Result;
use crate::report::Status;

/// The compilers and interpreters submissions use.
const TOOLS: [&str; 7] = ["gcc", "g++", "rustc", "javac", "java", "python3", "bash"];

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
            return Ok(Status::Failed);
        }
    };
    for note in runner.notes() {
        println!("{note}");
    }
    println!(
        "{}",
        ctx.style
            .bold("toolchains (found on PATH, or set in judge-config.yaml):")
    );
    for name in TOOLS {
        // Found as a build finds it, its folders added to the view.
        let configured = runner.tool_choice(name).1;
        match build::tool(&runner, name) {
            Ok(exe) if configured => println!("  {name:<8} {exe}  (judge-config.yaml)"),
            Ok(exe) => println!("  {name:<8} {exe}"),
            Err(e) if configured => println!("  {name:<8} {e}"),
            Err(_) => println!("  {name:<8} not installed"),
        }
    }
    println!(
        "{}",
        ctx.style.bold("what a submission (and its compiler) sees:")
    );
    for line in runner.view().lines() {
        println!("  {line}");
    }
    println!(
        "  {:<28} this run's build folders, read-only (a compiler's own one writable)",
        "/box"
    );
    println!("nothing else: no home folders, no /opt, /srv, /mnt, /var, and no test data");
    Ok(Status::Passed)
}
