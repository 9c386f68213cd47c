//! What judge reads in `problem.yaml` although problemtools'
//! verifyproblem, which wrote and judged the legacy and 2023-07 archives,
//! refuses it: judge keeps reading (the value changes nothing judge
//! decides, or judge takes the evident meaning), and a note says what it
//! forgave, so that a package that passes here is not taken for one its
//! own tool accepts. The rules are problemtools' models
//! (`MetadataLegacy`, `Metadata2023_07`) and `ProblemConfig.check`.
//! Keys no version defines are `key_check`'s; this is about values.

use std::path::Path;

use serde_yaml::Value;

use crate::origin::Format;
use crate::plan::{Plan, ProblemYaml, name_of, sorted_entries};

/// Notes in `plan` for every value of `spec` judge forgives and
/// verifyproblem refuses.
pub(crate) fn problem_yaml(pkg: &Path, spec: ProblemYaml<'_>, format: Format, plan: &mut Plan) {
    let mut f = Forgiven {
        spec,
        format,
        notes: Vec::new(),
    };
    f.name(pkg);
    f.uuid();
    f.license();
    if format == Format::Legacy {
        f.legacy_words();
    }
    plan.notes.extend(f.notes);
}

/// The checks of one `problem.yaml`, and the notes they made.
struct Forgiven<'a> {
    spec: ProblemYaml<'a>,
    format: Format,
    notes: Vec<String>,
}

/// The licenses both specifications list.
const LICENSES: [&str; 7] = [
    "unknown",
    "public domain",
    "cc0",
    "cc by",
    "cc by-sa",
    "educational",
    "permission",
];

impl Forgiven<'_> {
    fn get(&self, key: &str) -> Option<&Value> {
        self.spec.value.get(key).filter(|v| !v.is_null())
    }

    /// A note at `keys`: what judge did, and who refuses it
    /// (verifyproblem reads legacy and 2023-07 packages, not 2025-09).
    fn forgive(&mut self, keys: &[&str], what: String) {
        let who = match self.format {
            Format::V2025 => "the 2025-09 specification does not allow it".to_string(),
            f => format!("verifyproblem refuses this {f} package"),
        };
        self.notes
            .push(format!("forgiven: {}: {what}; {who}", self.spec.at(keys)));
    }

    /// Legacy `name` is one string; the newer formats' map must name
    /// every language a statement is written in.
    fn name(&mut self, pkg: &Path) {
        let Some(Value::Mapping(names)) = self.get("name") else {
            return;
        };
        let has = |lang: &str| names.keys().any(|k| k.as_str() == Some(lang));
        let first = names.keys().next().and_then(Value::as_str).unwrap_or("");
        let taken = if has("en") { "en" } else { first };
        if self.format == Format::Legacy {
            let what = format!(
                "`name` is a map of languages, the legacy format has one name (a string); judge took the `{taken}` one"
            );
            return self.forgive(&["name"], what);
        }
        let missing: Vec<String> = (statement_languages(pkg, self.format).into_iter())
            .filter(|lang| !has(lang))
            .collect();
        if !missing.is_empty() {
            let what = format!(
                "`name` gives no name in {} (a statement is written in it); judge took the `{taken}` one",
                missing.join(", ")
            );
            self.forgive(&["name"], what);
        } else if !has("en") {
            self.notes.push(format!(
                "{}: `name` has no English (`en`) name: judge took the `{taken}` one",
                self.spec.at(&["name"])
            ));
        }
    }

    /// `uuid` must be a UUID (problemtools reads it as one); 2023-07 and
    /// 2025-09 require it.
    fn uuid(&mut self) {
        match self.get("uuid") {
            None if self.format != Format::Legacy => {
                self.forgive(
                    &["uuid"],
                    format!(
                        "no `uuid`, which the {} format requires; judge needs none",
                        self.format
                    ),
                );
            }
            None => {}
            Some(v) => {
                let text = scalar(v);
                if !is_uuid(&text) {
                    let what = format!(
                        "`uuid: {text}` is not a UUID; judge reads past it (it only names the problem)"
                    );
                    self.forgive(&["uuid"], what);
                }
            }
        }
    }

    /// `license` is one of the specification's words, and has the
    /// rights owner it needs: none in the public domain, someone
    /// (`rights_owner`, an author or a source) for every license but
    /// `unknown`.
    fn license(&mut self) {
        let Some(v) = self.get("license") else { return };
        let text = scalar(v);
        if !LICENSES.contains(&text.as_str()) {
            let what = format!(
                "`license: {text}` is none of {}; judge reads past it",
                LICENSES.join(", ")
            );
            return self.forgive(&["license"], what);
        }
        let owner = self.get("rights_owner").is_some();
        if text == "public domain" && owner {
            let what = "`rights_owner` is given for a problem in the public domain, which has none; judge reads past it".to_string();
            self.forgive(&["rights_owner"], what);
        } else if text != "unknown" && text != "public domain" && !owner {
            let credited = ["author", "source"].iter().any(|k| self.get(k).is_some())
                || self.get("credits").is_some_and(|c| match c {
                    Value::Mapping(_) => c.get("authors").is_some(),
                    _ => true,
                });
            if !credited {
                let what = format!(
                    "`license: {text}` needs a rights owner, and there is no `rights_owner`, author or source; judge reads past it"
                );
                self.forgive(&["license"], what);
            }
        }
    }

    /// Legacy `type` (pass-fail or scoring), `validation` (`default`, or
    /// `custom` with `score` / `interactive`), `source` and `keywords`
    /// (strings): what judge reads besides, as DOMjudge and the newer
    /// formats write it.
    fn legacy_words(&mut self) {
        if let Some(t) = self.get("type") {
            let text = scalar(t);
            if !matches!(text.as_str(), "pass-fail" | "scoring") {
                let what = format!(
                    "`type: {text}`: a legacy type is pass-fail or scoring; judge reads it as the newer formats do"
                );
                self.forgive(&["type"], what);
            }
        }
        if let Some(Value::String(v)) = self.get("validation") {
            let words: Vec<&str> = v.split_whitespace().collect();
            let fine = match words.split_first() {
                None => true,
                Some((&"default", rest)) => rest.is_empty(),
                Some((&"custom", rest)) => {
                    rest.iter().all(|w| matches!(*w, "score" | "interactive"))
                }
                Some(_) => false,
            };
            if !fine {
                let what = format!(
                    "`validation: {v}`: problemtools takes `default`, or `custom` followed by `score` and `interactive` only; judge reads the words in any order (as DOMjudge does)"
                );
                self.forgive(&["validation"], what);
            }
        }
        for key in ["source", "keywords"] {
            if let Some(v @ (Value::Sequence(_) | Value::Mapping(_))) = self.get(key) {
                let shape = if v.is_sequence() { "a list" } else { "a map" };
                let what = format!(
                    "`{key}` is {shape}, the legacy format has a string; judge reads it as the newer formats do"
                );
                self.forgive(&[key], what);
            }
        }
    }
}

