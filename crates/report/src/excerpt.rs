//! The start of a failing case's input, kept in the report so a reader
//! sees what the program was given without the test set at hand (a CI
//! artifact is often read far from the checkout).

use std::path::Path;

use serde::{Deserialize, Serialize};

/// The start of a case input.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InputExcerpt {
    /// As discovered (relative to where judge ran, normally).
    pub path: String,
    /// Its first lines, each cut to a readable width.
    pub head: String,
    pub lines: usize,
    pub bytes: u64,
}

/// Lines of a failing case's input kept in the report.
const EXCERPT_LINES: usize = 8;
/// Characters of one excerpt line kept.
const EXCERPT_WIDTH: usize = 120;

impl InputExcerpt {
    /// Reads the start of `path`; `None` when it cannot be read. Reads at
    /// most 64 KiB for the head, so a huge input costs no more than a
    /// small one; the line count is of the whole file.
    pub fn read(path: &Path) -> Option<InputExcerpt> {
        use std::io::Read;
        let mut file = std::fs::File::open(path).ok()?;
        let bytes = file.metadata().ok()?.len();
        let mut start = Vec::new();
        file.by_ref().take(64 << 10).read_to_end(&mut start).ok()?;
        let mut lines = start.iter().filter(|&&b| b == b'\n').count();
        let mut last = start.last().copied();
        let mut chunk = [0u8; 64 << 10];
        loop {
            match file.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    lines += chunk[..n].iter().filter(|&&b| b == b'\n').count();
                    last = Some(chunk[n - 1]);
                }
            }
        }
        // A last line without a line end is a line too.
        if last.is_some_and(|b| b != b'\n') {
            lines += 1;
        }
        let text = String::from_utf8_lossy(&start);
        let head = text
            .lines()
            .take(EXCERPT_LINES)
            .map(|l| match l.char_indices().nth(EXCERPT_WIDTH) {
                Some((i, _)) => format!("{}…", &l[..i]),
                None => l.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n");
        Some(InputExcerpt {
            path: path.display().to_string(),
            head,
            lines,
            bytes,
        })
    }

    /// Lines of the input the excerpt leaves out.
    pub fn more_lines(&self) -> usize {
        self.lines.saturating_sub(self.head.lines().count())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_excerpt_keeps_the_first_lines_cut_and_counts_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("big.in");
        let long = "9".repeat(300);
        let mut text = format!("{long}\n");
        for i in 0..20_000 {
            text.push_str(&format!("{i}\n"));
        }
        text.push_str("last line without newline");
        std::fs::write(&file, &text).unwrap();
        let e = InputExcerpt::read(&file).unwrap();
        assert_eq!(e.lines, 20_002);
        assert_eq!(e.bytes, text.len() as u64);
        let head: Vec<&str> = e.head.lines().collect();
        assert_eq!(head.len(), EXCERPT_LINES);
        assert_eq!(head[0], format!("{}…", "9".repeat(EXCERPT_WIDTH)));
        assert_eq!(head[1], "0");
        assert_eq!(e.more_lines(), 20_002 - EXCERPT_LINES);
        // A short file without a final newline counts its last line too.
        std::fs::write(&file, "1\n2").unwrap();
        let e = InputExcerpt::read(&file).unwrap();
        assert_eq!((e.lines, e.more_lines()), (2, 0));
        assert!(InputExcerpt::read(&dir.path().join("missing")).is_none());
    }
}
