//! `judge import PACKAGE --id ID [--solver SOLVER]`: an ICPC / Kattis
//! problem package folder as `problems/<ID>/`, so a test set prepared for a
//! contest system can be checked and graded here.
//!
//! `crate::package` decides the mapping (`judge.yaml` from `judge export`
//! restores our fields exactly; other packages are read from their own
//! fields and need `--solver`). Only what judge uses is copied: `problem.yaml`,
//! the cases of `data/sample` and `data/secret` (`.ans` becomes `.out`), and
//! the submission folders whose verdict judge knows; everything skipped is
//! named. The folder is built beside its final path, checked to load, and
//! renamed at the end; an existing `problems/<ID>` is never touched.

use std::path::{Path, PathBuf};

use super::Context;
use crate::error::{Error, Result};
use crate::fsutil::{StagedDir, copy_tree};
use crate::package::{self, PackageFiles};
use crate::problem::submissions::FOLDERS;
use crate::problem::{ProblemSpec, load_problem};
use crate::report::Status;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The package folder.
    pub package: PathBuf,
    /// Name of the new problem folder under the problems folder.
    #[arg(long)]
    pub id: String,
    /// Reference solver id (default: the package's judge.yaml).
    #[arg(long)]
    pub solver: Option<String>,
}

/// What an import copied and what it left out.
#[derive(Debug, Default)]
struct Copied {
    cases: usize,
    without_answer: usize,
    submissions: usize,
    skipped: Vec<String>,
}

pub fn run(ctx: &Context, opts: Args) -> Result<Status> {
    check_id(&opts.id)?;
    let pkg = &opts.package;
    if !pkg.is_dir() {
        return Err(Error::Usage(format!(
            "{}: not a package folder (zip packages are not read: unzip first)",
            pkg.display()
        )));
    }
    refuse_escapes(pkg)?;
    let files = read_package(pkg)?;
    let spec =
        package::spec_from_package(&files, &opts.id, opts.solver.as_deref()).map_err(|reason| {
            Error::Package {
                path: pkg.clone(),
                reason,
            }
        })?;
    if !ctx.problems_dir.is_dir() {
        return Err(Error::Usage(format!(
            "{}: no such problems folder",
            ctx.problems_dir.display()
        )));
    }
    let target = ctx.problems_dir.join(&opts.id);
    if target.symlink_metadata().is_ok() {
        return Err(Error::Usage(format!(
            "{} exists; nothing written (import under a new --id)",
            target.display()
        )));
    }
    let stage = StagedDir::new(&target)
        .map_err(Error::io(&ctx.problems_dir, "cannot create a folder in"))?;
    let copied = write_problem(pkg, &spec, stage.path())?;
    // The new folder must load exactly as intended before it appears.
    match load_problem(&opts.id, stage.path()) {
        Ok(p) if p.spec == spec => {}
        Ok(_) => {
            return Err(Error::Package {
                path: pkg.clone(),
                reason: "the written problem.yaml reads back differently".into(),
            });
        }
        Err(e) => {
            return Err(Error::Package {
                path: pkg.clone(),
                reason: format!("the imported problem does not load: {e}"),
            });
        }
    }
    stage.finish().map_err(Error::io(
        &target,
        "cannot move the imported problem into place (nothing written)",
    ))?;
    println!(
        "imported {} as {}: {} cases, {} submission files",
        pkg.display(),
        target.display(),
        copied.cases,
        copied.submissions
    );
    if copied.without_answer > 0 {
        println!(
            "note: {} input(s) had no .ans and have no .out (judge regen writes them)",
            copied.without_answer
        );
    }
    if !copied.skipped.is_empty() {
        println!("skipped (judge has no use for them):");
        for s in &copied.skipped {
            println!("  {s}");
        }
    }
    Ok(Status::Passed)
}

/// Refuses a package with a symbolic link that leads outside it (or
/// nowhere): importing must never copy a file from elsewhere on the
/// machine into the test set. Links inside the package (shared cases) are
/// fine and are followed.
fn refuse_escapes(pkg: &Path) -> Result<()> {
    let root = std::fs::canonicalize(pkg).map_err(Error::io(pkg, "cannot read"))?;
    for entry in walkdir::WalkDir::new(&root).follow_links(false) {
        let entry = entry.map_err(|e| Error::Package {
            path: pkg.to_path_buf(),
            reason: e.to_string(),
        })?;
        if !entry.path_is_symlink() {
            continue;
        }
        let shown = pkg.join(entry.path().strip_prefix(&root).unwrap_or(entry.path()));
        let reason = match std::fs::canonicalize(entry.path()) {
            Err(_) => "a symbolic link that leads nowhere".to_string(),
            Ok(target) if !target.starts_with(&root) => format!(
                "a symbolic link that leads outside the package (to {})",
                target.display()
            ),
            Ok(_) => continue,
        };
        return Err(Error::Package {
            path: shown,
            reason: format!("{reason}; nothing imported"),
        });
    }
    Ok(())
}

