//! The failing cases on the terminal, one line each in aligned columns:
//! verdict, problem, case, CPU time against the limit, memory, the reason,
//! the input's path. A CI log shows every failure at a glance; the diffs
//! of the first few follow (all of them are in `report.html`).

use std::fmt::Write;

use super::console::{Style, human_ms, pad};
use super::{CaseReport, ProblemReport, Report};
use crate::units::format_size_approx;

/// Characters of a message kept on its line.
const MESSAGE_WIDTH: usize = 60;

/// One row's cells, plain (colour is added after padding).
fn cells(p: &ProblemReport, c: &CaseReport) -> [String; 7] {
    let cpu = match (c.cpu_ms, p.limits) {
        (Some(t), Some(l)) => format!("{}/{}", human_ms(t), human_ms(l.time_ms)),
        (Some(t), None) => human_ms(t),
        (None, _) => format!("{} wall", human_ms(c.time_ms)),
    };
    let memory = c.memory_kib.map_or("—".to_string(), |m| {
        if m == 0 {
            "<1 KiB".into()
        } else {
            format_size_approx(m * 1024)
        }
    });
    let input = c.input.as_ref().map_or(String::new(), |i| i.path.clone());
    let message = c.message.as_deref().unwrap_or(c.verdict.describe());
    let message = message.lines().next().unwrap_or("");
    // `path:3:11: …` names the input the last column names already.
    let message = match message.strip_prefix(input.as_str()) {
        Some(rest) if !input.is_empty() && rest.starts_with(':') => &rest[1..],
        _ => message,
    };
    let message = match message.char_indices().nth(MESSAGE_WIDTH) {
        Some((i, _)) => format!("{}…", &message[..i]),
        None => message.to_string(),
    };
    [
        c.verdict.code().to_string(),
        p.id.clone(),
        c.id(),
        cpu,
        memory,
        message,
        input,
    ]
}

/// The table of failing cases (empty when none failed). Compile errors
/// are left out: the compiler's output says it once for all cases.
pub fn table(report: &Report, style: Style) -> String {
    let rows: Vec<(&CaseReport, [String; 7])> = report
        .problems
        .iter()
        .flat_map(|p| {
            p.cases
                .iter()
                .filter(|c| {
                    !c.verdict.is_pass() && c.verdict != crate::verdict::Verdict::CompileError
                })
                .map(move |c| (c, cells(p, c)))
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    let mut widths = [0usize; 7];
    for (_, row) in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = format!(
        "{}\n",
        style.bold(&format!("failing cases ({})", rows.len()))
    );
    for (c, row) in &rows {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            if cell.is_empty() && i + 1 == row.len() {
                break;
            }
            // Numbers right-aligned; the last column is not padded.
            let right = i == 3 || i == 4;
            let text = if i + 1 == row.len() {
                cell.clone()
            } else {
                pad(cell, widths[i], right)
            };
            let text = match i {
                0 => style.in_verdict_colour(c.verdict, &text),
                1 => style.bold(&text),
                6 => style.dim(&text),
                _ => text,
            };
            if i > 0 {
                line.push_str("  ");
            }
            line.push_str(&text);
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> Report {
        let yaml = r#"
meta: {tool: judge, version: '0', kind: grade, command: c, started_at: t, duration_ms: 1, jobs: 1}
summary: {cases: 3, passed: 1, failed: 2, verdicts: {}}
problems:
- id: atoms
  name: Atoms
  compare: tokens
  subject: s
  passed: 1
  failed: 2
  time_ms: 1
  limits: {time_ms: 1000, memory_kib: 262144, output_kib: 8192}
  cases:
  - {group: secret, name: ok, verdict: AC, time_ms: 1}
  - {group: secret, name: slow-one, verdict: TLE, time_ms: 1500, cpu_ms: 1036, memory_kib: 5000,
     message: CPU time 1.036 s over the limit of 1.000 s,
     input: {path: problems/atoms/cases/secret/slow-one.in, head: '1', lines: 1, bytes: 2}}
  - {group: sample, name: x, verdict: WA, time_ms: 3, cpu_ms: 2.5, memory_kib: 0, message: "line 1: expected 1\nmore"}
"#;
        serde_yaml::from_str(yaml).unwrap()
    }

    #[test]
    fn one_aligned_line_per_failing_case_with_or_without_colour() {
        let plain = table(&report(), Style { color: false });
        let lines: Vec<&str> = plain.lines().collect();
        assert_eq!(lines.len(), 3, "{plain}");
        assert_eq!(lines[0], "failing cases (2)");
        assert!(
            lines[1].starts_with("TLE  atoms  secret/slow-one  1.04s/1.00s"),
            "{plain}"
        );
        assert!(
            lines[1].ends_with("problems/atoms/cases/secret/slow-one.in"),
            "{plain}"
        );
        assert!(lines[2].contains("line 1: expected 1") && !lines[2].contains("more"));
        assert!(lines[2].contains("<1 KiB"), "{plain}");
        // The columns line up: the message starts at the same place.
        let at = |l: &str, s: &str| l.find(s).unwrap();
        assert_eq!(at(lines[1], "CPU time"), at(lines[2], "line 1"));
        // With colour, the same columns once the escape codes are removed.
        let coloured = table(&report(), Style { color: true });
        assert!(coloured.contains("\x1b["));
        assert_eq!(strip(&coloured), plain);
    }

    /// Removes `ESC [ … m` sequences.
    fn strip(text: &str) -> String {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for d in chars.by_ref() {
                    if d == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }
}
