//! `judge export PROBLEM --format icpc --out PATH`: a problem folder as an
//! ICPC / Kattis problem package, so the test set can be loaded by contest
//! systems (Kattis, DOMjudge, problemtools) without retyping anything.
//!
//! What maps to what is decided in `crate::package`; this file only
//! copies. The package is built in a hidden folder beside `PATH` and renamed
//! to `PATH` at the end, so an error (or a crash) leaves no half-written
//! package. `PATH` must not exist. Zip files are not written (no zip
//! dependency): export to a folder and zip its contents if a system wants
//! one.

use std::path::{Path, PathBuf};

use super::Context;
use crate::error::{Error, Result};
use crate::fsutil::{StagedDir, copy_tree};
use crate::package;
use crate::problem::Problem;
use crate::report::Status;

/// Package formats `judge export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum PackageFormat {
    /// ICPC / Kattis problem package (problem.yaml, data/, submissions/).
    #[default]
    Icpc,
}

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problem folder name.
    pub problem: String,
    /// Package format.
    #[arg(long, value_enum, default_value_t = PackageFormat::Icpc)]
    pub format: PackageFormat,
    /// Package folder to create; must not exist (.zip is refused).
    #[arg(long, value_name = "PATH")]
    pub out: PathBuf,
}

pub fn run(ctx: &Context, opts: Args) -> Result<Status> {
    let out = &opts.out;
    if out
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("zip"))
    {
        return Err(Error::Usage(format!(
            "{}: zip packages are not written; export to a folder, then zip its \
             contents (cd DIR && zip -r ../{}.zip .)",
            out.display(),
            out.file_stem().unwrap_or_default().to_string_lossy()
        )));
    }
    if out.symlink_metadata().is_ok() {
        return Err(Error::Usage(format!(
            "{} exists; nothing written (export to a new path)",
            out.display()
        )));
    }
    let problem = ctx.load_one(&opts.problem)?;
    let unanswered: Vec<String> = problem
        .cases
        .iter()
        .filter(|c| c.answer.is_none())
        .map(|c| c.id())
        .collect();
    if !unanswered.is_empty() {
        return Err(Error::Usage(format!(
            "{}: {} case(s) without an expected output ({}); a package needs one \
             .ans per input (run judge regen first)",
            problem.id,
            unanswered.len(),
            unanswered.join(", ")
        )));
    }
    let stage = StagedDir::new(out).map_err(Error::io(out, "cannot create the package"))?;
    let (samples, submissions) = write_package(&problem, stage.path())?;
    stage.finish().map_err(Error::io(
        out,
        "cannot move the finished package into place (nothing written)",
    ))?;
    println!(
        "exported {} to {}: {} cases ({samples} sample, {} secret), {submissions} submission files",
        problem.id,
        out.display(),
        problem.cases.len(),
        problem.cases.len() - samples
    );
    Ok(Status::Passed)
}

/// Writes the whole package into `dir`; returns the number of sample cases
/// and of submission files.
fn write_package(problem: &Problem, dir: &Path) -> Result<(usize, usize)> {
    let spec = &problem.spec;
    let text = |r: std::result::Result<String, String>| {
        r.map_err(|reason| Error::Package {
            path: problem.dir.join("problem.yaml"),
            reason,
        })
    };
    write(
        &dir.join("problem.yaml"),
        text(package::package_problem_yaml(spec))?.as_bytes(),
    )?;
    write(
        &dir.join(package::TIMELIMIT_FILE),
        package::timelimit_text(spec.limits.time).as_bytes(),
    )?;
    write(
        &dir.join(package::EXTENSION_FILE),
        text(package::extension_yaml(spec))?.as_bytes(),
    )?;
    let data = dir.join("data");
    for folder in ["sample", "secret"] {
        create_dir(&data.join(folder))?;
    }
    let mut samples = 0;
    for case in &problem.cases {
        let folder = data.join(package::data_folder(&case.group));
        create_dir(&folder)?;
        if folder.starts_with(data.join("sample")) {
            samples += 1;
        }
        copy(&case.input, &folder.join(format!("{}.in", case.name)))?;
        if let Some(answer) = &case.answer {
            copy(answer, &folder.join(format!("{}.ans", case.name)))?;
        }
    }
    let submissions = problem.dir.join("submissions");
    let copied = if submissions.is_dir() {
        copy_tree(&submissions, &dir.join("submissions"))
            .map_err(Error::io(&submissions, "cannot copy"))?
    } else {
        0
    };
    Ok((samples, copied))
}

fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    std::fs::write(path, bytes).map_err(Error::io(path, "cannot write"))
}

fn create_dir(path: &Path) -> Result<()> {
    std::fs::create_dir_all(path).map_err(Error::io(path, "cannot create"))
}

fn copy(from: &Path, to: &Path) -> Result<()> {
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(Error::io(from, "cannot copy"))
}
