//! What a submission may see: the sandbox's allow-list view, and the
//! bubblewrap command that builds it once per worker.
//!
//! Like isolate and DOMjudge, the view starts empty and names what is
//! shown, instead of hiding a few folders of the real root:
//!
//! | inside | what | how |
//! |---|---|---|
//! | `/usr`, `/bin`, `/sbin`, `/lib*` | the system's toolchains and runtimes | read-only (symlinks kept) |
//! | a few `/etc` entries (`ETC`) | `alternatives` symlinks (cc, javac), the dynamic loader's cache, the time zone, JDK configuration | read-only |
//! | toolchains found elsewhere on `PATH` | e.g. rustup's sysroot, a pyenv Python, a JDK in `/opt` | their install folder, read-only |
//! | `sandbox.allow` of the configuration | folders added by hand | read-only |
//! | `/box` | this run's build folders (sources copied in, binaries) | read-only; a compiler's own output folder writable while it runs |
//! | `/tmp` | private per case, empty, limited to the memory limit | tmpfs |
//! | `/proc` | the worker's PID namespace: the launcher (PID 1) and the case's processes | procfs |
//! | `/dev` | `null`, `zero`, `full`, `random`, `urandom`, `tty`, `pts`, `shm` | bubblewrap's minimal /dev |
//!
//! Nothing else exists inside: not `/home`, `/root`, `/srv`, `/opt`,
//! `/mnt`, `/var`, the test-set repository (whose `.git` holds every
//! answer) or any other copy of the data. The launcher's own files
//! (`/run/judge`) are unmounted in each case before the program starts.
//! There is no network (only a loopback device), no shared IPC, and each
//! case has its own PID namespace and an unprivileged uid (one per worker)
//! or, without root, no capabilities at all. `judge sandbox` prints the
//! view of this machine.

use std::path::{Path, PathBuf};

use super::toolchain::SYSTEM_DIRS;

/// `--sandbox auto|on|off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum SandboxMode {
    /// The best layer that holds here (bubblewrap, else Landlock and
    /// seccomp); with none, warn (and refuse when the CI environment
    /// variable is set).
    #[default]
    Auto,
    /// Require a layer that holds every point; exit 2 without one.
    On,
    /// No sandbox: limits, accounting and clean-up only.
    Off,
}

/// `/etc` entries a sandbox shows, found by compiling and running a
/// program in every supported language with less and less of `/etc`:
/// with none, `cc` (rustc's linker) and `javac` are missing (Debian's
/// `alternatives` symlinks) and the JVM cannot load `java.security`
/// (`/etc/java-NN-openjdk`, added below). `ld.so.cache` (libraries outside
/// the default folders) and `localtime` (the host's time zone) keep
/// programs behaving as outside. User names are not needed.
pub(crate) const ETC: [&str; 3] = ["/etc/alternatives", "/etc/ld.so.cache", "/etc/localtime"];

/// Where the run's build folders appear inside the sandbox.
pub(crate) const BOX: &str = "/box";

/// One entry of the view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mount {
    /// A host folder or file shown read-only at the same path.
    ReadOnly(PathBuf),
    /// A host folder shown at another path, writable (the launcher narrows
    /// it).
    WritableAt { source: PathBuf, target: PathBuf },
    /// A host file shown read-only at another path: judge's own binary,
    /// which may lie under `/tmp` (a CI checkout) where the per-case tmpfs
    /// would hide it at its own path.
    ReadOnlyAt { source: PathBuf, target: PathBuf },
    /// A symbolic link (merged-/usr systems: `/bin -> usr/bin`).
    Symlink { target: PathBuf, link: PathBuf },
}

/// Everything a sandboxed program sees (besides the per-case `/proc`,
/// `/tmp` and bubblewrap's `/dev`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct View {
    pub mounts: Vec<Mount>,
}

