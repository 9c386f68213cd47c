//! One test per rule: each candidate below breaks exactly one rule (found by
//! moving stars of the first sample's solution), so dropping that rule from
//! [`violations`] turns its verdict to `valid` and the test fails.

use super::*;
use judge_solver::Solver;

const REGIONS: [&str; SIZE] = [
    "0001111223",
    "0001221223",
    "0001222223",
    "0000224433",
    "5544444433",
    "5555466663",
    "5575566663",
    "8877666663",
    "8997777663",
    "8999976666",
];
const SOLUTION: [&str; SIZE] = [
    "......*.*.",
    ".*.*......",
    ".....*...*",
    "...*...*..",
    ".*...*....",
    ".......*.*",
    "..*.*.....",
    "*.......*.",
    "..*...*...",
    "*...*.....",
];
const SAMPLE_2_REGIONS: [&str; SIZE] = [
    "0000001111",
    "0022221111",
    "3322222111",
    "3322222141",
    "3355511144",
    "3555516664",
    "3771116664",
    "7788811644",
    "7888919944",
    "7999999444",
];

fn text(regions: &[&str], stars: &[&str]) -> String {
    let mut s = String::new();
    for line in regions.iter().chain(stars) {
        s.push_str(line);
        s.push('\n');
    }
    s
}

/// The first sample's solution with stars moved: each `(from, to)` clears
/// `from` (if given) and sets `to` (if given).
type Cell = (usize, usize);
/// Clear the first cell (if any), set the second (if any).
type Change = (Option<Cell>, Option<Cell>);

fn mutated(changes: &[Change]) -> Puzzle {
    let mut p = parse::parse(&text(&REGIONS, &SOLUTION)).unwrap();
    for &(from, to) in changes {
        if let Some((r, c)) = from {
            assert!(p.stars[r][c], "no star at ({r}, {c})");
            p.stars[r][c] = false;
        }
        if let Some((r, c)) = to {
            assert!(!p.stars[r][c], "already a star at ({r}, {c})");
            p.stars[r][c] = true;
        }
    }
    p
}

fn mv(from: Cell, to: Cell) -> Change {
    (Some(from), Some(to))
}

#[test]
fn both_samples() {
    assert_eq!(
        StarBattle.solve(&text(&REGIONS, &SOLUTION)).unwrap(),
        "valid\n"
    );
    assert_eq!(
        StarBattle
            .solve(&text(&SAMPLE_2_REGIONS, &SOLUTION))
            .unwrap(),
        "invalid\n"
    );
    assert!(violations(&parse::parse(&text(&REGIONS, &SOLUTION)).unwrap()).is_empty());
}

#[test]
fn every_row_needs_exactly_two() {
    // (1,3) moves up its column within region 1: row 0 has 3, row 1 has 1.
    let v = violations(&mutated(&[mv((1, 3), (0, 3))]));
    assert_eq!(
        v,
        Violations {
            rows: vec![0, 1],
            ..Default::default()
        }
    );
}

#[test]
fn every_column_needs_exactly_two() {
    // (4,1) moves left within its row and region 5.
    let v = violations(&mutated(&[mv((4, 1), (4, 0))]));
    assert_eq!(
        v,
        Violations {
            columns: vec![0, 1],
            ..Default::default()
        }
    );
}

#[test]
fn every_region_needs_exactly_two() {
    // Swapping the columns of (2,9) and (3,7): rows and columns still hold
    // two and nothing touches; region 3 keeps two (it trades (2,9) for
    // (3,9)), but region 2 gains (2,7) and region 4 loses (3,7).
    let v = violations(&mutated(&[mv((2, 9), (2, 7)), mv((3, 7), (3, 9))]));
    assert_eq!(
        v,
        Violations {
            regions: vec![2, 4],
            ..Default::default()
        }
    );
}

#[test]
fn stars_may_not_touch_diagonally() {
    // Swapping the columns of (0,6) and (1,1) keeps rows, columns and
    // regions at two, but the new (1,6) touches (2,5) corner to corner.
    let v = violations(&mutated(&[mv((0, 6), (0, 1)), mv((1, 1), (1, 6))]));
    assert_eq!(
        v,
        Violations {
            touching: vec![((1, 6), (2, 5))],
            ..Default::default()
        }
    );
    // Swapping the columns of (0,8) and (1,1): (1,8) touches (2,9), the
    // other diagonal direction.
    let v = violations(&mutated(&[mv((0, 8), (0, 1)), mv((1, 1), (1, 8))]));
    assert_eq!(
        v,
        Violations {
            touching: vec![((1, 8), (2, 9))],
            ..Default::default()
        }
    );
}

