//! Turning a submission file into something runnable: compile it once into
//! a temporary folder, or find the interpreter that runs it.
//!
//! A compile error is a verdict (CE) with the compiler's message, not a
//! failure of judge; a missing compiler or file is a configuration error.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::End;
use super::process::{Launch, RunLimits, resolve, run};

/// A runnable submission.
#[derive(Debug)]
pub struct Program {
    /// Short name of the language, for the report.
    pub language: &'static str,
    pub launch: Launch,
    /// Folders the program needs to see inside a sandbox.
    pub visible: Vec<PathBuf>,
    /// False for runtimes (JVM) that reserve more address space than they use.
    pub address_space_limit: bool,
    /// Keeps the build folder alive as long as the program.
    _build_dir: Option<tempfile::TempDir>,
}

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

fn abs(path: &Path) -> Result<PathBuf, BuildError> {
    std::fs::canonicalize(path).map_err(|e| BuildError::Setup(format!("{}: {e}", path.display())))
}

/// Prepares `submission`; `cmd` (e.g. `python3 sol.py`) overrides how it
/// runs and is started in the submission's folder. `memory` sizes the JVM heap.
pub fn prepare(submission: &Path, cmd: Option<&str>, memory: u64) -> Result<Program, BuildError> {
    let source = abs(submission)?;
    let dir = source
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("/"));
    let program = |language, argv: Vec<String>, cwd: PathBuf, visible, build_dir| Program {
        language,
        launch: Launch {
            argv,
            cwd,
            env: vec![],
            limits_applied_by_wrapper: false,
        },
        visible,
        address_space_limit: language != "java",
        _build_dir: build_dir,
    };
    if let Some(cmd) = cmd {
        let mut words: Vec<String> = cmd.split_whitespace().map(String::from).collect();
        let first = words
            .first()
            .ok_or_else(|| BuildError::Setup("--cmd is empty".into()))?;
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
            "java"
        } else {
            "command"
        };
        return Ok(program(language, words, dir.clone(), vec![dir], None));
    }
    let ext = source.extension().and_then(|e| e.to_str()).unwrap_or("");
    let src = source.display().to_string();
    match ext {
        "py" => Ok(program(
            "python",
            vec![tool("python3")?, src],
            dir.clone(),
            vec![dir],
            None,
        )),
        "sh" => Ok(program(
            "shell",
            vec![tool("bash")?, src],
            dir.clone(),
            vec![dir],
            None,
        )),
        "c" | "cpp" | "cc" | "cxx" | "rs" | "java" => {
            let build = tempfile::Builder::new()
                .prefix("judge-build-")
                .tempdir()
                .map_err(|e| BuildError::Setup(format!("cannot create a build folder: {e}")))?;
            // The sandboxed program runs as an unprivileged uid: it must be
            // able to enter the folder.
            let _ = std::fs::set_permissions(build.path(), std::fs::Permissions::from_mode(0o755));
            let out = build.path().join("prog");
            let o = out.display().to_string();
            let bdir = build.path().to_path_buf();
            let (language, compile, argv) = match ext {
                "c" => (
                    "c",
                    vec![
                        tool("gcc")?,
                        "-O2".into(),
                        "-std=gnu17".into(),
                        "-o".into(),
                        o.clone(),
                        src,
                        "-lm".into(),
                    ],
                    vec![o],
                ),
                "rs" => (
                    "rust",
                    vec![
                        tool("rustc")?,
                        "-O".into(),
                        "--edition=2021".into(),
                        "-o".into(),
                        o.clone(),
                        src,
                    ],
                    vec![o],
                ),
                "java" => {
                    let class = source
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    let heap = format!("-Xmx{}m", (memory >> 20).max(16));
                    let bd = bdir.display().to_string();
                    (
                        "java",
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
                _ => (
                    "c++",
                    vec![
                        tool("g++")?,
                        "-O2".into(),
                        "-std=c++17".into(),
                        "-o".into(),
                        o.clone(),
                        src,
                    ],
                    vec![o],
                ),
            };
            compile_with(&compile, &dir)?;
            Ok(program(
                language,
                argv,
                bdir.clone(),
                vec![bdir, dir],
                Some(build),
            ))
        }
        _ if is_executable(&source) => Ok(program(
            "executable",
            vec![src],
            dir.clone(),
            vec![dir],
            None,
        )),
        _ => Err(BuildError::Setup(format!(
            "{}: unknown kind of submission (use .c .cpp .cc .rs .py .java .sh, an executable, or --cmd)",
            submission.display()
        ))),
    }
}

fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Runs a compiler with generous limits; its messages become the CE text.
fn compile_with(argv: &[String], cwd: &Path) -> Result<(), BuildError> {
    let launch = Launch {
        argv: argv.to_vec(),
        cwd: cwd.to_path_buf(),
        env: vec![],
        limits_applied_by_wrapper: false,
    };
    let mut limits = RunLimits::new(Duration::from_secs(60), 4 << 30, 16 << 20);
    limits.address_space = None;
    limits.processes = 4096;
    limits.open_files = 1024;
    let e = run(&launch, Path::new("/dev/null"), &limits);
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
