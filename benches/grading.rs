//! Grading cost per case, with and without the sandbox, against a bare
//! fork+exec+wait and against online-judge-tools' `oj test`.
//!
//! The workload is the one the sandbox issue was measured on: 300 one-line
//! cases graded with `/bin/cat` (each expected output equals its input).
//! Every figure is a median of interleaved rounds (A B A B …), so drift of
//! this noisy machine hits both sides alike; what is printed is the per-case
//! cost of the running phase, after the launchers have started.
//! Targets: sandboxed ≤ 1.5 × unsandboxed; unsandboxed ≥ 10 × faster than
//! `oj test` (when it can be installed from PyPI). Then the cost of the
//! problem kinds on the same cases: a trivial checker program (a second
//! process per case) and a trivial interaction (two processes and the
//! relay), against the plain diff.

use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use judge::engine::build::tools::{Need, Tools};
use judge::engine::build::{Language, Program};
use judge::engine::execute::runner::{Runner, RunnerOptions};
use judge::engine::judging::grader::Grader;
use judge::engine::sandbox::SandboxMode;
use judge::engine::time::limits::RunLimits;
use judge::problem::{Problem, load_problem};
use rayon::prelude::*;

const CASES: usize = 300;
const ROUNDS: usize = 5;

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

/// A problem folder `name` with `CASES` one-line cases whose answer is the
/// input, `extra` added to its problem.yaml and `files` written into it.
fn cat_problem(root: &Path, name: &str, extra: &str, files: &[(&str, &str)]) -> Problem {
    let dir = root.join(name);
    std::fs::create_dir_all(dir.join("cases/all")).expect("folder");
    std::fs::write(
        dir.join("problem.yaml"),
        format!("name: {name}\nsolver: four-in-a-row\ncompare: exact\n{extra}"),
    )
    .expect("problem.yaml");
    for (file, text) in files {
        std::fs::write(dir.join(file), text).expect("problem file");
    }
    for i in 0..CASES {
        let text = format!("line {i}\n");
        std::fs::write(dir.join(format!("cases/all/{i:03}.in")), &text).expect("input");
        std::fs::write(dir.join(format!("cases/all/{i:03}.out")), &text).expect("answer");
    }
    judge::solvers::install();
    load_problem(name, &dir).expect("the cat problem loads")
}

/// An ICPC checker that reads the output and accepts it.
const TRIVIAL_CHECKER: &str = "#include <stdio.h>\nint main(void) { char b[4096];\n  while (fread(b, 1, sizeof b, stdin) > 0) {}\n  return 42; }\n";
/// Round trips of the chatty interactor: the relay's cost per message is
/// its extra time over the trivial one, divided by the extra messages.
const MESSAGES: usize = 200;
/// An interactor that sends `MESSAGES` lines one at a time, each waited
/// for back before the next, and accepts.
const CHATTY_INTERACTOR: &str = "#include <stdio.h>\nint main(void) { char b[64];\n  for (int i = 0; i < 200; i++) { printf(\"%d\\n\", i); fflush(stdout);\n    if (!fgets(b, sizeof b, stdin)) return 43; }\n  return 42; }\n";
/// An interactor that says one line, waits for it back, and accepts.
const TRIVIAL_INTERACTOR: &str = "#include <stdio.h>\nint main(void) { char b[64];\n  puts(\"ping\"); fflush(stdout);\n  return fgets(b, sizeof b, stdin) ? 42 : 43; }\n";

fn runner(mode: SandboxMode, workers: usize) -> Option<Runner> {
    Runner::new(RunnerOptions {
        mode,
        exe: PathBuf::from(env!("CARGO_BIN_EXE_judge")),
        workers,
        allow: Vec::new(),
        tools: Vec::new(),
    })
    .ok()
    .filter(|r| mode == SandboxMode::Off || r.sandboxed())
}

/// Grades every case once on `pool`; returns the time it took.
fn grade_all(pool: &rayon::ThreadPool, runner: &Runner, problem: &Problem) -> Duration {
    grade_with(pool, runner, &Tools::new(problem, Some(runner)))
}

/// [`grade_all`] with the problem's programs (checker, interactor) built.
fn grade_with(pool: &rayon::ThreadPool, runner: &Runner, tools: &Tools) -> Duration {
    let problem = tools.problem;
    let program = Program {
        language: Language::command(),
        argv: vec!["/bin/cat".into()],
        env: Vec::new(),
        dir: std::env::temp_dir(),
    };
    let limits = RunLimits::new(Duration::from_secs(1), 256 << 20, 1 << 20);
    let grader = Grader::submission(tools, runner, &program, limits);
    let t = Instant::now();
    let failed = pool.install(|| {
        problem
            .cases
            .par_iter()
            .filter(|c| !grader.grade_case(c).verdict.is_pass())
            .count()
    });
    assert_eq!(failed, 0, "cat must pass every case");
    t.elapsed()
}

