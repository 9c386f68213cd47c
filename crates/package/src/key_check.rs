//! A package file's keys held against the table of its version
//! ([`spec_keys`](crate::spec_keys)): every key the version does not
//! define, at its `file:line:col` with the nearest known key, and the
//! known keys judge reads past or takes from another tool. What becomes
//! of each is the format's rule, decided in [`Found::apply`]: 2025-09
//! says unknown keys are errors (refused); the legacy formats and the
//! 2023-07 drafts are read past with a warning, since the archives in
//! those formats carry their tools' keys.

use serde_yaml::Value;

use crate::Refusal;
use crate::origin::Format;
use crate::plan::Plan;
use crate::refusal::did_you_mean;
use crate::spec_keys::{Effect, File, Key, Shape, is_group_pattern, table};

/// A key the table of its file does not hold.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Unknown {
    /// `file:line:col`.
    pub at: String,
    /// Dotted from the top (`limits.time_limt`).
    pub path: String,
    /// The known key of the same map nearest in spelling, when close.
    pub nearest: Option<&'static str>,
}

/// A known key with something to say: read without effect, or another
/// tool's.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Noted {
    pub at: String,
    pub path: String,
    pub effect: Effect,
}

/// What holding one file against its table found.
#[derive(Debug, Default)]
pub(crate) struct Found {
    pub unknown: Vec<Unknown>,
    pub noted: Vec<Noted>,
}

/// The keys of `value` (the text `text` of the file shown as `shown`)
/// held against the table of `file` in `format`.
pub(crate) fn check(shown: &str, text: &str, value: &Value, file: File, format: Format) -> Found {
    let mut walk = Walk {
        shown,
        text,
        found: Found::default(),
    };
    if let Some(shape) = table(file, format) {
        walk.value(value, shape, &mut Vec::new());
    }
    walk.found
}

/// [`check`] of a file given as text; one that does not parse has no
/// keys to hold (its reader refuses it at the fault).
pub(crate) fn check_text(shown: &str, text: &str, file: File, format: Format) -> Found {
    match serde_yaml::from_str::<Value>(text) {
        Ok(value) => check(shown, text, &value, file, format),
        Err(_) => Found::default(),
    }
}

impl Found {
    /// Into `plan` as the format says: in 2025-09 an unknown key is
    /// refused; elsewhere it is a warning (and `problemtools`, when
    /// verifyproblem refuses such a key in this file, says so). Keys read
    /// without effect go to `plan.ignored` when `list_no_effect` (the
    /// readers of `test_group.yaml` list their own).
    pub(crate) fn apply(self, file: File, format: Format, plan: &mut Plan, list_no_effect: bool) {
        for u in self.unknown {
            if format == Format::V2025 {
                plan.refused.push(Refusal::UnknownKey {
                    at: u.at,
                    key: u.path,
                    nearest: u.nearest.map(String::from),
                });
                continue;
            }
            // problemtools' models forbid extra keys in problem.yaml;
            // testdata.yaml's it only warns about.
            let peer = match file {
                File::Problem => "; verifyproblem refuses it",
                _ => "",
            };
            plan.notes.push(format!(
                "warning: {}: unknown key `{}`, read past (not a key of the {format} format{peer}){}",
                u.at,
                u.path,
                did_you_mean(u.nearest)
            ));
        }
        for n in self.noted {
            match n.effect {
                Effect::ReadPast(why) if list_no_effect => {
                    plan.ignored.push(format!("{}: {} ({why})", n.at, n.path))
                }
                // problemtools' models forbid the key: what judge forgave.
                Effect::Foreign(why) if file == File::Problem && format != Format::V2025 => {
                    plan.notes.push(format!(
                        "forgiven: {}: `{}` is not a key of the {format} format: {why}; verifyproblem refuses this {format} package",
                        n.at, n.path
                    ))
                }
                Effect::Foreign(why) => plan.notes.push(format!(
                    "warning: {}: `{}` is not a key of the {format} format: {why}",
                    n.at, n.path
                )),
                _ => {}
            }
        }
    }
}

/// One file being walked: where it is, and what was found so far.
struct Walk<'a> {
    shown: &'a str,
    text: &'a str,
    found: Found,
}

