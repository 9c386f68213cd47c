//! Compiling: a source file, or a folder of sources (a checker with its
//! `testlib.h`, a multi-file submission, an ICPC program with `build` and
//! `run` scripts). Compilers run through the [`Runner`] like submissions,
//! with their own folder writable and nothing else.

use std::path::{Path, PathBuf};

use crate::build::program::{BuildError, Language, Program, is_executable, tool, with_env};
use crate::cache::{Cache, portable};
use crate::execute::runner::{COMPILE_LOG, Keep, Runner, clean_env};
use crate::execution::End;
use crate::launcher::{ProcSpec, Role};
use crate::time::limits;
use judge_languages::{Spec, Vars};

/// The files of `dir` (not its sub-folders), sorted.
pub(crate) fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    found.sort();
    found
}

/// How a submission is to be built where its package says so
/// (`submissions.yaml`'s `language` and `entrypoint`); by default, as its
/// files say.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pin {
    /// A language id of the table.
    pub language: Option<String>,
    /// The entry point's file name.
    pub entrypoint: Option<String>,
    /// The problem was read from a package in place: its `.py` runs as
    /// the package's judge ran it (PyPy; see the `dialect` module).
    pub package: bool,
    /// The package's constants, written into the program's copy before
    /// it is built (see `build::constants`).
    pub constants: Option<crate::environment::Constants>,
    /// The compile time and memory (bytes) the package guarantees its
    /// submissions (`limits.compilation_time`, `compilation_memory`):
    /// judge's own compiler limits are raised to them, never lowered.
    pub compile_time: Option<std::time::Duration>,
    pub compile_memory: Option<u64>,
}

impl Pin {
    /// The limits a compiler of this program runs under: judge's own
    /// ([`limits::compiler`]), raised to what the package guarantees.
    fn compiler(&self) -> limits::RunLimits {
        let mut l = limits::compiler();
        if let Some(t) = self.compile_time {
            l.cpu = l.cpu.max(t);
            l.wall = l.wall.max(t * 2);
        }
        if let Some(m) = self.compile_memory {
            l.memory = l.memory.max(m);
        }
        l
    }

    /// The pinned language's entry, if a language is pinned.
    fn spec(&self, table: &judge_languages::Table) -> Result<Option<Spec>, BuildError> {
        let Some(id) = &self.language else {
            return Ok(None);
        };
        table.get(id).cloned().map(Some).ok_or_else(|| {
            BuildError::Setup(format!(
                "submissions.yaml names language `{id}`, which the language table does not have (`judge languages` lists them)"
            ))
        })
    }
}

/// A single source file, in its pinned language or the one its name and
/// first line say; `None` when no language claims it.
pub(crate) fn file(
    runner: &Runner,
    file: &Path,
    dir: &Path,
    memory: u64,
    pin: &Pin,
) -> Option<Result<Program, BuildError>> {
    let table = judge_languages::table();
    let spec = match pin.spec(table) {
        // A package's `python3` is its judge's: PyPy for Kattis.
        Ok(Some(spec)) => crate::build::dialect::prefer(table, &spec, pin.package),
        Ok(None) => {
            crate::build::dialect::prefer(table, table.detect(&[file.to_path_buf()])?, pin.package)
        }
        Err(e) => return Some(Err(e)),
    };
    Some(sources(
        runner,
        &spec,
        &[file.to_path_buf()],
        dir,
        memory,
        pin,
    ))
}

