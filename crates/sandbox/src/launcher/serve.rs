//! The launcher process (`judge __launcher`): reads requests from its
//! standard input (a socket), runs each case, answers with measurements.
//!
//! In a sandbox it is PID 1 of its worker's PID namespace (bubblewrap
//! `--as-pid-1`): every process a case starts is its descendant, orphans
//! come to it, and after each case one `kill(-1, SIGKILL)` ends every
//! process in the namespace but itself, so nothing a case started outlives
//! it. Each case gets a fresh `/tmp` (a new tmpfs). A fresh PID namespace
//! per case was measured too: it costs 1.6× a plain start on these
//! machines, against 1.1× for this design, for the same guarantee.
//!
//! Unsandboxed it makes itself PID 1 of a new PID namespace all the same
//! (as root, or in a user namespace where that is allowed): a program run
//! without isolation can then still not signal anything outside its
//! namespace (`kill -9 -1` as root would otherwise end every process of the
//! machine), and the same `kill(-1)` clean-up applies. Where no namespace
//! can be made it is a child subreaper: orphans come to it, and it kills
//! and reaps them after each case.
//!
//! It stays single-threaded on purpose: children are started with
//! `CLONE_VM | CLONE_VFORK`, which is only sound when no other thread runs.

use std::ffi::CString;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::child::{self, Prepared, STEPS};
use super::errors::{ConfigError, RequestError, SetUpError, StartError};
use super::namespace::{become_pid1, bind_writable, fresh_tmp, own_mounts, pid1, unbind};
use super::rlimits::{Tasks, address_space_cap, rlimits};
use super::second::{Confine, confinement, scratch_dir, scratch_env};
use super::watch::{Capture, Running, end_everything, reap, wait_all, zeroed_rusage};
use super::wire::{self, Writer};
use super::{ProcResult, ProcSpec, decode_request, encode_results, errno};
use crate::cgroup::{CaseGroup, Layout};

/// The launcher's settings, from its command line.
#[derive(Debug, Clone, Default)]
pub(crate) struct Config {
    /// Inside the sandbox (PID 1 of the worker's namespace).
    pub(crate) sandboxed: bool,
    /// Become this uid (one per worker) before exec.
    pub(crate) uid: Option<u32>,
    /// Drop every capability before exec (user-namespace sandbox).
    pub(crate) drop_caps: bool,
    /// This run's cgroup folders (as the launcher sees them).
    pub(crate) cgroups: Option<Layout>,
    /// Which worker: names this launcher's cgroup folders apart from the
    /// other launchers' of the run.
    pub(crate) worker: usize,
    /// The second isolation layer (Landlock and seccomp), for a launcher
    /// that runs outside bubblewrap.
    pub(crate) confine: Option<Confine>,
}

impl Config {
    pub(crate) fn to_args(&self) -> Vec<String> {
        let mut a = vec!["__launcher".to_string()];
        if self.sandboxed {
            a.push("--sandboxed".into());
        }
        if let Some(uid) = self.uid {
            a.extend(["--uid".into(), uid.to_string()]);
        }
        if self.drop_caps {
            a.push("--drop-caps".into());
        }
        if let Some(l) = &self.cgroups {
            a.extend(["--cgroups".into(), l.to_arg()]);
        }
        a.extend(["--worker".into(), self.worker.to_string()]);
        if let Some(c) = &self.confine {
            a.extend(["--confine".into(), c.scratch.display().to_string()]);
            for r in &c.read {
                a.extend(["--read".into(), r.display().to_string()]);
            }
        }
        a
    }

    fn from_args(args: &[String]) -> Result<Config, ConfigError> {
        let mut c = Config::default();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut value = || {
                let missing = || ConfigError::MissingValue(a.clone());
                it.next().cloned().ok_or_else(missing)
            };
            match a.as_str() {
                "--sandboxed" => c.sandboxed = true,
                "--drop-caps" => c.drop_caps = true,
                "--uid" => {
                    c.uid = Some(
                        value()?
                            .parse()
                            .map_err(|_| ConfigError::BadValue("--uid"))?,
                    )
                }
                "--cgroups" => {
                    let layout = Layout::from_arg(&value()?);
                    c.cgroups = Some(layout.ok_or(ConfigError::BadValue("--cgroups"))?)
                }
                "--worker" => {
                    c.worker = value()?
                        .parse()
                        .map_err(|_| ConfigError::BadValue("--worker"))?
                }
                "--confine" => {
                    let scratch = PathBuf::from(value()?);
                    c.confine.get_or_insert_with(Confine::default).scratch = scratch;
                }
                "--read" => {
                    let read = PathBuf::from(value()?);
                    c.confine
                        .get_or_insert_with(Confine::default)
                        .read
                        .push(read);
                }
                other => return Err(ConfigError::Unknown(other.to_string())),
            }
        }
        Ok(c)
    }
}

