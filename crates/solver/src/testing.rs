//! Each problem's committed cases as a test of its solver: every expected
//! output must be what the solver prints for the input.
//!
//! `judge check` proves the same for the solver as it is. Each solver
//! crate calls [`outputs_match`] from one test, `committed_cases`, which
//! `make mutants` runs (and only it) against mutated copies of that
//! crate's code: a mutant is killed exactly when some case's expected
//! output differs from what the mutant prints, so the share of mutants
//! killed measures the strength of the test set, not of the unit tests
//! (which would kill many more).

use std::path::{Path, PathBuf};

use crate::Solver;

#[path = "testing_xml.rs"]
mod xml;
pub use xml::{marks, well_formed};

/// The repository that holds the solver crate at `manifest_dir`
/// (`crates/<name>`).
pub fn repo_root(manifest_dir: &str) -> PathBuf {
    Path::new(manifest_dir).join("../..")
}

/// Every `(x.in, x.out)` pair of `problems/<problem>/cases` in the
/// repository at `root`, sorted; panics when an `.in` has no `.out`, since
/// tests confirm committed data.
pub fn case_pairs(root: &Path, problem: &str) -> Vec<(PathBuf, PathBuf)> {
    let mut inputs = Vec::new();
    collect_inputs(
        &root.join("problems").join(problem).join("cases"),
        &mut inputs,
    );
    inputs.sort();
    inputs
        .into_iter()
        .map(|input| {
            let answer = input.with_extension("out");
            assert!(answer.is_file(), "{} has no .out", input.display());
            (input, answer)
        })
        .collect()
}

/// Every case of `problems/<problem>/cases` in the repository at `root`,
/// sorted by path: its input's path, input and expected output.
pub fn committed_cases(root: &Path, problem: &str) -> Vec<(PathBuf, String, String)> {
    case_pairs(root, problem)
        .into_iter()
        .map(|(p, _)| {
            let read = |p: &Path| {
                std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
            };
            let (input, expected) = (read(&p), read(&p.with_extension("out")));
            (p, input, expected)
        })
        .collect()
}

fn collect_inputs(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a readable cases folder").path();
        if path.is_dir() {
            collect_inputs(&path, out);
        } else if path.extension().is_some_and(|e| e == "in") {
            out.push(path);
        }
    }
}

/// Solves every committed case of the problem named like `solver` and
/// fails on the first output that differs from the committed one.
pub fn outputs_match(solver: &dyn Solver, manifest_dir: &str) {
    let cases = committed_cases(&repo_root(manifest_dir), solver.id());
    assert!(!cases.is_empty(), "no cases for {}", solver.id());
    for (path, input, expected) in cases {
        let got = solver.solve(&input);
        assert_eq!(
            got.as_deref().ok(),
            Some(expected.as_str()),
            "{}",
            path.display()
        );
    }
}

/// One small corruption of a valid input, the kind a person writing an
/// invalid case makes on purpose (or a tool by accident): a stray space,
/// a CRLF, a blank line, a number out of place, a missing or extra line,
/// a changed character.
pub fn corrupt(input: &str, rng: &mut judge_text::rng::Rng) -> String {
    let mut out: Vec<String> = input.split_inclusive('\n').map(str::to_string).collect();
    if out.is_empty() {
        out.push(String::new());
    }
    let at = rng.below(out.len() as u64) as usize;
    let l = &mut out[at];
    match rng.below(12) {
        0 => l.insert(0, ' '),
        1 => {
            let end = l.trim_end_matches('\n').len();
            l.insert(end, ' ');
        }
        2 => {
            if let Some(i) = l.find(' ') {
                l.insert(i, ' ');
            }
        }
        3 => *l = l.replace('\n', "\r\n"),
        4 => out.insert(at, "\n".into()),
        5 => {
            out.remove(at);
        }
        6 => out.push((*rng.pick(&["0\n", "x\n", "1 2\n", "\n"])).to_string()),
        7 => {
            if let Some(last) = out.last_mut() {
                last.pop();
            }
        }
        8 => *l = l.replacen(' ', "\t", 1),
        _ => {
            // A token replaced by a number far out of range, a sign, a
            // leading zero, a letter, or with its first character gone.
            let mut start = 0;
            let mut tokens = Vec::new();
            for t in l.split(' ') {
                tokens.push((start, t.trim_end_matches('\n').len()));
                start += t.len() + 1;
            }
            let (start, len) = *rng.pick(&tokens);
            let token = l[start..start + len].to_string();
            let with = match rng.below(6) {
                0 => "1000000000000".to_string(),
                1 => format!("-{token}"),
                2 => format!("+{token}"),
                3 => format!("0{token}"),
                4 => "q".to_string(),
                _ => token.chars().skip(1).collect(),
            };
            l.replace_range(start..start + len, &with);
        }
    }
    out.concat()
}

