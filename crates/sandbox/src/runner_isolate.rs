//! Choosing the isolation layer of a run: bubblewrap where it starts, else
//! the second layer (Landlock and seccomp) where it holds, else none, said
//! loudly and refused where a sandbox is required.

use std::path::Path;

use super::{Isolation, Runner, in_ci, sandbox_uids, set_mode};
use crate::Error;
use crate::layer::{INSTALL_HINT, Layer, SECOND_LAYER_HINT, layer_wanted, others_can_enter};
use crate::sandbox::SandboxMode;
use crate::toolchain;

impl Runner {
    /// Gives the runner the first layer that works here for `mode` (not
    /// `off`), proving it by starting worker 0's launcher.
    pub(super) fn isolate(mut self, mode: SandboxMode) -> Result<Runner, Error> {
        let runner = &mut self;
        // SAFETY: geteuid cannot fail.
        let root = unsafe { libc::geteuid() } == 0;
        let uid_base = sandbox_uids(std::process::id()).start;
        let wanted = layer_wanted();
        let why = match toolchain::which("bwrap") {
            _ if wanted.as_deref() == Some("landlock") => {
                "JUDGE_SANDBOX_LAYER=landlock skips bubblewrap".to_string()
            }
            None => "bubblewrap (bwrap) is not installed".to_string(),
            Some(bwrap) => {
                runner.isolation = Some(Isolation {
                    layer: Layer::Bubblewrap(bwrap),
                    root,
                    uid_base,
                });
                match runner.first_launcher() {
                    Ok(()) => return Ok(self),
                    Err(e) => {
                        runner.isolation = None;
                        format!("bubblewrap cannot make the sandbox here: {e}")
                    }
                }
            }
        };
        runner.passed_over = Some(why.clone());
        // The second layer, where bubblewrap cannot start (a stock
        // container forbids new user namespaces).
        let support = crate::confine::probe();
        let second = match support.shortfall() {
            _ if wanted.as_deref() == Some("bubblewrap") => {
                Err("JUDGE_SANDBOX_LAYER=bubblewrap forbids the second layer".to_string())
            }
            Some(short) if support.landlock_abi == 0 || !support.seccomp => Err(short),
            // Weaker than every point judge lists: used only where the
            // caller accepts it (auto, outside CI), and said.
            Some(short) if mode == SandboxMode::On || in_ci() => Err(format!(
                "the Landlock and seccomp layer is weaker here ({short})"
            )),
            short => {
                runner.isolation = Some(Isolation {
                    layer: Layer::Landlock(support),
                    root,
                    uid_base,
                });
                // Without a mount namespace the worker uids reach the
                // build area by its real path: every folder above it must
                // let them through (a private TMPDIR of mode 0700 does
                // not), else it moves to /tmp.
                if root && !others_can_enter(runner.box_dir.path()) {
                    let moved = judge_fs::ScratchDir::new_in(Path::new("/tmp"), "judge-run-")
                        .map_err(Error::io("/tmp", "cannot create the run folder in"))?;
                    set_mode(moved.path(), 0o755);
                    runner.box_dir = moved;
                }
                match runner.first_launcher() {
                    Ok(()) => {
                        runner.warning =
                            short.map(|s| format!("WEAK SANDBOX: Landlock and seccomp, but {s}"));
                        return Ok(self);
                    }
                    Err(e) => {
                        runner.isolation = None;
                        Err(format!("the Landlock and seccomp layer cannot start: {e}"))
                    }
                }
            }
        };
        let why = match second {
            Err(second) => format!("{why}; {second}"),
            Ok(()) => why,
        };
        let hint = match toolchain::which("bwrap") {
            None => INSTALL_HINT,
            // Installed, but this place forbids what it needs.
            Some(_) => SECOND_LAYER_HINT,
        };
        if mode == SandboxMode::On {
            return Err(Error::Sandbox(format!("{why}; {hint}")));
        }
        if in_ci() {
            return Err(Error::Sandbox(format!(
                "the CI environment variable is set, so --sandbox auto requires a sandbox, and {why}; {hint}"
            )));
        }
        runner.warning = Some(format!(
            "NO SANDBOX: {why}. Submissions run unisolated: they can read every file judge can (expected outputs included) and use the network"
        ));
        Ok(self)
    }
}
