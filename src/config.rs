//! judge's own configuration: `judge-config.yaml` in the folder judge runs
//! in (or `--config FILE`). Everything has a default, so the file is
//! optional; unknown keys are errors, as in `problem.yaml`.
//!
//! ```yaml
//! sandbox:
//!   allow: [/opt/pypy3]   # extra folders submissions may read
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
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SandboxConfig {
    /// Folders shown read-only inside the sandbox besides the system's
    /// (absolute paths).
    pub allow: Vec<PathBuf>,
}

impl Config {
    /// Reads `path`, or the default file when `path` is `None` (absent is
    /// fine then).
    pub fn load(path: Option<&Path>) -> Result<Config, Error> {
        let (path, required) = match path {
            Some(p) => (p.to_path_buf(), true),
            None => (PathBuf::from(DEFAULT_FILE), false),
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if !required && e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Config::default());
            }
            Err(e) => return Err(Error::io(&path, "cannot read")(e)),
        };
        let config: Config = serde_yaml::from_str(&text).map_err(|e| {
            let at = e
                .location()
                .map_or(String::new(), |l| format!(":{}:{}", l.line(), l.column()));
            let msg = e.to_string();
            let msg = msg
                .rfind(" at line ")
                .map_or(msg.as_str(), |i| &msg[..i])
                .to_string();
            Error::Usage(format!("{}{at}: {msg}", path.display()))
        })?;
        if let Some(bad) = config.sandbox.allow.iter().find(|p| !p.is_absolute()) {
            return Err(Error::Usage(format!(
                "{}: sandbox.allow: {} is not an absolute path",
                path.display(),
                bad.display()
            )));
        }
        Ok(config)
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
        assert!(Config::load(Some(&path)).is_err());
        assert!(Config::load(Some(&dir.path().join("missing.yaml"))).is_err());
    }
}
