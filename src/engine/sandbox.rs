//! Isolation for submissions with bubblewrap (`bwrap`).
//!
//! The submission sees a read-only root, a private empty `/tmp`, no network
//! (own network namespace with only loopback), its own PID namespace (so
//! every process it starts dies with it), and neither the problems folder
//! (expected outputs!) nor the reports folder. Inside, `prlimit` sets the
//! limits and `setpriv` drops to an unprivileged uid before the program's
//! `exec`: limits apply before the first instruction, and the process-count
//! limit is real (the kernel ignores RLIMIT_NPROC for root).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::limits::RunLimits;
use super::process::{Launch, resolve};
use crate::execution::End;

/// `--sandbox auto|on|off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum SandboxMode {
    /// Use bubblewrap when it is installed and works, else rlimits only.
    #[default]
    Auto,
    /// Require bubblewrap; refuse to run without it.
    On,
    /// Rlimits only.
    Off,
}

/// A working bubblewrap set-up.
#[derive(Debug, Clone)]
pub struct Sandbox {
    bwrap: PathBuf,
    prlimit: PathBuf,
    setpriv: PathBuf,
    /// Folders replaced by an empty tmpfs inside the sandbox.
    hidden: Vec<PathBuf>,
}

/// First uid used for submissions; each worker thread gets its own so the
/// process-count limit of one case cannot starve another.
const FIRST_UID: u32 = 30_000;

/// Folders a submission must not see: the test data, the report folder
/// (earlier reports hold expected outputs), any `extra` working folders,
/// and the folder judge runs in (a checkout usually holds other test sets
/// too). The submission's own folder is bound back on top by the sandbox.
pub(crate) fn hidden_dirs(problems_dir: &Path, extra: &[&Path]) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = [problems_dir, Path::new(".")]
        .into_iter()
        .chain(extra.iter().copied())
        .filter_map(|d| std::fs::canonicalize(d).ok())
        .filter(|d| d != Path::new("/"))
        .collect();
    dirs.sort();
    dirs.dedup();
    dirs
}

/// The sandbox for a run whose test data lives in `problems_dir` (see
/// [`hidden_dirs`] for what is hidden); `None` when `mode` allows running
/// without one.
pub(crate) fn for_run(
    mode: SandboxMode,
    problems_dir: &Path,
    extra_hidden: &[&Path],
) -> Result<Option<Sandbox>, crate::error::Error> {
    Sandbox::detect(mode, hidden_dirs(problems_dir, extra_hidden))
        .map_err(crate::error::Error::Sandbox)
}

impl Sandbox {
    /// Finds the tools and proves they work with a trial run (bwrap exists
    /// but fails inside unprivileged containers). `Err` only for
    /// [`SandboxMode::On`] when no sandbox can be made.
    pub fn detect(mode: SandboxMode, hidden: Vec<PathBuf>) -> Result<Option<Sandbox>, String> {
        if mode == SandboxMode::Off {
            return Ok(None);
        }
        let found = (|| {
            let sandbox = Sandbox {
                bwrap: resolve("bwrap").ok_or("bwrap (package bubblewrap) is not installed")?,
                prlimit: resolve("prlimit").ok_or("prlimit (util-linux) is not installed")?,
                setpriv: resolve("setpriv").ok_or("setpriv (util-linux) is not installed")?,
                hidden,
            };
            let ok = Command::new(&sandbox.bwrap)
                .args([
                    "--ro-bind",
                    "/",
                    "/",
                    "--unshare-pid",
                    "--unshare-net",
                    "--die-with-parent",
                    "--",
                    "/bin/true",
                ])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .map(|s| s.success())
                .unwrap_or(false);
            if ok {
                Ok(sandbox)
            } else {
                Err("bwrap is installed but cannot create namespaces here")
            }
        })();
        match (found, mode) {
            (Ok(s), _) => Ok(Some(s)),
            (Err(why), SandboxMode::On) => Err(why.to_string()),
            (Err(_), _) => Ok(None),
        }
    }

