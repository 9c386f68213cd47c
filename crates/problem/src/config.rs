//! judge's own configuration: `judge-config.yaml` in the folder judge runs
//! in (or `--config FILE`). Everything has a default, so the file is
//! optional; unknown keys are errors, as in `problem.yaml`.
//!
//! ```yaml
//! sandbox:
//!   allow: [/opt/pypy3]        # extra folders submissions may read
//! tools:
//!   python3: /usr/bin/python3  # this interpreter, not PATH's first
//! python: auto                  # .py of packages with PyPy (pypy, cpython)
//! languages:                   # the language table (docs/languages.md)
//!   python3:
//!     run: pypy3 {mainfile}    # override one field of an entry
//! ```

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::error::Error;

/// The default file name, looked for in the current folder.
pub const DEFAULT_FILE: &str = "judge-config.yaml";

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    pub sandbox: SandboxConfig,
    pub tools: ToolsConfig,
    /// Entries laid over the shipped language table: see
    /// [`Config::languages`].
    #[serde(rename = "languages")]
    pub language_overrides: serde_yaml::Mapping,
    /// Which Python runs `.py`: `auto` (PyPy for packages, as Kattis runs
    /// them; CPython for judge's own layout), `pypy` or `cpython`.
    pub python: judge_languages::Python,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SandboxConfig {
    /// Folders shown read-only inside the sandbox besides the system's
    /// (absolute paths).
    pub allow: Vec<PathBuf>,
}

/// Which compiler or interpreter judge runs for each tool name, when the
/// first one on `PATH` is not the one wanted. Contest systems pin theirs;
/// a `python3` from pyenv or a virtualenv may also run site hooks at every
/// start, which a test set of hundreds of Python runs pays each time. A
/// value is an absolute path or a name looked up on `PATH`. A name is a
/// tool of some language's commands (or `bash`, which runs build scripts),
/// so a misspelt one is an error with its line and column.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(transparent)]
pub struct ToolsConfig(std::collections::BTreeMap<String, PathBuf>);

impl ToolsConfig {
    /// The tools given, by the name judge asks for.
    pub fn chosen(&self) -> Vec<(String, PathBuf)> {
        self.0.iter().map(|(n, p)| (n.clone(), p.clone())).collect()
    }
}

