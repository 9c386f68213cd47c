//! Reading a problem package (legacy, 2023-07 draft or 2025-09) into a
//! [`Plan`]: judge's `problem.yaml` and `group.yaml` files, which package
//! file goes where in the new problem folder, and — listed, never silent —
//! what is skipped and what judge cannot do (refused: the import stops).
//!
//! A package written by `judge export` carries `judge.yaml` with our own
//! `problem.yaml` and group settings; those win, so export → import gives
//! back the same problem. Any other package is read from its own fields.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_yaml::Value;

use crate::contest_files::DOMJUDGE_INI;
use crate::origin::{Format, TimeRule};
use crate::plan::{Plan, ProblemYaml, name_of, rel, sorted_entries};
use crate::problem::Kind as ProblemKind;
use crate::problem::{ProblemSpec, ScoringSpec};
use crate::read_limits::limits;
use crate::refusal::UnknownFormat;
use crate::spec_keys::File;
use crate::submissions::{submissions, take_reference};
use crate::validator_dirs;
use crate::{
    EXTENSION_FILE, Extension, Refusal, output_validator_dir, read_data, statement_dir, text_in,
};

#[path = "read_validators.rs"]
mod validators;

/// The package's format, from `problem_format_version`.
pub(crate) fn format_of(yaml: &Value) -> Result<Format, UnknownFormat> {
    let Some(version) = yaml.get("problem_format_version") else {
        return Ok(Format::Legacy);
    };
    match version.as_str() {
        Some("legacy" | "legacy-icpc") => Ok(Format::Legacy),
        Some("2023-07-draft" | "2023-07") => Ok(Format::Draft2023),
        Some("2025-09" | "draft") => Ok(Format::V2025),
        _ => Err(UnknownFormat {
            written: match version {
                Value::String(text) => Some(text.clone()),
                Value::Number(n) => Some(n.to_string()),
                Value::Bool(b) => Some(b.to_string()),
                _ => None,
            },
        }),
    }
}

/// Reads the package at `pkg`.
pub fn read(pkg: &Path, yaml_text: &str) -> Plan {
    read_with_data(pkg, yaml_text, None)
}

/// Reads the package at `pkg`, its `data/` at `data` when given (the
/// cases judge generated from the package's recipe).
pub(crate) fn read_with_data(pkg: &Path, yaml_text: &str, data: Option<&Path>) -> Plan {
    let mut plan = Plan {
        data: data.map(Path::to_path_buf),
        ..Plan::default()
    };
    let yaml: Value = match crate::located::yaml(yaml_text) {
        Ok(v) => v,
        Err(e) => {
            plan.refused.push(Refusal::unreadable("problem.yaml", &e));
            return plan;
        }
    };
    let spec = ProblemYaml {
        value: &yaml,
        text: yaml_text,
    };
    let format = match format_of(&yaml) {
        Ok(f) => {
            plan.format = Some(f);
            f
        }
        Err(e) => {
            plan.refused.push(Refusal::Invalid {
                at: spec.at(&["problem_format_version"]),
                reason: e.to_string(),
            });
            return plan;
        }
    };
    // Every key held against the format's table, before any is read.
    crate::key_check::check("problem.yaml", yaml_text, &yaml, File::Problem, format).apply(
        File::Problem,
        format,
        &mut plan,
        true,
    );
    crate::forgiven::problem_yaml(pkg, spec, format, &mut plan);
    let extension = match crate::located::read(&pkg.join(EXTENSION_FILE)) {
        Ok(Ok(text)) => Some(crate::located::yaml::<Extension>(&text)),
        Ok(Err(e)) => Some(Err(e)),
        Err(_) => None,
    };
    match extension {
        Some(Ok(ext)) => from_extension(pkg, ext, format, &mut plan),
        Some(Err(e)) => plan.refused.push(Refusal::unreadable(EXTENSION_FILE, &e)),
        None => from_package(pkg, spec, format, &mut plan),
    }
    crate::read_checks::answer_validators(pkg, format, &mut plan);
    plan
}

