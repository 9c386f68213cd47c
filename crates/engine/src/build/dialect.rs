//! Languages as the contest ran them: the choices a build makes beyond
//! the language table's commands, each from what the problem's origin or
//! the source's text says (docs/packages-in-place.md, "Languages as the
//! contest ran them").
//!
//! - `.py` of a package runs with PyPy, as Kattis and problemtools ran
//!   it (`python:` in judge-config.yaml), and the time limit is computed
//!   from those runs.
//! - Python 2 without a shebang is recognised (a Python 2 mark, and for
//!   syntax marks Python 3's parser refusing the file) and run with a
//!   Python 2 interpreter, or skipped naming what to install.
//! - C and C++ get the newest standard the compiler takes (`{std}`).
//! - JavaScript written for SpiderMonkey gets its `readline`/`print`.
//! - Objective-C with Foundation gets GNUstep's flags, or is skipped.
//! - A compile error that says the toolchain is older than the source
//!   needs skips the submission instead of grading it CE.
//!
//! Each is a narrow rule here rather than a special case in the build, so
//! the build reads as the table's commands plus these adjustments.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use judge_languages::{Python, Spec, Table, dialect};

use crate::build::program::BuildError;

/// The language a `.py` file's build uses: `detected` (Python 3 as the
/// table says), or PyPy where the configuration's `python:` and the
/// problem's origin (`package`) say so.
pub(crate) fn prefer(table: &Table, detected: &Spec, package: bool) -> Spec {
    if detected.id != "python3" {
        return detected.clone();
    }
    let Some(pypy) = table.get("pypy3") else {
        return detected.clone();
    };
    let installed = || {
        pypy.tools().iter().all(|t| {
            judge_languages::alternatives(t)
                .iter()
                .any(|n| crate::toolchain::which(n).is_some())
        })
    };
    match table.python().pypy(package, installed) {
        true => pypy.clone(),
        false => detected.clone(),
    }
}

/// The note a package's problem gets about how its `.py` ran, given the
/// languages its submissions were built in: once, and only for a package
/// (judge's own layout is CPython, as configured, and needs no word).
pub(crate) fn python_note<'a>(
    problem: &crate::problem::Problem,
    languages: impl Iterator<Item = &'a str>,
) -> Option<String> {
    problem.origin.as_ref()?;
    let table = judge_languages::table();
    let name = |id: &str| table.get(id).map(|s| s.name.clone()).unwrap_or_default();
    let (pypy, cpython) = (name("pypy3"), name("python3"));
    let mut seen = (false, false);
    for l in languages {
        seen.0 |= l == pypy;
        seen.1 |= l == cpython;
    }
    match seen {
        (true, _) => Some(format!(
            "{}: .py ran with PyPy 3, as Kattis runs it (python: cpython in judge-config.yaml runs CPython)",
            problem.id
        )),
        (false, true) if table.python() == Python::Auto => Some(format!(
            "{}: .py ran with CPython: PyPy 3 is not installed here, and Kattis runs .py with PyPy, so times (and the computed time limit) may differ (install pypy3)",
            problem.id
        )),
        _ => None,
    }
}

/// Whether `spec` runs Python 3 (CPython or PyPy): the languages whose
/// refusal of a Python 2 file is not the file's fault.
pub(crate) fn runs_python3(spec: &Spec) -> bool {
    matches!(spec.id.as_str(), "python3" | "pypy3")
}

/// The first Python 2 mark of `sources`, with the file it is in when
/// there are several.
pub(crate) fn python2(sources: &[PathBuf]) -> Option<(dialect::Python2, String)> {
    sources.iter().find_map(|f| {
        let text = std::fs::read_to_string(f).ok()?;
        let mark = dialect::python2(&text)?;
        let place = match sources.len() {
            1 => format!("line {}", mark.line),
            _ => format!(
                "{} line {}",
                f.file_name().unwrap_or_default().to_string_lossy(),
                mark.line
            ),
        };
        Some((mark, place))
    })
}

/// Why a Python 2 program cannot run here, in words.
pub(crate) fn python2_unavailable(mark: &dialect::Python2, place: &str) -> BuildError {
    BuildError::Unavailable(format!(
        "Python 2 ({}, {place}), no Python 2 interpreter here: install python2 or pypy",
        mark.what
    ))
}

