//! Expected-verdict submissions: `submissions/<folder>/*` and what each
//! promises, with `submissions/submissions.yaml` adding to the folders'
//! promises (the ICPC 2025-09 file, read in `rules`).
//!
//! A submission is a file or a folder of sources directly in a verdict
//! folder, or (a submit-answer problem's) a folder of answers (`answers`). Names starting with `.` and names ending in `.disabled` are
//! skipped (listed, not judged), in judge's layout and in a package alike.
//!
//! A package is read with DOMjudge's conventions too (`domjudge`): the
//! `@EXPECTED_RESULTS@:` tag of a source, folders named after DOMjudge's
//! results, `submissions.json`. Every folder of a package is judged (`find`):
//! by its tags, its name, or with no promise, never dropped unsaid. What
//! each promise means and what keeps it is in `promise`.

mod answers;
mod demand;
mod domjudge;
mod find;
mod promise;
mod rules;

pub use answers::{ANSWER_EXTENSION, is_answers};
pub use demand::Demand;
pub use domjudge::{Outcome, Results, SecondTag, Tag, normalise, tag_of};
pub use find::{Found, find, find_at, skip_reason};
pub use promise::{Expectation, Expected, FOLDERS};
pub use rules::{
    Bound, Kind, Rule, ScoreSpec, TimeUse, case_in_groups, glob_matches, judge_pattern,
};
