//! [`delegate`] against a model of the unified hierarchy that enforces
//! the rules the kernel documents (Documentation/admin-guide/cgroup-v2):
//! a controller can be enabled only if the parent enabled it; a non-root
//! cgroup with processes cannot enable a domain controller (memory) for
//! its children, while the threaded ones (cpu, pids) can; no process may
//! join a cgroup that already hands a domain controller down.

use super::*;
use std::collections::{BTreeMap, HashMap};

#[derive(Default, Clone)]
struct Node {
    subtree: Vec<String>,
    procs: Vec<u32>,
}

#[derive(Clone)]
struct Model {
    root: PathBuf,
    dirs: BTreeMap<PathBuf, Node>,
    owners: HashMap<u32, u32>,
}

const DOMAIN: [&str; 2] = ["memory", "io"];

fn err(code: i32) -> io::Error {
    io::Error::from_raw_os_error(code)
}

impl Model {
    /// A hierarchy whose root enables every controller down to `path`
    /// (each folder on the way hands on `handed`), with `procs` in `path`.
    fn new(path: &str, handed: &[&str], procs: &[(u32, u32)]) -> Model {
        let root = PathBuf::from("/cg");
        let mut dirs = BTreeMap::new();
        let mut dir = root.clone();
        let give: Vec<String> = handed.iter().map(|s| s.to_string()).collect();
        for part in path.split('/').filter(|p| !p.is_empty()) {
            dirs.insert(
                dir.clone(),
                Node {
                    subtree: give.clone(),
                    procs: vec![],
                },
            );
            dir = dir.join(part);
        }
        dirs.insert(
            dir,
            Node {
                subtree: vec![],
                procs: procs.iter().map(|p| p.0).collect(),
            },
        );
        Model {
            root,
            dirs,
            owners: procs.iter().copied().collect(),
        }
    }

    fn node(&self, dir: &Path) -> io::Result<&Node> {
        self.dirs.get(dir).ok_or_else(|| err(libc::ENOENT))
    }

    fn controllers(&self, dir: &Path) -> Vec<String> {
        if dir == self.root {
            return ["cpu", "io", "memory", "pids"].map(String::from).to_vec();
        }
        dir.parent()
            .and_then(|p| self.dirs.get(p))
            .map_or(vec![], |n| n.subtree.clone())
    }

    fn procs_of(&self, dir: &Path) -> Vec<u32> {
        self.dirs.get(dir).map_or(vec![], |n| n.procs.clone())
    }
}

fn split(file: &Path) -> (PathBuf, String) {
    (
        file.parent().unwrap().to_path_buf(),
        file.file_name().unwrap().to_string_lossy().into_owned(),
    )
}

impl Tree for Model {
    fn read(&self, file: &Path) -> io::Result<String> {
        let (dir, name) = split(file);
        let node = self.node(&dir)?;
        Ok(match name.as_str() {
            "cgroup.controllers" => self.controllers(&dir).join(" "),
            "cgroup.subtree_control" => node.subtree.join(" "),
            "cgroup.procs" => node.procs.iter().map(|p| format!("{p}\n")).collect(),
            _ => return Err(err(libc::ENOENT)),
        })
    }

    fn write(&mut self, file: &Path, text: &str) -> io::Result<()> {
        let (dir, name) = split(file);
        let available = self.controllers(&dir);
        let is_root = dir == self.root;
        let node = self.node(&dir)?.clone();
        match name.as_str() {
            "cgroup.subtree_control" => {
                let c = text.strip_prefix('+').ok_or_else(|| err(libc::EINVAL))?;
                if !available.iter().any(|a| a == c) {
                    return Err(err(libc::ENOENT));
                }
                if DOMAIN.contains(&c) && !is_root && !node.procs.is_empty() {
                    return Err(err(libc::EBUSY));
                }
                let n = self.dirs.get_mut(&dir).unwrap();
                if !n.subtree.iter().any(|s| s == c) {
                    n.subtree.push(c.to_string());
                }
                Ok(())
            }
            "cgroup.procs" => {
                let pid: u32 = text.trim().parse().map_err(|_| err(libc::EINVAL))?;
                let hands_domain = node.subtree.iter().any(|s| DOMAIN.contains(&s.as_str()));
                if hands_domain && !is_root {
                    return Err(err(libc::EBUSY));
                }
                for n in self.dirs.values_mut() {
                    n.procs.retain(|p| *p != pid);
                }
                self.dirs.get_mut(&dir).unwrap().procs.push(pid);
                Ok(())
            }
            _ => Err(err(libc::EACCES)),
        }
    }

    fn mkdir(&mut self, dir: &Path) -> io::Result<()> {
        self.node(dir.parent().unwrap())?;
        self.dirs.entry(dir.to_path_buf()).or_default();
        Ok(())
    }

    fn owner(&self, pid: u32) -> Option<u32> {
        self.owners.get(&pid).copied()
    }
}

const ALL: [&str; 3] = ["memory", "pids", "cpu"];
const JUDGE: u32 = 42;

/// After [`delegate`], a run folder below `base` gets memory for its
/// case folders: what judge does next.
fn run_folder_gets(model: &mut Model, base: &Path, c: &str) -> bool {
    let run = base.join("judge-42-1");
    model.mkdir(&run).unwrap();
    model
        .write(&run.join("cgroup.subtree_control"), &format!("+{c}"))
        .is_ok()
}