/// The launcher's `main`: returns its exit code.
pub fn serve(args: &[String]) -> i32 {
    // SAFETY: fd 0 is the socket judge gave us; we own it from here on.
    let sock = unsafe { OwnedFd::from_raw_fd(0) };
    let mut keep = Vec::new();
    let config = Config::from_args(args);
    if let Ok(c) = &config
        && !c.sandboxed
        && let Some(code) = become_pid1()
    {
        // The outer half: it only waits for the launcher inside.
        return code;
    }
    let config = config
        .map_err(SetUpError::from)
        .and_then(|c| set_up(c, &mut keep));
    let config = match config {
        Ok(c) => {
            ready(&sock, Ok(()));
            c
        }
        Err(e) => {
            ready(&sock, Err(e));
            return 2;
        }
    };
    let mut groups: Vec<Option<CaseGroup>> = Vec::new();
    loop {
        let (data, fds) = match wire::recv(sock.as_raw_fd()) {
            Ok(Some(m)) => m,
            Ok(None) => return 0,
            Err(e) => {
                eprintln!("judge launcher: {e}");
                return 1;
            }
        };
        let results = match decode_request(&data) {
            Ok(specs) if fits(&specs, fds.len()) => run_all(&config, &mut groups, &specs, fds),
            _ => {
                eprintln!("judge launcher: malformed request");
                return 1;
            }
        };
        if let Err(e) = wire::send(sock.as_raw_fd(), &encode_results(&results), &[]) {
            eprintln!("judge launcher: {e}");
            return 1;
        }
    }
}

/// Whether a request's descriptor counts are sane and add up to `fds`.
fn fits(specs: &[(ProcSpec, usize)], fds: usize) -> bool {
    let sane = specs
        .iter()
        .all(|(_, n)| (2..=2 + child::MAX_FILES).contains(n));
    sane && specs.iter().map(|(_, n)| n).sum::<usize>() == fds
}

fn ready(sock: &OwnedFd, result: Result<(), SetUpError>) {
    let mut w = Writer::default();
    match result {
        Ok(()) => w.u64(1).str(""),
        Err(e) => w.u64(0).str(&e.to_string()),
    };
    let _ = wire::send(sock.as_raw_fd(), &w.finish(), &[]);
}

/// One-time set-up; in a sandbox it also proves the sandbox works. The
/// cgroup folders are kept open (`keep`) and reached through
/// `/proc/self/fd`: in a sandbox they are not in the view at all, judge
/// hands them over as open descriptors (and the launcher itself too).
fn set_up(mut config: Config, keep: &mut Vec<OwnedFd>) -> Result<Config, SetUpError> {
    // SAFETY: plain prctl calls on ourselves.
    unsafe {
        if !config.sandboxed {
            if !pid1() {
                // Orphans of an unsandboxed program come to us, so none survives.
                libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);
            }
            return Ok(config);
        }
        // Programs run as our uid in a user namespace: no core dumps of
        // us and no ptrace of us.
        libc::prctl(libc::PR_SET_DUMPABLE, 0);
        if libc::getpid() != 1 {
            return Err(SetUpError::NotPid1);
        }
    }
    if let Some(layout) = &config.cgroups {
        let mut opened = Vec::new();
        for dir in layout.dirs() {
            let c = CString::new(dir.display().to_string())?;
            // SAFETY: opening a folder by path.
            let fd = unsafe {
                libc::open(
                    c.as_ptr(),
                    libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC,
                )
            };
            if fd < 0 {
                return Err(SetUpError::OpenCgroup {
                    dir: dir.to_path_buf(),
                    source: errno(),
                });
            }
            // SAFETY: a fresh descriptor we own.
            let fd = unsafe { OwnedFd::from_raw_fd(fd) };
            opened.push(PathBuf::from(format!("/proc/self/fd/{}", fd.as_raw_fd())));
            keep.push(fd);
        }
        let mut paths = opened.into_iter();
        config.cgroups = Some(layout.mapped(|_| paths.next().unwrap_or_default()));
    }
    own_mounts().map_err(SetUpError::Mounts)?;
    fresh_tmp(64 << 20).map_err(SetUpError::Tmp)?;
    Ok(config)
}

