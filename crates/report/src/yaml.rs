//! `report.yaml`: the machine-readable record of a run.

use super::Report;

pub fn render(report: &Report) -> Result<String, serde_yaml::Error> {
    serde_yaml::to_string(report)
}

/// Reads a report back, e.g. to merge or compare runs.
pub fn parse(text: &str) -> Result<Report, serde_yaml::Error> {
    serde_yaml::from_str(text)
}

/// Reads a `report.yaml` file, with the path, line and column in every
/// error (through [`crate::located`], like every other file judge reads:
/// bytes that are not UTF-8 and YAML faults are placed alike).
pub fn read_file(path: &std::path::Path) -> crate::error::Result<Report> {
    use crate::error::Error;
    let located = crate::located::read(path)
        .map_err(Error::io(path, "cannot read"))?
        .and_then(|text| crate::located::yaml::<Report>(&text));
    located.map_err(|e| Error::NotAReport {
        at: format!("{}:{}:{}", path.display(), e.line, e.col),
        reason: e.message.clone(),
    })
}