fn bare_fork_exec_wait(path: &CString, input: &Path) {
    let argv = [path.as_ptr(), std::ptr::null()];
    let input = CString::new(input.display().to_string()).expect("path");
    // SAFETY: classic fork/exec/wait; the child only calls async-signal-safe
    // functions (open, dup2, execv, _exit).
    unsafe {
        let pid = libc::fork();
        if pid == 0 {
            let fd = libc::open(input.as_ptr(), libc::O_RDONLY);
            libc::dup2(fd, 0);
            let null = libc::open(c"/dev/null".as_ptr(), libc::O_WRONLY);
            libc::dup2(null, 1);
            libc::execv(path.as_ptr(), argv.as_ptr());
            libc::_exit(127);
        }
        let mut status = 0;
        libc::waitpid(pid, &mut status, 0);
    }
}

fn per_case(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3 / CASES as f64
}

/// `oj test -c cat` on the same cases, when online-judge-tools can be
/// installed in a virtual environment (PyPI reachable).
fn oj_test(root: &Path, problem: &Problem) -> Option<Duration> {
    let venv = root.join("oj-venv");
    let ok = |c: &mut std::process::Command| c.status().is_ok_and(|s| s.success());
    if !ok(std::process::Command::new("python3")
        .args(["-m", "venv"])
        .arg(&venv))
    {
        return None;
    }
    let pip = venv.join("bin/pip");
    if !ok(std::process::Command::new(&pip)
        .args(["install", "-q", "online-judge-tools"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null()))
    {
        return None;
    }
    let tests = root.join("oj-tests");
    std::fs::create_dir_all(&tests).ok()?;
    for c in &problem.cases {
        std::fs::copy(&c.input, tests.join(format!("sample-{}.in", c.name))).ok()?;
        std::fs::copy(
            c.answer.as_ref()?,
            tests.join(format!("sample-{}.out", c.name)),
        )
        .ok()?;
    }
    let t = Instant::now();
    let good = ok(std::process::Command::new(venv.join("bin/oj"))
        .args(["test", "-c", "cat", "-d"])
        .arg(&tests)
        .current_dir(root)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null()));
    good.then(|| t.elapsed())
}

fn main() {
    let root = tempfile::tempdir().expect("temp dir");
    let problem = cat_problem(root.path(), "cat", "", &[]);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(workers)
        .build()
        .expect("pool");
    let plain = runner(SandboxMode::Off, workers).expect("the unsandboxed runner works");
    let boxed = runner(SandboxMode::On, workers);
    // The second layer (Landlock and seccomp), forced where bubblewrap
    // works too, so both are measured in the same run.
    // SAFETY: no other thread reads the environment yet.
    unsafe { std::env::set_var("JUDGE_SANDBOX_LAYER", "landlock") };
    let landlocked = runner(SandboxMode::On, workers);
    // SAFETY: as above.
    unsafe { std::env::remove_var("JUDGE_SANDBOX_LAYER") };
    // Warm-up: every launcher started, caches filled.
    grade_all(&pool, &plain, &problem);
    for r in [&boxed, &landlocked].into_iter().flatten() {
        grade_all(&pool, r, &problem);
    }
    let cat = CString::new("/bin/cat").expect("path");
    let input = problem.cases[0].input.clone();
    let (mut bare, mut off, mut on) = (Vec::new(), Vec::new(), Vec::new());
    let mut second = Vec::new();
    for _ in 0..ROUNDS {
        let t = Instant::now();
        pool.install(|| {
            (0..CASES)
                .into_par_iter()
                .for_each(|_| bare_fork_exec_wait(&cat, &input))
        });
        bare.push(t.elapsed());
        off.push(grade_all(&pool, &plain, &problem));
        if let Some(b) = &boxed {
            on.push(grade_all(&pool, b, &problem));
        }
        if let Some(l) = &landlocked {
            second.push(grade_all(&pool, l, &problem));
        }
    }
    let (bare, off) = (median(bare), median(off));
    println!(
        "grading {CASES} one-line cases with /bin/cat, {workers} workers (median of {ROUNDS} interleaved rounds)"
    );
    println!(
        "  {:<40} {:>8.3} ms/case",
        "bare fork+exec+wait (no judging)",
        per_case(bare)
    );
    println!(
        "  {:<40} {:>8.3} ms/case   {:.2}x bare",
        "judge, no sandbox",
        per_case(off),
        off.as_secs_f64() / bare.as_secs_f64()
    );
    if on.is_empty() {
        println!("  (no sandbox can be made here: sandbox figures skipped)");
    } else {
        let on = median(on);
        println!(
            "  {:<40} {:>8.3} ms/case   {:.2}x no sandbox (target <= 1.5x)",
            "judge, sandbox",
            per_case(on),
            on.as_secs_f64() / off.as_secs_f64()
        );
    }
    if second.is_empty() {
        println!("  (no Landlock and seccomp layer here: its figure skipped)");
    } else {
        let second = median(second);
        println!(
            "  {:<40} {:>8.3} ms/case   {:.2}x no sandbox",
            "judge, Landlock + seccomp",
            per_case(second),
            second.as_secs_f64() / off.as_secs_f64()
        );
    }
    match oj_test(root.path(), &problem) {
        Some(oj) => println!(
            "  {:<40} {:>8.3} ms/case   judge without sandbox is {:.1}x faster (target >= 10x)",
            "oj test -c cat (online-judge-tools)",
            per_case(oj),
            oj.as_secs_f64() / off.as_secs_f64()
        ),
        None => println!("  (online-judge-tools could not be installed: oj comparison skipped)"),
    }
    kinds(
        root.path(),
        &pool,
        boxed.as_ref().unwrap_or(&plain),
        &problem,
    );
}

