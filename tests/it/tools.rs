//! Programs the tests run, looked up through the one dependency list,
//! `.ci/deps.txt`.
//!
//! A test that needs a program asks [`tool`] for it. Outside CI a missing
//! program skips the test with a line naming the program, its package and
//! `make deps`, so `make test` passes on a bare machine and says what it
//! did not test; with `CI` set a missing program fails the test, so a
//! forgotten install step turns CI red instead of quietly testing less. A
//! program that is not on the list is a failure everywhere: the list is
//! what `.ci/run` installs, and a program missing from it is exactly the
//! bug that only shows on a new machine. [`every_program_the_sources_run_is_listed`]
//! reads the sources to catch lookups that no test run reaches.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::common::root;

/// One line of `.ci/deps.txt`.
#[derive(Debug)]
pub(crate) struct Dep {
    pub program: String,
    /// `base`, `rust`, `apt` or `pip`.
    pub source: String,
    /// Debian packages (or one pip requirement) that give the program.
    pub packages: Vec<String>,
}

fn list_path() -> PathBuf {
    root().join(".ci/deps.txt")
}

/// Every entry of `.ci/deps.txt`, read once.
pub(crate) fn deps() -> &'static [Dep] {
    static DEPS: OnceLock<Vec<Dep>> = OnceLock::new();
    DEPS.get_or_init(|| {
        let text = std::fs::read_to_string(list_path()).expect(".ci/deps.txt is readable");
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .map(|(n, line)| {
                let mut words = line.split_whitespace();
                let mut field = |what: &str| {
                    words
                        .next()
                        .unwrap_or_else(|| panic!(".ci/deps.txt:{}: no {what} column", n + 1))
                        .to_string()
                };
                let (program, source, package) =
                    (field("program"), field("source"), field("package"));
                assert!(
                    ["base", "rust", "apt", "pip", "extra"].contains(&source.as_str()),
                    ".ci/deps.txt:{}: unknown source {source:?}",
                    n + 1
                );
                Dep {
                    program,
                    source,
                    packages: package.split(',').map(str::to_string).collect(),
                }
            })
            .collect()
    })
}

/// The entry for `program`; fails when the list does not have it.
pub(crate) fn dep(program: &str) -> &'static Dep {
    deps()
        .iter()
        .find(|d| d.program == program)
        .unwrap_or_else(|| {
            panic!(
                "the tests run `{program}`, which .ci/deps.txt does not list: add it \
                 (with its package) so that `make deps` and CI install it"
            )
        })
}

/// Whether this is a CI run, by the rule judge itself uses.
pub(crate) fn in_ci() -> bool {
    judge::engine::execute::runner::in_ci()
}

fn lookup(program: &str) -> Option<PathBuf> {
    judge::engine::toolchain::which(program)
}

/// Says that `test` did not run because of `why`, or fails under CI.
/// Written to the real stderr, past the test harness's capture, so the
/// line shows in `make test` although the test passes.
pub(crate) fn skip(test: &str, why: &str) {
    use std::io::Write;
    assert!(
        !in_ci(),
        "{test}: {why}; CI must not skip (run `make deps`)"
    );
    let _ = writeln!(std::io::stderr().lock(), "SKIPPED {test}: {why}");
}

/// The path of `program` for `test`, or `None` after printing that the
/// test is skipped and what to install (a failure under CI).
pub(crate) fn tool(program: &str, test: &str) -> Option<PathBuf> {
    let dep = dep(program);
    if let Some(path) = lookup(program) {
        return Some(path);
    }
    if dep.source == "extra" {
        // Never installed by CI: skipped there too, and said so.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr().lock(),
            "SKIPPED {test}: `{program}` is not installed (Debian: {}; an extra that CI does not install)",
            dep.packages.join(" ")
        );
        return None;
    }
    skip(test, &missing(dep));
    None
}

/// Every program of `programs`, or `None` after naming all the missing
/// ones at once (a failure under CI).
#[allow(dead_code)] // the peers suite's (tests/peers) and any later test's
pub(crate) fn tools(programs: &[&str], test: &str) -> Option<Vec<PathBuf>> {
    let found: Vec<Option<PathBuf>> = programs
        .iter()
        .map(|p| {
            dep(p);
            lookup(p)
        })
        .collect();
    let absent: Vec<String> = programs
        .iter()
        .zip(&found)
        .filter(|(_, f)| f.is_none())
        .map(|(p, _)| missing(dep(p)))
        .collect();
    if absent.is_empty() {
        return Some(found.into_iter().flatten().collect());
    }
    skip(test, &absent.join("; "));
    None
}

