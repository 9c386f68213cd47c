//! Reading the text files people write by hand (`problem.yaml`,
//! `group.yaml`, `submissions.yaml`, `judge-config.yaml`, package settings,
//! case inputs) so that every fault has a place.
//!
//! A person fixing a file needs to know where it is broken, and an editor
//! can jump to `file:line:col`. So every rejection here is an
//! [`InputError`] (line and column, 1-based, columns counted in
//! characters), whatever went wrong: bytes that are not UTF-8, YAML that
//! does not parse, a value of the wrong type, or a rule checked after
//! parsing. Callers put the file name in front, which gives the one form
//! judge uses everywhere: `file:line:col: message`.

use std::io::Read;

use crate::scan::InputError;
pub use crate::scan::quote;

/// The text of `bytes`, or where the first byte that is not UTF-8 is.
///
/// Reading stops being useful at the first bad byte, so the error names
/// that byte's line and column (in characters, like every other column).
pub fn text(bytes: Vec<u8>) -> Result<String, InputError> {
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        not_utf8(&e.as_bytes()[..valid])
    })
}

/// The error for a file whose UTF-8 ends after `valid` (which is UTF-8).
pub fn not_utf8(valid: &[u8]) -> InputError {
    // `valid` is UTF-8 by construction; the lossy view only avoids an unwrap.
    let (line, col) = end_of(&String::from_utf8_lossy(valid));
    InputError::new(line, col, "the file is not valid UTF-8 text").rule(crate::rule::UTF8)
}

/// Reads a text file: an I/O error as such (the caller knows what the file
/// is for), bytes that are not UTF-8 as a located error.
pub fn read(path: &std::path::Path) -> std::io::Result<Result<String, InputError>> {
    std::fs::read(path).map(text)
}

/// The line and column just after the last character of `text`.
pub fn end_of(text: &str) -> (usize, usize) {
    let line = text.bytes().filter(|&b| b == b'\n').count() + 1;
    let last = text.rfind('\n').map_or(text, |i| &text[i + 1..]);
    (line, last.chars().count() + 1)
}

/// Parses a YAML text into `T`; any error is located in `text`.
pub fn yaml<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, InputError> {
    serde_yaml::from_str(text).map_err(|e| yaml_error(text, &e))
}

