//! This problem's own rules, phrased after the statement's input section,
//! by the names its validators give them (`validators/validate.cpp` names
//! each the same): what an input of `invalid/` declares it breaks.

/// A cell of the puzzle that is not a region digit 0-9 ("each of them
/// contains exactly 10 digits").
pub const REGION_DIGIT: &str = "region-digit";
/// A cell of the candidate that is neither `.` nor `*`.
pub const CANDIDATE_CHARACTER: &str = "candidate-character";
/// A space between two cells ("exactly 10 digits (no spaces)"); one
/// at either end of a line is a leading or trailing space.
pub const SPACE_BETWEEN_CELLS: &str = "space-between-cells";
/// A row of other than ten cells.
pub const ROW_LENGTH: &str = "row-length";
/// A row of `.`/`*` where a region row belongs: the puzzle has fewer
/// than its ten lines, and the candidate starts early.
pub const REGION_ROWS: &str = "region-rows";
/// A region digit that names no cell ("the puzzle has exactly 10
/// regions").
pub const TEN_REGIONS: &str = "ten-regions";
/// A region whose cells are not all 4-connected ("each of them
/// 4-connected").
pub const CONNECTED_REGIONS: &str = "connected-regions";

/// All of them, in the order the validator checks them.
pub const OWN: [&str; 7] = [
    REGION_ROWS,
    SPACE_BETWEEN_CELLS,
    REGION_DIGIT,
    CANDIDATE_CHARACTER,
    ROW_LENGTH,
    TEN_REGIONS,
    CONNECTED_REGIONS,
];
