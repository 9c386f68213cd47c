//! Where mutants are built: a private copy of judge's workspace with one
//! extra crate, a runner that links the same solver registry as judge
//! (`src/solvers.rs`, included by path) and solves its standard input with
//! the solver its argument names.
//!
//! A solver with [`judge_solver::Solver::variants`] (other engines of the
//! same answer) has each of them checked against its answer on every
//! input, and a disagreement ends the run as a crash.
//!
//! The runner links only the solver crates, not the harness, so a mutant
//! costs one solver crate's rebuild and a small link (seconds), and it runs
//! like any submission: in the sandbox, under the problem's limits, judged
//! by its compare mode or checker. The copy is kept between runs and synced
//! file by file (an unchanged file keeps its time stamp), so cargo's
//! incremental build survives; the mutated file is restored after each
//! build.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::mutation_run::{Mutant, PatchError, apply};

/// What is copied of the workspace: the manifests and every source a
/// workspace member may need to load (the root package's targets too).
const COPIED: &[&str] = &[
    "Cargo.toml",
    "Cargo.lock",
    "src",
    "crates",
    "benches",
    "tests",
];
/// The runner's folder inside the copy (a member through `crates/*`).
const RUNNER_DIR: &str = "crates/zz-harden-runner";
const RUNNER: &str = "judge-harden-runner";
/// cargo-mutants' profile: the solver crates at opt-level 2, no debug info.
const PROFILE: &str = "mutants";

