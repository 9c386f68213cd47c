//! The languages judge builds and runs submissions in, as data.
//!
//! The table lives in `languages.yaml` beside this crate (compiled in) and
//! `languages:` in `judge-config.yaml` overrides or adds entries, the way
//! contest systems keep languages as configuration rather than code. This
//! crate reads the table, detects a submission's language (and whether a
//! file is a C or C++ header, code no language builds on its own) and
//! fills in its commands; finding the tools and running them is the
//! harness's job.
//!
//! May depend on nothing of judge: the package reader, the limits and the
//! build step all need to name a language, and none of them may pull in
//! the others.

mod command;
mod detect;
pub mod dialect;
mod error;

use std::collections::BTreeMap;
use std::sync::OnceLock;

pub use command::{Vars, alternatives, split};
pub use detect::{Written, is_header};
pub use error::Error;

/// The first word of a command that runs judge's own binary: the
/// languages judge implements itself (checktestdata), which need no
/// toolchain. The harness puts in the binary (and shows it to the
/// sandbox); no tool is looked up for it.
pub const JUDGE: &str = "{judge}";

/// The table as shipped.
pub const BUILTIN: &str = include_str!("../languages.yaml");

/// How to pick the entry point of a multi-file program.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Main {
    /// Text only the entry point holds (`static void main`).
    pub marker: Option<String>,
    /// File names (without extension) an entry point may have, in order.
    #[serde(default)]
    pub names: Vec<String>,
}

/// One language of the table.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    #[serde(skip)]
    pub id: String,
    pub name: String,
    pub extensions: Vec<String>,
    #[serde(default)]
    pub shebang: Option<String>,
    #[serde(default)]
    pub priority: i32,
    #[serde(default)]
    pub install: String,
    #[serde(default)]
    pub compile: Vec<String>,
    pub run: String,
    #[serde(default)]
    pub version: Option<String>,
    /// A command that must succeed for the toolchain to count as
    /// installed, where finding its tools is not proof enough.
    #[serde(default)]
    pub probe: Option<String>,
    #[serde(default)]
    pub main: Main,
    #[serde(default)]
    pub env: Vec<String>,
    #[serde(default)]
    pub run_env: Vec<String>,
    #[serde(default)]
    pub sandbox: Vec<std::path::PathBuf>,
    #[serde(default)]
    pub managed: bool,
    /// What the runtime writes to standard error when an allocation fails
    /// inside the memory limit (a JVM's heap at -Xmx): such a run is MLE.
    #[serde(default)]
    pub out_of_memory: Vec<String>,
    #[serde(default)]
    pub memory: Option<String>,
    /// Language standards to try, newest first, for `{std}`: the build
    /// uses the first the compiler accepts (probed once per compiler), so
    /// a submission gets the newest standard the machine has, as contest
    /// systems configure theirs.
    #[serde(default)]
    pub standards: Vec<String>,
    /// Text that tells this language's sources from another's with the
    /// same extension (`.pl`: Perl's `use strict` against Prolog's `:-`).
    #[serde(default)]
    pub marks: Vec<String>,
    /// What the compiler says when the source needs a newer toolchain than
    /// this one (`use -source 21`): such a compile error is the machine's,
    /// and the submission is skipped, not graded CE.
    #[serde(default)]
    pub too_old: Vec<String>,
}

impl Spec {
    /// The language handle of programs built from this entry.
    pub fn language(&self) -> Language {
        Language {
            id: self.id.clone(),
            name: self.name.clone(),
            managed: self.managed,
            out_of_memory: self.out_of_memory.clone(),
        }
    }

    /// Every command, compile steps first, split into words.
    pub fn commands(&self) -> Result<Vec<Vec<String>>, Error> {
        self.compile
            .iter()
            .chain(std::iter::once(&self.run))
            .map(|c| {
                split(c).map_err(|fault| Error::Command {
                    id: self.id.clone(),
                    fault: Box::new(fault),
                })
            })
            .collect()
    }