/// Every tool name judge may look up: the language table's, and the
/// programs build scripts and checkers run with.
fn known_tools(table: &judge_languages::Table) -> Vec<String> {
    let mut names: Vec<String> = table
        .iter()
        .flat_map(|s| s.tools())
        .flat_map(|t| {
            judge_languages::alternatives(&t)
                .into_iter()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .chain(["bash".to_string(), "java".to_string()])
        .collect();
    names.sort();
    names.dedup();
    names
}

impl Config {
    /// Reads `path`, or the default file when `path` is `None` (absent is
    /// fine then).
    pub fn load(path: Option<&Path>) -> Result<Config, Error> {
        let (path, required) = match path {
            Some(p) => (p.to_path_buf(), true),
            None => (PathBuf::from(DEFAULT_FILE), false),
        };
        let text = match crate::located::read(&path) {
            Ok(Ok(t)) => t,
            Ok(Err(e)) => return Err(Error::Config(format!("{}:{e}", path.display()))),
            Err(e) if !required && e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Config::default());
            }
            Err(e) => return Err(Error::io(&path, "cannot read")(e)),
        };
        // Rules serde cannot check point at the line of their key.
        let at = |keys: &[&str], reason: String| {
            let (line, col) = crate::located::key(&text, keys);
            Error::Config(format!("{}:{line}:{col}: {reason}", path.display()))
        };
        let config: Config = crate::located::yaml(&text)
            .map_err(|e| Error::Config(format!("{}:{e}", path.display())))?;
        if let Some(bad) = config.sandbox.allow.iter().find(|p| !p.is_absolute()) {
            return Err(at(
                &["sandbox", "allow"],
                format!("sandbox.allow: {} is not an absolute path", bad.display()),
            ));
        }
        let table = config.languages().map_err(|e| match e.id() {
            Some(id) => at(&["languages", id], e.to_string()),
            None => at(&["languages"], e.to_string()),
        })?;
        let known = known_tools(&table);
        for (name, tool) in config.tools.chosen() {
            if !known.contains(&name) {
                return Err(at(
                    &["tools", &name],
                    format!(
                        "tools.{name}: no language runs a tool of this name (they are: {})",
                        known.join(", ")
                    ),
                ));
            }
            let bare = tool.components().count() == 1 && tool.is_relative();
            if !(tool.is_absolute() || bare) {
                return Err(at(
                    &["tools", &name],
                    format!(
                        "tools.{name}: {} is neither an absolute path nor a name to look up on PATH",
                        tool.display()
                    ),
                ));
            }
        }
        Ok(config)
    }

    /// The language table with this configuration's `languages:` laid
    /// over it; an error names the entry at fault.
    pub fn languages(&self) -> Result<judge_languages::Table, judge_languages::Error> {
        judge_languages::Table::builtin()
            .with_overrides(&self.language_overrides)
            .map(|t| t.with_python(self.python))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_strict_and_errors_name_the_place() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.yaml");
        std::fs::write(&path, "sandbox:\n  allow: [/opt/x]\n").unwrap();
        let c = Config::load(Some(&path)).unwrap();
        assert_eq!(c.sandbox.allow, vec![PathBuf::from("/opt/x")]);
        std::fs::write(&path, "sandbox:\n  alow: [/opt/x]\n").unwrap();
        let e = Config::load(Some(&path)).unwrap_err().to_string();
        assert!(e.contains("c.yaml:2:3") && e.contains("alow"), "{e}");
        std::fs::write(&path, "sandbox:\n  allow: [relative]\n").unwrap();
        let e = Config::load(Some(&path)).unwrap_err().to_string();
        assert!(e.contains("c.yaml:2:3: sandbox.allow"), "{e}");
        std::fs::write(&path, b"sandbox:\n  allow: [/\xff]\n").unwrap();
        let e = Config::load(Some(&path)).unwrap_err().to_string();
        assert!(e.contains("c.yaml:2:12: ") && e.contains("UTF-8"), "{e}");
        assert!(Config::load(Some(&dir.path().join("missing.yaml"))).is_err());
    }

    #[test]
    fn tools_are_absolute_paths_or_bare_names_and_misspelt_ones_are_errors() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.yaml");
        std::fs::write(
            &path,
            "tools:\n  python3: /usr/bin/python3\n  g++: g++-13\n",
        )
        .unwrap();
        let c = Config::load(Some(&path)).unwrap();
        assert_eq!(
            c.tools.chosen(),
            vec![
                ("g++".to_string(), PathBuf::from("g++-13")),
                ("python3".to_string(), PathBuf::from("/usr/bin/python3")),
            ]
        );
        std::fs::write(&path, "tools:\n  pyhton3: /usr/bin/python3\n").unwrap();
        let e = Config::load(Some(&path)).unwrap_err().to_string();
        assert!(e.contains("c.yaml:2:3") && e.contains("pyhton3"), "{e}");
        std::fs::write(&path, "tools:\n  python3: bin/python3\n").unwrap();
        let e = Config::load(Some(&path)).unwrap_err().to_string();
        assert!(e.contains("c.yaml:2:3: tools.python3: bin/python3"), "{e}");
        // Any language's tool may be pinned.
        std::fs::write(
            &path,
            "tools:\n  go: /usr/lib/go-1.19/bin/go\n  nodejs: node\n",
        )
        .unwrap();
        assert_eq!(Config::load(Some(&path)).unwrap().tools.chosen().len(), 2);
    }

    #[test]
    fn languages_override_the_table_and_errors_name_the_entry() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.yaml");
        std::fs::write(
            &path,
            "languages:\n  python3:\n    run: pypy3 {mainfile}\n  zig:\n    name: Zig\n    extensions: [zig]\n    run: zig run {mainfile}\ntools:\n  zig: /opt/zig/zig\n",
        )
        .unwrap();
        let table = Config::load(Some(&path)).unwrap().languages().unwrap();
        assert_eq!(table.get("python3").unwrap().run, "pypy3 {mainfile}");
        assert_eq!(table.get("zig").unwrap().name, "Zig");
        std::fs::write(
            &path,
            "sandbox:\n  allow: []\nlanguages:\n  go:\n    runn: x\n",
        )
        .unwrap();
        let e = Config::load(Some(&path)).unwrap_err().to_string();
        assert!(
            e.contains("c.yaml:4:3: languages.go: unknown field `runn`"),
            "{e}"
        );
    }

    #[test]
    fn python_is_auto_unless_the_configuration_says_pypy_or_cpython() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.yaml");
        std::fs::write(&path, "tools: {}\n").unwrap();
        let python = |p: &Path| Config::load(Some(p)).unwrap().languages().unwrap().python();
        assert_eq!(python(&path), judge_languages::Python::Auto);
        std::fs::write(&path, "python: cpython\n").unwrap();
        assert_eq!(python(&path), judge_languages::Python::Cpython);
        std::fs::write(&path, "python: pypy\n").unwrap();
        assert_eq!(python(&path), judge_languages::Python::Pypy);
        std::fs::write(&path, "python: jython\n").unwrap();
        let e = Config::load(Some(&path)).unwrap_err().to_string();
        assert!(e.contains("c.yaml:1:") && e.contains("jython"), "{e}");
    }
}
