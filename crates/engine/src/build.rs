//! Turning a submission into something runnable: copy it into the run's
//! build area, compile it there once, or find the interpreter that runs it.
//!
//! Compilers run like submissions do: through the [`Runner`], so in a
//! sandbox they run as the worker's unprivileged uid and see only the
//! system's toolchains and their own build folder (the only place they may
//! write), under [`crate::limits::compiler`]. A `#include` of an expected output,
//! an `.incbin` of a root-only file or an `include_str!` of the test data
//! therefore fails to compile like any missing file. A compile error is a
//! verdict (CE) with the compiler's first messages; a missing compiler or
//! file is a setup error (exit 2).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

pub use super::program::{BuildError, Language, Program, is_executable, tool};

use super::compile;
use super::runner::Runner;

fn setup(what: &str, path: &Path, e: impl std::fmt::Display) -> BuildError {
    BuildError::Setup(format!("{}: {what}: {e}", path.display()))
}

/// Copies a submission (a file, or a folder of sources) into `dir`;
/// returns the copy of the file (or the folder).
fn copy_in(source: &Path, dir: &Path) -> Result<PathBuf, BuildError> {
    let name = source
        .file_name()
        .ok_or_else(|| setup("not a file", source, "no name"))?;
    let target = dir.join(name);
    let meta = std::fs::metadata(source).map_err(|e| setup("cannot read", source, e))?;
    if meta.is_dir() {
        crate::fsutil::copy_tree(source, &target).map_err(|e| setup("cannot copy", source, e))?;
        return Ok(target);
    }
    std::fs::copy(source, &target).map_err(|e| setup("cannot copy", source, e))?;
    let mode = if meta.permissions().mode() & 0o111 != 0 {
        0o755
    } else {
        0o644
    };
    let _ = std::fs::set_permissions(&target, std::fs::Permissions::from_mode(mode));
    Ok(target)
}

/// Prepares a submission: a source file or executable, a folder with `cmd`,
/// or `cmd` alone (`python3 sol.py`, split on spaces). The submission is
/// copied into a fresh build folder first, where the program starts; what
/// lies beside it is not copied (and not visible). `memory` sizes a JVM heap.
pub fn prepare(
    runner: &Runner,
    submission: Option<&Path>,
    cmd: Option<&str>,
    memory: u64,
) -> Result<Program, BuildError> {
    let dir = runner
        .new_dir("build")
        .map_err(|e| BuildError::Setup(e.to_string()))?;
    let copy = submission.map(|s| copy_in(s, &dir)).transpose()?;
    if let Some(cmd) = cmd {
        return prepare_command(runner, cmd, dir);
    }
    let Some(copy) = copy else {
        return Err(BuildError::Setup(
            "give a submission file, or --cmd to say how to run it".into(),
        ));
    };
    let src = copy.display().to_string();
    let ext = copy.extension().and_then(|e| e.to_str()).unwrap_or("");
    let program = |language, argv| Program {
        language,
        argv,
        dir: dir.clone(),
    };
    if copy.is_dir() {
        return compile::folder(runner, &copy, memory);
    }
    match Language::from_extension(ext) {
        Some(Language::Python) => Ok(program(
            Language::Python,
            vec![tool(runner, "python3")?, src],
        )),
        Some(Language::Shell) => Ok(program(Language::Shell, vec![tool(runner, "bash")?, src])),
        Some(language) => {
            compile::sources(runner, language, std::slice::from_ref(&copy), &dir, memory)
        }
        None if is_executable(&copy) => Ok(program(Language::Executable, vec![src])),
        None => Err(BuildError::Setup(format!(
            "{}: unknown kind of submission (use .c .cpp .cc .rs .py .java .sh, an executable, or --cmd)",
            submission.unwrap_or(&copy).display()
        ))),
    }
}

/// `--cmd`: the first word is found on PATH, or in the build folder when
/// it holds a `/`.
fn prepare_command(runner: &Runner, cmd: &str, dir: PathBuf) -> Result<Program, BuildError> {
    let mut words: Vec<String> = cmd.split_whitespace().map(String::from).collect();
    let first = words
        .first()
        .ok_or_else(|| BuildError::Setup("--cmd is empty".into()))?
        .clone();
    let exe = if first.starts_with('/') {
        let path = PathBuf::from(&first);
        if let Some(parent) = path.parent() {
            runner.allow(&[parent.to_path_buf()]);
        }
        first.clone()
    } else if first.contains('/') {
        dir.join(&first).display().to_string()
    } else {
        tool(runner, &first)?
    };
    let language = if Path::new(&first)
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with("java"))
    {
        Language::Java
    } else {
        Language::Command
    };
    words[0] = exe;
    Ok(Program {
        language,
        argv: words,
        dir,
    })
}
