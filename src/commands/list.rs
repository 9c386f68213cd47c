//! `judge list`: what problems there are and how many cases each group has.

use std::collections::BTreeMap;

use super::context::Context;
use crate::engine::pass::skeleton::load_errors;
use crate::error::Result;
use crate::report::Status;

/// `judge list` takes no options of its own.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {}

pub fn run(ctx: &Context, _args: Args) -> Result<Status> {
    let found = ctx.load(&[])?;
    let rows: Vec<[String; 5]> = found
        .problems
        .iter()
        .map(|p| {
            let mut groups: BTreeMap<&str, usize> = BTreeMap::new();
            for c in &p.cases {
                *groups
                    .entry(if c.group.is_empty() { "." } else { &c.group })
                    .or_insert(0) += 1;
            }
            let groups: Vec<String> = groups.iter().map(|(g, n)| format!("{g} {n}")).collect();
            [
                p.id.clone(),
                p.reference_name(),
                p.spec.compare.name().to_string(),
                p.cases.len().to_string(),
                groups.join(", "),
            ]
        })
        .collect();
    let header = ["problem", "reference", "compare", "cases", "groups"].map(String::from);
    let mut widths = [0usize; 5];
    for row in std::iter::once(&header).chain(&rows) {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    for (i, row) in std::iter::once(&header).chain(&rows).enumerate() {
        let line = format!(
            "{:<w0$}  {:<w1$}  {:<w2$}  {:>w3$}  {}",
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3]
        );
        println!("{}", if i == 0 { ctx.style.bold(&line) } else { line });
    }
    let errors = load_errors(&found);
    for e in &errors {
        println!("{} {e}", ctx.style.red("error:"));
    }
    Ok(Status::from_counts(errors.len(), 0))
}
