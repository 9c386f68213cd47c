//! Choosing the isolation layer of a run: bubblewrap where it starts, else
//! the second layer (Landlock and seccomp) where it holds, else none, said
//! loudly and refused where a sandbox is required.

use std::path::Path;

use super::{Isolation, Runner, in_ci, sandbox_uids, set_mode};
use crate::Error;
use crate::layer::{INSTALL_HINT, Layer, SECOND_LAYER_HINT, layer_wanted, others_can_enter};
use crate::sandbox::SandboxMode;
use crate::toolchain;

/// Why a layer is not in force here: said in the runner's notes, and
/// beside the refusal when no layer is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum PassedOver {
    #[error("JUDGE_SANDBOX_LAYER=landlock skips bubblewrap")]
    LandlockWanted,
    #[error("bubblewrap (bwrap) is not installed")]
    NoBubblewrap,
    /// bwrap is there, but its launcher does not start (no user
    /// namespaces in a stock container): its words.
    #[error("bubblewrap cannot make the sandbox here: {0}")]
    BubblewrapFails(String),
    #[error("JUDGE_SANDBOX_LAYER=bubblewrap forbids the second layer")]
    BubblewrapWanted,
    /// The kernel lacks Landlock or seccomp: what is missing.
    #[error("{0}")]
    NoSecondLayer(String),
    /// A partial second layer, where the caller needs every guarantee.
    #[error("the Landlock and seccomp layer is weaker here ({0})")]
    SecondLayerWeaker(String),
    #[error("the Landlock and seccomp layer cannot start: {0}")]
    SecondLayerFails(String),
}

/// What every layer is tried with: whether judge runs as real root, the
/// first of the run's worker uids, and the layer the user asked for
/// (`JUDGE_SANDBOX_LAYER`).
struct Here {
    root: bool,
    uid_base: u32,
    wanted: Option<String>,
}

impl Here {
    fn isolation(&self, layer: Layer) -> Isolation {
        Isolation {
            layer,
            root: self.root,
            uid_base: self.uid_base,
        }
    }
}

impl Runner {
    /// Gives the runner the first layer that works here for `mode` (not
    /// `off`), proving it by starting worker 0's launcher.
    pub(super) fn isolate(mut self, mode: SandboxMode) -> Result<Runner, Error> {
        let here = Here {
            // SAFETY: geteuid cannot fail.
            root: unsafe { libc::geteuid() } == 0,
            uid_base: sandbox_uids(std::process::id()).start,
            wanted: layer_wanted(),
        };
        let why = match self.try_bubblewrap(&here) {
            Ok(()) => return Ok(self),
            Err(why) => why,
        };
        self.passed_over = Some(why.to_string());
        let why = match self.try_second_layer(&here, mode)? {
            Ok(()) => return Ok(self),
            Err(second) => format!("{why}; {second}"),
        };
        self.unisolated(mode, why)
    }

    /// Bubblewrap, in force once worker 0's launcher starts in it; or why
    /// not.
    fn try_bubblewrap(&mut self, here: &Here) -> Result<(), PassedOver> {
        match toolchain::which("bwrap") {
            _ if here.wanted.as_deref() == Some("landlock") => Err(PassedOver::LandlockWanted),
            None => Err(PassedOver::NoBubblewrap),
            Some(bwrap) => {
                self.isolation = Some(here.isolation(Layer::Bubblewrap(bwrap)));
                self.first_launcher().map_err(|e| {
                    self.isolation = None;
                    PassedOver::BubblewrapFails(e.to_string())
                })
            }
        }
    }

    /// The second layer, where bubblewrap cannot start (a stock
    /// container forbids new user namespaces): in force once worker 0's
    /// launcher starts in it, or why not.
    fn try_second_layer(
        &mut self,
        here: &Here,
        mode: SandboxMode,
    ) -> Result<Result<(), PassedOver>, Error> {
        let support = crate::confine::probe();
        match support.shortfall() {
            _ if here.wanted.as_deref() == Some("bubblewrap") => {
                Ok(Err(PassedOver::BubblewrapWanted))
            }
            Some(short) if support.landlock_abi == 0 || !support.seccomp => {
                Ok(Err(PassedOver::NoSecondLayer(short)))
            }
            // Weaker than every point judge lists: used only where the
            // caller accepts it (auto, outside CI), and said.
            Some(short) if mode == SandboxMode::On || in_ci() => {
                Ok(Err(PassedOver::SecondLayerWeaker(short)))
            }
            short => {
                self.isolation = Some(here.isolation(Layer::Landlock(support)));
                self.enterable_box_dir(here)?;
                match self.first_launcher() {
                    Ok(()) => {
                        self.warning =
                            short.map(|s| format!("WEAK SANDBOX: Landlock and seccomp, but {s}"));
                        Ok(Ok(()))
                    }
                    Err(e) => {
                        self.isolation = None;
                        Ok(Err(PassedOver::SecondLayerFails(e.to_string())))
                    }
                }
            }
        }
    }

    /// Without a mount namespace the worker uids reach the build area by
    /// its real path: every folder above it must let them through (a
    /// private TMPDIR of mode 0700 does not), else it moves to /tmp.
    fn enterable_box_dir(&mut self, here: &Here) -> Result<(), Error> {
        if here.root && !others_can_enter(self.box_dir.path()) {
            let moved = judge_fs::ScratchDir::new_in(Path::new("/tmp"), "judge-run-")
                .map_err(Error::io("/tmp", "cannot create the run folder in"))?;
            set_mode(moved.path(), 0o755);
            self.box_dir = moved;
        }
        Ok(())
    }

    /// No layer works here (`why`): refused where a sandbox is required,
    /// else run unisolated with a loud warning.
    fn unisolated(mut self, mode: SandboxMode, why: String) -> Result<Runner, Error> {
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
        self.warning = Some(format!(
            "NO SANDBOX: {why}. Submissions run unisolated: they can read every file judge can (expected outputs included) and use the network"
        ));
        Ok(self)
    }
}