/// The pinned requirement of a `pip` entry, e.g. `problemtools==1.2`.
#[allow(dead_code)] // the peers suite's (tests/peers)
pub(crate) fn pip_requirement(program: &str) -> &'static str {
    let dep = dep(program);
    assert_eq!(dep.source, "pip", "{program} is not a pip entry");
    &dep.packages[0]
}

fn missing(dep: &Dep) -> String {
    match dep.source.as_str() {
        "apt" => format!(
            "`{}` is not installed (Debian: {}; `make deps` installs it)",
            dep.program,
            dep.packages.join(" ")
        ),
        _ => format!("`{}` is not installed ({})", dep.program, dep.packages[0]),
    }
}

/// Call forms whose first string argument names a program to run.
const LOOKUPS: [&str; 6] = [
    "Command::new(\"",
    "which(\"",
    "tool(\"",
    "tool(runner, \"",
    "output_of(&[\"",
    "tools(&[",
];

/// Literals in those positions that are not programs.
const NOT_PROGRAMS: [&str; 1] = [
    // toolchain.rs tests that a lookup of a missing tool fails.
    "no-such-tool-anywhere-xyz",
];

/// The program names `source` passes to a lookup.
fn looked_up(source: &str) -> Vec<String> {
    let mut names = Vec::new();
    for form in LOOKUPS {
        for (at, _) in source.match_indices(form) {
            let rest = &source[at + form.len()..];
            if form.ends_with('[') {
                let list = &rest[..rest.find(']').unwrap_or(0)];
                names.extend(list.split('"').skip(1).step_by(2).map(str::to_string));
            } else if let Some(end) = rest.find('"') {
                names.push(rest[..end].to_string());
            }
        }
    }
    // `judge … --cmd "python3 sol.py"` runs the command's first word.
    for (at, _) in source.match_indices("\"--cmd\",") {
        let rest = source[at + 8..].trim_start();
        if let Some(literal) = rest.strip_prefix('"') {
            let command = &literal[..literal.find('"').unwrap_or(0)];
            names.extend(command.split_whitespace().next().map(str::to_string));
        }
    }
    names.retain(|n| !n.is_empty() && !NOT_PROGRAMS.contains(&n.as_str()));
    names
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_program_the_sources_run_is_listed() {
    let mut files = Vec::new();
    for dir in ["src", "crates", "tests", "benches"] {
        rust_files(&root().join(dir), &mut files);
    }
    files.sort();
    // This file's own examples are not lookups.
    files.retain(|f| !f.ends_with("tests/it/tools.rs"));
    let listed: Vec<&str> = deps().iter().map(|d| d.program.as_str()).collect();
    let mut unlisted = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for name in looked_up(&text) {
            if !listed.contains(&name.as_str()) {
                let rel = file.strip_prefix(root()).unwrap_or(file).display();
                unlisted.push(format!("{rel}: `{name}`"));
            }
            seen.insert(name);
        }
    }
    assert!(
        unlisted.is_empty(),
        "programs the sources run that .ci/deps.txt does not list:\n{}",
        unlisted.join("\n")
    );
    // The scan itself finds what it must: these are run in several places.
    for known in ["gcc", "g++", "python3", "bwrap", "xmllint"] {
        assert!(seen.contains(known), "the scan no longer finds `{known}`");
    }
}

#[test]
fn the_scan_reads_every_lookup_form() {
    let source = r#"
        Command::new("a1"); which("a2"); tool("a3", t); tool(runner, "a4")?;
        output_of(&["a5", x]); tools(&["a6", "a7"], t); which("no-such-tool-anywhere-xyz");
        Command::new(path); let s = "not a lookup";
        judge(&["grade", "p", "--cmd",
                "a8 --flag"]);
    "#;
    assert_eq!(
        looked_up(source),
        ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]
    );
}

#[test]
fn a_program_missing_from_the_list_fails_its_test() {
    let outcome = std::panic::catch_unwind(|| tool("surely-not-on-the-list", "t"));
    let message = outcome.unwrap_err();
    let text = message
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        text,
        "the tests run `surely-not-on-the-list`, which .ci/deps.txt does not list: add it \
         (with its package) so that `make deps` and CI install it"
    );
}

#[test]
fn every_entry_can_be_installed_or_is_always_there() {
    for dep in deps() {
        if dep.source == "base" || dep.source == "rust" {
            assert!(
                lookup(&dep.program).is_some(),
                "{} ({}) is missing: it should be on every machine",
                dep.program,
                dep.source
            );
        }
        if dep.source == "pip" {
            let pin = dep.packages[0].split_once("==");
            assert!(
                pin.is_some_and(|(name, version)| !name.is_empty() && !version.is_empty()),
                "{} is not pinned",
                dep.program
            );
        }
    }
}
