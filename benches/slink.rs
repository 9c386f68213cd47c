//! Slink solve time per 20×20 puzzle (target: under 5 ms each, one core).
//!
//! Times the reference solver, one puzzle at a time on this thread, on every
//! 20×20 puzzle in `problems/slink/cases` (the contest's one and the
//! generated ones) plus fresh generated ones, and prints the median and the
//! worst. Each puzzle is solved several times and its best time kept, so a
//! stray scheduler hiccup on the shared machine does not count as the
//! solver's worst case. Solving includes the uniqueness proof (the search
//! for a second loop), since that is what `judge` runs.

use std::path::Path;
use std::time::{Duration, Instant};

use judge::rng::Rng;
use judge::solvers::slink::{Puzzle, generate, parse, solve};

const TARGET: Duration = Duration::from_millis(5);
const REPEATS: usize = 5;

fn collect(dir: &Path, out: &mut Vec<(String, Puzzle)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "in") {
            let text = std::fs::read_to_string(&path).expect("readable case");
            let puzzles = parse::parse(&text).expect("committed cases are valid");
            for (k, p) in puzzles.into_iter().enumerate() {
                if p.rows == 20 && p.cols == 20 {
                    let shown = path
                        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
                        .unwrap_or(&path);
                    out.push((format!("{} #{}", shown.display(), k + 1), p));
                }
            }
        }
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut puzzles = Vec::new();
    collect(&root.join("problems/slink/cases"), &mut puzzles);
    let committed = puzzles.len();
    let mut rng = Rng::new(20_07);
    let mut styles = generate::STYLES.iter().cycle();
    while puzzles.len() < committed + 200 {
        let style = *styles.next().unwrap_or(&generate::Style::Blob);
        if let Some((p, _)) = generate::unique_puzzle(&mut rng, 20, 20, style) {
            puzzles.push((
                format!("fresh {style:?} #{}", puzzles.len() - committed + 1),
                p,
            ));
        }
    }
    let mut slowest_run = Duration::ZERO;
    let mut times: Vec<(Duration, &str)> = puzzles
        .iter()
        .map(|(name, p)| {
            let runs: Vec<Duration> = (0..REPEATS)
                .map(|_| {
                    let start = Instant::now();
                    let found = solve::unique_loop(std::hint::black_box(p));
                    let t = start.elapsed();
                    assert!(found.is_ok(), "{name}: {found:?}");
                    t
                })
                .collect();
            slowest_run = slowest_run.max(runs.iter().copied().max().unwrap_or_default());
            (runs.into_iter().min().unwrap_or_default(), name.as_str())
        })
        .collect();
    times.sort();
    let median = times[times.len() / 2].0;
    let (worst, worst_name) = times[times.len() - 1];
    let over = times.iter().filter(|(t, _)| *t >= TARGET).count();
    let wide = 22;
    println!("slink: 20×20 puzzles solved one at a time (best of {REPEATS} runs each)");
    println!("  {:<wide$}{:>10}", "puzzles (committed)", committed);
    println!(
        "  {:<wide$}{:>10}",
        "puzzles (fresh)",
        times.len() - committed
    );
    println!(
        "  {:<wide$}{:>10.3} ms",
        "median",
        median.as_secs_f64() * 1e3
    );
    println!(
        "  {:<wide$}{:>10.3} ms   ({worst_name})",
        "worst",
        worst.as_secs_f64() * 1e3
    );
    println!(
        "  {:<wide$}{:>10.3} ms",
        "slowest single run",
        slowest_run.as_secs_f64() * 1e3
    );
    println!(
        "  {:<wide$}{:>10.3} ms",
        "target",
        TARGET.as_secs_f64() * 1e3
    );
    println!("  {:<wide$}{:>10}", "over target", over);
}