impl Walk<'_> {
    /// `value` held against `shape`; `path` leads to it.
    fn value(&mut self, value: &Value, shape: Shape, path: &mut Vec<String>) {
        match (shape, value) {
            (Shape::Free, _) => {}
            (_, Value::Sequence(items)) => {
                for item in items {
                    self.value(item, shape, path);
                }
            }
            (_, Value::Mapping(map)) => {
                for (k, v) in map {
                    let name = key_text(k);
                    path.push(name.clone());
                    self.key(&name, v, shape, path);
                    path.pop();
                }
            }
            _ => {}
        }
    }

    /// Key `name` (last of `path`) holding `v`, in a map of `shape`.
    fn key(&mut self, name: &str, v: &Value, shape: Shape, path: &mut Vec<String>) {
        let keys: &[Key] = match shape {
            Shape::Free => return,
            Shape::Each(inner) => return self.value(v, *inner, path),
            Shape::Map(keys) => keys,
            Shape::Entry { own, group } => {
                if !own.iter().any(|k| k.name == name) && is_group_pattern(name) {
                    return self.value(v, Shape::Map(group), path);
                }
                own
            }
        };
        match keys.iter().find(|k| k.name == name) {
            Some(key) => {
                let as_judged = key.judged_as.is_some_and(|same| v.as_str() == Some(same));
                if matches!(key.effect, Effect::ReadPast(_) | Effect::Foreign(_)) && !as_judged {
                    self.found.noted.push(Noted {
                        at: self.at(path),
                        path: path.join("."),
                        effect: key.effect,
                    });
                }
                self.value(v, key.shape, path);
            }
            None => self.found.unknown.push(Unknown {
                at: self.at(path),
                path: path.join("."),
                nearest: nearest(name, keys.iter().map(|k| k.name)),
            }),
        }
    }

    /// `file:line:col` of the key at `path`.
    fn at(&self, path: &[String]) -> String {
        let (line, col) = place(self.text, path);
        format!("{}:{line}:{col}", self.shown)
    }
}

/// A key as text (YAML allows numbers and booleans as keys).
fn key_text(k: &Value) -> String {
    match k {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        other => serde_yaml::to_string(other)
            .unwrap_or_default()
            .trim()
            .to_string(),
    }
}

/// Where the key at `path` is written: each key of the path searched
/// from the line of the one before (a key inside a sequence item,
/// `- name: x`, included); the deepest found wins, (1, 1) when not even
/// the first is written as a block key. The first key is looked for at
/// the outermost indentation first, so a nested key of the same name
/// does not stand in for it.
pub(crate) fn place(text: &str, path: &[String]) -> (usize, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = (1, 1);
    let mut from = 0;
    for (depth, key) in path.iter().enumerate() {
        let hit = (from..lines.len())
            .filter_map(|i| key_column(lines[i], key).map(|c| (i, c)))
            .find(|&(_, c)| depth > 0 || c == 1)
            .or_else(|| {
                (from..lines.len()).find_map(|i| key_column(lines[i], key).map(|c| (i, c)))
            });
        let Some((i, col)) = hit else { break };
        found = (i + 1, col);
        from = i + 1;
    }
    found
}

/// The column (from 1) where `line` writes key `key` (bare or quoted),
/// after its indentation and any `- ` of sequence items.
fn key_column(line: &str, key: &str) -> Option<usize> {
    let mut body = line.trim_start_matches(' ');
    while let Some(rest) = body.strip_prefix('-') {
        if !rest.starts_with(' ') {
            break;
        }
        body = rest.trim_start_matches(' ');
    }
    let col = line.len() - body.len() + 1;
    [key.to_string(), format!("\"{key}\""), format!("'{key}'")]
        .iter()
        .any(|k| {
            body.strip_prefix(k.as_str())
                .is_some_and(|r| r.trim_start_matches(' ').starts_with(':'))
        })
        .then_some(col)
}

/// The known key nearest to `unknown` in spelling, when close enough to
/// be a slip: at most one edit for short keys, up to three for long ones
/// (a third of the length). Ties go to the first in the table.
pub(crate) fn nearest<'k>(unknown: &str, known: impl Iterator<Item = &'k str>) -> Option<&'k str> {
    let unknown_lower = unknown.to_lowercase();
    let allowed = (unknown.chars().count() / 3).clamp(1, 3);
    known
        .map(|k| (edits(&unknown_lower, k), k))
        .filter(|(d, _)| *d <= allowed)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// Edits (insert, delete, replace, swap two neighbours) from `a` to `b`.
