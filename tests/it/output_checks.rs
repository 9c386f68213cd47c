//! A package's tests of its output validator (`data/valid_output`,
//! `data/invalid_output`) judged in place by `validate`: with the default
//! validator and its flags, and with an output validator program. Each
//! test is named `in_place_…`, so the in-place tests' filter runs them.

use std::path::Path;

use crate::common::read_report;
use crate::in_place::judge_on;

/// Writes `files` (path, text) below `dir`.
fn write_files(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

/// `validate` on `pkg`: the run, and `(case id, verdict, message)` of its
/// tests of the output validator, in report order.
fn output_checks(tmp: &Path, pkg: &Path) -> (crate::common::Run, Vec<(String, String, String)>) {
    let reports = tmp.join("reports");
    let run = judge_on(tmp, pkg, "validate", &reports);
    let checks = read_report(&reports).problems[0]
        .cases
        .iter()
        .filter(|c| c.group.starts_with("valid_output") || c.group.starts_with("invalid_output"))
        .map(|c| {
            let message = c.message.clone().unwrap_or_default();
            (c.id(), c.verdict.code().to_string(), message)
        })
        .collect();
    (run, checks)
}

/// A 2025-09 package with digits-only inputs: `files` on top.
fn checked_package(dir: &Path, name: &str, files: &[(&str, &str)]) {
    let yaml = format!(
        "problem_format_version: 2025-09\ntype: pass-fail\nname: {name}\nuuid: 5b1f0d52-7a43-4c55-9d0e-2f1a8e6b3c70\nlicense: cc0\nlimits:\n  time_limit: 2.0\n"
    );
    write_files(
        dir,
        &[
            ("problem.yaml", yaml.as_str()),
            (
                "input_validators/digits.py",
                "import sys\nline = sys.stdin.read()\nsys.exit(42 if line.strip().isdigit() and line.endswith('\\n') else 43)\n",
            ),
        ],
    );
    write_files(dir, files);
}

#[test]
fn in_place_output_validator_tests_run_under_the_default_validators_flags() {
    if !crate::common::sandbox(
        "in_place_output_validator_tests_run_under_the_default_validators_flags",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("half");
    // No output validator: the default one, with a float tolerance for
    // every folder and a tighter one for invalid_output/tight.
    let test = |dir: &str, out: &str| {
        [
            (format!("data/{dir}.in"), "3\n".to_string()),
            (format!("data/{dir}.ans"), "1.5\n".to_string()),
            (format!("data/{dir}.out"), out.to_string()),
        ]
    };
    let mut files: Vec<(String, String)> = vec![
        (
            "data/test_group.yaml".into(),
            "output_validator_args: [float_tolerance, '1e-6']\n".into(),
        ),
        ("data/sample/1.in".into(), "3\n".into()),
        ("data/sample/1.ans".into(), "1.5\n".into()),
        (
            "submissions/accepted/half.py".into(),
            "print(int(input()) / 2)\n".into(),
        ),
        (
            "data/invalid_output/tight/test_group.yaml".into(),
            "output_validator_args: [float_tolerance, '1e-9']\n".into(),
        ),
    ];
    files.extend(test("valid_output/close", "1.5000001\n"));
    files.extend(test("invalid_output/far", "1.6\n"));
    files.extend(test("invalid_output/tight/edge", "1.5000001\n"));
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    checked_package(&pkg, "Half", &files);
    let (run, checks) = output_checks(tmp.path(), &pkg);
    assert_eq!(run.code, 0, "{}", run.all());
    let ids: Vec<(&str, &str)> = checks
        .iter()
        .map(|(id, v, _)| (id.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        ids,
        [
            ("invalid_output/far", "AC"),
            ("invalid_output/tight/edge", "AC"),
            ("valid_output/close", "AC"),
            // The sample's answer is shown in the statement: 2025-09
            // has the output validator accept it too.
            ("valid_output/sample/1.ans", "AC"),
        ],
        "{}",
        run.all()
    );
    assert!(
        checks[0]
            .2
            .starts_with("rejected by the output validator (WA), as it must be"),
        "{checks:?}"
    );
    // Without the tight folder's own tolerance, edge.out is close enough:
    // the validator accepts an output it must reject.
    std::fs::remove_file(pkg.join("data/invalid_output/tight/test_group.yaml")).unwrap();
    std::fs::remove_file(pkg.join("data/invalid_output/far.out")).unwrap();
    let (run, checks) = output_checks(tmp.path(), &pkg);
    assert_eq!(run.code, 1, "{}", run.all());
    assert!(
        run.stdout.contains(
            "data/invalid_output/tight/edge.out: the output validator accepted it; it must be rejected"
        ),
        "{}",
        run.all()
    );
    assert!(
        run.stdout.contains("data/invalid_output/far.out: missing"),
        "{}",
        run.all()
    );
    let verdicts: Vec<&str> = checks.iter().map(|(_, v, _)| v.as_str()).collect();
    // The last: the sample's answer, which the validator accepts.
    assert_eq!(verdicts, ["JE", "JE", "AC", "AC"], "{checks:?}");
}

#[test]
fn in_place_output_validator_program_must_accept_valid_and_reject_invalid_outputs() {
    if !crate::common::sandbox(
        "in_place_output_validator_program_must_accept_valid_and_reject_invalid_outputs",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("divisor");
    // Any proper divisor other than 1 is right (1 too with allow_one).
    let validator = "import sys\nn = int(open(sys.argv[1]).read())\ntry:\n    d = int(sys.stdin.read().strip())\nexcept ValueError:\n    sys.exit(43)\nlow = 1 if 'allow_one' in sys.argv[4:] else 2\nsys.exit(42 if low <= d < n and n % d == 0 else 43)\n";
    checked_package(
        &pkg,
        "Divisor",
        &[
            ("output_validator/validate.py", validator),
            ("data/sample/1.in", "6\n"),
            ("data/sample/1.ans", "2\n"),
            (
                "submissions/accepted/smallest.py",
                "n = int(input())\nprint(next(d for d in range(2, n) if n % d == 0))\n",
            ),
            ("data/valid_output/other.in", "6\n"),
            ("data/valid_output/other.ans", "2\n"),
            ("data/valid_output/other.out", "3\n"),
            ("data/valid_output/one.in", "6\n"),
            ("data/valid_output/one.ans", "2\n"),
            ("data/valid_output/one.out", "1\n"),
            (
                "data/valid_output/one.yaml",
                "output_validator_args: [allow_one]\n",
            ),
            ("data/invalid_output/whole.in", "6\n"),
            ("data/invalid_output/whole.ans", "2\n"),
            ("data/invalid_output/whole.out", "6\n"),
            ("data/invalid_output/junk.in", "6\n"),
            ("data/invalid_output/junk.ans", "2\n"),
            ("data/invalid_output/junk.out", "two\n"),
        ],
    );
    let (run, checks) = output_checks(tmp.path(), &pkg);
    assert_eq!(run.code, 0, "{}", run.all());
    let ids: Vec<&str> = checks.iter().map(|(id, _, _)| id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "invalid_output/junk",
            "invalid_output/whole",
            "valid_output/one",
            "valid_output/other",
            "valid_output/sample/1.ans",
        ]
    );
    assert!(checks.iter().all(|(_, v, _)| v == "AC"), "{checks:?}");
    // A right answer among the invalid outputs, the per-test arguments
    // gone, an input the input validator rejects: each named by its file.
    std::fs::write(pkg.join("data/invalid_output/whole.out"), "3\n").unwrap();
    std::fs::remove_file(pkg.join("data/valid_output/one.yaml")).unwrap();
    std::fs::write(pkg.join("data/valid_output/other.in"), "six\n").unwrap();
    std::fs::create_dir_all(pkg.join("answer_validators")).unwrap();
    std::fs::write(
        pkg.join("answer_validators/check.py"),
        "import sys\nsys.exit(42)\n",
    )
    .unwrap();
    let (run, checks) = output_checks(tmp.path(), &pkg);
    assert_eq!(run.code, 1, "{}", run.all());
    for said in [
        "data/invalid_output/whole.out: the output validator accepted it; it must be rejected",
        "data/valid_output/one.out: the output validator rejected it (WA); it must be accepted",
        "the input of a test of the output validator must be valid",
    ] {
        assert!(run.stdout.contains(said), "{said}\n{}", run.all());
    }
    let verdicts: Vec<&str> = checks.iter().map(|(_, v, _)| v.as_str()).collect();
    assert_eq!(verdicts, ["AC", "JE", "JE", "JE", "AC"], "{checks:?}");
}