/// A program given as a folder (its copy, in its own build folder): with
/// ICPC `build` / `run` scripts, else in the language its files are in.
pub(crate) fn folder(
    runner: &Runner,
    dir: &Path,
    memory: u64,
    pin: &Pin,
) -> Result<Program, BuildError> {
    let build = dir.join("build");
    let run = dir.join("run");
    if build.is_file() || run.is_file() {
        if build.is_file() {
            let bash = vec![tool(runner, "bash")?, build.display().to_string()];
            let (end, log) = run_compiler(runner, bash, &[], dir, pin.compiler());
            judged(end, log, pin.compiler())?;
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
            language: Language::command(),
            argv,
            env: Vec::new(),
            dir: dir.to_path_buf(),
        });
    }
    let files = files_in(dir);
    let table = judge_languages::table();
    if let Some(spec) = pin.spec(table)? {
        let spec = crate::build::dialect::prefer(table, &spec, pin.package);
        return sources(runner, &spec, &spec.sources(&files), dir, memory, pin);
    }
    let Some(spec) = table.detect(&files) else {
        return Err(BuildError::Setup(format!(
            "{}: cannot tell the language: no file has an extension of a known language ({}), and there are no build/run scripts",
            dir.display(),
            table.extensions().join(" ")
        )));
    };
    let spec = crate::build::dialect::prefer(table, spec, pin.package);
    sources(runner, &spec, &spec.sources(&files), dir, memory, pin)
}

/// One tool of a language's command: the first of its alternatives that
/// is installed. A tool pinned in the configuration that cannot run is a
/// setup error; a tool that is simply missing makes the language
/// unavailable here.
fn language_tool(runner: &Runner, spec: &Spec, word: &str) -> Result<String, BuildError> {
    let alternatives = judge_languages::alternatives(word);
    for name in &alternatives {
        match tool(runner, name) {
            Ok(found) => return Ok(found),
            Err(e) if runner.tool_choice(name).1 => return Err(e),
            Err(_) => {}
        }
    }
    // A tool on PATH that does not run (a pyenv shim for a version that is
    // not selected) is named as such: "not found" would send people
    // looking for the wrong thing.
    let broken: Vec<String> = alternatives
        .iter()
        .filter_map(|n| crate::toolchain::which(n))
        .map(|p| p.display().to_string())
        .collect();
    let state = match broken.as_slice() {
        [] => format!("{} not found on PATH", alternatives.join(" or ")),
        [one] => format!("{one} on PATH does not run"),
        found => format!("{} on PATH do not run", found.join(" and ")),
    };
    Err(BuildError::Unavailable(format!(
        "no {} toolchain here ({state}): install {}",
        spec.name, spec.install
    )))
}

/// A command of the table with its tool found and its placeholders
/// filled in.
fn command(
    runner: &Runner,
    spec: &Spec,
    words: &[String],
    vars: &Vars,
) -> Result<Vec<String>, BuildError> {
    let setup =
        |e: &dyn std::fmt::Display| BuildError::Setup(format!("languages.{}: {e}", spec.id));
    // judge's own binary (checktestdata): no tool to find, and no
    // placeholder of a build.
    if words.first().is_some_and(|w| w == judge_languages::JUDGE) {
        let mut argv = vec![runner.judge_exe().display().to_string()];
        argv.extend(vars.expand(&words[1..]).map_err(|e| setup(&e))?);
        return Ok(argv);
    }
    let mut argv = vars.expand(words).map_err(|e| setup(&e))?;
    match words.first() {
        Some(first) if !first.starts_with('{') => argv[0] = language_tool(runner, spec, first)?,
        Some(_) => {}
        None => return Err(setup(&"an empty command")),
    }
    Ok(argv)
}

