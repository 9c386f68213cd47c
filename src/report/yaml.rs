//! `report.yaml`: the machine-readable record of a run.

use super::Report;

pub fn render(report: &Report) -> Result<String, serde_yaml::Error> {
    serde_yaml::to_string(report)
}

/// Reads a report back, e.g. to merge or compare runs.
pub fn parse(text: &str) -> Result<Report, serde_yaml::Error> {
    serde_yaml::from_str(text)
}
