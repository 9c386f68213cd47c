//! Which compiled copy of the search runs: the fastest one this CPU can
//! run, detected once at first use (`is_x86_feature_detected!`) and kept as
//! a function pointer in a [`OnceLock`], so a puzzle costs one atomic load
//! for the choice.
//!
//! The copies differ only in the rules' code (plain or SSE2) and in the
//! instructions the compiler may use: the feature-enabled ones are
//! `#[target_feature]` functions and so `unsafe` to call; the calls sit in
//! [`Engine::search`], behind the check that the features are there. On one
//! Zen 3 core, top1465 takes about 11.3, 10.2, 9.3 and 9.0 µs a puzzle with
//! the four engines in [`Engine::ALL`] order (the old solver: 14.8): the
//! SSE2 rules and POPCNT (candidate counts when branching) matter most.

use std::sync::OnceLock;

use super::count::{self, Search, Solutions, count_with};

/// One compiled copy of the search. All give the same answers; they differ
/// in the instructions they may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// Plain Rust: table-driven rules, no vector code. Every target.
    Portable,
    /// The SSE2 rules, nothing beyond the x86_64 baseline.
    Sse2,
    /// SSE2 rules compiled with SSE4.1 and POPCNT (x86-64-v2 machines).
    Sse41Popcnt,
    /// SSE2 rules compiled with AVX2 (VEX encodings), BMI1, BMI2, LZCNT and
    /// POPCNT (x86-64-v3 machines: Haswell, Zen and later).
    Avx2Bmi2,
}

impl Engine {
    /// Every engine, fastest last.
    pub const ALL: [Engine; 4] = [
        Engine::Portable,
        Engine::Sse2,
        Engine::Sse41Popcnt,
        Engine::Avx2Bmi2,
    ];

