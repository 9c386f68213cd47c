//! Crash leftovers (#17): a judge killed in the middle of its work must
//! not leave half a file, and what it does leave (the temporary of an
//! unfinished write, a run's scratch folder) is reported by `judge
//! validate` and removed by the next `judge regen` or run, while the same
//! things of a judge still at work are left alone.
//!
//! The kills are real: the release binary is started and killed with
//! SIGKILL (or interrupted with SIGINT / SIGTERM) while it works. Where a
//! kill lands is up to the scheduler, so each test also plants leftovers
//! by hand and does not depend on the timing.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::os::fd::AsRawFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use crate::common::{judge_env, judge_in, read_report, root};

const PROBLEM: &str = "four-in-a-row";
/// Enough cases that a regen is still writing when the kill arrives.
const CASES: usize = 3000;
/// How long after the 300th file the kill is sent.
const KILL_DELAY_MS: u64 = 3;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A problems folder holding a copy of four-in-a-row with `CASES`
/// generated inputs, each with an old answer that names its case (so a
/// file swapped or cut short is told apart from both the old and the new).
/// The C++ input validator is left out: the solver's own validator is
/// enough here and building it would only slow the test.
fn problem_copy(dir: &Path) -> (PathBuf, PathBuf) {
    let problem = dir.join("problems").join(PROBLEM);
    let cases = problem.join("cases/gen");
    std::fs::create_dir_all(&cases).unwrap();
    let yaml = std::fs::read_to_string(root().join("problems").join(PROBLEM).join("problem.yaml"))
        .unwrap();
    let yaml: String = yaml
        .lines()
        .filter(|l| !l.starts_with("validators:"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(problem.join("problem.yaml"), yaml).unwrap();
    let count = CASES.to_string();
    let generated = judge_in(
        dir,
        &["gen", PROBLEM, "--count", &count, "--out", s(&cases)],
        None,
    );
    assert_eq!(generated.code, 0, "{}", generated.all());
    for input in inputs(&problem) {
        std::fs::write(input.with_extension("out"), old_answer(&input)).unwrap();
    }
    (dir.join("problems"), problem)
}

fn old_answer(input: &Path) -> String {
    format!("old answer of {}\n", input.display())
}

fn inputs(problem: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(problem.join("cases/gen"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    found.sort();
    found
}

/// Every temporary of a write (`.judge-….tmp`) under `dir`, sorted.
fn temps(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.unwrap().into_path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with(".judge-") && name.ends_with(".tmp")
        })
        .collect();
    found.sort();
    found
}

/// Starts `judge regen` and kills it with SIGKILL a moment after it has
/// printed `after` lines (the moment lets the kill land inside a write,
/// not always just after one); returns its pid and every line it printed.
fn killed_regen(problems: &Path, after: usize) -> (u32, Vec<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["--problems", s(problems), "regen"])
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut out = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut lines: Vec<String> = out.by_ref().take(after).map(Result::unwrap).collect();
    // Read on, so that regen never waits for a full pipe.
    let rest = std::thread::spawn(move || out.map_while(Result::ok).collect::<Vec<_>>());
    std::thread::sleep(Duration::from_millis(KILL_DELAY_MS));
    child.kill().unwrap(); // SIGKILL
    let status = child.wait().unwrap();
    lines.extend(rest.join().unwrap());
    assert_eq!(
        status.signal(),
        Some(libc::SIGKILL),
        "regen ended before it was killed ({status}); {} lines",
        lines.len()
    );
    (pid, lines)
}

/// Holds the lock a live judge holds on its temporary or run folder.
fn lock(path: &Path) -> File {
    let file = File::open(path).unwrap();
    // SAFETY: flock on a descriptor we own.
    assert_eq!(
        unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) },
        0
    );
    file
}

fn write_aged(path: &Path, bytes: &[u8], age: Duration) {
    std::fs::write(path, bytes).unwrap();
    age_by(path, age);
}

fn age_by(path: &Path, age: Duration) {
    File::open(path)
        .unwrap()
        .set_modified(SystemTime::now() - age)
        .unwrap();
}

/// A stale temporary as an issue of `judge validate` names it.
#[derive(Debug)]
struct StaleIssue {
    path: String,
    /// What it is (that it is no stray file).
    what: String,
    /// Its size and last write (`Temp::describe`).
    describe: String,
    /// Why it is stale (`Temp::stale`).
    why: String,
    /// How to be rid of it.
    remedy: String,
}

