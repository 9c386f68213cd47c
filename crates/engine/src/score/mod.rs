//! Scores.

pub mod custom_grader;
