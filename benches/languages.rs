//! What starting each language costs per case, next to `/bin/cat`.
//!
//! A test set of a few hundred cases pays a runtime's start-up once per
//! case: a JVM or Mono start can cost more than the solution. This
//! benchmark builds the echo program of every installed language
//! (`testdata/languages/programs`) once, then grades it on the echo
//! problem's one-line sample, round after round, interleaved with `cat` so
//! that the machine's drift hits every language alike. Printed per
//! language: the build time, and the median wall and CPU time of one case
//! (sandboxed when a sandbox works here), with its ratio to `cat`'s.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use judge::engine::build::tools::Tools;
use judge::engine::build::{self, Language, Program};
use judge::engine::execute::runner::{Runner, RunnerOptions};
use judge::engine::judging::grader::Grader;
use judge::engine::sandbox::SandboxMode;
use judge::engine::time::limits::RunLimits;
use judge::problem::load_problem;

const ROUNDS: usize = 15;

/// Each language's echo program.
const PROGRAMS: [(&str, &str); 20] = [
    ("c", "echo.c"),
    ("cpp", "echo.cpp"),
    ("rust", "echo.rs"),
    ("go", "echo.go"),
    ("pascal", "echo.pas"),
    ("ocaml", "echo.ml"),
    ("objectivec", "echo.m"),
    ("haskell", "echo.hs"),
    ("csharp", "Echo.cs"),
    ("java", "Echo.java"),
    ("kotlin", "echo.kt"),
    ("scala", "Echo.scala"),
    ("javascript", "echo.js"),
    ("lisp", "echo.lisp"),
    ("ruby", "echo.rb"),
    ("php", "echo.php"),
    ("prolog", "echo.pl"),
    ("shell", "echo.sh"),
    ("python3", "echo.py"),
    ("python2", "echo2.py"),
];

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let programs = root.join("testdata/languages/programs");
    judge::solvers::install();
    let problem = load_problem("echo", &root.join("testdata/languages/echo"))
        .expect("the echo problem loads");
    let case = problem
        .cases
        .iter()
        .find(|c| c.group == "sample")
        .expect("a sample case");
    let runner = |mode| {
        Runner::new(RunnerOptions {
            mode,
            exe: PathBuf::from(env!("CARGO_BIN_EXE_judge")),
            workers: 1,
            allow: Vec::new(),
            tools: Vec::new(),
        })
        .ok()
        .filter(|r| mode == SandboxMode::Off || r.sandboxed())
    };
    let runner = runner(SandboxMode::On)
        .or_else(|| runner(SandboxMode::Off))
        .expect("a runner");
    let tools = Tools::new(&problem, Some(&runner));
    let limits = RunLimits::new(Duration::from_secs(10), 256 << 20, 1 << 20);
    let mut built: Vec<(String, Program, Duration)> = vec![(
        "cat (baseline)".into(),
        Program {
            language: Language::executable(),
            argv: vec!["/bin/cat".into()],
            env: Vec::new(),
            dir: std::env::temp_dir(),
        },
        Duration::ZERO,
    )];
    let mut missing = Vec::new();
    for (id, file) in PROGRAMS {
        let path = programs.join(file);
        if !Path::new(&path).is_file() {
            missing.push(format!("{id} (no {file})"));
            continue;
        }
        let t = Instant::now();
        match build::prepare(&runner, Some(&path), None, limits.memory) {
            Ok(p) if p.language.id == id => built.push((p.language.name.clone(), p, t.elapsed())),
            Ok(p) => missing.push(format!("{id} (built as {})", p.language.id)),
            Err(e) => missing.push(format!(
                "{id} ({})",
                e.to_string().lines().next().unwrap_or("")
            )),
        }
    }
    // PyPy: the same Python 3 file, run by pypy3 through `--cmd` (which
    // takes PyPy's limits and copies the file in) where it is installed.
    if judge::engine::toolchain::resolve("pypy3").is_some() {
        let cmd = format!("pypy3 {}", programs.join("echo.py").display());
        let t = Instant::now();
        match build::prepare(&runner, None, Some(&cmd), limits.memory) {
            Ok(p) => built.push((p.language.name.clone(), p, t.elapsed())),
            Err(e) => missing.push(format!("pypy3 ({e})")),
        }
    }
    let mut wall: Vec<Vec<Duration>> = vec![Vec::new(); built.len()];
    let mut cpu: Vec<Vec<Duration>> = vec![Vec::new(); built.len()];
    for _ in 0..ROUNDS {
        for (i, (name, program, _)) in built.iter().enumerate() {
            let limits = RunLimits {
                address_space: if program.language.managed {
                    None
                } else {
                    limits.address_space
                },
                processes: if program.language.managed {
                    512
                } else {
                    limits.processes
                },
                ..limits
            };
            let grader = Grader::submission(&tools, &runner, program, limits);
            let r = grader.grade_case(case);
            assert!(
                r.verdict.is_pass(),
                "{name}: {:?} {:?}",
                r.verdict,
                r.message
            );
            wall[i].push(Duration::from_secs_f64(r.time_ms / 1e3));
            cpu[i].push(Duration::from_secs_f64(r.cpu_ms.unwrap_or(0.0) / 1e3));
        }
    }
    let base = ms(median(wall[0].clone())).max(0.01);
    println!(
        "language start-up per case ({}, median of {ROUNDS} interleaved rounds, one-line echo):",
        if runner.sandboxed() {
            "sandboxed"
        } else {
            "no sandbox"
        }
    );
    println!(
        "  {:<18} {:>9} {:>10} {:>9} {:>8}",
        "language", "build", "wall/case", "cpu/case", "× cat"
    );
    let mut rows: Vec<usize> = (0..built.len()).collect();
    rows.sort_by(|a, b| median(wall[*a].clone()).cmp(&median(wall[*b].clone())));
    for i in rows {
        let (name, _, build) = &built[i];
        let w = ms(median(wall[i].clone()));
        println!(
            "  {:<18} {:>7.0}ms {:>8.1}ms {:>7.1}ms {:>7.1}×",
            name,
            ms(*build),
            w,
            ms(median(cpu[i].clone())),
            w / base
        );
    }
    if !missing.is_empty() {
        println!("  not measured: {}", missing.join("; "));
    }
}