/// `issue` taken apart as `PATH: WHAT (DESCRIBE; WHY); REMEDY`.
fn stale_issue(issue: &str) -> Option<StaleIssue> {
    let (path, rest) = issue.split_once(": ")?;
    let (what, rest) = rest.split_once(" (")?;
    let (inside, remedy) = rest.rsplit_once("); ")?;
    let (describe, why) = inside.split_once("; ")?;
    Some(StaleIssue {
        path: path.to_string(),
        what: what.to_string(),
        describe: describe.to_string(),
        why: why.to_string(),
        remedy: remedy.to_string(),
    })
}

/// The temporaries `judge validate` reports as stale, from its report.
fn reported_temps(problems: &Path, reports: &Path) -> (i32, Vec<String>) {
    let run = judge_in(
        problems.parent().unwrap(),
        &[
            "--problems",
            s(problems),
            "validate",
            "--report-dir",
            s(reports),
        ],
        None,
    );
    let issues = read_report(reports).problems[0].issues.clone();
    // Each temporary named is reported as one, stale for the reason and
    // with the figures judge's own reading of it gives.
    let temps = judge::fsutil::temps_in(problems);
    for issue in &issues {
        let path = Path::new(issue.split_once(": ").unwrap().0);
        let name = path.file_name().unwrap().to_string_lossy();
        if !judge::fsutil::is_temp_name(&name) {
            continue;
        }
        let said = stale_issue(issue).unwrap_or_else(|| panic!("not a stale temporary: {issue}"));
        assert_eq!(
            said.what, "stale temporary file of an interrupted judge write",
            "a temporary reported as a stray: {issue}"
        );
        let temp = temps.iter().find(|t| t.path == path).unwrap();
        assert_eq!(Some(&said.why), temp.stale.as_ref(), "{issue}");
        assert_eq!(said.describe, temp.describe(), "{issue}");
    }
    for i in &issues {
        assert!(run.stdout.contains(i.as_str()), "{i}\n{}", run.all());
    }
    (run.code, issues)
}