impl View {
    /// The system part of the view: `SYSTEM_DIRS`, `ETC` and JDK
    /// configuration folders that exist on this machine.
    pub fn system() -> View {
        let mut mounts = Vec::new();
        for dir in SYSTEM_DIRS {
            let path = Path::new(dir);
            match std::fs::symlink_metadata(path) {
                Ok(m) if m.file_type().is_symlink() => {
                    if let Ok(target) = std::fs::read_link(path) {
                        mounts.push(Mount::Symlink {
                            target,
                            link: path.to_path_buf(),
                        });
                    }
                }
                Ok(m) if m.is_dir() => mounts.push(Mount::ReadOnly(path.to_path_buf())),
                _ => {}
            }
        }
        let mut etc: Vec<PathBuf> = ETC.iter().map(PathBuf::from).collect();
        // Debian's JDKs keep their configuration in /etc/java-NN-openjdk.
        if let Ok(entries) = std::fs::read_dir("/etc") {
            etc.extend(entries.flatten().map(|e| e.path()).filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("java"))
            }));
        }
        etc.sort();
        mounts.extend(
            etc.into_iter()
                .filter(|p| p.symlink_metadata().is_ok())
                .map(Mount::ReadOnly),
        );
        View { mounts }
    }

    /// Adds read-only folders (toolchains, `sandbox.allow`) not shown yet.
    pub fn allow(&mut self, dirs: &[PathBuf]) {
        for d in dirs {
            if !self.shows(d) && d.exists() {
                self.mounts.push(Mount::ReadOnly(d.clone()));
            }
        }
    }

    /// Whether `path` is visible through some mount of the view.
    pub fn shows(&self, path: &Path) -> bool {
        self.mounts.iter().any(|m| match m {
            Mount::ReadOnly(p) => path.starts_with(p),
            Mount::WritableAt { target, .. } | Mount::ReadOnlyAt { target, .. } => {
                path.starts_with(target)
            }
            Mount::Symlink { .. } => false,
        })
    }

    /// bubblewrap arguments that build the view.
    pub(crate) fn bwrap_args(&self) -> Vec<String> {
        let s = |p: &Path| p.display().to_string();
        let mut a = Vec::new();
        // bubblewrap makes missing mount points with mode 0700, which an
        // unprivileged uid cannot cross (a pyenv Python under /root):
        // make them 0755 first.
        let mut made: Vec<PathBuf> = Vec::new();
        for (i, m) in self.mounts.iter().enumerate() {
            let target = match m {
                Mount::ReadOnly(p) => p,
                Mount::WritableAt { target, .. } | Mount::ReadOnlyAt { target, .. } => target,
                Mount::Symlink { .. } => continue,
            };
            let before = View {
                mounts: self.mounts[..i].to_vec(),
            };
            let mut ancestors: Vec<&Path> = target
                .ancestors()
                .skip(1)
                .filter(|d| *d != Path::new("/"))
                .collect();
            ancestors.reverse();
            for dir in ancestors {
                if !before.shows(dir) && !made.iter().any(|m| m == dir) {
                    made.push(dir.to_path_buf());
                    a.extend(["--perms".into(), "0755".into(), "--dir".into(), s(dir)]);
                }
            }
        }
        for m in &self.mounts {
            match m {
                Mount::ReadOnly(p) => a.extend(["--ro-bind".into(), s(p), s(p)]),
                Mount::WritableAt { source, target } => {
                    a.extend(["--bind".into(), s(source), s(target)])
                }
                Mount::ReadOnlyAt { source, target } => {
                    a.extend(["--ro-bind".into(), s(source), s(target)])
                }
                Mount::Symlink { target, link } => {
                    a.extend(["--symlink".into(), s(target), s(link)])
                }
            }
        }
        a
    }

    /// One line per entry, as `judge sandbox` prints it on `layer`
    /// (`landlock` shows the host's own `/proc` and `/dev` files, and no
    /// `/tmp`: a case writes to its scratch folder, its `HOME` and
    /// `TMPDIR`).
    pub fn lines(&self, layer: &str) -> Vec<String> {
        let mut lines: Vec<String> = self
            .mounts
            .iter()
            .map(|m| match m {
                Mount::ReadOnly(p) => format!("{:<28} read-only", p.display()),
                Mount::WritableAt { source, target } => format!(
                    "{:<28} from {} (made read-only by the launcher)",
                    target.display(),
                    source.display()
                ),
                Mount::ReadOnlyAt { source, target } => format!(
                    "{:<28} read-only, from {}",
                    target.display(),
                    source.display()
                ),
                Mount::Symlink { target, link } => {
                    format!("{:<28} -> {}", link.display(), target.display())
                }
            })
            .collect();
        if layer == "landlock" {
            lines.push(format!(
                "{:<28} not writable: HOME and TMPDIR are the case's private scratch folder",
                "/tmp"
            ));
            lines.push(format!(
                "{:<28} the machine's, read-only (no PID namespace on this layer)",
                "/proc"
            ));
            lines.push(format!("{:<28} null zero full random urandom tty", "/dev"));
            return lines;
        }
        lines.push(format!("{:<28} private per case, empty (tmpfs)", "/tmp"));
        lines.push(format!(
            "{:<28} the worker's PID namespace: the launcher and the case",
            "/proc"
        ));
        lines.push(format!(
            "{:<28} null zero full random urandom tty pts shm",
            "/dev"
        ));
        lines
    }
}

