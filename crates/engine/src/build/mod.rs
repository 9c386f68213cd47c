//! Turning a submission into something runnable: copy it into the run's
//! build area, compile it there once, or find the interpreter that runs it.
//!
//! Compilers run like submissions do: through the [`Runner`], so in a
//! sandbox they run as the worker's unprivileged uid and see only the
//! system's toolchains and their own build folder (the only place they may
//! write), under [`crate::time::limits::compiler`]. A `#include` of an expected output,
//! an `.incbin` of a root-only file or an `include_str!` of the test data
//! therefore fails to compile like any missing file. A compile error is a
//! verdict (CE) with the compiler's first messages; a missing compiler or
//! file is a setup error (exit 2).
//!
//! | module | builds |
//! |---|---|
//! | this file | a submission or a problem's program: staged, compiled once, or handed to its interpreter |
//! | [`program`] | what a build gives: the program, its language, the build error |
//! | `compile` | the compilers, through the build cache |
//! | `constants` | a package's `{{name}}` constants written into its programs' copies |
//! | `dialect` | languages as the contest ran them (PyPy for packages, Python 2, C/C++ standards, …) |
//! | `pch` | a precompiled `<bits/stdc++.h>`, made once per cache |
//! | [`included`] | a package's `include/` files added to a submission |
//! | [`tools`] | a problem's own programs (reference, checker, validators, generator, grader), built once per run |
//! | [`toolchains`] | `judge languages`: the language table as this machine sees it |

pub(crate) mod compile;
pub(crate) mod constants;
pub(crate) mod dialect;
pub mod included;
pub(crate) mod pch;
pub mod program;
pub mod toolchains;
pub mod tools;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

pub use crate::build::compile::Pin;
pub use crate::build::pch::PAYS as PCH_PAYS;
pub use crate::build::program::{BuildError, Language, Program, is_executable, tool};

use crate::execute::runner::Runner;

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
    // Headers beside a source file come along (a checker and its
    // testlib.h in a package's validator folder): only headers, which are
    // code, never the data that may lie there too.
    for sibling in source
        .parent()
        .and_then(|d| std::fs::read_dir(d).ok())
        .into_iter()
        .flatten()
        .flatten()
    {
        let path = sibling.path();
        if path != source && judge_languages::is_header(&path) {
            let _ = std::fs::copy(&path, dir.join(sibling.file_name()));
        }
    }
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
    prepare_pinned(runner, submission, cmd, memory, &Pin::default())
}

/// [`prepare`] for a program of `problem`: a package's programs are built
/// as its judge built them (PyPy for `.py`), so the time limit computed
/// from them is the one the contest's judge would compute.
pub(crate) fn prepare_for(
    runner: &Runner,
    problem: &crate::problem::Problem,
    submission: &Path,
    memory: u64,
) -> Result<Program, BuildError> {
    let pin = Pin {
        package: problem.origin.is_some(),
        constants: constants::of(problem),
        ..Pin::default()
    };
    prepare_pinned(runner, Some(submission), None, memory, &pin)
}

/// [`prepare`], with the language or entry point a package pins.
pub(crate) fn prepare_pinned(
    runner: &Runner,
    submission: Option<&Path>,
    cmd: Option<&str>,
    memory: u64,
    pin: &Pin,
) -> Result<Program, BuildError> {
    let dir = runner
        .new_dir("build")
        .map_err(|e| BuildError::Setup(e.to_string()))?;
    let copy = submission.map(|s| copy_in(s, &dir)).transpose()?;
    if let (Some(constants), Some(_)) = (&pin.constants, &copy) {
        constants::substitute(&dir, constants)?;
    }
    if let Some(cmd) = cmd {
        return prepare_command(runner, cmd, dir);
    }
    let Some(copy) = copy else {
        return Err(BuildError::Setup(
            "give a submission file, or --cmd to say how to run it".into(),
        ));
    };
    if copy.is_dir() {
        return compile::folder(runner, &copy, memory, pin);
    }
    let table = judge_languages::table();
    match compile::file(runner, &copy, &dir, memory, pin) {
        Some(built) => built,
        None if is_executable(&copy) => Ok(Program {
            language: Language::executable(),
            argv: vec![copy.display().to_string()],
            env: Vec::new(),
            dir,
        }),
        None => Err(BuildError::Setup(format!(
            "{}: unknown kind of submission: not an executable, and its extension is none of a known language's ({}); or give --cmd",
            submission.unwrap_or(&copy).display(),
            table.extensions().join(" ")
        ))),
    }
}

/// `--cmd`: split into words as a shell would (quotes only). The first
/// word, when it is a bare name, is found on PATH like any tool. Every
/// word that names an existing file or folder is copied into the build
/// folder (where the program starts) and rewritten to the copy: a relative
/// name keeps its place relative to the program, an absolute one lands in
/// `cmd-N/`. So `python3 /abs/sol.py` and `./bin/sol` run the same in a
/// sandbox as outside it, seeing what they name and nothing beside it.
/// With a submission folder, relative names are its files.
fn prepare_command(runner: &Runner, cmd: &str, dir: PathBuf) -> Result<Program, BuildError> {
    let mut words =
        judge_languages::split(cmd).map_err(|e| BuildError::Setup(format!("--cmd: {e}")))?;
    if words.is_empty() {
        return Err(BuildError::Setup("--cmd is empty".into()));
    }
    let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let mut copies = 0;
    for (i, word) in words.iter_mut().enumerate() {
        let path = Path::new(word.as_str());
        if i == 0 && !word.contains('/') {
            *word = tool(runner, word)?;
            continue;
        }
        if word.starts_with('-') || word.is_empty() {
            continue;
        }
        let inside = dir.join(path);
        if path.is_relative() && inside.exists() {
            *word = inside.display().to_string();
            continue;
        }
        let host = here.join(path);
        if !host.exists() {
            continue;
        }
        let plain = path.is_relative()
            && path.components().all(|c| {
                matches!(
                    c,
                    std::path::Component::Normal(_) | std::path::Component::CurDir
                )
            });
        let target = if plain {
            dir.join(path)
        } else {
            copies += 1;
            dir.join(format!("cmd-{copies}"))
                .join(host.file_name().unwrap_or(std::ffi::OsStr::new("file")))
        };
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| setup("cannot create", parent, e))?;
        }
        let copied = copy_in(&host, target.parent().unwrap_or(&dir))?;
        *word = copied.display().to_string();
    }
    // A command that starts a language's runtime (java, node, mono) gets
    // that language's limits.
    let base = Path::new(&words[0])
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let table = judge_languages::table();
    let language = table
        .iter()
        .find(|spec| {
            spec.commands()
                .ok()
                .and_then(|c| c.last().cloned())
                .is_some_and(|run| {
                    run.first()
                        .is_some_and(|t| judge_languages::alternatives(t).contains(&base.as_str()))
                })
        })
        .map(|spec| spec.language())
        .unwrap_or_else(Language::command);
    Ok(Program {
        language,
        argv: words,
        env: Vec::new(),
        dir,
    })
}
