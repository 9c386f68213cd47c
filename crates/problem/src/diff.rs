//! Diffs that explain a verdict: unified text for reports, and inline word
//! highlights for the terminal and the HTML page.
//!
//! Reports store the plain unified text (readable in YAML, stable across
//! versions); renderers recompute highlights from it with [`highlight`], so
//! the report stays a pure data record.

use std::time::Duration;

use similar::{ChangeTag, TextDiff};

/// Diff lines kept in a report per failing case.
pub(crate) const REPORT_LINES: usize = 200;
/// Diff lines printed per failing case on the terminal.
pub const TERMINAL_LINES: usize = 12;
/// Only this much of each side is diffed: enough to explain any failure,
/// small enough that a runaway output cannot stall the report.
const MAX_DIFF_BYTES: usize = 1 << 20;

fn diff_input(bytes: &[u8]) -> String {
    String::from_utf8_lossy(&bytes[..bytes.len().min(MAX_DIFF_BYTES)]).into_owned()
}

/// Unified diff from `expected` to `actual`, cut after `max_lines` lines.
pub(crate) fn unified(expected: &[u8], actual: &[u8], max_lines: usize) -> String {
    unified_between(expected, actual, max_lines, ("expected", "actual"))
}

/// A unified diff like the crate's own `unified`, with other names for
/// the two sides (`regen` shows the committed answer against the
/// regenerated one).
pub fn unified_between(
    expected: &[u8],
    actual: &[u8],
    max_lines: usize,
    names: (&str, &str),
) -> String {
    let (old, new) = (diff_input(expected), diff_input(actual));
    let diff = TextDiff::configure()
        .timeout(Duration::from_millis(500))
        .diff_lines(&old, &new);
    let text = diff
        .unified_diff()
        .context_radius(3)
        .header(names.0, names.1)
        .to_string();
    if text.is_empty() {
        // Same text after lossy decoding: the bytes differ in invalid UTF-8.
        return format!(
            "--- {}\n+++ {}\n(outputs differ only in bytes that are not valid UTF-8)\n",
            names.0, names.1
        );
    }
    truncate_lines(&text, max_lines)
}

/// Keeps the first `max_lines` lines and says how many were dropped.
pub fn truncate_lines(text: &str, max_lines: usize) -> String {
    let total = text.lines().count();
    if total <= max_lines {
        return text.to_string();
    }
    let mut kept: String = text
        .lines()
        .take(max_lines)
        .flat_map(|l| [l, "\n"])
        .collect();
    kept.push_str(&format!("… {} more diff lines\n", total - max_lines));
    kept
}

/// Lines added and removed between two texts, for `regen`'s diff stat.
pub fn stat(old: &[u8], new: &[u8]) -> (usize, usize) {
    let (old, new) = (diff_input(old), diff_input(new));
    let diff = TextDiff::configure()
        .timeout(Duration::from_millis(500))
        .diff_lines(&old, &new);
    diff.iter_all_changes()
        .fold((0, 0), |(add, del), c| match c.tag() {
            ChangeTag::Insert => (add + 1, del),
            ChangeTag::Delete => (add, del + 1),
            ChangeTag::Equal => (add, del),
        })
}

/// What a line of a unified diff is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    /// `--- expected` / `+++ actual`.
    Header,
    /// `@@ -a,b +c,d @@`.
    Hunk,
    Context,
    Removed,
    Added,
    /// `\ No newline at end of file`, truncation notes.
    Note,
}

/// A diff line split into runs; `true` marks a changed word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StyledLine {
    pub kind: LineKind,
    pub parts: Vec<(bool, String)>,
}

impl StyledLine {
    fn plain(kind: LineKind, text: &str) -> Self {
        StyledLine {
            kind,
            parts: vec![(false, text.to_string())],
        }
    }
}

