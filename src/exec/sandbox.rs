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

use super::process::{Launch, RunLimits, resolve};

/// `--sandbox auto|on|off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SandboxMode {
    /// Use bubblewrap when it is installed and works, else rlimits only.
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

impl Sandbox {
    /// Finds the tools and proves they work with a trial run (bwrap exists
    /// but fails inside unprivileged containers).
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
            (Err(why), SandboxMode::On) => Err(format!("--sandbox on: {why}")),
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
            "--unshare-net",
            "--unshare-ipc",
            "--unshare-uts",
            "--unshare-cgroup-try",
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
            // A visible folder inside a hidden one (a submission kept in
            // problems/<id>/submissions/) needs its mount point's parents
            // in the tmpfs; bwrap would make them 0700 root, which the
            // unprivileged uid cannot enter.
            for parent in self.parents_in_hidden(dir) {
                argv.extend(["--perms".into(), "0755".into(), "--dir".into(), s(&parent)]);
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

    /// The folders strictly between a hidden folder and `dir`, outermost
    /// first (empty when `dir` is not inside a hidden folder).
    fn parents_in_hidden(&self, dir: &Path) -> Vec<PathBuf> {
        let Some(hidden) = self
            .hidden
            .iter()
            .filter(|h| dir != h.as_path() && dir.starts_with(h))
            .min_by_key(|h| h.components().count())
        else {
            return vec![];
        };
        let mut parents: Vec<PathBuf> = dir
            .ancestors()
            .skip(1)
            .take_while(|a| *a != hidden.as_path())
            .map(Path::to_path_buf)
            .collect();
        parents.reverse();
        parents
    }

    /// A line for the report saying how submissions were isolated.
    pub fn describe(sandbox: Option<&Sandbox>) -> String {
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
pub fn unwrap_signal(end: super::End) -> super::End {
    match end {
        super::End::Exited(code) if (129..=128 + 64).contains(&code) => {
            super::End::Signaled(code - 128)
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sandbox(hidden: &[&str]) -> Sandbox {
        Sandbox {
            bwrap: "bwrap".into(),
            prlimit: "prlimit".into(),
            setpriv: "setpriv".into(),
            hidden: hidden.iter().map(PathBuf::from).collect(),
        }
    }

    #[test]
    fn parents_of_a_visible_folder_inside_a_hidden_one() {
        let sb = sandbox(&["/w/problems", "/w/reports"]);
        let got = sb.parents_in_hidden(Path::new("/w/problems/slink/submissions/accepted"));
        let want: Vec<PathBuf> = ["/w/problems/slink", "/w/problems/slink/submissions"]
            .iter()
            .map(PathBuf::from)
            .collect();
        assert_eq!(got, want);
        assert!(sb.parents_in_hidden(Path::new("/w/problems/x")).is_empty());
        assert!(sb.parents_in_hidden(Path::new("/w/problems")).is_empty());
        assert!(
            sb.parents_in_hidden(Path::new("/tmp/judge-build-1"))
                .is_empty()
        );
        assert!(
            sb.parents_in_hidden(Path::new("/w/problems2/a/b"))
                .is_empty()
        );
    }

    #[test]
    fn wrapped_command_creates_enterable_mount_points() {
        // wrap() only hides folders that exist.
        let root = tempfile::tempdir().unwrap();
        let hidden = root.path().join("problems");
        let sub = hidden.join("p").join("s");
        std::fs::create_dir_all(&sub).unwrap();
        let sb = sandbox(&[hidden.to_str().unwrap()]);
        let inner = Launch {
            argv: vec!["python3".into(), sub.join("a.py").display().to_string()],
            cwd: sub.clone(),
            env: vec![],
            limits_applied_by_wrapper: false,
        };
        let limits = RunLimits::new(std::time::Duration::from_secs(1), 1 << 28, 1 << 20);
        let argv = sb.wrap(&inner, std::slice::from_ref(&sub), &limits, 0).argv;
        let (h, s) = (hidden.display(), sub.display());
        let want = format!("--tmpfs {h} --perms 0755 --dir {h}/p --ro-bind {s} {s}");
        let joined = argv.join(" ");
        assert!(joined.contains(&want), "{joined}");
    }
}
