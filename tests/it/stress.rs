//! `judge stress` end to end: it finds a real counterexample for a wrong
//! submission (checked by running both programs, not by trusting the
//! message), shrinks it, says how to regenerate it, passes a correct
//! submission, and repeats itself exactly for the same seed.

use std::process::{Command, Stdio};
use std::sync::OnceLock;

use crate::common::{Run, judge, judge_in, root};

const WRONG: &str = "testdata/submissions/stress/fourow_no_antidiagonal.py";

/// One stress run of the wrong submission with the default seed, shared by
/// the tests that only read its output.
fn wrong_run() -> &'static Run {
    static RUN: OnceLock<Run> = OnceLock::new();
    RUN.get_or_init(|| judge(&["stress", "four-in-a-row", WRONG, "--sandbox", "off"]))
}

/// The counterexample printed between the input markers, verbatim.
fn printed_input(out: &str) -> String {
    let start = out.find("=== input (").expect("input marker");
    let body = &out[start..];
    let body = &body[body.find('\n').unwrap() + 1..];
    let end = body.find("=== end of input ===").expect("end marker");
    body[..end].to_string()
}

/// The number before " bytes" on the line starting with `prefix`.
fn bytes_on_line(out: &str, prefix: &str) -> usize {
    let line = out
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starting with {prefix:?} in\n{out}"));
    let before = &line[..line.rfind(" bytes").expect("a byte count")];
    before[before.rfind(' ').unwrap() + 1..].parse().unwrap()
}

/// The verdict on the verdict line (`WA <problem> seed …`).
fn verdict_on(out: &str, problem: &str) -> Option<String> {
    out.lines().find_map(|l| {
        let mut words = l.split_whitespace();
        let code = words.next()?;
        let upper = code.chars().all(|c| c.is_ascii_uppercase() || c == '-');
        (upper && words.next() == Some(problem) && words.next() == Some("seed"))
            .then(|| code.to_string())
    })
}

/// Standard output of `argv` fed `input` on standard input.
fn output_of(argv: &[&str], input: &str) -> Vec<u8> {
    use std::io::Write;
    let mut child = Command::new(argv[0])
        .args(&argv[1..])
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{argv:?} failed on\n{input}");
    out.stdout
}

#[test]
fn wrong_submission_yields_a_real_counterexample() {
    let run = wrong_run();
    assert_eq!(run.code, 1, "{}", run.all());
    let input = printed_input(&run.stdout);
    assert!(!input.is_empty(), "{}", run.all());
    let expected = judge_in(&root(), &["solve", "four-in-a-row"], Some(input.as_bytes()));
    assert_eq!(expected.code, 0, "{}", expected.all());
    let actual = output_of(&["python3", WRONG], &input);
    assert_ne!(
        expected.stdout.as_bytes(),
        actual.as_slice(),
        "the printed input does not tell the programs apart:\n{input}"
    );
    assert_eq!(
        verdict_on(&run.stdout, "four-in-a-row").as_deref(),
        Some("WA"),
        "{}",
        run.all()
    );
    assert!(
        run.stdout.lines().any(|l| l.trim() == "--- expected"),
        "{}",
        run.all()
    );
}

/// The So Doku Checker submission that forgets the boxes in the Illegal
/// check: the generator copies a given into a cell it sees, and about one
/// copy in five shares only the box, so the default 200 inputs catch it.
const SUDOKU_NO_BOX: &str =
    "problems/sudoku-checker/submissions/wrong_answer/no_box_in_illegal_check.cpp";

#[test]
fn sudoku_box_duplicate_is_found_with_the_default_iterations() {
    let run = judge(&[
        "stress",
        "sudoku-checker",
        SUDOKU_NO_BOX,
        "--sandbox",
        "off",
    ]);
    assert_eq!(run.code, 1, "{}", run.all());
    assert_eq!(
        verdict_on(&run.stdout, "sudoku-checker").as_deref(),
        Some("WA"),
        "{}",
        run.all()
    );
    let input = printed_input(&run.stdout);
    assert!(!input.is_empty(), "{}", run.all());
    let expected = judge_in(
        &root(),
        &["solve", "sudoku-checker"],
        Some(input.as_bytes()),
    );
    assert_eq!(expected.code, 0, "{}", expected.all());
    // Compile the wrong submission ourselves rather than trust the harness.
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("no_box");
    let exe = exe.to_str().unwrap();
    let built = Command::new(crate::common::which("g++"))
        .args(["-O2", "-std=c++17", "-o", exe, SUDOKU_NO_BOX])
        .current_dir(root())
        .status()
        .unwrap();
    assert!(built.success(), "g++ failed on {SUDOKU_NO_BOX}");
    let actual = output_of(&[exe], &input);
    assert_ne!(
        expected.stdout.as_bytes(),
        actual.as_slice(),
        "the printed input does not tell the programs apart:\n{input}"
    );
    // The disagreement is the one the bug predicts: the reference says
    // Illegal where the submission says something else.
    let actual = String::from_utf8(actual).unwrap();
    assert!(
        expected
            .stdout
            .lines()
            .zip(actual.lines())
            .any(|(e, a)| e.ends_with(": Illegal.") && !a.ends_with(": Illegal.")),
        "expected:\n{}actual:\n{actual}",
        expected.stdout
    );
}

