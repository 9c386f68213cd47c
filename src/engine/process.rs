//! External programs as limited child processes.
//!
//! How a submission is started matters for speed: std uses `posix_spawn`
//! (vfork-like, ~0.5 ms) unless a `pre_exec` closure or a uid change forces
//! a full `fork`, whose page-table copy costs milliseconds from a large
//! parent. So nothing here uses `pre_exec`. Limits are applied either by the
//! sandbox wrapper before the program's `exec` (no race), or, without a
//! sandbox, with `prlimit(2)` on the child right after it starts.
//!
//! Standard input is the case file itself, standard output goes to an
//! anonymous temporary file (no pipe, so no deadlock and no memory spike),
//! and standard error is drained by a thread that keeps only its tail.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::limits::RunLimits;
use crate::execution::{End, Execution};

/// Bytes of standard error kept for the report.
const STDERR_TAIL: usize = 4096;

/// A program to run: absolute path first, then its arguments.
#[derive(Debug, Clone)]
pub struct Launch {
    pub argv: Vec<String>,
    pub cwd: PathBuf,
    /// Extra environment, on top of a minimal clean one.
    pub env: Vec<(String, String)>,
    /// Whether `argv` is already wrapped by a sandbox that applies limits.
    pub limits_applied_by_wrapper: bool,
}

/// Runs `launch` on the file `input` under `limits`.
pub fn run(launch: &Launch, input: &Path, limits: &RunLimits) -> Execution {
    let start = Instant::now();
    let fail = |msg: String| Execution::failed(End::CouldNotRun(msg), start.elapsed());
    let stdin = match File::open(input) {
        Ok(f) => f,
        Err(e) => return fail(format!("{}: cannot read: {e}", input.display())),
    };
    let mut stdout = match tempfile::tempfile() {
        Ok(f) => f,
        Err(e) => return fail(format!("cannot create a file for standard output: {e}")),
    };
    let child_stdout = match stdout.try_clone() {
        Ok(f) => f,
        Err(e) => return fail(format!("cannot share the output file: {e}")),
    };
    let Some((program, args)) = launch.argv.split_first() else {
        return fail("empty command".into());
    };
    let mut cmd = Command::new(program);
    cmd.args(args)
        .current_dir(&launch.cwd)
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("HOME", "/tmp")
        .env("LANG", "C.UTF-8")
        .envs(launch.env.iter().map(|(k, v)| (k, v)))
        .stdin(stdin)
        .stdout(child_stdout)
        .stderr(Stdio::piped())
        // Its own process group, so a time-out kills everything it started.
        .process_group(0);
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return fail(format!("cannot start {program}: {e}")),
    };
    let pid = child.id() as libc::pid_t;
    if !launch.limits_applied_by_wrapper {
        apply_rlimits(pid, limits);
    }
    drop(cmd);
    let stderr = child.stderr.take();
    let (err_tx, err_rx) = mpsc::channel();
    if let Some(mut pipe) = stderr {
        std::thread::spawn(move || {
            let _ = err_tx.send(drain_tail(&mut pipe));
        });
    }
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(wait_for(pid));
    });
    let (waited, wall_killed) = match rx.recv_timeout(limits.wall) {
        Ok(w) => (w, false),
        Err(_) => {
            kill_group(pid);
            (rx.recv().unwrap_or(Waited::default()), true)
        }
    };
    // Anything the program left running in its group goes too.
    kill_group(pid);
    let wall = start.elapsed();
    // A descendant that escaped the group could hold stderr open forever;
    // do not wait long for it.
    let stderr_tail = err_rx
        .recv_timeout(Duration::from_millis(200))
        .unwrap_or_default();
    let (stdout_bytes, output_size) = read_output(&mut stdout, limits.output);
    let end = classify(&waited, wall_killed, output_size, limits);
    Execution {
        stdout: stdout_bytes,
        stderr_tail,
        wall,
        cpu: Some(waited.cpu),
        memory: Some(waited.max_rss),
        end,
    }
}

/// What `wait4` told us about the child.
#[derive(Debug, Default, Clone, Copy)]
struct Waited {
    /// Raw wait status.
    status: i32,
    cpu: Duration,
    /// Bytes.
    max_rss: u64,
}