/// A package `judge export` wrote: our spec and groups as they were.
fn from_extension(pkg: &Path, ext: Extension, format: Format, plan: &mut Plan) {
    let spec = ext.problem;
    let dir = pkg.join(output_validator_dir(format));
    match &spec.checker {
        Some(c) if format == Format::Legacy && !c.also.is_empty() => {
            for (program, folder) in crate::legacy_validator_folders(c) {
                place_program(pkg, &dir.join(folder), &program, plan);
            }
        }
        Some(c) => {
            if let Some(program) = &c.program {
                place_program(pkg, &dir, program, plan);
            }
        }
        None => {}
    }
    for v in &spec.validators {
        let from = pkg
            .join("input_validators")
            .join(v.file_name().unwrap_or_default());
        plan.copies.push((from, v.clone()));
    }
    if let Some(g) = &spec.generator {
        plan.copies.push((
            pkg.join("generators")
                .join(g.file_name().unwrap_or_default()),
            g.clone(),
        ));
    }
    plan.groups = ext.groups;
    read_data::cases(pkg, format, &ext.folders, spec.kind, plan);
    submissions(pkg, plan);
    // Export put a reference program that was not a submission among the
    // accepted ones; it goes back where it was.
    if let Some(r) = spec
        .reference
        .as_ref()
        .filter(|r| !r.starts_with("submissions"))
    {
        let from = pkg
            .join("submissions/accepted")
            .join(r.file_name().unwrap_or_default());
        if let Some(copy) = plan.copies.iter_mut().find(|(f, _)| *f == from) {
            copy.1 = r.clone();
            plan.submissions -= 1;
            plan.not_submissions.push(from);
        }
    }
    statement(pkg, format, plan, true);
    plan.time = Some(TimeRule::Fixed(spec.limits.time, EXTENSION_FILE));
    others(
        pkg,
        plan,
        "the time limit comes from judge.yaml",
        &[
            EXTENSION_FILE,
            output_validator_dir(format),
            "input_validators",
            "generators",
        ],
    );
    plan.spec = Some(spec);
}

/// A package from anywhere: its own fields decide.
fn from_package(pkg: &Path, spec_yaml: ProblemYaml<'_>, format: Format, plan: &mut Plan) {
    let mut r = Reader {
        pkg,
        spec: spec_yaml,
        format,
        plan,
    };
    let name = r.name();
    let source = r.source();
    let declared = r.declared();
    r.include_and_static_validator();
    let kind = r.kind(&declared);
    let checker = r.checker(&declared);
    let validators = r.input_validators();
    let limits = limits(spec_yaml, format, pkg, r.plan);
    r.plan.environment = crate::read_environment::read(spec_yaml, format, r.plan);
    crate::read_environment::note_unknown(pkg, r.plan);
    let reference = take_reference(pkg, r.plan);
    let scoring = declared.has("scoring");
    let static_validation = crate::read_static::read(pkg, format, kind, scoring, r.plan);
    let top = read_data::group_settings(pkg, format, scoring, r.plan);
    read_data::cases(pkg, format, &BTreeMap::new(), kind, r.plan);
    submissions(pkg, r.plan);
    statement(pkg, format, r.plan, false);
    crate::read_visualizers::read(pkg, r.plan);
    r.skip_others();
    // Legacy graders count the samples unless told not to; the newer
    // formats never score them.
    let scoring = scoring.then(|| ScoringSpec {
        include_sample: format == Format::Legacy && !top.ignore_sample,
        aggregation: None,
        legacy: top.legacy,
    });
    let spec = ProblemSpec {
        reference,
        source,
        checker,
        kind,
        validators,
        scoring,
        limits,
        static_validation,
        ..ProblemSpec::named(&name)
    };
    plan.spec = Some(spec);
}

/// What every step of reading a package from its own fields needs: the
/// package, its `problem.yaml`, its format and the plan they fill in.
struct Reader<'a> {
    pkg: &'a Path,
    spec: ProblemYaml<'a>,
    format: Format,
    plan: &'a mut Plan,
}

/// The kind of problem as the package declares it: legacy `validation`,
/// newer `type` (with what `validation` implies added).
struct Declared {
    validation: Validation,
    types: Vec<String>,
}

impl Declared {
    /// Whether the package declares type `t`.
    fn has(&self, t: &str) -> bool {
        self.types.iter().any(|x| x == t)
    }
}