#[test]
fn regen_killed_mid_write_leaves_whole_files_and_its_leftovers_are_reported_then_removed() {
    let dir = tempfile::tempdir().unwrap();
    let (problems, problem) = problem_copy(dir.path());
    let inputs = inputs(&problem);
    assert_eq!(inputs.len(), CASES);

    let (pid, lines) = killed_regen(&problems, 300);
    let written: Vec<&String> = lines.iter().filter(|l| l.starts_with("changed")).collect();
    assert!(written.len() >= 300, "{lines:?}");
    // Each .out as the kill left it: the old answer or the new one, whole.
    let after_kill: Vec<String> = inputs
        .iter()
        .map(|i| std::fs::read_to_string(i.with_extension("out")).unwrap())
        .collect();
    let kept_old = inputs
        .iter()
        .zip(&after_kill)
        .filter(|(i, text)| **text == old_answer(i))
        .count();
    assert!(
        kept_old > 0 && kept_old < CASES - 299,
        "killed mid-way: {kept_old} of {CASES} still old"
    );
    let real: Vec<PathBuf> = temps(dir.path());
    eprintln!(
        "regen (pid {pid}) killed after {} files; temporaries it left: {real:?}",
        CASES - kept_old
    );
    for t in &real {
        let name = t.file_name().unwrap().to_string_lossy();
        assert!(name.starts_with(&format!(".judge-{pid}-")), "{name}");
    }

    // Leftovers planted by hand, whatever the kill left: stale ones (the
    // killed writer's, one beside problem.yaml, an older judge's unnamed
    // one untouched for two hours) and live ones (locked by a judge at
    // work even though its pid is gone; a live pid's; a young unnamed one).
    let cases = problem.join("cases");
    let hour = Duration::from_secs(3600);
    let stale = [
        cases.join(format!("gen/.judge-{pid}-PlAnT1.tmp")),
        problem.join(format!(".judge-{pid}-SrcMd1.tmp")),
        cases.join(".judge-LeGcy1.tmp"),
    ];
    write_aged(&stale[0], b"half", Duration::ZERO);
    write_aged(&stale[1], b"half", Duration::ZERO);
    write_aged(&stale[2], b"half", 2 * hour);
    let live = [
        cases.join(format!("gen/.judge-{pid}-LoCkd1.tmp")),
        cases.join(format!("gen/.judge-{}-MyPid1.tmp", std::process::id())),
        cases.join("gen/.judge-YoUng1.tmp"),
    ];
    for path in &live {
        write_aged(path, b"in progress", Duration::from_secs(5));
    }
    let held = lock(&live[0]);

    let reports = dir.path().join("reports");
    let (code, issues) = reported_temps(&problems, &reports);
    assert_eq!(code, 1, "stale temporaries fail validate: {issues:#?}");
    let mut expected: Vec<PathBuf> = stale.iter().cloned().chain(real.clone()).collect();
    expected.sort();
    let mut named: Vec<PathBuf> = issues
        .iter()
        .map(|i| PathBuf::from(i.split(": ").next().unwrap()))
        .collect();
    named.sort();
    assert_eq!(named, expected, "{issues:#?}");
    let planted = issues.iter().find(|i| i.starts_with(s(&stale[0]))).unwrap();
    let planted = stale_issue(planted).unwrap();
    assert_eq!(planted.path, s(&stale[0]));
    assert!(
        planted.describe.starts_with("4 B, last written 20"),
        "{planted:?}"
    );
    assert_eq!(planted.why, format!("its writer, pid {pid}, is gone"));
    assert_eq!(
        planted.remedy,
        "`judge regen four-in-a-row` removes it, or delete it"
    );
    let legacy = issues.iter().find(|i| i.starts_with(s(&stale[2]))).unwrap();
    assert!(legacy.contains("older judge"), "{legacy}");

    // The next regen removes exactly the stale ones, says so, and finishes
    // the job the killed one started.
    let run = judge_in(dir.path(), &["--problems", s(&problems), "regen"], None);
    assert_eq!(run.code, 0, "{}", run.all());
    for path in &expected {
        assert!(!path.exists(), "{} not removed", path.display());
    }
    let mut removed: Vec<PathBuf> = (crate::cli::regen_lines(&run.stdout).into_iter())
        .filter(|r| r.status == "removed")
        .map(|r| PathBuf::from(r.path))
        .collect();
    removed.sort();
    assert_eq!(removed, expected, "{}", run.all());
    let summary = format!(
        "0 created, {kept_old} changed, {} unchanged, 0 failed, {} stale temporaries removed",
        CASES - kept_old,
        expected.len()
    );
    assert_eq!(
        run.stdout.lines().last(),
        Some(summary.as_str()),
        "{}",
        run.all()
    );
    for path in &live {
        assert!(path.exists(), "{} (live) removed", path.display());
    }
    for ((input, text), old) in inputs.iter().zip(&after_kill).zip(0..) {
        let new = std::fs::read_to_string(input.with_extension("out")).unwrap();
        assert_ne!(new, old_answer(input), "case {old} not regenerated");
        assert!(
            *text == new || *text == old_answer(input),
            "{} was neither old nor new after the kill: {text:?}",
            input.display()
        );
    }
    for line in written {
        let name = line.split_whitespace().nth(1).unwrap();
        let input = problems
            .join(name.replace("/gen/", "/cases/gen/"))
            .with_extension("in");
        let i = inputs.binary_search(&input).unwrap();
        assert_ne!(
            after_kill[i],
            old_answer(&input),
            "reported but not written: {line}"
        );
    }

    // Live temporaries are no fault; once the lock goes, the one whose pid
    // is dead is stale.
    let (code, issues) = reported_temps(&problems, &reports);
    assert_eq!((code, issues.len()), (0, 0), "{issues:#?}");
    drop(held);
    let (code, issues) = reported_temps(&problems, &reports);
    assert_eq!(code, 1);
    assert_eq!(issues.len(), 1, "{issues:#?}");
    assert!(issues[0].starts_with(s(&live[0])), "{issues:#?}");
}

