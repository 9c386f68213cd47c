//! Telling a killed judge's leftovers from another judge's work in progress.
//!
//! Two kinds of things outlive a judge killed with SIGKILL (or by a power
//! cut): the temporary file of an atomic write, beside the file it was to
//! replace, and a run's scratch folder in the system's temporary folder.
//! Each is named after the process that made it (`.judge-<pid>-XXXXXX.tmp`,
//! `judge-run-<pid>-XXXXXX`) and that process holds an exclusive `flock` on
//! it for as long as it may use it. The kernel drops the lock when the
//! process dies, however it dies, so "nobody holds the lock" is exact where
//! an age would be a guess: a slow concurrent `judge regen` is never robbed
//! of a temporary, and a killed one's is recognised at once. The pid covers
//! the file systems where `flock` cannot be probed, and names the writer in
//! messages.
//!
//! Nothing here asks when the machine started: a rule that compared a
//! file's time with the boot time judged the same file differently on a
//! machine up for minutes and one up for days. Only the lock, the pid and
//! the file's own age decide, so a verdict depends on the file alone.

use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// Temporaries of atomic writes: `.judge-<pid>-XXXXXX.tmp`.
pub(crate) const TEMP_PREFIX: &str = ".judge-";
pub(crate) const TEMP_SUFFIX: &str = ".tmp";
/// Random characters in every name (tempfile's default, stated so that
/// the names this module recognises stay the names judge makes).
pub(crate) const RANDOM_LEN: usize = 6;

/// An unlocked leftover whose pid is alive is still stale after this long:
/// a writer locks its temporary within microseconds of creating it, so the
/// pid must have been reused by an unrelated process.
const UNLOCKED_AGE: Duration = Duration::from_secs(3600);
/// Temporaries named by judges from before the pid was in the name carry
/// no lock to probe. A write takes seconds, so ten minutes untouched means
/// its writer is gone.
pub(crate) const LEGACY_TEMP_AGE: Duration = Duration::from_secs(600);

/// Who made a leftover, as far as its name tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Maker {
    Pid(u32),
    /// A judge from before pids were in names (`.judge-XXXXXX.tmp`).
    Unnamed,
}

/// The maker of `name` when it is `<prefix><pid>-XXXXXX<suffix>` or the
/// older `<prefix>XXXXXX<suffix>`; `None` for any other name, so that only
/// judge's own temporaries are ever treated as removable.
pub(crate) fn maker(name: &str, prefix: &str, suffix: &str) -> Option<Maker> {
    let middle = name.strip_prefix(prefix)?.strip_suffix(suffix)?;
    let random = |s: &str| s.len() == RANDOM_LEN && s.bytes().all(|b| b.is_ascii_alphanumeric());
    if random(middle) {
        return Some(Maker::Unnamed);
    }
    let (pid, rest) = middle.split_once('-')?;
    let digits = !pid.is_empty() && pid.len() <= 10 && pid.bytes().all(|b| b.is_ascii_digit());
    match digits && random(rest) {
        true => pid.parse().ok().map(Maker::Pid),
        false => None,
    }
}

/// Whether `name` is a temporary of an atomic write, live or stale.
pub fn is_temp_name(name: &str) -> bool {
    maker(name, TEMP_PREFIX, TEMP_SUFFIX).is_some()
}

/// The name start of this process's temporaries.
pub fn temp_prefix() -> String {
    format!("{TEMP_PREFIX}{}-", std::process::id())
}

/// Takes the lock that tells other judges `file` is in use. Failure (a
/// file system without `flock`) is not an error: the pid in the name
/// still protects the file while this process lives.
pub(crate) fn hold(file: &std::fs::File) {
    // SAFETY: flock on a descriptor the caller owns.
    unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lock {
    Held,
    Free,
    /// Could not be probed (no permission, no `flock` on this file system).
    Unknown,
}

fn lock_state(path: &Path) -> Lock {
    use std::os::unix::fs::OpenOptionsExt;
    let Ok(file) = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
    else {
        return Lock::Unknown;
    };
    // SAFETY: flock on a descriptor we own; closing it drops the lock.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
        return Lock::Free;
    }
    match std::io::Error::last_os_error().raw_os_error() {
        Some(libc::EWOULDBLOCK) => Lock::Held,
        _ => Lock::Unknown,
    }
}