/// A YAML error with its place: the parser's own when it has one,
/// otherwise the best one `text` itself shows (the end of the file for a
/// missing value, the second document's start for a second document).
pub fn yaml_error(text: &str, e: &serde_yaml::Error) -> InputError {
    let mut message = e.to_string();
    let mut place = match e.location() {
        Some(l) => {
            // serde_yaml repeats its place in words; the prefix says it
            // already. A second place (where an enclosing mapping began)
            // stays: it is a different one and helps.
            let words = format!(" at line {} column {}", l.line(), l.column());
            message = message.replacen(&words, "", 1);
            // Lines as judge counts them everywhere: YAML also ends a line
            // at a lone CR or U+2028, so its line numbers can disagree
            // with the editor's. The byte offset cannot.
            at_byte(text, l.index()).unwrap_or((l.line(), l.column()))
        }
        None if message.starts_with("EOF") => end_of(text),
        None if message.contains("more than one document") => second_document(text),
        None => (1, 1),
    };
    // A bad character is placed by its byte offset only ("… at position 7").
    if let Some(i) = message.rfind(" at position ")
        && let Ok(offset) = message[i + " at position ".len()..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap_or_default()
            .parse::<usize>()
        && let Some(at) = at_byte(text, offset)
    {
        place = at;
        message.replace_range(i.., "");
    }
    InputError::new(place.0, place.1, message)
}

/// The line and column of byte `offset` of `text`, if it is one.
fn at_byte(text: &str, offset: usize) -> Option<(usize, usize)> {
    text.get(..offset).map(end_of)
}

/// Where a YAML stream's second document starts: its `---` (or the `---`
/// after the first document's `...`). (1, 1) when no such line is found.
fn second_document(text: &str) -> (usize, usize) {
    let mut content = false;
    for (i, line) in text.lines().enumerate() {
        let marker = line == "---" || line.starts_with("--- ") || line.starts_with("---\t");
        if marker && content {
            return (i + 1, 1);
        }
        // Anything but a start marker, a comment or a directive is (or
        // ends, for `...`) the first document.
        let trimmed = line.trim_start();
        if !marker && !trimmed.is_empty() && !trimmed.starts_with('#') && !line.starts_with('%') {
            content = true;
        }
    }
    (1, 1)
}

/// Where the key at `path` (outer key first) is written in a block-style
/// YAML mapping, for rules checked after parsing (a relative path, two keys
/// that exclude each other). Finds the deepest key of `path` it can;
/// (1, 1), the whole file, when not even the first is written in block
/// style (a flow mapping, a missing key).
pub fn key(text: &str, path: &[&str]) -> (usize, usize) {
    let mut found = (1, 1);
    let mut wanted = path.iter();
    let Some(mut name) = wanted.next() else {
        return found;
    };
    // The indentation of the keys of the mapping being searched (known at
    // its first line) and of the key that holds it (none at the top).
    let mut level: Option<usize> = None;
    let mut parent: Option<usize> = None;
    for (i, line) in text.lines().enumerate() {
        let body = line.trim_start_matches(' ');
        let indent = line.len() - body.len();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        if parent.is_some_and(|p| indent <= p) {
            break; // the mapping ended without the key
        }
        let keys_at = *level.get_or_insert(indent);
        if indent < keys_at {
            break;
        }
        let is_key = indent == keys_at
            && [name.to_string(), format!("\"{name}\""), format!("'{name}'")]
                .iter()
                .any(|k| {
                    body.strip_prefix(k.as_str())
                        .is_some_and(|r| r.starts_with(':'))
                });
        if is_key {
            found = (i + 1, indent + 1);
            match wanted.next() {
                Some(next) => name = next,
                None => break,
            }
            parent = Some(indent);
            level = None;
        }
    }
    found
}

/// How much is read at a time; each piece is checked for UTF-8 as it comes.
const PIECE: u64 = 1 << 20;

/// Reads `from` to its end as UTF-8 text, or stops at the first byte that
/// is not UTF-8 and says where it is. Solvers need the whole text, but a
/// binary file is refused after its first bad bytes instead of after
/// reading all of it (100 MB of garbage costs microseconds, not a pass
/// over the file and 100 MB of memory).
pub fn read_text(mut from: impl Read, size: u64) -> std::io::Result<Result<String, InputError>> {
    let mut bytes = Vec::new();
    // Room for the whole file at once when there is that much memory; if
    // not, it grows as it is read (and a file past memory is refused by the
    // allocator when it gets there, not up front on a guess).
    let _ = bytes.try_reserve_exact(usize::try_from(size).unwrap_or(0));
    // The prefix already known to be UTF-8.
    let mut checked = 0;
    loop {
        // `read_to_end` fills spare capacity without zeroing it first.
        let got = (&mut from).take(PIECE).read_to_end(&mut bytes)?;
        let at_end = got == 0;
        match std::str::from_utf8(&bytes[checked..]) {
            Ok(_) => checked = bytes.len(),
            // A character cut at the end of a piece may go on in the next.
            Err(e) if e.error_len().is_none() && !at_end => checked += e.valid_up_to(),
            Err(e) => {
                let valid = &bytes[..checked + e.valid_up_to()];
                return Ok(Err(not_utf8(valid)));
            }
        }
        if at_end {
            break;
        }
    }
    // Checked piece by piece above; `from_utf8` cannot fail here.
    Ok(text(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_bytes_are_placed_in_characters() {
        let e = text(b"ok\n\xc3\xa9t\xff\n".to_vec()).unwrap_err();
        assert_eq!((e.line, e.col), (2, 3), "{e}");
        let e = text(b"\xff".to_vec()).unwrap_err();
        assert_eq!((e.line, e.col), (1, 1));
        assert_eq!(text(b"fine\n".to_vec()).unwrap(), "fine\n");
    }

    #[test]
    fn yaml_errors_always_have_a_place_and_say_it_once() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct S {
            a: u32,
        }
        let e = yaml::<S>("a: 1\nb: 2\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 1), "{e}");
        assert!(!e.message.contains("line 2"), "{e}");
        let e = yaml::<serde_yaml::Value>("a: [1\n").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        let e = yaml::<S>("").unwrap_err();
        assert_eq!((e.line, e.col), (1, 1), "{e}");
        let e = yaml::<S>("a: 1\n---\na: 2\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 1), "{e}");
        let e = yaml::<S>("---\na: 1\n...\n---\na: 2\n").unwrap_err();
        assert_eq!((e.line, e.col), (4, 1), "{e}");
        // A lone CR ends a line for YAML, not for judge.
        let e = yaml::<serde_yaml::Value>("a: 1\rb: [\n").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        let e = yaml::<serde_yaml::Value>("a: 1\nb: \u{1}\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 4), "{e}");
        assert!(!e.message.contains("position"), "{e}");
    }

    #[test]
    fn keys_are_found_in_block_mappings() {
        let text =
            "name: x\n# sandbox: no\nsandbox:\n  other: 1\n  allow: [a]\ntools:\n  allow: 2\n";
        assert_eq!(key(text, &["sandbox", "allow"]), (5, 3));
        assert_eq!(key(text, &["tools"]), (6, 1));
        assert_eq!(key(text, &["name", "allow"]), (1, 1));
        assert_eq!(key("{sandbox: {allow: [a]}}", &["sandbox"]), (1, 1));
        assert_eq!(key("b: 0\na:\n  b: 1\nc:\n  d: 2\n", &["a", "d"]), (2, 1));
        assert_eq!(key("a:\n  x:\n    b: 1\n  b: 2\n", &["a", "b"]), (4, 3));
        assert_eq!(key("x:\n  a: 1\na: 2\n", &["a"]), (3, 1));
    }

    #[test]
    fn long_tokens_are_cut_in_messages() {
        assert_eq!(quote("12"), "\"12\"");
        let long = "9".repeat(1000);
        let q = quote(&long);
        assert!(q.len() < 80 && q.ends_with("(1000 characters)"), "{q}");
        assert_eq!(quote(&"é".repeat(40)), format!("{:?}", "é".repeat(40)));
    }

    /// A reader that hands out at most `n` bytes per call, so characters
    /// get cut between pieces.
    struct Dribble<'a>(&'a [u8], usize);

    impl Read for Dribble<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(buf.len()).min(self.1);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn text_cut_between_pieces_is_whole_again() {
        let text = "é€𝄞 ok\n".repeat(1000);
        for n in [1, 2, 3, 7, PIECE as usize] {
            let read = read_text(Dribble(text.as_bytes(), n), 0).unwrap().unwrap();
            assert_eq!(read, text);
        }
    }

    #[test]
    fn a_bad_byte_stops_reading_with_its_place() {
        let mut bytes = b"1\n\xc3\xa9\xc3".to_vec();
        bytes.extend(b"A rest that is never read");
        let e = read_text(&bytes[..], 5).unwrap().unwrap_err();
        assert_eq!((e.line, e.col), (2, 2), "{e}");
        // A character cut by the end of the input is bad too.
        let e = read_text(&b"ab\xe2\x82"[..], 0).unwrap().unwrap_err();
        assert_eq!((e.line, e.col), (1, 3), "{e}");
        assert_eq!(read_text(&b""[..], 0).unwrap().unwrap(), "");
    }
}
