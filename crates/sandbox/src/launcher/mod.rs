//! The launcher: one small long-lived process per worker that starts every
//! program of a run.
//!
//! judge starts it once per worker (`judge __launcher`, inside bubblewrap
//! when sandboxed, so the costly mount, network and IPC namespaces are made
//! once per run), then sends it one request per case over a
//! `SOCK_SEQPACKET` socket: the command, its limits, and its standard
//! streams as file descriptors. Per case the launcher, PID 1 of its
//! worker's PID namespace (`namespace`), gives the case a fresh `/tmp`
//! (sandboxed) and starts a child sharing its memory until `exec`
//! (`CLONE_VM | CLONE_VFORK`), which sets up the case (`child`) and
//! execs; the launcher enforces the CPU and wall-clock limits by watching
//! (`watch`), measures the whole process tree with cgroups where it can,
//! kills everything the case left, and answers with the facts ([`serve`]).
//! Deciding the verdict from those facts is the host's job.
//!
//! A small single-threaded process forks in microseconds whatever the size
//! of judge itself, so no `pre_exec` race or `posix_spawn` limitation
//! remains: limits are set in the child before `exec`.

pub(crate) mod child;
mod errors;
mod namespace;
mod rlimits;
pub(crate) mod second;
pub mod serve;
pub mod stop;
mod watch;
pub(crate) mod wire;

use std::ffi::NulError;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::Duration;

use super::limits::RunLimits;
use wire::{Reader, Writer};

/// The last OS error, for messages: the launcher's modules all make raw
/// system calls.
fn errno() -> io::Error {
    io::Error::last_os_error()
}

/// One program to start.
#[derive(Debug, Clone, PartialEq)]
pub struct ProcSpec {
    /// Absolute path of the program first, then its arguments.
    pub argv: Vec<String>,
    /// `KEY=value` entries: the whole environment.
    pub env: Vec<String>,
    pub cwd: String,
    pub limits: RunLimits,
    /// Folders the program may write (a compiler's output folder); in a
    /// sandbox everything else is read-only.
    pub writable: Vec<String>,
    /// What to keep of its standard error, which the launcher reads
    /// through a pipe while it runs (any amount, never to disk).
    pub keep: Keep,
    /// Who wrote it: a submission, or the problem's authors (a checker or
    /// interactor runs as another uid, out of a submission's reach).
    pub role: Role,
}

/// Whose program runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Role {
    #[default]
    Submission,
    /// A checker, interactor, validator or reference program.
    Judge,
}

impl Role {
    /// Added to the worker's uid.
    pub(crate) fn uid_offset(self) -> u32 {
        match self {
            Role::Submission => 0,
            Role::Judge => 1,
        }
    }
}

/// Standard error as kept in the record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// The last bytes (run-time errors end with the reason).
    Tail(usize),
    /// The first bytes (compilers start with the first error).
    Head(usize),
}

/// Why the launcher ended a run early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kill {
    None,
    /// CPU time went over the limit.
    Cpu,
    /// The wall clock went over the limit.
    Wall,
    /// Resident memory went over the limit where no cgroup counts it
    /// (the launcher's own check, every few milliseconds).
    Memory,
}

/// What the launcher measured for one program.
#[derive(Debug, Clone, PartialEq)]
pub struct ProcResult {
    /// Raw wait status of the program; `None` when it never started.
    pub status: Option<i32>,
    /// CPU time (user + system) of everything it started.
    pub cpu: Duration,
    /// Peak memory in bytes.
    pub memory: u64,
    pub wall: Duration,
    pub killed: Kill,
    /// The kernel killed a member for exceeding the memory limit.
    pub oom: bool,
    /// CPU and memory come from a cgroup (the whole tree); otherwise from
    /// `wait4` (the program and the children it waited for).
    pub exact: bool,
    /// The address-space cap it ran under, where no cgroup limited its
    /// memory: an allocation it made may have been refused there.
    pub address_space: Option<u64>,
    /// Why it could not be started, when it could not.
    pub error: Option<String>,
    /// What was kept of its standard error.
    pub stderr: Vec<u8>,
}

impl ProcResult {
    /// A program that could not be started, and why.
    pub(crate) fn not_started(message: String) -> ProcResult {
        ProcResult {
            status: None,
            cpu: Duration::ZERO,
            memory: 0,
            wall: Duration::ZERO,
            killed: Kill::None,
            oom: false,
            exact: false,
            address_space: None,
            error: Some(message),
            stderr: Vec::new(),
        }
    }
}

