//! Turning a submission into something runnable: compile it once into a
//! temporary folder, or find the interpreter that runs it.
//!
//! A compile error is a verdict (CE) with the compiler's message, not a
//! failure of judge; a missing compiler or file is a setup error (exit 2).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::limits;
use super::process::{Launch, resolve, run};
use crate::execution::End;

/// The languages judge builds or runs, decided by file extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    C,
    Cpp,
    Rust,
    Java,
    Python,
    Shell,
    /// A file that is executable as it is.
    Executable,
    /// A command line given with `--cmd`.
    Command,
}

impl Language {
    /// The language of a source file by its extension.
    pub(crate) fn from_extension(ext: &str) -> Option<Language> {
        Some(match ext {
            "c" => Language::C,
            "cpp" | "cc" | "cxx" => Language::Cpp,
            "rs" => Language::Rust,
            "java" => Language::Java,
            "py" => Language::Python,
            "sh" => Language::Shell,
            _ => return None,
        })
    }

    /// Short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Language::C => "c",
            Language::Cpp => "c++",
            Language::Rust => "rust",
            Language::Java => "java",
            Language::Python => "python",
            Language::Shell => "shell",
            Language::Executable => "executable",
            Language::Command => "command",
        }
    }

    /// Runtimes that reserve far more address space than they use (the
    /// JVM) cannot run under an address-space cap.
    pub(crate) fn caps_address_space(self) -> bool {
        self != Language::Java
    }
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A runnable submission.
#[derive(Debug)]
pub struct Program {
    pub language: Language,
    pub launch: Launch,
    /// Folders the program needs to see inside a sandbox.
    pub visible: Vec<PathBuf>,
    /// Keeps the build (or scratch) folder alive as long as the program.
    _build_dir: Option<tempfile::TempDir>,
}

/// Why a submission could not be made runnable.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The compiler rejected the source: verdict CE.
    #[error("compile error:\n{0}")]
    Compile(String),
    /// judge cannot build or run this submission at all (exit 2).
    #[error("{0}")]
    Setup(String),
}

fn tool(name: &str) -> Result<String, BuildError> {
    resolve(name)
        .map(|p| p.display().to_string())
        .ok_or_else(|| BuildError::Setup(format!("{name} is not installed")))
}

fn temp_dir(prefix: &str) -> Result<tempfile::TempDir, BuildError> {
    let dir = tempfile::Builder::new()
        .prefix(prefix)
        .tempdir()
        .map_err(|e| BuildError::Setup(format!("cannot create a temporary folder: {e}")))?;
    // The sandboxed program runs as an unprivileged uid: it must be able to
    // enter the folder.
    let _ = std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755));
    Ok(dir)
}

impl Program {
    fn new(
        language: Language,
        argv: Vec<String>,
        cwd: PathBuf,
        visible: Vec<PathBuf>,
        build_dir: Option<tempfile::TempDir>,
    ) -> Program {
        Program {
            language,
            launch: Launch {
                argv,
                cwd,
                env: vec![],
                limits_applied_by_wrapper: false,
            },
            visible,
            _build_dir: build_dir,
        }
    }
}

/// Prepares a submission: a source file or executable, or `cmd` (e.g.
/// `python3 sol.py`), which says how to run it instead. With a file, `cmd`
/// starts in the file's folder; without one, in an empty scratch folder, so
/// what it can read does not depend on where judge was started. `memory`
/// sizes the JVM heap.
pub fn prepare(
    submission: Option<&Path>,
    cmd: Option<&str>,
    memory: u64,
) -> Result<Program, BuildError> {
    let source = submission
        .map(|s| {
            std::fs::canonicalize(s).map_err(|e| BuildError::Setup(format!("{}: {e}", s.display())))
        })
        .transpose()?;
    if let Some(cmd) = cmd {
        return prepare_command(source.as_deref(), cmd);
    }
    let Some(source) = source else {
        return Err(BuildError::Setup(
            "give a submission file, or --cmd to say how to run it".into(),
        ));
    };
    let dir = folder_of(&source);
    let src = source.display().to_string();
    let ext = source.extension().and_then(|e| e.to_str()).unwrap_or("");
    match Language::from_extension(ext) {
        Some(language @ (Language::Python | Language::Shell)) => {
            let interpreter = tool(if language == Language::Python {
                "python3"
            } else {
                "bash"
            })?;
            Ok(Program::new(
                language,
                vec![interpreter, src],
                dir.clone(),
                vec![dir],
                None,
            ))
        }
        Some(language) => compile(language, &source, memory),
        None if is_executable(&source) => Ok(Program::new(
            Language::Executable,
            vec![src],
            dir.clone(),
            vec![dir],
            None,
        )),
        None => Err(BuildError::Setup(format!(
            "{}: unknown kind of submission (use .c .cpp .cc .rs .py .java .sh, an executable, or --cmd)",
            source.display()
        ))),
    }
}

