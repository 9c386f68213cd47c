//! One test per rule of PROBLEMS.md §1. Each names the rule it guards and
//! uses a board whose verdict flips if that rule is dropped or altered (the
//! alternative verdicts were worked out by hand or with a throw-away script
//! that replays every game under the altered rule).

use super::*;

/// A square board from its rows.
fn board(rows: &[&[i8]]) -> Board {
    let mut b = Board::empty(rows.len());
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), rows.len(), "not square");
        b.cells[r][..row.len()].copy_from_slice(row);
    }
    b
}

fn valid(rows: &[&[i8]]) -> bool {
    search(&board(rows)).valid()
}

/// A board with a single value at (r, c).
fn single(n: usize, r: usize, c: usize, v: i8) -> Board {
    let mut b = Board::empty(n);
    b.cells[r][c] = v;
    b
}

#[test]
fn capacities_are_one_two_three() {
    let n = 5;
    let expect = [
        [1, 2, 2, 2, 1],
        [2, 3, 3, 3, 2],
        [2, 3, 3, 3, 2],
        [2, 3, 3, 3, 2],
        [1, 2, 2, 2, 1],
    ];
    for (r, row) in expect.iter().enumerate() {
        for (c, &cap) in row.iter().enumerate() {
            assert_eq!(capacity(n, r, c), cap, "({r}, {c})");
        }
    }
}

#[test]
fn over_capacity_is_rejected_before_any_replay() {
    // The sample's second board: two atoms in a corner.
    let s = search(&board(&[&[2, 0, 0], &[0, 0, 0], &[0, 0, 0]]));
    assert_eq!(s.verdict, Verdict::OverCapacity { row: 0, col: 0 });
    assert_eq!(s.moves_simulated, 0);
    // Border 3 and interior 4, otherwise balanced.
    let s = search(&board(&[&[0, 3, 0], &[-1, 0, 0], &[0, 0, -1]]));
    assert!(
        matches!(s.verdict, Verdict::OverCapacity { row: 0, col: 1 }),
        "{s:?}"
    );
    let s = search(&board(&[
        &[-1, -2, -1, 0],
        &[0, 4, 0, 0],
        &[0, 0, 0, 0],
        &[0, 0, 0, -1],
    ]));
    assert_eq!(s.verdict, Verdict::OverCapacity { row: 1, col: 1 });
}

#[test]
fn a_full_corner_sends_the_mover_elsewhere() {
    // 1 at (0,0), -1 answers at (2,2); player one's farthest cell is (0,0)
    // again (distance 4), but a corner holds one atom, so it plays the next
    // farthest, (0,1). With corner capacity 2 the answer would be `2` at (0,0).
    assert!(valid(&[&[1, 1, 0], &[0, 0, 0], &[0, 0, -1]]));
    assert!(!valid(&[&[2, 0, 0], &[0, 0, 0], &[0, 0, -1]]));
}

#[test]
fn a_border_cell_holds_two() {
    // Reached only because (0,1) and (1,2) fill at two atoms; with border
    // capacity 3 this game goes elsewhere.
    assert!(valid(&[&[-1, -2, 0], &[0, 0, 2], &[1, 0, 1]]));
    assert!(!valid(&[&[0, -2, -1], &[3, 0, 0], &[1, 0, 0]]));
}

#[test]
fn an_interior_cell_holds_three() {
    // Opened in the centre: player one's fourth atom lands there as its
    // third, which capacity 2 would forbid.
    assert!(valid(&[&[-1, -2, -1], &[-2, 3, 0], &[1, 2, 1]]));
    // On 4×4 a third atom in an interior cell; capacity 4 would keep piling.
    assert!(valid(&[
        &[-1, 0, 0, 1],
        &[0, 0, 3, 2],
        &[-2, 0, 0, 1],
        &[-1, -2, 0, 0]
    ]));
}

#[test]
fn the_farthest_cell_is_chosen_by_manhattan_distance() {
    // PROBLEMS.md §1: after 1 at (0,0) player two must answer at (2,2).
    assert!(!valid(&[&[1, 0, 0], &[0, 0, 0], &[-1, 0, 0]]));
    assert!(valid(&[&[1, 0, 0], &[0, 0, 0], &[0, 0, -1]]));
    // 1 at (3,0) on 4×4: (0,3) is 6 away, (0,0) only 3. Under Chebyshev
    // distance both are 3 and the tie would pick (0,0).
    assert!(valid(&[
        &[0, 0, 0, -1],
        &[0, 0, 0, 0],
        &[0, 0, 0, 0],
        &[1, 0, 0, 0]
    ]));
    assert!(!valid(&[
        &[-1, 0, 0, 0],
        &[0, 0, 0, 0],
        &[0, 0, 0, 0],
        &[1, 0, 0, 0]
    ]));
}