/// Runs one request's programs at the same time; `groups` are this
/// launcher's cgroups, one per program of a request, kept between cases.
fn run_all(
    config: &Config,
    groups: &mut Vec<Option<CaseGroup>>,
    requests: &[(ProcSpec, usize)],
    fds: Vec<OwnedFd>,
) -> Vec<ProcResult> {
    let specs: Vec<&ProcSpec> = requests.iter().map(|(s, _)| s).collect();
    groups.resize_with(groups.len().max(specs.len()), || None);
    let (binds, scratch) = match prepare(config, &specs) {
        Ok(prepared) => prepared,
        Err(e) => {
            let why = e.to_string();
            return (specs.iter())
                .map(|_| ProcResult::not_started(why.clone()))
                .collect();
        }
    };
    let mut at = 0;
    let mut running: Vec<Result<Running, StartError>> = requests
        .iter()
        .enumerate()
        .map(|(i, (spec, count))| {
            let mine: Vec<RawFd> = fds[at..at + count].iter().map(|f| f.as_raw_fd()).collect();
            at += count;
            let group = case_group(config, &mut groups[i], i, spec);
            start(config, spec, &mine, group, scratch.as_deref())
        })
        .collect();
    // Our copies of the pipes between programs must go, or a reader would
    // never see its writer end.
    drop(fds);
    wait_all(&mut running);
    let mut results: Vec<(ProcResult, Option<Capture>)> = running
        .into_iter()
        .enumerate()
        .map(|(i, r)| match r {
            Ok(r) => {
                let (result, group, stderr) = finish(config, r);
                groups[i] = group;
                (result, Some(stderr))
            }
            Err(e) => (ProcResult::not_started(e.to_string()), None),
        })
        .collect();
    // Only now is every writer of the stderr pipes gone.
    end_everything();
    binds.iter().for_each(unbind);
    if let Some(dir) = &scratch {
        let _ = std::fs::remove_dir_all(dir);
    }
    for (result, stderr) in &mut results {
        if let Some(c) = stderr.take() {
            result.stderr = c.finish();
        }
    }
    results.into_iter().map(|(r, _)| r).collect()
}

/// What a request's programs share, made before any starts: sandboxed, a
/// fresh `/tmp` sized for the largest and their writable folders bound
/// writable (undone after the request); in the second layer, a scratch
/// folder standing in for a private `/tmp` (removed after).
fn prepare(
    config: &Config,
    specs: &[&ProcSpec],
) -> Result<(Vec<CString>, Option<PathBuf>), RequestError> {
    let mut binds = Vec::new();
    if config.sandboxed {
        let size = specs
            .iter()
            .map(|s| s.limits.memory)
            .max()
            .unwrap_or(0)
            .max(64 << 20);
        fresh_tmp(size).map_err(RequestError::Tmp)?;
        for dir in specs.iter().flat_map(|s| s.writable.iter()) {
            match bind_writable(dir) {
                Ok(c) => binds.push(c),
                Err(e) => {
                    binds.iter().for_each(unbind);
                    return Err(RequestError::Writable(e));
                }
            }
        }
    }
    let scratch = match &config.confine {
        Some(c) => Some(scratch_dir(&c.scratch, config.worker).map_err(RequestError::Scratch)?),
        None => None,
    };
    Ok((binds, scratch))
}

/// This launcher's cgroup for program `i` of a request, ready for a case
/// under `spec`'s limits (made at first use; launchers of one run share
/// the run's folder, so the worker number names it). `None` when cgroups
/// are not available: accounting falls back to wait4.
fn case_group(
    config: &Config,
    slot: &mut Option<CaseGroup>,
    i: usize,
    spec: &ProcSpec,
) -> Option<CaseGroup> {
    let layout = config.cgroups.as_ref()?;
    let mut group = match slot.take() {
        Some(g) => g,
        None => CaseGroup::open(layout, &format!("worker-{}-{i}", config.worker)).ok()?,
    };
    group
        .begin(spec.limits.memory.max(1 << 20), spec.limits.processes)
        .ok()?;
    Some(group)
}

