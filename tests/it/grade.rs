//! `judge grade` end to end: every verdict, hostile programs, isolation,
//! JUnit output, and correct solutions of each problem.
//!
//! Grading runs one at a time in this binary (a global lock) so the check
//! that no process is left behind cannot see another test's children.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use crate::common::{Run, judge_env, read_report, root};
use judge::report::Report;
use judge::verdict::Verdict;

static SERIAL: Mutex<()> = Mutex::new(());

fn have_bwrap() -> bool {
    crate::common::sandbox_works()
}

/// Sandbox tests need bubblewrap. CI installs it and must not skip; a
/// developer machine without it is told loudly what was not tested.
fn sandbox_available(test: &str) -> bool {
    if have_bwrap() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI must install bubblewrap (apt-get install -y bubblewrap)"
    );
    eprintln!("NOTE: {test}: bubblewrap is not installed; sandbox checks NOT run");
    false
}

/// Processes still running from one grading run: anything whose command
/// line mentions that run's private temporary folder (where its build and
/// sandbox command live) or the fixture's own path.
fn leftovers(markers: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(cmd) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
        if markers.iter().any(|m| cmd.contains(m)) {
            found.push(cmd);
        }
    }
    found
}

struct Graded {
    run: Run,
    report: Report,
    dir: tempfile::TempDir,
    junit: PathBuf,
}

fn grade(problems: &str, problem: &str, submission: &str, extra: &[&str]) -> Graded {
    let dir = tempfile::tempdir().unwrap();
    let reports = dir.path().join("reports");
    let junit = dir.path().join("junit.xml");
    let mut args = vec![
        "--problems",
        problems,
        "grade",
        problem,
        submission,
        "--report-dir",
        reports.to_str().unwrap(),
        "--junit",
        junit.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    // A private TMPDIR: build folders land there, so leftovers can be
    // attributed to this run alone.
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let run = judge_env(&root(), &args, None, &[("TMPDIR", &tmp)]);
    let report = read_report(&reports);
    Graded {
        run,
        report,
        dir,
        junit,
    }
}

fn verdicts(r: &Report) -> Vec<Verdict> {
    r.problems
        .iter()
        .flat_map(|p| p.cases.iter().map(|c| c.verdict))
        .collect()
}

/// Grades a fixture against the one-case `tiny` problem and checks the
/// verdict, the exit code, the time bound and that nothing is left running.
fn expect(fixture: &str, verdict: Verdict, extra: &[&str]) -> Graded {
    let path = format!("testdata/submissions/hostile/{fixture}");
    let g = grade("testdata/grading", "tiny", &path, extra);
    assert_eq!(
        verdicts(&g.report),
        vec![verdict],
        "{fixture}\n{}",
        g.run.all()
    );
    assert_eq!(
        g.run.code,
        if verdict == Verdict::Accepted { 0 } else { 1 },
        "{fixture}\n{}",
        g.run.all()
    );
    // Limit 500 ms CPU → wall backstop 2 s; everything must end by 3 s.
    let case = &g.report.problems[0].cases[0];
    assert!(case.time_ms < 3000.0, "{fixture} took {} ms", case.time_ms);
    // SIGKILL is asynchronous: give dying processes a moment to go.
    let fixture_path = root().join(&path).display().to_string();
    let tmp = g.dir.path().display().to_string();
    let deadline = std::time::Instant::now() + Duration::from_secs(1);
    let mut left = leftovers(&[&fixture_path, &tmp]);
    while !left.is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
        left = leftovers(&[&fixture_path, &tmp]);
    }
    assert_eq!(
        left,
        Vec::<String>::new(),
        "{fixture} left processes behind"
    );
    g
}

#[test]
fn every_verdict_and_every_hostile_program() {
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let sandboxed = sandbox_available("hostile programs");
    let mode: &[&str] = if sandboxed {
        &[]
    } else {
        &["--sandbox", "off"]
    };

    let g = expect("infinite_loop.c", Verdict::TimeLimit, mode);
    assert!(
        g.report.problems[0].cases[0].cpu_ms.unwrap() > 400.0
            || g.report.problems[0].cases[0].time_ms > 1900.0
    );
    let g = expect("sleep_forever.sh", Verdict::TimeLimit, mode);
    assert!(
        g.report.problems[0].cases[0]
            .message
            .as_deref()
            .unwrap()
            .contains("wall-clock")
    );
    expect("close_stdout.c", Verdict::TimeLimit, mode);
    expect("alloc_4g.c", Verdict::MemoryLimit, mode);
    expect("huge_output.c", Verdict::OutputLimit, mode);
    let g = expect("segfault.c", Verdict::RuntimeError, mode);
    assert!(
        g.report.problems[0].cases[0]
            .message
            .as_deref()
            .unwrap()
            .contains("SIGSEGV"),
        "{}",
        g.run.all()
    );
    let g = expect("exit_code.sh", Verdict::RuntimeError, mode);
    assert_eq!(
        g.report.problems[0].cases[0].message.as_deref(),
        Some("exit code 3")
    );
    expect("stderr_spam.sh", Verdict::Accepted, mode);
    expect("read_no_input.sh", Verdict::Accepted, mode);
    expect("no_final_newline.sh", Verdict::PresentationError, mode);
    expect("invalid_utf8.py", Verdict::WrongAnswer, mode);
    let g = expect("compile_error.c", Verdict::CompileError, mode);
    let log = g.report.problems[0].build_log.as_deref().unwrap();
    assert!(log.contains("undeclared_variable"), "{log}");
    assert!(g.run.stdout.contains("undeclared_variable"));

    if sandboxed {
        // Hard to contain without a sandbox as root: only run it inside one.
        expect("fork_bomb.c", Verdict::TimeLimit, &[]);
    }
}

