//! What 2025-09 says about a package's programs and their environment,
//! judged in place: `constants` written into validators, submissions and
//! `test_group.yaml` (never into the package itself), a misspelt
//! constant named at its place, `allow_file_writing`, `limits.code` and
//! `languages`. Each package is written here, in a temp folder, as a
//! small 2025-09 problem (double the number).

use std::path::{Path, PathBuf};

use crate::common::{judge_in, read_report, submission};
use crate::in_place::{judge_on, snapshot};

/// The problem's files every package here shares: the format's keys,
/// one sample, two secret cases, an input validator that reads its
/// bound from its arguments and an accepted submission.
const BASE: &[(&str, &str)] = &[
    ("data/sample/1.in", "3\n"),
    ("data/sample/1.ans", "6\n"),
    ("data/secret/1.in", "50\n"),
    ("data/secret/1.ans", "100\n"),
    ("data/secret/2.in", "100\n"),
    ("data/secret/2.ans", "200\n"),
    (
        "submissions/accepted/double.py",
        "print(2 * int(input()))\n",
    ),
];

/// A package at `dir/name` of [`BASE`] and `files` (which win), whose
/// `problem.yaml` has `keys` after the format's own and `limits` (each
/// line indented) after its time limit.
fn package(dir: &Path, name: &str, keys: &str, limits: &str, files: &[(&str, &str)]) -> PathBuf {
    let pkg = dir.join(name);
    let yaml = format!(
        "problem_format_version: 2025-09\nname: Double\nuuid: 5b0e2f6e-6a59-4c36-9d6c-3f3c1f1a9e01\n{keys}limits:\n  time_limit: 2\n{limits}"
    );
    let spec = [("problem.yaml", yaml.as_str())];
    let all = BASE.iter().chain(files).chain(&spec);
    for (path, text) in all {
        let file = pkg.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
    pkg
}

const CONSTANTS: &str = "constants:\n  max_n:\n    value: 100\n    tex: 10^2\n  factor: 2\n";

/// A validator that only works with its constants written in: Python
/// reads `{{max_n}}` as a set of a set and fails.
const VALIDATOR: &str = "import sys\nMAX = {{max_n}}\nbound = int(sys.argv[1]) if len(sys.argv) > 1 else MAX\nassert bound == MAX, (bound, MAX)\nn = int(sys.stdin.read())\nsys.exit(42 if 1 <= n <= bound else 43)\n";

/// A C++ submission that needs its included header's constant.
const INCLUDED: &str = "#include <cstdio>\n#include \"bounds.h\"\nint main() { long n; std::scanf(\"%ld\", &n); if (n > MAX_N) return 1; std::printf(\"%ld\\n\", 2 * n); }\n";

#[test]
fn constants_are_written_into_validators_submissions_and_test_group_yaml() {
    if !crate::common::sandbox(
        "constants_are_written_into_validators_submissions_and_test_group_yaml",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = package(
        tmp.path(),
        "double",
        CONSTANTS,
        "",
        &[
            ("input_validators/range.py", VALIDATOR),
            // Only substituted is this the bound the validator knows.
            (
                "data/secret/test_group.yaml",
                "input_validator_args: [\"{{max_n}}\"]\n",
            ),
            ("data/invalid_input/big.in", "101\n"),
            // An included file: its constants are written in whoever's
            // the submission is.
            ("include/cpp/bounds.h", "const long MAX_N = {{max_n}};\n"),
            ("submissions/accepted/included.cpp", INCLUDED),
            (
                "submissions/accepted/constant.py",
                "n = int(input())\nassert n <= {{max_n}}\nprint({{factor}} * n)  # n <= {{max_n.tex}}\n",
            ),
            // A misspelt name stays as written: a crash, and a warning at
            // its place.
            (
                "submissions/run_time_error/misspelt.py",
                "n = int(input())\nprint({{facter}} * n)\n",
            ),
        ],
    );
    let before = snapshot(&pkg);
    let reports = tmp.path().join("reports");
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    for name in [
        "accepted/constant.py",
        "accepted/included.cpp",
        "run_time_error/misspelt.py",
    ] {
        let s = submission(&report, name);
        assert!(s.ok, "{s:?}");
    }
    assert!(
        (report.meta.notes.iter()).any(|n| n
            .contains("submissions/run_time_error/misspelt.py:2:7: {{facter}} names no constant")),
        "{:?}",
        report.meta.notes
    );
    // The validator knows its bound from the constant and from the
    // group's arguments: every input valid, the invalid one rejected.
    let validated = tmp.path().join("validated");
    let run = judge_on(tmp.path(), &pkg, "validate", &validated);
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(!run.all().contains("{{max_n}}"), "{}", run.all());
    // A contestant's file from outside the package is not rewritten (its
    // `{{factor}}` stays, and crashes), but the included file it uses is.
    let grade = |name: &str, source: &str| {
        let mine = tmp.path().join(name);
        std::fs::write(&mine, source).unwrap();
        let (pkg, mine) = (pkg.to_str().unwrap(), mine.to_str().unwrap());
        judge_in(
            tmp.path(),
            &["--problems", pkg, "grade", "double", mine],
            None,
        )
    };
    let run = grade("mine.cpp", INCLUDED);
    assert_eq!(run.code, 0, "{}", run.all());
    let run = grade("mine.py", "print({{factor}} * int(input()))\n");
    assert_ne!(run.code, 0, "{}", run.all());
    assert_eq!(snapshot(&pkg), before, "the package was changed");
}

/// A submission that writes a file in its working folder and reads it
/// back.
const WRITER: &str = "n = int(input())\nwith open('scratch.txt', 'w') as f:\n    f.write(str(2 * n))\nwith open('scratch.txt') as f:\n    print(f.read())\n";

#[test]
fn allow_file_writing_gives_a_submission_a_working_folder_it_may_write_in() {
    if !crate::common::sandbox(
        "allow_file_writing_gives_a_submission_a_working_folder_it_may_write_in",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    // Allowed: the writer is accepted, on every case (each run has its
    // own folder, so the cases do not meet).
    let pkg = package(
        tmp.path(),
        "writes",
        "allow_file_writing: true\n",
        "",
        &[("submissions/accepted/writer.py", WRITER)],
    );
    let reports = tmp.path().join("reports-writes");
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    let writer = submission(&report, "accepted/writer.py");
    assert!(writer.ok && writer.cases_run == 3, "{writer:?}");
    assert!(!pkg.join("submissions/accepted/scratch.txt").exists());
    // Not allowed (the default): the same program crashes.
    let pkg = package(
        tmp.path(),
        "reads",
        "allow_file_writing: false\n",
        "",
        &[("submissions/run_time_error/writer.py", WRITER)],
    );
    let reports = tmp.path().join("reports-reads");
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    let writer = submission(&report, "run_time_error/writer.py");
    assert!(writer.ok, "{writer:?}");
}

#[test]
fn a_submission_over_the_code_limit_or_in_a_language_not_allowed_is_not_judged() {
    if !crate::common::sandbox(
        "a_submission_over_the_code_limit_or_in_a_language_not_allowed_is_not_judged",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let padding = format!("{}\n", "#".repeat(1100));
    let big = format!("{padding}print(2 * int(input()))\n");
    let pkg = package(
        tmp.path(),
        "gate",
        "languages: [python3]\n",
        "  code: 1\n",
        &[
            ("submissions/accepted/big.py", big.as_str()),
            (
                "submissions/accepted/double.c",
                "#include <stdio.h>\nint main(void) { long n; scanf(\"%ld\", &n); printf(\"%ld\\n\", 2 * n); }\n",
            ),
        ],
    );
    let reports = tmp.path().join("reports");
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert_ne!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    assert!(submission(&report, "accepted/double.py").ok);
    // Over the limit: not run, the promise broken, the reason said.
    let big = submission(&report, "accepted/big.py");
    assert!(!big.ok && big.cases_run == 0, "{big:?}");
    assert!(
        big.message
            .as_deref()
            .is_some_and(|m| m.contains("limits.code")),
        "{big:?}"
    );
    // In C, which the problem does not take: skipped with the reason.
    let c = submission(&report, "accepted/double.c");
    assert!(
        c.skipped
            .as_deref()
            .is_some_and(|w| w.contains("languages: python3")),
        "{c:?}"
    );
    // `grade` refuses it too.
    let run = judge_in(
        tmp.path(),
        &[
            "--problems",
            pkg.to_str().unwrap(),
            "grade",
            "gate",
            pkg.join("submissions/accepted/double.c").to_str().unwrap(),
        ],
        None,
    );
    assert_ne!(run.code, 0, "{}", run.all());
    assert!(
        run.all().contains("not one the problem may be solved in"),
        "{}",
        run.all()
    );
}

/// An output validator that says a lot (70 MiB, over the 64 MiB judge
/// gives a problem's own program) before it judges.
const LOUD: &str = "import sys\nsys.stdout.write('x' * (70 << 20))\nanswer = open(sys.argv[2]).read().split()\nsys.exit(42 if sys.stdin.read().split() == answer else 43)\n";

#[test]
fn validation_output_is_a_guarantee_judge_raises_its_own_limit_to() {
    if !crate::common::sandbox("validation_output_is_a_guarantee_judge_raises_its_own_limit_to") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let files = [("output_validator/check.py", LOUD)];
    // Guaranteed 100 MiB: the validator runs to its word.
    let pkg = package(tmp.path(), "loud", "", "  validation_output: 100\n", &files);
    let reports = tmp.path().join("reports-loud");
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    assert!(submission(&read_report(&reports), "accepted/double.py").ok);
    // Without it, judge's own limit stops the validator: a judge error.
    let pkg = package(tmp.path(), "quiet", "", "", &files);
    let reports = tmp.path().join("reports-quiet");
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert_ne!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    let double = submission(&report, "accepted/double.py");
    assert!(!double.ok, "{double:?}");
    assert!(
        (double.message.as_deref()).is_some_and(|m| m.contains("output over the limit")),
        "{double:?}"
    );
}

#[test]
fn an_import_writes_the_constants_into_its_copies_and_names_what_it_cannot_carry() {
    let tmp = tempfile::tempdir().unwrap();
    let pkg = package(
        tmp.path(),
        "double",
        &format!("{CONSTANTS}languages: [python3]\n"),
        "  code: 64\n",
        &[
            ("input_validators/range.py", VALIDATOR),
            ("data/secret/1.in", "{{max_n}}\n"),
            (
                "statement/problem.en.md",
                "Double $n \\le {{max_n.tex}}$.\n",
            ),
            ("statement/problem.sv.tex", "Dubbla $n \\le {{max_n}}$.\n"),
            (
                "submissions/accepted/constant.py",
                "print({{factor}} * int(input()))\n",
            ),
        ],
    );
    let before = snapshot(&pkg);
    let problems = tmp.path().join("problems");
    let run = crate::common::import_into(tmp.path(), &pkg, "double");
    assert_eq!(run.code, 0, "{}", run.all());
    for said in ["languages: python3", "limits.code: 64 KiB"] {
        assert!(run.all().contains(said), "{said}: {}", run.all());
    }
    let imported = snapshot(&problems.join("double"));
    let text = |suffix: &str| -> String {
        let (_, bytes) = (imported.iter())
            .find(|(path, _)| path.ends_with(suffix))
            .unwrap_or_else(|| panic!("{suffix} not imported: {:?}", imported.keys()));
        String::from_utf8(bytes.clone()).unwrap()
    };
    assert!(
        text("range.py").contains("MAX = 100\n"),
        "{}",
        text("range.py")
    );
    assert_eq!(text("constant.py"), "print(2 * int(input()))\n");
    // The Markdown statement gets them; LaTeX has its own command.
    assert_eq!(text("problem.en.md"), "Double $n \\le 10^2$.\n");
    assert_eq!(text("problem.sv.tex"), "Dubbla $n \\le {{max_n}}$.\n");
    // Test data is never substituted.
    assert!(
        imported
            .iter()
            .any(|(path, bytes)| path.ends_with("1.in") && bytes == b"{{max_n}}\n"),
        "{:?}",
        imported.keys()
    );
    assert_eq!(snapshot(&pkg), before, "the package was changed");
}

#[test]
fn a_one_file_submission_beside_an_included_helper_module_is_its_own_entry() {
    if !crate::common::sandbox(
        "a_one_file_submission_beside_an_included_helper_module_is_its_own_entry",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    // `include/python3/` holds a module, not a `main`: before, the staged
    // folder had two files and no entry point, and nothing ran.
    let pkg = package(
        tmp.path(),
        "helped",
        "",
        "",
        &[
            (
                "include/python3/twice.py",
                "def twice(n):\n    return 2 * n\n",
            ),
            (
                "submissions/accepted/double.py",
                "from twice import twice\nprint(twice(int(input())))\n",
            ),
            (
                "submissions/wrong_answer/thrice.py",
                "from twice import twice\nprint(twice(int(input())) + 1)\n",
            ),
        ],
    );
    let reports = tmp.path().join("reports");
    let run = judge_on(tmp.path(), &pkg, "check", &reports);
    assert_eq!(run.code, 0, "{}", run.all());
    let report = read_report(&reports);
    for (path, got) in [
        ("accepted/double.py", judge::verdict::Verdict::Accepted),
        (
            "wrong_answer/thrice.py",
            judge::verdict::Verdict::WrongAnswer,
        ),
    ] {
        let s = submission(&report, path);
        assert!(s.ok && s.got == Some(got) && s.skipped.is_none(), "{s:?}");
    }
}
