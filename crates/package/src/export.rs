//! `judge export`: a problem folder copied as an ICPC / Kattis problem
//! package, so the test set can be loaded by contest systems (Kattis,
//! DOMjudge, problemtools) without retyping anything.
//!
//! What maps to what is decided in [`crate::write`]; this module copies.
//! The package is built in a hidden folder beside the target (or a
//! scratch folder, zipped into a temporary file beside a `.zip` target)
//! and renamed at the end, so an error (or a crash) leaves nothing
//! half-written. The target must not exist.

use std::path::{Path, PathBuf};

use judge_fs::{StagedDir, copy_tree};

use crate::error::{Error, Result};
use crate::origin::Format;
use crate::problem::{Kind, Problem};
use crate::{plan, read, statement, write};

/// What an export wrote, and what a package checker will miss.
#[derive(Debug, Clone, Default)]
pub struct Exported {
    /// Sample cases; the others are secret.
    pub samples: usize,
    pub submissions: usize,
    pub warnings: Vec<String>,
}

/// The target of an export must not exist: nothing is ever overwritten.
pub fn check_target(out: &Path) -> Result<()> {
    match out.symlink_metadata() {
        Ok(_) => Err(Error::Refused(format!(
            "{} exists; nothing written (export to a new path)",
            out.display()
        ))),
        Err(_) => Ok(()),
    }
}

/// Writes `problem` as a package in `format` at `out`: a folder, or a
/// `.zip` file. Refused, with nothing written, when the problem cannot be
/// said in the format.
pub fn export(problem: &Problem, format: Format, out: &Path) -> Result<Exported> {
    check_target(out)?;
    let refused = |why: String| Error::Refused(format!("{}: {why}", problem.id));
    if let Some(why) = write::refusal(problem) {
        return Err(refused(format!("cannot be exported: {why}")));
    }
    let legacy_lacks = match problem.spec.kind {
        Kind::Plain | Kind::Interactive => None,
        Kind::MultiPass { .. } | Kind::InteractiveMultiPass { .. } => Some("multi-pass"),
        Kind::SubmitAnswer => Some("submit-answer"),
    };
    if let Some(kind) = legacy_lacks.filter(|_| format == Format::Legacy) {
        return Err(refused(format!(
            "cannot be exported as legacy: the legacy format has no {kind} problems (use 2025-09)"
        )));
    }
    // What judge read of a static validator is not written back (its
    // cases live in test_group.yaml keys export does not write): refused
    // rather than dropped.
    if problem.spec.static_validation.is_some() {
        return Err(refused(
            "cannot be exported: judge does not write its static validator back".into(),
        ));
    }
    let several = (problem.spec.checker.as_ref()).is_some_and(|c| !c.also.is_empty());
    if several && format != Format::Legacy {
        return Err(refused(format!(
            "cannot be exported as {format}: it holds one output validator, the problem has several (use legacy)"
        )));
    }
    // Group settings first: a scoring problem the format cannot score as
    // judge does is refused before anything is copied.
    let settings = write::testdata_yamls(problem, format)
        .map_err(|why| refused(format!("cannot be exported as {format}: {why}")))?;
    let unanswered: Vec<String> = (problem.cases.iter())
        .filter(|c| c.answer.is_none())
        .map(|c| c.id())
        .collect();
    if !unanswered.is_empty() {
        return Err(refused(format!(
            "{} case(s) without an expected output ({}); a package needs one \
             .ans per input (run judge regen first)",
            unanswered.len(),
            unanswered.join(", ")
        )));
    }
    let name = (out.file_stem().unwrap_or_default())
        .to_string_lossy()
        .into_owned();
    let mut warnings = Vec::new();
    if !write::is_short_name(&name) {
        warnings.push(format!(
            "the package is named {name:?}; problem tools want a short name of \
             lower-case letters and digits, such as {:?}",
            write::short_name(&problem.id)
        ));
    }
    let zipped = out
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("zip"));
    // `--out a/b` makes `a/` as `mkdir -p` would: the package is what must
    // not exist, not the folders it goes in.
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        create_dir(parent)?;
    }
    let (samples, submissions, more) = if zipped {
        let scratch =
            tempfile::tempdir().map_err(Error::io(out, "cannot make a scratch folder for"))?;
        let dir = scratch.path().join(&name);
        let written =
            write_package(problem, &dir, format, &settings).map_err(|e| as_target(e, &dir, out))?;
        zip_folder(&dir, out)?;
        written
    } else {
        let stage = StagedDir::new(out).map_err(Error::io(out, "cannot create the package"))?;
        let written = write_package(problem, stage.path(), format, &settings)
            .map_err(|e| as_target(e, stage.path(), out))?;
        stage.finish().map_err(Error::io(
            out,
            "cannot move the finished package into place (nothing written)",
        ))?;
        written
    };
    warnings.extend(more);
    Ok(Exported {
        samples,
        submissions,
        warnings,
    })
}

