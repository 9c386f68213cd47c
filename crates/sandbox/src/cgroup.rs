//! Control groups: exact accounting of a whole process tree, and its limits.
//!
//! `wait4` only sees the one process it waits for (and the children that
//! process reaped); a submission that forks, or is killed, escapes it. A
//! cgroup per case counts CPU time and peak memory of everything the case
//! started, enforces the memory and process-count limits in the kernel, and
//! lets judge kill every member afterwards.
//!
//! Both layouts are supported: cgroup v1 (separate `memory`, `cpuacct` and
//! `pids` hierarchies, as on these machines) and the unified v2 hierarchy
//! most CI services have. judge makes one folder per run below its own
//! cgroup ([`RunGroups::create`], removed again on drop); the launcher makes
//! one folder per case below that ([`CaseGroup`]). Where neither works
//! (no permission, no controllers), accounting falls back to `wait4` and the
//! report says so.

use std::path::{Path, PathBuf};
use std::time::Duration;

/// One run's cgroup folders, by layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Layout {
    V1 {
        memory: PathBuf,
        cpuacct: PathBuf,
        pids: Option<PathBuf>,
    },
    V2 {
        dir: PathBuf,
    },
}

impl Layout {
    /// The folders, for bind mounts and clean-up.
    pub(crate) fn dirs(&self) -> Vec<&Path> {
        match self {
            Layout::V1 {
                memory,
                cpuacct,
                pids,
            } => {
                let mut d = vec![memory.as_path(), cpuacct.as_path()];
                d.extend(pids.as_deref());
                d
            }
            Layout::V2 { dir } => vec![dir.as_path()],
        }
    }

    /// The same layout with each folder replaced by `map(folder)` (where
    /// the sandbox mounts it).
    pub(crate) fn mapped(&self, mut map: impl FnMut(&str) -> PathBuf) -> Layout {
        match self {
            Layout::V1 { pids, .. } => Layout::V1 {
                memory: map("memory"),
                cpuacct: map("cpuacct"),
                pids: pids.as_ref().map(|_| map("pids")),
            },
            Layout::V2 { .. } => Layout::V2 {
                dir: map("unified"),
            },
        }
    }

    /// `v1:MEMORY:CPUACCT[:PIDS]` or `v2:DIR`, for the launcher's command line.
    pub(crate) fn to_arg(&self) -> String {
        match self {
            Layout::V1 {
                memory,
                cpuacct,
                pids,
            } => {
                let mut s = format!("v1:{}:{}", memory.display(), cpuacct.display());
                if let Some(p) = pids {
                    s.push(':');
                    s.push_str(&p.display().to_string());
                }
                s
            }
            Layout::V2 { dir } => format!("v2:{}", dir.display()),
        }
    }

    pub(crate) fn from_arg(arg: &str) -> Option<Layout> {
        let mut parts = arg.split(':');
        match parts.next()? {
            "v1" => Some(Layout::V1 {
                memory: parts.next()?.into(),
                cpuacct: parts.next()?.into(),
                pids: parts.next().map(PathBuf::from),
            }),
            "v2" => Some(Layout::V2 {
                dir: parts.next()?.into(),
            }),
            _ => None,
        }
    }
}

/// The cgroup folders of one run; removed (with any case folders left
/// inside) when dropped.
#[derive(Debug)]
pub struct RunGroups {
    pub(crate) layout: Layout,
    /// Words for the report: what is measured and limited this way.
    pub(crate) describe: String,
}

/// Why a run gets no cgroup folders (accounting then falls back to
/// `wait4`, and the report says why).
#[derive(Debug, thiserror::Error)]
pub enum CgroupsUnavailable {
    /// The run's folder could not be made below judge's cgroup `base`.
    #[error("{}: {source}", .base.display())]
    RunFolder {
        base: PathBuf,
        source: std::io::Error,
    },
    #[error("no cgroup v2 entry in /proc/self/cgroup")]
    NoV2Entry,
    #[error("no cgroup hierarchy with memory and CPU accounting is mounted")]
    NoHierarchy,
}

/// The run's folder `name` below `base`, or why not.
fn run_folder(base: &Path, name: &str) -> Result<PathBuf, CgroupsUnavailable> {
    mkdir_run(base, name).map_err(|source| CgroupsUnavailable::RunFolder {
        base: base.to_path_buf(),
        source,
    })
}

const CGROUP_ROOT: &str = "/sys/fs/cgroup";

/// Where this process sits in a hierarchy, from `/proc/self/cgroup`
/// (`controller` "" is the v2 unified hierarchy).
fn own_path(controller: &str) -> Option<String> {
    let text = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    text.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        let hit = if controller.is_empty() {
            controllers.is_empty()
        } else {
            controllers.split(',').any(|c| c == controller)
        };
        hit.then(|| path.to_string())
    })
}

