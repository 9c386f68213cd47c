//! A run stopped by SIGTERM (a CI time-out) halfway: off a terminal the
//! log has a line per finished problem, the run's programs are killed,
//! and the report of the problems that finished is left, marked
//! interrupted, which `judge diff` and `judge merge` read.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use judge::report::Report;

use crate::common::read_report;

/// Writes `files` (path, text) below `dir`.
fn write(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

/// A 2025-09 echo problem with two cases, whose accepted submission
/// (`<name>.py`) sleeps `sleep` seconds on each, and a wrong answer.
fn echo(dir: &Path, name: &str, sleep: u32) {
    let yaml = "problem_format_version: 2025-09\ntype: pass-fail\nname: Echo\nlicense: public domain\nlimits:\n  time_limit: 20\n";
    let accepted = format!("import time\ntime.sleep({sleep})\nprint(input())\n");
    let accepted_path = format!("submissions/accepted/{name}.py");
    write(
        dir,
        &[
            ("problem.yaml", yaml),
            ("data/sample/1.in", "1\n"),
            ("data/sample/1.ans", "1\n"),
            ("data/secret/a.in", "2\n"),
            ("data/secret/a.ans", "2\n"),
            (&accepted_path, &accepted),
            ("submissions/wrong_answer/zero.py", "print(0)\n"),
        ],
    );
}

/// The problems of the lines that say a problem finished
/// (`judge check [2/4] fast2: …`).
fn finished_in(log: &[String]) -> Vec<String> {
    let mut ids: Vec<String> = log
        .iter()
        .filter_map(|l| l.strip_prefix("judge check ["))
        .filter_map(|l| l.split_once("] "))
        .filter_map(|(_, rest)| rest.split_once(':'))
        .map(|(id, _)| id.to_string())
        .collect();
    ids.sort();
    ids
}

/// The processes whose command line holds `needle` (a program's file
/// name: a sandbox shows the program at a path of its own).
fn processes_with(needle: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().parse::<u32>().is_ok())
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .filter(|c| c.contains(needle))
        .collect()
}

#[test]
fn sigterm_leaves_the_report_of_the_problems_that_finished_marked_interrupted() {
    let name = "sigterm_leaves_the_report_of_the_problems_that_finished_marked_interrupted";
    if !crate::common::sandbox(name) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let contest = tmp.path().join("contest");
    // Two problems that finish at once, two whose accepted submission
    // sleeps far longer than the test waits.
    // The slow programs' name is this run's own, to find them running.
    let unique: String = (tmp.path().file_name().unwrap().to_string_lossy())
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let slow = format!("sleeps{unique}");
    echo(&contest.join("fast1"), "echo", 0);
    echo(&contest.join("fast2"), "echo", 0);
    echo(&contest.join("slow1"), &slow, 60);
    echo(&contest.join("slow2"), &slow, 60);
    let reports = tmp.path().join("reports");
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["--problems", "contest", "check", "-j", "2", "--report-dir"])
        .arg(&reports)
        .current_dir(tmp.path())
        .env("NO_COLOR", "1")
        .env("JUDGE_CACHE_DIR", tmp.path().join("cache"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (send, lines) = mpsc::channel();
    let stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = send.send(line);
        }
    });
    // SIGTERM once the first problem has finished.
    let mut log = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    while finished_in(&log).is_empty() && Instant::now() < deadline {
        if let Ok(line) = lines.recv_timeout(Duration::from_millis(100)) {
            log.push(line);
        }
    }
    assert!(
        !finished_in(&log).is_empty(),
        "no problem finished:\n{}",
        log.join("\n")
    );
    // A sleeping program is running (so the check below that none is
    // left sees them); the log so far says which problems finished.
    let deadline = Instant::now() + Duration::from_secs(20);
    while processes_with(&slow).is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!processes_with(&slow).is_empty(), "no sleeping program ran");
    log.extend(lines.try_iter());
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let status = child.wait().unwrap();
    reader.join().unwrap();
    log.extend(lines.try_iter());
    let log_text = log.join("\n");
    use std::os::unix::process::ExitStatusExt;
    // Ended by the signal, as a shell sees it: 128 + 15.
    let code = status.code().or(status.signal().map(|s| 128 + s));
    assert_eq!(code, Some(143), "{log_text}");

    let report = read_report(&reports);
    let stopped = report.meta.interrupted.clone().expect("marked interrupted");
    assert_eq!(stopped.signal.as_deref(), Some("SIGTERM"));
    assert_eq!(stopped.problems_total, 4);
    let finished = finished_in(&log);
    let mut held: Vec<String> = report.problems.iter().map(|p| p.id.clone()).collect();
    held.sort();
    // Every problem the log says finished, and only those.
    assert_eq!(held, finished, "{log_text}");
    assert_eq!(stopped.problems_done, held.len());
    assert!(held.iter().all(|id| id.starts_with("fast")), "{held:?}");
    for p in &report.problems {
        assert_eq!((p.passed, p.failed), (2, 0), "{}", p.id);
        let subs = report.submissions.iter().filter(|s| s.problem == p.id);
        assert_eq!(subs.filter(|s| s.ok).count(), 2, "{}", p.id);
    }
    assert!(report.submissions.iter().all(|s| held.contains(&s.problem)));
    let html = std::fs::read_to_string(reports.join("report.html")).unwrap();
    assert!(
        html.contains("Interrupted by SIGTERM: this report holds the"),
        "no banner in report.html"
    );
    assert!(
        log_text.contains("judge: interrupted by SIGTERM"),
        "{log_text}"
    );
    // The sleeping submissions were killed with the run.
    let deadline = Instant::now() + Duration::from_secs(5);
    while !processes_with(&slow).is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(processes_with(&slow), Vec::<String>::new());

    // `judge diff` reads it and says what it is.
    let old = reports.join("report.yaml");
    let diff = crate::common::judge_in(
        tmp.path(),
        &["diff", old.to_str().unwrap(), old.to_str().unwrap()],
        None,
    );
    assert_eq!(diff.code, 0, "{}", diff.all());
    assert!(
        diff.all().contains("interrupted by SIGTERM"),
        "{}",
        diff.all()
    );
}

