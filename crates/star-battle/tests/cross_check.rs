//! Independent confirmation of every Star Battle expectation.
//!
//! The reference solver counts in one pass over the grid and looks only at
//! the later neighbours of each star. This checker shares nothing with it:
//! it counts by reading each line and column of text, tallies regions in a
//! map, and compares every pair of stars by Chebyshev distance. It also
//! re-checks, with a union-find, that every committed puzzle really has ten
//! 4-connected regions.

use std::collections::HashMap;

/// Region lines and candidate lines of a well-formed file.
fn split(input: &str) -> (Vec<Vec<char>>, Vec<Vec<char>>) {
    let lines: Vec<Vec<char>> = input
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.trim().chars().collect())
        .collect();
    assert_eq!(lines.len(), 20);
    assert!(lines.iter().all(|l| l.len() == 10));
    (lines[..10].to_vec(), lines[10..].to_vec())
}

fn expected(input: &str) -> &'static str {
    let (regions, cand) = split(input);
    let stars: Vec<(i32, i32)> = (0..10)
        .flat_map(|r| (0..10).map(move |c| (r, c)))
        .filter(|&(r, c)| cand[r as usize][c as usize] == '*')
        .collect();
    let rows_ok = cand
        .iter()
        .all(|line| line.iter().filter(|&&ch| ch == '*').count() == 2);
    let cols_ok = (0..10).all(|c| cand.iter().filter(|line| line[c] == '*').count() == 2);
    let mut per_region: HashMap<char, usize> = ('0'..='9').map(|d| (d, 0)).collect();
    for &(r, c) in &stars {
        *per_region
            .get_mut(&regions[r as usize][c as usize])
            .unwrap() += 1;
    }
    let regions_ok = per_region.values().all(|&k| k == 2);
    let apart = stars.iter().enumerate().all(|(i, a)| {
        stars[i + 1..]
            .iter()
            .all(|b| (a.0 - b.0).abs().max((a.1 - b.1).abs()) > 1)
    });
    if rows_ok && cols_ok && regions_ok && apart {
        "valid\n"
    } else {
        "invalid\n"
    }
}

/// Number of 4-connected same-digit components, and of distinct digits.
fn region_shape(input: &str) -> (usize, usize) {
    let (regions, _) = split(input);
    let mut parent: Vec<usize> = (0..100).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for r in 0..10 {
        for c in 0..10 {
            for (nr, nc) in [(r + 1, c), (r, c + 1)] {
                if nr < 10 && nc < 10 && regions[r][c] == regions[nr][nc] {
                    let (a, b) = (
                        root(&mut parent, r * 10 + c),
                        root(&mut parent, nr * 10 + nc),
                    );
                    parent[a] = b;
                }
            }
        }
    }
    let components = (0..100).filter(|&x| root(&mut parent, x) == x).count();
    let mut digits: Vec<char> = regions.iter().flatten().copied().collect();
    digits.sort();
    digits.dedup();
    (components, digits.len())
}

#[test]
fn every_expected_output_matches_an_independent_checker() {
    let cases = judge_solver::testing::case_pairs(
        &judge_solver::testing::repo_root(env!("CARGO_MANIFEST_DIR")),
        "star-battle",
    );
    let (mut generated, mut generated_valid) = (0, 0);
    for (input, answer) in &cases {
        let text = std::fs::read_to_string(input).unwrap();
        assert_eq!(
            region_shape(&text),
            (10, 10),
            "{}: not ten 4-connected regions",
            input.display()
        );
        let want = std::fs::read_to_string(answer).unwrap();
        assert_eq!(expected(&text), want, "{}", answer.display());
        if input.parent().is_some_and(|p| p.ends_with("generated")) {
            generated += 1;
            generated_valid += usize::from(want == "valid\n");
        }
    }
    assert!(generated >= 150, "only {generated} generated files");
    assert!(
        generated_valid * 5 >= generated && generated_valid * 2 <= generated,
        "{generated_valid} of {generated} valid"
    );
}

#[test]
fn independent_checker_agrees_with_the_solver_on_fresh_random_files() {
    let solver = &judge_star_battle::StarBattle as &dyn judge_solver::Solver;
    for seed in 3000..3200 {
        let input = judge_solver::generate_one(solver, seed, 0, 10);
        assert_eq!(region_shape(&input), (10, 10), "seed {seed}");
        assert_eq!(
            solver.solve(&input).unwrap(),
            expected(&input),
            "seed {seed}:\n{input}"
        );
    }
}
