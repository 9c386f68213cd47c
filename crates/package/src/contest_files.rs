//! The time limit where DOMjudge and contest repositories keep it, beside
//! or above the package rather than in `problem.yaml`:
//!
//! * `domjudge-problem.ini` at the package root (`timelimit = 4.0`, with
//!   `name`, `color`, `special_compare`, `externalid`: DOMjudge's own
//!   problem settings, which its exports write);
//! * `.timelimit` at the package root (seconds; Kattis' and DOMjudge's
//!   legacy file, which BAPCtools still writes into its exports);
//! * the contest's `problems.yaml` (or `problemset.yaml`) one folder up:
//!   the problem set a contest imported into its DOMjudge, whose
//!   `time_limit` per problem id is the limit the contest ran with
//!   (BAPCtools writes it from each problem's limit; karwa2025's packages
//!   leave four limits open and keep them only there).
//!
//! The order, and why, is in `read_limits`: these files are read only
//! when `problem.yaml` gives no `limits.time_limit`.

use std::path::Path;

use judge_text::scan::InputError;
use serde_yaml::Value;

use crate::Refusal;

/// DOMjudge's settings file at a package root.
pub(crate) const DOMJUDGE_INI: &str = "domjudge-problem.ini";

/// The keys of `domjudge-problem.ini` judge reads (the rest are
/// DOMjudge's contest settings, read past).
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Ini {
    pub name: Option<String>,
    /// `timelimit`, in seconds, with the place it is written at.
    pub timelimit: Option<(f64, String)>,
}

/// Reads `domjudge-problem.ini`: `key = value` lines (values maybe
/// quoted), `;` or `#` comments, as PHP's `parse_ini_string` that DOMjudge
/// uses takes them. A line that is not `key = value`, or a `timelimit`
/// that is no positive number, is refused at its line and column.
pub(crate) fn read_ini(text: &str) -> Result<Ini, Refusal> {
    let mut ini = Ini::default();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with([';', '#']) || trimmed.starts_with('[') {
            continue;
        }
        let at = |col: usize| format!("{DOMJUDGE_INI}:{}:{}", i + 1, col);
        let indent = line.len() - line.trim_start().len();
        let Some((key, value)) = trimmed.split_once('=') else {
            return Err(Refusal::Invalid {
                at: at(indent + 1),
                reason: format!("expected `key = value`, found {trimmed:?}"),
            });
        };
        let value_col = indent + key.len() + 2 + (value.len() - value.trim_start().len());
        let value = unquote(value.trim());
        match key.trim() {
            "name" => ini.name = Some(value.to_string()),
            "timelimit" => match value.parse::<f64>() {
                Ok(t) if t.is_finite() && t > 0.0 && t <= 86_400.0 => {
                    ini.timelimit = Some((t, at(value_col)))
                }
                _ => {
                    return Err(Refusal::Invalid {
                        at: at(value_col),
                        reason: format!(
                            "timelimit {value:?} is not a number of seconds (above 0, at most 86400)"
                        ),
                    });
                }
            },
            _ => {}
        }
    }
    Ok(ini)
}

fn unquote(value: &str) -> &str {
    for q in ['"', '\''] {
        if let Some(inner) = value.strip_prefix(q).and_then(|v| v.strip_suffix(q)) {
            return inner;
        }
    }
    value
}

/// The contest's problem set files, one folder above a package.
const PROBLEM_SETS: [(&str, &str); 2] = [
    ("problems.yaml", "../problems.yaml"),
    ("problemset.yaml", "../problemset.yaml"),
];

/// Why the contest's problem set could not give a time limit: `file` is
/// as shown from the package (`../problems.yaml`). The package's own
/// limits are then used, with this as a note.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum ContestLimitError {
    /// The file is not YAML.
    #[error("{file}:{source}")]
    Unreadable {
        file: &'static str,
        source: InputError,
    },
    /// The problem's entry has a `time_limit` that is no number of
    /// seconds above 0 and at most a day.
    #[error("{file}: time_limit of {id} is not a number of seconds (above 0, at most 86400)")]
    NotSeconds { file: &'static str, id: String },
}