fn mkdir_run(base: &Path, name: &str) -> std::io::Result<PathBuf> {
    let dir = base.join(name);
    std::fs::create_dir(&dir)?;
    Ok(dir)
}

impl RunGroups {
    /// Makes this run's folders below judge's own cgroups, or says why not.
    pub fn create() -> Result<RunGroups, CgroupsUnavailable> {
        let name = format!("judge-{}-{}", std::process::id(), nonce());
        let v1 = |ctrl: &str| -> Option<PathBuf> {
            let mount = Path::new(CGROUP_ROOT).join(ctrl);
            mount.join("cgroup.procs").is_file().then_some(())?;
            let own = own_path(ctrl)?;
            Some(mount.join(own.trim_start_matches('/')))
        };
        if let (Some(memory), Some(cpuacct)) = (v1("memory"), v1("cpuacct")) {
            clean_stale(&memory);
            clean_stale(&cpuacct);
            let memory = run_folder(&memory, &name)?;
            let cpuacct = match run_folder(&cpuacct, &name) {
                Ok(d) => d,
                Err(e) => {
                    let _ = std::fs::remove_dir(&memory);
                    return Err(e);
                }
            };
            let pids = v1("pids").and_then(|p| {
                clean_stale(&p);
                mkdir_run(&p, &name).ok()
            });
            let describe = format!(
                "cgroup v1 (memory, cpuacct{}): CPU time and peak memory of the whole process tree",
                if pids.is_some() { ", pids" } else { "" }
            );
            return Ok(RunGroups {
                layout: Layout::V1 {
                    memory,
                    cpuacct,
                    pids,
                },
                describe,
            });
        }
        let unified = Path::new(CGROUP_ROOT);
        if unified.join("cgroup.controllers").is_file() {
            return RunGroups::create_v2(unified, &name);
        }
        Err(CgroupsUnavailable::NoHierarchy)
    }

    /// The run's folder `name` in the unified hierarchy mounted at
    /// `unified`, below judge's own cgroup, handed every controller
    /// judge's cgroup could be given.
    fn create_v2(unified: &Path, name: &str) -> Result<RunGroups, CgroupsUnavailable> {
        let own = own_path("").ok_or(CgroupsUnavailable::NoV2Entry)?;
        let own = crate::cgroup_v2::base_of(&own).to_string();
        let base = unified.join(own.trim_start_matches('/'));
        clean_stale(&base);
        // SAFETY: getuid cannot fail.
        let uid = unsafe { libc::getuid() };
        let me = crate::cgroup_v2::Me {
            pid: std::process::id(),
            uid,
            own,
        };
        let given = crate::cgroup_v2::delegate(&mut crate::cgroup_v2::Kernel, &base, &me);
        let dir = run_folder(&base, name)?;
        // The run folder hands on what judge's cgroup was given, so
        // each case folder below it has its own counters and limits.
        for c in &given.enabled {
            let _ = std::fs::write(dir.join("cgroup.subtree_control"), format!("+{c}"));
        }
        let enabled =
            std::fs::read_to_string(dir.join("cgroup.subtree_control")).unwrap_or_default();
        let has = |c: &str| enabled.split_whitespace().any(|e| e == c);
        let moved = given.moved.map_or(String::new(), |n| {
            format!(
                "; judge moved {n} process{} into {} to be given them",
                if n == 1 { "" } else { "es" },
                crate::cgroup_v2::LEAF
            )
        });
        let describe = if has("memory") {
            format!(
                "cgroup v2 (memory{}): CPU time and peak memory of the whole process tree{moved}",
                if has("pids") { ", pids" } else { "" }
            )
        } else {
            format!(
                "cgroup v2 without the memory controller ({}): CPU time of the whole process \
                 tree; peak memory from the launcher's watch and wait4",
                (given.missing_why.as_ref())
                    .map_or_else(|| "not enabled".to_string(), ToString::to_string)
            )
        };
        Ok(RunGroups {
            layout: Layout::V2 { dir },
            describe,
        })
    }
}

impl Drop for RunGroups {
    fn drop(&mut self) {
        for dir in self.layout.dirs() {
            remove_tree(dir);
        }
    }
}

/// A random-enough suffix so two runs of one pid (or a reused pid) differ.
fn nonce() -> u32 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    t.subsec_nanos() ^ (t.as_secs() as u32).rotate_left(13)
}

/// Removes run folders left by judge processes that no longer exist (a run
/// killed with SIGKILL cannot clean up after itself).
fn clean_stale(base: &Path) {
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix("judge-")
            .and_then(|rest| rest.split('-').next())
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new("/proc").join(pid.to_string()).exists() {
            remove_tree(&entry.path());
        }
    }
}