/// Blocks until `pid` ends and returns its own resource usage (not
/// RUSAGE_CHILDREN, which would mix in every other case run in parallel).
fn wait_for(pid: libc::pid_t) -> Waited {
    let mut status = 0;
    // SAFETY: zeroed rusage is a valid value; wait4 fills it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: plain syscall on our own child with valid pointers.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            break;
        }
        if r == -1 && std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            break;
        }
    }
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    Waited {
        status,
        cpu: tv(usage.ru_utime) + tv(usage.ru_stime),
        max_rss: usage.ru_maxrss as u64 * 1024,
    }
}

fn kill_group(pid: libc::pid_t) {
    // SAFETY: signalling a process group we created; errors (already gone)
    // are expected and harmless.
    unsafe {
        libc::killpg(pid, libc::SIGKILL);
    }
}

/// Sets limits on a running child. The child may run a few microseconds
/// before they apply; that is the price of `posix_spawn` without a sandbox,
/// and the verdict never depends on it because TLE, MLE and OLE are decided
/// from measurements afterwards.
fn apply_rlimits(pid: libc::pid_t, limits: &RunLimits) {
    let cpu = limits.cpu_rlimit_secs();
    let mut set = vec![
        (libc::RLIMIT_CPU, cpu, cpu + 1),
        (libc::RLIMIT_FSIZE, limits.output + 1, limits.output + 1),
        (libc::RLIMIT_NOFILE, limits.open_files, limits.open_files),
        (libc::RLIMIT_NPROC, limits.processes, limits.processes),
        (libc::RLIMIT_CORE, 0, 0),
    ];
    if let Some(bytes) = limits.address_space {
        set.push((libc::RLIMIT_AS, bytes, bytes));
    }
    for (resource, soft, hard) in set {
        let lim = libc::rlimit {
            rlim_cur: soft,
            rlim_max: hard,
        };
        // SAFETY: valid pointer to a local rlimit; failure leaves the
        // default limit, and the wall clock still bounds the run.
        unsafe {
            libc::prlimit(pid, resource, &lim, std::ptr::null_mut());
        }
    }
}

/// Reads standard error to the end, keeping the last few KiB.
fn drain_tail(pipe: &mut impl Read) -> Vec<u8> {
    let mut tail = Vec::new();
    let mut buf = [0u8; 8192];
    while let Ok(n) = pipe.read(&mut buf) {
        if n == 0 {
            break;
        }
        tail.extend_from_slice(&buf[..n]);
        if tail.len() > 4 * STDERR_TAIL {
            tail.drain(..tail.len() - STDERR_TAIL);
        }
    }
    if tail.len() > STDERR_TAIL {
        tail.drain(..tail.len() - STDERR_TAIL);
    }
    tail
}

/// Reads at most `limit` bytes of the output file and its true size.
fn read_output(file: &mut File, limit: u64) -> (Vec<u8>, u64) {
    let size = file.seek(SeekFrom::End(0)).unwrap_or(0);
    let mut bytes = Vec::new();
    if file.seek(SeekFrom::Start(0)).is_ok() {
        let _ = file.take(limit).read_to_end(&mut bytes);
    }
    (bytes, size)
}

/// Decides how the run ended. Limit verdicts come from measurements, so
/// they do not depend on which signal happened to arrive first.
fn classify(w: &Waited, wall_killed: bool, output_size: u64, limits: &RunLimits) -> End {
    let status = w.status;
    let signal = libc::WIFSIGNALED(status).then(|| libc::WTERMSIG(status));
    // Output past its limit is a fact whatever stopped the program later (a
    // writer that forked before the file-size limit applied is stopped by
    // the CPU or wall clock instead); then CPU time, memory, wall clock.
    if output_size > limits.output || signal == Some(libc::SIGXFSZ) {
        return End::OutputExceeded;
    }
    if w.cpu > limits.cpu || signal == Some(libc::SIGXCPU) {
        return End::TimedOut { wall: false };
    }
    if w.max_rss > limits.memory {
        return End::MemoryExceeded;
    }
    if wall_killed {
        return End::TimedOut { wall: true };
    }
    match signal {
        Some(sig) => End::Signaled(sig),
        None => End::Exited(libc::WEXITSTATUS(status)),
    }
}

