//! A cargo-mutants run, read back from its output folder: every mutant it
//! made (`mutants.json`: name, file, the diff it applied) and what the test
//! set did to each (`caught.txt`, `missed.txt`, `timeout.txt`,
//! `unviable.txt`, one name per line).
//!
//! harden starts from a run that exists instead of mutating anew: a whole
//! run of one solver takes from 15 minutes to hours, its outcomes are the
//! "before" figure, and only its survivors are worth searching for.
//! Several folders (the shards of one run) read as one run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Why a cargo-mutants output folder cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum MutationRunError {
    /// No `mutants.json`: most likely not cargo-mutants' folder at all.
    #[error("{}: {source} (is this a cargo-mutants output folder?)", path.display())]
    NoListing {
        path: PathBuf,
        source: std::io::Error,
    },
    /// `mutants.json` is not the list of mutants cargo-mutants writes.
    #[error("{}: {source}", path.display())]
    BadListing {
        path: PathBuf,
        source: serde_yaml::Error,
    },
    /// One of the outcome lists (`caught.txt`, …) exists but cannot be
    /// read.
    #[error("{}: {source}", path.display())]
    UnreadableList {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Why a mutant's diff does not apply to the source it is given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PatchError {
    /// A hunk's lines are nowhere after the previous hunk: the source
    /// changed since the mutation run. `line` is where the hunk said
    /// (1-based).
    #[error(
        "{file}: the lines the mutation run changed near line {line} are not in the source any more (re-run cargo mutants on these sources)"
    )]
    Moved { file: String, line: usize },
    /// A `@@` line without the hunk's first line number.
    #[error("{mutant}: unreadable hunk header {header:?}")]
    BadHunkHeader { mutant: String, header: String },
    /// A diff without a single hunk.
    #[error("{mutant}: the diff holds no change")]
    NoChange { mutant: String },
}

/// One mutant as cargo-mutants describes it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct Mutant {
    /// `file:line:column: replace … with …`, cargo-mutants' own name, which
    /// is also how its lists and `--re` refer to it.
    pub name: String,
    /// The mutated file, relative to the workspace root.
    pub file: String,
    /// The crate, as cargo names it.
    pub package: String,
    /// A unified diff of the one change, with context lines.
    pub diff: String,
}

/// What the test set did to a mutant in the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    Caught,
    /// cargo-mutants' timeout: the test set made it run too long, which
    /// counts as caught in the kill rate.
    TimedOut,
    Missed,
    /// Did not compile: not counted.
    Unviable,
    /// Listed but not tested (an interrupted run, or another shard's).
    Untested,
}

/// Every mutant of a run with its outcome, in the run's order.
#[derive(Debug, Clone, Default)]
pub struct MutationRun {
    pub mutants: Vec<(Mutant, Outcome)>,
}

/// Tallies of a run: the kill rate is killed / viable.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub caught: usize,
    pub timed_out: usize,
    pub missed: usize,
    pub unviable: usize,
    pub untested: usize,
}

impl Tally {
    /// Caught or timed out.
    pub fn killed(&self) -> usize {
        self.caught + self.timed_out
    }

    /// Mutants that compiled and were tested.
    pub fn viable(&self) -> usize {
        self.killed() + self.missed
    }
}