#[test]
fn the_reproduce_command_regenerates_the_printed_input() {
    let run = wrong_run();
    let input = printed_input(&run.stdout);
    let line = run
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("judge gen "))
        .unwrap_or_else(|| panic!("no judge gen line:\n{}", run.all()));
    let args: Vec<&str> = line.split_whitespace().skip(1).collect();
    let gen_run = judge(&args);
    assert_eq!(gen_run.code, 0, "{}", gen_run.all());
    assert_eq!(gen_run.stdout, input, "{line}");
}

#[test]
fn shrinking_never_grows_the_counterexample() {
    let run = wrong_run();
    let first = bytes_on_line(&run.stdout, "first failure:");
    let smallest = bytes_on_line(&run.stdout, "shrinking:");
    assert!(smallest <= first, "{}", run.all());
    assert_eq!(printed_input(&run.stdout).len(), smallest);
}

#[test]
fn correct_submission_passes() {
    let run = judge(&[
        "stress",
        "four-in-a-row",
        "problems/four-in-a-row/submissions/accepted/fourow.c",
        "--iterations",
        "30",
        "--sandbox",
        "off",
    ]);
    assert_eq!(run.code, 0, "{}", run.all());
    assert_eq!(
        run.stdout.lines().last(),
        Some("no difference found in 30 inputs"),
        "{}",
        run.all()
    );
}

