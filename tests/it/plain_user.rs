//! judge run by a plain user (`setpriv` to `nobody`, as a CI runner
//! without root would run it): no cgroup is writable, so accounting is
//! wait4 and the launcher's own watch; the sandbox still holds (either
//! layer) and the verdicts are those the hostile suite gets as root, a
//! 600 MB hog under 256 MiB included (MLE, not RE), and nothing the
//! sandbox must keep from a program reaches it.

use std::path::Path;
use std::process::Command;

use crate::common::{read_report, root};
use crate::grade::SERIAL;
use crate::hostile::escaped_and_cleared;
use judge::verdict::Verdict;

/// A value in judge's environment no program or report may show.
const CANARY: &str = "canary-7d2a-plain-user";

/// judge, `testdata/grading` and the hostile fixtures copied where any
/// user can read them: a clone may lie in a folder only its owner can
/// enter (`mktemp -d` makes one), which `nobody` could not even start
/// judge from.
pub(crate) fn readable_copies() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_judge"), dir.path().join("judge")).unwrap();
    crate::common::copy_tree(
        &root().join("testdata/grading"),
        &dir.path().join("grading"),
    );
    crate::common::copy_tree(
        &root().join("testdata/submissions/hostile"),
        &dir.path().join("hostile"),
    );
    dir
}

/// Grades hostile fixture `name` on `tiny` as `nobody` in `mode` (`off`,
/// `on`, or `landlock`: `on` with the second layer forced), from the
/// copies in `copies`; the verdicts, the report's sandbox label, and
/// everything judge printed and wrote.
pub(crate) fn as_nobody(
    copies: &Path,
    name: &str,
    mode: &str,
    extra: &[&str],
) -> (Vec<Verdict>, String, String) {
    let tmp = tempfile::tempdir().unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        let open = std::fs::Permissions::from_mode(0o1777);
        std::fs::set_permissions(tmp.path(), open).unwrap();
    }
    let reports = tmp.path().join("reports");
    let submission = copies.join("hostile").join(name);
    let problems = copies.join("grading");
    let out = Command::new("setpriv")
        .args(["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"])
        .arg(copies.join("judge"))
        .args(["--color", "never", "--problems"])
        .arg(&problems)
        .args(["grade", "tiny"])
        .arg(&submission)
        .args(["--sandbox", if mode == "off" { "off" } else { "on" }])
        .args(["--no-cache", "--report-dir"])
        .arg(&reports)
        .args(extra)
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("JUDGE_TEST_SECRET", CANARY)
        .envs((mode == "landlock").then_some(("JUDGE_SANDBOX_LAYER", "landlock")))
        .env("HOME", tmp.path())
        .env("TMPDIR", tmp.path())
        .current_dir(tmp.path())
        .output()
        .expect("setpriv runs");
    let mut all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    for file in ["report.yaml", "report.html"] {
        all += &std::fs::read_to_string(reports.join(file)).unwrap_or_default();
    }
    assert!(
        reports.join("report.yaml").is_file(),
        "{name}: no report\n{all}"
    );
    let report = read_report(&reports);
    let verdicts = report.problems[0].cases.iter().map(|c| c.verdict).collect();
    (
        verdicts,
        report.meta.sandbox.clone().unwrap_or_default(),
        all,
    )
}

/// Whether the tests can run judge as `nobody`: root, the account, and
/// setpriv (says so when not).
pub(crate) fn can_become_nobody() -> bool {
    // SAFETY: geteuid cannot fail.
    let root_here = unsafe { libc::geteuid() } == 0;
    let nobody = std::fs::read_to_string("/etc/passwd")
        .is_ok_and(|p| p.lines().any(|l| l.split(':').next() == Some("nobody")));
    let setpriv = judge::engine::toolchain::which("setpriv").is_some();
    if !(root_here && nobody && setpriv) {
        eprintln!("skipped: needs root, a `nobody` account and setpriv to become a plain user");
    }
    root_here && nobody && setpriv
}