impl MutationRun {
    /// Reads the runs in `dirs` (each the `-o` folder of `cargo mutants`,
    /// or its `mutants.out` inside). A mutant tested by several of them
    /// takes its best outcome, so the shards of one run merge.
    pub fn read(dirs: &[PathBuf]) -> Result<MutationRun, MutationRunError> {
        let mut order: Vec<String> = Vec::new();
        let mut found: BTreeMap<String, (Mutant, Outcome)> = BTreeMap::new();
        for dir in dirs {
            let out = match dir.join("mutants.out").is_dir() {
                true => dir.join("mutants.out"),
                false => dir.clone(),
            };
            let listing = out.join("mutants.json");
            let text = std::fs::read_to_string(&listing).map_err(|source| {
                let path = listing.clone();
                MutationRunError::NoListing { path, source }
            })?;
            let mutants: Vec<Mutant> =
                serde_yaml::from_str(&text).map_err(|source| MutationRunError::BadListing {
                    path: listing,
                    source,
                })?;
            let mut outcomes = read_outcomes(&out)?;
            // An `--iterate` run keeps the run before it in
            // `mutants.out.old`; what it calls "previously caught" includes
            // the ones that did not compile, which the old lists tell apart.
            let old = out.with_file_name("mutants.out.old");
            if old.is_dir() {
                let before = read_outcomes(&old)?;
                for (name, outcome) in outcomes.iter_mut() {
                    if *outcome == Outcome::Caught
                        && let Some(earlier @ (Outcome::Unviable | Outcome::TimedOut)) =
                            before.get(name)
                    {
                        *outcome = *earlier;
                    }
                }
            }
            let listed: std::collections::BTreeSet<String> =
                mutants.iter().map(|m| m.name.clone()).collect();
            let only_named = outcomes
                .keys()
                .filter(|n| !listed.contains(*n))
                .map(|n| Mutant {
                    name: n.clone(),
                    file: String::new(),
                    package: String::new(),
                    diff: String::new(),
                })
                .collect::<Vec<_>>();
            for m in mutants.into_iter().chain(only_named) {
                let outcome = outcomes.get(&m.name).copied().unwrap_or(Outcome::Untested);
                match found.get_mut(&m.name) {
                    Some(old) => old.1 = old.1.min(outcome),
                    None => {
                        order.push(m.name.clone());
                        found.insert(m.name.clone(), (m, outcome));
                    }
                }
            }
        }
        let mutants = order.iter().filter_map(|name| found.remove(name)).collect();
        Ok(MutationRun { mutants })
    }

    pub fn tally(&self) -> Tally {
        let mut t = Tally::default();
        for (_, outcome) in &self.mutants {
            match outcome {
                Outcome::Caught => t.caught += 1,
                Outcome::TimedOut => t.timed_out += 1,
                Outcome::Missed => t.missed += 1,
                Outcome::Unviable => t.unviable += 1,
                Outcome::Untested => t.untested += 1,
            }
        }
        t
    }

    /// The mutants the test set let through.
    pub fn survivors(&self) -> impl Iterator<Item = &Mutant> {
        self.mutants
            .iter()
            .filter(|(_, o)| *o == Outcome::Missed)
            .map(|(m, _)| m)
    }
}

/// Each mutant named in a run's lists, with its outcome. `--iterate`
/// lists what earlier runs caught in a file of its own and leaves those
/// mutants out of `mutants.json`.
fn read_outcomes(out: &Path) -> Result<BTreeMap<String, Outcome>, MutationRunError> {
    let mut outcomes = BTreeMap::new();
    for (file, outcome) in [
        ("previously_caught.txt", Outcome::Caught),
        ("caught.txt", Outcome::Caught),
        ("timeout.txt", Outcome::TimedOut),
        ("missed.txt", Outcome::Missed),
        ("unviable.txt", Outcome::Unviable),
    ] {
        for name in read_names(&out.join(file))? {
            outcomes.insert(name, outcome);
        }
    }
    Ok(outcomes)
}

/// The names in one of cargo-mutants' lists; a list it did not write (no
/// mutant had that outcome) is empty.
fn read_names(path: &Path) -> Result<Vec<String>, MutationRunError> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(text
            .lines()
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(source) => Err(MutationRunError::UnreadableList {
            path: path.to_path_buf(),
            source,
        }),
    }
}

/// `original` with the mutant's diff applied. Every hunk's context and
/// removed lines must be where the diff says, so a mutant from a run on
/// other sources is refused rather than applied somewhere else.
pub fn apply(mutant: &Mutant, original: &str) -> Result<String, PatchError> {
    let mut patched = Patched {
        lines: original.split_inclusive('\n').collect(),
        out: Vec::new(),
        next: 0,
        file: &mutant.file,
    };
    let mut hunk: Option<Hunk> = None;
    for line in mutant.diff.lines() {
        if line.starts_with("--- ") || line.starts_with("+++ ") {
            continue;
        }
        if let Some(rest) = line.strip_prefix("@@ -") {
            if let Some(done) = hunk.take() {
                patched.place(done)?;
            }
            hunk = Some(Hunk::starting(mutant, line, rest)?);
            continue;
        }
        if let Some(hunk) = hunk.as_mut() {
            hunk.add(line);
        }
    }
    if let Some(done) = hunk.take() {
        patched.place(done)?;
    }
    patched.finish(mutant, original)
}