/// Why the workspace copy cannot be set up, or a runner not built in it.
#[derive(Debug, thiserror::Error)]
pub enum WorkshopError {
    /// No solver registry: harden was started outside judge's own
    /// repository.
    #[error(
        "{}: {source} (harden mutates the in-crate solvers: run it in judge's own repository)",
        path.display()
    )]
    NoRegistry {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The registry links no solver crate, so there is nothing to mutate.
    #[error("{}: names no solver crate (`pub use judge_x as x;`)", path.display())]
    NoSolverCrate { path: PathBuf },
    /// A file or folder of the copy (or the lock on it) that cannot be
    /// read or written.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The mutant does not apply to these sources.
    #[error(transparent)]
    Patch(#[from] PatchError),
    /// cargo itself cannot be started.
    #[error("cannot run {cargo}: {source}")]
    NoCargo {
        cargo: String,
        source: std::io::Error,
    },
    /// The runner does not build; `log` is the end of cargo's output.
    #[error("cargo build failed:\n{log}")]
    BuildFailed {
        status: std::process::ExitStatus,
        log: String,
    },
}

/// A closure for `map_err`: `path` could not be read or written.
fn io(path: &Path) -> impl FnOnce(std::io::Error) -> WorkshopError {
    let path = path.to_path_buf();
    move |source| WorkshopError::Io { path, source }
}

/// A workspace copy and its build folder.
pub struct Workshop {
    /// Held while the workshop is open: two harden runs (or a test beside
    /// a person's run) take turns instead of building in one copy at once.
    _lock: std::fs::File,
    source: PathBuf,
    /// A hash of every file copied: a kept mutant build is of these
    /// sources, so a change anywhere builds the mutants again.
    tree: String,
    copy: PathBuf,
    target: PathBuf,
    bins: PathBuf,
}

impl Workshop {
    /// Syncs the copy under `area` with the workspace at `source` and
    /// writes the runner crate into it.
    pub fn open(source: &Path, area: &Path) -> Result<Workshop, WorkshopError> {
        let registry = source.join("src/solvers.rs");
        let text = std::fs::read_to_string(&registry).map_err(|source| {
            let path = registry.clone();
            WorkshopError::NoRegistry { path, source }
        })?;
        let crates = solver_crates(&text);
        if crates.is_empty() {
            return Err(WorkshopError::NoSolverCrate { path: registry });
        }
        // cargo runs in the copy: every path it is given must not depend on
        // the folder judge was started in.
        let absolute = |p: &Path| {
            let p = if p.as_os_str().is_empty() {
                Path::new(".")
            } else {
                p
            };
            std::path::absolute(p).map_err(io(p))
        };
        let (source, area) = (absolute(source)?, absolute(area)?);
        std::fs::create_dir_all(&area).map_err(io(&area))?;
        let lock_path = area.join("lock");
        let lock = std::fs::File::create(&lock_path).map_err(io(&lock_path))?;
        // SAFETY: flock on a file descriptor this function owns.
        if unsafe { libc::flock(std::os::fd::AsRawFd::as_raw_fd(&lock), libc::LOCK_EX) } != 0 {
            return Err(io(&lock_path)(std::io::Error::last_os_error()));
        }
        let mut tree = blake3::Hasher::new();
        for part in COPIED {
            let from = source.join(part);
            if from.exists() {
                tree.update(part.as_bytes());
                sync(&from, &area.join("workspace").join(part), &mut tree).map_err(io(&from))?;
            }
        }
        tree.update(RUNNER_MAIN.as_bytes());
        let shop = Workshop {
            _lock: lock,
            tree: tree.finalize().to_hex().to_string(),
            source: source.clone(),
            copy: area.join("workspace"),
            target: area.join("target"),
            bins: area.join("bin"),
        };
        let runner = shop.copy.join(RUNNER_DIR);
        std::fs::create_dir_all(runner.join("src")).map_err(io(&runner))?;
        let mut manifest = format!(
            "[package]\nname = \"{RUNNER}\"\nversion.workspace = true\nedition.workspace = true\npublish = false\n\n[dependencies]\njudge-solver.workspace = true\n"
        );
        for c in &crates {
            manifest.push_str(&format!("{c}.workspace = true\n"));
        }
        write_if_changed(&runner.join("Cargo.toml"), manifest.as_bytes())?;
        write_if_changed(&runner.join("src/main.rs"), RUNNER_MAIN.as_bytes())?;
        std::fs::create_dir_all(&shop.bins).map_err(io(&shop.bins))?;
        Ok(shop)
    }

    /// The runner with `mutant` applied, built once and kept (by the
    /// mutant's name and the hash of its diff). `Err` says why it could
    /// not be built.
    pub fn build(&self, mutant: &Mutant) -> Result<PathBuf, WorkshopError> {
        let key =
            blake3::hash(format!("{}\n{}\n{}", self.tree, mutant.name, mutant.diff).as_bytes())
                .to_hex();
        let kept = self.bins.join(&key.as_str()[..16]);
        if kept.is_file() {
            return Ok(kept);
        }
        let original_path = self.source.join(&mutant.file);
        let original = std::fs::read_to_string(&original_path).map_err(io(&original_path))?;
        let mutated = apply(mutant, &original)?;
        let in_copy = self.copy.join(&mutant.file);
        write_if_changed(&in_copy, mutated.as_bytes())?;
        let built = self.cargo_build();
        // Restored whatever happened, so the next build starts clean.
        write_if_changed(&in_copy, original.as_bytes())?;
        built?;
        let binary = self.target.join(PROFILE).join(RUNNER);
        std::fs::copy(&binary, &kept).map_err(io(&binary))?;
        Ok(kept)
    }

    /// The hash of the sources the mutants are built from.
    pub fn sources(&self) -> &str {
        &self.tree
    }

    /// The runner without any mutant: a control that must pass.
    pub(crate) fn build_unmutated(&self) -> Result<PathBuf, WorkshopError> {
        self.cargo_build()?;
        let binary = self.target.join(PROFILE).join(RUNNER);
        let kept = self.bins.join("unmutated");
        std::fs::copy(&binary, &kept).map_err(io(&binary))?;
        Ok(kept)
    }

    fn cargo_build(&self) -> Result<(), WorkshopError> {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let out = Command::new(&cargo)
            .args(["build", "--quiet", "--profile", PROFILE, "-p", RUNNER])
            .current_dir(&self.copy)
            .env("CARGO_TARGET_DIR", &self.target)
            .output()
            .map_err(|source| WorkshopError::NoCargo {
                cargo: cargo.to_string_lossy().into_owned(),
                source,
            })?;
        if out.status.success() {
            return Ok(());
        }
        let log = String::from_utf8_lossy(&out.stderr);
        let tail: Vec<&str> = log.lines().rev().take(20).collect();
        Err(WorkshopError::BuildFailed {
            status: out.status,
            log: tail.into_iter().rev().collect::<Vec<_>>().join("\n"),
        })
    }
}

/// The crates `src/solvers.rs` links (`pub use judge_x as x;` → `judge-x`).
fn solver_crates(registry: &str) -> Vec<String> {
    registry
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub use judge_"))
        .filter_map(|rest| rest.split_once(" as "))
        .map(|(name, _)| format!("judge-{}", name.replace('_', "-")))
        .collect()
}

/// Makes `to` hold what `from` holds, writing only the files that differ
/// and removing the ones `from` lacks (build folders are never copied);
/// every file's name and bytes go into `tree`, in a fixed order.
fn sync(from: &Path, to: &Path, tree: &mut blake3::Hasher) -> std::io::Result<()> {
    if from.is_file() {
        let bytes = std::fs::read(from)?;
        tree.update(&(bytes.len() as u64).to_le_bytes());
        tree.update(&bytes);
        return write_if_changed(to, &bytes).map_err(std::io::Error::other);
    }
    std::fs::create_dir_all(to)?;
    let mut wanted = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(from)? {
        let name = entry?.file_name();
        if name == "target" || name.to_string_lossy().starts_with('.') {
            continue;
        }
        wanted.insert(name);
    }
    for name in &wanted {
        tree.update(name.as_encoded_bytes());
        sync(&from.join(name), &to.join(name), tree)?;
    }
    for entry in std::fs::read_dir(to)? {
        let entry = entry?;
        let name = entry.file_name();
        if wanted.contains(&name) || to.join(&name).ends_with(RUNNER_DIR) {
            continue;
        }
        match entry.file_type()?.is_dir() {
            true => std::fs::remove_dir_all(entry.path())?,
            false => std::fs::remove_file(entry.path())?,
        }
    }
    Ok(())
}

fn write_if_changed(path: &Path, bytes: &[u8]) -> Result<(), WorkshopError> {
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(());
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io(parent))?;
    }
    std::fs::write(path, bytes).map_err(io(path))
}