/// The `time_limit` the contest's problem set one folder above `pkg`
/// gives problem `id` (its `id`, or DOMjudge's `short-name`), with the
/// file it is in; `Err` says why a file there could not be used.
pub(crate) fn contest_time_limit(
    pkg: &Path,
    id: &str,
) -> Result<Option<(f64, &'static str)>, ContestLimitError> {
    let Some(parent) = pkg.parent() else {
        return Ok(None);
    };
    for (name, shown) in PROBLEM_SETS {
        let file = parent.join(name);
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let value: Value =
            crate::located::yaml(&text).map_err(|source| ContestLimitError::Unreadable {
                file: shown,
                source,
            })?;
        let list = match &value {
            Value::Sequence(items) => items,
            Value::Mapping(_) => match value.get("problems") {
                Some(Value::Sequence(items)) => items,
                _ => continue,
            },
            _ => continue,
        };
        let entry = list.iter().find(|p| {
            ["id", "short-name", "shortname"]
                .iter()
                .any(|k| p.get(*k).and_then(Value::as_str) == Some(id))
        });
        let Some(limit) = entry.and_then(|p| p.get("time_limit")) else {
            continue;
        };
        return match limit.as_f64() {
            Some(t) if t.is_finite() && t > 0.0 && t <= 86_400.0 => Ok(Some((t, shown))),
            _ => Err(ContestLimitError::NotSeconds {
                file: shown,
                id: id.to_string(),
            }),
        };
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domjudge_ini_is_read_as_domjudge_reads_it() {
        let ini = read_ini(
            "; exported by DOMjudge\nshort-name = chamber\nname = 'Chamber of Keys'\n  timelimit = 4.0\ncolor = #F6A32D\n",
        )
        .unwrap();
        assert_eq!(ini.name.as_deref(), Some("Chamber of Keys"));
        assert_eq!(
            ini.timelimit,
            Some((4.0, "domjudge-problem.ini:4:15".to_string()))
        );
        let bad = read_ini("name = x\ntimelimit = soon\n").unwrap_err();
        assert_eq!(
            bad.to_string(),
            "domjudge-problem.ini:2:13: timelimit \"soon\" is not a number of seconds (above 0, at most 86400)"
        );
        let bad = read_ini("timelimit 3\n").unwrap_err();
        assert!(
            bad.to_string()
                .starts_with("domjudge-problem.ini:1:1: expected `key = value`")
        );
    }

    #[test]
    fn the_contests_problem_set_gives_a_limit_by_id() {
        let dir = tempfile::tempdir().unwrap();
        let pkg = dir.path().join("wifi");
        std::fs::create_dir(&pkg).unwrap();
        std::fs::write(
            dir.path().join("problems.yaml"),
            "- id: other\n  time_limit: 3.0\n- id: wifi\n  label: L\n  time_limit: 1.5\n",
        )
        .unwrap();
        assert_eq!(
            contest_time_limit(&pkg, "wifi"),
            Ok(Some((1.5, "../problems.yaml")))
        );
        assert_eq!(contest_time_limit(&pkg, "absent"), Ok(None));
        // DOMjudge's problemset.yaml: `problems:` with `short-name`.
        std::fs::remove_file(dir.path().join("problems.yaml")).unwrap();
        std::fs::write(
            dir.path().join("problemset.yaml"),
            "problems:\n- short-name: wifi\n  time_limit: 2\n",
        )
        .unwrap();
        assert_eq!(
            contest_time_limit(&pkg, "wifi"),
            Ok(Some((2.0, "../problemset.yaml")))
        );
        std::fs::write(dir.path().join("problemset.yaml"), "problems: [\n").unwrap();
        let err = contest_time_limit(&pkg, "wifi").unwrap_err();
        assert!(
            matches!(
                &err,
                ContestLimitError::Unreadable {
                    file: "../problemset.yaml",
                    source
                } if source.line == 2
            ),
            "{err:?}"
        );
        assert!(
            err.to_string().starts_with("../problemset.yaml:2:"),
            "{err}"
        );
        std::fs::write(
            dir.path().join("problemset.yaml"),
            "problems:\n- short-name: wifi\n  time_limit: soon\n",
        )
        .unwrap();
        assert_eq!(
            contest_time_limit(&pkg, "wifi"),
            Err(ContestLimitError::NotSeconds {
                file: "../problemset.yaml",
                id: "wifi".into()
            })
        );
    }
}
