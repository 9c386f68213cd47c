//! What a case gives the program run on it besides its standard input
//! (2025-09, "Running test cases" and "Working directory"): its `args`
//! after the program's own command, and the files of its `.files` folder
//! in the program's working folder.
//!
//! A program starts in its build folder, which every case shares and
//! cases run side by side in, so the files of one case cannot be put
//! there: a case with a `.files` folder gets a working folder of its own
//! in the run's build area, holding the build folder's files (linked
//! where the file system allows, else copied) with the case's files
//! copied over them ("possibly overwriting the compiled submission
//! file"), removed when the run is over.
//!
//! A submission that may write files (2025-09 `allow_file_writing`) gets
//! such a folder on every run, with copies rather than links, so that
//! what it writes or changes is seen neither by the next case nor by a
//! case beside it, nor by the build folder. Without the setting it runs
//! in its build folder, which the sandbox shows read-only.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use crate::execute::runner::Runner;
use crate::launcher::ProcSpec;

/// A program's process on one case, and the working folder made for it.
pub(crate) struct CaseProcess<'a> {
    pub spec: Cow<'a, ProcSpec>,
    workdir: Option<PathBuf>,
}

impl Drop for CaseProcess<'_> {
    fn drop(&mut self) {
        if let Some(dir) = &self.workdir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// Why a case's working folder could not be made: the run cannot be
/// what the package asks, so it is a judge error, never a verdict of
/// the program.
#[derive(Debug, thiserror::Error)]
#[error("cannot give the program the case's files ({what}): {why}")]
pub(crate) struct FilesError {
    what: String,
    why: String,
}

/// What a run on one case gets besides its standard input.
pub(crate) struct OnCase<'c> {
    /// The case's arguments, after the program's own command.
    pub args: &'c [String],
    /// The case's `.files` folder, copied into the working folder.
    pub files: Option<&'c Path>,
    /// Whether the program may write in its working folder.
    pub writable: bool,
}

/// `spec` on a case as `on` says: with its arguments, and in a working
/// folder of its own (made in `runner`'s build area from `spec`'s own
/// working folder) when it has files or may write. Otherwise `spec`
/// itself.
pub(crate) fn prepare<'a>(
    runner: &Runner,
    spec: &'a ProcSpec,
    on: &OnCase<'_>,
) -> Result<CaseProcess<'a>, FilesError> {
    let (args, files) = (on.args, on.files);
    if args.is_empty() && files.is_none() && !on.writable {
        return Ok(CaseProcess {
            spec: Cow::Borrowed(spec),
            workdir: None,
        });
    }
    let mut own = spec.clone();
    own.argv.extend(args.iter().cloned());
    if files.is_none() && !on.writable {
        return Ok(CaseProcess {
            spec: Cow::Owned(own),
            workdir: None,
        });
    }
    let build = Path::new(&spec.cwd);
    let fail = |what: &Path, e: &dyn std::fmt::Display| FilesError {
        what: what.display().to_string(),
        why: e.to_string(),
    };
    let dir = runner.new_dir("case").map_err(|e| fail(build, &e))?;
    // Made first, so that a failure below removes the folder too.
    let mut prepared = CaseProcess {
        spec: Cow::Owned(own),
        workdir: Some(dir.clone()),
    };
    let placing = match on.writable {
        true => Placing::Writable,
        false => Placing::Link,
    };
    if on.writable {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::Permissions::from_mode(Placing::Writable.folder_mode());
        std::fs::set_permissions(&dir, mode).map_err(|e| fail(&dir, &e))?;
    }
    copy_tree(build, &dir, placing).map_err(|(p, e)| fail(&p, &e))?;
    if let Some(files) = files {
        let placing = match on.writable {
            true => Placing::Writable,
            false => Placing::Copy,
        };
        copy_tree(files, &dir, placing).map_err(|(p, e)| fail(&p, &e))?;
    }
    let spec = prepared.spec.to_mut();
    let cwd = dir.display().to_string();
    for e in &mut spec.env {
        if e.starts_with("PWD=") {
            *e = format!("PWD={cwd}");
        }
    }
    if on.writable {
        spec.writable.push(cwd.clone());
    }
    spec.cwd = cwd;
    Ok(prepared)
}

/// How a file goes into a case's working folder.
#[derive(Clone, Copy)]
enum Placing {
    /// A hard link (a copy where none can be made): the build folder's
    /// files, which nobody writes.
    Link,
    /// A copy, replacing what is there: the case's own files.
    Copy,
    /// A copy the program may change, folders included: everything in
    /// the folder of a program that may write files.
    Writable,
}

impl Placing {
    /// The mode of a folder made in the working folder.
    fn folder_mode(self) -> u32 {
        match self {
            Placing::Writable => 0o777,
            Placing::Link | Placing::Copy => 0o755,
        }
    }

    /// The bits a copied file gets for the program's user.
    fn file_bits(self) -> u32 {
        match self {
            Placing::Writable => 0o666,
            Placing::Link | Placing::Copy => 0o444,
        }
    }
}

/// Every file below `from` into the same place below `to`.
fn copy_tree(from: &Path, to: &Path, how: Placing) -> Result<(), (PathBuf, std::io::Error)> {
    use std::os::unix::fs::PermissionsExt;
    for entry in walkdir::WalkDir::new(from).min_depth(1).follow_links(true) {
        let entry = entry.map_err(|e| (from.to_path_buf(), e.into()))?;
        let rest = entry.path().strip_prefix(from).unwrap_or(entry.path());
        let dest = to.join(rest);
        let at = |e: std::io::Error| (entry.path().to_path_buf(), e);
        if entry.file_type().is_dir() {
            if !dest.is_dir() {
                std::fs::create_dir(&dest).map_err(at)?;
                let mode = how.folder_mode();
                std::fs::set_permissions(&dest, std::fs::Permissions::from_mode(mode))
                    .map_err(at)?;
            }
            continue;
        }
        if dest.is_dir() {
            std::fs::remove_dir_all(&dest).map_err(at)?;
        } else if dest.exists() {
            std::fs::remove_file(&dest).map_err(at)?;
        }
        let linked =
            matches!(how, Placing::Link) && std::fs::hard_link(entry.path(), &dest).is_ok();
        if !linked {
            std::fs::copy(entry.path(), &dest).map_err(at)?;
            // The program runs as another user: it must be able to read
            // (and, when it may write, to change).
            let mode = std::fs::metadata(&dest).map_err(at)?.permissions().mode();
            let mode = mode | how.file_bits();
            std::fs::set_permissions(&dest, std::fs::Permissions::from_mode(mode)).map_err(at)?;
        }
    }
    Ok(())
}