/// `name` resolved against the clean PATH used for submissions, so the
/// spawn can stay on the `posix_spawn` path (std falls back to fork when it
/// must search a PATH it was given).
pub(crate) fn resolve(name: &str) -> Option<PathBuf> {
    if name.contains('/') {
        return Some(PathBuf::from(name));
    }
    ["/usr/local/bin", "/usr/bin", "/bin"]
        .iter()
        .map(|d| Path::new(d).join(name))
        .find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Launch {
        Launch {
            argv: vec!["/bin/sh".into(), "-c".into(), script.into()],
            cwd: std::env::temp_dir(),
            env: vec![],
            limits_applied_by_wrapper: false,
        }
    }

    fn limits() -> RunLimits {
        RunLimits::new(Duration::from_millis(500), 256 << 20, 1 << 20)
    }

    #[test]
    fn output_exit_code_and_stderr_are_captured() {
        let e = run(
            &sh("cat; echo oops >&2; exit 3"),
            Path::new("/etc/hostname"),
            &limits(),
        );
        assert_eq!(e.end, End::Exited(3));
        assert_eq!(e.stdout, std::fs::read("/etc/hostname").unwrap());
        assert_eq!(e.stderr_tail, b"oops\n");
    }

    #[test]
    fn sleeping_is_stopped_by_the_wall_clock() {
        let e = run(&sh("sleep 30"), Path::new("/dev/null"), &limits());
        assert_eq!(e.end, End::TimedOut { wall: true });
        assert!(e.wall < Duration::from_secs(4), "{:?}", e.wall);
    }

    #[test]
    fn busy_loops_are_stopped() {
        // On an idle machine this is the CPU limit; on a loaded one the wall
        // backstop may come first. Which one is decided by `classify`.
        let e = run(
            &sh("while :; do :; done"),
            Path::new("/dev/null"),
            &limits(),
        );
        assert!(matches!(e.end, End::TimedOut { .. }), "{e:?}");
    }

    fn waited(status: i32, cpu_ms: u64, rss: u64) -> Waited {
        Waited {
            status,
            cpu: Duration::from_millis(cpu_ms),
            max_rss: rss,
        }
    }

    #[test]
    fn classification_prefers_measurements_in_a_fixed_order() {
        let l = limits();
        // CPU over the limit is TLE even when the wall clock also fired.
        assert_eq!(
            classify(&waited(9, 600, 0), true, 0, &l),
            End::TimedOut { wall: false }
        );
        assert_eq!(
            classify(&waited(9, 100, 0), true, 0, &l),
            End::TimedOut { wall: true }
        );
        // Peak memory over the limit is MLE whatever signal ended it.
        assert_eq!(
            classify(&waited(11, 100, 300 << 20), false, 0, &l),
            End::MemoryExceeded
        );
        assert_eq!(
            classify(&waited(0, 100, 0), false, 2 << 20, &l),
            End::OutputExceeded
        );
        assert_eq!(
            classify(&waited(libc::SIGXFSZ, 100, 0), false, 0, &l),
            End::OutputExceeded
        );
        assert_eq!(
            classify(&waited(11, 100, 0), false, 0, &l),
            End::Signaled(11)
        );
        assert_eq!(
            classify(&waited(3 << 8, 100, 0), false, 0, &l),
            End::Exited(3)
        );
    }

    #[test]
    fn output_over_the_limit_is_cut_and_flagged() {
        let e = run(&sh("yes"), Path::new("/dev/null"), &limits());
        assert_eq!(e.end, End::OutputExceeded);
        assert!(e.stdout.len() as u64 <= limits().output);
    }

    #[test]
    fn signals_are_reported() {
        let e = run(&sh("kill -SEGV $$"), Path::new("/dev/null"), &limits());
        assert_eq!(e.end, End::Signaled(libc::SIGSEGV));
    }

    #[test]
    fn a_missing_input_is_a_judge_problem_not_a_crash() {
        let e = run(&sh("true"), Path::new("/no/such/file"), &limits());
        assert!(matches!(e.end, End::CouldNotRun(_)));
    }
}