/// The bubblewrap command that starts one sandboxed launcher: the view,
/// fresh network, IPC, UTS and PID namespaces with the launcher as PID 1,
/// and (as root) every
/// capability kept for the launcher, which needs them to set up each case
/// and drops them in the child. Without root, a user namespace gives the
/// launcher those capabilities inside the sandbox only.
pub(crate) fn bwrap_command(
    bwrap: &Path,
    view: &View,
    root: bool,
    launcher: &[String],
) -> Vec<String> {
    let mut a = vec![bwrap.display().to_string()];
    a.extend(
        [
            "--new-session",
            "--unshare-net",
            "--unshare-ipc",
            "--unshare-uts",
            "--unshare-pid",
            "--as-pid-1",
            "--hostname",
            "judge",
            "--clearenv",
            "--setenv",
            "PATH",
            "/usr/local/bin:/usr/bin:/bin",
        ]
        .map(String::from),
    );
    if !root {
        a.push("--unshare-user".into());
    }
    a.extend(["--cap-add".into(), "ALL".into()]);
    a.extend(view.bwrap_args());
    a.extend(
        [
            "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--chdir", "/",
        ]
        .map(String::from),
    );
    a.push("--".into());
    a.extend(launcher.iter().cloned());
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_view_shows_toolchains_but_no_home_or_repository() {
        let v = View::system();
        assert!(v.shows(Path::new("/usr/bin/gcc")) || v.shows(Path::new("/usr")));
        for hidden in [
            "/root",
            "/home",
            "/work",
            "/opt",
            "/var",
            "/srv",
            "/mnt",
            "/etc/shadow",
        ] {
            assert!(!v.shows(Path::new(hidden)), "{hidden} is visible");
        }
    }

    #[test]
    fn mount_points_outside_the_view_are_made_crossable() {
        let mut v = View::system();
        v.allow(&[PathBuf::from("/usr/share"), PathBuf::from("/root")]);
        let mut v2 = View::default();
        v2.mounts.push(Mount::ReadOnly("/usr".into()));
        v2.mounts
            .push(Mount::ReadOnly("/home/me/.pyenv/versions/3".into()));
        let args = v2.bwrap_args().join(" ");
        assert!(
            args.contains("--perms 0755 --dir /home --perms 0755 --dir /home/me"),
            "{args}"
        );
        assert!(!args.contains("--dir /usr"), "{args}");
        assert!(v.shows(Path::new("/usr/share/x")));
    }

    #[test]
    fn allowed_folders_are_added_once() {
        let mut v = View::default();
        let tmp = std::env::temp_dir();
        v.allow(&[tmp.clone(), tmp.clone(), tmp.join("inside")]);
        assert_eq!(v.mounts, vec![Mount::ReadOnly(tmp.clone())]);
        assert!(v.shows(&tmp.join("x")));
        let args = v.bwrap_args();
        assert_eq!(
            args[args.len() - 3..],
            [
                "--ro-bind".to_string(),
                tmp.display().to_string(),
                tmp.display().to_string()
            ]
        );
    }
}
