//! `judge import`: an ICPC / Kattis problem package folder (or `.zip`,
//! `.kpp`) as a problem folder of judge's layout, so a test set prepared
//! for a contest system can be checked and graded here.
//!
//! [`crate::read`] decides the mapping and lists what is skipped and what
//! judge cannot do (then nothing is written). The folder is built beside
//! its final path ([`Import::stage`]), given the time limit the package's
//! rule computes when it states none (by the caller, which runs the
//! accepted submissions: [`Staged::set_time_limit`]), checked to load, and
//! renamed at the end ([`Staged::finish`]); an existing folder is never
//! touched. A zip is unpacked to a scratch folder first.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use judge_fs::{StagedDir, copy_tree};

use crate::error::{Error, Result};
use crate::origin::TimeRule;
use crate::plan::Plan;
use crate::problem::groups::GROUP_FILE;
use crate::problem::{ProblemSpec, load_problem};
use crate::read;

/// What `judge import` is asked to do.
#[derive(Debug, Clone)]
pub struct Import<'a> {
    /// The package folder or zip.
    pub package: &'a Path,
    /// The new problem folder's name.
    pub id: &'a str,
    /// The problems folder it goes into.
    pub problems: &'a Path,
    /// An in-crate solver to use as the reference.
    pub solver: Option<&'a str>,
    /// The accepted submission to use as the reference program, relative
    /// to the package.
    pub reference: Option<&'a Path>,
}

/// A problem written into its staging folder, not yet in place.
pub struct Staged {
    package: PathBuf,
    pkg: PathBuf,
    /// The scratch folder a zip was unpacked into, kept while staged.
    _unzipped: Option<tempfile::TempDir>,
    plan: Plan,
    spec: ProblemSpec,
    id: String,
    target: PathBuf,
    stage: StagedDir,
    time_note: Option<String>,
}

/// What an import did, for the summary.
pub struct Imported {
    /// Where the problem now is.
    pub target: PathBuf,
    pub plan: Plan,
    pub spec: ProblemSpec,
    /// How the time limit was computed, when it was.
    pub time_note: Option<String>,
}