#[test]
fn stars_may_not_touch_orthogonally() {
    // Swapping the columns of (0,8) and (5,7): the new (0,7) sits right
    // beside (0,6) and the new (5,8) beside (5,9).
    let v = violations(&mutated(&[mv((0, 8), (0, 7)), mv((5, 7), (5, 8))]));
    assert_eq!(
        v,
        Violations {
            touching: vec![((0, 6), (0, 7)), ((5, 8), (5, 9))],
            ..Default::default()
        }
    );
    // Swapping the columns of (8,2) and (9,0): the new (8,0) sits right
    // below (7,0).
    let v = violations(&mutated(&[mv((8, 2), (8, 0)), mv((9, 0), (9, 2))]));
    assert_eq!(
        v,
        Violations {
            touching: vec![((7, 0), (8, 0))],
            ..Default::default()
        }
    );
}

#[test]
fn star_counts_other_than_twenty_are_invalid() {
    let nineteen = mutated(&[(Some((5, 9)), None)]);
    let v = violations(&nineteen);
    assert_eq!(
        (v.rows.as_slice(), v.columns.as_slice()),
        (&[5][..], &[9][..])
    );
    let twenty_one = mutated(&[(None, Some((9, 9)))]);
    assert!(!violations(&twenty_one).is_empty());
    let empty_row = mutated(&[(Some((3, 3)), None), (Some((3, 7)), None)]);
    assert_eq!(violations(&empty_row).rows, vec![3]);
    let none = Puzzle {
        stars: [[false; SIZE]; SIZE],
        ..mutated(&[])
    };
    assert_eq!(violations(&none).rows.len(), SIZE);
}

#[test]
fn each_touching_pair_is_reported_once() {
    let mut p = mutated(&[]);
    p.stars = [[false; SIZE]; SIZE];
    for (r, c) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        p.stars[r][c] = true;
    }
    assert_eq!(violations(&p).touching.len(), 6);
}

/// The rule the strict validator names for the first sample with row
/// `index` (0-based over both grids) replaced by `row`.
fn rule_with_row(index: usize, row: &str) -> Option<String> {
    let mut lines: Vec<&str> = REGIONS.iter().chain(&SOLUTION).copied().collect();
    lines[index] = row;
    StarBattle.validate(&text(&lines, &[])).unwrap_err().rule
}

/// Every rejection of the strict validator, of corrupted cases and
/// generated inputs, names a rule [`StarBattle`] lists: an invalid input
/// can declare it, and `judge validate` can hold the file to it.
#[test]
fn every_rejection_names_a_listed_rule() {
    let seen = judge_solver::testing::rules_are_named(&StarBattle, env!("CARGO_MANIFEST_DIR"), 300);
    for expected in [
        layout::TRAILING_SPACE,
        layout::LEADING_SPACE,
        layout::CRLF,
        layout::BLANK_LINE,
        layout::EXTRA_DATA,
        layout::FINAL_NEWLINE,
        rule::REGION_ROWS,
        rule::ROW_LENGTH,
        rule::REGION_DIGIT,
        rule::CANDIDATE_CHARACTER,
    ] {
        assert!(seen.contains(expected), "{expected} never named: {seen:?}");
    }
}

/// The rules random corruption does not reach (it never rewrites a
/// region digit in place or puts a space inside a row), one fault each.
#[test]
fn region_and_cell_rules_are_named() {
    let named = |index, row: &str| rule_with_row(index, row);
    // Region 0 gains a cell cut off in the bottom right corner.
    assert_eq!(
        named(9, "8999976660").as_deref(),
        Some(rule::CONNECTED_REGIONS)
    );
    // The 9s become 8s: region 8 stays one piece, region 9 is gone.
    let no_nine: Vec<String> = REGIONS.iter().map(|r| r.replace('9', "8")).collect();
    let no_nine: Vec<&str> = no_nine.iter().map(String::as_str).collect();
    let e = StarBattle.validate(&text(&no_nine, &SOLUTION)).unwrap_err();
    assert_eq!(e.rule.as_deref(), Some(rule::TEN_REGIONS), "{e}");
    assert_eq!(
        named(0, "000 111223").as_deref(),
        Some(rule::SPACE_BETWEEN_CELLS)
    );
    assert_eq!(named(4, "554444*433").as_deref(), Some(rule::REGION_DIGIT));
    assert_eq!(named(9, "......*.*.").as_deref(), Some(rule::REGION_ROWS));
    assert_eq!(
        named(14, ".o...*....").as_deref(),
        Some(rule::CANDIDATE_CHARACTER)
    );
    assert_eq!(named(14, ".*...*...").as_deref(), Some(rule::ROW_LENGTH));
    assert_eq!(
        named(14, ".*...*.... ").as_deref(),
        Some(layout::TRAILING_SPACE)
    );
    assert_eq!(named(14, "").as_deref(), Some(layout::BLANK_LINE));
}

/// The list is exact: no rule this format cannot break (no layout rule
/// it has no place for, nor the stars' count, which is counted, not read).
#[test]
fn no_rule_the_format_cannot_break_is_listed() {
    let rules = StarBattle.rules();
    assert!(!rules.contains(&"stars-in-the-candidate-range".to_string()));
    assert!(rules.contains(&rule::TEN_REGIONS.to_string()));
    for absent in [layout::DOUBLE_SPACE, layout::FIELD_COUNT, layout::INTEGER] {
        assert!(!rules.iter().any(|r| r == absent), "{absent}");
    }
}