/// Whether process `pid` exists and is not a zombie (a zombie's files are
/// closed, so it holds nothing any more).
pub(crate) fn alive(pid: u32) -> bool {
    let Ok(id) = i32::try_from(pid) else {
        return false;
    };
    // SAFETY: signal 0 only checks that the process exists.
    let exists = id > 0
        && (unsafe { libc::kill(id, 0) } == 0
            || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM));
    if !exists {
        return false;
    }
    // /proc/<pid>/stat: "pid (comm) S …"; comm may hold spaces or ')'.
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !matches!(
            stat.rsplit_once(')')
                .and_then(|(_, s)| s.trim_start().chars().next()),
            Some('Z' | 'X')
        ),
        Err(_) => true,
    }
}

/// Why the leftover at `path` is stale, or `None` while its maker may still
/// be using it. `legacy_age`: how long an unnamed one must lie untouched.
/// The reason does not depend on the time of the call, so every shard of
/// a `judge validate` words an issue alike and merging keeps it once.
pub fn stale_because(
    path: &Path,
    maker: Maker,
    modified: SystemTime,
    legacy_age: Duration,
) -> Option<String> {
    let age = SystemTime::now()
        .duration_since(modified)
        .unwrap_or_default();
    match maker {
        Maker::Pid(pid) if pid == std::process::id() => None,
        Maker::Pid(pid) => match lock_state(path) {
            Lock::Held => None,
            _ if !alive(pid) => Some(format!("its writer, pid {pid}, is gone")),
            Lock::Free if age >= UNLOCKED_AGE => Some(format!(
                "unlocked for over an hour, so pid {pid} is now another process"
            )),
            _ => None,
        },
        Maker::Unnamed if age >= legacy_age => Some(format!(
            "named by an older judge and untouched for over {}",
            humantime::format_duration(legacy_age)
        )),
        Maker::Unnamed => None,
    }
}

/// A temporary of an atomic write found in a folder tree.
#[derive(Debug, Clone)]
pub struct Temp {
    pub path: PathBuf,
    pub size: u64,
    pub modified: SystemTime,
    /// Why it is stale; `None` while a live judge may still rename it.
    pub stale: Option<String>,
}

impl Temp {
    /// Size and last write for people: `37 B, last written
    /// 2026-11-24T06:14:44Z` (a time, not an age, for the reason given at
    /// [`stale_because`]).
    pub fn describe(&self) -> String {
        format!(
            "{}, last written {}",
            judge_text::units::format_size_approx(self.size),
            humantime::format_rfc3339_seconds(self.modified)
        )
    }

    /// How long ago it was last written, for the console: `3 h`.
    pub fn age(&self) -> String {
        let secs = SystemTime::now()
            .duration_since(self.modified)
            .unwrap_or_default()
            .as_secs();
        match secs {
            0..60 => format!("{secs} s"),
            60..7200 => format!("{} min", secs / 60),
            7200..172_800 => format!("{} h", secs / 3600),
            _ => format!("{} days", secs / 86_400),
        }
    }
}

