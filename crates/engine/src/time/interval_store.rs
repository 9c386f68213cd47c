//! The interval `judge timelimit` measured last, kept in the cache so that
//! `judge check` can warn when a problem's limit lies outside it, without
//! measuring anything: a calibration takes minutes of repeated runs, a
//! check must not.
//!
//! One small YAML file per problem folder (named by a hash of its path,
//! so two problems with one id in different folders do not meet), with a
//! fingerprint of the submissions it was measured on: when they changed
//! since, the warning says the interval may be stale.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::cache::Cache;
use crate::problem::Problem;
use crate::time::calibrate::seconds;
use crate::time::interval::Interval;

/// What is kept of one calibration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Stored {
    pub problem: String,
    /// The lower end in seconds, `None` when nothing bounds it below.
    pub low: Option<f64>,
    /// The upper end in seconds, `None` when nothing bounds it above.
    pub high: Option<f64>,
    /// The upper end came from a run cut at the probe: at least `high`.
    pub high_at_least: bool,
    pub empty: bool,
    /// Seconds since the epoch when it was measured.
    pub measured_at: u64,
    pub runs: usize,
    /// Hash of the submissions' files when measured.
    pub submissions: String,
}

fn file(cache: &Cache, problem: &Problem) -> PathBuf {
    let key = blake3::hash(problem.dir.to_string_lossy().as_bytes()).to_hex();
    cache
        .root()
        .join("timelimit")
        .join(format!("{}-{}.yaml", problem.id, &key[..16]))
}

/// A hash of every file under the problem's submission folders (their
/// paths and bytes): what the interval was measured on.
pub fn fingerprint(problem: &Problem) -> String {
    let mut hasher = blake3::Hasher::new();
    let dir = problem.dir.join("submissions");
    let walk = walkdir::WalkDir::new(&dir).sort_by_file_name();
    for entry in walk
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
    {
        hasher.update(entry.path().to_string_lossy().as_bytes());
        if let Ok(bytes) = std::fs::read(entry.path()) {
            hasher.update(&bytes);
        }
    }
    hasher.finalize().to_hex()[..16].to_string()
}

/// Keeps `interval` as the last one measured for `problem`.
pub fn save(
    cache: &Cache,
    problem: &Problem,
    interval: &Interval,
    runs: usize,
) -> std::io::Result<()> {
    let stored = Stored {
        problem: problem.id.clone(),
        low: interval.low().map(|c| c.limit),
        high: interval.high().map(|c| c.limit),
        high_at_least: interval.high().is_some_and(|c| c.time.cut),
        empty: interval.is_empty(),
        measured_at: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        runs,
        submissions: fingerprint(problem),
    };
    let path = file(cache, problem);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let text = serde_yaml::to_string(&stored).map_err(std::io::Error::other)?;
    judge_fs::write_atomic(&path, text.as_bytes())
}

/// The interval last measured for `problem`, if any (an unreadable file
/// is as good as none: it is a cache).
pub fn load(cache: &Cache, problem: &Problem) -> Option<Stored> {
    let text = std::fs::read_to_string(file(cache, problem)).ok()?;
    serde_yaml::from_str(&text).ok()
}

/// The warning for `problem` when its limit lies outside `stored` (or
/// the interval was empty), saying when it was measured and whether the
/// submissions changed since.
pub fn warning(problem: &Problem, stored: &Stored) -> Option<String> {
    let limit = problem.spec.limits.time.as_secs_f64();
    let span = format!(
        "[{}, {}]",
        stored
            .low
            .map_or("0".into(), |l| format!("{} s", seconds(l))),
        stored.high.map_or("∞".into(), |h| format!(
            "{}{} s",
            if stored.high_at_least { "≥ " } else { "" },
            seconds(h)
        ))
    );
    let outside = stored.low.is_some_and(|l| limit < l)
        || stored
            .high
            .is_some_and(|h| limit > h && !stored.high_at_least);
    if !(outside || stored.empty) {
        return None;
    }
    let what = match stored.empty {
        true => format!("no limit keeps every submission's promise (interval {span} is empty)"),
        false => format!(
            "the time limit {} s lies outside {span}, where every submission keeps its promise",
            seconds(limit)
        ),
    };
    let stale = match fingerprint(problem) == stored.submissions {
        true => "",
        false => "; the submissions changed since",
    };
    Some(format!(
        "{}: {what} (measured by `judge timelimit`, {}{stale}): run `judge timelimit {}`",
        problem.id,
        ago(stored.measured_at),
        problem.id
    ))
}

/// "3 days ago", "5 minutes ago": when a calibration was made.
fn ago(then: u64) -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let s = now.saturating_sub(then);
    let (n, unit) = match s {
        0..120 => return "just now".into(),
        120..7200 => (s / 60, "minute"),
        7200..172_800 => (s / 3600, "hour"),
        _ => (s / 86_400, "day"),
    };
    format!("{n} {unit}s ago")
}

/// Every warning of `problems` from the intervals kept in `cache`.
pub fn warnings(cache: &Cache, problems: &[Problem]) -> Vec<String> {
    problems
        .iter()
        .filter_map(|p| warning(p, &load(cache, p)?))
        .collect()
}
