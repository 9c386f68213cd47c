//! What run a report is of: the command that made it ([`RunKind`]) and
//! how it was made ([`Meta`]).

use serde::{Deserialize, Serialize};

use crate::shard::Shard;

/// Which command made a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunKind {
    Check,
    Validate,
    Grade,
}

impl RunKind {
    pub fn name(self) -> &'static str {
        match self {
            RunKind::Check => "check",
            RunKind::Validate => "validate",
            RunKind::Grade => "grade",
        }
    }
}

impl std::fmt::Display for RunKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How the run was made; everything here but the timings is reproducible.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Meta {
    pub tool: String,
    pub version: String,
    pub kind: RunKind,
    /// The command line as typed.
    pub command: String,
    /// RFC 3339, UTC.
    pub started_at: String,
    pub duration_ms: f64,
    pub jobs: usize,
    /// Content hash of the whole selected test set (see `shard::test_set_hash`).
    #[serde(default)]
    pub test_set: String,
    /// `K/N` when this report covers one shard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// Facts a reader must know to trust the run (the sandbox, accounting).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Things that make the run less trustworthy (no sandbox, a time
    /// limit an accepted submission comes too close to): shown on the
    /// console and on top of the HTML page.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// How submissions were isolated (`bubblewrap`, `none`); absent for
    /// runs that start no program.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sandbox: Option<String>,
    /// Present when the report holds only the problems that had finished:
    /// the run was stopped by a signal, or it was still going when this
    /// was written (a run rewrites its report as problems finish, so one
    /// killed without a word leaves that). Shown on top of the HTML page
    /// and on the console.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<Interrupted>,
}

/// How far an unfinished run got.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Interrupted {
    /// The signal that stopped it (`SIGTERM`); absent while it runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signal: Option<String>,
    /// Problems finished, whose records the report holds.
    pub problems_done: usize,
    /// Problems the run had.
    pub problems_total: usize,
}

impl Interrupted {
    /// What the report is, in one sentence, for the console and the page.
    pub fn sentence(&self) -> String {
        let (done, total) = (self.problems_done, self.problems_total);
        match &self.signal {
            Some(signal) => format!(
                "interrupted by {signal}: this report holds the {done} of {total} problems that finished"
            ),
            None => format!(
                "unfinished: written while the run was going, it holds the {done} of {total} problems finished by then"
            ),
        }
    }
}

impl Meta {
    /// Metadata for a run starting now.
    pub fn new(kind: RunKind, command: String, jobs: usize) -> Self {
        Meta {
            tool: "judge".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            kind,
            command,
            started_at: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
            duration_ms: 0.0,
            jobs,
            test_set: String::new(),
            shard: None,
            notes: Vec::new(),
            warnings: Vec::new(),
            sandbox: None,
            interrupted: None,
        }
    }
}
