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
use super::namespace::{become_pid1, bind_writable, fresh_tmp, own_mounts, pid1, unbind};
use super::watch::{Capture, Running, end_everything, pidfd_open, reap, wait_all, zeroed_rusage};
use super::wire::{self, Writer};
use super::{Kill, ProcResult, ProcSpec, decode_request, encode_results, errno};
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

/// What the second layer shows a program besides its own folders.
#[derive(Debug, Clone, Default)]
pub(crate) struct Confine {
    /// Folders and files it may read and run (the view's).
    pub(crate) read: Vec<PathBuf>,
    /// Where each request's private scratch folder (its `/tmp`) is made.
    pub(crate) scratch: PathBuf,
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

    fn from_args(args: &[String]) -> Result<Config, String> {
        let mut c = Config::default();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut value = || it.next().cloned().ok_or(format!("{a} needs a value"));
            match a.as_str() {
                "--sandboxed" => c.sandboxed = true,
                "--drop-caps" => c.drop_caps = true,
                "--uid" => c.uid = Some(value()?.parse().map_err(|_| "bad --uid")?),
                "--cgroups" => {
                    c.cgroups = Some(Layout::from_arg(&value()?).ok_or("bad --cgroups")?)
                }
                "--worker" => c.worker = value()?.parse().map_err(|_| "bad --worker")?,
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
                other => return Err(format!("unknown launcher option {other}")),
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
    let config = config.and_then(|c| set_up(c, &mut keep));
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

fn ready(sock: &OwnedFd, result: Result<(), String>) {
    let mut w = Writer::default();
    match result {
        Ok(()) => w.u64(1).str(""),
        Err(e) => w.u64(0).str(&e),
    };
    let _ = wire::send(sock.as_raw_fd(), &w.finish(), &[]);
}

/// One-time set-up; in a sandbox it also proves the sandbox works. The
/// cgroup folders are kept open (`keep`) and reached through
/// `/proc/self/fd`: in a sandbox they are not in the view at all, judge
/// hands them over as open descriptors (and the launcher itself too).
fn set_up(mut config: Config, keep: &mut Vec<OwnedFd>) -> Result<Config, String> {
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
            return Err("the sandboxed launcher must be PID 1 of its namespace".into());
        }
    }
    if let Some(layout) = &config.cgroups {
        let mut opened = Vec::new();
        for dir in layout.dirs() {
            let c = CString::new(dir.display().to_string()).map_err(|e| e.to_string())?;
            // SAFETY: opening a folder by path.
            let fd = unsafe {
                libc::open(
                    c.as_ptr(),
                    libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC,
                )
            };
            if fd < 0 {
                return Err(format!("cannot open {}: {}", dir.display(), errno()));
            }
            // SAFETY: a fresh descriptor we own.
            let fd = unsafe { OwnedFd::from_raw_fd(fd) };
            opened.push(PathBuf::from(format!("/proc/self/fd/{}", fd.as_raw_fd())));
            keep.push(fd);
        }
        let mut paths = opened.into_iter();
        config.cgroups = Some(layout.mapped(|_| paths.next().unwrap_or_default()));
    }
    own_mounts().map_err(|e| format!("cannot set up the mounts: {e}"))?;
    fresh_tmp(64 << 20).map_err(|e| format!("cannot mount a private /tmp: {e}"))?;
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
    let mut binds = Vec::new();
    if config.sandboxed {
        let size = specs
            .iter()
            .map(|s| s.limits.memory)
            .max()
            .unwrap_or(0)
            .max(64 << 20);
        if let Err(e) = fresh_tmp(size) {
            return specs
                .iter()
                .map(|_| ProcResult::not_started(format!("cannot mount /tmp: {e}")))
                .collect();
        }
        for dir in specs.iter().flat_map(|s| s.writable.iter()) {
            match bind_writable(dir) {
                Ok(c) => binds.push(c),
                Err(e) => {
                    binds.iter().for_each(unbind);
                    return specs
                        .iter()
                        .map(|_| ProcResult::not_started(e.clone()))
                        .collect();
                }
            }
        }
    }
    // The second layer's stand-in for a private /tmp: a fresh folder per
    // request, shared by its programs (as the tmpfs is), removed after.
    let scratch = match &config.confine {
        Some(c) => match scratch_dir(&c.scratch, config.worker) {
            Ok(dir) => Some(dir),
            Err(e) => {
                return specs
                    .iter()
                    .map(|_| ProcResult::not_started(format!("cannot make a scratch folder: {e}")))
                    .collect();
            }
        },
        None => None,
    };
    let mut at = 0;
    let mut running: Vec<Result<Running, String>> = requests
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
            Err(e) => (ProcResult::not_started(e), None),
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

fn cstring(s: &str) -> Result<CString, String> {
    CString::new(s).map_err(|_| format!("{s:?} holds a NUL byte"))
}

fn pipe() -> Result<(OwnedFd, OwnedFd), String> {
    let mut fds = [0; 2];
    // SAFETY: valid array for two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(format!("cannot make a pipe: {}", errno()));
    }
    // SAFETY: pipe2 gave us two fresh descriptors.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// The rlimits of a run: backstops and what the kernel enforces per
/// process. Memory is capped by the cgroup when it can (`cgroup_memory`),
/// else by the address space; the stack as the limits say (see
/// [`crate::limits::STACK_CAP`]).
fn rlimits(
    config: &Config,
    l: &crate::limits::RunLimits,
    cgroup_memory: bool,
) -> Vec<(libc::__rlimit_resource_t, u64)> {
    let mut set = Vec::new();
    if !l.cpu.is_zero() {
        // A backstop only: the launcher stops the run within a few
        // milliseconds of the limit by watching it.
        let stop = crate::limits::cpu_stop(l, true);
        set.push((libc::RLIMIT_CPU, stop.as_secs() + 2));
    }
    let stack = if l.stack > 0 {
        l.stack
    } else {
        libc::RLIM_INFINITY
    };
    set.push((libc::RLIMIT_STACK, stack));
    if !cgroup_memory && let Some(a) = l.address_space {
        set.push((libc::RLIMIT_AS, a));
    }
    set.push((libc::RLIMIT_FSIZE, l.output.saturating_add(1)));
    set.push((libc::RLIMIT_NOFILE, l.open_files));
    set.push((libc::RLIMIT_CORE, 0));
    if config.uid.is_some() {
        // Counted per uid: meaningful only for the worker's own uid.
        set.push((libc::RLIMIT_NPROC, l.processes));
    } else if config.cgroups.is_none() {
        // The caller's own uid and no pids controller (a plain user): the
        // uid's tasks now, judge's included, plus the program's share, so
        // a fork bomb cannot take the machine's last threads.
        set.push((libc::RLIMIT_NPROC, tasks_of_our_uid() + l.processes));
    }
    set
}

/// Tasks (processes and threads) of this process' real uid, the count
/// `RLIMIT_NPROC` is held against, from `/proc/*/status`.
fn tasks_of_our_uid() -> u64 {
    // SAFETY: getuid cannot fail.
    let uid = unsafe { libc::getuid() }.to_string();
    let mut tasks = 0;
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let name = entry.file_name();
        if !name.to_string_lossy().bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Ok(status) = std::fs::read_to_string(entry.path().join("status")) else {
            continue;
        };
        let field = |key: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(key))
                .map(str::trim)
        };
        let real_uid = field("Uid:").and_then(|u| u.split_whitespace().next());
        if real_uid == Some(uid.as_str()) {
            tasks += field("Threads:")
                .and_then(|t| t.parse::<u64>().ok())
                .unwrap_or(1);
        }
    }
    tasks
}

