//! Running programs for a whole run: the launchers (one per worker), the
//! run's build folder (`/box` inside the sandbox), its cgroups, and turning
//! what a launcher measured into an [`Execution`] with a decided [`End`].

use std::fs::File;
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use super::cgroup::RunGroups;
pub use super::launcher::Keep;
use super::launcher::serve::Config;
use super::launcher::{LaunchError, Launcher, ProcResult, ProcSpec};
use super::layer::{Layer, others_can_enter};
use super::sandbox::{BOX, Mount, SandboxMode, View, bwrap_command};
use crate::Error;
use crate::ending::read_capped;
pub use crate::ending::{clean_env, execution};
use crate::execution::{End, Execution};

/// Bytes of standard error kept from a run (its end) …
pub const STDERR_TAIL: usize = 4096;
/// … and from a compiler (its start: the first errors matter most).
pub const COMPILE_LOG: usize = 16 << 10;

/// Where sandboxed programs find judge's own binary (see
/// [`Runner::judge_exe`]).
pub const JUDGE_IN_SANDBOX: &str = "/run/judge";

/// How a runner is asked for.
#[derive(Debug, Clone)]
pub struct RunnerOptions {
    pub mode: SandboxMode,
    /// The judge binary, which is also the launcher (`judge __launcher`).
    pub exe: PathBuf,
    /// Worker threads that run programs at the same time.
    pub workers: usize,
    /// Extra read-only folders for the sandbox (`sandbox.allow`).
    pub allow: Vec<PathBuf>,
    /// Tools run instead of PATH's first of that name (`tools` in
    /// `judge-config.yaml`): name, then a path or another name.
    pub tools: Vec<(String, PathBuf)>,
}

/// A sandbox that works here.
#[derive(Debug)]
struct Isolation {
    layer: Layer,
    /// Real root: per-worker uids. Otherwise a user namespace (bubblewrap)
    /// or the caller's own uid (the second layer).
    root: bool,
    uid_base: u32,
}

#[path = "runner_isolate.rs"]
mod isolate;

pub struct Runner {
    slots: Vec<Mutex<Option<(Launcher, u64)>>>,
    view: Mutex<(View, u64)>,
    /// Whether a worker uid can enter every folder of the view, for the
    /// view generation it was decided on: asked once per program, and a
    /// walk of every folder's ancestors costs more than the answer.
    enterable: Mutex<Option<(u64, bool)>>,
    isolation: Option<Isolation>,
    cgroups: Option<RunGroups>,
    cgroup_note: String,
    box_dir: judge_fs::ScratchDir,
    exe: PathBuf,
    counter: AtomicU64,
    warning: Option<String>,
    tools: Vec<(String, PathBuf)>,
    /// Why bubblewrap is not the layer in force, when it is not.
    passed_over: Option<String>,
}

/// Whether this is a CI run: `CI` set to anything but empty, `0` or
/// `false`. Under CI `--sandbox auto` requires a sandbox (and judge's own
/// tests may not skip), so a broken install fails loudly.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false"))
}

impl Runner {
    /// Sets up a run: its build folder, cgroups, and (unless `off`) proves
    /// the sandbox works by starting the first launcher in it. Refuses
    /// (exit 2) when `on`, or `auto` with `CI` set, cannot have a sandbox.
    pub fn new(opts: RunnerOptions) -> Result<Runner, Error> {
        let box_dir = judge_fs::ScratchDir::new("judge-run-").map_err(Error::io(
            std::env::temp_dir(),
            "cannot create the run folder in",
        ))?;
        set_mode(box_dir.path(), 0o755);
        let (cgroups, cgroup_note) = match RunGroups::create() {
            Ok(g) => {
                let note = format!("accounting: {}", g.describe);
                (Some(g), note)
            }
            Err(why) => (
                None,
                format!(
                    "accounting: wait4 only (the program and the children it waited for; no cgroup: {why})"
                ),
            ),
        };
        let mut view = View::system();
        view.allow(&opts.allow);
        let runner = Runner {
            slots: (0..opts.workers.max(1)).map(|_| Mutex::new(None)).collect(),
            view: Mutex::new((view, 0)),
            enterable: Mutex::new(None),
            isolation: None,
            cgroups,
            cgroup_note,
            box_dir,
            exe: opts.exe,
            counter: AtomicU64::new(0),
            warning: None,
            passed_over: None,
            tools: opts.tools,
        };
        if opts.mode == SandboxMode::Off {
            return Ok(runner);
        }
        runner.isolate(opts.mode)
    }