/// Proves that every rejection of `solver`'s strict validator names a
/// rule the solver lists ([`Solver::rules`]): corrupts each committed
/// case and generated inputs `rounds` times, and fails on a rejection
/// with no rule, the generic `range` (a bound left unnamed) or one not
/// listed. Returns the rules seen, so a caller can ask for more.
pub fn rules_are_named(
    solver: &dyn Solver,
    manifest_dir: &str,
    rounds: usize,
) -> std::collections::BTreeSet<String> {
    let listed = solver.rules();
    let mut inputs: Vec<String> = committed_cases(&repo_root(manifest_dir), solver.id())
        .into_iter()
        .map(|(_, input, _)| input)
        .collect();
    let mut rng = judge_text::rng::Rng::new(0x5eed);
    for size in 1..=3 {
        inputs.push(solver.generate(&mut rng, size));
    }
    let mut seen = std::collections::BTreeSet::new();
    for input in &inputs {
        for _ in 0..rounds {
            let bad = corrupt(input, &mut rng);
            let Err(e) = solver.validate(&bad) else {
                continue;
            };
            let rule = e.rule.clone().unwrap_or_default();
            assert!(
                listed.contains(&rule),
                "{}: the rejection {e} names {:?}, which is not among its rules {listed:?}\n{bad}",
                solver.id(),
                e.rule
            );
            seen.insert(rule);
        }
    }
    seen
}

/// The proofs every problem's pictures share, on its committed cases (at
/// most `limit` of them): the input and the expected output draw, as
/// well-formed SVG marking nothing; an output compared with itself marks
/// nothing on either side; and `rounds` damaged copies of each output
/// (and of the input) draw without a panic, well-formed where drawn.
pub fn pictures_hold(solver: &dyn Solver, manifest_dir: &str, limit: usize, rounds: usize) {
    let cases = committed_cases(&repo_root(manifest_dir), solver.id());
    let mut rng = judge_text::rng::Rng::new(0x9e7);
    for (path, input, expected) in cases.iter().take(limit) {
        let at = path.display();
        for output in [None, Some(expected.as_str())] {
            let svg = solver.picture(input, output);
            let svg = svg.unwrap_or_else(|| panic!("{at}: no picture"));
            well_formed(&svg).unwrap_or_else(|e| panic!("{at}: {e}\n{svg}"));
            assert_eq!(marks(&svg), 0, "{at}: a lone picture marks nothing");
        }
        let same = solver.picture_compared(input, expected, expected);
        let same = same.unwrap_or_else(|| panic!("{at}: no comparison"));
        assert_eq!(marks(&same.expected) + marks(&same.received), 0, "{at}");
        for _ in 0..rounds {
            let damaged = corrupt(expected, &mut rng);
            if let Some(pair) = solver.picture_compared(input, expected, &damaged) {
                well_formed(&pair.expected).unwrap_or_else(|e| panic!("{at}: {e}"));
                well_formed(&pair.received).unwrap_or_else(|e| panic!("{at}: {e}\n{damaged}"));
            }
            let bad_input = corrupt(input, &mut rng);
            if let Some(svg) = solver.picture(&bad_input, Some(&damaged)) {
                well_formed(&svg).unwrap_or_else(|e| panic!("{at}: {e}"));
            }
        }
    }
}
