//! Parsers no input can crash (issue 17).
//!
//! Every reader of a file people write gets random bytes, text-like
//! garbage and mutations of committed files (bytes flipped, set, deleted
//! or inserted, a line doubled, the file cut short): the five reference
//! solvers (the forgiving `solve` and the strict `validate`), case files
//! read as text, `problem.yaml`, `group.yaml`, `submissions.yaml`,
//! `judge-config.yaml`, reports as `judge diff` and `judge merge` read them,
//! and packages (folders and zips) as `judge import` reads them. None may
//! panic, and every rejection must name its place the way judge does
//! everywhere, `file:line:col: message`, with a line and column that lie
//! inside the file: an error without a place, or with one made up, fails.
//!
//! The number of cases is kept small (the whole file takes a few seconds of
//! `make test`) and the seed fixed; `PROPTEST_CASES=5000` searches harder,
//! `PROPTEST_RNG_SEED=n` elsewhere.

mod cli;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};

use crate::common::root;
use judge::engine::execute::reference::read_input;
use judge::execution::End;
use judge::solvers::{self, Solver};

/// Cases per property for in-process parsers; [`cli`]'s, which start a
/// process each, run fewer.
const CASES: u32 = 64;

/// One change to a file's bytes. Positions are taken modulo the length, so
/// every edit applies to every file.
#[derive(Debug, Clone)]
enum Edit {
    Flip(usize, u8),
    Set(usize, u8),
    Delete(usize, usize),
    Insert(usize, Vec<u8>),
    Cut(usize),
    DoubleLine(usize),
}

/// What hand-edited files and broken tools get wrong: numbers out of range,
/// stray blanks and line ends of every kind, bytes that are not UTF-8,
/// YAML syntax that means something else, and the problems' own words.
const SNIPPETS: &[&str] = &[
    "0",
    "-1",
    "-0",
    "007",
    "99999999999999999999",
    "1e309",
    ".inf",
    "-.inf",
    ".nan",
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "\n\n",
    "\u{2028}",
    "\u{0}",
    "é",
    "#",
    ": ",
    "- ",
    "[",
    "]",
    "{",
    "}",
    "&a ",
    "*a",
    "!!str ",
    "!!binary ",
    "|\n",
    ">-\n",
    "\"",
    "'",
    "~",
    "---\n",
    "...\n",
    "%YAML 1.2\n",
    "<<: *a\n",
    "? ",
    "Game #1: ",
    "*",
    ".",
];

fn edit() -> impl Strategy<Value = Edit> {
    let insert = prop_oneof![
        select(SNIPPETS).prop_map(|s| s.as_bytes().to_vec()),
        vec(any::<u8>(), 1..6),
    ];
    prop_oneof![
        (any::<usize>(), 0..8u8).prop_map(|(at, bit)| Edit::Flip(at, 1 << bit)),
        (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Edit::Set(at, b)),
        (any::<usize>(), 1..12usize).prop_map(|(at, n)| Edit::Delete(at, n)),
        (any::<usize>(), insert).prop_map(|(at, s)| Edit::Insert(at, s)),
        any::<usize>().prop_map(Edit::Cut),
        any::<usize>().prop_map(Edit::DoubleLine),
    ]
}

fn apply(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let at = |i: usize| i % (bytes.len() + 1);
        match e {
            Edit::Flip(i, bit) if !bytes.is_empty() => {
                let i = i % bytes.len();
                bytes[i] ^= bit;
            }
            Edit::Set(i, b) if !bytes.is_empty() => {
                let i = i % bytes.len();
                bytes[i] = *b;
            }
            Edit::Delete(i, n) => {
                let i = at(*i);
                bytes.drain(i..(i + n).min(bytes.len()));
            }
            Edit::Insert(i, s) => {
                let i = at(*i);
                bytes.splice(i..i, s.iter().copied());
            }
            Edit::Cut(i) => bytes.truncate(at(*i)),
            Edit::DoubleLine(i) => {
                let starts: Vec<usize> = std::iter::once(0)
                    .chain(
                        (0..bytes.len())
                            .filter(|&k| bytes[k] == b'\n')
                            .map(|k| k + 1),
                    )
                    .filter(|&k| k < bytes.len())
                    .collect();
                if let Some(&start) = starts.get(i % starts.len().max(1)) {
                    let end = bytes[start..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(bytes.len(), |k| start + k + 1);
                    let line = bytes[start..end].to_vec();
                    bytes.splice(start..start, line);
                }
            }
            _ => {}
        }
    }
    bytes
}