/// Builds `sources` in `spec`'s language in `dir`, or, when they are
/// Python 2 that Python 3 cannot run, in Python 2's: a Python 2 name
/// (`raw_input()`) decides at once, a Python 2 syntax mark (`print x`)
/// once Python 3's parser has refused the file. A language pinned by the
/// package is never second-guessed.
pub(crate) fn sources(
    runner: &Runner,
    spec: &Spec,
    sources: &[PathBuf],
    dir: &Path,
    memory: u64,
    pin: &Pin,
) -> Result<Program, BuildError> {
    use crate::build::dialect;
    let mark = (pin.language.is_none() && dialect::runs_python3(spec))
        .then(|| dialect::python2(sources))
        .flatten();
    let as_python2 = |(mark, place): &(judge_languages::dialect::Python2, String)| {
        let Some(two) = judge_languages::table().get("python2") else {
            return Err(dialect::python2_unavailable(mark, place));
        };
        match build_as(runner, two, sources, dir, memory, pin) {
            Err(BuildError::Unavailable(_)) => Err(dialect::python2_unavailable(mark, place)),
            built => built,
        }
    };
    match &mark {
        Some(m) if !m.0.syntax => as_python2(m),
        Some(m) => match build_as(runner, spec, sources, dir, memory, pin) {
            Err(BuildError::Compile(_)) => as_python2(m),
            built => built,
        },
        None => build_as(runner, spec, sources, dir, memory, pin),
    }
}

/// Builds `sources` in `spec`'s language in `dir`: every tool is found
/// first (a missing one is reported before anything compiles), then the
/// compile commands run in order.
fn build_as(
    runner: &Runner,
    spec: &Spec,
    sources: &[PathBuf],
    dir: &Path,
    memory: u64,
    pin: &Pin,
) -> Result<Program, BuildError> {
    let mainfile = entry_point(spec, sources, dir, pin)?;
    let text = std::fs::read_to_string(&mainfile).unwrap_or_default();
    let mut commands = spec
        .commands()
        .map_err(|e| BuildError::Setup(e.to_string()))?;
    let compiler = match commands.first().and_then(|c| c.first()) {
        Some(first) if !first.starts_with('{') && commands.len() > 1 => {
            Some(language_tool(runner, spec, first)?)
        }
        _ => None,
    };
    let std = match (&compiler, spec.standards.is_empty()) {
        (Some(c), false) => crate::build::dialect::standard(spec, c),
        _ => None,
    };
    let extra = crate::build::dialect::compile_flags(spec, &text)?;
    if let Some((_, compiles)) = commands.split_last_mut() {
        for c in compiles {
            c.extend(extra.iter().cloned());
        }
    }
    let vars = Vars {
        files: sources.to_vec(),
        entryclass: spec
            .main
            .marker
            .as_deref()
            .and_then(|m| judge_languages::dialect::entry_class(&text, m)),
        package: judge_languages::dialect::package(&text),
        mainfile,
        build: dir.to_path_buf(),
        memory,
        std,
    };
    probe_toolchain(spec)?;
    let argvs = argvs(runner, spec, &commands, &vars, &text, dir)?;
    let (compile_env, run_env) = environments(spec, &vars, dir)?;
    runner.allow(&spec.sandbox);
    let (run, compiles) = argvs.split_last().expect("the run command is always there");
    compile_all(runner, spec, compiles, &compile_env, dir, pin.compiler())?;
    let mut run = run.clone();
    crate::build::dialect::adjust_run(spec, &text, dir, &mut run)?;
    Ok(Program {
        language: spec.language(),
        argv: run,
        env: run_env,
        dir: dir.to_path_buf(),
    })
}

/// The file the program starts from: the one the package pins, or the
/// one the language's rule finds. One that cannot be told is the
/// program's fault, like a source that does not compile: CE, with the
/// reason.
fn entry_point(
    spec: &Spec,
    sources: &[PathBuf],
    dir: &Path,
    pin: &Pin,
) -> Result<PathBuf, BuildError> {
    match &pin.entrypoint {
        Some(name) => sources
            .iter()
            .find(|s| s.file_name().is_some_and(|n| n == name.as_str()))
            .cloned()
            .ok_or_else(|| {
                BuildError::Compile(format!(
                    "{}: submissions.yaml names entry point {name}, which is not one of its {} sources",
                    dir.display(),
                    spec.name
                ))
            }),
        None => spec
            .entry(sources)
            .map_err(|e| BuildError::Compile(format!("{}: {e}", dir.display()))),
    }
}