/// The newest of `spec.standards` that `compiler` accepts, probed once
/// per compiler and list (the probe is cached): `None` when the entry
/// has none, or the compiler takes none of them (then the build fails
/// naming `{std}`, which says where to look).
pub(crate) fn standard(spec: &Spec, compiler: &str) -> Option<String> {
    let lang = match spec.extensions.first().map(String::as_str) {
        Some("c") => "c",
        _ => "c++",
    };
    spec.standards.iter().find_map(|std| {
        let argv: Vec<String> = [
            compiler,
            &format!("-std={std}"),
            "-fsyntax-only",
            "-x",
            lang,
            "/dev/null",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        crate::timeline::probe(&argv).then(|| std.clone())
    })
}

/// What a SpiderMonkey program gets that Node lacks: `readline()` (one
/// line of standard input without its end, `null` at its end), `print()`
/// (its arguments joined by spaces, and a new line) and `putstr()`.
const SPIDERMONKEY: &str = r#"// judge: SpiderMonkey's shell globals, for a program written for it.
'use strict';
const fs = require('fs');
let lines = null;
let at = 0;
globalThis.readline = function () {
  if (lines === null) {
    lines = fs.readFileSync(0, 'utf8').split('\n');
    if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  }
  return at < lines.length ? lines[at++].replace(/\r$/, '') : null;
};
globalThis.print = function (...args) { process.stdout.write(args.join(' ') + '\n'); };
globalThis.putstr = function (...args) { process.stdout.write(args.join(' ')); };
"#;

/// The prelude's file name in the build folder.
const PRELUDE: &str = ".spidermonkey.js";

/// How the run command changes for `spec`'s program whose entry point is
/// `text`: a SpiderMonkey program runs under Node with the prelude
/// loaded first (`--require`, written into the build folder `dir`).
pub(crate) fn adjust_run(
    spec: &Spec,
    text: &str,
    dir: &Path,
    run: &mut Vec<String>,
) -> Result<(), BuildError> {
    if spec.id == "javascript" && dialect::spidermonkey(text) && !run.is_empty() {
        let prelude = dir.join(PRELUDE);
        std::fs::write(&prelude, SPIDERMONKEY)
            .map_err(|e| BuildError::Setup(format!("{}: cannot write: {e}", prelude.display())))?;
        run.splice(
            1..1,
            ["--require".to_string(), prelude.display().to_string()],
        );
    }
    Ok(())
}

/// Flags the compile commands of `spec` get for a source `text`:
/// Objective-C that imports Foundation gets GNUstep's, as problemtools
/// compiles it; without GNUstep the submission cannot be built here
/// (skipped, not CE).
pub(crate) fn compile_flags(spec: &Spec, text: &str) -> Result<Vec<String>, BuildError> {
    if spec.id != "objectivec" || !dialect::foundation(text) {
        return Ok(Vec::new());
    }
    let unavailable = || {
        BuildError::Unavailable(
            "Objective-C with Foundation needs GNUstep (install gnustep-devel)".into(),
        )
    };
    let exe = crate::toolchain::which("gnustep-config").ok_or_else(unavailable)?;
    let out = std::process::Command::new(exe)
        .arg("--objc-flags")
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|_| unavailable())?;
    if !out.status.success() {
        return Err(unavailable());
    }
    let mut flags: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        // Its include paths of the current folder and the user's home
        // are the machine's, not the program's.
        .filter(|f| *f != "-I." && !f.starts_with("-I/root") && !f.starts_with("-I/home"))
        .map(String::from)
        .collect();
    flags.push("-lgnustep-base".into());
    Ok(flags)
}

/// The first line of what `tool --version` (or the entry's `version`
/// command) prints, cached per command; `None` when it does not run.
fn version(spec: &Spec, exe: &str) -> Option<String> {
    static CACHE: OnceLock<Mutex<HashMap<Vec<String>, Option<String>>>> = OnceLock::new();
    let mut argv = spec.version_command();
    if argv.is_empty() {
        return None;
    }
    argv[0] = exe.to_string();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(v) = cache.lock().ok().and_then(|c| c.get(&argv).cloned()) {
        return v;
    }
    // kotlinc says `info: kotlinc-jvm 1.3.31 (JRE …)`.
    let found = crate::build::toolchains::version_line(&argv)
        .map(|l| l.trim_start_matches("info:").trim().to_string());
    if let Ok(mut c) = cache.lock() {
        c.insert(argv, found.clone());
    }
    found
}

