//! Hostile submissions (`testdata/submissions/hostile`): each gets its
//! verdict with and without the sandbox, ends within its limits, and leaves
//! no process behind; accounting agrees with the kernel; and with the
//! sandbox nothing a program should not see (test data anywhere on the
//! machine, the repository's history, root-only files, judge's environment)
//! reaches it or any report, from whichever folder judge is run.

use std::path::{Path, PathBuf};

use crate::common::root;
use crate::grade::{Graded, SERIAL, grade_from, leftovers_after, sandbox_available, verdicts};
use judge::report::Stop;
use judge::verdict::Verdict;

const TINY_ANSWER: &str = "testdata/grading/tiny/cases/sample/1.out";

/// `--sandbox off`, and `on` where bubblewrap is the layer in force
/// (always in CI); then `landlock`: `on` with the second layer forced
/// (`JUDGE_SANDBOX_LAYER=landlock`, no namespaces), wherever the kernel
/// has Landlock and seccomp, as a stock container's would. Where
/// bubblewrap is missing or cannot start, `on` would be the second layer
/// again, so it is run once, as `landlock`; where no layer holds, the
/// sandboxed half is skipped with the reason (a failure under CI).
pub(crate) fn modes(what: &str) -> Vec<&'static str> {
    let mut modes = vec!["off"];
    if !sandbox_available(what) {
        return modes;
    }
    if crate::common::bubblewrap_in_force() {
        modes.push("on");
    }
    if judge::engine::confine::probe().complete() {
        modes.push("landlock");
    }
    modes
}

/// The `--sandbox` value and the environment of `mode`.
fn mode_args<'p>(mode: &str) -> (&str, Vec<(&'static str, &'p Path)>) {
    match mode {
        "landlock" => ("on", vec![("JUDGE_SANDBOX_LAYER", Path::new("landlock"))]),
        other => (other, Vec::new()),
    }
}