/// A request: the programs, and for each how many descriptors it gets
/// (standard input, standard output, then its extra files).
pub(crate) fn encode_request(procs: &[(&ProcSpec, usize)]) -> Vec<u8> {
    let mut w = Writer::default();
    w.u64(procs.len() as u64);
    for (p, fds) in procs {
        w.u64(*fds as u64);
        w.strs(&p.argv).strs(&p.env).str(&p.cwd).strs(&p.writable);
        match p.keep {
            Keep::Tail(n) => w.u64(0).u64(n as u64),
            Keep::Head(n) => w.u64(1).u64(n as u64),
        };
        w.u64(p.role.uid_offset() as u64);
        let l = &p.limits;
        w.u64(l.cpu.as_nanos() as u64)
            .u64(l.wall.as_nanos() as u64)
            .u64(l.memory)
            .u64(l.stack)
            .u64(l.address_space.unwrap_or(0))
            .u64(l.output)
            .u64(l.processes)
            .u64(l.open_files);
    }
    w.finish()
}

pub(crate) fn decode_request(data: &[u8]) -> io::Result<Vec<(ProcSpec, usize)>> {
    let mut r = Reader::new(data);
    let n = r.u64()?;
    if n > 8 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "too many programs in one request",
        ));
    }
    (0..n)
        .map(|_| {
            let fds = usize::try_from(r.u64()?).map_err(|_| io::Error::other("descriptors"))?;
            let argv = r.strs()?;
            let env = r.strs()?;
            let cwd = r.str()?;
            let writable = r.strs()?;
            let head = r.u64()? == 1;
            let bytes = usize::try_from(r.u64()?).map_err(|_| io::Error::other("size"))?;
            let keep = if head {
                Keep::Head(bytes)
            } else {
                Keep::Tail(bytes)
            };
            let role = if r.u64()? == 1 {
                Role::Judge
            } else {
                Role::Submission
            };
            let cpu = Duration::from_nanos(r.u64()?);
            let wall = Duration::from_nanos(r.u64()?);
            let memory = r.u64()?;
            let stack = r.u64()?;
            let address_space = Some(r.u64()?).filter(|&a| a > 0);
            let output = r.u64()?;
            let processes = r.u64()?;
            let open_files = r.u64()?;
            Ok((
                ProcSpec {
                    argv,
                    env,
                    cwd,
                    writable,
                    keep,
                    role,
                    limits: RunLimits {
                        cpu,
                        wall,
                        memory,
                        stack,
                        address_space,
                        output,
                        processes,
                        open_files,
                    },
                },
                fds,
            ))
        })
        .collect()
}

pub(crate) fn encode_results(results: &[ProcResult]) -> Vec<u8> {
    let mut w = Writer::default();
    w.u64(results.len() as u64);
    for r in results {
        w.i64(r.status.map_or(i64::MIN, i64::from))
            .u64(r.cpu.as_nanos() as u64)
            .u64(r.memory)
            .u64(r.wall.as_nanos() as u64)
            .u64(match r.killed {
                Kill::None => 0,
                Kill::Cpu => 1,
                Kill::Wall => 2,
                Kill::Memory => 3,
            })
            .u64(r.oom as u64)
            .u64(r.exact as u64)
            .u64(r.address_space.unwrap_or(0))
            .str(r.error.as_deref().unwrap_or(""))
            .bytes(&r.stderr);
    }
    w.finish()
}

pub(crate) fn decode_results(data: &[u8]) -> io::Result<Vec<ProcResult>> {
    let mut r = Reader::new(data);
    let n = r.u64()?;
    if n > 8 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "too many results",
        ));
    }
    (0..n)
        .map(|_| {
            let status = r.i64()?;
            Ok(ProcResult {
                status: (status != i64::MIN).then_some(status as i32),
                cpu: Duration::from_nanos(r.u64()?),
                memory: r.u64()?,
                wall: Duration::from_nanos(r.u64()?),
                killed: match r.u64()? {
                    1 => Kill::Cpu,
                    2 => Kill::Wall,
                    3 => Kill::Memory,
                    _ => Kill::None,
                },
                oom: r.u64()? != 0,
                exact: r.u64()? != 0,
                address_space: Some(r.u64()?).filter(|&a| a > 0),
                error: Some(r.str()?).filter(|e| !e.is_empty()),
                stderr: r.bytes()?.to_vec(),
            })
        })
        .collect()
}

