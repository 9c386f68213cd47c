//! Compiling: a source file, or a folder of sources (a checker with its
//! `testlib.h`, a multi-file submission, an ICPC program with `build` and
//! `run` scripts). Compilers run through the [`Runner`] like submissions,
//! with their own folder writable and nothing else.

use std::path::{Path, PathBuf};

use super::cache::{Cache, portable};
use super::launcher::{ProcSpec, Role};
use super::limits;
use super::program::{BuildError, Language, Program, is_executable, tool};
use super::runner::{COMPILE_LOG, Keep, Runner, clean_env};
use crate::execution::End;

/// The files of `dir` (not its sub-folders) with one of `extensions`.
fn files_with(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.contains(&e))
        })
        .collect();
    found.sort();
    found
}

/// The one entry point among `files`: the file named `main`, else the only
/// file.
fn entry(files: &[PathBuf], main: &str, dir: &Path) -> Result<PathBuf, BuildError> {
    if let Some(m) = files
        .iter()
        .find(|f| f.file_stem().is_some_and(|s| s == main))
    {
        return Ok(m.clone());
    }
    match files {
        [one] => Ok(one.clone()),
        _ => Err(BuildError::Setup(format!(
            "{}: several source files and none called {main}: cannot tell the entry point",
            dir.display()
        ))),
    }
}

/// A program given as a folder (its copy, in its own build folder): with
/// ICPC `build` / `run` scripts, else by the extensions of its files.
pub(crate) fn folder(runner: &Runner, dir: &Path, memory: u64) -> Result<Program, BuildError> {
    let build = dir.join("build");
    let run = dir.join("run");
    if build.is_file() || run.is_file() {
        if build.is_file() {
            run_compiler(
                runner,
                vec![tool(runner, "bash")?, build.display().to_string()],
                dir,
            )?;
        }
        if !run.is_file() {
            return Err(BuildError::Compile(format!(
                "{}: `build` left no `run` script",
                dir.display()
            )));
        }
        let argv = if is_executable(&run) {
            vec![run.display().to_string()]
        } else {
            vec![tool(runner, "bash")?, run.display().to_string()]
        };
        return Ok(Program {
            language: Language::Command,
            argv,
            dir: dir.to_path_buf(),
        });
    }
    let cpp = files_with(dir, &["cpp", "cc", "cxx", "c++", "C"]);
    let c = files_with(dir, &["c"]);
    let rust = files_with(dir, &["rs"]);
    let java = files_with(dir, &["java"]);
    let python = files_with(dir, &["py", "py3"]);
    let kinds = [
        !cpp.is_empty(),
        !c.is_empty(),
        !rust.is_empty(),
        !java.is_empty(),
        !python.is_empty(),
    ];
    if kinds.iter().filter(|k| **k).count() != 1 {
        return Err(BuildError::Setup(format!(
            "{}: cannot tell the language (give one of C, C++, Rust, Java or Python sources, or build/run scripts)",
            dir.display()
        )));
    }
    if !cpp.is_empty() {
        return sources(runner, Language::Cpp, &cpp, dir, memory);
    }
    if !c.is_empty() {
        return sources(runner, Language::C, &c, dir, memory);
    }
    if !rust.is_empty() {
        let main = entry(&rust, "main", dir)?;
        return sources(runner, Language::Rust, &[main], dir, memory);
    }
    if !java.is_empty() {
        let main = entry(&java, "Main", dir)?;
        let mut ordered = vec![main.clone()];
        ordered.extend(java.into_iter().filter(|f| *f != main));
        return sources(runner, Language::Java, &ordered, dir, memory);
    }
    let main = if dir.join("__main__.py").is_file() {
        dir.join("__main__.py")
    } else {
        entry(&python, "main", dir)?
    };
    Ok(Program {
        language: Language::Python,
        argv: vec![tool(runner, "python3")?, main.display().to_string()],
        dir: dir.to_path_buf(),
    })
}