/// judge (pid [`JUDGE`], user `uid`) in the cgroup at `path` of a
/// hierarchy handing `handed` down to it, seeing its cgroup as `own`, with
/// the processes `procs` (pid, owner; judge among them, in their order)
/// there; the model, judge's cgroup folder, and who judge is.
fn judge_in(
    path: &str,
    own: &str,
    uid: u32,
    handed: &[&str],
    procs: &[(u32, u32)],
) -> (Model, PathBuf, Me) {
    let m = Model::new(path, handed, procs);
    let base = m.root.join(path.trim_start_matches('/'));
    let me = Me {
        pid: JUDGE,
        uid,
        own: own.into(),
    };
    (m, base, me)
}

#[test]
fn in_a_container_judge_and_its_shell_move_into_a_leaf_and_memory_is_delegated() {
    // podman/docker with a private cgroup namespace: judge sees "/", and
    // its shell (pid 1) shares the container's cgroup.
    let (mut m, base, me) = judge_in("/machine/ctr", "/", 0, &ALL, &[(1, 0), (JUDGE, 0)]);
    // Without the move the kernel refuses: the model holds the rule.
    assert_eq!(
        // (on a copy, to show what the kernel would answer)
        (m.clone())
            .write(&base.join("cgroup.subtree_control"), "+memory")
            .unwrap_err()
            .raw_os_error(),
        Some(libc::EBUSY)
    );
    let d = delegate(&mut m, &base, &me);
    assert_eq!(d.enabled, ALL.to_vec());
    assert_eq!(d.moved, Some(2));
    assert!(d.missing_why.is_none(), "{:?}", d.missing_why);
    assert_eq!(m.procs_of(&base.join(LEAF)), vec![1, JUDGE]);
    assert!(m.procs_of(&base).is_empty());
    assert!(run_folder_gets(&mut m, &base, "memory"));
    // The next judge in that container starts in the leaf: its run
    // folders go beside the leaf, and nothing moves again.
    let again = Me {
        pid: 43,
        uid: 0,
        own: base_of("/judge-leaf").into(),
    };
    assert_eq!(again.own, "/");
    let d = delegate(&mut m, &base, &again);
    assert_eq!((d.enabled, d.moved), (ALL.to_vec(), None));
}

#[test]
fn a_leaf_is_recognised_only_as_a_whole_folder_name() {
    assert_eq!(base_of("/a/b/judge-leaf"), "/a/b");
    assert_eq!(base_of("/a/my-judge-leaf"), "/a/my-judge-leaf");
    assert_eq!(base_of("/a"), "/a");
}

#[test]
fn in_a_delegated_user_scope_judge_moves_itself_and_gets_every_controller() {
    let scope = "/user.slice/user-1000.slice/user@1000.service/app.slice/run-u7.scope";
    let (mut m, base, me) = judge_in(scope, scope, 1000, &ALL, &[(JUDGE, 1000), (77, 1000)]);
    let d = delegate(&mut m, &base, &me);
    assert_eq!((d.enabled, d.moved), (ALL.to_vec(), Some(2)));
    assert!(run_folder_gets(&mut m, &base, "memory"));
}

#[test]
fn a_service_shared_with_other_processes_is_left_alone_and_says_why() {
    // judge as root inside a CI runner's service: the runner's own
    // processes are not judge's to move.
    let service = "/system.slice/runner.service";
    let (mut m, base, me) = judge_in(service, service, 0, &ALL, &[(JUDGE, 0), (7, 0)]);
    let d = delegate(&mut m, &base, &me);
    assert_eq!(d.moved, None);
    // The threaded controllers need no leaf; memory does.
    assert_eq!(d.enabled, vec!["pids", "cpu"]);
    let why = d.missing_why.unwrap();
    match &why {
        Undelegated::Leaf(LeafError::Shared { own, processes }) => {
            assert_eq!((own.as_str(), *processes), (service, 2));
        }
        other => panic!("{other}"),
    }
    assert!(why.to_string().starts_with(
        "judge's cgroup /system.slice/runner.service holds 2 processes that are not judge's, \
         and a cgroup with processes cannot delegate memory or pids control;"
    ));
    assert_eq!(m.procs_of(&base), vec![JUDGE, 7]);
    assert!(!run_folder_gets(&mut m, &base, "memory"));
}

#[test]
fn a_plain_user_beside_another_users_process_moves_nothing() {
    let scope = "/user.slice/session-3.scope";
    let (mut m, base, me) = judge_in(scope, scope, 1000, &ALL, &[(JUDGE, 1000), (5, 0)]);
    let d = delegate(&mut m, &base, &me);
    assert_eq!(d.moved, None);
    assert!(!d.enabled.contains(&"memory"));
}

#[test]
fn judge_alone_in_its_cgroup_moves_itself() {
    let (mut m, base, me) = judge_in("/ci/job", "/ci/job", 0, &ALL, &[(JUDGE, 0)]);
    let d = delegate(&mut m, &base, &me);
    assert_eq!((d.enabled, d.moved), (ALL.to_vec(), Some(1)));
}

#[test]
fn a_controller_the_parent_never_handed_down_is_named_as_not_delegated() {
    let (mut m, base, me) = judge_in("/ctr", "/", 0, &["cpu", "pids"], &[(JUDGE, 0)]);
    let d = delegate(&mut m, &base, &me);
    assert_eq!(d.enabled, vec!["pids", "cpu"]);
    // Nothing needed a leaf, so nothing moved.
    assert_eq!(d.moved, None);
    let why = d.missing_why.unwrap();
    match &why {
        Undelegated::NotHanded {
            missing,
            own,
            available,
        } => {
            assert_eq!(missing, &["memory"]);
            assert_eq!(own, "/");
            assert_eq!(available, &["cpu", "pids"]);
        }
        other => panic!("{other}"),
    }
    assert_eq!(
        why.to_string(),
        "memory not delegated to judge's cgroup / (its cgroup.controllers: cpu pids)"
    );
}