impl<'a> Reader<'a> {
    /// `problem.yaml`'s key `k`, unless missing or null.
    fn field(&self, k: &str) -> Option<&'a Value> {
        self.spec.value.get(k).filter(|v| !v.is_null())
    }

    /// `name` may be a map of languages (English first, else the first);
    /// DOMjudge keeps it in its ini file when problem.yaml has none.
    fn name(&self) -> String {
        self.field("name")
            .and_then(text_in)
            .or_else(|| ini_name(self.pkg))
            .unwrap_or_else(|| name_of(self.pkg))
    }

    /// `source`, or the first of a list of them.
    fn source(&self) -> String {
        match self.field("source") {
            Some(Value::Sequence(items)) => items.first().and_then(text_in),
            Some(v) => text_in(v),
            None => None,
        }
        .unwrap_or_default()
    }

    /// The kind of problem: legacy `validation`, newer `type`.
    fn declared(&mut self) -> Declared {
        let validation = read_validation(self.field("validation"), &self.spec, self.plan);
        let value = self.field("type");
        let mut types = crate::read_type::types(value, &self.spec, self.format, self.plan);
        for (word, kind) in [("interactive", "interactive"), ("multi-pass", "multi-pass")] {
            if validation.words.iter().any(|w| w == word) && !types.iter().any(|t| t == kind) {
                types.push(kind.into());
            }
        }
        Declared { validation, types }
    }

    /// `graders/` and `include/` are judged as the package's judge does
    /// (crate::legacy_grading, the engine's `included`); a static
    /// validator is read with the groups (`crate::read_static`).
    fn include_and_static_validator(&mut self) {
        let pkg = self.pkg;
        if pkg.join(crate::INCLUDE).is_dir() {
            self.plan
                .copies
                .push((pkg.join(crate::INCLUDE), PathBuf::from(crate::INCLUDE)));
        }
    }

    /// The kind of problem judge runs (`crate::read_type`).
    fn kind(&mut self, declared: &Declared) -> ProblemKind {
        crate::read_type::kind(&declared.types, &self.spec, self.format, self.plan)
    }

    /// Lists everything else at the top of the package as skipped, with
    /// what became of a `.timelimit` file.
    fn skip_others(&mut self) {
        let timelimit = "read as the time limit when problem.yaml gives none (DOMjudge reads it in every format)";
        let mut taken = validator_dirs::all_spellings();
        taken.extend(["graders", "include", "static_validator", DOMJUDGE_INI]);
        taken.extend(crate::read_visualizers::FOLDERS);
        others(self.pkg, self.plan, timelimit, &taken);
    }
}

/// The `name` of DOMjudge's `domjudge-problem.ini`, if it has one.
fn ini_name(pkg: &Path) -> Option<String> {
    let text = std::fs::read_to_string(pkg.join(DOMJUDGE_INI)).ok()?;
    crate::contest_files::read_ini(&text).ok()?.name
}

/// Legacy `validation:`: its words in any order (`custom`, `interactive`,
/// `score`, `multi-pass`, as DOMjudge and problemtools write them).
struct Validation {
    words: Vec<String>,
}

impl Validation {
    /// Interactive and multi-pass validation need a custom validator even
    /// when `custom` is left out (`validation: interactive`).
    fn custom(&self) -> bool {
        self.words
            .iter()
            .any(|w| matches!(w.as_str(), "custom" | "interactive" | "multi-pass"))
    }
}

/// The words of `validation:`; a word judge does not know is noted (and
/// read past), a value that is not text refused at its place.
fn read_validation(value: Option<&Value>, spec: &ProblemYaml<'_>, plan: &mut Plan) -> Validation {
    let text = match value {
        None => "default",
        Some(Value::String(s)) => s.as_str(),
        Some(_) => {
            plan.refused.push(Refusal::Invalid {
                at: spec.at(&["validation"]),
                reason: "validation: expected words such as `custom interactive`".into(),
            });
            "default"
        }
    };
    let words: Vec<String> = text.split_whitespace().map(String::from).collect();
    for w in &words {
        if !matches!(
            w.as_str(),
            "default" | "custom" | "interactive" | "score" | "multi-pass"
        ) {
            plan.notes.push(format!(
                "{}: validation word `{w}` is not one judge knows (default, custom, interactive, score, multi-pass); read past",
                spec.at(&["validation"])
            ));
        }
    }
    Validation { words }
}

/// The statement folder, copied. In a package judge exported (`ours`), a
/// `problem.<lang>.tex` beside `problem.<lang>.md` is the LaTeX a legacy
/// export generated from the Markdown (problemtools' legacy format reads
/// only LaTeX): the Markdown is the statement, the LaTeX is skipped, and
/// export → import gives back the folder byte for byte.
fn statement(pkg: &Path, format: Format, plan: &mut Plan, ours: bool) {
    let dir = pkg.join(statement_dir(format));
    let entries = sorted_entries(&dir);
    // Generated `.tex` → the `.md` it came from.
    let generated: BTreeMap<PathBuf, String> = (entries.iter().filter(|_| ours))
        .filter_map(|md| {
            let tex = dir.join(crate::statement::latex_name(&name_of(md))?);
            tex.is_file().then(|| (tex, name_of(md)))
        })
        .collect();
    if generated.is_empty() {
        if dir.is_dir() {
            plan.copies.push((dir, PathBuf::from("statement")));
        }
        return;
    }
    for entry in entries {
        match generated.get(&entry) {
            Some(md) => (plan.skipped).push((rel(pkg, &entry), format!("generated from {md}"))),
            None => {
                let to = PathBuf::from("statement").join(name_of(&entry));
                plan.copies.push((entry, to));
            }
        }
    }
}