/// A compile error that is the toolchain's age, not the source's fault:
/// the compiler's version is known, and its message holds one of the
/// entry's `too_old` phrases. Then the submission is skipped with the
/// version and the compiler's line; otherwise it stays CE.
pub(crate) fn too_old(spec: &Spec, compiler: &str, log: &str) -> Option<BuildError> {
    let lower = log.to_lowercase();
    let phrase = spec
        .too_old
        .iter()
        .find(|p| lower.contains(&p.to_lowercase()))?;
    let version = version(spec, compiler)?;
    let line = log
        .lines()
        .find(|l| l.to_lowercase().contains(&phrase.to_lowercase()))
        .unwrap_or(phrase)
        .trim();
    Some(BuildError::Unavailable(format!(
        "toolchain too old: {version} here, and the compiler says: {line}"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(id: &str) -> Spec {
        judge_languages::Table::builtin().get(id).unwrap().clone()
    }

    #[test]
    fn pypy_runs_python_of_packages_only_in_auto() {
        let t = Table::builtin();
        let py = spec("python3");
        let pypy_here = crate::toolchain::which("pypy3").is_some();
        assert_eq!(prefer(&t, &py, false).id, "python3");
        assert_eq!(
            prefer(&t, &py, true).id,
            if pypy_here { "pypy3" } else { "python3" }
        );
        let forced = t.clone().with_python(Python::Pypy);
        assert_eq!(prefer(&forced, &py, false).id, "pypy3");
        let never = t.clone().with_python(Python::Cpython);
        assert_eq!(prefer(&never, &py, true).id, "python3");
        // Other languages are what they are.
        assert_eq!(prefer(&forced, &spec("cpp"), true).id, "cpp");
    }

    #[test]
    fn a_too_old_message_needs_a_phrase_and_a_known_version() {
        let java = spec("java");
        let log = "A.java:3: error: records are not supported in -source 11\n  (use -source 16 or higher to enable records)\n";
        let plain = "A.java:3: error: ';' expected\n";
        assert!(
            too_old(&java, "/nonexistent/javac", log).is_none(),
            "no version, no skip"
        );
        if let Some(javac) = crate::toolchain::which("javac") {
            let javac = javac.display().to_string();
            match too_old(&java, &javac, log) {
                Some(BuildError::Unavailable(why)) => {
                    assert!(why.starts_with("toolchain too old: javac "), "{why}");
                    assert!(why.contains("or higher to enable records"), "{why}");
                }
                other => panic!("{other:?}"),
            }
            assert!(too_old(&java, &javac, plain).is_none());
        }
    }

    #[test]
    fn the_newest_standard_the_compiler_takes_is_chosen() {
        let Some(gpp) = crate::toolchain::which("g++") else {
            return;
        };
        let gpp = gpp.display().to_string();
        let cpp = spec("cpp");
        let std = standard(&cpp, &gpp).expect("g++ takes one of them");
        assert!(cpp.standards.contains(&std), "{std}");
        let mut made_up = cpp.clone();
        made_up.standards = vec!["gnu++99x".into(), "gnu++17".into()];
        assert_eq!(standard(&made_up, &gpp).as_deref(), Some("gnu++17"));
    }

    #[test]
    fn spidermonkey_programs_get_the_prelude_on_the_run_command() {
        let dir = tempfile::tempdir().unwrap();
        let js = spec("javascript");
        let mut run = vec!["/usr/bin/node".to_string(), "main.js".to_string()];
        adjust_run(&js, "print(readline());", dir.path(), &mut run).unwrap();
        assert_eq!(run[1], "--require");
        assert!(dir.path().join(PRELUDE).is_file());
        let mut plain = vec!["/usr/bin/node".to_string(), "main.js".to_string()];
        adjust_run(&js, "console.log(1)", dir.path(), &mut plain).unwrap();
        assert_eq!(plain.len(), 2);
    }

    #[test]
    fn foundation_without_gnustep_is_unavailable_not_a_compile_error() {
        let objc = spec("objectivec");
        let text = "#import <Foundation/Foundation.h>\nint main(void) { return 0; }\n";
        match compile_flags(&objc, text) {
            Ok(flags) => assert!(flags.contains(&"-lgnustep-base".to_string())),
            Err(BuildError::Unavailable(why)) => {
                assert!(crate::toolchain::which("gnustep-config").is_none());
                assert_eq!(
                    why,
                    "Objective-C with Foundation needs GNUstep (install gnustep-devel)"
                );
            }
            Err(e) => panic!("{e}"),
        }
        assert!(
            compile_flags(&objc, "#import <stdio.h>\n")
                .unwrap()
                .is_empty()
        );
    }
}