    /// The tool words of its commands (`node|nodejs`), each once, in
    /// order: what must be installed for the language to work.
    pub fn tools(&self) -> Vec<String> {
        let mut tools: Vec<String> = Vec::new();
        for words in self.commands().unwrap_or_default() {
            if let Some(first) = words.first()
                && !first.starts_with('{')
                && !tools.contains(first)
            {
                tools.push(first.clone());
            }
        }
        tools
    }

    /// Whether judge itself runs this language (its run command starts
    /// with [`JUDGE`]): installed wherever judge is.
    pub fn built_in(&self) -> bool {
        split(&self.run).is_ok_and(|w| w.first().is_some_and(|f| f == JUDGE))
    }

    /// The probe's words, if the entry has one.
    pub fn probe_command(&self) -> Option<Vec<String>> {
        self.probe.as_deref().and_then(|p| split(p).ok())
    }

    /// The command that prints the toolchain's version: `version`, else the
    /// first tool with `--version`.
    pub fn version_command(&self) -> Vec<String> {
        match &self.version {
            Some(v) => split(v).unwrap_or_default(),
            None => self
                .tools()
                .first()
                .map(|t| vec![t.clone(), "--version".into()])
                .unwrap_or_default(),
        }
    }
}

/// Which Python runs a `.py` file that names no interpreter of its own
/// (`python:` in judge-config.yaml).
///
/// Kattis, problemtools and the World Finals run `.py` with PyPy, and
/// their packages' time limits were set from PyPy's times; judge's own
/// layout keeps CPython, what `python3` on a problem setter's machine is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Python {
    /// PyPy for a problem read from a package in place (when PyPy is
    /// installed), CPython for judge's own layout.
    #[default]
    Auto,
    /// PyPy always.
    Pypy,
    /// CPython always.
    Cpython,
}

impl Python {
    /// Whether a `.py` file of a problem runs with PyPy: `package` says
    /// the problem was read from a package in place; `installed`, whether
    /// PyPy is (only `auto` asks: an explicit `pypy` without PyPy makes
    /// the language unavailable, with what to install).
    pub fn pypy(self, package: bool, installed: impl FnOnce() -> bool) -> bool {
        match self {
            Python::Auto => package && installed(),
            Python::Pypy => true,
            Python::Cpython => false,
        }
    }
}

/// The language table: the shipped entries, with the configuration's on
/// top.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// In id order, so listings are stable.
    specs: Vec<Spec>,
    /// Which Python runs `.py`.
    python: Python,
}

impl Table {
    /// The table as shipped.
    pub fn builtin() -> Table {
        shipped().clone()
    }

    fn parse(text: &str) -> Result<Table, Error> {
        let map: BTreeMap<String, serde_yaml::Value> =
            serde_yaml::from_str(text).map_err(|e| Error::Shipped(e.to_string()))?;
        let mut table = Table {
            specs: Vec::new(),
            python: Python::Auto,
        };
        for (id, value) in map {
            table.add(&id, value)?;
        }
        Ok(table)
    }

    /// Adds entry `id`, or overrides the fields `value` gives of the entry
    /// already there.
    fn add(&mut self, id: &str, value: serde_yaml::Value) -> Result<(), Error> {
        let entry = |reason: String| Error::Entry {
            id: id.to_string(),
            reason,
        };
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        {
            return Err(entry("an id is lower-case letters and digits".into()));
        }
        let serde_yaml::Value::Mapping(fields) = value else {
            return Err(entry("expected a mapping of fields".into()));
        };
        let merged = match self.specs.iter().position(|s| s.id == id) {
            Some(at) => {
                let mut base = match serde_yaml::to_value(Raw::from(&self.specs[at])) {
                    Ok(serde_yaml::Value::Mapping(m)) => m,
                    _ => serde_yaml::Mapping::new(),
                };
                for (k, v) in fields {
                    base.insert(k, v);
                }
                self.specs.remove(at);
                base
            }
            None => fields,
        };
        let mut spec: Spec = serde_yaml::from_value(serde_yaml::Value::Mapping(merged))
            .map_err(|e| entry(e.to_string()))?;
        spec.id = id.to_string();
        spec.commands()?;
        let at = self.specs.partition_point(|s| s.id.as_str() < id);
        self.specs.insert(at, spec);
        Ok(())
    }

