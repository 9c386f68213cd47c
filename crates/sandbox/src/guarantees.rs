//! What the isolation in force guarantees, point by point: what
//! `judge sandbox` prints, so a user sees before grading what holds on
//! this machine and what does not.

/// One point of the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Point {
    /// The point: `file view`, `network`, `processes`, `memory`.
    pub name: &'static str,
    /// Whether it holds here.
    pub holds: bool,
    /// How (or why not), in a sentence.
    pub how: String,
}

/// The layer in force and what it is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    Bubblewrap,
    /// Landlock (its ABI) and seccomp.
    Landlock(i32),
    None,
}

fn point(name: &'static str, holds: bool, how: impl Into<String>) -> Point {
    Point {
        name,
        holds,
        how: how.into(),
    }
}

/// The four points for `layer`, with `exact` accounting (a cgroup) or
/// not, and what the layer does not guarantee.
pub fn of(layer: Layer, exact: bool) -> (Vec<Point>, Vec<&'static str>) {
    let memory = memory(exact);
    match layer {
        Layer::Bubblewrap => bubblewrap(memory),
        Layer::Landlock(abi) => landlock(abi, memory),
        Layer::None => unsandboxed(memory),
    }
}

/// The memory point, the same under every layer: how the time and memory
/// of the program's whole process tree are counted.
fn memory(exact: bool) -> Point {
    match exact {
        true => point(
            "memory",
            true,
            "a cgroup counts the whole process tree's CPU time and peak memory; over the limit is MLE",
        ),
        false => point(
            "memory",
            true,
            "no writable cgroup: every 10 ms the launcher sums the CPU time and resident memory of the program's whole process tree and stops it over a limit (MLE, TLE); the address-space cap is a backstop far above the limit (twice it and 1 GiB), and a case that fails under it is judged once more without it, so a refused allocation is MLE, as under a cgroup",
        ),
    }
}

/// Bubblewrap's points, and what it leaves open.
fn bubblewrap(memory: Point) -> (Vec<Point>, Vec<&'static str>) {
    (
        vec![
            point(
                "file view",
                true,
                "bubblewrap mounts an allow-list (toolchains read-only, the program's own build folder, a private /tmp); nothing else exists, no test data, no other submission",
            ),
            point(
                "network",
                true,
                "a network namespace of its own with only loopback",
            ),
            point(
                "processes",
                true,
                "a PID namespace per worker: the program sees and signals only its own processes, all killed after each case; a uid of its own as root",
            ),
            memory,
        ],
        vec!["timing side channels (caches, CPU frequency) between programs run side by side"],
    )
}

/// The second layer's points (Landlock at `abi`, and seccomp), and what
/// it leaves open.
fn landlock(abi: i32, memory: Point) -> (Vec<Point>, Vec<&'static str>) {
    (
        vec![
            point(
                "file view",
                true,
                format!(
                    "Landlock ABI {abi}: the same allow-list as bubblewrap's view at the real paths, a private scratch folder as HOME and TMPDIR; every other file is refused, test data and other submissions included"
                ),
            ),
            point(
                "network",
                true,
                "seccomp refuses sockets other than local ones and every connect; Landlock refuses TCP bind and connect (ABI 4)",
            ),
            point(
                "processes",
                abi >= 6,
                match abi >= 6 {
                    true => {
                        "its own session, killed whole after each case; Landlock scopes signals and ptrace to the sandbox (ABI 6), so /proc of other processes cannot be read; seccomp refuses ptrace, namespaces, mounts, the keyring, bpf, io_uring"
                    }
                    false => {
                        "its own session, killed whole after each case; seccomp refuses ptrace, namespaces and mounts; signals to other processes of the same uid are NOT blocked (Landlock ABI 6 needed)"
                    }
                },
            ),
            memory,
        ],
        vec![
            "the process list: other processes' names and command lines in /proc stay visible (no PID namespace)",
            "the host's /tmp and home are not writable, so a program that writes there by absolute path fails",
            "timing side channels (caches, CPU frequency) between programs run side by side",
        ],
    )
}

/// No layer: what still holds, and that nothing else does.
fn unsandboxed(memory: Point) -> (Vec<Point>, Vec<&'static str>) {
    (
        vec![
            point(
                "file view",
                false,
                "none: the program reads every file judge can, expected outputs included",
            ),
            point("network", false, "none: the program can connect anywhere"),
            point(
                "processes",
                true,
                "its own session (and PID namespace where one can be made), killed whole after each case",
            ),
            memory,
        ],
        vec!["isolation of any kind: grade only trusted programs this way"],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_layer_names_the_four_points_and_what_it_leaves_open() {
        for layer in [
            Layer::Bubblewrap,
            Layer::Landlock(7),
            Layer::Landlock(5),
            Layer::None,
        ] {
            let (points, not) = of(layer, false);
            let names: Vec<&str> = points.iter().map(|p| p.name).collect();
            assert_eq!(names, ["file view", "network", "processes", "memory"]);
            assert!(!not.is_empty(), "{layer:?}");
        }
        assert!(of(Layer::Bubblewrap, true).0.iter().all(|p| p.holds));
        assert!(of(Layer::Landlock(7), true).0.iter().all(|p| p.holds));
        // Below ABI 6 signals leave the sandbox: said, not hidden.
        assert!(!of(Layer::Landlock(5), true).0[2].holds);
        assert!(!of(Layer::None, true).0[0].holds);
    }
}
