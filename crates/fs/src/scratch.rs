//! Scratch folders of a run (`/tmp/judge-run-<pid>-XXXXXX`), and removing
//! what judge is in the middle of writing when it is interrupted.
//!
//! A folder is removed when its run ends normally (dropped), and on
//! SIGINT, SIGTERM or SIGHUP by a thread that waits for those signals: it
//! removes every registered folder and in-flight temporary, then lets the
//! signal end the process as it would have, so a shell still sees
//! "interrupted". SIGKILL cannot be caught; the next run that creates a
//! scratch folder removes the folders of runs that died that way (see
//! [`super::leftovers`] for how a dead run's folder is told from a live
//! one's).

use std::collections::HashSet;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Mutex, MutexGuard, Once, OnceLock};
use std::time::{Duration, SystemTime};

use super::leftovers::{hold, maker, stale_because};

/// Scratch folders of judges from before the pid was in the name have no
/// lock to probe; a run that has not touched its folder for a day is over.
const LEGACY_DIR_AGE: Duration = Duration::from_secs(24 * 3600);

/// What this process would have to remove if a signal ended it now.
#[derive(Default)]
pub(crate) struct InFlight {
    dirs: Vec<PathBuf>,
    files: HashSet<PathBuf>,
}

impl InFlight {
    pub(crate) fn add_file(&mut self, path: &Path) {
        self.files.insert(path.to_path_buf());
    }

    #[cfg(test)]
    pub(crate) fn has_file(&self, path: &Path) -> bool {
        self.files.contains(path)
    }
}

static IN_FLIGHT: Mutex<Option<InFlight>> = Mutex::new(None);

/// Starts the signal thread once.
static START: Once = Once::new();

/// The register, with the signal thread started on first use. Whoever
/// creates a file or folder holds this guard from before creating it until
/// it is registered, and the signal thread holds it from its sweep until
/// the process ends, so nothing is created unseen in between.
pub(crate) fn in_flight() -> MutexGuard<'static, Option<InFlight>> {
    START.call_once(watch_signals);
    let mut guard = IN_FLIGHT.lock().unwrap_or_else(|e| e.into_inner());
    guard.get_or_insert_with(InFlight::default);
    guard
}

/// Forgets a temporary that was renamed into place or removed.
pub fn forget_file(path: &Path) {
    if let Some(reg) = IN_FLIGHT.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
        reg.files.remove(path);
    }
}

/// The write end of the pipe the signal handler reports on.
static SIGNAL_PIPE: AtomicI32 = AtomicI32::new(-1);

/// Set by the signal handler: from then on the clean-up thread ends the
/// process, as the signal asked (see [`wait_if_ending`]).
static TERMINATING: AtomicBool = AtomicBool::new(false);

/// How the program ends itself after a signal's clean-up, should the
/// signal raised again not end it ([`on_signal_end`]).
static SIGNAL_END: OnceLock<fn(libc::c_int) -> !> = OnceLock::new();

/// Tells the clean-up thread how the program ends after a signal `n`
/// when raising the signal again did not end it: the program's exit-code
/// table decides (judge's says 128 + n). The first call wins; without
/// one, the process aborts there.
pub fn on_signal_end(end: fn(libc::c_int) -> !) {
    let _ = SIGNAL_END.set(end);
}

/// What the program does on SIGINT, SIGTERM or SIGHUP before the
/// clean-up ([`on_signal_before_end`]).
static SIGNAL_FIRST: OnceLock<fn(libc::c_int)> = OnceLock::new();

/// Has the clean-up thread call `first` with the signal's number before
/// it removes the temporaries and ends the process: a run stops its
/// programs and writes the report of what finished there (it may write
/// files: the clean-up waits for it). Starts watching for the signals now
/// (they are otherwise caught from the first temporary on). The first
/// call wins.
pub fn on_signal_before_end(first: fn(libc::c_int)) {
    let _ = SIGNAL_FIRST.set(first);
    START.call_once(watch_signals);
}

/// Waits, forever, when a signal's clean-up is under way; returns at once
/// otherwise. A program calls it right before it exits with its own
/// status.
///
/// The signal can make the run finish early (an interrupted poll, a run
/// folder removed under a running case), and the run could then exit with
/// its own status before the clean-up thread re-raised the signal: a shell
/// would see "exit 1" where it sent SIGINT. So the command line waits here
/// before it exits, and the clean-up thread ends the process by the
/// signal.
pub fn wait_if_ending() {
    if TERMINATING.load(Ordering::SeqCst) {
        loop {
            std::thread::park();
        }
    }
}

/// Whether SIGINT, SIGTERM or SIGHUP came: from then on, a result may
/// be a program the signal (sent to the whole process group, as Ctrl-C
/// does) killed, and is not to be trusted.
pub fn terminating() -> bool {
    TERMINATING.load(Ordering::SeqCst)
}

extern "C" fn on_signal(sig: libc::c_int) {
    // First, before the clean-up thread even wakes: a syscall the signal
    // interrupted (a poll on a launcher) may fail the run and send the
    // main thread to exit at once.
    TERMINATING.store(true, Ordering::SeqCst);
    let byte = sig as u8;
    // SAFETY: write(2) is async-signal-safe; the descriptor stays open for
    // the life of the process.
    unsafe {
        libc::write(
            SIGNAL_PIPE.load(Ordering::Relaxed),
            (&byte as *const u8).cast(),
            1,
        )
    };
}