    /// This table with the entries of a configuration's `languages:`
    /// mapping laid over it.
    pub fn with_overrides(&self, overrides: &serde_yaml::Mapping) -> Result<Table, Error> {
        let mut table = self.clone();
        for (key, value) in overrides {
            let id = key.as_str().ok_or(Error::NotAnId)?;
            table.add(id, value.clone())?;
        }
        Ok(table)
    }

    /// This table with `python` as the choice of Python.
    pub fn with_python(mut self, python: Python) -> Table {
        self.python = python;
        self
    }

    /// Which Python runs `.py` files that name none.
    pub fn python(&self) -> Python {
        self.python
    }

    pub fn get(&self, id: &str) -> Option<&Spec> {
        self.specs.iter().find(|s| s.id == id)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Spec> {
        self.specs.iter()
    }

    /// Every extension some language claims, sorted, for messages.
    pub fn extensions(&self) -> Vec<String> {
        let mut all: Vec<String> = self
            .specs
            .iter()
            .flat_map(|s| s.extensions.iter().map(|e| format!(".{e}")))
            .collect();
        all.sort();
        all.dedup();
        all
    }
}

/// The same fields as [`Spec`], for writing an entry back out to merge
/// an override into it.
#[derive(serde::Serialize)]
struct Raw {
    name: String,
    extensions: Vec<String>,
    shebang: Option<String>,
    priority: i32,
    install: String,
    compile: Vec<String>,
    run: String,
    version: Option<String>,
    probe: Option<String>,
    main: RawMain,
    env: Vec<String>,
    run_env: Vec<String>,
    sandbox: Vec<std::path::PathBuf>,
    managed: bool,
    out_of_memory: Vec<String>,
    memory: Option<String>,
    standards: Vec<String>,
    marks: Vec<String>,
    too_old: Vec<String>,
}

#[derive(serde::Serialize)]
struct RawMain {
    marker: Option<String>,
    names: Vec<String>,
}

impl From<&Spec> for Raw {
    fn from(s: &Spec) -> Raw {
        Raw {
            name: s.name.clone(),
            extensions: s.extensions.clone(),
            shebang: s.shebang.clone(),
            priority: s.priority,
            install: s.install.clone(),
            compile: s.compile.clone(),
            run: s.run.clone(),
            version: s.version.clone(),
            probe: s.probe.clone(),
            main: RawMain {
                marker: s.main.marker.clone(),
                names: s.main.names.clone(),
            },
            env: s.env.clone(),
            run_env: s.run_env.clone(),
            sandbox: s.sandbox.clone(),
            managed: s.managed,
            out_of_memory: s.out_of_memory.clone(),
            memory: s.memory.clone(),
            standards: s.standards.clone(),
            marks: s.marks.clone(),
            too_old: s.too_old.clone(),
        }
    }
}

/// The shipped table, parsed once.
fn shipped() -> &'static Table {
    static BUILT: OnceLock<Table> = OnceLock::new();
    BUILT.get_or_init(|| Table::parse(BUILTIN).expect("the shipped languages.yaml is valid"))
}

static INSTALLED: OnceLock<Table> = OnceLock::new();

/// Makes `table` (the configuration's) the one [`table`] returns for the
/// rest of the process; the first call wins.
pub fn install(table: Table) {
    let _ = INSTALLED.set(table);
}

/// The table in force: the installed one, else the shipped one. A
/// reference, not a copy: every build and every submission listing asks.
pub fn table() -> &'static Table {
    INSTALLED.get().unwrap_or_else(shipped)
}

/// What a program is written in, as reports name it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Language {
    /// The table's id (`cpp`), or `executable` / `command`.
    pub id: String,
    /// What people call it (`C++`).
    pub name: String,
    /// A runtime that reserves far more address space than it uses and
    /// starts many threads: capped by the cgroup only.
    pub managed: bool,
    /// Standard-error text that means the runtime ran out of memory.
    pub out_of_memory: Vec<String>,
}

impl Language {
    /// A file that is executable as it is.
    pub fn executable() -> Language {
        Language::other("executable")
    }

    /// A command line given with `--cmd`, or ICPC `build`/`run` scripts.
    pub fn command() -> Language {
        Language::other("command")
    }