/// An id is one plain folder name.
fn check_id(id: &str) -> Result<()> {
    let plain = !id.is_empty()
        && !id.starts_with('.')
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if plain {
        Ok(())
    } else {
        Err(Error::Usage(format!(
            "--id {id:?}: use letters, digits, '-', '_' or '.' (not first)"
        )))
    }
}

fn read_package(pkg: &Path) -> Result<PackageFiles> {
    let optional = |name: &str| -> Result<Option<String>> {
        let path = pkg.join(name);
        match std::fs::read_to_string(&path) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(Error::io(&path, "cannot read")(e)),
        }
    };
    let problem_yaml = optional("problem.yaml")?.ok_or_else(|| {
        Error::Usage(format!(
            "{}: not a problem package (no problem.yaml)",
            pkg.display()
        ))
    })?;
    Ok(PackageFiles {
        problem_yaml,
        timelimit: optional(package::TIMELIMIT_FILE)?,
        extension: optional(package::EXTENSION_FILE)?,
    })
}

/// Writes `problem.yaml`, `cases/` and `submissions/` into `dir`.
fn write_problem(pkg: &Path, spec: &ProblemSpec, dir: &Path) -> Result<Copied> {
    let io = |path: &Path, e: std::io::Error| Error::io(path, "cannot write")(e);
    let yaml = package::judge_problem_yaml(spec).map_err(|reason| Error::Package {
        path: pkg.to_path_buf(),
        reason,
    })?;
    let spec_path = dir.join("problem.yaml");
    std::fs::write(&spec_path, yaml).map_err(|e| io(&spec_path, e))?;
    let mut copied = Copied::default();
    copy_cases(pkg, &dir.join("cases"), &mut copied)?;
    let from = pkg.join("submissions");
    let Ok(folders) = std::fs::read_dir(&from) else {
        return Ok(copied);
    };
    let mut folders: Vec<_> = folders.flatten().map(|e| e.path()).collect();
    folders.sort();
    for folder in folders {
        let name = folder.file_name().unwrap_or_default().to_string_lossy();
        let known = FOLDERS.iter().any(|(f, _)| *f == name);
        if known && folder.is_dir() {
            copied.submissions += copy_tree(&folder, &dir.join("submissions").join(&*name))
                .map_err(|e| io(&folder, e))?;
        } else {
            copied.skipped.push(display(pkg, &folder));
        }
    }
    Ok(copied)
}

/// Every `data/sample` and `data/secret` input with its answer.
fn copy_cases(pkg: &Path, cases: &Path, copied: &mut Copied) -> Result<()> {
    let data = pkg.join("data");
    let io = |path: &Path, e: &dyn std::fmt::Display| Error::Package {
        path: path.to_path_buf(),
        reason: e.to_string(),
    };
    std::fs::create_dir_all(cases).map_err(|e| io(cases, &e))?;
    // Links were checked to stay inside the package: follow them.
    for entry in walkdir::WalkDir::new(&data)
        .sort_by_file_name()
        .follow_links(true)
    {
        let entry = entry.map_err(|e| io(&data, &e))?;
        let path = entry.path();
        if !entry.file_type().is_file() {
            continue;
        }
        let ext = path.extension().and_then(|e| e.to_str());
        let group = path
            .parent()
            .and_then(|p| p.strip_prefix(&data).ok())
            .and_then(package::group_of);
        match (ext, group) {
            (Some("in"), Some(group)) => {
                let folder = group.split('/').fold(cases.to_path_buf(), |p, g| p.join(g));
                std::fs::create_dir_all(&folder).map_err(|e| io(&folder, &e))?;
                let name = path.file_stem().unwrap_or_default().to_string_lossy();
                copy_new(path, &folder.join(format!("{name}.in")))?;
                let answer = path.with_extension("ans");
                if answer.is_file() {
                    copy_new(&answer, &folder.join(format!("{name}.out")))?;
                } else {
                    copied.without_answer += 1;
                }
                copied.cases += 1;
            }
            (Some("ans"), Some(_)) if path.with_extension("in").is_file() => {}
            _ => copied.skipped.push(display(pkg, path)),
        }
    }
    Ok(())
}

/// Copies to a file that must not exist yet: two package files that map
/// to the same case are an error, not a silent overwrite.
fn copy_new(from: &Path, to: &Path) -> Result<()> {
    let fail = |e: std::io::Error| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            Error::Package {
                path: from.to_path_buf(),
                reason: "another package file already became this case".into(),
            }
        } else {
            Error::io(from, "cannot copy")(e)
        }
    };
    let mut reader = std::fs::File::open(from).map_err(fail)?;
    let mut writer = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(to)
        .map_err(fail)?;
    std::io::copy(&mut reader, &mut writer).map_err(fail)?;
    Ok(())
}

fn display(pkg: &Path, path: &Path) -> String {
    path.strip_prefix(pkg).unwrap_or(path).display().to_string()
}