/// Why judge could not start a launcher, or the launcher did not say it
/// was ready: the sandbox does not work here, or the worker cannot run.
#[derive(Debug, thiserror::Error)]
pub(crate) enum LaunchError {
    /// A file the sandboxed launcher gets as a descriptor (the judge
    /// binary, a cgroup folder) could not be opened.
    #[error("{}: {source}", .path.display())]
    Open { path: PathBuf, source: io::Error },
    /// Such a file's path holds a NUL byte.
    #[error("{0}")]
    Nul(#[from] NulError),
    #[error("cannot make a socket: {0}")]
    Socket(#[source] io::Error),
    #[error("empty launcher command")]
    EmptyCommand,
    #[error("cannot start {program}: {source}")]
    Spawn { program: String, source: io::Error },
    /// Started, but not ready; `stderr` is what it printed (bubblewrap's
    /// own complaint), trimmed, maybe nothing.
    #[error("{why}{}", printed(.stderr))]
    NotReady {
        #[source]
        why: NotReady,
        stderr: String,
    },
}

/// `: ` and what a launcher printed, or nothing when it printed nothing.
fn printed(stderr: &str) -> String {
    match stderr.is_empty() {
        true => String::new(),
        false => format!(": {stderr}"),
    }
}

/// Why a started launcher did not report ready.
#[derive(Debug, thiserror::Error)]
pub(crate) enum NotReady {
    #[error("the launcher exited ({0})")]
    Exited(ExitStatus),
    #[error("the launcher did not start in time")]
    TimedOut,
    #[error("the launcher failed: {0}")]
    Receive(#[source] io::Error),
    #[error("the launcher exited at once")]
    ExitedAtOnce,
    /// Its ready message is not one.
    #[error("{0}")]
    Garbled(#[source] io::Error),
    /// Its set-up failed, and it said why: the launcher's own words, as
    /// they came over the socket.
    #[error("{0}")]
    Refused(String),
}

/// The host's handle on one running launcher.
pub(crate) struct Launcher {
    child: Child,
    sock: OwnedFd,
}

/// How long a launcher may take to report that it is ready.
const READY_TIMEOUT: Duration = Duration::from_secs(20);

impl Launcher {
    /// Starts `command` (which ends in `judge __launcher …`) with the
    /// socket as its standard input, and waits for its ready message; the
    /// error says why it is not ready (bubblewrap's own message included).
    /// `pass` become its descriptors 3, 4, … (files it must reach but the
    /// sandbox does not show).
    pub(crate) fn start(command: &[String], pass: Vec<OwnedFd>) -> Result<Launcher, LaunchError> {
        let (ours, theirs) = wire::socket_pair().map_err(LaunchError::Socket)?;
        let (program, args) = command.split_first().ok_or(LaunchError::EmptyCommand)?;
        let mut cmd = Command::new(program);
        if !pass.is_empty() {
            let raw: Vec<RawFd> = pass.iter().map(|f| f.as_raw_fd()).collect();
            // SAFETY: only fcntl and dup2 between fork and exec. The
            // originals are first copied above every target number, so no
            // dup2 overwrites one not yet moved; dup2 clears close-on-exec
            // on the copies it makes.
            unsafe {
                cmd.pre_exec(move || {
                    let high: Vec<RawFd> = raw
                        .iter()
                        .map(|&fd| libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 100))
                        .collect();
                    for (i, fd) in high.into_iter().enumerate() {
                        if fd < 0 || libc::dup2(fd, 3 + i as RawFd) < 0 {
                            return Err(errno());
                        }
                    }
                    Ok(())
                });
            }
        }
        // Nothing of judge's environment (tokens in CI) reaches it.
        let child = cmd
            .args(args)
            .env_clear()
            .env("PATH", "/usr/local/bin:/usr/bin:/bin")
            .stdin(Stdio::from(theirs))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| LaunchError::Spawn {
                program: program.clone(),
                source,
            })?;
        drop(pass);
        let mut launcher = Launcher { child, sock: ours };
        if !stop::add(launcher.child.id()) {
            return Err(LaunchError::Spawn {
                program: program.clone(),
                source: io::Error::other("the run is stopping"),
            });
        }
        match launcher.wait_ready() {
            Ok(()) => {
                // Its later messages (a crash) still reach our stderr.
                if let Some(mut err) = launcher.child.stderr.take() {
                    std::thread::spawn(move || {
                        let _ = std::io::copy(&mut err, &mut std::io::stderr());
                    });
                }
                Ok(launcher)
            }
            Err(why) => {
                let _ = launcher.child.kill();
                let mut text = String::new();
                if let Some(mut err) = launcher.child.stderr.take() {
                    use std::io::Read;
                    let _ = err.read_to_string(&mut text);
                }
                let _ = launcher.child.wait();
                Err(LaunchError::NotReady {
                    why,
                    stderr: text.trim().to_string(),
                })
            }
        }
    }

    fn wait_ready(&mut self) -> Result<(), NotReady> {
        let mut pfd = libc::pollfd {
            fd: self.sock.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // Short polls, so a launcher that died at once (bubblewrap refused
        // its namespaces in a container, and a process it forked keeps the
        // socket open) is known at once, not after the whole timeout.
        let started = std::time::Instant::now();
        loop {
            // SAFETY: one valid pollfd.
            let n = unsafe { libc::poll(&mut pfd, 1, 50) };
            if n > 0 {
                break;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(NotReady::Exited(status));
            }
            if started.elapsed() >= READY_TIMEOUT {
                return Err(NotReady::TimedOut);
            }
        }
        let (data, _) = wire::recv(self.sock.as_raw_fd())
            .map_err(NotReady::Receive)?
            .ok_or(NotReady::ExitedAtOnce)?;
        let mut r = Reader::new(&data);
        let ok = r.u64().map_err(NotReady::Garbled)?;
        let message = r.str().map_err(NotReady::Garbled)?;
        if ok == 1 {
            Ok(())
        } else {
            Err(NotReady::Refused(message))
        }
    }

    /// Runs `procs` at the same time, each with its descriptors (standard
    /// input, standard output, then extra files it gets as 3, 4, …), and
    /// returns what was measured, in the same order. Our copies of the
    /// descriptors are closed as soon as they are sent: a pipe between two
    /// programs must not stay open here.
    pub(crate) fn run(
        &mut self,
        procs: Vec<(&ProcSpec, Vec<OwnedFd>)>,
    ) -> io::Result<Vec<ProcResult>> {
        let count = procs.len();
        let specs: Vec<(&ProcSpec, usize)> = procs.iter().map(|(s, f)| (*s, f.len())).collect();
        let fds: Vec<RawFd> = procs
            .iter()
            .flat_map(|(_, f)| f.iter().map(|fd| fd.as_raw_fd()))
            .collect();
        wire::send(self.sock.as_raw_fd(), &encode_request(&specs), &fds)?;
        drop(procs);
        let (data, _) = wire::recv(self.sock.as_raw_fd())?
            .ok_or_else(|| io::Error::new(io::ErrorKind::UnexpectedEof, "the launcher exited"))?;
        let results = decode_results(&data)?;
        if results.len() != count {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "wrong number of results",
            ));
        }
        Ok(results)
    }
}

impl Drop for Launcher {
    fn drop(&mut self) {
        stop::remove(self.child.id());
        // Closing the socket ends the launcher's loop; a kill makes sure.
        // SAFETY: shutting down our own socket.
        unsafe {
            libc::shutdown(self.sock.as_raw_fd(), libc::SHUT_RDWR);
        }
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_and_results_round_trip() {
        let spec = ProcSpec {
            argv: vec!["/bin/cat".into(), "-".into()],
            env: vec!["PATH=/usr/bin".into()],
            cwd: "/tmp".into(),
            limits: RunLimits::new(Duration::from_millis(1500), 256 << 20, 1 << 20),
            writable: vec!["/box/b1".into()],
            keep: Keep::Head(100),
            role: Role::Judge,
        };
        let decoded = decode_request(&encode_request(&[(&spec, 2), (&spec, 4)])).unwrap();
        assert_eq!(decoded, vec![(spec.clone(), 2), (spec, 4)]);
        let results = vec![
            ProcResult {
                status: Some(9),
                cpu: Duration::from_micros(1234),
                memory: 5 << 20,
                wall: Duration::from_millis(3),
                killed: Kill::Wall,
                oom: true,
                exact: true,
                address_space: Some(1 << 30),
                error: None,
                stderr: b"tail".to_vec(),
            },
            ProcResult::not_started("could not exec: No such file or directory".into()),
        ];
        assert_eq!(decode_results(&encode_results(&results)).unwrap(), results);
        assert!(decode_request(b"\x01").is_err());
    }

    #[test]
    fn a_launcher_that_cannot_start_says_why() {
        let e = Launcher::start(&[], Vec::new()).err().unwrap();
        assert!(matches!(e, LaunchError::EmptyCommand), "{e}");
        let missing = "/nonexistent/judge".to_string();
        let e = Launcher::start(std::slice::from_ref(&missing), Vec::new())
            .err()
            .unwrap();
        match &e {
            LaunchError::Spawn { program, source } => {
                assert_eq!(program, &missing);
                assert_eq!(source.kind(), io::ErrorKind::NotFound);
            }
            other => panic!("{other}"),
        }
        assert!(
            e.to_string()
                .starts_with("cannot start /nonexistent/judge: ")
        );
    }

    #[test]
    fn a_launcher_that_is_not_ready_adds_what_it_printed() {
        let quiet = LaunchError::NotReady {
            why: NotReady::TimedOut,
            stderr: String::new(),
        };
        assert_eq!(quiet.to_string(), "the launcher did not start in time");
        let said = LaunchError::NotReady {
            why: NotReady::Refused("cannot set up the mounts: unshare: EPERM".into()),
            stderr: "bwrap: No permissions".into(),
        };
        assert_eq!(
            said.to_string(),
            "cannot set up the mounts: unshare: EPERM: bwrap: No permissions"
        );
    }
}