/// Top-level package entries not taken by any rule, listed as skipped.
/// Lists everything else at the top of the package as skipped; `timelimit`
/// says what became of a `.timelimit` file, which depends on the format.
/// A problem's record of where its data comes from (kept with any copy).
pub const SOURCES_FILE: &str = "SOURCES.md";

fn others(pkg: &Path, plan: &mut Plan, timelimit: &str, taken: &[&str]) {
    let known = [
        "problem.yaml",
        "data",
        "submissions",
        "statement",
        "problem_statement",
    ];
    for entry in sorted_entries(pkg) {
        let name = name_of(&entry);
        if known.contains(&name.as_str()) || taken.contains(&name.as_str()) {
            continue;
        }
        // Where the data comes from travels with the data.
        if name == SOURCES_FILE && entry.is_file() {
            plan.copies
                .push((entry.clone(), PathBuf::from(SOURCES_FILE)));
            continue;
        }
        // A recipe judge generated from is used, not skipped.
        if name == "generators" && plan.data.is_some() {
            continue;
        }
        let why = match name.as_str() {
            "generators" => "generators are not run; the cases under data/ are imported",
            "attachments" => "files for contestants; judge does not publish",
            "solution" | "solutions" => "solution write-ups",
            ".timelimit" => timelimit,
            _ => "not part of what judge imports",
        };
        plan.skipped.push((name, why.into()));
    }
}

/// The package's output validator folder holds the program `program`
/// names: its one file (a file program) or its files (a folder program).
fn place_program(pkg: &Path, dir: &Path, program: &Path, plan: &mut Plan) {
    let mut files = sorted_entries(dir);
    // Legacy packages hold each validator in a folder of its own.
    if let [one] = files.as_slice()
        && one.is_dir()
        && program.extension().is_some()
    {
        files = sorted_entries(one);
    }
    match files.as_slice() {
        [one] if program.extension().is_some() && one.is_file() => {
            plan.copies.push((one.clone(), program.to_path_buf()))
        }
        [one] if one.is_dir() => plan.copies.push((one.clone(), program.to_path_buf())),
        [] => plan.refused.push(Refusal::Missing {
            at: rel(pkg, dir),
            what: "missing".into(),
        }),
        _ => plan.copies.push((dir.to_path_buf(), program.to_path_buf())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A legacy package with `validation: VALUE` and its validator in
    /// `folder`, read.
    fn read_with(value: &str, folder: &str) -> Plan {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in [
            ("data/secret/1.in", "1\n"),
            ("data/secret/1.ans", "1\n"),
            ("submissions/accepted/a.py", "print(input())\n"),
            (
                &format!("{folder}/v.py") as &str,
                "import sys\nsys.exit(42)\n",
            ),
        ] {
            let p = dir.path().join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        read(dir.path(), &format!("name: x\nvalidation: {value}\n"))
    }

    #[test]
    fn validation_words_are_read_in_any_order() {
        let plan = read_with("score custom", "output_validators");
        assert!(plan.refused.is_empty(), "{:?}", plan.refused);
        let spec = plan.spec.unwrap();
        assert!(spec.checker.unwrap().program.is_some());
        assert_eq!(spec.kind, ProblemKind::Plain);
        // `interactive` alone implies a custom validator; DOMjudge's folder.
        let plan = read_with("interactive", "output_validator");
        assert!(plan.refused.is_empty(), "{:?}", plan.refused);
        assert_eq!(plan.spec.unwrap().kind, ProblemKind::Interactive);
        let plan = read_with("multi-pass custom", "output_validators");
        assert_eq!(
            plan.spec.unwrap().kind,
            ProblemKind::MultiPass { passes: 2 }
        );
        // A word judge does not know is noted, not refused.
        let plan = read_with("custom fancy", "output_validators");
        assert!(plan.refused.is_empty(), "{:?}", plan.refused);
        assert!(
            plan.notes
                .iter()
                .any(|n| n.contains("validation word `fancy`")),
            "{:?}",
            plan.notes
        );
        // Declared, shipped nowhere: the package's fault, at the key.
        let plan = read_with("custom interactive", "elsewhere");
        assert!(
            matches!(
                plan.refused.as_slice(),
                [Refusal::NoValidator { at, .. }] if at == "problem.yaml:2:1"
            ),
            "{:?}",
            plan.refused
        );
    }
}