#[test]
fn same_seed_same_counterexample() {
    let args = [
        "stress",
        "four-in-a-row",
        WRONG,
        "--seed",
        "7",
        "--sandbox",
        "off",
    ];
    let (a, b) = (judge(&args), judge(&args));
    assert_eq!(a.code, 1, "{}", a.all());
    // Nothing timed is printed, so the whole output must repeat.
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn usage_errors_exit_2() {
    let run = judge(&["stress", "four-in-a-row", WRONG, "--iterations", "0"]);
    assert_eq!(run.code, 2, "{}", run.all());
    let run = judge(&["stress", "no-such-problem", WRONG, "--sandbox", "off"]);
    assert_eq!(run.code, 2, "{}", run.all());
    let run = judge(&[
        "stress",
        "four-in-a-row",
        "testdata/submissions/stress/missing.py",
        "--sandbox",
        "off",
    ]);
    assert_eq!(run.code, 2, "{}", run.all());
}

/// A problem whose reference, generator and checker are programs: stress
/// judges the generated inputs with the checker (many answers are right),
/// and `judge gen` with the printed command writes the same input.
#[test]
fn stress_runs_a_generator_program_and_judges_with_the_checker() {
    if !crate::common::sandbox("stress_runs_a_generator_program_and_judges_with_the_checker") {
        return;
    }
    let kinds = root().join("testdata/kinds").display().to_string();
    let wrong = "testdata/kinds/divisor-icpc/submissions/wrong_answer/misses_squares.py";
    let run = judge(&[
        "--problems",
        &kinds,
        "stress",
        "divisor-icpc",
        wrong,
        "--iterations",
        "30",
    ]);
    assert_eq!(run.code, 1, "{}", run.all());
    let input = printed_input(&run.stdout);
    // The checker's message, under the verdict, about the input's number.
    let n = input.lines().nth(1).unwrap().trim();
    let lines: Vec<&str> = run.stdout.lines().collect();
    let verdict = (lines.iter())
        .position(|l| l.starts_with("WA divisor-icpc "))
        .unwrap_or_else(|| panic!("{}", run.all()));
    assert_eq!(
        lines[verdict + 1].trim(),
        format!("{n} is not prime"),
        "the checker's message: {}",
        run.all()
    );
    let command = run
        .stdout
        .lines()
        .skip_while(|l| *l != "reproduce:")
        .nth(1)
        .expect("a reproduce line")
        .trim()
        .to_string();
    let words: Vec<&str> = command.split_whitespace().skip(1).collect();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().display().to_string();
    let words: Vec<&str> = words
        .into_iter()
        .map(|w| if w == "DIR" { dir.as_str() } else { w })
        .collect();
    let again = judge_in(&root(), &words, None);
    assert_eq!(again.code, 0, "{}", again.all());
    let written = match std::fs::read_dir(tmp.path())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .max()
    {
        Some(last) => std::fs::read_to_string(last).unwrap(),
        None => again.stdout.clone(),
    };
    assert_eq!(written, input);
    // A right answer different from the reference's is no counterexample.
    let right = "testdata/kinds/divisor-icpc/submissions/accepted/largest.py";
    let run = judge(&[
        "--problems",
        &kinds,
        "stress",
        "divisor-icpc",
        right,
        "--iterations",
        "20",
    ]);
    assert_eq!(run.code, 0, "{}", run.all());
}

/// `--save GROUP` keeps the shrunk counterexample as a case: the printed
/// input, with the expected output an independent program (the accepted
/// C submission) prints, and a SOURCES.md row naming the caught
/// submission and the command that recreates the input; the folder still
/// validates, saving again changes nothing, and a group outside `cases/`
/// is refused before anything runs.
#[test]
fn save_keeps_the_counterexample_as_a_case_with_its_recipe() {
    let dir = tempfile::tempdir().unwrap();
    let problems = dir.path().join("problems");
    crate::common::copy_tree(
        &root().join("problems/four-in-a-row"),
        &problems.join("four-in-a-row"),
    );
    let save = || {
        judge(&[
            "--problems",
            problems.to_str().unwrap(),
            "stress",
            "four-in-a-row",
            WRONG,
            "--sandbox",
            "off",
            "--save",
            "stress",
        ])
    };
    let run = save();
    assert_eq!(run.code, 1, "{}", run.all());
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with("kept as case stress/"))
        .unwrap_or_else(|| panic!("{}", run.all()));
    let name = line
        .trim_start_matches("kept as case stress/")
        .split(' ')
        .next()
        .unwrap();
    let case = problems.join("four-in-a-row/cases/stress").join(name);
    let input = std::fs::read_to_string(case.with_extension("in")).unwrap();
    assert_eq!(input, printed_input(&run.stdout));
    // The expected output is what an independent accepted program prints.
    let accepted = dir.path().join("fourow");
    let built = Command::new(crate::common::which("gcc"))
        .args(["-O2", "-o"])
        .arg(&accepted)
        .arg(root().join("problems/four-in-a-row/submissions/accepted/fourow.c"))
        .status()
        .unwrap();
    assert!(built.success());
    let expected = output_of(&[accepted.to_str().unwrap()], &input);
    assert_eq!(std::fs::read(case.with_extension("out")).unwrap(), expected);
    let sources = std::fs::read_to_string(problems.join("four-in-a-row/SOURCES.md")).unwrap();
    // Its row: the case, the submission caught, the command that
    // recreates the input with the seed in the case's name.
    let rows: Vec<Vec<&str>> = (sources.lines())
        .map(|l| {
            (l.split('|'))
                .map(|c| c.trim().trim_matches('`'))
                .filter(|c| !c.is_empty())
                .collect()
        })
        .collect();
    let case_id = format!("stress/{name}");
    let row = (rows.iter())
        .find(|r| r.first() == Some(&case_id.as_str()))
        .unwrap_or_else(|| panic!("{sources}"));
    assert_eq!(row.len(), 3, "{row:?}");
    assert_eq!(row[1], WRONG, "{row:?}");
    let words: Vec<&str> = row[2].split_whitespace().collect();
    let at = words.iter().position(|w| *w == "gen").expect(row[2]);
    let seed = name
        .strip_prefix("stress-s")
        .unwrap()
        .split('-')
        .next()
        .unwrap();
    assert_eq!(
        words[at + 1..at + 4],
        ["four-in-a-row", "--seed", seed],
        "{row:?}"
    );
    let validate = judge(&["--problems", problems.to_str().unwrap(), "validate"]);
    assert_eq!(validate.code, 0, "{}", validate.all());
    // Saving the same counterexample again changes nothing.
    let again = save();
    assert_eq!(again.code, 1, "{}", again.all());
    let after = std::fs::read_to_string(problems.join("four-in-a-row/SOURCES.md")).unwrap();
    assert_eq!(after, sources);
    let bad = judge(&[
        "stress",
        "four-in-a-row",
        WRONG,
        "--sandbox",
        "off",
        "--save",
        "../x",
    ]);
    assert_eq!(bad.code, 2, "{}", bad.all());
}