/// Every temporary of an atomic write under `dir`, sorted by path, each
/// judged stale or live. Links are followed, as case discovery follows
/// them, since a write lands in the folder a link points to.
pub fn temps_in(dir: &Path) -> Vec<Temp> {
    let walker = walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .follow_links(true);
    let mut found = Vec::new();
    for entry in walker.into_iter().filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy();
        let Some(maker) = maker(&name, TEMP_PREFIX, TEMP_SUFFIX) else {
            continue;
        };
        let Ok(meta) = entry.metadata() else { continue };
        if !meta.is_file() {
            continue;
        }
        let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
        found.push(Temp {
            stale: stale_because(entry.path(), maker, modified, LEGACY_TEMP_AGE),
            path: entry.into_path(),
            size: meta.len(),
            modified,
        });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_judges_own_names_are_recognised() {
        let m = |n: &str| maker(n, TEMP_PREFIX, TEMP_SUFFIX);
        assert_eq!(m(".judge-4242-aB3xZ9.tmp"), Some(Maker::Pid(4242)));
        assert_eq!(m(".judge-aB3xZ9.tmp"), Some(Maker::Unnamed));
        assert_eq!(m(".judge-123456.tmp"), Some(Maker::Unnamed));
        for other in [
            ".judge-manifest",
            ".judge-staging-aB3xZ9",
            ".judge-aB3xZ.tmp",
            ".judge-aB3xZ90.tmp",
            ".judge-42-aB3x_9.tmp",
            ".judge--aB3xZ9.tmp",
            ".judge-4x2-aB3xZ9.tmp",
            ".judge-99999999999-aB3xZ9.tmp",
            "judge-4242-aB3xZ9.tmp",
            ".judge-4242-aB3xZ9.tmp.out",
            "a.out",
        ] {
            assert_eq!(m(other), None, "{other}");
        }
        assert_eq!(
            maker("judge-run-17-aB3xZ9", "judge-run-", ""),
            Some(Maker::Pid(17))
        );
        assert_eq!(
            maker("judge-run-aB3xZ9", "judge-run-", ""),
            Some(Maker::Unnamed)
        );
    }

    #[test]
    fn a_lock_or_a_live_pid_keeps_a_temporary_and_a_dead_writer_does_not() {
        let dir = tempfile::tempdir().unwrap();
        let now = SystemTime::now();
        let hour_ago = now - Duration::from_secs(7200);
        let dead = {
            let mut child = std::process::Command::new("true").spawn().unwrap();
            child.wait().unwrap();
            child.id()
        };
        let me = std::process::id();
        let path = |n: &str| {
            let p = dir.path().join(n);
            std::fs::write(&p, b"x").unwrap();
            p
        };
        let stale = |p: &Path, m, t| stale_because(p, m, t, LEGACY_TEMP_AGE);
        // Our own: never stale, whatever its age.
        let own = path(&format!(".judge-{me}-aaaaaa.tmp"));
        assert_eq!(stale(&own, Maker::Pid(me), hour_ago), None);
        // A dead writer's, even a second old.
        let gone = path(&format!(".judge-{dead}-bbbbbb.tmp"));
        let why = stale(&gone, Maker::Pid(dead), now).unwrap();
        assert!(why.contains(&format!("pid {dead}")), "{why}");
        // Held by someone: live, even when its pid is dead.
        let holder = std::fs::File::open(&gone).unwrap();
        hold(&holder);
        assert_eq!(stale(&gone, Maker::Pid(dead), hour_ago), None);
        drop(holder);
        // A live pid (the parent of this test) that does not hold it: live
        // while young, stale after an hour (the pid was reused).
        let parent = std::os::unix::process::parent_id();
        let reused = path(&format!(".judge-{parent}-cccccc.tmp"));
        assert_eq!(stale(&reused, Maker::Pid(parent), now), None);
        assert!(stale(&reused, Maker::Pid(parent), hour_ago).is_some());
        // Unnamed (an older judge's): by age alone.
        let old = path(".judge-dddddd.tmp");
        assert_eq!(stale(&old, Maker::Unnamed, now), None);
        assert!(stale(&old, Maker::Unnamed, hour_ago).is_some());
        // However long the machine has been up: a file older than the boot
        // is judged by the same rule and worded alike.
        let ancient = SystemTime::UNIX_EPOCH + Duration::from_secs(1);
        assert_eq!(
            stale(&old, Maker::Unnamed, ancient),
            stale(&old, Maker::Unnamed, hour_ago)
        );
    }
}