/// The runner: `judge-harden-runner SOLVER_ID < input`. Its exit codes
/// are part of judge's table (the `exit` module of the command line): 0
/// with the answer, 1 the solver rejects the input, 2 an unknown solver
/// or an unreadable input, 3 a variant of the solver disagrees with it.
const RUNNER_MAIN: &str = r#"//! Solves standard input with one solver of judge's registry (written by
//! judge harden; a mutant of one solver crate is linked in its place).
//! Exit codes: 0 answered, 1 input rejected, 2 unknown solver or
//! unreadable input, 3 a variant disagrees (judge's `exit` module).
#[allow(dead_code)]
#[path = "../../../src/solvers.rs"]
mod solvers;

use std::io::{Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let id = std::env::args().nth(1).unwrap_or_default();
    let Some(solver) = solvers::find(&id) else {
        eprintln!("unknown solver {id:?}");
        return ExitCode::from(2);
    };
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("cannot read the input: {e}");
        return ExitCode::from(2);
    }
    let out = match solver.solve(&input) {
        Ok(out) => out,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    // Every other way the solver computes the same output must agree: a
    // mutant in code only one of them runs shows up here.
    for variant in solver.variants() {
        let other = solver.solve_variant(&input, variant);
        if other.as_ref().ok() != Some(&out) {
            eprintln!("variant {variant} disagrees with the solver");
            return ExitCode::from(3);
        }
    }
    let _ = std::io::stdout().write_all(out.as_bytes());
    ExitCode::SUCCESS
}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_names_its_crates() {
        let text = "pub use judge_solver::{Solver};\npub use judge_atoms as atoms;\npub use judge_four_in_a_row as four_in_a_row;\n";
        assert_eq!(solver_crates(text), ["judge-atoms", "judge-four-in-a-row"]);
    }

    #[test]
    fn sync_writes_only_what_differs_and_removes_what_is_gone() {
        let dir = tempfile::tempdir().unwrap();
        let (from, to) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::create_dir_all(from.join("x/target")).unwrap();
        std::fs::write(from.join("x/keep.rs"), "1").unwrap();
        std::fs::write(from.join("x/target/big"), "no").unwrap();
        sync(&from, &to, &mut blake3::Hasher::new()).unwrap();
        let stamp = std::fs::metadata(to.join("x/keep.rs"))
            .unwrap()
            .modified()
            .unwrap();
        std::fs::write(to.join("x/stale.rs"), "old").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        sync(&from, &to, &mut blake3::Hasher::new()).unwrap();
        assert_eq!(
            std::fs::metadata(to.join("x/keep.rs"))
                .unwrap()
                .modified()
                .unwrap(),
            stamp
        );
        assert!(!to.join("x/stale.rs").exists());
        assert!(!to.join("x/target").exists());
    }
}