    /// Starts worker 0's launcher, which proves the chosen layer works.
    fn first_launcher(&self) -> Result<(), LaunchError> {
        let l = self.start_launcher(0)?;
        if let Ok(mut slot) = self.slots[0].lock() {
            *slot = Some((l, 0));
        }
        Ok(())
    }

    /// Stale run folders of killed runs removed when this one was made.
    pub fn swept_note(&self) -> Option<String> {
        self.box_dir.swept_note()
    }

    /// The loud warning to show when running without a sandbox in `auto`.
    pub fn warning(&self) -> Option<&str> {
        self.warning.as_deref()
    }

    /// judge's own binary as programs see it, shown to sandboxed programs
    /// from now on: the languages judge runs itself (checktestdata) start
    /// it, and a sandbox otherwise sees it only as the launcher's
    /// descriptor. In a sandbox only the file is shown, read-only, at a
    /// fixed path ([`JUDGE_IN_SANDBOX`]): its own path may lie under `/tmp`
    /// (a CI checkout), which the per-case tmpfs hides.
    pub fn judge_exe(&self) -> PathBuf {
        if !self.bubblewrap() {
            // The second layer reads it where it is (the view names it).
            return self.exe.clone();
        }
        let target = PathBuf::from(JUDGE_IN_SANDBOX);
        if let Ok(mut v) = self.view.lock()
            && !v.0.shows(&target)
        {
            v.0.mounts.push(Mount::ReadOnlyAt {
                source: self.exe.clone(),
                target: target.clone(),
            });
            v.1 += 1;
        }
        target
    }

    /// What to run for tool `name`: the configured path or name, else
    /// `name` itself (looked up on PATH), and whether it was configured.
    pub fn tool_choice(&self, name: &str) -> (String, bool) {
        match self.tools.iter().find(|(n, _)| n == name) {
            Some((_, chosen)) => (chosen.display().to_string(), true),
            None => (name.to_string(), false),
        }
    }

    pub fn sandboxed(&self) -> bool {
        self.isolation.is_some()
    }

    /// Whether bubblewrap holds the programs (their paths are then as its
    /// view shows them: the build area at `/box`).
    fn bubblewrap(&self) -> bool {
        matches!(
            &self.isolation,
            Some(Isolation {
                layer: Layer::Bubblewrap(_),
                ..
            })
        )
    }

    /// What the layer in force guarantees here, point by point, and what
    /// it does not.
    pub fn guarantees(&self) -> (Vec<crate::guarantees::Point>, Vec<&'static str>) {
        use crate::guarantees::{Layer as L, of};
        let layer = match &self.isolation {
            Some(Isolation {
                layer: Layer::Bubblewrap(_),
                ..
            }) => L::Bubblewrap,
            Some(Isolation {
                layer: Layer::Landlock(s),
                ..
            }) => L::Landlock(s.landlock_abi),
            None => L::None,
        };
        of(layer, self.cgroups.is_some())
    }

    /// Why bubblewrap is not the layer in force (`None` when it is, or
    /// when no sandbox was asked for).
    pub fn passed_over(&self) -> Option<&str> {
        match self.bubblewrap() {
            true => None,
            false => self.passed_over.as_deref(),
        }
    }