/// Starts the thread that cleans up on a signal, and routes the signals to
/// it. A handler cannot walk folders (that allocates), so it only writes
/// the signal's number to a pipe. A signal ignored when judge started
/// (`nohup`, a background job) stays ignored.
fn watch_signals() {
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills the two descriptors it is given.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return;
    }
    let reader = fds[0];
    let started = std::thread::Builder::new()
        .name("judge-interrupt".into())
        .spawn(move || clean_up_on_signal(reader));
    if started.is_err() {
        return;
    }
    SIGNAL_PIPE.store(fds[1], Ordering::Relaxed);
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: sigaction with zero-initialised structs we own; the
        // handler only calls write(2).
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(sig, std::ptr::null(), &mut old) != 0
                || old.sa_sigaction == libc::SIG_IGN
            {
                continue;
            }
            let mut act: libc::sigaction = std::mem::zeroed();
            act.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
            act.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut act.sa_mask);
            libc::sigaction(sig, &act, std::ptr::null_mut());
        }
    }
}

fn clean_up_on_signal(reader: libc::c_int) {
    let mut byte = 0u8;
    loop {
        // SAFETY: reads one byte into a local.
        let n = unsafe { libc::read(reader, (&mut byte as *mut u8).cast(), 1) };
        if n == 1 {
            break;
        }
        if n < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        return;
    }
    let sig = libc::c_int::from(byte);
    // Before the sweep, without the register held: what `first` writes
    // goes through temporaries that register themselves.
    if let Some(first) = SIGNAL_FIRST.get() {
        first(sig);
    }
    // Held until the end: a worker about to create a file waits here.
    let guard = IN_FLIGHT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(reg) = guard.as_ref() {
        for file in &reg.files {
            let _ = std::fs::remove_file(file);
        }
        for dir in &reg.dirs {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
    // SAFETY: restore the default action and deliver the signal again, so
    // the process ends the way the signal asked.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
    match SIGNAL_END.get() {
        Some(end) => end(sig),
        None => std::process::abort(),
    }
}

/// A run's private scratch folder in the system's temporary folder, named
/// `<prefix><pid>-XXXXXX` and locked while this process lives. Creating
/// one first removes the stale folders of killed runs.
pub struct ScratchDir {
    dir: tempfile::TempDir,
    /// Dropped after `dir`: the folder is locked until it is gone.
    _lock: File,
    swept: Swept,
}

/// Stale folders removed when a scratch folder was made.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Swept {
    pub removed: usize,
    pub bytes: u64,
    /// Stale folders that could not be removed, with the reason.
    pub failed: Vec<String>,
}

impl ScratchDir {
    /// Makes `<temp dir>/<prefix><pid>-XXXXXX` after removing the stale
    /// folders of killed runs with the same prefix. Only folders of this
    /// user are looked at: another user's are theirs to judge.
    pub fn new(prefix: &str) -> std::io::Result<ScratchDir> {
        ScratchDir::new_in(&std::env::temp_dir(), prefix)
    }

    /// [`ScratchDir::new`] in `parent` instead of the temp dir.
    pub fn new_in(parent: &Path, prefix: &str) -> std::io::Result<ScratchDir> {
        let parent = parent.to_path_buf();
        let swept = sweep(&parent, prefix);
        let mut guard = in_flight();
        let dir = tempfile::Builder::new()
            .prefix(&format!("{prefix}{}-", std::process::id()))
            .rand_bytes(super::leftovers::RANDOM_LEN)
            .tempdir_in(&parent)?;
        let lock = File::open(dir.path())?;
        hold(&lock);
        if let Some(reg) = guard.as_mut() {
            reg.dirs.push(dir.path().to_path_buf());
        }
        Ok(ScratchDir {
            dir,
            _lock: lock,
            swept,
        })
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// One line for the console when stale folders were found, else `None`.
    pub fn swept_note(&self) -> Option<String> {
        let s = &self.swept;
        let parent = self.dir.path().parent().unwrap_or(Path::new("/"));
        let mut parts = Vec::new();
        if s.removed > 0 {
            parts.push(format!(
                "removed {} stale run folder{} of killed judge runs from {} ({} freed)",
                s.removed,
                if s.removed == 1 { "" } else { "s" },
                parent.display(),
                judge_text::units::format_size_approx(s.bytes)
            ));
        }
        parts.extend(s.failed.iter().map(|f| format!("cannot remove {f}")));
        (!parts.is_empty()).then(|| parts.join("; "))
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        if let Some(reg) = IN_FLIGHT.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            reg.dirs.retain(|d| d != self.dir.path());
        }
    }
}

/// Removes this user's stale `<prefix>…` folders from `parent`.
fn sweep(parent: &Path, prefix: &str) -> Swept {
    use std::os::unix::fs::MetadataExt;
    let mut swept = Swept::default();
    let Ok(entries) = std::fs::read_dir(parent) else {
        return swept;
    };
    // SAFETY: geteuid cannot fail.
    let me = unsafe { libc::geteuid() };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(made_by) = maker(&name, prefix, "") else {
            continue;
        };
        // Not followed: a link named like a run folder is not one.
        let Ok(meta) = entry.path().symlink_metadata() else {
            continue;
        };
        if !meta.is_dir() || meta.uid() != me {
            continue;
        }
        let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
        if stale_because(&entry.path(), made_by, modified, LEGACY_DIR_AGE).is_none() {
            continue;
        }
        let bytes = tree_size(&entry.path());
        match std::fs::remove_dir_all(entry.path()) {
            Ok(()) => {
                swept.removed += 1;
                swept.bytes += bytes;
            }
            // Another judge starting at the same time removed it first.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => swept
                .failed
                .push(format!("{}: {e}", entry.path().display())),
        }
    }
    swept
}

fn tree_size(dir: &Path) -> u64 {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter_map(|e| e.metadata().ok())
        .filter(|m| m.is_file())
        .map(|m| m.len())
        .sum()
}
