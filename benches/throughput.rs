//! Reference-check throughput: how many cases per second `judge check` gets
//! through, for the whole test set and per problem.
//!
//! Machines here are noisy, so every figure is printed next to a baseline
//! measured in the same run: the cost of just reading each case's input and
//! expected output. The interesting number is the ratio.

use std::time::{Duration, Instant};

use judge::engine::build::tools::Tools;
use judge::engine::illustrate::Wanted;
use judge::engine::pass::check::reference::Reference;
use judge::package::discover;
use judge::problem::Case;
use rayon::prelude::*;

const ROUNDS: usize = 3;

/// Best of a few rounds: the least disturbed measurement.
fn best<F: FnMut()>(mut f: F) -> Duration {
    (0..ROUNDS)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn read_only(cases: &[(&Reference, &Case)]) {
    for (_, c) in cases {
        let a = std::fs::read(&c.input).map(|b| b.len()).unwrap_or(0);
        let b = c
            .answer
            .as_ref()
            .and_then(|p| std::fs::read(p).ok())
            .map_or(0, |b| b.len());
        std::hint::black_box(a + b);
    }
}

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    judge::solvers::install();
    let found = discover(&root).expect("problems folder");
    // The problems here have in-crate references: nothing to build or run.
    let tools: Vec<Tools> = found.problems.iter().map(|p| Tools::new(p, None)).collect();
    let references: Vec<Reference> = (tools.iter())
        .map(|t| Reference::new(t, Wanted::default()))
        .collect();
    let mut groups: Vec<(String, Vec<(&Reference, &Case)>)> = references
        .iter()
        .map(|r| {
            (
                r.problem().id.clone(),
                r.problem().cases.iter().map(|c| (r, c)).collect(),
            )
        })
        .collect();
    groups.push((
        "(whole set)".into(),
        references
            .iter()
            .flat_map(|r| r.problem().cases.iter().map(move |c| (r, c)))
            .collect(),
    ));

    println!("reference check throughput (best of {ROUNDS}; baseline = reading .in and .out only)");
    println!(
        "{:<16} {:>6} {:>12} {:>12} {:>14} {:>10}",
        "problem", "cases", "1 thread/s", "all cores/s", "read-only/s", "solve/read"
    );
    for (name, cases) in &groups {
        let failures = cases
            .iter()
            .filter(|(p, c)| !p.check_case(c).verdict.is_pass())
            .count();
        assert_eq!(
            failures, 0,
            "{name}: the benchmark only measures a passing set"
        );
        let n = cases.len() as f64;
        let single = best(|| {
            for (p, c) in cases {
                std::hint::black_box(p.check_case(c));
            }
        });
        let parallel = best(|| {
            cases.par_iter().for_each(|(p, c)| {
                std::hint::black_box(p.check_case(c));
            })
        });
        let baseline = best(|| read_only(cases));
        println!(
            "{:<16} {:>6} {:>12.0} {:>12.0} {:>14.0} {:>9.1}x",
            name,
            cases.len(),
            n / single.as_secs_f64(),
            n / parallel.as_secs_f64(),
            n / baseline.as_secs_f64(),
            single.as_secs_f64() / baseline.as_secs_f64()
        );
    }
}
