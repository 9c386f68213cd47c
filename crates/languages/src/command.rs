//! Commands of the language table: split into words as a shell would
//! (quotes only), then placeholders filled in for one build.
//!
//! A shell is not used to run them: a file name with a space or a `$`
//! must reach the compiler as one word, untouched, whatever it is called.

use std::path::{Path, PathBuf};

use crate::Error;

/// Splits `text` into words: whitespace separates them, and single or
/// double quotes keep spaces (and the other kind of quote) inside one.
pub fn split(text: &str) -> Result<Vec<String>, Error> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if let Some(q) = quote {
        return Err(Error::UnclosedQuote {
            quote: q,
            text: text.to_string(),
        });
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// What the placeholders of one build stand for.
#[derive(Debug, Clone, Default)]
pub struct Vars {
    /// Every source file, sorted.
    pub files: Vec<PathBuf>,
    /// The entry point, one of `files`.
    pub mainfile: PathBuf,
    /// The build folder.
    pub build: PathBuf,
    /// The memory limit in bytes.
    pub memory: u64,
    /// `{entryclass}`: the JVM class that starts the program, package
    /// and all, as its source declares it (else `{mainclass}`).
    pub entryclass: Option<String>,
    /// `{package}`: the entry point's `package`, as a prefix (`a.b.`).
    pub package: String,
    /// `{std}`: the newest of the entry's `standards` the compiler takes.
    pub std: Option<String>,
}

impl Vars {
    fn binary(&self) -> PathBuf {
        self.build.join("prog")
    }

    fn mainclass(&self) -> String {
        self.mainfile
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    /// The value of `{name}` inside a word, or `None` for an unknown one.
    fn value(&self, name: &str) -> Option<String> {
        let path = |p: &Path| p.display().to_string();
        Some(match name {
            "mainfile" => path(&self.mainfile),
            "mainclass" => self.mainclass(),
            "Mainclass" => {
                let m = self.mainclass();
                let mut chars = m.chars();
                match chars.next() {
                    Some(first) => first.to_uppercase().chain(chars).collect(),
                    None => m,
                }
            }
            "binary" => path(&self.binary()),
            "build" => path(&self.build),
            "memory_mib" => (self.memory >> 20).max(16).to_string(),
            "entryclass" => self.entryclass.clone().unwrap_or_else(|| self.mainclass()),
            "package" => self.package.clone(),
            "std" => self.std.clone()?,
            _ => return None,
        })
    }

    /// `words` with the placeholders filled in: a word that is exactly
    /// `{files}` becomes one word per source file.
    pub fn expand(&self, words: &[String]) -> Result<Vec<String>, Error> {
        let mut out = Vec::new();
        for w in words {
            if w == "{files}" {
                out.extend(self.files.iter().map(|f| f.display().to_string()));
            } else {
                out.push(self.fill(w)?);
            }
        }
        Ok(out)
    }

    /// One word (or an environment entry) with its placeholders filled in.
    pub fn fill(&self, word: &str) -> Result<String, Error> {
        let mut out = String::new();
        let mut rest = word;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let close = after.find('}').filter(|c| {
                let name = &after[..*c];
                !name.is_empty()
                    && name
                        .chars()
                        .all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
            });
            match close {
                Some(close) => {
                    let name = &after[..close];
                    let value = self.value(name).ok_or_else(|| Error::Placeholder {
                        name: name.to_string(),
                        word: word.to_string(),
                    })?;
                    out.push_str(&value);
                    rest = &after[close + 1..];
                }
                // Not a placeholder (Lisp, shell braces): kept as written.
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        Ok(out)
    }
}

/// The alternatives of a tool word: `node|nodejs` tries `node`, then
/// `nodejs`.
pub fn alternatives(word: &str) -> Vec<&str> {
    word.split('|').filter(|w| !w.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_like_a_shell_with_quotes_only() {
        assert_eq!(
            split(r#"sbcl --eval '(f "a b")' x"#).unwrap(),
            ["sbcl", "--eval", r#"(f "a b")"#, "x"]
        );
        assert_eq!(split("  a\t''  b ").unwrap(), ["a", "", "b"]);
        assert_eq!(split("a$b \\x").unwrap(), ["a$b", "\\x"]);
        assert!(
            split("a 'b")
                .unwrap_err()
                .to_string()
                .contains("unclosed ' quote")
        );
    }

    #[test]
    fn placeholders_fill_words_and_files_spread() {
        let vars = Vars {
            files: vec!["/b/x y.kt".into(), "/b/util.kt".into()],
            mainfile: "/b/x y.kt".into(),
            build: "/b".into(),
            memory: 256 << 20,
            ..Vars::default()
        };
        let words = split("kotlin -J-Xmx{memory_mib}m -cp {build} {Mainclass}Kt {files}").unwrap();
        assert_eq!(
            vars.expand(&words).unwrap(),
            [
                "kotlin",
                "-J-Xmx256m",
                "-cp",
                "/b",
                "X yKt",
                "/b/x y.kt",
                "/b/util.kt"
            ]
        );
        assert_eq!(vars.fill("{binary}.exe").unwrap(), "/b/prog.exe");
        assert_eq!(vars.fill("{mainclass}").unwrap(), "x y");
        assert_eq!(vars.fill("{entryclass}").unwrap(), "x y");
        let java = Vars {
            entryclass: Some("a.b.Main".into()),
            package: "a.b.".into(),
            std: Some("gnu++20".into()),
            ..vars.clone()
        };
        assert_eq!(
            java.fill("{entryclass} {package}{Mainclass}Kt -std={std}")
                .unwrap(),
            "a.b.Main a.b.X yKt -std=gnu++20"
        );
        // No standard probed: {std} is no value, an error naming it.
        assert!(vars.fill("-std={std}").is_err());
        // Braces that are not placeholders stay.
        assert_eq!(vars.fill("{ a }{}{").unwrap(), "{ a }{}{");
        assert!(
            vars.fill("{nope}")
                .unwrap_err()
                .to_string()
                .contains("{nope}")
        );
        assert_eq!(alternatives("node|nodejs"), ["node", "nodejs"]);
    }
}