#[test]
fn the_sandbox_hides_expected_outputs_and_the_network() {
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    // Without a sandbox the cheats work, which proves the fixtures do cheat.
    expect("peek_answers.py", Verdict::Accepted, &["--sandbox", "off"]);
    let answer = std::fs::read(root().join("testdata/grading/tiny/cases/sample/1.out")).unwrap();
    let listener = std::net::TcpListener::bind("127.0.0.1:47123").unwrap();
    let server = std::thread::spawn(move || {
        listener.set_nonblocking(false).unwrap();
        if let Ok((mut s, _)) = listener.accept() {
            use std::io::Write;
            let _ = s.write_all(&answer);
        }
    });
    expect(
        "connect_localhost.py",
        Verdict::Accepted,
        &["--sandbox", "off"],
    );
    server.join().unwrap();
    if !sandbox_available("sandbox isolation") {
        return;
    }
    let listener = std::net::TcpListener::bind("127.0.0.1:47123").unwrap();
    listener.set_nonblocking(true).unwrap();
    expect(
        "peek_answers.py",
        Verdict::WrongAnswer,
        &["--sandbox", "on"],
    );
    expect(
        "connect_localhost.py",
        Verdict::WrongAnswer,
        &["--sandbox", "on"],
    );
    assert!(
        listener.accept().is_err(),
        "the sandboxed program reached the host's loopback"
    );
}

#[test]
fn junit_output_is_well_formed_with_one_test_per_case() {
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let g = grade(
        "testdata/broken",
        "mixed",
        "problems/four-in-a-row/submissions/accepted/fourow.c",
        &["--sandbox", "off"],
    );
    assert_eq!(g.run.code, 1, "{}", g.run.all());
    let xml = std::fs::read_to_string(&g.junit).unwrap();
    let mut reader = quick_xml::Reader::from_str(&xml);
    let (mut suites, mut cases, mut failures, mut errors) = (0, 0, 0, 0);
    let mut open: Vec<Vec<u8>> = Vec::new();
    loop {
        use quick_xml::events::Event;
        let event = reader.read_event().expect("junit.xml is well-formed XML");
        let (name, empty) = match &event {
            Event::Start(e) => (e.name().as_ref().to_vec(), false),
            Event::Empty(e) => (e.name().as_ref().to_vec(), true),
            Event::End(e) => {
                assert_eq!(
                    open.pop().as_deref(),
                    Some(e.name().as_ref()),
                    "mismatched end tag"
                );
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        let parent = open.last().map(Vec::as_slice);
        match name.as_slice() {
            b"testsuites" => assert_eq!(parent, None, "testsuites must be the root"),
            b"testsuite" => {
                assert_eq!(parent, Some(&b"testsuites"[..]));
                suites += 1;
            }
            b"testcase" => {
                assert_eq!(parent, Some(&b"testsuite"[..]));
                cases += 1;
            }
            b"failure" | b"error" => {
                assert_eq!(parent, Some(&b"testcase"[..]));
                if name == b"failure" {
                    failures += 1
                } else {
                    errors += 1
                }
            }
            _ => {}
        }
        if !empty {
            open.push(name);
        }
    }
    assert!(open.is_empty(), "unclosed elements: {open:?}");
    let report = &g.report;
    assert_eq!(suites, 1);
    assert_eq!(cases, report.summary.cases);
    let test_set_faults = verdicts(report)
        .iter()
        .filter(|v| {
            matches!(
                v,
                Verdict::BadInput | Verdict::MissingAnswer | Verdict::JudgeError
            )
        })
        .count();
    assert_eq!(errors, test_set_faults);
    assert_eq!(failures, report.summary.failed - test_set_faults);
}

/// Correct solutions in other languages than the reference (Rust) must be
/// accepted on every case of their problem.
#[test]
fn accepted_solutions_of_every_problem_pass_every_case() {
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut graded = 0;
    let problems = root().join("problems");
    for problem in std::fs::read_dir(&problems).unwrap().flatten() {
        let accepted = problem.path().join("submissions/accepted");
        let Ok(files) = std::fs::read_dir(&accepted) else {
            continue;
        };
        let id = problem.file_name().to_string_lossy().into_owned();
        for file in files.flatten() {
            let path: PathBuf = file.path();
            let g = grade(
                "problems",
                &id,
                path.to_str().unwrap(),
                &["--sandbox", "off"],
            );
            assert_eq!(g.run.code, 0, "{}\n{}", path.display(), g.run.all());
            assert!(verdicts(&g.report).iter().all(|v| *v == Verdict::Accepted));
            graded += 1;
        }
    }
    assert!(
        graded >= 1,
        "no accepted submissions found under problems/*/submissions/accepted"
    );
    let _ = Path::new("");
}
