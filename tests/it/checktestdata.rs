//! checktestdata (`.ctd`) input validators, run by judge itself.
//!
//! The proof the language is read right: a `.ctd` program of the So Doku
//! Checker's input rules (testdata/checktestdata/sudoku-checker.ctd) and
//! the problem's in-crate strict validator, written independently, must
//! agree on every committed case and every invalid input, and the `.ctd`
//! program's complaints must point at the failing byte. Then the hook: a
//! package whose input validators are `.ctd` files (one file, one in a
//! folder) is validated with nothing installed, and a broken program is
//! named at its line and column.

use std::path::{Path, PathBuf};

use judge_checktestdata::{Failure, Pos, Program};

use crate::cli::located;
use crate::common::{judge_in, read_report, root};

fn sudoku_program() -> Program {
    let path = root().join("testdata/checktestdata/sudoku-checker.ctd");
    let source = std::fs::read(&path).unwrap();
    Program::parse("sudoku-checker.ctd", &source).unwrap_or_else(|e| panic!("{e}"))
}

/// Every `.in` below `dir`, sorted.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    found.sort();
    found
}

#[test]
fn the_ctd_program_and_the_strict_validator_agree_on_every_case() {
    let (_, solver) = crate::common::solver_problems()
        .into_iter()
        .find(|(id, _)| id == "sudoku-checker")
        .expect("problems/sudoku-checker has a solver");
    let program = sudoku_program();
    let problem = root().join("problems/sudoku-checker");
    let valid = inputs(&problem.join("cases"));
    let invalid = inputs(&problem.join("invalid"));
    assert!(
        valid.len() >= 50 && invalid.len() >= 20,
        "{} {}",
        valid.len(),
        invalid.len()
    );
    let mut disagree = Vec::new();
    for (path, must_accept) in valid
        .iter()
        .map(|p| (p, true))
        .chain(invalid.iter().map(|p| (p, false)))
    {
        let bytes = std::fs::read(path).unwrap();
        let strict = std::str::from_utf8(&bytes).is_ok_and(|text| solver.validate(text).is_ok());
        let ctd = program.check(&bytes);
        if let Err(Failure::Program(e)) = &ctd {
            panic!("{}: the program failed: {e}", path.display());
        }
        if strict != must_accept || ctd.is_ok() != must_accept {
            disagree.push(format!(
                "{}: must {}; strict validator {strict}, ctd {ctd:?}",
                path.display(),
                if must_accept { "pass" } else { "fail" }
            ));
        }
    }
    assert!(disagree.is_empty(), "{}", disagree.join("\n"));
}

#[test]
fn the_ctd_program_points_at_the_failing_byte() {
    let program = sudoku_program();
    let row = "1 2 3 4 5 6 7 8 9\n";
    let grid = row.repeat(9);
    // (input, line, column, byte offset, what the message says)
    let cases = [
        (
            row.repeat(3) + "1 2 a 4 5 6 7 8 9\n" + &row.repeat(5),
            4,
            5,
            58,
            "expected an integer, found 'a'",
        ),
        (
            row.repeat(5) + "1 2 3 4 10 6 7 8 9\n" + &row.repeat(3),
            6,
            9,
            98,
            "integer 10 out of range [0, 9]",
        ),
        (
            row.repeat(2) + "1 2 3  4 5 6 7 8 9\n",
            3,
            7,
            42,
            "expected an integer, found a space",
        ),
        (
            row.repeat(8) + "1 2 3 4 5 6 7 8 9 \n",
            9,
            18,
            161,
            "expected a newline, found a space",
        ),
        (
            format!("{grid}\n\n{grid}"),
            11,
            1,
            163,
            "expected an integer, found a newline",
        ),
        (
            format!("{grid}\n"),
            11,
            1,
            163,
            "expected an integer, found the end of the input",
        ),
        (
            row.repeat(4) + "1 2 3 4 5 6 7 8 09\n",
            5,
            17,
            88,
            "integer with a leading zero",
        ),
    ];
    for (input, line, col, offset, says) in cases {
        let Err(Failure::Rejected(r)) = program.check(input.as_bytes()) else {
            panic!("accepted: {input:?}");
        };
        assert_eq!((r.at, r.offset), (Pos { line, col }, offset), "{r}");
        assert_eq!(
            &input.as_bytes()[..offset]
                .iter()
                .filter(|&&b| b == b'\n')
                .count(),
            &(line - 1)
        );
        assert!(r.message.contains(says), "{r}");
        assert_eq!(r.program.file, "sudoku-checker.ctd");
        assert!(r.program.pos.line > 10, "{r}");
    }
}