fn is_root() -> bool {
    // SAFETY: geteuid cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// Grades `submission` (a path) on the one-case `tiny` problem from `cwd`,
/// checks the verdict and that nothing is left running.
fn expect_at(
    cwd: &Path,
    problems: &str,
    submission: &str,
    verdict: Verdict,
    extra: &[&str],
) -> Graded {
    expect_in(cwd, problems, submission, verdict, extra, &[])
}

/// [`expect_at`] with more environment for judge.
fn expect_in(
    cwd: &Path,
    problems: &str,
    submission: &str,
    verdict: Verdict,
    extra: &[&str],
    env: &[(&str, &Path)],
) -> Graded {
    let g = grade_from(cwd, problems, "tiny", submission, extra, env);
    check(&g, submission, verdict);
    g
}

fn check(g: &Graded, what: &str, verdict: Verdict) {
    assert_eq!(
        verdicts(&g.report),
        vec![verdict],
        "{what} {:?}\n{}",
        g.report.meta.notes,
        g.run.all()
    );
    let code = if verdict == Verdict::Accepted { 0 } else { 1 };
    assert_eq!(g.run.code, code, "{what}\n{}", g.run.all());
    let tmp = g.dir.path().display().to_string();
    assert_eq!(
        leftovers_after(&[&tmp], g.run.pid),
        Vec::<String>::new(),
        "{what} left processes behind"
    );
}

fn hostile(name: &str) -> String {
    format!("testdata/submissions/hostile/{name}")
}

pub(crate) fn expect(name: &str, verdict: Verdict, mode: &str, extra: &[&str]) -> Graded {
    let (flag, env) = mode_args(mode);
    let mut args = vec!["--sandbox", flag];
    args.extend_from_slice(extra);
    let g = expect_in(
        &root(),
        "testdata/grading",
        &hostile(name),
        verdict,
        &args,
        &env,
    );
    let layer = g.report.meta.sandbox.clone().unwrap_or_default();
    match mode {
        "landlock" => assert!(layer.starts_with("landlock"), "{mode}: {layer}"),
        "on" => assert!(!layer.starts_with("none"), "{mode}: {layer}"),
        _ => {}
    }
    g
}

/// Whether a TLE stopped a program that spins: by its CPU time, or, on a
/// machine so busy the loop got less than a core, by the wall clock
/// after at least half a second of CPU time (a sleeper uses none).
fn spun(stop: &Option<Stop>) -> bool {
    match stop {
        Some(Stop::CpuTime { .. }) => true,
        Some(Stop::WallClock { cpu: Some(cpu), .. }) => cpu.as_secs_f64() >= 0.5,
        _ => false,
    }
}

/// How the one case's run ended.
fn stop(g: &Graded) -> Option<Stop> {
    g.report.problems[0].cases[0].stop.clone()
}

/// Whether the run measured the whole process tree (cgroups).
fn exact(g: &Graded) -> bool {
    g.report
        .meta
        .notes
        .iter()
        .any(|n| n.contains("accounting: cgroup"))
}

#[test]
fn hostile_programs_get_their_verdicts_with_and_without_the_sandbox() {
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    for mode in modes("hostile programs") {
        let g = expect("infinite_loop.c", Verdict::TimeLimit, mode, &[]);
        assert!(spun(&stop(&g)), "{:?}", stop(&g));
        let g = expect("sleep_forever.sh", Verdict::TimeLimit, mode, &[]);
        assert!(
            matches!(stop(&g), Some(Stop::WallClock { .. })) && !spun(&stop(&g)),
            "{:?}",
            stop(&g)
        );
        expect("waits_then_answers.sh", Verdict::Accepted, mode, &[]);
        expect("close_stdout.c", Verdict::TimeLimit, mode, &[]);
        let g = expect("alloc_4g.c", Verdict::MemoryLimit, mode, &[]);
        assert!(
            matches!(stop(&g), Some(Stop::Memory { limit, .. }) if limit == 128 << 20),
            "{:?}",
            stop(&g)
        );
        let g = expect(
            "alloc_600m.c",
            Verdict::MemoryLimit,
            mode,
            &["--memory-limit", "256MiB"],
        );
        assert!(
            matches!(stop(&g), Some(Stop::Memory { limit, .. }) if limit == 256 << 20),
            "{:?}",
            stop(&g)
        );
        expect("huge_output.c", Verdict::OutputLimit, mode, &[]);
        let g = expect("segfault.c", Verdict::RuntimeError, mode, &[]);
        assert_eq!(
            stop(&g),
            Some(Stop::Signal { signal: 11 }),
            "{}",
            g.run.all()
        );
        let g = expect("exit_code.sh", Verdict::RuntimeError, mode, &[]);
        assert_eq!(stop(&g), Some(Stop::ExitCode { code: 3 }));
        expect("stderr_spam.sh", Verdict::Accepted, mode, &[]);
        expect("read_no_input.sh", Verdict::Accepted, mode, &[]);
        expect("no_final_newline.sh", Verdict::PresentationError, mode, &[]);
        expect("invalid_utf8.py", Verdict::WrongAnswer, mode, &[]);
        let g = expect("compile_error.c", Verdict::CompileError, mode, &[]);
        let log = g.report.problems[0].build_log.clone().unwrap_or_default();
        assert!(log.contains("undeclared_variable"), "{log}");
        // The stack is as large as the memory limit, up to 256 MiB.
        expect(
            "deep_recursion.c",
            Verdict::Accepted,
            mode,
            &["--memory-limit", "512MiB", "--time-limit", "5s"],
        );
        // Endless recursion is a crash, not a slow run, even when the
        // memory limit is larger than a second can fault in (idle, it
        // crashes within 0.2 s; the suite runs beside it, hence 2 s).
        let g = expect(
            "endless_recursion.c",
            Verdict::RuntimeError,
            mode,
            &["--memory-limit", "2GiB", "--time-limit", "2s"],
        );
        assert_eq!(
            stop(&g),
            Some(Stop::Signal { signal: 11 }),
            "{}",
            g.run.all()
        );
        // A daemon that left its session is found and killed all the same
        // (`leftovers` looks for its name).
        expect("daemon.c", Verdict::WrongAnswer, mode, &[]);
        if mode != "off" || is_root() {
            // Its own PID namespace confines `kill -9 -1` and the parent
            // kill (as root, the only case where it would matter most).
            expect("kill_everything.sh", Verdict::Accepted, mode, &[]);
        }
        let g = expect("fork_bomb.c", Verdict::TimeLimit, mode, &[]);
        if exact(&g) {
            // The child's CPU time counts although nobody waited for it.
            let g = expect("spinning_child.c", Verdict::TimeLimit, mode, &[]);
            assert!(spun(&stop(&g)), "{:?}", stop(&g));
        }
    }
}

#[test]
fn cpu_time_and_memory_agree_with_the_kernel_within_ten_percent() {
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    for mode in modes("accounting") {
        let g = expect(
            "accounting.c",
            Verdict::RuntimeError,
            mode,
            &["--memory-limit", "512MiB", "--time-limit", "5s"],
        );
        let case = &g.report.problems[0].cases[0];
        let stderr = case.stderr.clone().unwrap_or_default();
        let number = |key: &str| -> f64 {
            let at = stderr
                .find(key)
                .unwrap_or_else(|| panic!("{key} missing: {stderr}"));
            stderr[at + key.len()..]
                .split_whitespace()
                .next()
                .unwrap()
                .parse()
                .unwrap()
        };
        let (kernel_cpu, kernel_rss) = (number("cpu_ms "), number("max_rss_kib "));
        let cpu = case.cpu_ms.unwrap();
        let memory = case.memory_kib.unwrap() as f64;
        assert!(
            (cpu - kernel_cpu).abs() <= kernel_cpu * 0.1,
            "{mode}: cpu {cpu} ms, kernel {kernel_cpu} ms"
        );
        if exact(&g) {
            assert!(
                (memory - kernel_rss).abs() <= kernel_rss * 0.1,
                "{mode}: memory {memory} KiB, kernel {kernel_rss} KiB"
            );
        }
    }
}

/// TLE is decided on CPU time, so the kill is measured in CPU time: a
/// submission is stopped at its margin past the limit (1.5 × 1 s), at
/// most 0.4 s after it. On the wall clock a busy machine may give the
/// loop less than a core, so there the bound is the backstop
/// (2 × limit + 0.5 s), never more.
#[test]
fn a_busy_loop_under_a_one_second_limit_is_stopped_within_0_4_cpu_seconds_of_its_margin() {
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    for mode in modes("time limit") {
        let started = std::time::Instant::now();
        let g = expect(
            "infinite_loop.c",
            Verdict::TimeLimit,
            mode,
            &["--time-limit", "1s"],
        );
        let case = &g.report.problems[0].cases[0];
        let cpu = case.cpu_ms.unwrap();
        assert!((1000.0..=1900.0).contains(&cpu), "{mode}: CPU {cpu} ms");
        assert!(
            case.time_ms <= 2600.0,
            "{mode}: the case took {} ms",
            case.time_ms
        );
        // Compiling the loop and starting judge cost the rest.
        assert!(
            started.elapsed().as_secs_f64() < 6.0,
            "{:?}",
            started.elapsed()
        );
    }
}

/// A template from `hostile-templates` with `@KEY@` replaced, written to
/// `dir`; returns its path.
fn from_template(dir: &Path, name: &str, key: &str, value: &Path) -> PathBuf {
    let text = std::fs::read_to_string(
        root()
            .join("testdata/submissions/hostile-templates")
            .join(name),
    )
    .unwrap();
    let path = dir.join(name);
    std::fs::write(
        &path,
        text.replace(&format!("@{key}@"), &value.display().to_string()),
    )
    .unwrap();
    path
}

#[test]
fn the_sandbox_shows_no_test_data_from_any_folder_judge_runs_in() {
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let _answers = crate::common::CHANGED_ANSWERS
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let answer_path = root().join(TINY_ANSWER);
    let answer = std::fs::read_to_string(&answer_path).unwrap();
    let work = tempfile::tempdir().unwrap();
    let secret_text = "judge-secret-0b5e7c1 must never be seen";
    let secret = work.path().join("root-only.txt");
    std::fs::write(&secret, secret_text).unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    let incbin = from_template(work.path(), "incbin_answer.c", "ANSWER", &answer_path);
    let include_str = from_template(work.path(), "include_str.rs", "ANSWER", &answer_path);
    let include_answer = from_template(work.path(), "include_data.cpp", "FILE", &answer_path);
    let include_secret = work.path().join("secret");
    std::fs::create_dir(&include_secret).unwrap();
    let include_secret = from_template(&include_secret, "include_data.cpp", "FILE", &secret);
    let p = |path: &PathBuf| path.display().to_string();
    let stealers = [
        hostile("search_filesystem.py"),
        hostile("git_history.py"),
        p(&incbin),
        p(&include_str),
    ];
    let slow = ["--time-limit", "30s", "--sandbox"];
    // Without a sandbox each of them really steals the answer.
    for s in &stealers {
        if s.ends_with("git_history.py") && !root().join(".git").exists() {
            continue;
        }
        expect_at(
            &root(),
            "testdata/grading",
            s,
            Verdict::Accepted,
            &[&slow[..], &["off"]].concat(),
        );
    }
    if !sandbox_available("sandbox view") {
        return;
    }
    let elsewhere = tempfile::tempdir().unwrap();
    let absolute = root().join("testdata/grading").display().to_string();
    let places: [(PathBuf, String); 3] = [
        (root(), "testdata/grading".into()),
        (root().join("testdata"), "grading".into()),
        (elsewhere.path().to_path_buf(), absolute),
    ];
    // Both layers; the second without the Rust stealer where rustc lives
    // under /root (rustup as root): a worker uid cannot reach it there,
    // and no view puts it elsewhere, so that build is refused (exit 2).
    let layers = modes("sandbox view").into_iter().filter(|m| *m != "off");
    for (mode, (cwd, problems)) in layers.flat_map(|m| places.iter().map(move |p| (m, p))) {
        let (flag, env) = mode_args(mode);
        let unreachable_rustc =
            mode == "landlock" && is_root() && crate::common::which("rustc").starts_with("/root");
        let submission = |s: &str| {
            if Path::new(s).is_absolute() {
                s.to_string()
            } else {
                p(&root().join(s))
            }
        };
        for s in &stealers {
            if unreachable_rustc && s.ends_with(".rs") {
                continue;
            }
            let g = grade_from(
                cwd,
                problems,
                "tiny",
                &submission(s),
                &[&slow[..], &[flag]].concat(),
                &env,
            );
            let v = verdicts(&g.report);
            assert!(
                v != vec![Verdict::Accepted],
                "{s} from {}: {v:?}",
                cwd.display()
            );
            assert_eq!(
                leftovers_after(&[&g.dir.path().display().to_string()], g.run.pid),
                Vec::<String>::new()
            );
            if v == vec![Verdict::CompileError] {
                assert!(
                    !g.everything_written()
                        .contains(answer.lines().next().unwrap()),
                    "{s} leaked"
                );
            }
        }
        for data in [&include_answer, &include_secret] {
            let g = grade_from(cwd, problems, "tiny", &p(data), &["--sandbox", flag], &env);
            assert_eq!(
                verdicts(&g.report),
                vec![Verdict::CompileError],
                "{}",
                g.run.all()
            );
            let written = g.everything_written();
            assert!(
                !written.contains(secret_text),
                "the root-only file leaked:\n{written}"
            );
            assert!(
                !written.contains("over. The first player"),
                "the answer leaked:\n{written}"
            );
        }
    }
}

#[test]
fn judges_environment_reaches_neither_the_program_nor_a_report() {
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let canary = "canary-e1f0-never-in-a-report";
    let value = PathBuf::from(canary);
    for mode in modes("environment") {
        let (flag, mut env) = mode_args(mode);
        env.push(("JUDGE_TEST_SECRET", &value));
        let g = grade_from(
            &root(),
            "testdata/grading",
            "tiny",
            &hostile("env_dump.sh"),
            &["--sandbox", flag],
            &env,
        );
        check(&g, "env_dump.sh", Verdict::WrongAnswer);
        let diff = g.report.problems[0].cases[0]
            .diff
            .clone()
            .unwrap_or_default();
        assert!(
            diff.contains("PATH=/usr/local/bin:/usr/bin:/bin"),
            "the program's output is in the report: {diff}"
        );
        assert!(
            !g.everything_written().contains(canary),
            "{mode}: the secret leaked"
        );
    }
}

/// Where `write_outside.sh` leaves its file when nothing stops it.
pub(crate) const ESCAPED: [&str; 2] = [
    "/tmp/judge-escaped-write.txt",
    "/var/tmp/judge-escaped-write.txt",
];

/// Removes what `write_outside.sh` left; whether it had left anything.
pub(crate) fn escaped_and_cleared() -> bool {
    // Every file is removed, so no short-circuit.
    let removed: Vec<bool> = ESCAPED
        .iter()
        .map(|f| std::fs::remove_file(f).is_ok())
        .collect();
    removed.contains(&true)
}

#[test]
fn a_program_writes_nothing_outside_its_own_folders_in_the_sandbox() {
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    escaped_and_cleared();
    for mode in modes("writing outside") {
        expect("write_outside.sh", Verdict::WrongAnswer, mode, &[]);
        // Without a sandbox the write lands, which proves the fixture
        // writes; with either layer it must not.
        assert_eq!(escaped_and_cleared(), mode == "off", "{mode}");
    }
}

#[test]
fn the_network_is_unreachable_in_the_sandbox() {
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let answer = std::fs::read(root().join(TINY_ANSWER)).unwrap();
    let listener = std::net::TcpListener::bind("127.0.0.1:47123").unwrap();
    let server = std::thread::spawn(move || {
        if let Ok((mut s, _)) = listener.accept() {
            use std::io::Write;
            let _ = s.write_all(&answer);
        }
    });
    // Without a sandbox the cheat works, which proves the fixture cheats.
    expect("connect_localhost.py", Verdict::Accepted, "off", &[]);
    server.join().unwrap();
    if !sandbox_available("network isolation") {
        return;
    }
    let listener = std::net::TcpListener::bind("127.0.0.1:47123").unwrap();
    listener.set_nonblocking(true).unwrap();
    for mode in modes("network isolation")
        .into_iter()
        .filter(|m| *m != "off")
    {
        expect("connect_localhost.py", Verdict::WrongAnswer, mode, &[]);
        assert!(
            listener.accept().is_err(),
            "{mode}: the sandboxed program reached the host's loopback"
        );
    }
}