/// A scalar as written (numbers and booleans too).
fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        _ => serde_yaml::to_string(v)
            .unwrap_or_default()
            .trim()
            .to_string(),
    }
}

/// Whether `text` is a UUID as problemtools' reader takes one: 32 hex
/// digits, bare or in the 8-4-4-4-12 groups, optionally in braces or
/// after `urn:uuid:`.
fn is_uuid(text: &str) -> bool {
    let t = text.trim();
    let t = t.strip_prefix("urn:uuid:").unwrap_or(t);
    let t = t
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .unwrap_or(t);
    let hex = |s: &str| s.chars().all(|c| c.is_ascii_hexdigit());
    let groups: Vec<&str> = t.split('-').collect();
    match groups.as_slice() {
        [all] => all.len() == 32 && hex(all),
        [a, b, c, d, e] => {
            [a.len(), b.len(), c.len(), d.len(), e.len()] == [8, 4, 4, 4, 12]
                && groups.iter().all(|g| hex(g))
        }
        _ => false,
    }
}

/// The languages the package's statements are written in
/// (`problem.<lang>.md` or `.tex` in its statement folder, as
/// problemtools finds them).
fn statement_languages(pkg: &Path, format: Format) -> Vec<String> {
    let mut langs: Vec<String> = sorted_entries(&pkg.join(crate::statement_dir(format)))
        .iter()
        .filter_map(|p| {
            let name = name_of(p);
            let mut parts = name.split('.');
            match (parts.next(), parts.next(), parts.next(), parts.next()) {
                (Some("problem"), Some(lang), Some("tex" | "md"), None) => Some(lang.to_string()),
                _ => None,
            }
        })
        .collect();
    langs.dedup();
    langs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuids_are_read_as_problemtools_reads_them() {
        for good in [
            "8c4bd729-d821-491d-b570-39a972ab5753",
            "8C4BD729D821491DB57039A972AB5753",
            "{8c4bd729-d821-491d-b570-39a972ab5753}",
            "urn:uuid:8c4bd729-d821-491d-b570-39a972ab5753",
        ] {
            assert!(is_uuid(good), "{good}");
        }
        for bad in [
            "A",
            "",
            "8c4bd729-d821-491d-b570-39a972ab575",
            "8c4bd729d821-491d-b570-39a972ab5753",
            "zc4bd729-d821-491d-b570-39a972ab5753",
        ] {
            assert!(!is_uuid(bad), "{bad}");
        }
    }
}
