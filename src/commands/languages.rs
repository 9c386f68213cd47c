//! `judge languages`: every language of the table as this machine sees it,
//! whether its toolchain is installed, which version and where, so a
//! missing one is found before a contest rather than during it.

use rayon::prelude::*;

use super::context::Context;
use crate::config::Config;
use crate::engine::build::toolchains::{Found, Row, row};
use crate::error::{Error, Result};
use crate::report::Status;

/// `judge languages [ID…]`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Only these languages (ids, as `judge languages` lists them).
    pub ids: Vec<String>,
    /// Exit 1 unless every language listed is installed (for a CI job
    /// that needs them).
    #[arg(long)]
    pub require: bool,
}

pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let config = Config::load(ctx.config_file.as_deref())?;
    let table = judge_languages::table();
    if let Some(bad) = args.ids.iter().find(|id| table.get(id).is_none()) {
        let ids: Vec<&str> = table.iter().map(|s| s.id.as_str()).collect();
        return Err(Error::Usage(format!(
            "no language {bad} (the table has {})",
            ids.join(", ")
        )));
    }
    let specs: Vec<&judge_languages::Spec> = table
        .iter()
        .filter(|s| args.ids.is_empty() || args.ids.contains(&s.id))
        .collect();
    let rows: Vec<Row> = specs.par_iter().map(|s| row(&config, s)).collect();
    let w = |f: fn(&Row) -> usize, head: &str| rows.iter().map(f).chain([head.len()]).max();
    let wn = w(|r| r.name.chars().count(), "language").unwrap_or(8);
    let wi = w(|r| r.id.len(), "id").unwrap_or(2);
    let we = w(|r| r.extensions.len(), "files").unwrap_or(5);
    println!(
        "{}",
        ctx.style.bold(&format!(
            "{:<wn$}  {:<wi$}  {:<we$}  {:<7}  version · path",
            "language", "id", "files", "status"
        ))
    );
    let mut missing = 0;
    for r in &rows {
        let (status, detail) = match &r.found {
            Found::Installed { exe, version } => {
                (ctx.style.green("found  "), format!("{version} · {exe}"))
            }
            Found::Missing(why) => {
                missing += 1;
                (ctx.style.yellow("missing"), ctx.style.dim(why))
            }
        };
        println!(
            "{:<wn$}  {:<wi$}  {:<we$}  {status}  {detail}",
            r.name, r.id, r.extensions
        );
    }
    println!(
        "{} of {} languages can run here; judge-config.yaml's `languages:` adds or changes them (docs/languages.md)",
        rows.len() - missing,
        rows.len()
    );
    let failures = if args.require { missing } else { 0 };
    Ok(Status::from_counts(0, failures))
}
