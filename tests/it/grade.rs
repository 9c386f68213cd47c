//! `judge grade` end to end: JUnit output and correct solutions of each
//! problem, and the helpers the hostile-program tests share.
//!
//! Grading runs one at a time in this binary (a global lock) so the check
//! that no process is left behind cannot see another test's children.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use crate::common::{Run, judge_env, read_report, root};
use judge::report::Report;
use judge::verdict::Verdict;

pub(crate) static SERIAL: Mutex<()> = Mutex::new(());

/// Sandbox tests need bubblewrap: see [`crate::common::sandbox`].
pub(crate) fn sandbox_available(test: &str) -> bool {
    crate::common::sandbox(test)
}

/// Processes still running from one grading run (the judge process
/// `pid`): anything whose command line mentions that run's private
/// temporary folder (its build folder unsandboxed), anything running as
/// one of its sandbox uids, or whose name is the daemon fixture's. (Not
/// simply anything in a `/box/`: other tests run sandboxes at the same
/// time.)
pub(crate) fn leftovers(markers: &[&str], pid: u32) -> Vec<String> {
    let uids = judge::engine::execute::runner::sandbox_uids(pid);
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(cmd) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let comm = std::fs::read_to_string(entry.path().join("comm")).unwrap_or_default();
        let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
        let status = std::fs::read_to_string(entry.path().join("status")).unwrap_or_default();
        let uid = status
            .lines()
            .find_map(|l| l.strip_prefix("Uid:"))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|u| u.parse::<u32>().ok());
        if markers.iter().any(|m| cmd.contains(m))
            || uid.is_some_and(|u| uids.contains(&u))
            || comm.trim() == "hostiledaemon"
        {
            found.push(format!("{} ({})", cmd, comm.trim()));
        }
    }
    found
}

/// Waits up to a second for a run's processes to go (SIGKILL is
/// asynchronous), then returns what is left.
pub(crate) fn leftovers_after(markers: &[&str], pid: u32) -> Vec<String> {
    let deadline = std::time::Instant::now() + Duration::from_secs(1);
    let mut left = leftovers(markers, pid);
    while !left.is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
        left = leftovers(markers, pid);
    }
    left
}

pub(crate) struct Graded {
    pub(crate) run: Run,
    pub(crate) report: Report,
    pub(crate) dir: tempfile::TempDir,
    pub(crate) junit: PathBuf,
}

impl Graded {
    /// Everything the run wrote that people or CI keep: its console output
    /// and every report file.
    pub(crate) fn everything_written(&self) -> String {
        let mut all = format!("{}\n{}", self.run.stdout, self.run.stderr);
        for f in ["reports/report.yaml", "reports/report.html", "junit.xml"] {
            all.push_str(&std::fs::read_to_string(self.dir.path().join(f)).unwrap_or_default());
        }
        all
    }
}

pub(crate) fn grade(problems: &str, problem: &str, submission: &str, extra: &[&str]) -> Graded {
    grade_from(&root(), problems, problem, submission, extra, &[])
}

/// [`grade`] run from `cwd`, with extra environment variables.
pub(crate) fn grade_from(
    cwd: &Path,
    problems: &str,
    problem: &str,
    submission: &str,
    extra: &[&str],
    env: &[(&str, &Path)],
) -> Graded {
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
    let mut env = env.to_vec();
    env.push(("TMPDIR", &tmp));
    let run = judge_env(cwd, &args, None, &env);
    let report = read_report(&reports);
    Graded {
        run,
        report,
        dir,
        junit,
    }
}

pub(crate) fn verdicts(r: &Report) -> Vec<Verdict> {
    r.problems
        .iter()
        .flat_map(|p| p.cases.iter().map(|c| c.verdict))
        .collect()
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