fn cstring(s: &str) -> Result<CString, StartError> {
    CString::new(s).map_err(|_| StartError::NulByte(s.to_string()))
}

fn cstrings(words: impl IntoIterator<Item = impl AsRef<str>>) -> Result<Vec<CString>, StartError> {
    words.into_iter().map(|w| cstring(w.as_ref())).collect()
}

fn pipe() -> Result<(OwnedFd, OwnedFd), StartError> {
    let mut fds = [0; 2];
    // SAFETY: valid array for two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(StartError::Pipe(errno()));
    }
    // SAFETY: pipe2 gave us two fresh descriptors.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Starts one program of a request with its descriptors (standard
/// input, standard output, extra files).
fn start(
    config: &Config,
    spec: &ProcSpec,
    fds: &[RawFd],
    group: Option<CaseGroup>,
    scratch: Option<&std::path::Path>,
) -> Result<Running, StartError> {
    let path = spec.argv.first().ok_or(StartError::EmptyCommand)?;
    let confined = match (&config.confine, scratch) {
        (Some(c), Some(dir)) => Some(confinement(c, spec, fds, dir)?),
        _ => None,
    };
    let env: Vec<String> = match scratch {
        Some(dir) if confined.is_some() => scratch_env(&spec.env, dir),
        _ => spec.env.clone(),
    };
    let (error_read, error_write) = pipe()?;
    let (stderr_read, stderr_write) = pipe()?;
    // SAFETY: making our own pipe end non-blocking.
    unsafe { libc::fcntl(stderr_read.as_raw_fd(), libc::F_SETFL, libc::O_NONBLOCK) };
    let mut files = [-1; child::MAX_FILES];
    for (slot, &fd) in files.iter_mut().zip(&fds[2..]) {
        *slot = fd;
    }
    let procs = group.as_ref().map(|g| g.procs_files()).unwrap_or_default();
    let mut prepared = Prepared {
        path: cstring(path)?,
        argv: cstrings(&spec.argv)?,
        envp: cstrings(&env)?,
        cwd: cstring(&spec.cwd)?,
        cgroup_procs: cstrings(procs.iter().map(|p| p.display().to_string()))?,
        rlimits: rlimits(
            match (config.uid, &config.cgroups) {
                (Some(_), _) => Tasks::WorkerUid,
                (None, Some(_)) => Tasks::Cgroup,
                (None, None) => Tasks::CallersUid,
            },
            &spec.limits,
            group.as_ref().is_some_and(|g| g.limits_memory()),
        ),
        // A checker or interactor runs as another uid than the
        // submission (it must be safe from the program it talks to).
        uid: config.uid.map(|u| u + spec.role.uid_offset()),
        drop_caps: config.drop_caps,
        stdin: fds[0],
        stdout: fds[1],
        stderr: stderr_write.as_raw_fd(),
        files,
        file_count: fds.len() - 2,
        error: error_write.as_raw_fd(),
        argv_ptrs: Vec::new(),
        envp_ptrs: Vec::new(),
        landlock: confined.as_ref().map_or(-1, |(fd, _)| fd.as_raw_fd()),
        seccomp: confined
            .as_ref()
            .map(|(_, f)| f.clone())
            .unwrap_or_default(),
    };
    prepared.seal();
    let start = Instant::now();
    let pid = child::spawn(&prepared);
    drop(error_write);
    drop(stderr_write);
    if pid < 0 {
        return Err(StartError::Spawn(errno()));
    }
    let mut running = Running::started(pid, start, spec, stderr_read, group);
    if let Some(e) = exec_failure(&error_read, spec) {
        reap(&mut running, true);
        return Err(e);
    }
    Ok(running)
}

/// What the child reported on its error pipe: nothing (EOF, as the pipe
/// is close-on-exec) when exec worked; else the step that failed and its
/// errno, 4 bytes each.
fn exec_failure(error_read: &OwnedFd, spec: &ProcSpec) -> Option<StartError> {
    let mut msg = [0u8; 8];
    // SAFETY: reading into a local buffer from our pipe.
    let n = unsafe {
        libc::read(
            error_read.as_raw_fd(),
            msg.as_mut_ptr() as *mut libc::c_void,
            8,
        )
    };
    if n != 8 {
        return None;
    }
    let step = u32::from_le_bytes([msg[0], msg[1], msg[2], msg[3]]) as usize;
    let errno = i32::from_le_bytes([msg[4], msg[5], msg[6], msg[7]]);
    let source = std::io::Error::from_raw_os_error(errno);
    Some(match STEPS.get(step).copied().unwrap_or("start") {
        "exec" => StartError::Exec {
            path: spec.argv.first().cloned().unwrap_or_default(),
            source,
        },
        "change to the working folder" => StartError::Chdir {
            cwd: spec.cwd.clone(),
            source,
        },
        step => StartError::Step { step, source },
    })
}