/// Per-case cost of judging by a trivial checker program and of a trivial
/// interaction (one line each way through the relay), against the plain
/// diff, interleaved in the same run.
fn kinds(root: &Path, pool: &rayon::ThreadPool, runner: &Runner, plain: &Problem) {
    let checked = cat_problem(
        root,
        "checked",
        "checker:\n  program: check.c\n",
        &[("check.c", TRIVIAL_CHECKER)],
    );
    let talked = cat_problem(
        root,
        "talked",
        "interactive: true\nchecker:\n  program: interact.c\n",
        &[("interact.c", TRIVIAL_INTERACTOR)],
    );
    let chatty = cat_problem(
        root,
        "chatty",
        "interactive: true\nchecker:\n  program: interact.c\n",
        &[("interact.c", CHATTY_INTERACTOR)],
    );
    let built: Vec<Tools> = [&checked, &talked, &chatty]
        .into_iter()
        .map(|p| Tools::new(p, Some(runner)))
        .collect();
    if let Some(e) = built.iter().find_map(|t| t.build_all(Need::GRADE).err()) {
        println!("  (no C compiler to build a checker: checker figures skipped: {e})");
        return;
    }
    let diff = Tools::new(plain, Some(runner));
    let (mut d, mut c, mut i, mut m) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for b in &built {
        grade_with(pool, runner, b);
    }
    for _ in 0..ROUNDS {
        d.push(grade_with(pool, runner, &diff));
        c.push(grade_with(pool, runner, &built[0]));
        i.push(grade_with(pool, runner, &built[1]));
        m.push(grade_with(pool, runner, &built[2]));
    }
    let (d, c, i, m) = (median(d), median(c), median(i), median(m));
    let how = if runner.sandboxed() {
        "sandbox"
    } else {
        "no sandbox"
    };
    println!(
        "judging the same cases by other means ({how}, median of {ROUNDS} interleaved rounds)"
    );
    println!(
        "  {:<40} {:>8.3} ms/case",
        "plain diff (compare: exact)",
        per_case(d)
    );
    for (what, t) in [
        ("trivial ICPC checker program", c),
        ("trivial interaction (relay, interactor)", i),
    ] {
        println!(
            "  {:<40} {:>8.3} ms/case   {:.2}x plain diff",
            what,
            per_case(t),
            t.as_secs_f64() / d.as_secs_f64()
        );
    }
    // Each round trip is two messages through the relay, with both
    // programs waiting in turn: what an interactive submission's wall
    // clock pays beyond its own CPU time.
    let per_trip = (m.as_secs_f64() - i.as_secs_f64()) / CASES as f64 / (MESSAGES - 1) as f64;
    println!(
        "  {:<40} {:>8.3} ms/case   {:.1} µs per round trip through the relay",
        format!("{MESSAGES} round trips (relay, interactor)"),
        per_case(m),
        per_trip * 1e6
    );
}