    /// The layer in force, in a word: `bubblewrap`, `landlock` or `none`.
    pub fn layer(&self) -> &'static str {
        match &self.isolation {
            Some(Isolation {
                layer: Layer::Bubblewrap(_),
                ..
            }) => "bubblewrap",
            Some(Isolation {
                layer: Layer::Landlock(_),
                ..
            }) => "landlock",
            None => "none",
        }
    }

    /// Lines for the report: isolation and accounting.
    pub fn notes(&self) -> Vec<String> {
        let isolation = match &self.isolation {
            Some(Isolation { layer: Layer::Bubblewrap(_), root, .. }) => format!(
                "sandbox: bubblewrap, allow-list view (judge sandbox prints it), private /tmp per case, own PID namespace, no network, {}",
                if *root { "one unprivileged uid per worker" } else { "user namespace without capabilities" }
            ),
            Some(Isolation { layer: Layer::Landlock(support), root, .. }) => format!(
                "sandbox: Landlock (ABI {}) and seccomp, no namespaces: allow-list file view (judge sandbox prints it), private scratch folder per case, no sockets but local ones, own session killed whole, {}",
                support.landlock_abi,
                match *root {
                    true => "one unprivileged uid per worker (root's own uid without capabilities for a toolchain in a folder closed to other users)",
                    false => "the caller's uid",
                }
            ),
            None => "no sandbox: limits, accounting and clean-up only; the submission can read the file system (including expected outputs) and use the network".into(),
        };
        vec![isolation, self.cgroup_note.clone()]
    }

    /// In a few words, how programs are isolated and measured (the
    /// report's `sandbox`, a JUnit property).
    pub fn sandbox_label(&self) -> String {
        let isolation = self.layer();
        let accounting = if self.cgroups.is_some() {
            "cgroup"
        } else {
            "wait4"
        };
        format!("{isolation}; accounting {accounting}")
    }

    /// The view a sandboxed program gets (also without a sandbox, for
    /// `judge sandbox`).
    pub fn view(&self) -> View {
        self.view.lock().map(|v| v.0.clone()).unwrap_or_default()
    }

    /// A fresh folder in the run's build area, readable by every worker.
    pub fn new_dir(&self, prefix: &str) -> Result<PathBuf, Error> {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let dir = self.box_dir.path().join(format!("{prefix}-{n}"));
        std::fs::create_dir(&dir).map_err(Error::io(&dir, "cannot create"))?;
        set_mode(&dir, 0o755);
        Ok(dir)
    }

    /// Makes `dirs` visible to sandboxed programs from now on (a
    /// toolchain found outside the system folders). Launchers started
    /// before pick it up at their next run.
    pub fn allow(&self, dirs: &[PathBuf]) {
        if let Ok(mut v) = self.view.lock()
            && dirs.iter().any(|d| !v.0.shows(d))
        {
            v.0.allow(dirs);
            v.1 += 1;
        }
    }

    /// The command that starts worker `slot`'s launcher, and the files it
    /// gets as descriptors 3, 4, …: in a sandbox the judge binary and the
    /// cgroup folders, which are not part of the view.
    fn launcher_command(&self, slot: usize) -> Result<(Vec<String>, Vec<OwnedFd>), LaunchError> {
        let exe = self.exe.display().to_string();
        let (iso, bwrap) = match &self.isolation {
            Some(
                iso @ Isolation {
                    layer: Layer::Bubblewrap(bwrap),
                    ..
                },
            ) => (iso, bwrap),
            other => {
                let config = Config {
                    cgroups: self.cgroups.as_ref().map(|g| g.layout.clone()),
                    worker: slot,
                    uid: self.uid(slot),
                    // Root that keeps its uid keeps no capability.
                    drop_caps: other.as_ref().is_some_and(|i| i.root) && self.uid(slot).is_none(),
                    confine: other.as_ref().map(|_| self.confinement()),
                    ..Config::default()
                };
                let mut cmd = vec![exe];
                cmd.extend(config.to_args());
                return Ok((cmd, Vec::new()));
            }
        };
        let mut view = self.view();
        // Writable here; the launcher makes it read-only in its own mount
        // namespace, and writable again for one compiler at a time.
        view.mounts.push(Mount::WritableAt {
            source: self.box_dir.path().to_path_buf(),
            target: BOX.into(),
        });
        let open = |path: &Path, flags: i32| -> Result<OwnedFd, LaunchError> {
            let c = std::ffi::CString::new(path.as_os_str().as_bytes())?;
            // SAFETY: opening a path; the result is a fresh descriptor we own.
            let fd = unsafe { libc::open(c.as_ptr(), flags | libc::O_CLOEXEC) };
            if fd < 0 {
                return Err(LaunchError::Open {
                    path: path.to_path_buf(),
                    source: std::io::Error::last_os_error(),
                });
            }
            // SAFETY: as above.
            Ok(unsafe { OwnedFd::from_raw_fd(fd) })
        };
        let mut fds = vec![open(&self.exe, libc::O_RDONLY)?];
        let cgroups = match &self.cgroups {
            Some(g) => {
                for dir in g.layout.dirs() {
                    fds.push(open(dir, libc::O_PATH | libc::O_DIRECTORY)?);
                }
                let mut n = 3;
                Some(g.layout.mapped(|_| {
                    n += 1;
                    PathBuf::from(format!("/proc/self/fd/{n}"))
                }))
            }
            None => None,
        };
        let config = Config {
            sandboxed: true,
            // Two uids per worker: its submissions, and the checkers and
            // interactors that must be safe from them.
            uid: iso.root.then(|| iso.uid_base + 2 * slot as u32),
            drop_caps: !iso.root,
            cgroups,
            worker: slot,
            confine: None,
        };
        let mut launcher = vec!["/proc/self/fd/3".to_string()];
        launcher.extend(config.to_args());
        Ok((bwrap_command(bwrap, &view, iso.root, &launcher), fds))
    }

    /// What the second layer lets programs read (the view's folders, the
    /// judge binary, `/proc` for the runtimes that read their own entry)
    /// and where each case's scratch folder goes.
    fn confinement(&self) -> super::launcher::second::Confine {
        let view = self.view();
        let mut read: Vec<PathBuf> = (view.mounts.iter())
            .filter_map(|m| match m {
                Mount::ReadOnly(p) => Some(p.clone()),
                Mount::ReadOnlyAt { source, .. } => Some(source.clone()),
                Mount::WritableAt { .. } | Mount::Symlink { .. } => None,
            })
            .collect();
        read.extend([self.exe.clone(), PathBuf::from("/proc")]);
        super::launcher::second::Confine {
            read,
            scratch: self.box_dir.path().join("scratch"),
        }
    }

    fn start_launcher(&self, slot: usize) -> Result<Launcher, LaunchError> {
        let (command, fds) = self.launcher_command(slot)?;
        Launcher::start(&command, fds)
    }

    /// The uid a worker's programs run as (sandbox as root), for
    /// giving a compiler its output folder.
    ///
    /// The second layer has no mount namespace to show toolchains at
    /// paths a worker uid can enter: where one lies under a folder closed
    /// to other users (rustup or pyenv in `/root`), its programs keep the
    /// caller's uid with every capability dropped. Landlock still denies
    /// them every file outside the view, and `ptrace` and signals (so
    /// `/proc/PID/environ` too) of every process outside the sandbox.
    fn uid(&self, slot: usize) -> Option<u32> {
        let iso = self.isolation.as_ref().filter(|i| i.root)?;
        if let Layer::Landlock(_) = iso.layer
            && !self.view_enterable()
        {
            return None;
        }
        Some(iso.uid_base + 2 * slot as u32)
    }

    /// Whether users other than root can enter every folder a confined
    /// program may read (decided once per view generation).
    fn view_enterable(&self) -> bool {
        let generation = self.view.lock().map(|v| v.1).unwrap_or(0);
        let mut cache = match self.enterable.lock() {
            Ok(c) => c,
            Err(e) => e.into_inner(),
        };
        match *cache {
            Some((g, answer)) if g == generation => answer,
            _ => {
                let answer = self.confinement().read.iter().all(|p| others_can_enter(p));
                *cache = Some((generation, answer));
                answer
            }
        }
    }

    /// A word of a command line or environment with the host paths of
    /// the build area written as the program sees them, wherever they
    /// stand in it (`-o/path`, `GOCACHE=/path`, a path inside a Lisp
    /// form): the build area's name is unique, so nothing else matches.
    fn inside(&self, text: &str) -> String {
        let host = self.box_dir.path().display().to_string();
        match self.bubblewrap() {
            true => text.replace(&host, BOX),
            false => text.to_string(),
        }
    }

    /// Runs `procs` at the same time on this worker's launcher, each with
    /// its descriptors (standard input, standard output, extra files), and
    /// returns what was measured; `Err` when no launcher could run them.
    pub fn run_raw(&self, procs: Vec<(&ProcSpec, Vec<OwnedFd>)>) -> Result<Vec<ProcResult>, Error> {
        let launched = Instant::now(); // starting a launcher is the sandbox's cost too
        let slot = rayon::current_thread_index().unwrap_or(0) % self.slots.len();
        let mut guard = self.slots[slot]
            .lock()
            .map_err(|_| Error::Run("a launcher lock was poisoned".into()))?;
        let generation = self.view.lock().map(|v| v.1).unwrap_or(0);
        if guard.as_ref().is_none_or(|(_, g)| *g != generation) {
            *guard = None;
            let l = self
                .start_launcher(slot)
                .map_err(|e| Error::Run(format!("cannot start the launcher: {e}")))?;
            *guard = Some((l, generation));
        }
        let (launcher, _) = guard
            .as_mut()
            .ok_or_else(|| Error::Run("no launcher".into()))?;
        let specs: Vec<ProcSpec> = procs
            .iter()
            .map(|(spec, _)| {
                if let Some(uid) = self.uid(slot) {
                    for dir in &spec.writable {
                        give(Path::new(dir), uid + spec.role.uid_offset());
                    }
                }
                ProcSpec {
                    argv: spec.argv.iter().map(|a| self.inside(a)).collect(),
                    env: spec.env.iter().map(|e| self.inside(e)).collect(),
                    cwd: self.inside(&spec.cwd),
                    writable: spec.writable.iter().map(|w| self.inside(w)).collect(),
                    ..(*spec).clone()
                }
            })
            .collect();
        let request: Vec<(&ProcSpec, Vec<OwnedFd>)> = specs
            .iter()
            .zip(procs)
            .map(|(s, (_, fds))| (s, fds))
            .collect();
        let results = launcher.run(request);
        let _ = (results.as_ref()).map(|r| crate::meter::add(launched.elapsed(), r));
        results.map_err(|e| {
            // A launcher that failed is replaced at the next run.
            *guard = None;
            Error::Run(format!("the launcher failed: {e}"))
        })
    }

    /// Runs `spec` with `input` as standard input (and `files` as its
    /// descriptors 3, 4, …) and decides how it ended.
    pub fn run_with(&self, spec: &ProcSpec, input: &Path, files: &[&Path]) -> Execution {
        let start = Instant::now();
        let fail = |msg: String| Execution::failed(End::CouldNotRun(msg), start.elapsed());
        let open =
            |p: &Path| File::open(p).map_err(|e| format!("{}: cannot read: {e}", p.display()));
        let stdin = match open(input) {
            Ok(f) => f,
            Err(e) => return fail(e),
        };
        let extra: Vec<File> = match files.iter().map(|p| open_for_program(p)).collect() {
            Ok(f) => f,
            Err(e) => return fail(e.to_string()),
        };
        let mut stdout = match tempfile::tempfile() {
            Ok(o) => o,
            Err(e) => return fail(format!("cannot create a file for the output: {e}")),
        };
        let theirs = match stdout.try_clone() {
            Ok(f) => f,
            Err(e) => return fail(format!("cannot share the output file: {e}")),
        };
        let mut fds: Vec<OwnedFd> = vec![stdin.into(), theirs.into()];
        fds.extend(extra.into_iter().map(OwnedFd::from));
        let mut result = match self.run_raw(vec![(spec, fds)]) {
            Ok(mut r) => r.remove(0),
            Err(e) => return fail(e.to_string()),
        };
        let (bytes, size) = read_capped(&mut stdout, spec.limits.output);
        // A run under an address-space cap (`exec.address_space`) is run
        // again without it by whoever judges it: only the verdict tells
        // whether a refused allocation may explain it (the engine's
        // `judging::refused`).
        execution(&mut result, bytes, size, &spec.limits)
    }

    /// [`Runner::run_with`] without extra files.
    pub fn run(&self, spec: &ProcSpec, input: &Path) -> Execution {
        self.run_with(spec, input, &[])
    }
}

