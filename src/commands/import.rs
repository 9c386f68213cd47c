//! `judge import PACKAGE --id ID [--solver SOLVER]`: an ICPC / Kattis
//! problem package folder as `problems/<ID>/`, so a test set prepared for a
//! contest system can be checked and graded here.
//!
//! `crate::package::read` decides the mapping and lists what is skipped and
//! what judge cannot do (then nothing is written, exit 2). A package with
//! no time limit gets one computed from its accepted submissions, as
//! problemtools would. The folder is built beside its final path, checked
//! to load, and renamed at the end; an existing `problems/<ID>` is never
//! touched. A `.zip` (or `.kpp`) package is unpacked to a scratch folder
//! first.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::args::SandboxArgs;
use super::context::Context;
use crate::engine::time_limit;
use crate::engine::tools::Tools;
use crate::error::{Error, Result};
use crate::fsutil::{StagedDir, copy_tree};
use crate::origin::TimeRule;
use crate::package::{self, plan, read};
use crate::problem::groups::GROUP_FILE;
use crate::problem::{ProblemSpec, load_problem};
use crate::report::Status;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The package folder.
    pub package: PathBuf,
    /// Name of the new problem folder under the problems folder.
    #[arg(long)]
    pub id: String,
    /// An in-crate reference solver to use instead of the package's
    /// accepted submission (default: judge.yaml's choice, else the first
    /// accepted submission judge can build, compiled languages first).
    #[arg(long)]
    pub solver: Option<String>,
    /// The accepted submission to use as the reference program, relative
    /// to the package (`submissions/accepted/sol.cc`), instead of judge's
    /// choice: installed toolchain first, then the fastest language by the
    /// language table's priority.
    #[arg(long, conflicts_with = "solver")]
    pub reference: Option<PathBuf>,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