    /// A submission of answers to a submit-answer problem: nothing runs.
    pub fn answers() -> Language {
        Language::other("answers")
    }

    /// Whether it is [`Language::answers`].
    pub fn is_answers(&self) -> bool {
        self.id == "answers"
    }

    fn other(id: &str) -> Language {
        Language {
            id: id.into(),
            name: id.into(),
            managed: false,
            out_of_memory: Vec::new(),
        }
    }

    /// Whether the table built it (so its runtime is a known toolchain).
    pub fn from_table(&self) -> bool {
        !matches!(self.id.as_str(), "executable" | "command" | "answers")
    }
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_has_every_contest_language_with_valid_commands() {
        let t = Table::builtin();
        let ids: Vec<&str> = t.iter().map(|s| s.id.as_str()).collect();
        for id in [
            "c",
            "cpp",
            "csharp",
            "go",
            "haskell",
            "java",
            "javascript",
            "kotlin",
            "lisp",
            "objectivec",
            "ocaml",
            "pascal",
            "perl",
            "php",
            "prolog",
            "python2",
            "python3",
            "pypy3",
            "ruby",
            "rust",
            "scala",
            "shell",
        ] {
            assert!(ids.contains(&id), "{id} missing from {ids:?}");
        }
        // checktestdata runs in judge, and nothing else does.
        let built_in: Vec<&str> = t
            .iter()
            .filter(|s| s.built_in())
            .map(|s| s.id.as_str())
            .collect();
        assert_eq!(built_in, ["checktestdata"]);
        assert!(t.get("checktestdata").unwrap().tools().is_empty());
        let mut sorted = ids.clone();
        sorted.sort();
        assert_eq!(ids, sorted);
        for s in t.iter() {
            assert!(s.built_in() || !s.tools().is_empty(), "{}: no tool", s.id);
            assert!(!s.extensions.is_empty(), "{}", s.id);
            assert!(!s.install.is_empty(), "{}: no install hint", s.id);
            // Priorities break ties, so they must differ.
            assert_eq!(
                t.iter().filter(|o| o.priority == s.priority).count(),
                1,
                "{}",
                s.id
            );
        }
        assert_eq!(t.get("javascript").unwrap().tools(), ["node|nodejs"]);
        assert_eq!(
            t.get("kotlin").unwrap().version_command(),
            ["kotlinc", "-version"]
        );
        assert_eq!(
            t.get("ruby").unwrap().version_command(),
            ["ruby", "--version"]
        );
    }

    #[test]
    fn a_configuration_overrides_fields_and_adds_languages() {
        let over: serde_yaml::Mapping = serde_yaml::from_str(
            "python3:\n  run: pypy3 {mainfile}\nzig:\n  name: Zig\n  extensions: [zig]\n  compile: ['zig build-exe -femit-bin={binary} {mainfile}']\n  run: '{binary}'\n",
        )
        .unwrap();
        let t = Table::builtin().with_overrides(&over).unwrap();
        let py = t.get("python3").unwrap();
        assert_eq!(py.run, "pypy3 {mainfile}");
        assert_eq!(py.extensions, ["py", "py3"], "other fields are kept");
        assert_eq!(t.get("zig").unwrap().tools(), ["zig"]);
        let bad: serde_yaml::Mapping = serde_yaml::from_str("c:\n  compiler: x\n").unwrap();
        let e = Table::builtin()
            .with_overrides(&bad)
            .unwrap_err()
            .to_string();
        assert!(e.contains("languages.c: unknown field `compiler`"), "{e}");
        let bad: serde_yaml::Mapping = serde_yaml::from_str("Go2:\n  run: x\n").unwrap();
        assert!(
            Table::builtin()
                .with_overrides(&bad)
                .unwrap_err()
                .to_string()
                .contains("lower-case")
        );
        let bad: serde_yaml::Mapping = serde_yaml::from_str("c:\n  run: \"x 'y\"\n").unwrap();
        assert!(
            Table::builtin()
                .with_overrides(&bad)
                .unwrap_err()
                .to_string()
                .contains("unclosed")
        );
    }
}