/// Parses unified diff text back into lines, pairing each run of removed
/// lines with the added lines after it and marking the words that changed.
pub fn highlight(unified: &str) -> Vec<StyledLine> {
    let lines: Vec<&str> = unified.lines().collect();
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.starts_with("--- ") || line.starts_with("+++ ") {
            out.push(StyledLine::plain(LineKind::Header, line));
        } else if line.starts_with("@@") {
            out.push(StyledLine::plain(LineKind::Hunk, line));
        } else if let Some(rest) = line.strip_prefix(' ') {
            out.push(StyledLine::plain(LineKind::Context, rest));
        } else if line.starts_with('-') || line.starts_with('+') {
            let removed = run(&lines[i..], '-');
            let added = run(&lines[i + removed.len()..], '+');
            i += removed.len() + added.len();
            out.extend(inline_block(&removed, &added));
            continue;
        } else {
            out.push(StyledLine::plain(LineKind::Note, line));
        }
        i += 1;
    }
    out
}

/// The consecutive lines starting with `sign`, without the sign.
fn run<'a>(lines: &[&'a str], sign: char) -> Vec<&'a str> {
    lines.iter().map_while(|l| l.strip_prefix(sign)).collect()
}

fn inline_block(removed: &[&str], added: &[&str]) -> Vec<StyledLine> {
    let join = |ls: &[&str]| ls.iter().flat_map(|l| [*l, "\n"]).collect::<String>();
    let (old, new) = (join(removed), join(added));
    let diff = TextDiff::configure()
        .timeout(Duration::from_millis(100))
        .diff_lines(&old, &new);
    let mut removed_lines = Vec::new();
    let mut added_lines = Vec::new();
    for op in diff.ops() {
        for change in diff.iter_inline_changes(op) {
            let parts: Vec<(bool, String)> = change
                .iter_strings_lossy()
                .map(|(emph, s)| (emph, s.trim_end_matches('\n').to_string()))
                .filter(|(_, s)| !s.is_empty())
                .collect();
            match change.tag() {
                ChangeTag::Delete => removed_lines.push(StyledLine {
                    kind: LineKind::Removed,
                    parts,
                }),
                ChangeTag::Insert => added_lines.push(StyledLine {
                    kind: LineKind::Added,
                    parts,
                }),
                // Identical lines cannot occur inside a block of changes,
                // but if the differ pairs them, show them as both.
                ChangeTag::Equal => {
                    removed_lines.push(StyledLine {
                        kind: LineKind::Removed,
                        parts: parts.clone(),
                    });
                    added_lines.push(StyledLine {
                        kind: LineKind::Added,
                        parts,
                    });
                }
            }
        }
    }
    removed_lines.extend(added_lines);
    removed_lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unified_diff_names_both_sides_and_the_changed_line() {
        let d = unified(b"a\nb\nc\n", b"a\nB\nc\n", 100);
        assert!(d.starts_with("--- expected\n+++ actual\n@@"), "{d}");
        assert!(d.contains("\n-b\n+B\n"), "{d}");
    }

    #[test]
    fn a_missing_final_newline_is_visible() {
        let d = unified(b"a\n", b"a", 100);
        assert!(d.contains("No newline at end of file"), "{d}");
    }

    #[test]
    fn long_diffs_are_cut_with_a_count() {
        let old: String = (0..100).map(|i| format!("{i}\n")).collect();
        let d = unified(old.as_bytes(), b"", 10);
        assert_eq!(d.lines().count(), 11);
        assert!(d.ends_with("more diff lines\n"), "{d}");
    }

    #[test]
    fn highlight_marks_only_the_changed_word() {
        let d = unified(b"Case 1: valid\n", b"Case 1: invalid\n", 100);
        let lines = highlight(&d);
        let removed = lines.iter().find(|l| l.kind == LineKind::Removed).unwrap();
        let added = lines.iter().find(|l| l.kind == LineKind::Added).unwrap();
        let emph = |l: &StyledLine| -> String {
            l.parts
                .iter()
                .filter(|p| p.0)
                .map(|p| p.1.clone())
                .collect()
        };
        assert_eq!(emph(removed), "valid");
        assert_eq!(emph(added), "invalid");
        let all: String = added.parts.iter().map(|p| p.1.clone()).collect();
        assert_eq!(all, "Case 1: invalid");
    }

    #[test]
    fn stat_counts_lines() {
        assert_eq!(stat(b"a\nb\n", b"a\nc\nd\n"), (2, 1));
    }
}
