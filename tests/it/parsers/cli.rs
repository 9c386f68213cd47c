//! The readers only the `judge` binary reaches: reports (`judge diff`,
//! `judge merge`), packages (`judge import`, folders and zips) and `judge
//! solve` on a file. A panic is exit status 101; anything else must be a
//! clean exit, and a rejection of the mutated file must name its place.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::{Bytes, CASES, check, check_rejections, committed, indexed_inputs, inputs, placed};
use crate::common::{Run, copy_tree, judge, judge_in, root};

/// Cases per property here: each one starts `judge`.
const RUNS: u32 = CASES / 4;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The exit status of a run that must not have crashed.
fn clean(run: &Run) -> Result<i32, TestCaseError> {
    prop_assert!(
        [0, 1, 2].contains(&run.code),
        "judge crashed or was killed\n{}",
        run.all()
    );
    Ok(run.code)
}

/// A one-shard report of the `four` fixture, made by `judge check`.
fn report(dir: &Path) -> PathBuf {
    let out = dir.join("made");
    let run = judge(&[
        "--problems",
        "testdata/sharded",
        "check",
        "four",
        "--no-submissions",
        "--shard",
        "1/1",
        "--report-dir",
        s(&out),
    ]);
    assert_eq!(run.code, 0, "{}", run.all());
    out.join("report.yaml")
}

#[test]
fn reports_never_crash_diff_or_merge_and_errors_are_placed() {
    let tmp = tempfile::tempdir().unwrap();
    let good = report(tmp.path());
    let bad = tmp.path().join("bad.yaml");
    let out = tmp.path().join("merged");
    let junit = tmp.path().join("junit.xml");
    let files = vec![std::fs::read(&good).unwrap()];
    check_rejections(RUNS, inputs(files), |Bytes(bytes)| {
        std::fs::write(&bad, &bytes).unwrap();
        let diff = judge(&["diff", s(&good), s(&bad)]);
        let merge = judge(&[
            "merge",
            s(&bad),
            "--report-dir",
            s(&out),
            "--junit",
            s(&junit),
        ]);
        for run in [diff, merge] {
            clean(&run)?;
            if run.stderr.contains("not a judge report") {
                placed(&run.stderr, s(&bad), &bytes)?;
            }
        }
        Ok(())
    });
}

/// Every package fixture, and one `judge export` wrote (with its
/// `judge.yaml`), copied to `dir`; with each YAML file in them.
fn packages(dir: &Path) -> Vec<(PathBuf, String)> {
    let exported = dir.join("exported");
    let run = judge(&["export", "atoms", "--out", s(&exported)]);
    assert_eq!(run.code, 0, "{}", run.all());
    let mut targets = Vec::new();
    let fixtures = std::fs::read_dir(root().join("testdata/packages")).unwrap();
    let mut folders: Vec<PathBuf> = fixtures.flatten().map(|e| e.path()).collect();
    folders.retain(|p| p.is_dir());
    folders.sort();
    for from in folders {
        let to = dir.join(from.file_name().unwrap());
        copy_tree(&from, &to);
    }
    for package in std::fs::read_dir(dir).unwrap().flatten() {
        let package = package.path();
        let yaml = |p: &Path| p.extension().is_some_and(|e| e == "yaml");
        for file in committed(&package, &yaml) {
            let rel = file.strip_prefix(&package).unwrap().display().to_string();
            targets.push((package.clone(), rel));
        }
    }
    targets.sort();
    targets
}

/// Imports `package` into a problems folder that does not exist: the
/// package is read whole, and nothing is ever written or run.
fn import(package: &Path) -> Run {
    judge(&[
        "--problems",
        "/nonexistent/problems",
        "import",
        s(package),
        "--id",
        "p",
    ])
}

#[test]
fn package_settings_never_crash_import_and_refusals_are_placed() {
    let tmp = tempfile::tempdir().unwrap();
    let targets = packages(tmp.path());
    let files = targets
        .iter()
        .map(|(package, rel)| std::fs::read(package.join(rel)).unwrap())
        .collect();
    check_rejections(RUNS, indexed_inputs(files), |(i, Bytes(bytes))| {
        let (package, rel) = &targets[i];
        let path = package.join(rel);
        let original = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes).unwrap();
        let run = import(package);
        std::fs::write(&path, original).unwrap();
        clean(&run)?;
        let ours = format!("  {rel}:");
        for line in run.stderr.lines().filter(|l| l.starts_with(&ours)) {
            placed(line, rel, &bytes)?;
        }
        // problem.yaml unreadable as text stops the import at once.
        if run.stderr.contains("not valid UTF-8") && rel == "problem.yaml" {
            placed(&run.stderr, rel, &bytes)?;
        }
        Ok(())
    });
}