#[test]
fn ties_go_to_the_lowest_row_then_the_lowest_column() {
    // PROBLEMS.md §1: 1 at (1,1); all four corners are 2 away; (0,0) wins.
    assert!(!valid(&[&[0, 0, -1], &[0, 1, 0], &[0, 0, 0]]));
    assert!(valid(&[&[-1, 0, 0], &[0, 1, 0], &[0, 0, 0]]));
    // After 1 (0,0), -1 (2,2): (0,1) and (1,0) are both 3 from (2,2). Row
    // first picks (0,1); column first would pick (1,0).
    assert!(valid(&[&[1, 1, 0], &[0, 0, 0], &[0, 0, -1]]));
    assert!(!valid(&[&[1, 0, 0], &[1, 0, 0], &[0, 0, -1]]));
}

#[test]
fn the_first_move_may_be_any_cell() {
    for n in MIN_N..=MAX_N {
        for r in 0..n {
            for c in 0..n {
                let s = search(&single(n, r, c, 1));
                assert_eq!(
                    s.verdict,
                    Verdict::Valid {
                        first: Some((r, c)),
                        moves: 1
                    },
                    "n={n} ({r},{c})"
                );
                // Player two never moves first.
                assert!(!search(&single(n, r, c, -1)).valid());
            }
        }
    }
}

#[test]
fn the_empty_board_is_valid_after_zero_moves() {
    for n in MIN_N..=MAX_N {
        assert_eq!(
            search(&Board::empty(n)).verdict,
            Verdict::Valid {
                first: None,
                moves: 0
            }
        );
    }
}

#[test]
fn every_state_along_a_game_is_valid_not_only_the_last() {
    for (n, first) in [(3, (1, 1)), (4, (1, 2)), (7, (3, 5))] {
        let states = trajectory(n, first);
        assert!(states.len() > 10);
        for (k, state) in states.iter().enumerate() {
            assert!(
                search(state).valid(),
                "n={n} first={first:?} after move {}",
                k + 1
            );
        }
    }
}

/// The 3×3 game opened in the centre, which ends after 14 moves with player
/// one stuck: its own cells are full and (1,2) holds player two's atom.
fn centre_game_end() -> Board {
    board(&[&[-1, -2, -1], &[-2, 3, -1], &[1, 2, 1]])
}

#[test]
fn a_cell_holding_an_opponent_atom_is_not_stable() {
    // (1,2) has room, but it holds player two's atom.
    assert_eq!(forced_move(&centre_game_end(), Player::One), None);
    assert_eq!(forced_move(&centre_game_end(), Player::Two), Some((1, 2)));
}

#[test]
fn a_stuck_player_loses_and_the_game_stops() {
    let states = trajectory(3, (1, 1));
    assert_eq!(states.len(), 14);
    assert_eq!(states.last(), Some(&centre_game_end()));
    assert!(search(&centre_game_end()).valid());
    // One move later (player two moving again) does not exist.
    assert!(!valid(&[&[-1, -2, -1], &[-2, 3, -2], &[1, 2, 1]]));
    // Nor does the stuck player squeezing a fourth atom into its centre.
    assert!(!valid(&[&[-1, -2, -1], &[-2, 4, -1], &[1, 2, 1]]));
}

#[test]
fn atom_totals_must_alternate_and_are_checked_before_any_replay() {
    for (rows, p, q) in [
        (board(&[&[0, 1, 0], &[0, 0, 0], &[0, 0, 1]]), 2, 0),
        (board(&[&[-1, 0, 0], &[0, 1, 0], &[0, 0, -1]]), 1, 2),
        (board(&[&[0, 0, 0], &[0, 0, 0], &[0, 0, -1]]), 0, 1),
    ] {
        let s = search(&rows);
        assert_eq!(s.verdict, Verdict::Unbalanced { p, q });
        assert_eq!(s.moves_simulated, 0);
    }
}

#[test]
fn replays_start_only_where_the_board_has_player_one_atoms_and_stop_at_a_stray_atom() {
    // 1 at (0,0), -1 at (0,1) on 7×7: the only replay opens at (0,0) and
    // stops at its second move, player two's (6,6), which the board lacks.
    // Without either rule the search would play dozens of moves.
    let mut b = single(7, 0, 0, 1);
    b.cells[0][1] = -1;
    let s = search(&b);
    assert_eq!(s.verdict, Verdict::Unreachable);
    assert_eq!(s.moves_simulated, 2);
}

#[test]
fn end_of_game_boards_are_valid_for_every_size() {
    for n in MIN_N..=MAX_N {
        for first in [(0, 0), (n / 2, n / 2), (1, n - 1)] {
            let states = trajectory(n, first);
            let last = states.last().expect("at least the first move");
            // The game really is over: the next player is stuck.
            let next = if states.len() % 2 == 0 {
                Player::One
            } else {
                Player::Two
            };
            assert_eq!(forced_move(last, next), None);
            let s = search(last);
            assert!(s.valid(), "n={n} first={first:?}");
        }
    }
}