/// `e` with the paths inside the folder `built` (a staging or scratch
/// folder, gone when the error is read) named as inside `out`, the path
/// the user asked for.
fn as_target(e: Error, built: &Path, out: &Path) -> Error {
    let moved = |p: PathBuf| match p.strip_prefix(built) {
        Ok(rest) => out.join(rest),
        Err(_) => p,
    };
    match e {
        Error::Io(mut io) => {
            io.path = moved(io.path);
            Error::Io(io)
        }
        Error::Package { path, reason } => Error::Package {
            path: moved(path),
            reason,
        },
        Error::Yaml { path, source } => Error::Yaml {
            path: moved(path),
            source,
        },
        other => other,
    }
}

/// Writes the whole package into `dir`; returns its samples, its
/// submissions, and warnings about what a package checker will miss.
fn write_package(
    problem: &Problem,
    dir: &Path,
    format: Format,
    settings: &[(PathBuf, String)],
) -> Result<(usize, usize, Vec<String>)> {
    let mut warnings = Vec::new();
    let text = |r: std::result::Result<String, serde_yaml::Error>| {
        r.map_err(|source| Error::Yaml {
            path: problem.dir.join("problem.yaml"),
            source,
        })
    };
    create_dir(dir)?;
    write(
        &dir.join("problem.yaml"),
        text(write::problem_yaml(problem, format))?.as_bytes(),
    )?;
    if format == Format::Legacy {
        let seconds = format!("{}\n", problem.spec.limits.time.as_secs_f64());
        write(&dir.join(".timelimit"), seconds.as_bytes())?;
    }
    write(
        &dir.join(crate::EXTENSION_FILE),
        text(write::extension_yaml(problem))?.as_bytes(),
    )?;
    let samples = write_data(problem, &dir.join("data"), settings, format)?;
    if format != Format::V2025 && !problem.invalid_inputs.is_empty() {
        warnings.push(format!(
            "{} invalid inputs not exported: problemtools, which reads this format, refuses \
             test data other than sample and secret (2025-09 exports keep them in \
             data/invalid_input)",
            problem.invalid_inputs.len()
        ));
    }
    let args = problem.groups.specs.values().any(|g| g.args.is_some());
    let files = problem.cases.iter().any(|c| c.files().is_some());
    if format != Format::V2025 && (args || files) {
        warnings.push(format!(
            "the submissions' arguments and case files (args, .files) not exported: the {format}              format has no place for them, so the package judges without them (2025-09 exports              keep them)"
        ));
    }
    write_programs(problem, dir, format, &mut warnings)?;
    let statement = problem.dir.join("statement");
    if statement.is_dir() {
        write_statement(
            problem,
            &statement,
            &dir.join(crate::statement_dir(format)),
            format,
        )?;
    } else {
        warnings.push("no statement/ folder: problem tools want a statement".into());
    }
    let submissions = write_submissions(problem, dir, &mut warnings)?;
    // Where the data comes from travels with the data.
    let sources = problem.dir.join(read::SOURCES_FILE);
    if sources.is_file() {
        copy(&sources, &dir.join(read::SOURCES_FILE))?;
    }
    Ok((samples, submissions, warnings))
}