fn edits(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    d[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: [&str; 4] = ["time_limit", "time_resolution", "memory", "output"];

    #[test]
    fn the_nearest_key_is_suggested_only_when_close() {
        let near = |k: &str| nearest(k, LIMITS.iter().copied());
        assert_eq!(near("time_limt"), Some("time_limit"));
        assert_eq!(near("timelimit"), Some("time_limit"));
        assert_eq!(near("time_lmiit"), Some("time_limit"));
        assert_eq!(near("Memory"), Some("memory"));
        assert_eq!(near("memroy"), Some("memory"));
        assert_eq!(near("time_resolutoin"), Some("time_resolution"));
        // Far from every key: no guess.
        assert_eq!(near("memory_limit"), None);
        assert_eq!(near("cpu"), None);
        assert_eq!(near("wall_time"), None);
        // A short key allows one edit only.
        assert_eq!(nearest("tpe", ["type"].into_iter()), Some("type"));
        assert_eq!(nearest("tp", ["type"].into_iter()), None);
    }

    #[test]
    fn keys_are_placed_in_sequences_and_below_same_named_keys() {
        let text = "source:\n  - name: A\n    urll: x\nname: Top\nlimits:\n  time_limt: 1\n";
        let at = |p: &[&str]| place(text, &p.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(at(&["name"]), (4, 1));
        assert_eq!(at(&["source", "urll"]), (3, 5));
        assert_eq!(at(&["limits", "time_limt"]), (6, 3));
        assert_eq!(at(&["missing"]), (1, 1));
    }

    #[test]
    fn unknown_keys_are_found_at_every_depth_with_their_place() {
        let text = "problem_format_version: 2025-09\nname: x\nlimits:\n  time_limt: 2\n  time_multipliers:\n    ac_to_time_lim: 3\ncredits:\n  authors:\n    - name: A\n      emial: a@b\nlanguages: [cpp]\nnmae: y\n";
        let value: Value = serde_yaml::from_str(text).unwrap();
        let found = check("problem.yaml", text, &value, File::Problem, Format::V2025);
        let got: Vec<(&str, &str, Option<&str>)> = (found.unknown.iter())
            .map(|u| (u.at.as_str(), u.path.as_str(), u.nearest))
            .collect();
        assert_eq!(
            got,
            [
                ("problem.yaml:4:3", "limits.time_limt", Some("time_limit")),
                (
                    "problem.yaml:6:5",
                    "limits.time_multipliers.ac_to_time_lim",
                    Some("ac_to_time_limit")
                ),
                ("problem.yaml:10:7", "credits.authors.emial", Some("email")),
                ("problem.yaml:12:1", "nmae", Some("name")),
            ]
        );
        // A known key read without effect is noted, never unknown.
        let group = "full_feedback: true\n";
        let value: Value = serde_yaml::from_str(group).unwrap();
        let found = check(
            "test_group.yaml",
            group,
            &value,
            File::TestGroup,
            Format::V2025,
        );
        assert!(found.unknown.is_empty(), "{:?}", found.unknown);
        assert!(
            found
                .noted
                .iter()
                .any(|n| n.path == "full_feedback" && matches!(n.effect, Effect::ReadPast(_))),
            "{:?}",
            found.noted
        );
    }

    #[test]
    fn each_version_knows_its_own_keys() {
        let problem = |format: Format, text: &str| {
            let value: Value = serde_yaml::from_str(text).unwrap();
            check("problem.yaml", text, &value, File::Problem, format)
        };
        // Legacy keys are unknown in 2025-09, 2025-09's in legacy.
        let legacy = "author: A\nsource_url: u\nvalidator_flags: x\ngrading:\n  objective: max\n";
        assert!(problem(Format::Legacy, legacy).unknown.is_empty());
        assert_eq!(problem(Format::V2025, "grading: {}\n").unknown.len(), 1);
        let modern = "credits: A\nconstants: {k: 1}\nlimits:\n  time_resolution: 1\n";
        assert!(problem(Format::V2025, modern).unknown.is_empty());
        assert_eq!(problem(Format::Legacy, modern).unknown.len(), 3);
        // A group pattern of submissions.yaml holds the group's keys only.
        let text = "accepted:\n  permited: [AC]\n  secret/g1:\n    language: c\n";
        let value: Value = serde_yaml::from_str(text).unwrap();
        let found = check("s", text, &value, File::Submissions, Format::V2025);
        let paths: Vec<&str> = found.unknown.iter().map(|u| u.path.as_str()).collect();
        assert_eq!(paths, ["accepted.permited", "accepted.secret/g1.language"]);
        assert_eq!(found.unknown[0].nearest, Some("permitted"));
    }
}