/// One hunk of a mutant's diff: where it starts and its lines before and
/// after the change.
struct Hunk {
    /// Its first line in the original (0-based).
    at: usize,
    /// Its context and removed lines, without their newlines.
    old: Vec<String>,
    /// Its context and added lines, without their newlines.
    new: Vec<String>,
}

impl Hunk {
    /// The empty hunk whose header is `line`, `rest` what follows its
    /// `@@ -`.
    fn starting(mutant: &Mutant, line: &str, rest: &str) -> Result<Hunk, PatchError> {
        let first: usize = rest
            .split([',', ' '])
            .next()
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| PatchError::BadHunkHeader {
                mutant: mutant.name.clone(),
                header: line.to_string(),
            })?;
        Ok(Hunk {
            at: first.saturating_sub(1),
            old: Vec::new(),
            new: Vec::new(),
        })
    }

    /// Adds one line of the diff's body to the hunk.
    fn add(&mut self, line: &str) {
        match line.split_at_checked(1) {
            Some((" ", text)) => {
                self.old.push(text.to_string());
                self.new.push(text.to_string());
            }
            Some(("-", text)) => self.old.push(text.to_string()),
            Some(("+", text)) => self.new.push(text.to_string()),
            // An empty context line whose blank was trimmed.
            None => {
                self.old.push(String::new());
                self.new.push(String::new());
            }
            _ => {}
        }
    }
}

/// The original's lines being patched, hunk after hunk.
struct Patched<'a> {
    /// The original's lines, each with its newline.
    lines: Vec<&'a str>,
    /// The patched text so far, line by line.
    out: Vec<String>,
    /// The first original line not yet copied.
    next: usize,
    /// The mutated file, for [`PatchError::Moved`].
    file: &'a str,
}