/// `judge __checktestdata PROGRAM` with `input`: the ICPC validator codes.
#[test]
fn the_hidden_subcommand_speaks_the_validator_convention() {
    let program = root().join("testdata/checktestdata/sudoku-checker.ctd");
    let program = program.to_str().unwrap();
    let grid = "0 0 0 0 0 0 0 0 0\n".repeat(9);
    let ok = judge_in(
        &root(),
        &["__checktestdata", program, "ignored", "args"],
        Some(grid.as_bytes()),
    );
    assert_eq!(ok.code, 42, "{}", ok.all());
    assert!(ok.stdout.is_empty(), "{}", ok.all());
    let bad = judge_in(&root(), &["__checktestdata", program], Some(b"0 0\n"));
    assert_eq!(bad.code, 43, "{}", bad.all());
    assert!(
        bad.stderr
            .starts_with("input line 1 column 4 (byte 3): expected a space"),
        "{}",
        bad.all()
    );
    let typo = root().join("testdata/checktestdata/typo/input_validators/typo.ctd");
    let broken = judge_in(
        &root(),
        &["__checktestdata", "--check", typo.to_str().unwrap()],
        None,
    );
    assert_eq!(broken.code, 2, "{}", broken.all());
    let at = broken.stderr.lines().next().and_then(located);
    let at = at.unwrap_or_else(|| panic!("not located: {}", broken.all()));
    assert_eq!(
        (Path::new(&at.path), at.line, at.column, at.message.as_str()),
        (
            typo.strip_prefix(root()).unwrap(),
            2,
            3,
            "unknown command NEWLNE"
        )
    );
    let parsed = judge_in(&root(), &["__checktestdata", "--check", program], None);
    assert_eq!(parsed.code, 0, "{}", parsed.all());
}

fn validate(package: &str, reports: &Path) -> crate::common::Run {
    let pkg = root().join("testdata/checktestdata").join(package);
    judge_in(
        &root(),
        &[
            "--problems",
            pkg.to_str().unwrap(),
            "validate",
            "--report-dir",
            reports.to_str().unwrap(),
        ],
        None,
    )
}

#[test]
fn a_package_with_ctd_validators_is_validated_in_the_sandbox() {
    const TEST: &str = "a_package_with_ctd_validators_is_validated_in_the_sandbox";
    if !crate::common::sandbox(TEST) {
        return;
    }
    let reports = tempfile::tempdir().unwrap();
    let run = validate("grid", reports.path());
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(reports.path());
    let cases = &report.problems[0].cases;
    let invalid: Vec<&str> = cases
        .iter()
        .filter(|c| c.group == "invalid_input")
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(invalid.len(), 4, "{}", run.all());
    // Each invalid input is rejected by both programs, each saying where.
    let over = cases.iter().find(|c| c.name == "cell-over-100").unwrap();
    let said = over.message.as_deref().unwrap_or_default();
    let input = root().join("testdata/checktestdata/grid/data/invalid_input/cell-over-100.in");
    // Per validator: who, the input, and where in it and in the program.
    let mut reasons = Vec::new();
    for line in said.lines().skip(1) {
        let (who, rest) = line.trim_start().split_once(": ").unwrap();
        let (path, reason) = rest.split_once(": ").unwrap();
        assert_eq!(Path::new(path), input, "{said}");
        let detail = reason
            .strip_prefix(&format!("rejected by {who} (exit code 43, not 42) "))
            .unwrap_or_else(|| panic!("{said}"));
        let (fault, place) = detail.rsplit_once(" [").unwrap();
        let place = located(place.strip_suffix(']').unwrap()).unwrap();
        reasons.push((who, fault, place.path, place.line, place.column));
    }
    let fault = "input line 2 column 3 (byte 6): integer 101 out of range [0, 100]";
    assert_eq!(
        reasons,
        [
            (
                "input_validators/grid.ctd",
                fault,
                "grid.ctd".to_string(),
                7,
                9
            ),
            (
                "input_validators/shape",
                fault,
                "shape.ctd".to_string(),
                6,
                9
            ),
        ],
        "{said}"
    );
    assert_eq!(
        cases.iter().filter(|c| c.verdict.is_pass()).count(),
        cases.len(),
        "{}",
        run.all()
    );
}

#[test]
fn a_broken_ctd_validator_is_named_at_its_line_and_column() {
    const TEST: &str = "a_broken_ctd_validator_is_named_at_its_line_and_column";
    if !crate::common::sandbox(TEST) {
        return;
    }
    let reports = tempfile::tempdir().unwrap();
    let run = validate("typo", reports.path());
    assert_eq!(run.code, 2, "{}", run.all());
    // The problem does not load: the program's fault, at its place.
    let report = read_report(reports.path());
    assert!(report.problems.is_empty());
    let places: Vec<_> = (run.stdout.lines())
        .filter_map(located)
        .map(|l| (l.path, l.line, l.column, l.message))
        .collect();
    let want = (
        "typo.ctd".to_string(),
        2,
        3,
        "unknown command NEWLNE".to_string(),
    );
    assert_eq!(places, [want], "{}", run.all());
}
