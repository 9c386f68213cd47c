//! What a package (2023-07 and 2025-09) says about its programs and the
//! room they run in, as plain data: its `constants` and the `{{name}}`
//! substitution they make, the languages it may be solved in, whether a
//! submission may write in its working folder, and the limits on a
//! submission's source and on compiling it. `judge-package` reads them;
//! the engine applies them where it builds and runs programs.

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

/// `problem.yaml`'s settings for programs; every field's default is
/// what a package that says nothing gets.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Environment {
    /// `constants`, substituted into the package's programs and
    /// `test_group.yaml` files.
    pub constants: Constants,
    /// `languages`: the language codes a submission may be in; `None`
    /// for `all` (or unsaid).
    pub languages: Option<Vec<String>>,
    /// `allow_file_writing`: a submission may create, change and delete
    /// files in its working folder (a fresh one per run).
    pub allow_file_writing: bool,
    /// `limits.code`, in bytes: a larger submission is not run.
    pub code: Option<u64>,
    /// `limits.compilation_time`: the compile time judge must at least
    /// give (a resource guarantee, not a cap).
    pub compilation_time: Option<Duration>,
    /// `limits.compilation_memory`, in bytes, a guarantee too.
    pub compilation_memory: Option<u64>,
    /// `limits.validation_output`, in bytes: the output an output
    /// validator may at least write.
    pub validation_output: Option<u64>,
}

impl Environment {
    /// Whether a submission in language `id` (judge's language table's
    /// id) may be judged. judge's ids are the format's codes but for
    /// the ones its table splits or names apart: `pypy3` is the format's
    /// `python3`, `shell` its `bash`.
    pub fn permits(&self, id: &str) -> bool {
        let Some(listed) = &self.languages else {
            return true;
        };
        let code = match id {
            "pypy3" => "python3",
            "shell" => "bash",
            other => other,
        };
        listed.iter().any(|l| l == id || l == code)
    }
}

/// `constants`: name → variant → the text `{{name.variant}}` becomes
/// (`value` is the variant `{{name}}` means).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Constants(pub BTreeMap<String, BTreeMap<String, String>>);

/// A `{{…}}` sequence in a file that names no constant: where it stands
/// (1-based line and column) and the name as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unknown {
    pub line: usize,
    pub column: usize,
    pub name: String,
}

impl Constants {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The text of `{{name}}` or `{{name.variant}}`, if defined.
    fn lookup(&self, sequence: &str) -> Option<&str> {
        let (name, variant) = sequence.split_once('.').unwrap_or((sequence, "value"));
        self.0.get(name)?.get(variant).map(String::as_str)
    }

