//! The language table's promise (crates/languages/languages.yaml): every
//! shipped language builds and runs inside the sandbox under a 256 MiB
//! memory limit, and runtimes with heaps and threads of their own (JVM,
//! Go, Node) end as MLE or TLE at a limit, not as RE. A table entry is
//! only data, so nothing but running a real program through it shows that
//! its compiler finds its libraries and configuration in the sandbox's
//! allow-list view, or that its runtime starts within the limits.
//!
//! Every program here echoes its input (`testdata/languages/echo`), so a
//! verdict other than AC is the toolchain's or judge's fault, never the
//! program's logic.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::common::{Run, judge_in, read_report, root};
use judge::report::Report;
use judge::verdict::Verdict;

/// One shipped language and its echo program.
struct Lang {
    id: &'static str,
    /// Under `testdata/languages/programs/`.
    program: &'static str,
    /// Programs that must be on `.ci/deps.txt` and installed for it to run.
    tools: &'static [&'static str],
    /// Installed by CI (`apt` in .ci/deps.txt), so it must not skip there.
    in_ci: bool,
    /// What the report must call the detected language.
    name: &'static str,
}

const fn lang(
    id: &'static str,
    program: &'static str,
    tools: &'static [&'static str],
    in_ci: bool,
    name: &'static str,
) -> Lang {
    Lang {
        id,
        program,
        tools,
        in_ci,
        name,
    }
}

/// GCC's Objective-C front end: `gcc` alone does not prove it is there.
const CC1OBJ: &str = "/usr/lib/gcc/x86_64-linux-gnu/12/cc1obj";

const LANGUAGES: &[Lang] = &[
    lang("c", "echo.c", &["gcc"], true, "C"),
    lang("cpp", "echo.cpp", &["g++"], true, "C++"),
    lang("rust", "echo.rs", &["rustc"], true, "Rust"),
    lang("java", "Echo.java", &["javac", "java"], true, "Java"),
    lang("python3", "echo.py", &["python3"], true, "Python 3"),
    lang("shell", "echo.sh", &["bash"], true, "Shell"),
    lang("go", "echo.go", &["go"], true, "Go"),
    lang("csharp", "Echo.cs", &["mcs", "mono"], true, "C#"),
    lang("javascript", "echo.js", &["node"], true, "JavaScript"),
    lang("lisp", "echo.lisp", &["sbcl"], true, "Common Lisp"),
    lang(
        "objectivec",
        "echo.m",
        &["gcc", CC1OBJ],
        true,
        "Objective-C",
    ),
    lang("pascal", "echo.pas", &["fpc"], true, "Pascal"),
    lang("php", "echo.php", &["php"], true, "PHP"),
    lang("prolog", "echo.pl", &["swipl"], true, "Prolog"),
    lang("ruby", "echo.rb", &["ruby"], true, "Ruby"),
    // A `.py` is detected as CPython; PyPy runs it through a configuration
    // that changes the run command (see `grade_echo`).
    lang("pypy3", "echo.py", &["pypy3"], true, "Python 3"),
    lang("haskell", "echo.hs", &["ghc"], false, "Haskell"),
    lang("ocaml", "echo.ml", &["ocamlopt"], false, "OCaml"),
    lang("kotlin", "echo.kt", &["kotlinc", "kotlin"], false, "Kotlin"),
    lang("scala", "Echo.scala", &["scalac", "scala"], false, "Scala"),
    // Its `#!` line, not its extension, makes it Python 2.
    lang("python2", "echo2.py", &["python2"], false, "Python 2"),
];

fn programs() -> PathBuf {
    root().join("testdata/languages/programs")
}

/// Whether every one of `tools` is installed; a missing one is reported by
/// [`crate::tools::tool`] (skipped, or a failure under CI for `apt` ones).
fn installed(tools: &[&str], test: &str) -> bool {
    tools.iter().all(|t| crate::tools::tool(t, test).is_some())
}

/// An extra's absence shown past the harness's capture, as `tool` does:
/// CI never installs extras, so this is not a failure there.
fn skipped(test: &str, why: &str) {
    let _ = writeln!(std::io::stderr().lock(), "SKIPPED {test}: {why}");
}

/// The outcome of one `judge grade` of the echo problem.
struct Graded {
    run: Run,
    /// None when judge wrote none (a setup error, exit 2).
    report: Option<Report>,
}

/// Grades on the echo problem, sandboxed with a 256 MiB limit (unless
/// `args` give one). `global`
/// goes before the subcommand, `args` after `grade echo`.
fn grade_in(cwd: &Path, global: &[&str], args: &[&str]) -> Graded {
    let reports = tempfile::tempdir().unwrap();
    let problems = root().join("testdata/languages");
    let mut all: Vec<&str> = vec!["--problems", problems.to_str().unwrap()];
    all.extend_from_slice(global);
    all.extend_from_slice(&["grade", "echo"]);
    all.extend_from_slice(args);
    let reports_arg = reports.path().to_str().unwrap();
    if !args.contains(&"--memory-limit") {
        all.extend_from_slice(&["--memory-limit", "256MiB"]);
    }
    all.extend_from_slice(&["--sandbox", "on", "--report-dir", reports_arg]);
    let run = judge_in(cwd, &all, None);
    let report = reports
        .path()
        .join("report.yaml")
        .exists()
        .then(|| read_report(reports.path()));
    Graded { run, report }
}