impl Patched<'_> {
    /// Copies the original up to `hunk`'s lines, then the hunk's new ones
    /// in their place.
    fn place(&mut self, hunk: Hunk) -> Result<(), PatchError> {
        let start = self.hunk_start(&hunk)?;
        (self.out).extend(self.lines[self.next..start].iter().map(|l| l.to_string()));
        (self.out).extend(hunk.new.iter().map(|l| format!("{l}\n")));
        self.next = start + hunk.old.len();
        Ok(())
    }

    /// Where the hunk's lines are: at its line, or (the source gained or
    /// lost lines above it since the run, as `patch` allows) the nearest
    /// place after the previous hunk that holds exactly them.
    fn hunk_start(&self, hunk: &Hunk) -> Result<usize, PatchError> {
        let lines = &self.lines;
        let fits = |p: usize| {
            p + hunk.old.len() <= lines.len()
                && (hunk.old.iter().enumerate())
                    .all(|(i, want)| lines[p + i].trim_end_matches('\n') == want)
        };
        (self.next..=lines.len())
            .filter(|&p| fits(p))
            .min_by_key(|&p| p.abs_diff(hunk.at))
            .ok_or_else(|| PatchError::Moved {
                file: self.file.to_string(),
                line: hunk.at + 1,
            })
    }

    /// The patched text: the original's lines after the last hunk added,
    /// or why the diff changed nothing.
    fn finish(mut self, mutant: &Mutant, original: &str) -> Result<String, PatchError> {
        if self.out.is_empty() && self.next == 0 {
            return Err(PatchError::NoChange {
                mutant: mutant.name.clone(),
            });
        }
        (self.out).extend(self.lines[self.next..].iter().map(|l| l.to_string()));
        let mut text = self.out.concat();
        // The last line keeps the original's lack of a final newline.
        if !original.ends_with('\n') && text.ends_with('\n') {
            text.pop();
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mutant(diff: &str) -> Mutant {
        Mutant {
            name: "lib.rs:3:7: replace + with -".into(),
            file: "lib.rs".into(),
            package: "p".into(),
            diff: diff.into(),
        }
    }

    const SOURCE: &str = "fn a() {}\n\nfn f(x: u8) -> u8 {\n    x + 1\n}\n";

    #[test]
    fn a_diff_replaces_exactly_its_lines() {
        let m = mutant(
            "--- lib.rs\n+++ replace + with -\n@@ -2,4 +2,4 @@\n \n fn f(x: u8) -> u8 {\n-    x + 1\n+    x - /* ~ changed ~ */ 1\n }\n",
        );
        assert_eq!(
            apply(&m, SOURCE).unwrap(),
            "fn a() {}\n\nfn f(x: u8) -> u8 {\n    x - /* ~ changed ~ */ 1\n}\n"
        );
    }

    #[test]
    fn a_diff_follows_its_lines_when_lines_above_them_came_or_went() {
        let m = mutant(
            "--- lib.rs\n+++ replace + with -\n@@ -2,4 +2,4 @@\n \n fn f(x: u8) -> u8 {\n-    x + 1\n+    x - 1\n }\n",
        );
        let grown = format!("// a new first line\n{SOURCE}");
        assert_eq!(
            apply(&m, &grown).unwrap(),
            "// a new first line\nfn a() {}\n\nfn f(x: u8) -> u8 {\n    x - 1\n}\n"
        );
    }

    #[test]
    fn a_diff_of_other_sources_is_refused() {
        let m = mutant(
            "--- lib.rs\n+++ x\n@@ -3,2 +3,2 @@\n fn f(x: u8) -> u8 {\n-    x + 2\n+    x - 2\n",
        );
        let err = apply(&m, SOURCE).unwrap_err();
        let moved = PatchError::Moved {
            file: "lib.rs".into(),
            line: 3,
        };
        assert_eq!(err, moved);
    }

    #[test]
    fn shards_merge_and_the_tally_counts_timeouts_as_kills() {
        let dir = tempfile::tempdir().unwrap();
        let listing = r#"[{"name": "a", "file": "f", "package": "p", "diff": "", "genre": "x"},
                          {"name": "b", "file": "f", "package": "p", "diff": ""},
                          {"name": "c", "file": "f", "package": "p", "diff": ""}]"#;
        for (shard, lists) in [
            ("s0", [("missed.txt", "a\n"), ("timeout.txt", "b\n")]),
            ("s1", [("caught.txt", "a\n"), ("unviable.txt", "")]),
        ] {
            let out = dir.path().join(shard).join("mutants.out");
            std::fs::create_dir_all(&out).unwrap();
            std::fs::write(out.join("mutants.json"), listing).unwrap();
            for (file, text) in lists {
                std::fs::write(out.join(file), text).unwrap();
            }
        }
        let iterated = dir.path().join("s1/mutants.out/previously_caught.txt");
        std::fs::write(iterated, "d\n").unwrap();
        let run = MutationRun::read(&[dir.path().join("s0"), dir.path().join("s1")]).unwrap();
        let t = run.tally();
        // d: caught by an earlier run of an `--iterate` run, named only there.
        assert_eq!((t.caught, t.timed_out, t.missed, t.untested), (2, 1, 0, 1));
        assert_eq!((t.killed(), t.viable()), (3, 3));
        assert_eq!(run.survivors().count(), 0);
    }

    #[test]
    fn an_iterated_run_keeps_what_did_not_compile_apart_from_what_was_caught() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("mutants.out");
        let old = dir.path().join("mutants.out.old");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::create_dir_all(&old).unwrap();
        std::fs::write(old.join("mutants.json"), "[]").unwrap();
        std::fs::write(old.join("caught.txt"), "a\n").unwrap();
        std::fs::write(old.join("unviable.txt"), "u\n").unwrap();
        std::fs::write(old.join("missed.txt"), "m\nn\n").unwrap();
        let listing = r#"[{"name": "m", "file": "f", "package": "p", "diff": ""},
                          {"name": "n", "file": "f", "package": "p", "diff": ""}]"#;
        std::fs::write(out.join("mutants.json"), listing).unwrap();
        std::fs::write(out.join("previously_caught.txt"), "a\nu\n").unwrap();
        std::fs::write(out.join("caught.txt"), "m\n").unwrap();
        std::fs::write(out.join("missed.txt"), "n\n").unwrap();
        let t = MutationRun::read(&[dir.path().to_path_buf()])
            .unwrap()
            .tally();
        assert_eq!((t.caught, t.missed, t.unviable), (2, 1, 1));
    }
}
