//! Stopping every program of a run at once, when the program using the
//! runner is told to stop (SIGTERM from a CI time-out, Ctrl-C).
//!
//! Every program runs under a launcher, so killing the launchers and
//! everything below them ends them all: in a PID namespace the launcher
//! is its PID 1, whose death ends the namespace; elsewhere each program
//! dies with its launcher (`PR_SET_PDEATHSIG`), and what it started is
//! found through `/proc` and killed too. After [`stop_all`] no launcher
//! starts, so no program does: the run ends with no program of its own
//! left running, and a case that was running reports a broken launcher,
//! which the run's caller must not take for a result.

use std::sync::Mutex;

/// The process ids of the launchers alive, and whether the run stopped.
static LIVE: Mutex<(Vec<u32>, bool)> = Mutex::new((Vec::new(), false));

/// Records a launcher just started; `false` when the run has stopped
/// (the caller kills it at once).
pub(super) fn add(pid: u32) -> bool {
    let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    if live.1 {
        return false;
    }
    live.0.push(pid);
    true
}

/// Forgets a launcher that ended.
pub(super) fn remove(pid: u32) {
    LIVE.lock()
        .unwrap_or_else(|e| e.into_inner())
        .0
        .retain(|p| *p != pid);
}

/// Kills every launcher and every process below it, and lets no launcher
/// start after: returns how many processes were killed.
pub fn stop_all() -> usize {
    let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    live.1 = true;
    let mut tree: Vec<i32> = Vec::new();
    for &pid in &live.0 {
        below(pid as i32, &mut tree);
    }
    for &pid in &tree {
        // SAFETY: kill(2) on processes we started or their descendants.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    tree.len()
}

/// `pid` and every process below it, as `/proc` lists children (found
/// before any is killed, while they still have their parent).
fn below(pid: i32, into: &mut Vec<i32>) {
    if into.contains(&pid) {
        return;
    }
    into.push(pid);
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return;
    };
    for task in tasks.flatten() {
        let children = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
        for child in children.split_whitespace().filter_map(|c| c.parse().ok()) {
            below(child, into);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_below_a_process_holds_its_grandchildren() {
        let mut child = std::process::Command::new("sh")
            .args(["-c", "sleep 30 & wait"])
            .spawn()
            .unwrap();
        let pid = child.id() as i32;
        let mut tree = Vec::new();
        for _ in 0..200 {
            tree.clear();
            below(pid, &mut tree);
            if tree.len() >= 2 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        for &p in &tree {
            unsafe { libc::kill(p, libc::SIGKILL) };
        }
        let _ = child.wait();
        assert_eq!(tree.len(), 2, "sh and its sleep: {tree:?}");
        assert_eq!(tree[0], pid);
    }
}
