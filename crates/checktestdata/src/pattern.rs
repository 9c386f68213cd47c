//! REGEX: POSIX extended regular expressions, matched as checktestdata
//! matches them (C++ `std::regex` in extended mode, anchored at the
//! current byte): the longest match wins, `.` matches a newline too, and
//! a backslash inside brackets is an ordinary character.
//!
//! The pattern is rewritten into the syntax of the `regex-automata` crate
//! (bracket expressions spelled out byte by byte, bytes above 0x7f as
//! `\xHH`), whose lazy DFA with "all matches" semantics then reports the
//! longest match of an anchored search, in time linear in the input.

use std::collections::HashMap;

use regex_automata::hybrid::BuildError;
use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::nfa::thompson;
use regex_automata::util::syntax;
use regex_automata::{Anchored, Input, MatchError, MatchKind};

/// Why REGEX could not use a pattern: the program's mistake, never the
/// input's.
#[derive(Debug, thiserror::Error)]
pub(crate) enum PatternError {
    /// The pattern is not an ERE this module can match.
    #[error("invalid regular expression {:?}: {cause}", String::from_utf8_lossy(.pattern))]
    Invalid {
        pattern: Vec<u8>,
        #[source]
        cause: Malformed,
    },
    /// The lazy DFA gave up on the search.
    #[error("the regex search failed: {0}")]
    Search(#[source] MatchError),
}

/// What is wrong with a pattern: POSIX syntax it breaks or this module
/// does not translate, or what the regex engine refuses of the result.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Malformed {
    #[error("regular expression ends in a backslash")]
    TrailingBackslash,
    #[error("a bracket expression is not closed by ]")]
    UnclosedBracket,
    /// A `[:`, `[=` or `[.` inside brackets without its closer.
    #[error("a [: :] class is not closed")]
    UnclosedClass,
    /// `[.ch.]` or `[=e=]` naming more than one byte (a locale's).
    #[error("collating elements of more than one byte are not supported")]
    LongCollatingElement,
    /// The translated pattern, refused by the engine (boxed: the
    /// engine's error is large).
    #[error("{0}")]
    Refused(#[source] Box<BuildError>),
}

/// Compiled patterns, by their text: a REGEX in a loop compiles once.
#[derive(Default)]
pub(crate) struct Patterns {
    compiled: HashMap<Vec<u8>, (DFA, Cache)>,
}

impl Patterns {
    /// The length of the longest match of `pattern` at the start of
    /// `hay`, or `None`. A pattern that is not a valid ERE is an error.
    pub(crate) fn longest(
        &mut self,
        pattern: &[u8],
        hay: &[u8],
    ) -> Result<Option<usize>, PatternError> {
        if !self.compiled.contains_key(pattern) {
            let dfa = compile(pattern)?;
            let cache = dfa.create_cache();
            self.compiled.insert(pattern.to_vec(), (dfa, cache));
        }
        let (dfa, cache) = self.compiled.get_mut(pattern).expect("inserted above");
        let input = Input::new(hay).anchored(Anchored::Yes);
        dfa.try_search_fwd(cache, &input)
            .map(|m| m.map(|h| h.offset()))
            .map_err(PatternError::Search)
    }
}

/// Compiles an ERE for anchored longest-match searches.
pub(crate) fn compile(pattern: &[u8]) -> Result<DFA, PatternError> {
    let invalid = |cause| PatternError::Invalid {
        pattern: pattern.to_vec(),
        cause,
    };
    let translated = translate(pattern).map_err(invalid)?;
    DFA::builder()
        .configure(DFA::config().match_kind(MatchKind::All))
        .syntax(
            syntax::Config::new()
                .unicode(false)
                .utf8(false)
                .dot_matches_new_line(true),
        )
        .thompson(thompson::Config::new().utf8(false))
        .build(&translated)
        .map_err(|e| invalid(Malformed::Refused(Box::new(e))))
}

/// A byte as a literal of the target syntax.
fn literal(b: u8, out: &mut String) {
    if b.is_ascii_alphanumeric() || b == b'_' {
        out.push(b as char);
    } else {
        out.push_str(&format!("\\x{b:02x}"));
    }
}

/// POSIX ERE → regex-automata syntax. Outside brackets the operators are
/// the same; a byte above 0x7f becomes `\xHH`, and a backslash keeps its
/// meaning (an escaped character). Bracket expressions are re-spelled:
/// `]` first is literal, `\` is literal, `[:class:]` stays, and every
/// other byte is written as a hex escape.
fn translate(p: &[u8]) -> Result<String, Malformed> {
    let mut out = String::new();
    let mut i = 0;
    while i < p.len() {
        let b = p[i];
        match b {
            b'[' => i = bracket(p, i, &mut out)?,
            b'\\' => {
                let Some(&next) = p.get(i + 1) else {
                    return Err(Malformed::TrailingBackslash);
                };
                if next.is_ascii_alphanumeric() {
                    out.push('\\');
                    out.push(next as char);
                } else {
                    literal(next, &mut out);
                }
                i += 2;
            }
            0x80..=0xff => {
                literal(b, &mut out);
                i += 1;
            }
            _ => {
                out.push(b as char);
                i += 1;
            }
        }
    }
    Ok(out)
}

/// The bracket expression starting at `p[start]` (a `[`); returns the
/// index after its `]`.
fn bracket(p: &[u8], start: usize, out: &mut String) -> Result<usize, Malformed> {
    let mut i = start + 1;
    out.push('[');
    if p.get(i) == Some(&b'^') {
        out.push('^');
        i += 1;
    }
    let mut first = true;
    loop {
        let Some(&b) = p.get(i) else {
            return Err(Malformed::UnclosedBracket);
        };
        if b == b']' && !first {
            out.push(']');
            return Ok(i + 1);
        }
        first = false;
        if b == b'[' && matches!(p.get(i + 1), Some(b':' | b'=' | b'.')) {
            let kind = p[i + 1];
            let close = [kind, b']'];
            let end = p[i + 2..]
                .windows(2)
                .position(|w| w == close)
                .ok_or(Malformed::UnclosedClass)?;
            let name = &p[i + 2..i + 2 + end];
            match kind {
                b':' => {
                    out.push_str("[:");
                    out.push_str(&String::from_utf8_lossy(name));
                    out.push_str(":]");
                }
                // An equivalence class or collating element of one byte
                // is that byte, in the C locale.
                _ if name.len() == 1 => literal(name[0], out),
                _ => return Err(Malformed::LongCollatingElement),
            }
            i += 2 + end + 2;
            continue;
        }
        if p.get(i + 1) == Some(&b'-') && p.get(i + 2).is_some_and(|&c| c != b']') {
            literal(b, out);
            out.push('-');
            literal(p[i + 2], out);
            i += 3;
            continue;
        }
        literal(b, out);
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn longest(p: &str, hay: &str) -> Option<usize> {
        Patterns::default()
            .longest(p.as_bytes(), hay.as_bytes())
            .unwrap()
    }

    #[test]
    fn the_longest_match_at_the_start_wins() {
        assert_eq!(longest("a|ab", "abc"), Some(2));
        assert_eq!(longest("[a-z]+", "abc1"), Some(3));
        assert_eq!(longest("[a-z]*", "1abc"), Some(0));
        assert_eq!(longest("[a-z]+", "1abc"), None);
        assert_eq!(longest(".*", "a\nb"), Some(3));
        assert_eq!(longest("[^\n]*", "a b\nc"), Some(3));
        assert_eq!(longest("^x", "xy"), Some(1));
    }

    #[test]
    fn brackets_are_posix_brackets() {
        assert_eq!(longest("[]a]+", "]a]b"), Some(3));
        assert_eq!(longest("[\\.]+", "\\.\\x"), Some(3));
        assert_eq!(longest("[[:digit:]]+", "123a"), Some(3));
        assert_eq!(longest("[a-]+", "a-a-b"), Some(4));
        assert_eq!(longest("[.#]+", "#.#x"), Some(3));
        assert_eq!(longest("\\.+", "..x"), Some(2));
        assert!(compile(b"[[.ab.]]").is_err());
        assert!(compile(b"(a").is_err());
    }

    fn malformed(p: &str) -> Malformed {
        match compile(p.as_bytes()) {
            Err(PatternError::Invalid { pattern, cause }) => {
                assert_eq!(pattern, p.as_bytes());
                cause
            }
            Err(e) => panic!("{p:?}: {e}"),
            Ok(_) => panic!("{p:?} compiled"),
        }
    }

    #[test]
    fn broken_patterns_say_what_is_wrong() {
        assert!(matches!(malformed("[a-"), Malformed::UnclosedBracket));
        assert!(matches!(malformed("a\\"), Malformed::TrailingBackslash));
        assert!(matches!(malformed("[[:digit]"), Malformed::UnclosedClass));
        assert!(matches!(
            malformed("[[.ab.]]"),
            Malformed::LongCollatingElement
        ));
        assert!(matches!(malformed("(a"), Malformed::Refused(_)));
        assert_eq!(
            compile(b"[a-").err().map(|e| e.to_string()).as_deref(),
            Some("invalid regular expression \"[a-\": a bracket expression is not closed by ]")
        );
    }
}