/// Starts one program of a request with its descriptors (standard
/// input, standard output, extra files).
fn start(
    config: &Config,
    spec: &ProcSpec,
    fds: &[RawFd],
    group: Option<CaseGroup>,
    scratch: Option<&std::path::Path>,
) -> Result<Running, String> {
    let path = spec.argv.first().ok_or("empty command")?;
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
    let mut prepared = Prepared {
        path: cstring(path)?,
        argv: spec
            .argv
            .iter()
            .map(|a| cstring(a))
            .collect::<Result<_, _>>()?,
        envp: env.iter().map(|a| cstring(a)).collect::<Result<_, _>>()?,
        cwd: cstring(&spec.cwd)?,
        cgroup_procs: group
            .as_ref()
            .map(|g| g.procs_files())
            .unwrap_or_default()
            .iter()
            .map(|p| cstring(&p.display().to_string()))
            .collect::<Result<_, _>>()?,
        rlimits: rlimits(
            config,
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
        return Err(format!("cannot start a process: {}", errno()));
    }
    let mut running = Running {
        pid,
        pidfd: pidfd_open(pid),
        stderr: Capture {
            pipe: stderr_read,
            keep: spec.keep,
            bytes: Vec::new(),
            open: true,
        },
        group,
        start,
        spec: spec.clone(),
        killed: Kill::None,
        reaped: None,
        ended: None,
        tree: Default::default(),
    };
    // EOF: exec worked (the pipe is close-on-exec); 8 bytes: it failed.
    let mut msg = [0u8; 8];
    // SAFETY: reading into a local buffer from our pipe.
    let n = unsafe {
        libc::read(
            error_read.as_raw_fd(),
            msg.as_mut_ptr() as *mut libc::c_void,
            8,
        )
    };
    if n == 8 {
        let step = u32::from_le_bytes([msg[0], msg[1], msg[2], msg[3]]) as usize;
        let errno = i32::from_le_bytes([msg[4], msg[5], msg[6], msg[7]]);
        let what = STEPS.get(step).copied().unwrap_or("start");
        let reason = std::io::Error::from_raw_os_error(errno);
        reap(&mut running, true);
        let target = match what {
            "exec" => format!(" {path}"),
            "change to the working folder" => format!(" ({})", spec.cwd),
            _ => String::new(),
        };
        return Err(format!("could not {what}{target}: {reason}"));
    }
    Ok(running)
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
                peak.unwrap_or(rusage_mem),
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
            error: None,
            stderr: Vec::new(),
        },
        r.group,
        r.stderr,
    )
}