/// A file's bytes; a failing case shows them as (escaped) text.
#[derive(Clone)]
struct Bytes(Vec<u8>);

impl std::fmt::Debug for Bytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = String::from_utf8_lossy(&self.0);
        let shown: String = text.chars().take(3000).collect();
        write!(f, "{} bytes {shown:?}", self.0.len())
    }
}

/// Random bytes, garbage made of the snippets, and (most often) a
/// committed file with a few edits.
fn inputs(files: Vec<Vec<u8>>) -> BoxedStrategy<Bytes> {
    indexed_inputs(files).prop_map(|(_, bytes)| bytes).boxed()
}

/// [`inputs`], with the index of the file they stand for (the one
/// mutated, or a random one for garbage).
fn indexed_inputs(files: Vec<Vec<u8>>) -> BoxedStrategy<(usize, Bytes)> {
    assert!(!files.is_empty(), "no committed files to mutate");
    let files = Arc::new(files);
    let garbage = prop_oneof![
        vec(any::<u8>(), 0..300),
        vec(select(SNIPPETS), 0..60).prop_map(|parts| parts.concat().into_bytes()),
    ];
    prop_oneof![
        1 => (0..files.len(), garbage.prop_map(Bytes)),
        2 => (0..files.len(), vec(edit(), 1..5))
            .prop_map(move |(i, edits)| (i, Bytes(apply(files[i].clone(), &edits)))),
    ]
    .boxed()
}