pub fn run(ctx: &Context, opts: Args) -> Result<Status> {
    check_id(&opts.id)?;
    // A zip is unpacked into a scratch folder first; everything after reads
    // folders.
    let unzipped = match is_zip(&opts.package) {
        true => Some(unzip(&opts.package)?),
        false => None,
    };
    let pkg = unzipped
        .as_ref()
        .map(|d| package_root(d.path()))
        .unwrap_or_else(|| opts.package.clone());
    if !pkg.is_dir() {
        return Err(Error::Usage(format!(
            "{}: not a package folder or .zip",
            opts.package.display()
        )));
    }
    refuse_escapes(&pkg)?;
    let yaml_path = pkg.join("problem.yaml");
    let yaml = match crate::located::read(&yaml_path) {
        Ok(Ok(text)) => text,
        Ok(Err(e)) => {
            return Err(Error::Package {
                path: opts.package.clone(),
                reason: format!("problem.yaml:{e}"),
            });
        }
        Err(_) => {
            return Err(Error::Usage(format!(
                "{}: not a problem package (no problem.yaml)",
                opts.package.display()
            )));
        }
    };
    let plan = read::read(&pkg, &yaml);
    let refuse = |lines: &[String]| Error::Package {
        path: opts.package.clone(),
        reason: format!(
            "judge cannot import this package, nothing written:\n  {}",
            lines.join("\n  ")
        ),
    };
    if !plan.refused.is_empty() {
        let lines: Vec<String> = plan.refused.iter().map(ToString::to_string).collect();
        return Err(refuse(&lines));
    }
    let mut spec = plan
        .spec
        .clone()
        .expect("a plan without refusals has a spec");
    if let Some(chosen) = &opts.reference {
        let accepted = Path::new("submissions/accepted");
        let imported = plan.copies.iter().any(|(_, to)| to == chosen);
        if !chosen.starts_with(accepted) || !imported {
            return Err(Error::Usage(format!(
                "--reference {}: not an accepted submission this import takes (one of submissions/accepted/…)",
                chosen.display()
            )));
        }
        spec.reference = Some(chosen.clone());
    }
    if let Some(id) = &opts.solver {
        spec.solver = Some(
            id.parse()
                .map_err(|e: String| Error::Usage(format!("--solver: {e}")))?,
        );
        spec.reference = None;
    }
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
    write_problem(&pkg, &plan, &spec, stage.path(), None)?;
    let mut time_note = None;
    if let Some(TimeRule::Compute {
        ac_to_time_limit,
        time_limit_to_tle,
        resolution,
    }) = plan.time
    {
        let (limit, note) = compute_time_limit(
            ctx,
            &opts,
            stage.path(),
            ac_to_time_limit,
            time_limit_to_tle,
            resolution,
        )?;
        spec.limits.time = limit;
        write_problem(&pkg, &plan, &spec, stage.path(), Some(&note))?;
        time_note = Some(note);
    }
    // The new folder must load exactly as intended before it appears.
    match load_problem(&opts.id, stage.path()) {
        Ok(p) if p.spec == spec => {}
        Ok(_) => {
            return Err(refuse(&[
                "the written problem.yaml reads back differently".into()
            ]));
        }
        Err(e) => {
            return Err(refuse(&[format!(
                "the imported problem does not load: {e}"
            )]));
        }
    }
    stage.finish().map_err(Error::io(
        &target,
        "cannot move the imported problem into place (nothing written)",
    ))?;
    println!(
        "imported {} as {}: {} cases, {} submissions, reference {}",
        opts.package.display(),
        target.display(),
        plan.cases,
        plan.submissions,
        match (&spec.solver, &spec.reference) {
            (Some(s), _) => format!("in-crate solver {}", s.id()),
            (_, Some(r)) => r.display().to_string(),
            _ => "none".into(),
        }
    );
    match (&plan.time, time_note) {
        (_, Some(note)) => println!("time limit: {note}"),
        (Some(TimeRule::Fixed(d, from)), None) => {
            println!("time limit: {} s (from {from})", d.as_secs_f64())
        }
        _ => {}
    }
    // What only a package judged in place uses is not imported either.
    let skipped: Vec<&(String, String)> = plan.skipped.iter().chain(&plan.in_place_only).collect();
    if !skipped.is_empty() {
        println!("skipped:");
        let width = skipped.iter().map(|(p, _)| p.len()).max().unwrap_or(0);
        for (path, why) in skipped {
            println!("  {path:<width$}  {why}");
        }
    }
    if !plan.ignored.is_empty() {
        println!("read but without effect in judge:");
        for line in &plan.ignored {
            println!("  {line}");
        }
    }
    Ok(Status::Passed)
}

/// The limit problemtools' rule gives, from the imported problem's
/// accepted submissions (see [`crate::engine::time_limit`]); the note
/// says how, and names the submissions left out of it.
fn compute_time_limit(
    ctx: &Context,
    opts: &Args,
    dir: &Path,
    ac_to_time_limit: f64,
    time_limit_to_tle: f64,
    resolution: f64,
) -> Result<(Duration, String)> {
    let problem = load_problem(&opts.id, dir).map_err(|e| Error::Package {
        path: opts.package.clone(),
        reason: format!("the imported problem does not load: {e}"),
    })?;
    let runner = ctx.runner(opts.sandbox.sandbox, 2)?;
    let tools = Tools::new(&problem, Some(&runner));
    let c = time_limit::compute(
        &tools,
        &runner,
        ac_to_time_limit,
        time_limit_to_tle,
        resolution,
        true,
    )
    .map_err(|reason| Error::Package {
        path: opts.package.clone(),
        reason,
    })?;
    let mut note = c.note;
    for l in &c.left_out {
        note.push_str(&format!("; left out (it fails, a broken promise): {l}"));
    }
    for w in &c.warnings {
        note.push_str(&format!("; warning: {w}"));
    }
    Ok((c.limit, note))
}

fn is_zip(path: &Path) -> bool {
    path.is_file()
        && path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("zip") || e.eq_ignore_ascii_case("kpp"))
}

