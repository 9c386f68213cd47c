//! Atoms solver throughput: generated files (half real states, half near
//! misses) and a worst case for the search: 7×7 half-played games whose
//! latest atom went to the wrong cell, so every opening must be replayed
//! deep before it strays.
//!
//! Run with `cargo bench --bench atoms`.

use std::time::Instant;

use judge::solvers::generate_one;

/// Worst-case input: 49 boards, each a 7×7 game opened at a different cell,
/// halfway through, with the latest move played on another cell that could
/// take it. (At a game's very end the last mover usually has no other cell.) Balanced and within capacity, so no early rejection applies and
/// every opening is replayed until it strays.
fn worst_case() -> String {
    use judge::solvers::atoms::game::{capacity, trajectory};
    let mut out = String::from("49\n");
    for first in 0..49 {
        let states = trajectory(7, (first / 7, first % 7));
        let n = states.len();
        let k = n / 2;
        let (prev, last) = (states[k - 1], states[k]);
        let sign: i8 = if k % 2 == 0 { 1 } else { -1 };
        let mut b = last;
        let other = (0..49).rev().map(|i| (i / 7, i % 7)).find(|&(r, c)| {
            let v = prev.cells[r][c];
            v * sign >= 0 && v.abs() < capacity(7, r, c) && last.cells[r][c] == v
        });
        if let Some((r, c)) = other {
            b = prev;
            b.cells[r][c] += sign;
        }
        out.push_str("7\n");
        for row in &b.cells {
            let line: Vec<String> = row.iter().map(i8::to_string).collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
    }
    out
}

fn time(label: &str, inputs: &[String], rounds: usize) {
    let solver = judge::solvers::find("atoms").expect("atoms is registered");
    let boards: usize = inputs
        .iter()
        .map(|t| {
            t.lines()
                .next()
                .and_then(|l| l.trim().parse::<usize>().ok())
                .unwrap_or(0)
        })
        .sum();
    let start = Instant::now();
    let mut valid = 0;
    for _ in 0..rounds {
        for input in inputs {
            let out = solver.solve(input).expect("bench inputs are valid");
            valid += out.matches(": valid").count();
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let per_board = secs / (boards * rounds) as f64;
    println!(
        "{label:<28} {boards:>6} boards x {rounds:>3}  {:>9.3} s  {:>9.1} µs/board  {:>10.0} boards/s  ({} valid)",
        secs,
        per_board * 1e6,
        1.0 / per_board,
        valid / rounds
    );
}

fn main() {
    let solver = judge::solvers::find("atoms").expect("atoms is registered");
    let generated: Vec<String> = (0..100)
        .map(|i| generate_one(solver, 11606, i, 10))
        .collect();
    time("generated, size 10", &generated, 20);
    time("7x7 last move misplaced", &[worst_case()], 50);
}