#[test]
fn zips_never_crash_import() {
    let tmp = tempfile::tempdir().unwrap();
    let zip = tmp.path().join("good.zip");
    let run = judge(&["export", "four-in-a-row", "--out", s(&zip)]);
    assert_eq!(run.code, 0, "{}", run.all());
    let bad = tmp.path().join("bad.zip");
    let files = vec![std::fs::read(&zip).unwrap()];
    check(RUNS, inputs(files), |Bytes(bytes)| {
        std::fs::write(&bad, &bytes).unwrap();
        let run = import(&bad);
        prop_assert_eq!(clean(&run)?, 2, "{}", run.all());
        // Read whole, the package stops only at the missing problems
        // folder; anything else names the zip.
        let read = run.stderr.contains("no such problems folder");
        prop_assert!(read || run.stderr.contains(s(&bad)), "{}", run.all());
        Ok(())
    });
}

#[test]
fn solve_names_the_file_and_the_place_and_keeps_messages_short() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("in.txt");
    let mut garbage = "1\nGame #1: é".as_bytes().to_vec();
    garbage.extend([0xff; 1000]);
    std::fs::write(&file, &garbage).unwrap();
    let run = judge_in(tmp.path(), &["solve", "four-in-a-row", "in.txt"], None);
    assert_eq!(run.code, 1, "{}", run.all());
    assert!(
        run.stderr
            .starts_with("in.txt:2:11: the file is not valid UTF-8"),
        "{}",
        run.all()
    );
    let run = judge_in(tmp.path(), &["solve", "atoms"], Some(&garbage[..12]));
    assert!(run.stderr.starts_with("<stdin>:2:10: "), "{}", run.all());
    // A line of a million digits: the message quotes its start only.
    std::fs::write(&file, "9".repeat(1 << 20)).unwrap();
    for id in judge::solvers::ids() {
        let run = judge_in(tmp.path(), &["solve", id, "in.txt"], None);
        assert_eq!(run.code, 1, "{id}: {}", run.all());
        assert!(run.stderr.starts_with("in.txt:1:"), "{id}: {}", run.all());
        assert!(run.stderr.len() < 300, "{id}: {}", run.stderr);
    }
    let run = judge_in(tmp.path(), &["solve", "atoms", "missing.txt"], None);
    assert_eq!(run.code, 2, "{}", run.all());
    let missing = std::io::Error::from_raw_os_error(libc::ENOENT);
    assert_eq!(
        run.stderr.lines().collect::<Vec<_>>(),
        [format!("error: missing.txt: cannot read: {missing}")],
        "{}",
        run.all()
    );
}

/// What the report reader got wrong, found by the property above with
/// `PROPTEST_CASES=2000` and by hand: a byte that is not UTF-8 refused
/// without a place, libyaml's line numbers (a lone CR starts a line for
/// YAML, not for an editor; a missing field of a blank file placed on
/// line 2 of 1), and `judge merge --junit` panicking on a negative or
/// infinite duration.
#[test]
fn report_faults_are_placed_and_odd_numbers_do_not_crash_merge() {
    let tmp = tempfile::tempdir().unwrap();
    let good = report(tmp.path());
    let text = std::fs::read_to_string(&good).unwrap();
    let bad = tmp.path().join("bad.yaml");
    let faults: [(Vec<u8>, &str); 3] = [
        (b"meta: \xff\n".to_vec(), ":1:7: "),
        // YAML ends a line at the lone CR (its place would be 2:9); an
        // editor does not, so the sequence starts at 1:15.
        (b"meta:\r  tool: [\n".to_vec(), ":1:15: "),
        (b" ".to_vec(), ":1:"),
    ];
    for (bytes, want) in faults {
        std::fs::write(&bad, &bytes).unwrap();
        let run = judge(&["diff", s(&good), s(&bad)]);
        let want = format!("{}{want}", s(&bad));
        assert!(run.stderr.contains(&want), "{want}\n{}", run.all());
    }
    let line = (text.lines())
        .find(|l| l.trim_start().starts_with("duration_ms:"))
        .unwrap();
    for odd in ["-1.0", ".inf"] {
        let changed = text.replacen(line, &format!("  duration_ms: {odd}"), 1);
        std::fs::write(&bad, changed).unwrap();
        let junit = tmp.path().join("junit.xml");
        let out = tmp.path().join("merged");
        let run = judge(&[
            "merge",
            s(&bad),
            "--report-dir",
            s(&out),
            "--junit",
            s(&junit),
        ]);
        assert!([0, 1, 2].contains(&run.code), "{odd}: {}", run.all());
    }
}