fn folder_of(path: &Path) -> PathBuf {
    path.parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("/"))
}

/// `--cmd`: the first word is found on PATH (or in the submission's
/// folder when it contains a `/`).
fn prepare_command(source: Option<&Path>, cmd: &str) -> Result<Program, BuildError> {
    let mut words: Vec<String> = cmd.split_whitespace().map(String::from).collect();
    let first = words
        .first()
        .ok_or_else(|| BuildError::Setup("--cmd is empty".into()))?;
    let (dir, scratch) = match source {
        Some(s) => (folder_of(s), None),
        None => {
            let scratch = temp_dir("judge-cmd-")?;
            (scratch.path().to_path_buf(), Some(scratch))
        }
    };
    let exe = if first.contains('/') {
        dir.join(first)
    } else {
        resolve(first).ok_or_else(|| BuildError::Setup(format!("{first} is not on PATH")))?
    };
    words[0] = exe.display().to_string();
    let language = if exe
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with("java"))
    {
        Language::Java
    } else {
        Language::Command
    };
    Ok(Program::new(
        language,
        words,
        dir.clone(),
        vec![dir],
        scratch,
    ))
}

/// Compiles `source` into a fresh build folder.
fn compile(language: Language, source: &Path, memory: u64) -> Result<Program, BuildError> {
    let build = temp_dir("judge-build-")?;
    let bdir = build.path().to_path_buf();
    let out = bdir.join("prog").display().to_string();
    let src = source.display().to_string();
    let (compile, argv) = match language {
        Language::C => (
            vec![
                tool("gcc")?,
                "-O2".into(),
                "-std=gnu17".into(),
                "-o".into(),
                out.clone(),
                src,
                "-lm".into(),
            ],
            vec![out],
        ),
        Language::Cpp => (
            vec![
                tool("g++")?,
                "-O2".into(),
                "-std=c++17".into(),
                "-o".into(),
                out.clone(),
                src,
            ],
            vec![out],
        ),
        Language::Rust => (
            vec![
                tool("rustc")?,
                "-O".into(),
                "--edition=2021".into(),
                "-o".into(),
                out.clone(),
                src,
            ],
            vec![out],
        ),
        Language::Java => {
            let class = source
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let heap = format!("-Xmx{}m", (memory >> 20).max(16));
            let bd = bdir.display().to_string();
            (
                vec![tool("javac")?, "-d".into(), bd.clone(), src],
                vec![
                    tool("java")?,
                    heap,
                    "-Xss64m".into(),
                    "-cp".into(),
                    bd,
                    class,
                ],
            )
        }
        other => {
            return Err(BuildError::Setup(format!(
                "{other} submissions are not compiled"
            )));
        }
    };
    let dir = folder_of(source);
    compile_with(&compile, &dir)?;
    Ok(Program::new(
        language,
        argv,
        bdir.clone(),
        vec![bdir, dir],
        Some(build),
    ))
}

fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Runs a compiler under [`limits::compiler`]; its messages become the CE text.
fn compile_with(argv: &[String], cwd: &Path) -> Result<(), BuildError> {
    let launch = Launch {
        argv: argv.to_vec(),
        cwd: cwd.to_path_buf(),
        env: vec![],
        limits_applied_by_wrapper: false,
    };
    let e = run(&launch, Path::new("/dev/null"), &limits::compiler());
    let log = || {
        let mut text = String::from_utf8_lossy(&e.stderr_tail).into_owned();
        text.push_str(&String::from_utf8_lossy(&e.stdout));
        text
    };
    match e.end {
        End::Exited(0) => Ok(()),
        End::CouldNotRun(msg) => Err(BuildError::Setup(msg)),
        End::TimedOut { .. } => Err(BuildError::Compile(format!(
            "compilation took too long\n{}",
            log()
        ))),
        _ => Err(BuildError::Compile(log())),
    }
}