/// Unpacks a zip into a scratch folder; names leaving it are refused.
fn unzip(path: &Path) -> Result<tempfile::TempDir> {
    let bad = |reason: String| Error::Package {
        path: path.to_path_buf(),
        reason,
    };
    let file = std::fs::File::open(path).map_err(Error::io(path, "cannot read"))?;
    let mut archive = zip::ZipArchive::new(file).map_err(|e| bad(e.to_string()))?;
    let dir = tempfile::tempdir().map_err(Error::io(path, "cannot make a scratch folder for"))?;
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).map_err(|e| bad(e.to_string()))?;
        let Some(name) = entry.enclosed_name() else {
            return Err(bad(format!(
                "{}: a name that leaves the archive",
                entry.name()
            )));
        };
        let out = dir.path().join(name);
        if entry.is_dir() {
            std::fs::create_dir_all(&out).map_err(Error::io(&out, "cannot create"))?;
            continue;
        }
        if let Some(parent) = out.parent() {
            std::fs::create_dir_all(parent).map_err(Error::io(parent, "cannot create"))?;
        }
        let mut w = std::fs::File::create(&out).map_err(Error::io(&out, "cannot create"))?;
        // Not `io::copy`: a corrupt entry is the zip's fault and must name
        // the zip and the entry, not the scratch file being written.
        let mut piece = vec![0u8; 1 << 16];
        loop {
            let got = match entry.read(&mut piece) {
                Ok(0) => break,
                Ok(got) => got,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(bad(format!("{}: {e}", entry.name()))),
            };
            w.write_all(&piece[..got])
                .map_err(Error::io(&out, "cannot write"))?;
        }
        if let Some(mode) = entry.unix_mode() {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&out, std::fs::Permissions::from_mode(mode & 0o755));
        }
    }
    Ok(dir)
}

/// A zip holds the package at its root or in one top folder.
fn package_root(dir: &Path) -> PathBuf {
    if dir.join("problem.yaml").is_file() {
        return dir.to_path_buf();
    }
    let entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    match entries.as_slice() {
        [one] if one.is_dir() => one.clone(),
        _ => dir.to_path_buf(),
    }
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

/// Writes the planned files, `problem.yaml` and the `group.yaml` files
/// into `dir` (again, after a time limit was computed: only the YAML).
fn write_problem(
    pkg: &Path,
    plan: &plan::Plan,
    spec: &ProblemSpec,
    dir: &Path,
    time_note: Option<&str>,
) -> Result<()> {
    let text = |r: std::result::Result<String, String>| {
        r.map_err(|reason| Error::Package {
            path: pkg.to_path_buf(),
            reason,
        })
    };
    let mut yaml = text(package::judge_problem_yaml(spec))?;
    if let Some(note) = time_note {
        yaml = format!("# Time limit {note}.\n{yaml}");
    }
    let spec_path = dir.join("problem.yaml");
    std::fs::write(&spec_path, yaml).map_err(Error::io(&spec_path, "cannot write"))?;
    if time_note.is_some() {
        return Ok(());
    }
    for (from, to) in &plan.copies {
        let to = dir.join(to);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(Error::io(parent, "cannot create"))?;
        }
        if from.is_dir() {
            copy_tree(from, &to).map_err(Error::io(from, "cannot copy"))?;
        } else {
            copy_new(from, &to)?;
        }
    }
    std::fs::create_dir_all(dir.join("cases")).map_err(Error::io(dir, "cannot create cases in"))?;
    for (group, g) in &plan.groups {
        let folder = group
            .split('/')
            .filter(|p| !p.is_empty())
            .fold(dir.join("cases"), |p, g| p.join(g));
        std::fs::create_dir_all(&folder).map_err(Error::io(&folder, "cannot create"))?;
        let body = serde_yaml::to_string(g).map_err(|e| Error::Package {
            path: pkg.to_path_buf(),
            reason: e.to_string(),
        })?;
        let path = folder.join(GROUP_FILE);
        std::fs::write(
            &path,
            format!("# From the package's test data settings.\n{body}"),
        )
        .map_err(Error::io(&path, "cannot write"))?;
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
