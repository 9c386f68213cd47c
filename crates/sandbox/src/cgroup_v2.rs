//! Getting controllers in a cgroup v2 tree judge was given but did not set
//! up: a container's own cgroup namespace, or a systemd scope delegated to
//! a user (`systemd-run --user --scope -p Delegate=yes judge …`).
//!
//! The unified hierarchy has a rule v1 lacks: a cgroup that holds
//! processes cannot hand memory or pids control to its children ("no
//! internal processes"). judge's own cgroup holds judge, so enabling
//! controllers below it fails with EBUSY until judge lives in a leaf of
//! its own. A container's entry point, or a delegated scope, is exactly
//! that situation, and moving into a leaf is what a delegate is expected to
//! do. Elsewhere (a service's cgroup shared with processes that are not
//! judge's) other processes are never moved: judge then reports that only
//! CPU time of the whole tree is exact, as before.
//!
//! The steps go through [`Tree`], so the rule can be tested against a
//! model of it on machines (like this project's) whose v2 hierarchy has
//! no controller at all.

use std::io;
use std::path::{Path, PathBuf};

/// The controllers judge wants for its run folders.
pub(crate) const WANTED: [&str; 3] = ["memory", "pids", "cpu"];

/// The leaf judge (and whatever shared its cgroup) moves into.
pub(crate) const LEAF: &str = "judge-leaf";

/// The cgroup file operations the set-up needs.
pub(crate) trait Tree {
    fn read(&self, file: &Path) -> io::Result<String>;
    fn write(&mut self, file: &Path, text: &str) -> io::Result<()>;
    fn mkdir(&mut self, dir: &Path) -> io::Result<()>;
    /// The owner uid of a process, `None` when it is gone.
    fn owner(&self, pid: u32) -> Option<u32>;
}

/// The kernel's own tree.
pub(crate) struct Kernel;

impl Tree for Kernel {
    fn read(&self, file: &Path) -> io::Result<String> {
        std::fs::read_to_string(file)
    }
    fn write(&mut self, file: &Path, text: &str) -> io::Result<()> {
        std::fs::write(file, text)
    }
    fn mkdir(&mut self, dir: &Path) -> io::Result<()> {
        match std::fs::create_dir(dir) {
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(()),
            other => other,
        }
    }
    fn owner(&self, pid: u32) -> Option<u32> {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(format!("/proc/{pid}"))
            .ok()
            .map(|m| m.uid())
    }
}

/// Who judge is, and where its own cgroup lies.
pub(crate) struct Me {
    pub pid: u32,
    pub uid: u32,
    /// Judge's cgroup as `/proc/self/cgroup` names it (`/` at the root of
    /// a cgroup namespace, as in a container).
    pub own: String,
}

/// The cgroup judge's run folders go below, from judge's own: the one
/// above [`LEAF`] when an earlier judge moved there (the leaf itself holds
/// processes and so can never hand memory control down).
pub(crate) fn base_of(own: &str) -> &str {
    match own.strip_suffix(LEAF) {
        Some(parent) if parent.ends_with('/') => match parent.trim_end_matches('/') {
            "" => "/",
            p => p,
        },
        _ => own,
    }
}

/// What [`delegate`] did, for the report.
#[derive(Debug)]
pub(crate) struct Delegated {
    /// Controllers now enabled for judge's run folders.
    pub enabled: Vec<&'static str>,
    /// Set when judge moved processes into [`LEAF`]: how many.
    pub moved: Option<usize>,
    /// Why a wanted controller is missing, when one is.
    pub missing_why: Option<Undelegated>,
}

/// Why a controller judge wants is not enabled for its run folders.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Undelegated {
    /// It needs judge in a leaf, and judge could not move there.
    #[error(transparent)]
    Leaf(#[from] LeafError),
    /// Writing `+controller` to `control` was refused.
    #[error("{}: +{controller}: {source}", .control.display())]
    Refused {
        control: PathBuf,
        controller: &'static str,
        source: io::Error,
    },
    /// judge's cgroup was never handed them: its parent keeps them.
    #[error(
        "{} not delegated to judge's cgroup {own} (its cgroup.controllers: {})",
        .missing.join(", "),
        listed(.available)
    )]
    NotHanded {
        missing: Vec<&'static str>,
        own: String,
        available: Vec<String>,
    },
}

/// Controllers as `cgroup.controllers` lists them, or `none`.
fn listed(controllers: &[String]) -> String {
    match controllers.is_empty() {
        true => "none".to_string(),
        false => controllers.join(" "),
    }
}

