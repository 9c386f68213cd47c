//! The working folder of a submission that may write files (2025-09
//! `allow_file_writing: true`): for each run, a fresh copy of its build
//! folder (its sources, binaries and included files, as the format lists
//! them), writable by it and removed afterwards. Each run starts from
//! the same files, so what one case wrote is not seen by the next, nor by
//! a case running beside it. Without the setting a submission runs in its
//! build folder, which the sandbox shows read-only.

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

use crate::build::Program;
use crate::execute::runner::Runner;
use crate::launcher::ProcSpec;

/// One run's working folder, removed when dropped.
pub(crate) struct WorkDir(PathBuf);

impl WorkDir {
    /// A fresh copy of `program`'s build folder in the run's build area.
    pub(crate) fn new(runner: &Runner, program: &Program) -> std::io::Result<WorkDir> {
        let dir = runner
            .new_dir("work")
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        let work = WorkDir(dir);
        crate::fsutil::copy_tree(&program.dir, &work.0)?;
        // The program may change the files it was given, not only add
        // new ones: the sandbox gives it the folder, not its files.
        for entry in walkdir::WalkDir::new(&work.0).into_iter().flatten() {
            let mode = if entry.file_type().is_dir() {
                0o777
            } else {
                0o666
            };
            let old = entry.metadata()?.permissions().mode();
            let new = std::fs::Permissions::from_mode(old | mode);
            std::fs::set_permissions(entry.path(), new)?;
        }
        Ok(work)
    }

    /// `spec` run in this folder, free to write there.
    pub(crate) fn over(&self, spec: &ProcSpec) -> ProcSpec {
        let cwd = self.0.display().to_string();
        let mut spec = spec.clone();
        for e in &mut spec.env {
            if e.starts_with("PWD=") {
                *e = format!("PWD={cwd}");
            }
        }
        spec.writable.push(cwd.clone());
        spec.cwd = cwd;
        spec
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
