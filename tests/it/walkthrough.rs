//! docs/walkthrough.md runs as written: every `$ ` line of its `console`
//! blocks, in order, in one shell, from an empty folder, with `judge` on
//! PATH. A `# exit N` comment gives the exit code a command must have
//! (0 otherwise). What a new user types is what this test types.

use std::path::Path;

use crate::common::root;

/// The commands of the walkthrough: `(line number, command, exit code)`.
fn commands(text: &str) -> Vec<(usize, String, i32)> {
    let mut found = Vec::new();
    let mut in_console = false;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            in_console = !in_console && line.trim() == "```console";
            continue;
        }
        let Some(command) = line.strip_prefix("$ ").filter(|_| in_console) else {
            continue;
        };
        let (command, code) = match command.split_once("# exit ") {
            Some((c, n)) => (c.trim_end(), n.trim().parse().expect("exit code")),
            None => (command, 0),
        };
        found.push((i + 1, command.to_string(), code));
    }
    found
}

#[test]
fn the_walkthrough_reads_its_commands_and_exit_codes() {
    let text =
        "x\n```console\n$ a b\n$ c   # exit 1\n```\n$ not a command\n```yaml\n$ nor this\n```\n";
    assert_eq!(
        commands(text),
        vec![(3, "a b".to_string(), 0), (4, "c".to_string(), 1)]
    );
}

/// Runs the `$` lines of `doc` as a new user would, in an empty folder of
/// a temporary one; returns that folder (the home) and the temporary.
fn run_as_written(doc: &str) -> (std::path::PathBuf, tempfile::TempDir) {
    let steps = commands(&std::fs::read_to_string(root().join(doc)).unwrap());
    assert!(steps.len() >= 5, "{doc}: {steps:?}");
    let tmp = tempfile::tempdir().unwrap();
    let logs = tmp.path().join("logs");
    let home = tmp.path().join("home");
    std::fs::create_dir_all(&logs).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    // One shell, so `cd` carries over as it does for a person; each
    // command's output and exit code are kept.
    let mut script = String::from("set -u\n");
    for (i, (_, command, _)) in steps.iter().enumerate() {
        let log = logs.join(format!("{i}"));
        script.push_str(&format!(
            "{{ {command}\n}} > '{0}.out' 2>&1; echo $? > '{0}.code'\n",
            log.display()
        ));
    }
    let bin = Path::new(env!("CARGO_BIN_EXE_judge")).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let cache = tmp.path().join("cache");
    let status = std::process::Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(&home)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env("JUDGE_CACHE_DIR", &cache)
        .env_remove("JUDGE_REPORT_DIR")
        .status()
        .unwrap();
    assert!(status.success());
    for (i, (line, command, want)) in steps.iter().enumerate() {
        let log = logs.join(format!("{i}"));
        let got: i32 = std::fs::read_to_string(log.with_extension("code"))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        let out = std::fs::read_to_string(log.with_extension("out")).unwrap_or_default();
        assert_eq!(
            got, *want,
            "{doc}:{line}: `{command}` exited {got}, the walkthrough says {want}:\n{out}"
        );
    }
    (home, tmp)
}

#[test]
fn the_readmes_walkthrough_runs_as_written() {
    if !crate::common::sandbox("the_readmes_walkthrough_runs_as_written") {
        return;
    }
    let (home, _tmp) = run_as_written("README.md");
    assert!(home.join("contest/reports/check/report.yaml").is_file());
}

#[test]
fn the_walkthrough_runs_as_written() {
    if !crate::common::sandbox("the_walkthrough_runs_as_written") {
        return;
    }
    let (home, _tmp) = run_as_written("docs/walkthrough.md");
    // What the walkthrough says happened did.
    let contest = home.join("contest");
    for path in [
        "judge-config.yaml",
        "problems/demo/problem.yaml",
        "reports/check/report.yaml",
        "reports/validate/report.yaml",
        "reports/grade-off_by_one/report.yaml",
    ] {
        assert!(contest.join(path).exists(), "{path} is missing");
    }
    assert!(
        !contest.join("problems/demo/reports").exists(),
        "a report folder inside the problem"
    );
    let check = crate::common::read_report(&contest.join("reports/check"));
    let wrong = check
        .submissions
        .iter()
        .find(|s| s.path.ends_with("off_by_one.py"))
        .expect("the wrong submission was judged");
    assert!(wrong.ok, "{wrong:?}");
    let busy = crate::common::read_report(&contest.join("reports/grade-busy"));
    assert_eq!(busy.problems[0].cases.len(), 1, "--fail-fast ran more");
}