/// The cases and the groups' settings under `data`; returns how many
/// cases are samples.
fn write_data(
    problem: &Problem,
    data: &Path,
    settings: &[(PathBuf, String)],
    format: Format,
) -> Result<usize> {
    for folder in ["sample", "secret"] {
        create_dir(&data.join(folder))?;
    }
    let mut samples = 0;
    for case in &problem.cases {
        let folder = data.join(crate::data_folder(&case.group));
        create_dir(&folder)?;
        if folder.starts_with(data.join("sample")) {
            samples += 1;
        }
        copy(&case.input, &folder.join(format!("{}.in", case.name)))?;
        if let Some(answer) = &case.answer {
            copy(answer, &folder.join(format!("{}.ans", case.name)))?;
        }
        // Only 2025-09 has a place for a case's files (see `export`).
        if let Some(files) = case.files().filter(|_| format == Format::V2025) {
            copy_any(&files, &folder.join(format!("{}.files", case.name)))?;
        }
    }
    for (path, body) in settings {
        let path = data.join(path);
        create_dir(path.parent().unwrap_or(data))?;
        write(&path, body.as_bytes())?;
    }
    // Inputs every validator must reject, each with the rule it declares
    // in the format's per-case .yaml (the recipe's `invalid:` map has no
    // place in a package). Only 2025-09 keeps them: problemtools, which
    // reads the older formats, refuses a data/invalid_input.
    let invalid = match format {
        Format::V2025 => &problem.invalid_inputs[..],
        _ => &[][..],
    };
    for case in invalid {
        let folder = data.join(&case.group);
        create_dir(&folder)?;
        copy(&case.input, &folder.join(format!("{}.in", case.name)))?;
        if let Some(rule) = problem.invalid_rules.get(&case.id()) {
            write(
                &folder.join(format!("{}.yaml", case.name)),
                rule_yaml(rule).as_bytes(),
            )?;
        }
    }
    Ok(samples)
}

/// The per-case .yaml declaring `rule`: in the format's `description`,
/// in judge's tag form, when the rule is a name (package tools warn about
/// a key they do not know); a rule that is a phrase cannot be tagged, so
/// it goes under judge's own `rule` key.
fn rule_yaml(rule: &str) -> String {
    let name = rule
        .chars()
        .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
    match name {
        true => format!("description: \"invalid input: breaks (rule {rule})\"\n"),
        false => format!("rule: {rule:?}\n"),
    }
}

/// The output validator (checker or interactor), the input validators
/// and the generator, each under the package's own folder name.
fn write_programs(
    problem: &Problem,
    dir: &Path,
    format: Format,
    warnings: &mut Vec<String>,
) -> Result<()> {
    let spec = &problem.spec;
    match (&spec.checker, format) {
        // Legacy: one folder per validator program, named after it.
        (Some(checker), Format::Legacy) => {
            for (program, folder) in crate::legacy_validator_folders(checker) {
                let folder = dir.join("output_validators").join(folder);
                place(&problem.dir.join(program), &folder)?;
            }
        }
        (Some(checker), _) => {
            if let Some(program) = &checker.program {
                let folder = dir.join(crate::output_validator_dir(format));
                place(&problem.dir.join(program), &folder)?;
            }
        }
        (None, _) => {}
    }
    for v in &spec.validators {
        copy_any(
            &problem.dir.join(v),
            &dir.join("input_validators")
                .join(v.file_name().unwrap_or_default()),
        )?;
    }
    if spec.validators.is_empty() {
        warnings
            .push("no input validator program: problem tools want one (input_validators/)".into());
    }
    if let Some(g) = &spec.generator {
        copy_any(
            &problem.dir.join(g),
            &dir.join("generators")
                .join(g.file_name().unwrap_or_default()),
        )?;
    }
    Ok(())
}

/// The submission folders a package has, and a reference program outside
/// them as an accepted one; returns how many submissions were copied.
fn write_submissions(problem: &Problem, dir: &Path, warnings: &mut Vec<String>) -> Result<usize> {
    let mut submissions = 0;
    let from = problem.dir.join("submissions");
    for folder in std::fs::read_dir(&from).into_iter().flatten().flatten() {
        let name = folder.file_name().to_string_lossy().into_owned();
        if name == "submissions.yaml" {
            copy_any(&folder.path(), &dir.join("submissions").join(&name))?;
        } else if write::PACKAGE_FOLDERS.contains(&name.as_str()) {
            submissions += std::fs::read_dir(folder.path())
                .map(|r| r.count())
                .unwrap_or(0);
            copy_tree(&folder.path(), &dir.join("submissions").join(&name))
                .map_err(Error::io(&folder.path(), "cannot copy"))?;
        } else {
            warnings.push(format!(
                "submissions/{name} not exported: the package format has no such folder"
            ));
        }
    }
    // A reference program outside the submissions is an accepted one.
    let outside = (problem.spec.reference.as_ref()).filter(|r| !r.starts_with("submissions"));
    if let Some(r) = outside {
        copy_any(
            &problem.dir.join(r),
            &dir.join("submissions/accepted")
                .join(r.file_name().unwrap_or_default()),
        )?;
        submissions += 1;
    }
    Ok(submissions)
}