/// The hostile fixtures with the verdict each gets in every mode.
const SAME_EVERYWHERE: [(&str, Verdict, &[&str]); 11] = [
    (
        "alloc_600m.c",
        Verdict::MemoryLimit,
        &["--memory-limit", "256MiB"],
    ),
    ("alloc_4g.c", Verdict::MemoryLimit, &[]),
    ("infinite_loop.c", Verdict::TimeLimit, &[]),
    // Its CPU time is a child's nobody waits for: only a watch of the
    // whole tree sees it (TLE on CPU time, not the wall clock).
    ("spinning_child.c", Verdict::TimeLimit, &[]),
    ("segfault.c", Verdict::RuntimeError, &[]),
    ("exit_code.sh", Verdict::RuntimeError, &[]),
    ("fork_bomb.c", Verdict::TimeLimit, &[]),
    ("daemon.c", Verdict::WrongAnswer, &[]),
    ("huge_output.c", Verdict::OutputLimit, &[]),
    ("env_dump.sh", Verdict::WrongAnswer, &[]),
    ("write_outside.sh", Verdict::WrongAnswer, &[]),
];

#[test]
fn a_plain_user_gets_the_same_verdicts_and_mle_without_a_cgroup() {
    if !can_become_nobody() {
        return;
    }
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let copies = readable_copies();
    // The files a plain user must read: the fixtures and judge itself.
    assert!(Path::new(env!("CARGO_BIN_EXE_judge")).exists());
    let mut modes = vec!["off"];
    if crate::common::sandbox("plain user") {
        modes.push("on");
    }
    if judge::engine::confine::probe().complete() {
        modes.push("landlock");
    }
    let answer = std::fs::read(root().join("testdata/grading/tiny/cases/sample/1.out")).unwrap();
    let listener = std::net::TcpListener::bind("127.0.0.1:47123").unwrap();
    listener.set_nonblocking(true).unwrap();
    eprintln!("plain user: modes {modes:?}");
    for mode in modes {
        let sandboxed = mode != "off";
        escaped_and_cleared();
        for (name, verdict, extra) in SAME_EVERYWHERE {
            let (got, sandbox, all) = as_nobody(copies.path(), name, mode, extra);
            assert_eq!(got, vec![verdict], "{mode} {name} ({sandbox})\n{all}");
            // No cgroup for a plain user here: the exactness came from
            // the launcher, not from a cgroup.
            assert!(
                sandbox.ends_with("accounting wait4"),
                "{mode} {name}: {sandbox}"
            );
            if mode == "landlock" {
                assert!(sandbox.starts_with("landlock"), "{name}: {sandbox}");
            }
            assert!(
                !all.contains(CANARY),
                "{mode} {name}: judge's secret leaked"
            );
        }
        // Without a sandbox the write lands (the fixture works as nobody).
        assert_eq!(escaped_and_cleared(), !sandboxed, "{mode}: write_outside");
        // The cheats: each works without a sandbox, none with one.
        let cheat = if sandboxed {
            Verdict::WrongAnswer
        } else {
            Verdict::Accepted
        };
        let slow = ["--time-limit", "30s"];
        let (got, _, all) = as_nobody(copies.path(), "search_filesystem.py", mode, &slow);
        assert_eq!(got, vec![cheat], "{mode} search_filesystem.py\n{all}");
        // The loopback server answers one connection, until grading ends.
        let graded = std::sync::atomic::AtomicBool::new(false);
        let reached = std::thread::scope(|scope| {
            let serve = scope.spawn(|| {
                while !graded.load(std::sync::atomic::Ordering::SeqCst) {
                    if let Ok((mut s, _)) = listener.accept() {
                        use std::io::Write;
                        let _ = s.write_all(&answer);
                        return true;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
                false
            });
            let (got, _, all) = as_nobody(copies.path(), "connect_localhost.py", mode, &[]);
            graded.store(true, std::sync::atomic::Ordering::SeqCst);
            assert_eq!(got, vec![cheat], "{mode} connect_localhost.py\n{all}");
            serve.join().unwrap()
        });
        assert_eq!(reached, !sandboxed, "{mode}: the loopback was reached");
    }
}