    /// `text` with every constant sequence of a defined constant
    /// replaced; `None` when nothing was (the file is then used as it
    /// is). A sequence of an undefined one stays, as the format says.
    pub fn substitute(&self, text: &str) -> Option<String> {
        if self.is_empty() {
            return None;
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        let mut replaced = false;
        while let Some((before, sequence, after)) = next_sequence(rest) {
            out.push_str(before);
            match self.lookup(sequence) {
                Some(value) => {
                    out.push_str(value);
                    replaced = true;
                }
                None => {
                    out.push_str("{{");
                    out.push_str(sequence);
                    out.push_str("}}");
                }
            }
            rest = after;
        }
        out.push_str(rest);
        replaced.then_some(out)
    }

    /// Substitutes the constants in every text file at `path` (a file,
    /// or a folder and everything below it), in place: the caller's copy
    /// of a package's files, never the package. Files that are no UTF-8
    /// text are left as they are.
    pub fn substitute_tree(&self, path: &Path) -> std::io::Result<()> {
        if self.is_empty() {
            return Ok(());
        }
        let files = walkdir::WalkDir::new(path)
            .into_iter()
            .flatten()
            .filter(|e| e.file_type().is_file());
        for entry in files {
            let file = entry.path();
            let Ok(text) = std::fs::read_to_string(file) else {
                continue;
            };
            let Some(done) = self.substitute(&text) else {
                continue;
            };
            // A copy may keep a read-only mode from the package.
            let mode = std::fs::metadata(file)?.permissions().mode();
            std::fs::set_permissions(file, std::fs::Permissions::from_mode(mode | 0o200))?;
            std::fs::write(file, done)?;
        }
        Ok(())
    }

    /// The constant sequences of `text` that name no constant (nor a
    /// variant of one), each where it stands. `skip` are names that mean
    /// something else where the file is read (a statement's
    /// `{{nextsample}}`).
    pub fn unknown(&self, text: &str, skip: &[&str]) -> Vec<Unknown> {
        let mut found = Vec::new();
        let mut rest = text;
        while let Some((before, sequence, after)) = next_sequence(rest) {
            if self.lookup(sequence).is_none() && !skip.contains(&sequence) {
                let offset = text.len() - rest.len() + before.len();
                let (line, column) = position(text, offset);
                found.push(Unknown {
                    line,
                    column,
                    name: sequence.to_string(),
                });
            }
            rest = after;
        }
        found
    }
}

/// The next constant sequence of `text`: the text before it, its name
/// (`name` or `name.variant`, each `[a-zA-Z_][a-zA-Z0-9_]*`) and the text
/// after it. Braces that hold anything else are no sequence and are
/// passed over.
fn next_sequence(text: &str) -> Option<(&str, &str, &str)> {
    let mut from = 0;
    while let Some(at) = text[from..].find("{{") {
        let start = from + at;
        let inner = &text[start + 2..];
        if let Some(end) = inner.find("}}")
            && is_sequence(&inner[..end])
        {
            return Some((&text[..start], &inner[..end], &inner[end + 2..]));
        }
        from = start + 1;
    }
    None
}

fn is_sequence(s: &str) -> bool {
    let mut parts = s.split('.');
    let ok = |p: Option<&str>| p.is_some_and(is_name);
    match (parts.next(), parts.next(), parts.next()) {
        (name, None, None) => ok(name),
        (name, variant, None) => ok(name) && ok(variant),
        _ => false,
    }
}

/// Whether `s` is a constant's (or variant's) name: `[a-zA-Z_][a-zA-Z0-9_]*`.
pub fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The 1-based line and column (in characters) of byte `offset`.
fn position(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn constants() -> Constants {
        let mut c = BTreeMap::new();
        c.insert(
            "max_n".to_string(),
            BTreeMap::from([
                ("value".to_string(), "1000".to_string()),
                ("tex".to_string(), "10^3".to_string()),
            ]),
        );
        Constants(c)
    }

    #[test]
    fn defined_sequences_are_replaced_and_others_kept() {
        let c = constants();
        let text = "n <= {{max_n}} ({{max_n.tex}}); {{other}} {{ max_n }} {{a.b.c}} {{{max_n}}}";
        assert_eq!(
            c.substitute(text).unwrap(),
            "n <= 1000 (10^3); {{other}} {{ max_n }} {{a.b.c}} {1000}"
        );
        assert_eq!(c.substitute("nothing here {{x}}"), None);
        assert_eq!(Constants::default().substitute("{{max_n}}"), None);
    }

    #[test]
    fn unknown_sequences_are_found_where_they_stand() {
        let c = constants();
        let text = "a\n  {{max_n}} {{max_m}}\n{{nextsample}}{{max_n.latex}}";
        let found = c.unknown(text, &["nextsample"]);
        let at: Vec<_> = found
            .iter()
            .map(|u| (u.line, u.column, u.name.as_str()))
            .collect();
        assert_eq!(at, [(2, 13, "max_m"), (3, 15, "max_n.latex")]);
    }

    #[test]
    fn languages_are_the_formats_codes() {
        let mut env = Environment::default();
        assert!(env.permits("java"));
        env.languages = Some(vec!["python3".into(), "bash".into()]);
        assert!(env.permits("pypy3") && env.permits("python3") && env.permits("shell"));
        assert!(!env.permits("cpp"));
    }
}