/// The statement folder `from` as the package's `to`: copied as it is
/// (Markdown, LaTeX, images), and for a legacy package each Markdown
/// statement also converted to the LaTeX problemtools reads there. The
/// `.md` stays beside its `.tex`: problemtools' legacy reader takes only
/// `problem(.<lang>)?.tex`, and `judge import` keeps the Markdown and skips
/// the generated LaTeX, so export → import gives back the folder as it was.
fn write_statement(problem: &Problem, from: &Path, to: &Path, format: Format) -> Result<()> {
    copy_tree(from, to).map_err(Error::io(from, "cannot copy"))?;
    for path in plan::sorted_entries(from) {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let Some(tex) = statement::latex_name(&name) else {
            continue;
        };
        if from.join(&tex).exists() {
            return Err(Error::Package {
                path: from.to_path_buf(),
                reason: format!(
                    "both {name} and {tex}: one statement per language (keep the Markdown; \
                     a legacy export writes the LaTeX from it)"
                ),
            });
        }
        // Legacy problemtools reads only LaTeX, and so does BAPCtools
        // (2025-09): both get it converted from the Markdown, kept beside.
        if format != Format::Draft2023 {
            let markdown =
                std::fs::read_to_string(&path).map_err(Error::io(&path, "cannot read"))?;
            let latex = statement::to_latex(&path, &problem.spec.name, &markdown)?;
            write(&to.join(&tex), latex.as_bytes())?;
        }
    }
    Ok(())
}

/// A program as the package's program folder: a single file goes inside
/// it, a folder's contents become it.
fn place(program: &Path, folder: &Path) -> Result<()> {
    if program.is_dir() {
        copy_tree(program, folder).map_err(Error::io(program, "cannot copy"))?;
        Ok(())
    } else {
        create_dir(folder)?;
        copy(
            program,
            &folder.join(program.file_name().unwrap_or_default()),
        )
    }
}

fn copy_any(from: &Path, to: &Path) -> Result<()> {
    if from.is_dir() {
        copy_tree(from, to).map_err(Error::io(from, "cannot copy"))?;
        return Ok(());
    }
    create_dir(to.parent().unwrap_or(Path::new(".")))?;
    copy(from, to)
}

/// Zips `dir`'s contents (the package at the archive's root, as contest
/// systems upload it) into a temporary file beside `out`, renamed at the
/// end so that no half-written archive is ever seen.
fn zip_folder(dir: &Path, out: &Path) -> Result<()> {
    use std::io::Write as _;
    let parent = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let tmp = tempfile::NamedTempFile::new_in(parent).map_err(Error::io(out, "cannot create"))?;
    let mut zip = zip::ZipWriter::new(tmp.reopen().map_err(Error::io(out, "cannot write"))?);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    let fail = |e: zip::result::ZipError| Error::Package {
        path: out.to_path_buf(),
        reason: e.to_string(),
    };
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name().min_depth(1) {
        let entry = entry.map_err(|e| Error::Package {
            path: dir.to_path_buf(),
            reason: e.to_string(),
        })?;
        let name = entry
            .path()
            .strip_prefix(dir)
            .unwrap_or(entry.path())
            .to_string_lossy()
            .into_owned();
        if entry.file_type().is_dir() {
            zip.add_directory(format!("{name}/"), options)
                .map_err(fail)?;
            continue;
        }
        use std::os::unix::fs::PermissionsExt;
        let mode = entry
            .metadata()
            .map(|m| m.permissions().mode())
            .unwrap_or(0o644);
        zip.start_file(name, options.unix_permissions(mode & 0o755))
            .map_err(fail)?;
        let bytes = std::fs::read(entry.path()).map_err(Error::io(entry.path(), "cannot read"))?;
        zip.write_all(&bytes)
            .map_err(Error::io(out, "cannot write"))?;
    }
    zip.finish().map_err(fail)?;
    tmp.persist_noclobber(out)
        .map_err(|e| Error::io(out, "cannot move into place")(e.error))?;
    Ok(())
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