/// `judge grade` of a submission that sleeps, with its scratch folder in
/// `tmp`; returns once the run folder exists.
fn sleeping_grade(tmp: &Path) -> (Child, PathBuf) {
    let reports = tmp.join("reports");
    let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
    command
        .args([
            "--problems",
            "testdata/grading",
            "grade",
            "tiny",
            "--no-cache",
        ])
        .args([
            "--cmd",
            "sleep 30",
            "--time-limit",
            "60s",
            "--sandbox",
            "off",
        ])
        .args(["--report-dir", s(&reports)])
        .current_dir(root())
        .env("TMPDIR", tmp)
        .env("NO_COLOR", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // judge keeps a signal ignored when it starts ignored (nohup, a
    // background job), and so would whatever started this test from a
    // background shell: the test sets the dispositions it relies on.
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        command.pre_exec(|| {
            for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                libc::signal(sig, libc::SIG_DFL);
            }
            Ok(())
        })
    };
    let mut child = command.spawn().unwrap();
    let prefix = format!("judge-run-{}-", child.id());
    let start = Instant::now();
    let found = loop {
        let ours = run_folders(tmp).into_iter().find(|d| {
            d.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(&prefix)
        });
        if ours.is_some() || start.elapsed() > Duration::from_secs(30) {
            break ours;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let Some(dir) = found else {
        let _ = child.kill();
        let _ = child.wait();
        panic!("judge grade made no run folder in {}", tmp.display());
    };
    (child, dir)
}

fn run_folders(tmp: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(tmp)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("judge-run-")
        })
        .collect();
    found.sort();
    found
}

/// Ends the processes a killed run left working in `tmp` (its sleeper).
fn end_processes_in(tmp: &Path) {
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        if std::fs::read_link(entry.path().join("cwd")).is_ok_and(|cwd| cwd.starts_with(tmp)) {
            // SAFETY: signals a process this test's judge started.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
}

#[test]
fn a_killed_runs_folder_is_removed_by_the_next_run_and_a_live_runs_is_not() {
    let tmp = tempfile::tempdir().unwrap();
    let grade_cat = || {
        let run = judge_env(
            &root(),
            &[
                "--problems",
                "testdata/grading",
                "grade",
                "tiny",
                "--cmd",
                "cat",
                "--sandbox",
                "off",
            ],
            None,
            &[("TMPDIR", tmp.path())],
        );
        assert!(matches!(run.code, 0 | 1), "{}", run.all());
        run
    };
    let (mut child, killed) = sleeping_grade(tmp.path());
    // While it runs, another run leaves its folder alone: the folder and
    // everything in it are as they were.
    let files = || {
        crate::cli::snapshot(&killed)
            .into_keys()
            .collect::<Vec<_>>()
    };
    let inside = files();
    grade_cat();
    assert_eq!(run_folders(tmp.path()), std::slice::from_ref(&killed));
    assert_eq!(files(), inside);
    child.kill().unwrap();
    child.wait().unwrap();
    end_processes_in(tmp.path());
    assert!(killed.is_dir(), "SIGKILL cannot be cleaned up after");
    // An older judge's run folder two days old (stale) and one of today
    // (maybe still running), a folder a live judge holds locked, a file
    // that only looks like a run folder.
    let old = tmp.path().join("judge-run-OlDrn1");
    let young = tmp.path().join("judge-run-YoUng1");
    let locked = tmp.path().join(format!("judge-run-{}-LoCkd1", child.id()));
    for d in [&old, &young, &locked] {
        std::fs::create_dir(d).unwrap();
        std::fs::write(d.join("f"), [0u8; 1000]).unwrap();
    }
    age_by(&old, Duration::from_secs(2 * 86_400));
    let _held = lock(&locked);
    std::fs::write(tmp.path().join("judge-run-n0tdir"), b"").unwrap();

    let run = grade_cat();
    let note = format!(
        "note: removed 2 stale run folders of killed judge runs from {}",
        tmp.path().display()
    );
    assert!(run.stderr.contains(&note), "{}", run.all());
    assert!(!killed.exists() && !old.exists());
    // Its own folder went at its end; the others stay.
    let mut left = vec![tmp.path().join("judge-run-n0tdir"), locked, young];
    left.sort();
    assert_eq!(run_folders(tmp.path()), left);
}

#[test]
fn an_interrupted_or_terminated_run_removes_its_own_folder() {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let tmp = tempfile::tempdir().unwrap();
        let (mut child, folder) = sleeping_grade(tmp.path());
        // SAFETY: signals the judge this test started.
        unsafe { libc::kill(child.id() as i32, signal) };
        let status = child.wait().unwrap();
        end_processes_in(tmp.path());
        assert_eq!(status.signal(), Some(signal), "{status}");
        assert!(
            !folder.exists(),
            "signal {signal}: {} left",
            folder.display()
        );
        assert_eq!(run_folders(tmp.path()), Vec::<PathBuf>::new());
    }
}