/// Why judge could not move into [`LEAF`].
#[derive(Debug, thiserror::Error)]
pub(crate) enum LeafError {
    #[error("{}: {source}", .file.display())]
    Read { file: PathBuf, source: io::Error },
    /// Processes that are not judge's share its cgroup, and are not
    /// judge's to move; `processes` counts them all, judge included.
    #[error(
        "judge's cgroup {own} holds {processes} processes that are not judge's, and a cgroup \
         with processes cannot delegate memory or pids control; run judge in a \
         cgroup of its own (systemd-run --scope -p Delegate=yes judge …)"
    )]
    Shared { own: String, processes: usize },
    #[error("{}: {source}", .dir.display())]
    Mkdir { dir: PathBuf, source: io::Error },
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn busy(e: &io::Error) -> bool {
    e.raw_os_error() == Some(libc::EBUSY)
}

/// Enables the wanted controllers in `base/cgroup.subtree_control` (base
/// is judge's own cgroup), moving judge, and only where that is judge's to
/// decide the others sharing its cgroup, into a leaf first when the
/// no-internal-process rule requires it.
pub(crate) fn delegate(tree: &mut impl Tree, base: &Path, me: &Me) -> Delegated {
    let control = base.join("cgroup.subtree_control");
    let available = words(
        &tree
            .read(&base.join("cgroup.controllers"))
            .unwrap_or_default(),
    );
    let wanted: Vec<&'static str> = WANTED
        .into_iter()
        .filter(|c| available.iter().any(|a| a == c))
        .collect();
    let mut moved = None;
    let mut why = None;
    for &c in &wanted {
        let mut result = tree.write(&control, &format!("+{c}"));
        if result.as_ref().is_err_and(busy) && moved.is_none() {
            match into_leaf(tree, base, me) {
                Ok(n) => {
                    moved = Some(n);
                    result = tree.write(&control, &format!("+{c}"));
                }
                Err(e) => why = Some(e.into()),
            }
        }
        if let (Err(source), None) = (result, &why) {
            why = Some(Undelegated::Refused {
                control: control.clone(),
                controller: c,
                source,
            });
        }
    }
    let on = words(&tree.read(&control).unwrap_or_default());
    let enabled: Vec<&'static str> = WANTED
        .into_iter()
        .filter(|c| on.iter().any(|o| o == c))
        .collect();
    let missing: Vec<&str> = WANTED
        .into_iter()
        .filter(|c| !enabled.contains(c))
        .collect();
    let missing_why = (!missing.is_empty()).then(|| {
        why.unwrap_or_else(|| Undelegated::NotHanded {
            missing,
            own: me.own.clone(),
            available,
        })
    });
    Delegated {
        enabled,
        moved,
        missing_why,
    }
}

/// Moves every process of `base` into `base/judge-leaf`, if they are
/// judge's to move: judge alone, the root of a cgroup namespace (a
/// container's whole cgroup is its own), or, for a plain user, only that
/// user's processes (a delegated scope). The count moved, or why not.
fn into_leaf(tree: &mut impl Tree, base: &Path, me: &Me) -> Result<usize, LeafError> {
    let procs_file = base.join("cgroup.procs");
    let procs: Vec<u32> = tree
        .read(&procs_file)
        .map_err(|source| LeafError::Read {
            file: procs_file.clone(),
            source,
        })?
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect();
    let alone = procs.iter().all(|&p| p == me.pid);
    let namespace_root = me.own == "/";
    let users_own = me.uid != 0
        && procs
            .iter()
            .all(|&p| tree.owner(p).is_none_or(|u| u == me.uid));
    if !(alone || namespace_root || users_own) {
        return Err(LeafError::Shared {
            own: me.own.clone(),
            processes: procs.len(),
        });
    }
    let leaf = base.join(LEAF);
    tree.mkdir(&leaf).map_err(|source| LeafError::Mkdir {
        dir: leaf.clone(),
        source,
    })?;
    let target: PathBuf = leaf.join("cgroup.procs");
    let mut n = 0;
    for p in procs {
        // A process may have ended meanwhile; a kernel thread cannot move.
        if tree.write(&target, &p.to_string()).is_ok() {
            n += 1;
        }
    }
    Ok(n)
}

#[cfg(test)]
#[path = "cgroup_v2_tests.rs"]
mod tests;