/// The uids the sandboxed programs of the judge process `pid` run as (two
/// per worker): runs of judge side by side never share one, and whatever
/// a run leaves behind can be told apart by its uid.
pub fn sandbox_uids(pid: u32) -> std::ops::Range<u32> {
    let base = 1_000_000 + (pid % 100_000) * 64;
    base..base + 64
}

/// `path` opened to be handed to a program as an extra file: the file, or
/// a copy of it anyone may read. A program opens its extra files again by
/// name (`/dev/fd/3`), and that open checks the file's permissions against
/// the program's uid: test data checked out with a strict umask would
/// otherwise be unreadable to a checker.
pub fn open_for_program(path: &Path) -> Result<File, Error> {
    let file = File::open(path).map_err(Error::io(path, "cannot read"))?;
    use std::io::{Seek, SeekFrom};
    use std::os::unix::fs::PermissionsExt;
    let fault = |e: std::io::Error| Error::io(path, "cannot share with the program")(e);
    let meta = file.metadata().map_err(fault)?;
    if meta.permissions().mode() & 0o004 != 0 {
        return Ok(file);
    }
    let mut copy = tempfile::tempfile().map_err(fault)?;
    std::io::copy(&mut &file, &mut copy).map_err(fault)?;
    copy.set_permissions(std::fs::Permissions::from_mode(0o644))
        .map_err(fault)?;
    copy.seek(SeekFrom::Start(0)).map_err(fault)?;
    Ok(copy)
}

fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode));
}

/// Hands a folder to a worker's uid so its compiler can write there.
fn give(dir: &Path, uid: u32) {
    use std::os::unix::ffi::OsStrExt;
    if let Ok(c) = std::ffi::CString::new(dir.as_os_str().as_bytes()) {
        // SAFETY: chown on a path we created.
        unsafe { libc::chown(c.as_ptr(), uid, uid) };
    }
}