/// The committed files below `dir` (any depth) whose names satisfy `keep`.
fn committed(dir: &Path, keep: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut todo = vec![root().join(dir)];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                todo.push(path);
            } else if keep(&path) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn contents(paths: &[PathBuf]) -> Vec<Vec<u8>> {
    paths.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

fn named(name: &'static str) -> impl Fn(&Path) -> bool {
    move |p: &Path| p.file_name().is_some_and(|n| n == name)
}

/// The `line:col` right after `file:` in `message` (right at its start
/// when `file` is empty).
fn place(message: &str, file: &str) -> Option<(usize, usize)> {
    let rest = match file {
        "" => message,
        _ => message.split_once(&format!("{file}:"))?.1,
    };
    let mut parts = rest.splitn(3, ':');
    let line = parts.next()?.parse().ok()?;
    let col = parts.next()?.parse().ok()?;
    parts.next()?.starts_with(' ').then_some((line, col))
}

/// Fails unless `message` names a place in `bytes` right after `file:`:
/// a line of the file (counting an empty one after a final newline) and a
/// column at most one past that line's last character.
fn placed(message: &str, file: &str, bytes: &[u8]) -> Result<(), TestCaseError> {
    let Some((line, col)) = place(message, file) else {
        return Err(TestCaseError::fail(format!(
            "no {file}:line:col in {message:?}"
        )));
    };
    PLACED.set(PLACED.get() + 1);
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.split('\n').collect();
    let width = lines.get(line.wrapping_sub(1)).map(|l| l.chars().count());
    prop_assert!(
        line >= 1 && col >= 1 && width.is_some_and(|w| col <= w + 1),
        "{message:?} is not inside the file ({} lines, line {line} has {width:?} characters)",
        lines.len()
    );
    Ok(())
}

/// Runs `property` on `cases` inputs from `strategy`. The seed is fixed,
/// so `make test` tries the same inputs on every machine and a failure
/// comes back on the next run; `PROPTEST_RNG_SEED` and `PROPTEST_CASES`
/// search elsewhere and harder.
fn check<T: std::fmt::Debug>(
    cases: u32,
    strategy: impl Strategy<Value = T>,
    property: impl Fn(T) -> Result<(), TestCaseError>,
) {
    // The default reads both variables from the environment.
    let env = Config::default();
    let config = Config {
        cases: match std::env::var_os("PROPTEST_CASES") {
            Some(_) => env.cases.max(cases),
            None => cases,
        },
        rng_seed: match env.rng_seed {
            RngSeed::Random => RngSeed::Fixed(17),
            chosen => chosen,
        },
        failure_persistence: None,
        ..env
    };
    PLACED.set(0);
    let mut runner = TestRunner::new(config);
    if let Err(e) = runner.run(&strategy, property) {
        panic!("{e}");
    }
}

thread_local! {
    /// How many rejections [`placed`] checked on this thread.
    static PLACED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// [`check`], for a property about rejections: it must have met some, or
/// it tested nothing.
fn check_rejections<T: std::fmt::Debug>(
    cases: u32,
    strategy: impl Strategy<Value = T>,
    property: impl Fn(T) -> Result<(), TestCaseError>,
) {
    check(cases, strategy, property);
    assert!(
        PLACED.get() > 0,
        "no input was rejected: the property tested nothing"
    );
}

// ---- the reference solvers -------------------------------------------

/// A problem's committed inputs: its cases and its invalid inputs.
fn problem_inputs(problem: &str, most_bytes: u64) -> Vec<Vec<u8>> {
    let dir = PathBuf::from("problems").join(problem);
    let small = |p: &Path| {
        p.extension().is_some_and(|e| e == "in")
            && p.metadata().is_ok_and(|m| m.len() <= most_bytes)
    };
    let mut files = committed(&dir.join("cases"), &small);
    files.extend(committed(&dir.join("invalid"), &small));
    contents(&files)
}

/// `solve` and `validate` on `text`: no panic, and a located error.
fn solver_holds(solver: &dyn Solver, text: &str) -> Result<(), TestCaseError> {
    let errors = [solver.solve(text).err(), solver.validate(text).err()];
    for e in errors.into_iter().flatten() {
        placed(&e.to_string(), "", text.as_bytes())?;
    }
    Ok(())
}

/// Text inputs go to the solver; bytes that are not UTF-8 must be refused
/// at their place by the reader that turns case files into text.
fn solver_property(id: &str) {
    let solver = solvers::find(id).expect("a registered solver");
    // Small files: a mutated large puzzle may be a hard one, and the
    // point is the parser, not the search.
    let files = problem_inputs(id, 2048);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("case.in");
    check_rejections(
        CASES,
        inputs(files),
        |Bytes(bytes)| match String::from_utf8(bytes) {
            Ok(text) => solver_holds(solver, &text),
            Err(e) => {
                let bytes = e.into_bytes();
                std::fs::write(&file, &bytes).unwrap();
                match read_input(&file) {
                    Err(End::InputRejected(e)) => placed(&e.to_string(), "", &bytes),
                    other => Err(TestCaseError::fail(format!(
                        "not refused as text: {other:?}"
                    ))),
                }
            }
        },
    );
}

/// Every problem of `problems/` with an in-crate solver (the list is read
/// from the folder, so a new problem is covered without editing this).
#[test]
fn solver_inputs_never_crash_and_errors_are_placed() {
    for (id, _) in crate::common::solver_problems() {
        solver_property(&id);
    }
}

/// The strict validators read whole files of any size in one pass, so
/// they also get every committed case, large ones included.
#[test]
fn validators_take_every_committed_case_mutated() {
    for id in solvers::ids() {
        let solver = solvers::find(id).unwrap();
        check_rejections(
            CASES / 4,
            inputs(problem_inputs(id, u64::MAX)),
            |Bytes(bytes)| {
                let Ok(text) = String::from_utf8(bytes) else {
                    return Ok(());
                };
                if let Err(e) = solver.validate(&text) {
                    placed(&e.to_string(), "", text.as_bytes())?;
                }
                Ok(())
            },
        );
    }
}

// ---- problem folders and judge's own settings ------------------------

/// A problem folder in `dir` with `problem.yaml` (and no cases).
fn problem_folder(dir: &Path, yaml: &[u8]) {
    std::fs::create_dir_all(dir.join("cases")).unwrap();
    std::fs::write(dir.join("problem.yaml"), yaml).unwrap();
}

const PLAIN_PROBLEM: &[u8] = b"name: P\nsolver: four-in-a-row\n";

#[test]
fn problem_yaml_never_crashes_and_errors_are_placed() {
    let files = contents(&committed(Path::new("problems"), &named("problem.yaml")))
        .into_iter()
        .chain(contents(&committed(
            Path::new("testdata"),
            &named("problem.yaml"),
        )))
        .collect();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("p");
    let spec = dir.join("problem.yaml");
    check_rejections(CASES, inputs(files), |Bytes(bytes)| {
        problem_folder(&dir, &bytes);
        if let Err(e) = load_p(&dir) {
            placed(&e.to_string(), &spec.display().to_string(), &bytes)?;
        }
        Ok(())
    });
}

#[test]
fn group_yaml_never_crashes_and_errors_are_placed() {
    let files = contents(&committed(Path::new("testdata"), &named("group.yaml")));
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("p");
    problem_folder(&dir, PLAIN_PROBLEM);
    let group = dir.join("cases/secret/group.yaml");
    std::fs::create_dir_all(group.parent().unwrap()).unwrap();
    check_rejections(CASES, inputs(files), |Bytes(bytes)| {
        std::fs::write(&group, &bytes).unwrap();
        if let Err(e) = load_p(&dir) {
            placed(&e.to_string(), &group.display().to_string(), &bytes)?;
        }
        Ok(())
    });
}

#[test]
fn submissions_yaml_never_crashes_and_errors_are_placed() {
    let files = contents(&committed(
        Path::new("testdata"),
        &named("submissions.yaml"),
    ));
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("p");
    problem_folder(&dir, PLAIN_PROBLEM);
    let rules = dir.join("submissions/submissions.yaml");
    std::fs::create_dir_all(rules.parent().unwrap()).unwrap();
    let problem = load_p(&dir).unwrap();
    check_rejections(CASES, inputs(files), |Bytes(bytes)| {
        std::fs::write(&rules, &bytes).unwrap();
        for e in judge::problem::submissions::find(&problem).errors {
            placed(&e, &rules.display().to_string(), &bytes)?;
        }
        Ok(())
    });
}

#[test]
fn judge_config_never_crashes_and_errors_are_placed() {
    let mut files = contents(&[root().join("judge-config.yaml")]);
    files.push(
        b"sandbox:\n  allow: [/opt/x]\ntools:\n  python3: python3\n  g++: /usr/bin/g++\n".to_vec(),
    );
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("judge-config.yaml");
    check_rejections(CASES, inputs(files), |Bytes(bytes)| {
        std::fs::write(&path, &bytes).unwrap();
        if let Err(e) = judge::config::Config::load(Some(&path)) {
            placed(&e.to_string(), &path.display().to_string(), &bytes)?;
        }
        Ok(())
    });
}

/// The places themselves, on faults a reader can check by eye.
#[test]
fn faults_are_placed_where_a_person_sees_them() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("p");
    let spec = dir.join("problem.yaml").display().to_string();
    let cases: &[(&[u8], &str)] = &[
        (
            b"name: P\nsolver: atoms\nreference: r.c\n",
            ":3:1: give `solver`",
        ),
        (
            b"name: P\nsolver: atoms\ngenerator: ../g.py\n",
            ":3:1: generator",
        ),
        (
            b"name: P\nsolver: atoms\ngenerator: g.py\n",
            ":3:1: generator: g.py does not exist",
        ),
        (
            b"name: P\nsolver: atoms\nchecker:\n  builtin: divisor\n  interface: testlib\n",
            ":3:1: checker",
        ),
        (
            b"name: \xc3\xa9\xff\nsolver: atoms\n",
            ":1:8: the file is not valid UTF-8",
        ),
        (b"name: P\nsolver: atoms\n---\nname: Q\n", ":3:1: "),
        // A lone CR ends no line: the type error is placed on line 1.
        (b"name: P\rsolver: [atoms\n", ":1:17: solver: invalid type"),
        (b"name: P\nsolver: atoms\nlimits:\n  time: \x01\n", ":4:9: "),
    ];
    for (yaml, want) in cases {
        problem_folder(&dir, yaml);
        let e = load_p(&dir).unwrap_err().to_string();
        assert!(e.starts_with(&format!("{spec}{want}")), "{want:?} in {e}");
    }
}

/// Found by the solver properties with `PROPTEST_CASES=3000`:
/// `engine::execute::reference::read_input` counts the column of a bad byte in
/// bytes, where every other column of judge counts characters (and
/// `judge::located::text` does).
#[test]
fn case_files_that_are_not_utf8_are_placed_in_characters() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("case.in");
    std::fs::write(&file, b"1\n\xc2\x80\xc2\x80\xff\n").unwrap();
    match read_input(&file) {
        Err(End::InputRejected(e)) => assert_eq!((e.line, e.col), (2, 3), "{e}"),
        other => panic!("not refused as text: {other:?}"),
    }
}

/// `problem.yaml` in `dir` read as problem `p`, with the solvers
/// registered first (ids resolve against the registry).
fn load_p(dir: &std::path::Path) -> Result<judge::problem::Problem, judge::problem::ProblemError> {
    judge::solvers::install();
    judge::problem::load_problem("p", dir)
}