/// Grades the echo program of `lang` (PyPy through its configuration).
fn grade_echo(lang: &Lang, config_dir: &Path) -> Graded {
    let program = programs().join(lang.program);
    let program = program.to_str().unwrap();
    if lang.id != "pypy3" {
        return grade_in(&root(), &[], &[program]);
    }
    let config = config_dir.join("judge-config.yaml");
    std::fs::write(
        &config,
        "languages:\n  python3:\n    run: pypy3 {mainfile}\n",
    )
    .unwrap();
    grade_in(&root(), &["--config", config.to_str().unwrap()], &[program])
}

/// The verdict of every case, as `group/name VERDICT`.
fn verdicts(report: &Report) -> Vec<String> {
    report.problems[0]
        .cases
        .iter()
        .map(|c| format!("{}/{} {}", c.group, c.name, c.verdict))
        .collect()
}

/// Ok when the run exited 0 with every case AC (and, when `name` is given,
/// the language detected as `name`); else what went wrong, with judge's
/// whole output.
fn accepted(what: &str, graded: &Graded, name: Option<&str>) -> Result<(), String> {
    let fail = |why: String| Err(format!("{what}: {why}\n{}", graded.run.all()));
    let Some(report) = &graded.report else {
        return fail("no report".into());
    };
    let all_ac = report.problems[0]
        .cases
        .iter()
        .all(|c| c.verdict == Verdict::Accepted);
    if graded.run.code != 0 || !all_ac || report.problems[0].cases.is_empty() {
        return fail(format!("verdicts {:?}", verdicts(report)));
    }
    let language = report.problems[0].language.as_deref();
    if name.is_some() && language != name {
        return fail(format!("detected as {language:?}, not {name:?}"));
    }
    Ok(())
}