/// Compiles `sources` (for Java, the main class first) into `dir`.
pub(crate) fn sources(
    runner: &Runner,
    language: Language,
    sources: &[PathBuf],
    dir: &Path,
    memory: u64,
) -> Result<Program, BuildError> {
    let out = dir.join("prog").display().to_string();
    let src: Vec<String> = sources.iter().map(|s| s.display().to_string()).collect();
    let (mut compile, argv) = match language {
        Language::C => (
            vec![tool(runner, "gcc")?, "-O2".into(), "-std=gnu17".into()],
            vec![out.clone()],
        ),
        Language::Cpp => (
            vec![tool(runner, "g++")?, "-O2".into(), "-std=gnu++17".into()],
            vec![out.clone()],
        ),
        Language::Rust => (
            vec![tool(runner, "rustc")?, "-O".into(), "--edition=2021".into()],
            vec![out.clone()],
        ),
        Language::Java => {
            let class = sources
                .first()
                .and_then(|s| s.file_stem())
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let heap = format!("-Xmx{}m", (memory >> 20).max(16));
            let classes = dir.display().to_string();
            let mut javac = vec![tool(runner, "javac")?, "-d".into(), classes.clone()];
            javac.extend(src);
            compile_cached(runner, javac, dir)?;
            let java = vec![
                tool(runner, "java")?,
                heap,
                "-Xss64m".into(),
                "-cp".into(),
                classes,
                class,
            ];
            return Ok(Program {
                language,
                argv: java,
                dir: dir.to_path_buf(),
            });
        }
        other => {
            return Err(BuildError::Setup(format!(
                "{other} programs are not compiled"
            )));
        }
    };
    compile.extend(["-o".into(), out]);
    compile.extend(src);
    if language == Language::C {
        compile.push("-lm".into());
    }
    compile_cached(runner, compile, dir)?;
    Ok(Program {
        language,
        argv,
        dir: dir.to_path_buf(),
    })
}

/// Compiles with `argv` in `dir`, or copies in from the run's cache what
/// the same compiler left from the same files before. A compile error is
/// not cached: it costs little and its message names this run's paths.
fn compile_cached(runner: &Runner, argv: Vec<String>, dir: &Path) -> Result<(), BuildError> {
    let Some((cache, key)) = runner
        .cache()
        .and_then(|c| Some((c, build_key(c, &argv, dir)?)))
    else {
        return run_compiler(runner, argv, dir);
    };
    if cache.fetch_build(&key, dir) {
        return Ok(());
    }
    let before = files_below(dir);
    run_compiler(runner, argv, dir)?;
    let made: Vec<PathBuf> = files_below(dir)
        .into_iter()
        .filter(|f| !before.contains(f))
        .collect();
    cache.store_build(&key, dir, &made);
    Ok(())
}

/// The key of a compile: the command, what the compiler says it is, and
/// every file it could read in its folder (sources, headers).
fn build_key(cache: &Cache, argv: &[String], dir: &Path) -> Option<String> {
    let mut key = cache.key("build");
    key.part("argv", portable(argv, dir).as_bytes());
    key.part("compiler", cache.tool_identity(argv.first()?).as_bytes());
    key.tree("source", dir)?;
    Some(key.finish())
}

/// Every file below `dir`, relative to it.
fn files_below(dir: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .filter_map(|e| e.path().strip_prefix(dir).ok().map(Path::to_path_buf))
        .collect()
}

/// Runs a compiler under [`limits::compiler`], its folder writable; its
/// first messages become the CE text.
fn run_compiler(runner: &Runner, argv: Vec<String>, dir: &Path) -> Result<(), BuildError> {
    let cwd = dir.display().to_string();
    let spec = ProcSpec {
        argv,
        env: clean_env(&cwd),
        cwd: cwd.clone(),
        limits: limits::compiler(),
        writable: vec![cwd],
        keep: Keep::Head(COMPILE_LOG),
        role: Role::Submission,
    };
    let e = runner.run(&spec, Path::new("/dev/null"));
    let mut log = String::from_utf8_lossy(&e.stderr_tail).into_owned();
    let out = String::from_utf8_lossy(&e.stdout);
    log.push_str(&out[..out.len().min(COMPILE_LOG)]);
    if e.stderr_tail.len() >= COMPILE_LOG {
        log.push_str(&format!(
            "\n… (compiler output cut at {} KiB)\n",
            COMPILE_LOG >> 10
        ));
    }
    let limit = limits::compiler();
    let reason = match e.end {
        End::Exited(0) => return Ok(()),
        End::CouldNotRun(msg) => {
            return Err(BuildError::Setup(format!("cannot run the compiler: {msg}")));
        }
        End::TimedOut { .. } => format!(
            "compilation stopped: over its limit of {} s CPU time, {} s wall clock",
            limit.cpu.as_secs(),
            limit.wall.as_secs()
        ),
        End::MemoryExceeded { .. } => format!(
            "compilation stopped: the compiler used more than {}",
            crate::units::format_size_approx(limit.memory)
        ),
        End::OutputExceeded { .. } => format!(
            "compilation stopped: output over {}",
            crate::units::format_size_approx(limit.output)
        ),
        _ => return Err(BuildError::Compile(log)),
    };
    Err(BuildError::Compile(format!("{reason}\n{log}")))
}