    /// Wraps `inner` so it runs isolated under `limits`; `visible` folders
    /// (the compiled program, the source) are bound read-only.
    pub fn wrap(
        &self,
        inner: &Launch,
        visible: &[PathBuf],
        limits: &RunLimits,
        slot: usize,
    ) -> Launch {
        let s = |p: &Path| p.display().to_string();
        let mut argv: Vec<String> = [
            &s(&self.bwrap),
            "--die-with-parent",
            "--unshare-pid",
            // The program itself is PID 1: its CPU time and memory then reach
            // wait4 (bwrap's own init would not pass them on), and when it
            // exits the kernel kills everything it left behind.
            "--as-pid-1",
            "--unshare-net",
            // UTS and cgroup namespaces would add ~3 ms each per case and
            // protect nothing a submission could use against the grader.
            "--unshare-ipc",
            "--ro-bind",
            "/",
            "/",
            "--proc",
            "/proc",
            "--dev",
            "/dev",
            "--perms",
            "1777",
            "--tmpfs",
            "/tmp",
        ]
        .iter()
        .map(|a| a.to_string())
        .collect();
        for dir in self.hidden.iter().filter(|d| d.is_dir()) {
            argv.extend(["--tmpfs".into(), s(dir)]);
        }
        for dir in visible {
            // bwrap creates missing mount points mode 0700, which the
            // unprivileged uid could not traverse: make them 0755 first.
            let mut inside: Vec<&Path> = dir
                .ancestors()
                .skip(1)
                .filter(|a| self.hidden.iter().any(|h| a.starts_with(h) && a != h))
                .collect();
            inside.reverse();
            for a in inside {
                argv.extend(["--perms".into(), "0755".into(), "--dir".into(), s(a)]);
            }
            argv.extend(["--ro-bind".into(), s(dir), s(dir)]);
        }
        argv.extend(["--chdir".into(), s(&inner.cwd), "--".into()]);
        let cpu = limits.cpu_rlimit_secs();
        argv.push(s(&self.prlimit));
        argv.push(format!("--cpu={cpu}:{}", cpu + 1));
        argv.push(format!("--fsize={}", limits.output + 1));
        argv.push(format!("--nofile={}", limits.open_files));
        argv.push(format!("--nproc={}", limits.processes));
        argv.push("--core=0".into());
        if let Some(bytes) = limits.address_space {
            argv.push(format!("--as={bytes}"));
        }
        let uid = FIRST_UID + slot as u32;
        argv.extend([
            "--".into(),
            s(&self.setpriv),
            format!("--reuid={uid}"),
            format!("--regid={uid}"),
            "--clear-groups".into(),
            "--".into(),
        ]);
        argv.extend(inner.argv.iter().cloned());
        Launch {
            argv,
            cwd: inner.cwd.clone(),
            env: inner.env.clone(),
            limits_applied_by_wrapper: true,
        }
    }

    /// A line for the report saying how submissions were isolated.
    pub(crate) fn describe(sandbox: Option<&Sandbox>) -> String {
        match sandbox {
            Some(_) => "sandbox: bubblewrap (read-only root, private /tmp, no network, own PID namespace, \
                        problems and reports hidden, unprivileged uid, rlimits set before exec)"
                .into(),
            None => "no sandbox: rlimits only, set right after start; the submission can read the file system \
                     (including expected outputs) and use the network, and as root the process-count limit \
                     is not enforced"
                .into(),
        }
    }
}

/// bwrap reports a child killed by signal N as exit code 128 + N; turn that
/// back into a signal so RE messages name it. (A program that exits with
/// such a code on purpose is indistinguishable; none of ours do.)
pub(crate) fn unwrap_signal(end: End) -> End {
    match end {
        End::Exited(code) if (129..=128 + 64).contains(&code) => End::Signaled(code - 128),
        other => other,
    }
}