/// Asserts that `failures` is empty, listing every one of them.
fn assert_none(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_shipped_language_echoes_in_the_sandbox() {
    const TEST: &str = "every_shipped_language_echoes_in_the_sandbox";
    if !crate::common::sandbox(TEST) {
        return;
    }
    // The table and .ci/deps.txt must agree on what CI installs, or a
    // language CI lacks would fail here instead of skipping (or one it has
    // would skip unnoticed).
    for lang in LANGUAGES {
        for tool in lang.tools {
            let source = &crate::tools::dep(tool).source;
            assert_eq!(
                lang.in_ci,
                source != "extra",
                "{}: `{tool}` is `{source}` in .ci/deps.txt",
                lang.id
            );
        }
    }
    let scratch = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    // One after another: each compiler already uses several cores, and a
    // single run then shows every broken language at once.
    for lang in LANGUAGES {
        let test = format!("{TEST} ({})", lang.id);
        if !installed(lang.tools, &test) {
            continue;
        }
        let graded = grade_echo(lang, scratch.path());
        // A tool can be on PATH and still not work (a pyenv shim for a
        // version that is not installed): judge's probe says so.
        if !lang.in_ci && graded.run.code == 2 && graded.run.all().contains("toolchain here") {
            skipped(&test, graded.run.stderr.trim());
            continue;
        }
        if let Err(e) = accepted(lang.id, &graded, Some(lang.name)) {
            failures.push(e);
        }
    }
    assert_none(&failures);
}

#[test]
fn multi_file_programs_find_their_entry_point() {
    const TEST: &str = "multi_file_programs_find_their_entry_point";
    if !crate::common::sandbox(TEST) {
        return;
    }
    let mut failures = Vec::new();
    // Each folder's entry point is one a wrong rule would miss: a Java main
    // class not called Main, a Python main.py beside a module it imports,
    // C whose main() calls a function of the other file.
    for (folder, tools, name) in [
        ("multi-java", &["javac", "java"][..], "Java"),
        ("multi-py", &["python3"][..], "Python 3"),
        ("multi-c", &["gcc"][..], "C"),
    ] {
        if !installed(tools, &format!("{TEST} ({folder})")) {
            continue;
        }
        let program = programs().join(folder);
        let graded = grade_in(&root(), &[], &[program.to_str().unwrap()]);
        if let Err(e) = accepted(folder, &graded, Some(name)) {
            failures.push(e);
        }
    }
    assert_none(&failures);
}

#[test]
fn managed_runtimes_get_mle_and_tle() {
    const TEST: &str = "managed_runtimes_get_mle_and_tle";
    if !crate::common::sandbox(TEST) {
        return;
    }
    let mut failures = Vec::new();
    // These runtimes cap their own heap at the memory limit and reserve far
    // more address space than they use: hitting the limit must still read
    // as MLE (not an OutOfMemoryError exit taken for RE), and a busy loop
    // as TLE although their helper threads add CPU time.
    for (id, tools, hog, busy) in [
        ("java", &["javac", "java"][..], "Hog.java", "Busy.java"),
        ("go", &["go"][..], "hog.go", "busy.go"),
        ("javascript", &["node"][..], "hog.js", "busy.js"),
    ] {
        if !installed(tools, &format!("{TEST} ({id})")) {
            continue;
        }
        for (program, limits, want) in [
            // Time enough that a busy machine reclaiming memory at the
            // cgroup's edge cannot turn the hog into a wall-clock TLE.
            (hog, &["--time-limit", "10s"][..], Verdict::MemoryLimit),
            // With room to spare, a JVM's heap (-Xmx = the limit) fills
            // before the cgroup does: its OutOfMemoryError is MLE too.
            (
                hog,
                &["--memory-limit", "1GiB", "--time-limit", "10s"][..],
                Verdict::MemoryLimit,
            ),
            (busy, &["--time-limit", "1s"][..], Verdict::TimeLimit),
        ] {
            let path = programs().join(program);
            let mut args = vec![path.to_str().unwrap()];
            args.extend_from_slice(limits);
            let graded = grade_in(&root(), &[], &args);
            let first = graded
                .report
                .as_ref()
                .and_then(|r| r.problems[0].cases.first())
                .map(|c| c.verdict);
            if graded.run.code != 1 || first != Some(want) {
                failures.push(format!(
                    "{id} {program}: first case {first:?}, expected {want}\n{}",
                    graded.run.all()
                ));
            }
        }
    }
    assert_none(&failures);
}

#[test]
fn cmd_with_an_absolute_path_runs_in_the_sandbox() {
    const TEST: &str = "cmd_with_an_absolute_path_runs_in_the_sandbox";
    if !crate::common::sandbox(TEST) || crate::tools::tool("python3", TEST).is_none() {
        return;
    }
    // A folder the sandbox does not show by default (its /tmp is private):
    // judge must make the file the command names visible.
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("echo.py");
    std::fs::copy(programs().join("echo.py"), &script).unwrap();
    let cmd = format!("python3 {}", script.display());
    let graded = grade_in(&root(), &[], &["--cmd", &cmd]);
    if let Err(e) = accepted(&cmd, &graded, None) {
        panic!("{e}");
    }
}

/// A program named relative to judge's working folder, not the problem's
/// or the scratch folder a `--cmd` starts in.
const RELATIVE: &str = "./relative/bin";

#[test]
fn cmd_with_a_relative_path_runs_in_the_sandbox() {
    const TEST: &str = "cmd_with_a_relative_path_runs_in_the_sandbox";
    if !crate::common::sandbox(TEST) {
        return;
    }
    let Some(gcc) = crate::tools::tool("gcc", TEST) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("relative")).unwrap();
    let built = std::process::Command::new(gcc)
        .arg("-O2")
        .arg("-o")
        .arg(dir.path().join(RELATIVE))
        .arg(programs().join("echo.c"))
        .output()
        .unwrap();
    assert!(built.status.success(), "{built:?}");
    let graded = grade_in(dir.path(), &[], &["--cmd", RELATIVE]);
    if let Err(e) = accepted(RELATIVE, &graded, None) {
        panic!("{e}");
    }
}

/// A problem's own program gets its language's `run_env` as a submission
/// does: a reference (or checker) in Go runs with `GOMEMLIMIT` sized from
/// the problem's `checker_memory`. It once ran without it, its runtime
/// then sizing its heap by itself.
#[test]
fn a_reference_in_go_runs_with_its_languages_environment() {
    const TEST: &str = "a_reference_in_go_runs_with_its_languages_environment";
    if !crate::common::sandbox(TEST) || !installed(&["go"], TEST) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("problems/goenv");
    std::fs::create_dir_all(problem.join("cases/secret")).unwrap();
    let write = |name: &str, text: &str| std::fs::write(problem.join(name), text).unwrap();
    write(
        "problem.yaml",
        "name: Go environment\nreference: reference.go\n\
         limits: {time: 2s, memory: 256MiB, output: 1MiB, checker_memory: 1GiB}\n",
    );
    write(
        "reference.go",
        "package main\n\nimport \"os\"\n\nfunc main() {\n\
         \tos.Stdout.WriteString(\"GOMEMLIMIT=\" + os.Getenv(\"GOMEMLIMIT\") + \"\\n\")\n}\n",
    );
    write("cases/secret/a.in", "1\n");
    write("cases/secret/a.out", "GOMEMLIMIT=1024MiB\n");
    let problems = dir.path().join("problems");
    let reports = dir.path().join("reports");
    let run = judge_in(
        dir.path(),
        &[
            "--problems",
            problems.to_str().unwrap(),
            "--no-cache",
            "check",
            "--sandbox",
            "on",
            "--report-dir",
            reports.to_str().unwrap(),
        ],
        None,
    );
    let report = read_report(&reports);
    let case = &report.problems[0].cases[0];
    assert_eq!(
        case.verdict,
        Verdict::Accepted,
        "{:?}\n{}",
        case.message,
        run.all()
    );
}
