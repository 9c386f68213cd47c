//! Grading overhead and throughput.
//!
//! 1. Per-case overhead: judge's process executor (limits, stdout file,
//!    stderr drain, wait4) against a bare fork+exec+wait of the same
//!    trivial binary, measured alternately in the same run so machine noise
//!    hits both alike. Target: judge ≤ 1.5× bare without a sandbox.
//! 2. Throughput: a trivial C submission graded against every case of the
//!    test set, without and with the sandbox.

use std::ffi::CString;
use std::path::Path;
use std::time::{Duration, Instant};

use judge::engine::build;
use judge::engine::case::Grader;
use judge::engine::limits::RunLimits;
use judge::engine::process;
use judge::engine::sandbox::{Sandbox, SandboxMode};
use judge::problem::discover;
use rayon::prelude::*;

const TRIVIAL: &str = "int main(void) { return 0; }\n";
const SPAWNS: usize = 400;

fn bare_fork_exec_wait(path: &CString) {
    let argv = [path.as_ptr(), std::ptr::null()];
    // SAFETY: classic fork/exec/wait; the child only calls async-signal-safe
    // functions (execv, _exit).
    unsafe {
        let pid = libc::fork();
        if pid == 0 {
            libc::execv(path.as_ptr(), argv.as_ptr());
            libc::_exit(127);
        }
        let mut status = 0;
        libc::waitpid(pid, &mut status, 0);
    }
}

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path().join("trivial.c");
    std::fs::write(&src, TRIVIAL).expect("write source");
    let program =
        build::prepare(Some(&src), None, 256 << 20).expect("gcc builds the trivial program");
    let binary = CString::new(program.launch.argv[0].clone()).expect("path");
    let limits = RunLimits::new(Duration::from_secs(1), 256 << 20, 8 << 20);
    let input = Path::new("/dev/null");

    let (mut bare, mut ours) = (Vec::new(), Vec::new());
    for _ in 0..SPAWNS {
        let t = Instant::now();
        bare_fork_exec_wait(&binary);
        bare.push(t.elapsed());
        let t = Instant::now();
        std::hint::black_box(process::run(&program.launch, input, &limits));
        ours.push(t.elapsed());
    }
    let sandbox = Sandbox::detect(SandboxMode::Auto, vec![]).ok().flatten();
    let mut boxed = Vec::new();
    if let Some(sb) = &sandbox {
        let launch = sb.wrap(&program.launch, &program.visible, &limits, 0);
        for _ in 0..SPAWNS / 4 {
            let t = Instant::now();
            std::hint::black_box(process::run(&launch, input, &limits));
            boxed.push(t.elapsed());
        }
    }
    let (b, o) = (median(bare), median(ours));
    println!("per-case spawn cost, trivial C binary (median of {SPAWNS}, interleaved)");
    println!(
        "  {:<34} {:>9.3} ms",
        "bare fork+exec+wait",
        b.as_secs_f64() * 1e3
    );
    println!(
        "  {:<34} {:>9.3} ms   {:.2}x bare (target <= 1.5x)",
        "judge executor, no sandbox",
        o.as_secs_f64() * 1e3,
        o.as_secs_f64() / b.as_secs_f64()
    );
    if !boxed.is_empty() {
        let s = median(boxed);
        println!(
            "  {:<34} {:>9.3} ms   {:.2}x bare",
            "judge executor, bubblewrap sandbox",
            s.as_secs_f64() * 1e3,
            s.as_secs_f64() / b.as_secs_f64()
        );
    } else {
        println!("  (bubblewrap not available: sandbox figures skipped)");
    }

    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let found = discover(&root).expect("problems");
    let cases: Vec<_> = found
        .problems
        .iter()
        .flat_map(|p| p.cases.iter().map(move |c| (p, c)))
        .collect();
    println!(
        "grading throughput, trivial C submission, {} cases, all cores",
        cases.len()
    );
    let modes: Vec<(&str, Option<&Sandbox>)> =
        vec![("no sandbox", None), ("sandbox", sandbox.as_ref())];
    for (name, sb) in modes {
        if name == "sandbox" && sb.is_none() {
            continue;
        }
        let grader = Grader {
            program: &program,
            sandbox: sb,
            limits,
        };
        let t = Instant::now();
        let n = cases
            .par_iter()
            .map(|(p, c)| grader.grade_case(p, c))
            .count();
        let secs = t.elapsed().as_secs_f64();
        println!("  {:<34} {:>9.0} cases/s", name, n as f64 / secs);
    }
}