/// A shard report with `problems` (ids) finished of `total`, stopped by
/// `signal` when given.
fn shard(base: &Report, k: usize, keep: &[&str], signal: Option<&str>) -> Report {
    let mut r = base.clone();
    r.meta.shard = Some(format!("{k}/2").parse().unwrap());
    r.problems.retain(|p| keep.contains(&p.id.as_str()));
    r.submissions.retain(|s| keep.contains(&s.problem.as_str()));
    r.meta.interrupted = signal.map(|s| judge::report::Interrupted {
        signal: Some(s.to_string()),
        problems_done: keep.len(),
        problems_total: 3,
    });
    r
}

#[test]
fn a_merge_of_an_interrupted_shard_is_interrupted_and_counts_the_problems_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let mut base = Report::new(
        judge::report::Meta::new(judge::report::RunKind::Check, "judge check".into(), 1),
        Vec::new(),
        Vec::new(),
    );
    for id in ["a", "b", "c"] {
        let compare = judge::compare::CompareMode::Exact;
        base.problems.push(judge::report::ProblemReport::new(
            id,
            id,
            "",
            compare,
            "ref",
            Vec::new(),
        ));
    }
    let whole = shard(&base, 1, &["a", "b", "c"], None);
    let stopped = shard(&base, 2, &["a"], Some("SIGINT"));
    let (p1, p2) = (tmp.path().join("1.yaml"), tmp.path().join("2.yaml"));
    std::fs::write(&p1, judge::report::yaml::render(&whole).unwrap()).unwrap();
    std::fs::write(&p2, judge::report::yaml::render(&stopped).unwrap()).unwrap();
    let out = tmp.path().join("merged");
    let run = crate::common::judge_in(
        tmp.path(),
        &[
            "merge",
            p1.to_str().unwrap(),
            p2.to_str().unwrap(),
            "--report-dir",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert!(
        run.stdout.contains("interrupted: interrupted by SIGINT"),
        "{}",
        run.all()
    );
    // Nothing failed, but a merge with an unfinished shard never passes.
    assert_eq!(run.code, 1, "{}", run.all());
    let merged = read_report(&out);
    let i = merged.meta.interrupted.expect("the merge is interrupted");
    assert_eq!(i.signal.as_deref(), Some("SIGINT"));
    // Only `a` is in both shards: the others lack shard 2's cases.
    assert_eq!((i.problems_done, i.problems_total), (1, 3));
}