/// The language's probe, when it has one: a command that must succeed
/// for its toolchain to count as installed, where finding its tools is
/// not proof enough.
fn probe_toolchain(spec: &Spec) -> Result<(), BuildError> {
    match spec.probe_command() {
        Some(probe) if !crate::timeline::probe(&probe) => Err(BuildError::Unavailable(format!(
            "no {} toolchain here (`{}` fails): install {}",
            spec.name,
            probe.join(" "),
            spec.install
        ))),
        _ => Ok(()),
    }
}

/// Every command of the build, run last, ready to start: tools found,
/// placeholders filled, and a compile given the precompiled header its
/// source can use.
fn argvs(
    runner: &Runner,
    spec: &Spec,
    commands: &[Vec<String>],
    vars: &Vars,
    text: &str,
    dir: &Path,
) -> Result<Vec<Vec<String>>, BuildError> {
    let mut argvs = commands
        .iter()
        .map(|words| command(runner, spec, words, vars))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some((_, compiles)) = argvs.split_last_mut() {
        for argv in compiles {
            if let Some(flag) = crate::build::pch::flag(argv, text, dir, SCRATCH) {
                argv.insert(1, flag);
            }
        }
    }
    Ok(argvs)
}

/// The compilers' environment (their `HOME` in the scratch folder, and
/// the language's variables) and the program's own (`run_env`).
fn environments(
    spec: &Spec,
    vars: &Vars,
    dir: &Path,
) -> Result<(Vec<String>, Vec<String>), BuildError> {
    let fill = |env: &[String]| -> Result<Vec<String>, BuildError> {
        env.iter()
            .map(|e| {
                vars.fill(e)
                    .map_err(|e| BuildError::Setup(format!("languages.{}: {e}", spec.id)))
            })
            .collect()
    };
    let mut compile_env = vec![format!("HOME={}", dir.join(SCRATCH).display())];
    compile_env.extend(fill(&spec.env)?);
    let run_env = fill(&spec.run_env)?;
    Ok((compile_env, run_env))
}

/// Runs the compile commands in order, the scratch folder removed after
/// each; a compile error that is the compiler's age, not the source's
/// fault, skips the program instead (see `dialect::too_old`).
fn compile_all(
    runner: &Runner,
    spec: &Spec,
    compiles: &[Vec<String>],
    env: &[String],
    dir: &Path,
    limits: limits::RunLimits,
) -> Result<(), BuildError> {
    for argv in compiles {
        let done = compile_cached(runner, argv.clone(), env, dir, limits);
        let _ = std::fs::remove_dir_all(dir.join(SCRATCH));
        if let Err(BuildError::Compile(log)) = &done
            && let Some(skip) = crate::build::dialect::too_old(spec, &argv[0], log)
        {
            return Err(skip);
        }
        done?;
    }
    Ok(())
}

/// The compilers' scratch folder in a build folder (their `HOME`, Go's
/// and GHC's caches): removed once the program is built, so it is neither
/// cached nor shown to the program.
const SCRATCH: &str = ".cache";

/// Compiles with `argv` in `dir`, or copies in from the run's cache what
/// the same compiler left from the same files before, or what it said
/// when it refused them (a compile stopped at a limit is not kept: that
/// depends on the machine's load).
fn compile_cached(
    runner: &Runner,
    argv: Vec<String>,
    env: &[String],
    dir: &Path,
    limits: limits::RunLimits,
) -> Result<(), BuildError> {
    let cached = runner
        .cache()
        .and_then(|c| Some((c, build_key(c, &argv, env, dir)?)));
    if let Some((cache, key)) = &cached {
        if cache.fetch_build(key, dir) {
            return Ok(());
        }
        if let Some(log) = cache.fetch_refusal(key, dir) {
            return Err(BuildError::Compile(log));
        }
    }
    let before = files_below(dir);
    crate::build::pch::place(
        &argv,
        dir,
        SCRATCH,
        runner.cache(),
        || runner.new_dir("pch").ok(),
        |make, cwd| run_compiler(runner, make, env, cwd, limits).0 == End::Exited(0),
    );
    let (end, log) = run_compiler(runner, argv, env, dir, limits);
    if let (Some((cache, key)), End::Exited(code)) = (&cached, &end)
        && *code != 0
    {
        cache.store_refusal(key, dir, &log);
    }
    judged(end, log, limits)?;
    if let Some((cache, key)) = cached {
        let made: Vec<PathBuf> = files_below(dir)
            .into_iter()
            .filter(|f| !before.contains(f) && !f.starts_with(SCRATCH))
            .collect();
        cache.store_build(&key, dir, &made);
    }
    Ok(())
}