impl Import<'_> {
    /// Reads the package and writes the problem into a staging folder
    /// beside its final place. Nothing is written when the package is
    /// refused.
    pub fn stage(&self) -> Result<Staged> {
        check_id(self.id)?;
        // A zip is unpacked into a scratch folder first; everything after
        // reads folders.
        let unzipped = match is_zip(self.package) {
            true => Some(unzip(self.package)?),
            false => None,
        };
        let pkg = (unzipped.as_ref())
            .map(|d| package_root(d.path()))
            .unwrap_or_else(|| self.package.to_path_buf());
        if !pkg.is_dir() {
            return Err(Error::Refused(format!(
                "{}: not a package folder or .zip",
                self.package.display()
            )));
        }
        refuse_escapes(&pkg)?;
        let plan = self.read(&pkg)?;
        let spec = self.spec(&plan)?;
        if !self.problems.is_dir() {
            return Err(Error::Refused(format!(
                "{}: no such problems folder",
                self.problems.display()
            )));
        }
        let target = self.problems.join(self.id);
        if target.symlink_metadata().is_ok() {
            return Err(Error::Refused(format!(
                "{} exists; nothing written (import under a new --id)",
                target.display()
            )));
        }
        let stage = StagedDir::new(&target)
            .map_err(Error::io(self.problems, "cannot create a folder in"))?;
        write_problem(&pkg, &plan, &spec, stage.path(), None)?;
        Ok(Staged {
            package: self.package.to_path_buf(),
            pkg,
            _unzipped: unzipped,
            plan,
            spec,
            id: self.id.to_string(),
            target,
            stage,
            time_note: None,
        })
    }

    /// The package's plan; refused when judge cannot import it.
    fn read(&self, pkg: &Path) -> Result<Plan> {
        let yaml_path = pkg.join("problem.yaml");
        let yaml = match crate::located::read(&yaml_path) {
            Ok(Ok(text)) => text,
            Ok(Err(e)) => {
                return Err(Error::Package {
                    path: self.package.to_path_buf(),
                    reason: format!("problem.yaml:{e}"),
                });
            }
            Err(_) => {
                return Err(Error::Refused(format!(
                    "{}: not a problem package (no problem.yaml)",
                    self.package.display()
                )));
            }
        };
        let mut plan = read::read(pkg, &yaml);
        // A case's own arguments have no place in judge's layout (its
        // groups have): judged in place, the package keeps them.
        // Its visualizers' arguments go with the visualizers, which an
        // import skips.
        let judged = |own: &crate::problem::GroupSpec| crate::problem::GroupSpec {
            visualizer_args: Default::default(),
            ..own.clone()
        };
        for spec in plan.groups.values_mut() {
            spec.visualizer_args = Default::default();
        }
        plan.groups.retain(|_, spec| *spec != Default::default());
        let own_args = plan.case_settings.iter();
        let own_args = own_args.filter(|(_, own)| judged(own) != Default::default());
        for (input, _) in own_args {
            plan.refused.push(crate::Refusal::Unsupported {
                at: crate::plan::rel(pkg, &input.with_extension("yaml")),
                what: "a case's own arguments: judge's own layout has no place for them (judge the package in place, where they are used)".into(),
            });
        }
        plan.ignored.extend(not_carried(&plan.environment));
        if !plan.refused.is_empty() {
            let lines: Vec<String> = plan.refused.iter().map(ToString::to_string).collect();
            return Err(refuse(self.package, &lines));
        }
        Ok(plan)
    }

    /// The plan's problem.yaml, with the reference asked for.
    fn spec(&self, plan: &Plan) -> Result<ProblemSpec> {
        let mut spec = (plan.spec.clone()).expect("a plan without refusals has a spec");
        if let Some(chosen) = self.reference {
            let accepted = Path::new("submissions/accepted");
            let imported = plan.copies.iter().any(|(_, to)| to == chosen);
            if !chosen.starts_with(accepted) || !imported {
                return Err(Error::Refused(format!(
                    "--reference {}: not an accepted submission this import takes (one of submissions/accepted/…)",
                    chosen.display()
                )));
            }
            spec.reference = Some(chosen.to_path_buf());
        }
        if let Some(id) = self.solver {
            let solver = id
                .parse()
                .map_err(|e| Error::Refused(format!("--solver: {e}")))?;
            spec.solver = Some(solver);
            spec.reference = None;
        }
        Ok(spec)
    }
}

impl Staged {
    /// The staged problem folder.
    pub fn dir(&self) -> &Path {
        self.stage.path()
    }

    /// The id the problem is imported as.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// How the package's time limit is to be computed, when it gives none:
    /// the caller measures the accepted submissions of the staged problem
    /// and calls [`Staged::set_time_limit`].
    pub fn time_rule(&self) -> Option<TimeRule> {
        match self.plan.time {
            Some(rule @ TimeRule::Compute { .. }) => Some(rule),
            _ => None,
        }
    }

    /// Gives the problem the computed limit; `note` says how, and heads
    /// its problem.yaml.
    pub fn set_time_limit(&mut self, limit: Duration, note: String) -> Result<()> {
        self.spec.limits.time = limit;
        let dir = self.stage.path().to_path_buf();
        write_problem(&self.pkg, &self.plan, &self.spec, &dir, Some(&note))?;
        self.time_note = Some(note);
        Ok(())
    }

    /// A refusal of this package, nothing written.
    pub fn refuse(&self, reason: String) -> Error {
        Error::Package {
            path: self.package.clone(),
            reason,
        }
    }

    /// Checks the staged folder loads exactly as intended, then moves it
    /// into place.
    pub fn finish(self) -> Result<Imported> {
        match load_problem(&self.id, self.stage.path()) {
            Ok(p) if p.spec == self.spec => {}
            Ok(_) => {
                return Err(refuse(
                    &self.package,
                    &["the written problem.yaml reads back differently".into()],
                ));
            }
            Err(e) => {
                return Err(refuse(
                    &self.package,
                    &[format!("the imported problem does not load: {e}")],
                ));
            }
        }
        self.stage.finish().map_err(Error::io(
            &self.target,
            "cannot move the imported problem into place (nothing written)",
        ))?;
        Ok(Imported {
            target: self.target,
            plan: self.plan,
            spec: self.spec,
            time_note: self.time_note,
        })
    }
}

