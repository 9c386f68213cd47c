//! The isolation layers a runner can use, the choice between them, and
//! what to tell a user when none holds.

use std::path::{Path, PathBuf};

/// Which isolation layer holds the programs.
#[derive(Debug, Clone)]
pub(crate) enum Layer {
    /// bubblewrap's namespaces and allow-list mounts (the first choice).
    Bubblewrap(PathBuf),
    /// Landlock, seccomp and rlimits, for where no namespace can be made
    /// (a stock container): see [`crate::confine`].
    Landlock(crate::confine::Support),
}

/// `JUDGE_SANDBOX_LAYER`: `landlock` skips bubblewrap (to test or use the
/// second layer where both work), `bubblewrap` never falls back.
pub(crate) fn layer_wanted() -> Option<String> {
    std::env::var("JUDGE_SANDBOX_LAYER")
        .ok()
        .filter(|v| !v.is_empty())
}

pub(crate) const INSTALL_HINT: &str = "install bubblewrap (apt-get install -y bubblewrap) or pass --sandbox off to grade without isolation";

/// Where bubblewrap is installed but cannot start (a container that
/// forbids new namespaces) and the second layer did not hold either.
pub(crate) const SECOND_LAYER_HINT: &str = "bubblewrap is installed but this place forbids the namespaces it needs; the second layer needs Landlock ABI 6 and seccomp (Linux 6.12); or pass --sandbox off to grade without isolation";

/// Whether a user other than the owner can walk down to `dir`: every
/// folder above it has the execute bit for others.
pub(crate) fn others_can_enter(dir: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    dir.ancestors()
        .skip(1)
        .all(|d| std::fs::metadata(d).is_ok_and(|m| m.permissions().mode() & 0o001 != 0))
}
