//! Independent confirmation of every Atoms expectation.
//!
//! The reference solver replays games only from the cells a board allows and
//! prunes each replay early, using a distance transform to pick moves. This
//! brute force shares none of that: for every N it plays every game from
//! every first cell to its very end, computing each move by comparing every
//! free cell against every opponent cell, and stores every state it passes
//! through in a set. A board is valid iff it is in its size's set.

use std::collections::HashSet;

/// Capacity as "orthogonal neighbours minus one": corner 2-1, border 3-1,
/// interior 4-1 (a different formulation from the solver's).
fn capacity(n: i32, r: i32, c: i32) -> i32 {
    let neighbours = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        .iter()
        .filter(|(dr, dc)| (0..n).contains(&(r + dr)) && (0..n).contains(&(c + dc)))
        .count() as i32;
    neighbours - 1
}

/// Every state of every game on an n×n board, the empty board included.
fn reachable(n: i32) -> HashSet<Vec<i32>> {
    let cells: Vec<(i32, i32)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    let idx = |r: i32, c: i32| (r * n + c) as usize;
    let mut seen = HashSet::new();
    seen.insert(vec![0; (n * n) as usize]);
    for &(fr, fc) in &cells {
        let mut b = vec![0i32; (n * n) as usize];
        b[idx(fr, fc)] = 1;
        seen.insert(b.clone());
        let mut me = -1; // player two answers
        loop {
            let theirs: Vec<(i32, i32)> = cells
                .iter()
                .copied()
                .filter(|&(r, c)| b[idx(r, c)] * me < 0)
                .collect();
            // Smallest (−distance, row, col) = farthest, then lowest row,
            // then lowest column.
            let choice = cells
                .iter()
                .filter(|&&(r, c)| b[idx(r, c)] * me >= 0 && b[idx(r, c)].abs() < capacity(n, r, c))
                .map(|&(r, c)| {
                    let d = theirs
                        .iter()
                        .map(|&(tr, tc)| (r - tr).abs() + (c - tc).abs())
                        .min()
                        .unwrap_or(0);
                    (-d, r, c)
                })
                .min();
            let Some((_, r, c)) = choice else { break };
            b[idx(r, c)] += me;
            seen.insert(b.clone());
            me = -me;
        }
    }
    seen
}

/// All sizes' state sets, index N.
fn all_reachable() -> Vec<HashSet<Vec<i32>>> {
    (0..=7)
        .map(|n| if n >= 3 { reachable(n) } else { HashSet::new() })
        .collect()
}

/// Expected output for an input file, plus (boards, valid boards).
fn expected_for_file(input: &str, sets: &[HashSet<Vec<i32>>]) -> (String, usize, usize) {
    let mut tokens = input.split_whitespace().map(|t| t.parse::<i32>().unwrap());
    let t = tokens.next().unwrap();
    let mut out = String::new();
    let mut valid = 0;
    for k in 1..=t {
        let n = tokens.next().unwrap();
        let board: Vec<i32> = (0..n * n).map(|_| tokens.next().unwrap()).collect();
        let ok = sets[n as usize].contains(&board);
        valid += usize::from(ok);
        out.push_str(&format!(
            "Case {k}: {}\n",
            if ok { "valid" } else { "invalid" }
        ));
    }
    assert!(tokens.next().is_none(), "trailing data");
    (out, t as usize, valid)
}

#[test]
fn brute_force_agrees_with_the_statement_examples() {
    let sets = all_reachable();
    let with = |n: usize, cells: &[(usize, usize, i32)]| {
        let mut b = vec![0; n * n];
        for &(r, c, v) in cells {
            b[r * n + c] = v;
        }
        sets[n].contains(&b)
    };
    assert!(with(3, &[(0, 0, 1), (2, 2, -1)]));
    assert!(!with(3, &[(0, 0, 2)]));
    assert!(!with(3, &[(0, 0, 1), (2, 0, -1)]));
    assert!(!with(3, &[(1, 1, 1), (0, 2, -1)]));
    assert!(with(3, &[]));
    assert!(with(7, &[(4, 5, 1)]));
    assert!(!with(7, &[(4, 5, -1)]));
}

#[test]
fn every_expected_output_matches_the_brute_force() {
    let sets = all_reachable();
    let cases = judge_solver::testing::case_pairs(
        &judge_solver::testing::repo_root(env!("CARGO_MANIFEST_DIR")),
        "atoms",
    );
    let mut generated = (0, 0);
    for (input, answer) in &cases {
        let text = std::fs::read_to_string(input).unwrap();
        let expected = std::fs::read_to_string(answer).unwrap();
        let (out, boards, valid) = expected_for_file(&text, &sets);
        assert_eq!(out, expected, "{}", answer.display());
        if input.parent().is_some_and(|p| p.ends_with("generated")) {
            generated.0 += boards;
            generated.1 += valid;
        }
    }
    let (boards, valid) = generated;
    assert!(boards >= 300, "only {boards} generated boards");
    // Half real states, half near misses.
    assert!(
        valid * 10 >= boards * 4 && (boards - valid) * 10 >= boards * 4,
        "{valid} of {boards} valid"
    );
}

#[test]
fn brute_force_agrees_with_the_solver_on_fresh_random_boards() {
    let sets = all_reachable();
    let solver = &judge_atoms::Atoms as &dyn judge_solver::Solver;
    for seed in 2000..2030 {
        let input = judge_solver::generate_one(solver, seed, 0, 10);
        assert_eq!(
            solver.solve(&input).unwrap(),
            expected_for_file(&input, &sets).0,
            "seed {seed}:\n{input}"
        );
    }
}
