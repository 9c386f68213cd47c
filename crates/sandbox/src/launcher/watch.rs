//! Watching the programs of a case while they run: their standard error
//! read as it comes, CPU time checked every [`WATCH`] and the wall clock
//! against their limits, a run stopped at a limit, and after the case
//! everything it left killed and reaped.
//!
//! Apart from [`super::serve`], which starts programs and answers requests,
//! because this is where a limit turns into a kill.

use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::time::{Duration, Instant};

use super::errors::StartError;
use super::namespace::pid1;
use super::{Keep, Kill, ProcSpec, errno};
use crate::cgroup::CaseGroup;

/// Standard error of a running program, read as it comes.
pub(super) struct Capture {
    pub(super) pipe: OwnedFd,
    pub(super) keep: Keep,
    pub(super) bytes: Vec<u8>,
    pub(super) open: bool,
}

impl Capture {
    /// Reads whatever is there now (the pipe is non-blocking).
    pub(super) fn pump(&mut self) {
        let mut buf = [0u8; 65536];
        while self.open {
            // SAFETY: reading into a local buffer from our pipe.
            let n = unsafe {
                libc::read(
                    self.pipe.as_raw_fd(),
                    buf.as_mut_ptr() as *mut libc::c_void,
                    buf.len(),
                )
            };
            if n == 0 {
                self.open = false;
            } else if n < 0 {
                if errno().raw_os_error() != Some(libc::EINTR) {
                    return;
                }
            } else {
                self.add(&buf[..n as usize]);
            }
        }
    }

    fn add(&mut self, data: &[u8]) {
        match self.keep {
            Keep::Head(max) => {
                let room = max.saturating_sub(self.bytes.len());
                self.bytes.extend_from_slice(&data[..data.len().min(room)]);
            }
            Keep::Tail(max) => {
                self.bytes.extend_from_slice(data);
                if self.bytes.len() > 2 * max.max(1) {
                    self.bytes.drain(..self.bytes.len() - max);
                }
            }
        }
    }

    pub(super) fn finish(mut self) -> Vec<u8> {
        self.pump();
        if let Keep::Tail(max) = self.keep
            && self.bytes.len() > max
        {
            self.bytes.drain(..self.bytes.len() - max);
        }
        self.bytes
    }
}

/// A started program.
pub(super) struct Running {
    pub(super) pid: i32,
    pub(super) pidfd: Option<OwnedFd>,
    pub(super) stderr: Capture,
    pub(super) group: Option<CaseGroup>,
    pub(super) start: Instant,
    pub(super) spec: ProcSpec,
    pub(super) killed: Kill,
    /// Raw wait status and rusage once reaped, and when.
    pub(super) reaped: Option<(i32, libc::rusage)>,
    pub(super) ended: Option<Instant>,
    /// Where no cgroup counts the program: the most its whole process
    /// tree was seen to hold resident, and the CPU time it was last seen
    /// to have used (see [`tree_usage`]).
    pub(super) tree: TreeUsage,
}

impl Running {
    /// Program `pid` of `spec`, started at `start`, whose standard error
    /// comes through `stderr` (our non-blocking end of its pipe).
    pub(super) fn started(
        pid: i32,
        start: Instant,
        spec: &ProcSpec,
        stderr: OwnedFd,
        group: Option<CaseGroup>,
    ) -> Running {
        Running {
            pid,
            pidfd: pidfd_open(pid),
            stderr: Capture {
                pipe: stderr,
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
        }
    }
}

/// CPU time and resident memory of a program's process tree, summed from
/// `/proc` while it runs.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct TreeUsage {
    pub(super) cpu: Duration,
    pub(super) peak: u64,
}

