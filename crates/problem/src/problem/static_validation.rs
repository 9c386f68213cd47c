//! 2025-09 static validation: a program run on a submission's files
//! (not on its output), whose verdict is one more test case of a group
//! (its "static validation test case"), declared in the group's
//! `test_group.yaml` by `static_validation_score` with the arguments of
//! `static_validator_args`.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// The static validator and the groups that hold a static validation
/// case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StaticValidation {
    /// The static validator program (relative to the problem).
    pub program: PathBuf,
    /// One static validation case per group that declares one, in case
    /// order of the groups.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cases: Vec<StaticCase>,
}

/// The static validation case of one group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StaticCase {
    /// The group, as case groups are named (`""`: the top of the secret
    /// data, `sample`, a group's name).
    #[serde(default)]
    pub group: String,
    /// `static_validator_args`: passed after the three fixed arguments.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
}

impl StaticCase {
    /// The name its case goes by in reports, beside the group's data
    /// cases (no data case can be named so: a case's name is a file
    /// name, which holds no space).
    pub const NAME: &'static str = "static validation";

    /// `group/static validation`, as a case's id is made.
    pub fn id(&self) -> String {
        match self.group.is_empty() {
            true => Self::NAME.to_string(),
            false => format!("{}/{}", self.group, Self::NAME),
        }
    }
}
