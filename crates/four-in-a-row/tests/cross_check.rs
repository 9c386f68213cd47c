//! Independent confirmation of every Four in a row expectation.
//!
//! The expected outputs were written by the reference solver, which walks
//! outwards from the last chip. This second implementation shares no code
//! with it: it replays each game by scanning all 69 windows of four cells
//! after every move, and marks the chips of every all-one-colour window that
//! contains the last chip. Both must agree on every case file.

const W: usize = 7;
const H: usize = 6;

/// All 69 windows of four cells, as (row, col) lists.
fn windows() -> Vec<[(usize, usize); 4]> {
    let mut all = Vec::new();
    for r in 0..H as i32 {
        for c in 0..W as i32 {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let cells: Vec<(i32, i32)> = (0..4).map(|k| (r + k * dr, c + k * dc)).collect();
                if cells
                    .iter()
                    .all(|&(r, c)| r >= 0 && r < H as i32 && c >= 0 && c < W as i32)
                {
                    let mut w = [(0, 0); 4];
                    for (i, &(r, c)) in cells.iter().enumerate() {
                        w[i] = (r as usize, c as usize);
                    }
                    all.push(w);
                }
            }
        }
    }
    all
}

fn expected_for_game(n: usize, moves: &str, windows: &[[(usize, usize); 4]]) -> String {
    let mut grid = [[0u8; W]; H]; // 0 empty, 1 first, 2 second; row 0 = bottom
    let mut count = [0usize; W];
    for (i, ch) in moves.chars().enumerate() {
        let col = ch.to_digit(10).unwrap() as usize - 1;
        if count[col] == H {
            return format!("Game #{n} is invalid.\n");
        }
        let row = count[col];
        count[col] += 1;
        let player = if i % 2 == 0 { 1 } else { 2 };
        grid[row][col] = player;
        let winning: Vec<&[(usize, usize); 4]> = windows
            .iter()
            .filter(|w| w.contains(&(row, col)) && w.iter().all(|&(r, c)| grid[r][c] == player))
            .collect();
        if winning.is_empty() {
            continue;
        }
        if i + 1 != moves.len() {
            return format!("Game #{n} is invalid.\n");
        }
        let mut upper = [[false; W]; H];
        for w in winning {
            for &(r, c) in w {
                upper[r][c] = true;
            }
        }
        let mut s = format!(
            "Game #{n} is over. The {} player won.\n-------\n",
            if player == 1 { "first" } else { "second" }
        );
        for r in (0..H).rev().filter(|&r| grid[r].iter().any(|&x| x != 0)) {
            for c in 0..W {
                s.push(match (grid[r][c], upper[r][c]) {
                    (0, _) => ' ',
                    (1, false) => 'x',
                    (1, true) => 'X',
                    (_, false) => 'o',
                    (_, true) => 'O',
                });
            }
            s.push('\n');
        }
        s.push_str("-------\n");
        return s;
    }
    if moves.len() == W * H {
        format!("Game #{n} is over. There is no winner.\n")
    } else {
        format!("Game #{n} is not over, yet.\n")
    }
}

fn expected_for_file(input: &str) -> String {
    let windows = windows();
    assert_eq!(windows.len(), 69);
    let mut lines = input.lines().filter(|l| !l.trim().is_empty());
    let t: usize = lines.next().unwrap().trim().parse().unwrap();
    let mut out = String::new();
    for n in 1..=t {
        let line = lines.next().unwrap();
        let moves = line.split_once(':').unwrap().1.trim();
        out.push_str(&expected_for_game(n, moves, &windows));
    }
    out
}

#[test]
fn every_expected_output_matches_an_independent_implementation() {
    let cases = judge_solver::testing::case_pairs(
        &judge_solver::testing::repo_root(env!("CARGO_MANIFEST_DIR")),
        "four-in-a-row",
    );
    assert!(cases.len() >= 50, "only {} cases", cases.len());
    let mut games = 0;
    for (input, answer) in &cases {
        let text = std::fs::read_to_string(input).unwrap();
        games += text.lines().filter(|l| l.starts_with("Game #")).count();
        let expected = std::fs::read_to_string(answer).unwrap();
        assert_eq!(expected_for_file(&text), expected, "{}", answer.display());
    }
    assert!(games >= 340, "only {games} games");
}

#[test]
fn independent_implementation_agrees_with_the_solver_on_fresh_random_games() {
    let solver = &judge_four_in_a_row::FourInARow as &dyn judge_solver::Solver;
    for seed in 1000..1100 {
        let input = judge_solver::generate_one(solver, seed, 0, 10);
        assert_eq!(
            solver.solve(&input).unwrap(),
            expected_for_file(&input),
            "seed {seed}:\n{input}"
        );
    }
}
