//! `judge solve sudoku-checker` on bad input: located errors, no panic.
//! (The solver's own cross-checks live in crates/sudoku-checker/tests.)

/// `judge solve sudoku-checker` with `input` on standard input.
fn run_judge_solve(input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["solve", "sudoku-checker"])
        .current_dir(crate::common::root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn judge_solve_locates_bad_input_without_panicking() {
    let row = "1 2 3 4 5 6 7 8 9\n";
    let bad = [
        (row.repeat(3) + "1 2 a 4 5 6 7 8 9\n", "<stdin>:4:5:"),
        (row.repeat(4) + "1 2 3 4 5 6 7 8\n", "<stdin>:5:16:"),
        (row.repeat(10), "<stdin>:10:1:"),
        (row.repeat(5) + "1 2 3 4 10 6 7 8 9\n", "<stdin>:6:9:"),
    ];
    for (input, location) in bad {
        let out = run_judge_solve(&input);
        assert_eq!(out.status.code(), Some(1), "{input}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.starts_with(location), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}
