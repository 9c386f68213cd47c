//! Which language a submission is in, and which of its files starts it.
//!
//! A submission is one source file or a folder of them. Each file is
//! evidence for the languages that claim its extension; where several do
//! (`.py`: Python 3, PyPy, Python 2), a language with a `shebang` word
//! claims the file only when its `#!` line names that word, and a `#!`
//! line that names one claimant's word gives the file to it alone. Where
//! several still claim it, their `marks` decide: the claimants whose marks
//! the text holds most often take it (`.pl` with `use strict` is Perl, with
//! `:-` and no Perl mark, Prolog). The language with the most evidence
//! wins; ties go to the higher priority.

use std::path::{Path, PathBuf};

use super::{Main, Spec, Table};

/// The first line of `path` when it is a `#!` line.
fn shebang(path: &Path) -> Option<String> {
    use std::io::Read;
    let mut head = [0u8; 256];
    let n = std::fs::File::open(path).ok()?.read(&mut head).ok()?;
    let text = String::from_utf8_lossy(&head[..n]);
    let line = text.lines().next()?;
    line.starts_with("#!").then(|| line.to_string())
}

/// The first 64 KiB of `path`, as text: where a language's marks are
/// looked for.
fn head(path: &Path) -> String {
    use std::io::Read;
    let mut head = Vec::new();
    if let Ok(f) = std::fs::File::open(path) {
        let _ = f.take(64 << 10).read_to_end(&mut head);
    }
    String::from_utf8_lossy(&head).into_owned()
}

fn extension(path: &Path) -> Option<&str> {
    path.extension().and_then(|e| e.to_str())
}

