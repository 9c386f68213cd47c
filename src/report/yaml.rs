//! `report.yaml`: the machine-readable record of a run.

use super::Report;

pub fn render(report: &Report) -> Result<String, serde_yaml::Error> {
    serde_yaml::to_string(report)
}

/// Reads a report back, e.g. to merge or compare runs.
pub fn parse(text: &str) -> Result<Report, serde_yaml::Error> {
    serde_yaml::from_str(text)
}

/// Reads a `report.yaml` file, with the path in every error.
pub fn read_file(path: &std::path::Path) -> Result<Report, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: not a judge report: {e}", path.display()))
}
