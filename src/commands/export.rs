//! `judge export PROBLEM --format icpc --out PATH`: a problem folder as an
//! ICPC / Kattis problem package ([`crate::package::export`]), so the
//! test set can be loaded by contest systems (Kattis, DOMjudge,
//! problemtools) without retyping anything. `PATH` must not exist.

use std::path::PathBuf;

use super::context::Context;
use crate::error::Result;
use crate::origin::Format;
use crate::package::export;
use crate::report::Status;

/// Package formats `judge export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum PackageFormat {
    /// ICPC 2025-09 package, the format's current version and the only
    /// one BAPCtools reads: `type`, `limits.time_limit`, `output_validator/`,
    /// `test_group.yaml` with argument lists, the Markdown statement.
    #[default]
    #[value(name = "2025-09")]
    V2025,
    /// ICPC / Kattis legacy package: the time limit in `.timelimit`, the
    /// statement as LaTeX converted from the Markdown.
    Legacy,
    /// 2023-07 draft package: `limits.time_limit` in problem.yaml; the
    /// Markdown statement as it is.
    #[value(name = "2023-07")]
    Draft2023,
}

impl PackageFormat {
    fn format(self) -> Format {
        match self {
            PackageFormat::V2025 => Format::V2025,
            PackageFormat::Legacy => Format::Legacy,
            PackageFormat::Draft2023 => Format::Draft2023,
        }
    }
}

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problem folder name.
    pub problem: String,
    /// Package format.
    #[arg(long, value_enum, default_value_t = PackageFormat::V2025)]
    pub format: PackageFormat,
    /// Package folder to create, or a .zip file; must not exist. Its name
    /// is the package's short name (lower-case letters and digits).
    #[arg(long, value_name = "PATH")]
    pub out: PathBuf,
}

pub fn run(ctx: &Context, opts: Args) -> Result<Status> {
    let out = &opts.out;
    export::check_target(out)?;
    let problem = ctx.load_one(&opts.problem)?;
    let done = export::export(&problem, opts.format.format(), out)?;
    println!(
        "exported {} to {}: {} cases ({} sample, {} secret), {} submissions",
        problem.id,
        out.display(),
        problem.cases.len(),
        done.samples,
        problem.cases.len() - done.samples,
        done.submissions
    );
    for w in &done.warnings {
        println!("{} {w}", ctx.style.yellow("warning:"));
    }
    Ok(Status::Passed)
}