fn finish(config: &Config, mut r: Running) -> (ProcResult, Option<CaseGroup>, Capture) {
    reap(&mut r, true);
    // The moment it was seen to end (wait_all polls the pidfds, so that is
    // within a system call of the real end), not when the others ended.
    let ended = r.ended.unwrap_or_else(Instant::now);
    let wall = ended.duration_since(r.start);
    if !config.sandboxed {
        // SAFETY: the program's own process group.
        unsafe { libc::kill(-r.pid, libc::SIGKILL) };
    }
    let (status, usage) = r.reaped.unwrap_or((0, zeroed_rusage()));
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    let rusage_cpu = tv(usage.ru_utime) + tv(usage.ru_stime);
    let rusage_mem = usage.ru_maxrss as u64 * 1024;
    let cgroup_memory = r.group.as_ref().is_some_and(|g| g.limits_memory());
    let address_space = address_space_cap(&r.spec.limits, cgroup_memory);
    let (cpu, memory, oom, exact) = match &r.group {
        Some(g) => {
            g.kill_all();
            for _ in 0..200 {
                if g.is_empty() {
                    break;
                }
                std::thread::sleep(Duration::from_micros(50));
            }
            let cpu = g.cpu();
            let peak = g.peak_memory();
            (
                cpu.unwrap_or(rusage_cpu),
                // The watch's peak too where the group does not limit
                // memory (it is 0 where it did not watch).
                peak.unwrap_or(rusage_mem).max(r.tree.peak),
                g.oom_killed(),
                cpu.is_some() && peak.is_some(),
            )
        }
        // No cgroup: wait4's figures, or what the watch saw of the whole
        // tree while it ran (children nobody waited for included), the
        // larger of each.
        None => (
            rusage_cpu.max(r.tree.cpu),
            rusage_mem.max(r.tree.peak),
            false,
            false,
        ),
    };
    (
        ProcResult {
            status: Some(status),
            cpu,
            memory,
            wall,
            killed: r.killed,
            oom,
            exact,
            address_space,
            error: None,
            stderr: Vec::new(),
        },
        r.group,
        r.stderr,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(args: &[&str]) -> Result<Config, ConfigError> {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        Config::from_args(&args)
    }

    #[test]
    fn a_command_line_judge_did_not_write_says_what_is_wrong() {
        let e = config(&["--worker", "3", "--uid"]).unwrap_err();
        assert!(matches!(&e, ConfigError::MissingValue(o) if o == "--uid"));
        assert_eq!(e.to_string(), "--uid needs a value");
        let e = config(&["--uid", "me"]).unwrap_err();
        assert!(matches!(e, ConfigError::BadValue("--uid")));
        assert_eq!(e.to_string(), "bad --uid");
        let e = config(&["--cgroups", "nowhere"]).unwrap_err();
        assert!(matches!(e, ConfigError::BadValue("--cgroups")));
        let e = config(&["--fast"]).unwrap_err();
        assert!(matches!(&e, ConfigError::Unknown(o) if o == "--fast"));
        assert_eq!(e.to_string(), "unknown launcher option --fast");
        let e = SetUpError::from(e);
        assert_eq!(e.to_string(), "unknown launcher option --fast");
    }

    #[test]
    fn a_config_round_trips_through_its_command_line() {
        let c = Config {
            uid: Some(7),
            worker: 2,
            ..Config::default()
        };
        let args = c.to_args();
        let back = Config::from_args(&args[1..]).unwrap();
        assert_eq!((back.uid, back.worker), (Some(7), 2));
    }

    #[test]
    fn a_word_with_a_nul_byte_is_named() {
        let e = cstrings(["ok", "b\0d"]).unwrap_err();
        assert!(matches!(&e, StartError::NulByte(w) if w == "b\0d"));
        assert_eq!(e.to_string(), "\"b\\0d\" holds a NUL byte");
    }
}