/// The refusal of a package, every reason on its own line.
fn refuse(package: &Path, lines: &[String]) -> Error {
    Error::Package {
        path: package.to_path_buf(),
        reason: format!(
            "judge cannot import this package, nothing written:\n  {}",
            lines.join("\n  ")
        ),
    }
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
pub fn check_id(id: &str) -> Result<()> {
    let plain = !id.is_empty()
        && !id.starts_with('.')
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if plain {
        Ok(())
    } else {
        Err(Error::Refused(format!(
            "--id {id:?}: use letters, digits, '-', '_' or '.' (not first)"
        )))
    }
}

/// Writes the planned files, `problem.yaml` and the `group.yaml` files
/// into `dir` (again, after a time limit was computed: only the YAML).
/// The package formats' folder rules that judge's finer folders do not
/// keep, as `submissions.yaml` entries: the formats have four verdicts, so
/// a program that runs out of memory keeps a `run_time_error/` promise
/// there (problemtools' own `hello` keeps its memory hog in that folder),
/// while judge's `run_time_error/` means RE alone. The entry is 2025-09's
/// default for the folder (every case AC or RTE, some RTE; MLE counts as
/// RTE), written when the folder holds submissions and the package's own
/// file says nothing about the folder.
fn carry_format_rules(dir: &Path) -> Result<()> {
    const RULES: [(&str, &str); 1] = [(
        "run_time_error",
        "# The package format's rule (MLE counts as RTE), carried by judge import.\n\
         run_time_error:\n  permitted: [AC, RTE]\n  required: [RTE]\n",
    )];
    let path = dir.join("submissions/submissions.yaml");
    let mut text = std::fs::read_to_string(&path).unwrap_or_default();
    let keys: serde_yaml::Mapping = serde_yaml::from_str(&text).unwrap_or_default();
    let before = text.len();
    for (folder, rule) in RULES {
        let holds = std::fs::read_dir(dir.join("submissions").join(folder))
            .is_ok_and(|mut d| d.next().is_some());
        if holds && !keys.contains_key(folder) {
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(rule);
        }
    }
    if text.len() != before {
        std::fs::write(&path, text).map_err(Error::io(&path, "cannot write"))?;
    }
    Ok(())
}

fn write_problem(
    pkg: &Path,
    plan: &Plan,
    spec: &ProblemSpec,
    dir: &Path,
    time_note: Option<&str>,
) -> Result<()> {
    let mut yaml = crate::judge_problem_yaml(spec).map_err(|source| Error::Yaml {
        path: pkg.to_path_buf(),
        source,
    })?;
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
    substitute_constants(plan, spec, dir)?;
    if !pkg.join(crate::EXTENSION_FILE).is_file() {
        carry_format_rules(dir)?;
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

/// What judge's own layout cannot say of the package's programs: read,
/// and without effect on the imported problem (a package judged in
/// place keeps each).
fn not_carried(env: &crate::environment::Environment) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(languages) = &env.languages {
        lines.push(format!(
            "languages: {} (every language is judged)",
            languages.join(", ")
        ));
    }
    if env.allow_file_writing {
        lines.push("allow_file_writing: true (submissions run in a read-only folder)".into());
    }
    if let Some(code) = env.code {
        lines.push(format!(
            "limits.code: {} KiB (no limit on a submission's size)",
            code >> 10
        ));
    }
    lines
}

/// The package's constants written into the imported copies of the
/// files the format substitutes them in (validators, included files,
/// submissions, the statement), since judge's own layout has no
/// constants; never into test data or the generator.
fn substitute_constants(plan: &Plan, spec: &ProblemSpec, dir: &Path) -> Result<()> {
    let constants = &plan.environment.constants;
    let programs = spec
        .paths()
        .into_iter()
        .filter(|(key, _)| *key != "generator");
    let mut places: Vec<PathBuf> = programs.map(|(_, p)| p.to_path_buf()).collect();
    places.extend(["submissions", crate::INCLUDE].map(PathBuf::from));
    // The Markdown statement; LaTeX has `\constant{name}` instead.
    let statements = crate::plan::sorted_entries(&dir.join("statement"));
    places.extend((statements.into_iter()).filter(|p| p.extension().is_some_and(|x| x == "md")));
    for place in places {
        let at = dir.join(place);
        if at.exists() {
            constants
                .substitute_tree(&at)
                .map_err(Error::io(&at, "cannot write the constants in"))?;
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