/// The key of a compile: the command, what the compiler says it is, and
/// every file it could read in its folder (sources, headers).
fn build_key(cache: &Cache, argv: &[String], env: &[String], dir: &Path) -> Option<String> {
    let mut key = cache.key("build");
    key.part("argv", portable(argv, dir).as_bytes());
    key.part("env", portable(env, dir).as_bytes());
    key.part("compiler", cache.tool_identity(argv.first()?).as_bytes());
    key.tree("source", dir)?;
    Some(key.finish())
}

/// Every file below `dir`, relative to it (the scratch folder is left
/// out when the key is made: see [`SCRATCH`]).
fn files_below(dir: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .filter_map(|e| e.path().strip_prefix(dir).ok().map(Path::to_path_buf))
        .collect()
}

/// Runs a compiler under `limit` (see [`Pin::compiler`]), its folder
/// writable: how it ended, and its first messages (the CE text).
fn run_compiler(
    runner: &Runner,
    argv: Vec<String>,
    env: &[String],
    dir: &Path,
    limit: limits::RunLimits,
) -> (End, String) {
    let cwd = dir.display().to_string();
    let spec = ProcSpec {
        argv,
        env: with_env(clean_env(&cwd), env),
        cwd: cwd.clone(),
        limits: limit,
        writable: vec![cwd],
        keep: Keep::Head(COMPILE_LOG),
        role: Role::Submission,
    };
    let e = crate::timeline::compiling(|| runner.run(&spec, Path::new("/dev/null")));
    let mut log = String::from_utf8_lossy(&e.stderr_tail).into_owned();
    let out = String::from_utf8_lossy(&e.stdout);
    log.push_str(&out[..out.len().min(COMPILE_LOG)]);
    if e.stderr_tail.len() >= COMPILE_LOG {
        log.push_str(&format!(
            "\n… (compiler output cut at {} KiB)\n",
            COMPILE_LOG >> 10
        ));
    }
    (e.end, log)
}

/// A compile's end as a build result: the compiler's refusal or a limit
/// it hit is a CE with its messages; a compiler that could not start is
/// a setup error.
fn judged(end: End, log: String, limit: limits::RunLimits) -> Result<(), BuildError> {
    let reason = match end {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// `compilation_time` and `compilation_memory` are guarantees: a
    /// package that asks for more than judge gives gets it, one that
    /// asks for less keeps judge's.
    #[test]
    fn a_packages_compile_guarantees_raise_the_compilers_limits_only() {
        let own = limits::compiler();
        assert_eq!(Pin::default().compiler(), own);
        let more = Pin {
            compile_time: Some(own.cpu * 4),
            compile_memory: Some(own.memory * 2),
            ..Pin::default()
        };
        let l = more.compiler();
        assert_eq!(
            (l.cpu, l.wall, l.memory),
            (own.cpu * 4, own.cpu * 8, own.memory * 2)
        );
        let less = Pin {
            compile_time: Some(Duration::from_secs(1)),
            compile_memory: Some(1 << 20),
            ..Pin::default()
        };
        assert_eq!(less.compiler(), own);
    }
}