/// A fresh scratch folder under `root` for one request of `worker`'s
/// launcher, writable by the programs' uids (as a tmpfs' `/tmp` is).
/// Named by the worker, not the process id: every launcher is PID 1 of
/// a namespace of its own where one can be made.
fn scratch_dir(root: &std::path::Path, worker: usize) -> std::io::Result<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = root.join(format!("tmp-w{worker}-{n}"));
    // A folder left by this worker's previous launcher is not reused.
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o1777))?;
    Ok(dir)
}

/// The environment with `HOME` and `TMPDIR` in the scratch folder: the
/// second layer has no private `/tmp`, and the host's is not writable.
fn scratch_env(env: &[String], dir: &std::path::Path) -> Vec<String> {
    let dir = dir.display();
    let mut out: Vec<String> = (env.iter())
        .filter(|e| !e.starts_with("HOME=") && !e.starts_with("TMPDIR="))
        .cloned()
        .collect();
    out.extend([format!("HOME={dir}"), format!("TMPDIR={dir}")]);
    out
}

/// The Landlock ruleset and seccomp filters for one program of the
/// second layer: the view and its working folder to read, its writable
/// folders and the scratch folder to write, and the files it was handed.
fn confinement(
    c: &Confine,
    spec: &ProcSpec,
    fds: &[RawFd],
    scratch: &std::path::Path,
) -> Result<(OwnedFd, Vec<libc::sock_fprog>), String> {
    static FILTERS: std::sync::OnceLock<Result<[seccompiler::BpfProgram; 2], String>> =
        std::sync::OnceLock::new();
    let mut read = c.read.clone();
    read.push(PathBuf::from(&spec.cwd));
    // The program's own build folder, wherever it runs from: a word of its
    // command line inside the run's build area names it (a generator
    // started in its output folder runs `python3 BUILD/gen.py`).
    if let Some(area) = c.scratch.parent() {
        for word in &spec.argv {
            let under = std::path::Path::new(word).strip_prefix(area).ok();
            if let Some(first) = under.and_then(|rest| rest.components().next()) {
                read.push(area.join(first));
            }
        }
    }
    let mut write: Vec<PathBuf> = spec.writable.iter().map(PathBuf::from).collect();
    write.push(scratch.to_path_buf());
    let ruleset = crate::confine::ruleset(&read, &write, fds)?;
    let filters = FILTERS
        .get_or_init(crate::confine::filters)
        .as_ref()
        .map_err(Clone::clone)?;
    let programs = filters
        .iter()
        .map(|f| libc::sock_fprog {
            len: f.len() as libc::c_ushort,
            // The program lives in the static for the launcher's life;
            // seccompiler's instruction has the kernel's layout.
            filter: f.as_ptr() as *mut libc::sock_filter,
        })
        .collect();
    Ok((ruleset, programs))
}