    /// Whether this machine can run the engine (its CPU features are
    /// detected at run time).
    pub fn available(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            match self {
                Engine::Portable | Engine::Sse2 => true,
                Engine::Sse41Popcnt => {
                    is_x86_feature_detected!("sse4.1") && is_x86_feature_detected!("popcnt")
                }
                Engine::Avx2Bmi2 => {
                    is_x86_feature_detected!("avx2")
                        && is_x86_feature_detected!("bmi1")
                        && is_x86_feature_detected!("bmi2")
                        && is_x86_feature_detected!("lzcnt")
                        && is_x86_feature_detected!("popcnt")
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self == Engine::Portable
        }
    }

    /// The fastest engine this machine runs, detected once.
    pub fn best() -> Engine {
        BEST.get_or_init(detect).0
    }

    /// The search of an available engine.
    fn search(self) -> Search {
        assert!(
            self.available(),
            "{self:?} needs CPU features this machine lacks"
        );
        match self {
            Engine::Portable => count::search_portable,
            #[cfg(target_arch = "x86_64")]
            Engine::Sse2 => count::search_sse2,
            #[cfg(target_arch = "x86_64")]
            Engine::Sse41Popcnt => |board, limit, found| {
                // SAFETY: `available()` detected SSE4.1 and POPCNT, every
                // feature this copy is compiled with.
                unsafe { count::search_sse41_popcnt(board, limit, found) }
            },
            #[cfg(target_arch = "x86_64")]
            Engine::Avx2Bmi2 => |board, limit, found| {
                // SAFETY: `available()` detected AVX2, BMI1, BMI2, LZCNT and
                // POPCNT, every feature this copy is compiled with.
                unsafe { count::search_avx2_bmi2(board, limit, found) }
            },
            #[cfg(not(target_arch = "x86_64"))]
            _ => unreachable!("only the portable engine is available"),
        }
    }
}

/// The best engine and its search, chosen on first use.
static BEST: OnceLock<(Engine, Search)> = OnceLock::new();

fn detect() -> (Engine, Search) {
    let engine = Engine::ALL
        .into_iter()
        .rev()
        .find(|e| e.available())
        .unwrap_or(Engine::Portable);
    (engine, engine.search())
}

/// Counts the solutions of `givens` (row-major, 0 = empty, 1..=9 placed) up
/// to `limit`, with the fastest engine. Givens that break a rule simply leave
/// no solution.
pub fn count_solutions(givens: &[u8; 81], limit: u32) -> Solutions {
    count_with(BEST.get_or_init(detect).1, givens, limit)
}

/// [`count_solutions`] with a chosen engine (tests and benchmarks compare
/// them). Panics if the machine cannot run it.
pub fn count_solutions_with(engine: Engine, givens: &[u8; 81], limit: u32) -> Solutions {
    count_with(engine.search(), givens, limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> [u8; 81] {
        let digits: Vec<u8> = text
            .bytes()
            .filter(|b| !b.is_ascii_whitespace())
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect();
        digits.try_into().expect("81 cells")
    }

    #[test]
    fn a_known_puzzle_has_its_known_solution() {
        let puzzle = grid(
            "..3 9.. 76. .4. ..6 ..9 6.7 .1. ..4 2.. 67. .9. ..4 3.5 6.. .1. .49 ..7 7.. .9. 2.1 3.. 2.. .4. .29 ..8 5..",
        );
        let solution = grid(
            "153984762 842736159 697512834 238671495 974325618 516849327 765493281 381257946 429168573",
        );
        for engine in Engine::ALL.into_iter().filter(|e| e.available()) {
            let s = count_solutions_with(engine, &puzzle, 2);
            assert_eq!((s.count, s.first), (1, Some(solution)), "{engine:?}");
            assert_eq!(count_solutions_with(engine, &solution, 2).count, 1);
        }
    }

    /// Every engine this machine runs gives the portable engine's answer,
    /// solution included.
    fn engines_agree(puzzles: &[[u8; 81]]) -> Vec<Solutions> {
        let engines: Vec<Engine> = Engine::ALL.into_iter().filter(|e| e.available()).collect();
        puzzles
            .iter()
            .map(|p| {
                let expected = count_solutions_with(Engine::Portable, p, 2);
                for &engine in &engines {
                    assert_eq!(
                        count_solutions_with(engine, p, 2),
                        expected,
                        "{engine:?} {p:?}"
                    );
                }
                assert_eq!(count_solutions(p, 2), expected);
                expected
            })
            .collect()
    }

    fn problem_file(path: &str) -> String {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(root.join("../../problems/sudoku-checker").join(path)).unwrap()
    }

    #[test]
    fn engines_agree_on_the_tdoku_vectors() {
        let text = problem_file("data/tdoku-test-puzzles-with-counts.txt");
        let (puzzles, counts): (Vec<[u8; 81]>, Vec<u32>) = text
            .lines()
            .filter(|l| !l.is_empty())
            .map(|line| {
                let mut fields = line.split(':');
                let puzzle: Vec<u8> = (fields.next().unwrap().bytes())
                    .map(|b| if b == b'.' { 0 } else { b - b'0' })
                    .collect();
                let puzzle: [u8; 81] = puzzle.try_into().unwrap();
                let count: u64 = fields.next().unwrap().parse().unwrap();
                (puzzle, count.min(2) as u32)
            })
            .unzip();
        let found = engines_agree(&puzzles);
        let found: Vec<u32> = found.iter().map(|s| s.count).collect();
        assert_eq!(found, counts);
    }

    #[test]
    fn engines_agree_on_the_puzzle_sets() {
        for set in ["royle17", "top1465"] {
            // 20 files of 100 for royle17, 15 for top1465.
            let files = if set == "royle17" { 20 } else { 15 };
            for k in 1..=files {
                let text = problem_file(&format!("cases/puzzle-sets/{set}-{k:02}.in"));
                let grids = super::super::parse(&text).unwrap();
                let puzzles: Vec<[u8; 81]> = grids.iter().map(|g| g.cells).collect();
                assert!(engines_agree(&puzzles).iter().all(|s| s.count == 1));
            }
        }
    }

    #[test]
    fn engines_agree_on_random_grids() {
        let mut rng = judge_text::rng::Rng::new(10957);
        let mut puzzles = Vec::new();
        for _ in 0..20 {
            let text = super::super::generate::input(&mut rng, 10);
            puzzles.extend(super::super::parse(&text).unwrap().iter().map(|g| g.cells));
        }
        // Random givens: mostly conflicting, some open.
        for n in 0..400 {
            let mut cells = [0u8; 81];
            for _ in 0..n % 30 {
                cells[rng.below(81) as usize] = 1 + rng.below(9) as u8;
            }
            puzzles.push(cells);
        }
        let found = engines_agree(&puzzles);
        for count in 0..=2 {
            assert!(
                found.iter().any(|s| s.count == count),
                "no grid with {count}"
            );
        }
    }

    #[test]
    fn the_best_engine_is_available_and_detected_once() {
        let best = Engine::best();
        assert!(best.available());
        assert_eq!(Engine::best(), best);
        assert!(Engine::Portable.available());
        #[cfg(target_arch = "x86_64")]
        assert_ne!(best, Engine::Portable);
    }
}
