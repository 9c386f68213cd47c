//! `report.yaml`: the machine-readable record of a run.

use super::Report;

pub fn render(report: &Report) -> Result<String, serde_yaml::Error> {
    serde_yaml::to_string(report)
}

/// Reads a report back, e.g. to merge or compare runs.
pub fn parse(text: &str) -> Result<Report, serde_yaml::Error> {
    serde_yaml::from_str(text)
}

/// Reads a `report.yaml` file, with the path (and line and column) in
/// every error.
pub(crate) fn read_file(path: &std::path::Path) -> crate::error::Result<Report> {
    use crate::error::Error;
    let text = std::fs::read_to_string(path).map_err(Error::io(path, "cannot read"))?;
    parse(&text).map_err(|e| {
        let at = match e.location() {
            Some(l) => format!("{}:{}:{}", path.display(), l.line(), l.column()),
            None => path.display().to_string(),
        };
        let message = e.to_string();
        let message = message
            .rfind(" at line ")
            .map_or(message.as_str(), |i| &message[..i]);
        Error::NotAReport {
            at,
            reason: message.to_string(),
        }
    })
}