/// Whether `line` names `word` as a word of its own (`python2`, not
/// `python20`).
fn names(line: &str, word: &str) -> bool {
    line.match_indices(word).any(|(at, _)| {
        let next = line[at + word.len()..].chars().next();
        !next.is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

impl Table {
    /// The languages `file` counts as evidence for.
    fn claimants(&self, file: &Path) -> Vec<&Spec> {
        let Some(ext) = extension(file) else {
            return Vec::new();
        };
        let mut all: Vec<&Spec> = self
            .specs
            .iter()
            .filter(|s| s.extensions.iter().any(|e| e == ext))
            .collect();
        if all.len() < 2 {
            return all;
        }
        let line = shebang(file).unwrap_or_default();
        let named: Vec<&Spec> = all
            .iter()
            .copied()
            .filter(|s| s.shebang.as_deref().is_some_and(|w| names(&line, w)))
            .collect();
        if !named.is_empty() {
            return named;
        }
        all.retain(|s| s.shebang.is_none());
        if all.len() > 1 && all.iter().any(|s| !s.marks.is_empty()) {
            let text = head(file);
            let score = |s: &Spec| s.marks.iter().filter(|m| text.contains(m.as_str())).count();
            let best = all.iter().map(|s| score(s)).max().unwrap_or(0);
            if best > 0 {
                all.retain(|s| score(s) == best);
            }
        }
        all
    }

    /// The language of `files` (a submission's sources), if any claims
    /// them.
    pub fn detect(&self, files: &[PathBuf]) -> Option<&Spec> {
        let mut best: Option<(usize, &Spec)> = None;
        for spec in &self.specs {
            let evidence = files
                .iter()
                .filter(|f| self.claimants(f).iter().any(|c| c.id == spec.id))
                .count();
            if evidence == 0 {
                continue;
            }
            let better = match best {
                None => true,
                Some((n, b)) => evidence > n || (evidence == n && spec.priority > b.priority),
            };
            if better {
                best = Some((evidence, spec));
            }
        }
        best.map(|(_, s)| s)
    }
}

/// What a submission (one file, or a folder of sources) is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written<'t> {
    /// A language of the table.
    Language(&'t Spec),
    /// A folder with its own `build` or `run` script, which judge runs
    /// instead of a language's commands.
    Scripts,
}

impl Table {
    /// What the submission at `path` is written in; `None` when no
    /// language of the table claims it.
    pub fn written_in(&self, path: &Path) -> Option<Written<'_>> {
        if path.is_dir() {
            if path.join("build").is_file() || path.join("run").is_file() {
                return Some(Written::Scripts);
            }
            let mut files: Vec<PathBuf> = std::fs::read_dir(path)
                .map(|r| r.flatten().map(|e| e.path()).collect())
                .unwrap_or_default();
            files.retain(|p| p.is_file());
            files.sort();
            return self.detect(&files).map(Written::Language);
        }
        self.detect(&[path.to_path_buf()]).map(Written::Language)
    }
}

/// A C or C++ header: code a program includes, never a program itself.
/// A package keeps them beside its validators (`testlib.h`); the build
/// copies them in beside the source that includes them.
pub fn is_header(path: &Path) -> bool {
    path.is_file() && extension(path).is_some_and(|e| matches!(e, "h" | "hpp" | "hh" | "hxx"))
}

impl Spec {
    /// The files among `files` that are this language's sources, sorted.
    pub fn sources(&self, files: &[PathBuf]) -> Vec<PathBuf> {
        let mut found: Vec<PathBuf> = files
            .iter()
            .filter(|f| extension(f).is_some_and(|e| self.extensions.iter().any(|x| x == e)))
            .cloned()
            .collect();
        found.sort();
        found
    }

    /// The entry point among `sources` (sorted): see [`Main`].
    pub fn entry(&self, sources: &[PathBuf]) -> Result<PathBuf, crate::Error> {
        if let [one] = sources {
            return Ok(one.clone());
        }
        let Main { marker, names } = &self.main;
        if let Some(marker) = marker {
            let holding: Vec<&PathBuf> = sources
                .iter()
                .filter(|f| std::fs::read_to_string(f).is_ok_and(|t| t.contains(marker.as_str())))
                .collect();
            match holding.as_slice() {
                [one] => return Ok((*one).clone()),
                // Several would do (two classes with a `main`): the one
                // with an entry point's name, else the first by name, as
                // BAPCtools and DOMjudge pick, so a program that runs
                // either way is judged rather than refused.
                [first, ..] => {
                    let named = names.iter().find_map(|name| {
                        holding
                            .iter()
                            .find(|f| f.file_stem().is_some_and(|s| s == name.as_str()))
                    });
                    return Ok((*named.unwrap_or(first)).clone());
                }
                [] => {}
            }
        }
        for name in names {
            if let Some(f) = sources
                .iter()
                .find(|f| f.file_stem().is_some_and(|s| s == name.as_str()))
            {
                return Ok(f.clone());
            }
        }
        if self.compiles_every_file() {
            // A compiler that takes every file finds `main` itself.
            if let Some(first) = sources.first() {
                return Ok(first.clone());
            }
        }
        let mut how = Vec::new();
        if let Some(m) = marker {
            how.push(format!("exactly one file holding `{m}`"));
        }
        if !names.is_empty() {
            how.push(format!("a file named {}", names.join(" or ")));
        }
        if how.is_empty() {
            how.push("a single source file".into());
        }
        Err(crate::Error::NoEntryPoint {
            files: sources.len(),
            language: self.name.clone(),
            how: how.join(", or "),
        })
    }

    /// Whether the entry point only matters as a name: every command takes
    /// `{files}` and none names `{mainfile}` or a class.
    fn compiles_every_file(&self) -> bool {
        let all: Vec<&String> = self
            .compile
            .iter()
            .chain(std::iter::once(&self.run))
            .collect();
        all.iter().any(|c| c.contains("{files}"))
            && !all.iter().any(|c| {
                c.contains("{mainfile}") || c.contains("{mainclass}") || c.contains("{Mainclass}")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    fn temp(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("judge-lang-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn python_two_needs_its_shebang_and_three_takes_the_rest() {
        let t = Table::builtin();
        let d = temp("py");
        let two = write(&d, "a.py", "#!/usr/bin/env python2\nprint 1\n");
        let three = write(&d, "b.py", "#!/usr/bin/env python3\nprint(1)\n");
        let bare = write(&d, "c.py", "print(1)\n");
        let near = write(&d, "d.py", "#!/usr/bin/python20\n");
        assert_eq!(t.detect(std::slice::from_ref(&two)).unwrap().id, "python2");
        assert_eq!(t.detect(&[three]).unwrap().id, "python3");
        assert_eq!(t.detect(std::slice::from_ref(&bare)).unwrap().id, "python3");
        assert_eq!(t.detect(std::slice::from_ref(&near)).unwrap().id, "python3");
        // A Python 2 main file with a helper without a shebang: the helper
        // counts for Python 3, the main file for Python 2 only; a tie goes
        // to the higher priority, so the folder needs the majority.
        assert_eq!(
            t.detect(&[two.clone(), bare.clone()]).unwrap().id,
            "python3"
        );
        assert_eq!(
            t.detect(&[write(&d, "x.py2", ""), two]).unwrap().id,
            "python2"
        );
        assert_eq!(t.detect(&[write(&d, "y.cc", "")]).unwrap().id, "cpp");
        assert!(t.detect(&[write(&d, "z.txt", "")]).is_none());
        let _ = std::fs::remove_dir_all(d);
    }

    #[test]
    fn perl_and_prolog_share_pl_and_the_text_decides() {
        let t = Table::builtin();
        let d = temp("pl");
        let perl = write(&d, "a.pl", "use strict;\nmy $x = <STDIN>;\nprint $x;\n");
        let prolog = write(
            &d,
            "b.pl",
            ":- initialization(main).\nmain :- write(hi), nl.\n",
        );
        let bare = write(&d, "c.pl", "print \"Hello world!\\n\";\n");
        assert_eq!(t.detect(&[perl]).unwrap().id, "perl");
        assert_eq!(t.detect(&[prolog]).unwrap().id, "prolog");
        // Neither's marks: Perl, which never lacks them less than Prolog
        // (a Prolog program has a `main :-` to start from).
        assert_eq!(t.detect(&[bare]).unwrap().id, "perl");
        for (name, id) in [
            ("d.py3", "python3"),
            ("e.hs", "haskell"),
            ("f.kt", "kotlin"),
            ("g.cc", "cpp"),
        ] {
            assert_eq!(t.detect(&[write(&d, name, "")]).unwrap().id, id, "{name}");
        }
        let _ = std::fs::remove_dir_all(d);
    }

    #[test]
    fn the_entry_point_is_the_marked_file_then_a_named_one() {
        let t = Table::builtin();
        let d = temp("entry");
        let java = t.get("java").unwrap();
        let a = write(&d, "A.java", "class A { }");
        let b = write(
            &d,
            "B.java",
            "class B { public static void main(String[] a) {} }",
        );
        assert_eq!(java.entry(&[a.clone(), b.clone()]).unwrap(), b);
        // Two classes with a main: the first by name.
        let c = write(
            &d,
            "C.java",
            "class C { public static void main(String[] a) {} }",
        );
        assert_eq!(java.entry(&[a.clone(), b.clone(), c.clone()]).unwrap(), b);
        let py = t.get("python3").unwrap();
        let m = write(&d, "main.py", "");
        let u = write(&d, "util.py", "");
        assert_eq!(py.entry(&[m.clone(), u.clone()]).unwrap(), m);
        let e = py
            .entry(&[u.clone(), write(&d, "v.py", "")])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("2 Python 3 files and none is the entry point"),
            "{e}"
        );
        assert!(e.contains("a file named __main__ or main"), "{e}");
        // C takes every file: any is fine.
        let c = t.get("c").unwrap();
        let f = write(&d, "f.c", "");
        assert_eq!(c.entry(&[f.clone(), write(&d, "g.c", "")]).unwrap(), f);
        let _ = std::fs::remove_dir_all(d);
    }
}
