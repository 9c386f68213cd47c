//! judge run by a plain user (`setpriv` to `nobody`, as a CI runner
//! without root would run it): no cgroup is writable, so accounting is
//! wait4 and the launcher's own watch; the sandbox still holds and the
//! verdicts are those the hostile suite gets as root, a 600 MB hog under
//! 256 MiB included (MLE, not RE).

use std::path::Path;
use std::process::Command;

use crate::common::{read_report, root};
use judge::verdict::Verdict;

/// Grades hostile fixture `name` on `tiny` as `nobody` with `--sandbox
/// mode`; the verdict and the report's sandbox label.
fn as_nobody(name: &str, mode: &str, extra: &[&str]) -> (Vec<Verdict>, String, String) {
    let tmp = tempfile::tempdir().unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        let open = std::fs::Permissions::from_mode(0o1777);
        std::fs::set_permissions(tmp.path(), open).unwrap();
    }
    let reports = tmp.path().join("reports");
    let submission = root().join("testdata/submissions/hostile").join(name);
    let problems = root().join("testdata/grading");
    let out = Command::new("setpriv")
        .args(["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"])
        .arg(env!("CARGO_BIN_EXE_judge"))
        .args(["--color", "never", "--problems"])
        .arg(&problems)
        .args(["grade", "tiny"])
        .arg(&submission)
        .args(["--sandbox", mode, "--no-cache", "--report-dir"])
        .arg(&reports)
        .args(extra)
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("HOME", tmp.path())
        .env("TMPDIR", tmp.path())
        .current_dir(tmp.path())
        .output()
        .expect("setpriv runs");
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
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

#[test]
fn a_plain_user_gets_the_same_verdicts_and_mle_without_a_cgroup() {
    // SAFETY: geteuid cannot fail.
    let root_here = unsafe { libc::geteuid() } == 0;
    let nobody = std::fs::read_to_string("/etc/passwd").is_ok_and(|p| p.contains("\nnobody:"));
    let setpriv = judge::engine::toolchain::which("setpriv").is_some();
    if !(root_here && nobody && setpriv) {
        eprintln!("skipped: needs root, a `nobody` account and setpriv to become a plain user");
        return;
    }
    // The files a plain user must read: the fixtures and judge itself.
    assert!(Path::new(env!("CARGO_BIN_EXE_judge")).exists());
    let mut modes = vec!["off"];
    if crate::common::sandbox("plain user") {
        modes.push("on");
    }
    let cases: [(&str, Verdict, &[&str]); 8] = [
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
    ];
    for mode in modes {
        for (name, verdict, extra) in cases {
            let (got, sandbox, all) = as_nobody(name, mode, extra);
            assert_eq!(got, vec![verdict], "{mode} {name} ({sandbox})\n{all}");
            // No cgroup for a plain user here: the exactness came from
            // the launcher, not from a cgroup.
            assert!(
                sandbox.ends_with("accounting wait4"),
                "{mode} {name}: {sandbox}"
            );
        }
    }
}
