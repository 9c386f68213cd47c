//! `judge languages`: every language of the table as this machine sees it,
//! whether its toolchain is installed, which version and where, so a
//! missing one is found before a contest rather than during it.

use rayon::prelude::*;

use super::context::Context;
use crate::config::Config;
use crate::engine::toolchain;
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

/// One row: a language and its toolchain here.
struct Row {
    id: String,
    name: String,
    extensions: String,
    /// The main tool's path and version, or why the language cannot run.
    found: std::result::Result<(String, String), String>,
}

/// The first non-empty line `argv` prints (stdout, else stderr): its
/// version. Run outside any sandbox: these are the system's own tools.
fn version(argv: &[String]) -> String {
    let Some((exe, args)) = argv.split_first() else {
        return String::new();
    };
    let out = std::process::Command::new(exe)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output();
    let Ok(out) = out else {
        return String::new();
    };
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    // JVM tools warn about their own flags before the version.
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.contains("warning:"))
        .unwrap_or("")
        .to_string()
}

/// Finds `word`'s tool (`a|b`: the first installed), honouring
/// `tools.NAME` of the configuration.
fn find(config: &Config, word: &str) -> Option<String> {
    let chosen = config.tools.chosen();
    judge_languages::alternatives(word)
        .into_iter()
        .find_map(|name| {
            let pick = chosen
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, p)| p.display().to_string())
                .unwrap_or_else(|| name.to_string());
            toolchain::resolve(&pick).map(|t| t.exe.display().to_string())
        })
}

fn row(config: &Config, spec: &judge_languages::Spec) -> Row {
    let mut found = Err(String::new());
    let mut main = None;
    for word in spec.tools() {
        match find(config, &word) {
            Some(exe) => {
                main.get_or_insert(exe);
            }
            None => {
                found = Err(format!(
                    "{} not found: install {}",
                    judge_languages::alternatives(&word).join(" or "),
                    spec.install
                ));
                main = None;
                break;
            }
        }
    }
    if let (Some(probe), Some(_)) = (spec.probe_command(), &main)
        && !toolchain::probe(&probe)
    {
        found = Err(format!(
            "`{}` fails: install {}",
            probe.join(" "),
            spec.install
        ));
        main = None;
    }
    if let Some(exe) = main {
        let mut argv = spec.version_command();
        if let Some(first) = argv.first_mut() {
            // The version of the tool found, not of another on PATH.
            *first = find(config, first).unwrap_or_else(|| exe.clone());
        }
        found = Ok((exe, version(&argv)));
    }
    Row {
        id: spec.id.clone(),
        name: spec.name.clone(),
        extensions: spec
            .extensions
            .iter()
            .map(|e| format!(".{e}"))
            .collect::<Vec<_>>()
            .join(" "),
        found,
    }
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
            Ok((exe, version)) => (ctx.style.green("found  "), format!("{version} · {exe}")),
            Err(why) => {
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