pub(super) fn pidfd_open(pid: i32) -> Option<OwnedFd> {
    // SAFETY: pidfd_open on our own child; the result is a fresh fd.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    // SAFETY: a non-negative return value is a descriptor we own.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

/// Reaps `r` if it has ended (or waits for it when `block`).
pub(super) fn reap(r: &mut Running, block: bool) -> bool {
    if r.reaped.is_some() {
        return true;
    }
    let mut status = 0;
    let mut usage = zeroed_rusage();
    loop {
        let flags = if block { 0 } else { libc::WNOHANG };
        // SAFETY: wait4 on our own child with valid pointers.
        let got = unsafe { libc::wait4(r.pid, &mut status, flags, &mut usage) };
        if got == r.pid {
            r.reaped = Some((status, usage));
            r.ended = Some(Instant::now());
            return true;
        }
        if got == -1 && errno().raw_os_error() == Some(libc::EINTR) {
            continue;
        }
        return false;
    }
}

/// How often CPU time is looked at while a program runs.
const WATCH: Duration = Duration::from_millis(10);

pub(super) fn wait_all(running: &mut [Result<Running, StartError>]) {
    let alone = running.len() == 1;
    loop {
        let live: Vec<usize> = running
            .iter_mut()
            .enumerate()
            .filter_map(|(i, r)| match r {
                Ok(r) => (!reap(r, false)).then_some(i),
                Err(_) => None,
            })
            .collect();
        if live.is_empty() {
            return;
        }
        let now = Instant::now();
        let mut timeout = WATCH;
        for &i in &live {
            let Ok(r) = &mut running[i] else { continue };
            let elapsed = now.duration_since(r.start);
            if r.killed != Kill::None {
                continue;
            }
            let limits = r.spec.limits;
            // Where no cgroup limits the tree's memory, one walk of it per
            // tick serves the memory check (and the CPU check where no
            // cgroup counts CPU time either).
            let unlimited = r.group.as_ref().is_none_or(|g| !g.limits_memory());
            let tree = unlimited.then(|| watch_tree(r));
            if elapsed >= limits.wall {
                stop(r, Kill::Wall, alone);
            } else if !limits.cpu.is_zero()
                && cpu_so_far(r)
                    > crate::limits::cpu_stop(&limits, r.spec.role == super::Role::Submission)
            {
                stop(r, Kill::Cpu, alone);
            } else if tree.is_some_and(|t| limits.memory > 0 && t.peak > limits.memory) {
                // No cgroup counts its memory: the launcher does, over
                // the whole process tree, as often as it checks the time.
                stop(r, Kill::Memory, alone);
            } else {
                timeout = timeout.min(limits.wall - elapsed);
            }
        }
        let mut pfds: Vec<libc::pollfd> = live
            .iter()
            .filter_map(|&i| running[i].as_ref().ok())
            .flat_map(|r| {
                let pidfd = r.pidfd.as_ref().map(|f| f.as_raw_fd());
                let stderr = r.stderr.open.then(|| r.stderr.pipe.as_raw_fd());
                pidfd.into_iter().chain(stderr)
            })
            .map(|fd| libc::pollfd {
                fd,
                events: libc::POLLIN,
                revents: 0,
            })
            .collect();
        let ms = timeout.as_millis().clamp(1, 1000) as i32;
        if pfds.is_empty() {
            std::thread::sleep(Duration::from_millis(1));
        } else {
            // SAFETY: valid pollfd array.
            unsafe { libc::poll(pfds.as_mut_ptr(), pfds.len() as libc::nfds_t, ms) };
        }
        for &i in &live {
            if let Ok(r) = &mut running[i] {
                r.stderr.pump();
            }
        }
    }
}

/// CPU time used so far: the cgroup's, else the program's own.
/// CPU time from the cgroup, else from the tree: walked this tick where
/// there is no cgroup, walked here where the cgroup cannot tell.
fn cpu_so_far(r: &mut Running) -> Duration {
    match r.group.as_ref().map(|g| g.cpu()) {
        Some(Some(cpu)) => cpu,
        Some(None) => {
            watch_tree(r);
            r.tree.cpu
        }
        None => r.tree.cpu,
    }
}

/// Reads the tree once and keeps its figures; returns this reading.
fn watch_tree(r: &mut Running) -> TreeUsage {
    let Some(pid) = r.pidfd.as_ref().and_then(proc_pid) else {
        return TreeUsage::default();
    };
    let now = tree_usage(pid);
    r.tree.cpu = r.tree.cpu.max(now.cpu);
    r.tree.peak = r.tree.peak.max(now.peak);
    now
}

/// CPU time (with what exited children left in their parents' counts)
/// and resident memory of `pid` and every descendant, walked through the
/// kernel's `children` lists: the cost follows the tree, not the machine.
fn tree_usage(pid: i32) -> TreeUsage {
    // SAFETY: sysconf only reads constants.
    let (page, tick) = unsafe {
        (
            libc::sysconf(libc::_SC_PAGESIZE).max(4096) as u64,
            libc::sysconf(libc::_SC_CLK_TCK).max(1) as u64,
        )
    };
    let mut usage = TreeUsage::default();
    let mut todo = vec![pid];
    let mut seen = 0;
    while let Some(p) = todo.pop() {
        seen += 1;
        if seen > 4096 {
            break;
        }
        let Ok(text) = std::fs::read_to_string(format!("/proc/{p}/stat")) else {
            continue;
        };
        let Some(rest) = text.rfind(')').and_then(|i| text.get(i + 2..)) else {
            continue;
        };
        let f: Vec<u64> = rest
            .split_whitespace()
            .map(|x| x.parse().unwrap_or(0))
            .collect();
        // After ") ": state, ppid, …; utime 11, stime 12, cutime 13,
        // cstime 14, rss 21 (pages).
        let ticks = f.get(11..15).map_or(0, |t| t.iter().sum::<u64>());
        usage.cpu += Duration::from_nanos(ticks * 1_000_000_000 / tick);
        usage.peak += f.get(21).copied().unwrap_or(0) * page;
        let tasks = std::fs::read_dir(format!("/proc/{p}/task"))
            .into_iter()
            .flatten();
        for task in tasks.flatten() {
            let children =
                std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
            todo.extend(
                children
                    .split_whitespace()
                    .filter_map(|c| c.parse::<i32>().ok()),
            );
        }
    }
    usage
}

/// A child's pid as `/proc` numbers it, which differs from ours when we
/// are in a PID namespace that `/proc` does not belong to: the kernel
/// tells it in the pidfd's fdinfo.
fn proc_pid(pidfd: &OwnedFd) -> Option<i32> {
    let info = std::fs::read_to_string(format!("/proc/self/fdinfo/{}", pidfd.as_raw_fd())).ok()?;
    info.lines()
        .find_map(|l| l.strip_prefix("Pid:"))
        .and_then(|p| p.trim().parse().ok())
        .filter(|&p: &i32| p > 0)
}

/// Ends a run at a limit: the program, its process group and its cgroup;
/// when it runs `alone`, everything else in the namespace too. (A program
/// run with others, such as a submission with its interactor, must not
/// take them down: the other side's reaction is part of the verdict.
/// Its cgroup still reaches any daemon it left behind.)
fn stop(r: &mut Running, why: Kill, alone: bool) {
    r.killed = why;
    // SAFETY: signalling our own child and its process group.
    unsafe {
        libc::kill(r.pid, libc::SIGKILL);
        libc::kill(-r.pid, libc::SIGKILL);
    }
    if let Some(g) = &r.group {
        g.kill_all();
    }
    if alone && pid1() {
        // Everything else in the namespace too (daemons left their group).
        // SAFETY: as PID 1, kill(-1) reaches every other process of our
        // namespace and nothing outside it.
        unsafe { libc::kill(-1, libc::SIGKILL) };
    }
}

/// Kills and reaps everything the case left: as PID 1, every other
/// process of the namespace; otherwise every child that came to us as
/// subreaper (each may have children that come next).
pub(super) fn end_everything() {
    let pid1 = pid1();
    for _ in 0..10_000 {
        if pid1 {
            // SAFETY: see `stop`.
            unsafe { libc::kill(-1, libc::SIGKILL) };
        }
        let mut status = 0;
        let mut reaped = false;
        // SAFETY: reaping our own children without blocking.
        while unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) } > 0 {
            reaped = true;
        }
        let mut none_left = || -> bool {
            // SAFETY: a non-blocking probe for any child at all.
            let r = unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) };
            r < 0 && errno().raw_os_error() == Some(libc::ECHILD)
        };
        if none_left() {
            return;
        }
        if !pid1 {
            // As subreaper: our children, as /proc numbers them (the same
            // namespace as ours here).
            let children =
                std::fs::read_to_string("/proc/thread-self/children").unwrap_or_default();
            for pid in children
                .split_whitespace()
                .filter_map(|p| p.parse::<i32>().ok())
            {
                // SAFETY: a child of ours.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
        }
        if !reaped {
            std::thread::sleep(Duration::from_micros(100));
        }
    }
}

pub(super) fn zeroed_rusage() -> libc::rusage {
    // SAFETY: rusage is plain old data; all-zero is a valid value.
    unsafe { std::mem::zeroed() }
}
