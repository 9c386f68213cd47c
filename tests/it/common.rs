//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};

/// The repository root (where Cargo.toml is).
pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `(x.in, x.out)` pair under `problems/<id>/cases`, sorted; panics if
/// an `.in` has no `.out`, since these tests confirm committed data.
pub(crate) fn case_files(problem: &str) -> Vec<(PathBuf, PathBuf)> {
    judge_solver::testing::case_pairs(&root(), problem)
}

/// The output of one CLI run.
pub(crate) struct Run {
    pub code: i32,
    /// The judge process's id (its sandboxed programs' uids follow from it).
    pub pid: u32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The record of a finished `judge` process.
    pub(crate) fn from_output(out: std::process::Output, pid: u32) -> Run {
        Run {
            code: out.status.code().unwrap_or(-1),
            pid,
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// Both streams, for assertion messages.
    pub(crate) fn all(&self) -> String {
        format!(
            "exit {}\n--- stdout\n{}\n--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

/// Runs the `judge` binary in `dir` with `args`, optional stdin.
pub(crate) fn judge_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    judge_env(dir, args, stdin, &[])
}

/// `judge --problems problems import PKG --id ID` run in `dir`, whose
/// `problems/` folder it makes first if missing.
pub(crate) fn import_into(dir: &Path, pkg: &Path, id: &str) -> Run {
    std::fs::create_dir_all(dir.join("problems")).unwrap();
    let pkg = pkg.to_str().unwrap();
    let args = ["--problems", "problems", "import", pkg, "--id", id];
    judge_in(dir, &args, None)
}

/// Like [`judge_in`], with extra environment variables.
pub(crate) fn judge_env(
    dir: &Path,
    args: &[&str],
    stdin: Option<&[u8]>,
    env: &[(&str, &Path)],
) -> Run {
    use std::io::Write;
    use std::process::{Command, Stdio};
    // Each run its own empty cache, so no test sees another's results; a
    // test of the cache names its own folder in `env`.
    let cache = tempfile::tempdir().unwrap();
    // Tests write only in temporary folders: a run from inside the
    // repository (which judge finds from any folder in it) that names no
    // --report-dir writes its reports here, not into the clone's reports/.
    let reports = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
    if dir.starts_with(root()) {
        command.env("JUDGE_REPORT_DIR", reports.path());
    }
    let mut child = command
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("JUDGE_CACHE_DIR", cache.path())
        .envs(env.iter().map(|(k, v)| (*k, *v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("judge binary runs");
    let pid = child.id();
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.unwrap_or_default().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run::from_output(out, pid)
}

/// Runs `judge` from the repository root.
pub(crate) fn judge(args: &[&str]) -> Run {
    judge_in(&root(), args, None)
}

/// Copies a folder tree (fixtures are copied before tests modify them).
pub(crate) fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A report with every timing zeroed, for comparing runs.
pub(crate) fn without_timings(mut report: judge::report::Report) -> judge::report::Report {
    report.meta.started_at.clear();
    report.meta.duration_ms = 0.0;
    report.meta.jobs = 0;
    report.meta.command.clear();
    report.timings = None;
    // The cache note names each run's own cache folder and what it found.
    report.meta.notes.retain(|n| !n.starts_with("cache "));
    for s in &mut report.submissions {
        s.max_cpu_ms = None;
    }
    for p in &mut report.problems {
        p.time_ms = 0.0;
        p.wall_ms = 0.0;
        for c in &mut p.cases {
            c.time_ms = 0.0;
            c.cpu_ms = None;
            c.memory_kib = None;
        }
    }
    for s in &mut report.submissions {
        s.max_cpu_ms = None;
        if let Some(c) = &mut s.deciding_case {
            c.time_ms = 0.0;
            c.cpu_ms = None;
            c.memory_kib = None;
        }
    }
    report
}

/// Reads `report.yaml` from a report folder back into the report type.
pub(crate) fn read_report(dir: &Path) -> judge::report::Report {
    let text = std::fs::read_to_string(dir.join("report.yaml")).unwrap();
    judge::report::yaml::parse(&text).expect("report.yaml parses back")
}

/// Whether `test` can grade in a sandbox here, on whichever layer holds:
/// bubblewrap, or where it is missing or cannot start, the Landlock and
/// seccomp layer (`judge sandbox` names the one in force). Where neither
/// holds, the test is skipped with the reason (outside CI) or fails.
/// Under CI a missing bubblewrap fails all the same: `make deps` installs
/// it, and the second layer has its own run (`make container-test`).
pub(crate) fn sandbox(test: &str) -> bool {
    if crate::tools::in_ci() && crate::tools::tool("bwrap", test).is_none() {
        return false;
    }
    match layer_in_force() {
        Ok(_) => true,
        Err(why) => {
            crate::tools::skip(test, &format!("no sandbox layer holds here: {why}"));
            false
        }
    }
}

/// Whether bubblewrap is the layer in force (the hostile suite then runs
/// `--sandbox on` and the second layer forced, else the second layer
/// once). Says nothing: callers that need a sandbox ask [`sandbox`].
pub(crate) fn bubblewrap_in_force() -> bool {
    layer_in_force() == &Ok("bubblewrap")
}

/// The layer `--sandbox on` gets here (`bubblewrap` or `landlock`), or why
/// none: found once per test binary by starting a runner, as judge does.
/// Where it is the second layer, a line says so once, past the capture.
fn layer_in_force() -> &'static Result<&'static str, String> {
    use judge::engine::execute::runner::{Runner, RunnerOptions};
    use judge::engine::sandbox::SandboxMode;
    static LAYER: std::sync::OnceLock<Result<&'static str, String>> = std::sync::OnceLock::new();
    LAYER.get_or_init(|| {
        let runner = Runner::new(RunnerOptions {
            mode: SandboxMode::On,
            exe: PathBuf::from(env!("CARGO_BIN_EXE_judge")),
            workers: 1,
            allow: Vec::new(),
            tools: Vec::new(),
        })
        .map_err(|e| e.to_string())?;
        if let Some(why) = runner.passed_over() {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr().lock(),
                "NOTE: sandboxed tests run on the {} layer ({why})",
                runner.layer()
            );
        }
        Ok(runner.layer())
    })
}

/// A program's path on this machine's PATH; the program must be on
/// `.ci/deps.txt`, and a missing one fails the test with its package.
pub(crate) fn which(program: &str) -> PathBuf {
    let dep = crate::tools::dep(program);
    judge::engine::toolchain::which(program).unwrap_or_else(|| {
        panic!(
            "{program} is not installed (package {}; `make deps` installs it)",
            dep.packages.join(" ")
        )
    })
}

/// Every problem folder of `problems/` with an in-crate solver, as
/// (folder, solver), read from the folder: a test that covers "every
/// problem" derives its list here, so adding a problem breaks no test.
pub(crate) fn solver_problems() -> Vec<(String, &'static dyn judge::solvers::Solver)> {
    // `solver:` ids resolve against the registry, which the binary fills
    // in main and a test process here.
    judge::solvers::install();
    let found = judge::package::discover(&root().join("problems")).expect("problems/ reads");
    assert!(found.errors.is_empty(), "{:?}", found.errors);
    let list: Vec<_> = found
        .problems
        .iter()
        .filter_map(|p| Some((p.id.clone(), p.solver()?)))
        .collect();
    assert!(!list.is_empty(), "no problem with a solver in problems/");
    list
}

/// The submission of `report` whose path ends with `name`, whole names
/// only (a file name, or `folder/file`); a test fails naming it when it
/// was not judged.
pub(crate) fn submission<'a>(
    report: &'a judge::report::Report,
    name: &str,
) -> &'a judge::report::SubmissionReport {
    (report.submissions.iter())
        .find(|s| Path::new(&s.path).ends_with(name))
        .unwrap_or_else(|| panic!("{name} not judged: {:#?}", report.submissions))
}

/// Held by a test that leaves a real case's input beside a changed
/// answer on disk (a temporary copy), and by the hostile test whose
/// cheater searches the whole disk for the answer beside its input: run
/// without a sandbox it must find only true answers.
pub(crate) static CHANGED_ANSWERS: std::sync::Mutex<()> = std::sync::Mutex::new(());