/// Removes a cgroup folder and its sub-folders (cgroupfs only allows
/// `rmdir`, children first), killing anything still inside.
fn remove_tree(dir: &Path) {
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                remove_tree(&entry.path());
            }
        }
    }
    kill_members(dir);
    for _ in 0..100 {
        if std::fs::remove_dir(dir).is_ok() || !dir.exists() {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// SIGKILL to every process listed in `dir/cgroup.procs`, until it is
/// empty (a member may fork while being killed).
fn kill_members(dir: &Path) {
    let kill = dir.join("cgroup.kill");
    if kill.exists() && std::fs::write(kill, "1").is_ok() {
        return;
    }
    for _ in 0..1000 {
        let pids = std::fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
        let pids: Vec<i32> = pids.lines().filter_map(|l| l.trim().parse().ok()).collect();
        if pids.is_empty() {
            return;
        }
        for pid in pids {
            // SAFETY: signalling a process listed in our own cgroup.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

fn read_u64(path: &Path) -> Option<u64> {
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}

/// `key value` lines (memory.events, cpu.stat, memory.oom_control).
fn read_key(path: &Path, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    text.lines().find_map(|l| {
        let (k, v) = l.split_once(' ')?;
        (k == key).then(|| v.trim().parse().ok()).flatten()
    })
}

/// Memory left charged to a worker's cgroup (page cache of earlier cases)
/// that may count towards the next case's peak without being reclaimed.
const CACHE_SLACK: u64 = 1 << 20;

/// One worker's cgroup folders, made once by its launcher and reused by
/// every case it runs: creating and removing a memory cgroup costs
/// milliseconds, resetting one microseconds. [`CaseGroup::begin`] makes it
/// fresh for a case: no member, page cache dropped, counters reset (or
/// their start noted).
#[derive(Debug)]
pub struct CaseGroup {
    layout: Layout,
    /// Limits last written, to skip rewriting them.
    limits: Option<(u64, u64)>,
    /// v2 counters cannot be reset: their values when the case began.
    cpu_base: Duration,
    oom_base: u64,
    /// v2 `memory.peak`, reset through this descriptor (Linux 6.12+).
    peak: Option<std::fs::File>,
    /// Whether the kernel enforces the memory limit for this group (a v2
    /// tree may not have the memory controller enabled for us).
    limits_memory: bool,
}

impl CaseGroup {
    /// Opens (making it if needed) folder `name` below each run folder.
    pub(crate) fn open(run: &Layout, name: &str) -> std::io::Result<CaseGroup> {
        let layout = match run {
            Layout::V1 {
                memory,
                cpuacct,
                pids,
            } => Layout::V1 {
                memory: memory.join(name),
                cpuacct: cpuacct.join(name),
                pids: pids.as_ref().map(|p| p.join(name)),
            },
            Layout::V2 { dir } => Layout::V2 {
                dir: dir.join(name),
            },
        };
        for dir in layout.dirs() {
            match std::fs::create_dir(dir) {
                Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => return Err(e),
                _ => {}
            }
        }
        Ok(CaseGroup {
            layout,
            limits: None,
            cpu_base: Duration::ZERO,
            oom_base: 0,
            peak: None,
            limits_memory: false,
        })
    }

    /// Whether the memory limit is the kernel's job here; otherwise the
    /// launcher's watch counts resident memory, under an address-space cap
    /// as a backstop.
    pub(crate) fn limits_memory(&self) -> bool {
        self.limits_memory
    }

    /// Prepares the group for a new case with these limits: memory (no
    /// swap) and the process count.
    pub fn begin(&mut self, memory: u64, processes: u64) -> std::io::Result<()> {
        let set =
            |file: PathBuf, value: String| -> std::io::Result<()> { std::fs::write(file, value) };
        let new_limits = self.limits != Some((memory, processes));
        match &self.layout {
            Layout::V1 {
                memory: m,
                cpuacct,
                pids,
            } => {
                if new_limits {
                    // memsw must stay >= the plain limit while both change.
                    let _ = set(m.join("memory.memsw.limit_in_bytes"), u64::MAX.to_string());
                    set(m.join("memory.limit_in_bytes"), memory.to_string())?;
                    let _ = set(m.join("memory.memsw.limit_in_bytes"), memory.to_string());
                    self.limits_memory = true;
                    if let Some(p) = pids {
                        set(p.join("pids.max"), processes.to_string())?;
                    }
                }
                // The previous case's page cache must not count as this
                // one's. Reclaiming is slow (about a millisecond), so it is
                // done only when there is something worth reclaiming.
                if read_u64(&m.join("memory.usage_in_bytes")).is_some_and(|u| u > CACHE_SLACK) {
                    let _ = set(m.join("memory.force_empty"), "0".into());
                }
                set(m.join("memory.max_usage_in_bytes"), "0".into())?;
                set(cpuacct.join("cpuacct.usage"), "0".into())?;
                self.oom_base = read_key(&m.join("memory.oom_control"), "oom_kill").unwrap_or(0);
            }
            Layout::V2 { dir } => {
                if new_limits {
                    self.limits_memory = set(dir.join("memory.max"), memory.to_string()).is_ok();
                    let _ = set(dir.join("memory.swap.max"), "0".into());
                    let _ = set(dir.join("pids.max"), processes.to_string());
                }
                if read_u64(&dir.join("memory.current")).is_some_and(|u| u > CACHE_SLACK) {
                    let _ = set(dir.join("memory.reclaim"), (1u64 << 40).to_string());
                }
                self.cpu_base = read_key(&dir.join("cpu.stat"), "usage_usec")
                    .map_or(Duration::ZERO, Duration::from_micros);
                self.oom_base = read_key(&dir.join("memory.events"), "oom_kill").unwrap_or(0);
                self.peak = std::fs::OpenOptions::new()
                    .read(true)
                    .write(true)
                    .open(dir.join("memory.peak"))
                    .ok()
                    .and_then(|mut f| {
                        use std::io::Write;
                        f.write_all(b"reset").ok().map(|_| f)
                    });
            }
        }
        self.limits = Some((memory, processes));
        Ok(())
    }

    /// The `cgroup.procs` files a process writes `0` into to join.
    pub(crate) fn procs_files(&self) -> Vec<PathBuf> {
        self.layout
            .dirs()
            .iter()
            .map(|d| d.join("cgroup.procs"))
            .collect()
    }

    /// CPU time (user + system) of every process of this case.
    pub(crate) fn cpu(&self) -> Option<Duration> {
        match &self.layout {
            Layout::V1 { cpuacct, .. } => {
                read_u64(&cpuacct.join("cpuacct.usage")).map(Duration::from_nanos)
            }
            Layout::V2 { dir } => read_key(&dir.join("cpu.stat"), "usage_usec")
                .map(|u| Duration::from_micros(u).saturating_sub(self.cpu_base)),
        }
    }

    /// Peak memory of this case's processes, in bytes (`None` when the
    /// kernel cannot tell: no memory controller, or a v2 peak that cannot
    /// be reset).
    pub(crate) fn peak_memory(&self) -> Option<u64> {
        match &self.layout {
            Layout::V1 { memory, .. } => read_u64(&memory.join("memory.max_usage_in_bytes")),
            Layout::V2 { .. } => {
                use std::io::{Read, Seek};
                let mut f = self.peak.as_ref()?;
                f.rewind().ok()?;
                let mut text = String::new();
                f.read_to_string(&mut text).ok()?;
                text.trim().parse().ok()
            }
        }
    }

    /// Whether the kernel killed a member for going over the memory limit
    /// during this case.
    pub(crate) fn oom_killed(&self) -> bool {
        let count = match &self.layout {
            Layout::V1 { memory, .. } => read_key(&memory.join("memory.oom_control"), "oom_kill"),
            Layout::V2 { dir } => read_key(&dir.join("memory.events"), "oom_kill"),
        };
        count.is_some_and(|n| n > self.oom_base)
    }

    /// The folder whose members are all the case's processes (every
    /// process joins every hierarchy, and cannot leave).
    fn members_dir(&self) -> &Path {
        match &self.layout {
            Layout::V1 { memory, .. } => memory,
            Layout::V2 { dir } => dir,
        }
    }

    /// Kills every member (until none is left).
    pub(crate) fn kill_all(&self) {
        kill_members(self.members_dir());
    }

    /// Whether any process is still a member.
    pub(crate) fn is_empty(&self) -> bool {
        std::fs::read_to_string(self.members_dir().join("cgroup.procs"))
            .map_or(true, |t| t.trim().is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_round_trip_through_the_command_line() {
        for l in [
            Layout::V1 {
                memory: "/a/m".into(),
                cpuacct: "/a/c".into(),
                pids: Some("/a/p".into()),
            },
            Layout::V1 {
                memory: "/a/m".into(),
                cpuacct: "/a/c".into(),
                pids: None,
            },
            Layout::V2 { dir: "/u/x".into() },
        ] {
            assert_eq!(Layout::from_arg(&l.to_arg()), Some(l));
        }
        assert_eq!(Layout::from_arg("v3:/x"), None);
    }
}
