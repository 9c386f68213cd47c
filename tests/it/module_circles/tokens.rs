//! Rust source as tokens, enough to read module paths: comments gone,
//! literals one token each, and `#[cfg(test)]` items left out.

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Tok {
    Ident(String),
    Str(String),
    Path, // `::`
    Open,
    Close,
    Semi,
    Comma,
    Star,
    Other(char),
}

/// Rust source as tokens, without comments, and with string and char
/// literals reduced to one token (a `"crate::x"` in a message is no
/// import).
pub(super) fn tokens(src: &str) -> Vec<Tok> {
    let s: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        let next = s.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < s.len() {
                if s[i] == '/' && s.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if s[i] == '*' && s.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '"' || ((c == 'r' || c == 'b') && raw_or_byte_string(&s, i)) {
            let (text, end) = string_literal(&s, i);
            out.push(Tok::Str(text));
            i = end;
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{1F600}') or a lifetime ('a).
            if next == Some('\\') {
                i += 3;
                while i < s.len() && s[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if s.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_') {
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_') {
                i += 1;
            }
            let word: String = s[start..i].iter().collect();
            // `r#type` is the identifier `type`.
            out.push(Tok::Ident(word.trim_start_matches("r#").to_string()));
        } else if c.is_ascii_digit() {
            while i < s.len() && (s[i].is_alphanumeric() || s[i] == '_' || s[i] == '.') {
                i += 1;
            }
        } else {
            out.push(match c {
                ':' if next == Some(':') => {
                    i += 1;
                    Tok::Path
                }
                '{' => Tok::Open,
                '}' => Tok::Close,
                ';' => Tok::Semi,
                ',' => Tok::Comma,
                '*' => Tok::Star,
                other => Tok::Other(other),
            });
            i += 1;
        }
    }
    out
}

/// Whether `r"`, `r#"`, `b"`, `br"` or `br#"` starts at `i`.
fn raw_or_byte_string(s: &[char], i: usize) -> bool {
    let mut j = i;
    if s[j] == 'b' {
        j += 1;
    }
    if s.get(j) == Some(&'r') {
        j += 1;
        while s.get(j) == Some(&'#') {
            j += 1;
        }
    }
    j > i && s.get(j) == Some(&'"') && (i == 0 || !(s[i - 1].is_alphanumeric() || s[i - 1] == '_'))
}

/// The text of the string literal at `i` and the index after it.
fn string_literal(s: &[char], mut i: usize) -> (String, usize) {
    let mut raw = false;
    if s[i] == 'b' {
        i += 1;
    }
    if s[i] == 'r' {
        raw = true;
        i += 1;
    }
    let mut hashes = 0;
    while s[i] == '#' {
        hashes += 1;
        i += 1;
    }
    i += 1; // the opening quote
    let mut text = String::new();
    while i < s.len() {
        if !raw && s[i] == '\\' {
            text.push(s[i]);
            text.extend(s.get(i + 1));
            i += 2;
            continue;
        }
        if s[i] == '"' && (0..hashes).all(|k| s.get(i + 1 + k) == Some(&'#')) {
            return (text, i + 1 + hashes);
        }
        text.push(s[i]);
        i += 1;
    }
    (text, i)
}

/// `toks` without the items under `#[cfg(test)]` (a test module, a
/// test-only import or helper): the guard is about the code that ships,
/// where a test reaching across modules is no tangle.
pub(super) fn without_tests(toks: Vec<Tok>) -> Vec<Tok> {
    let is_cfg_test = |i: usize| {
        let want = [
            Tok::Other('#'),
            Tok::Other('['),
            Tok::Ident("cfg".into()),
            Tok::Other('('),
            Tok::Ident("test".into()),
            Tok::Other(')'),
            Tok::Other(']'),
        ];
        toks.get(i..i + want.len()) == Some(&want[..])
    };
    let mut kept = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        if !is_cfg_test(i) {
            kept.push(toks[i].clone());
            i += 1;
            continue;
        }
        // Past the attribute, the item: up to its `;`, or its first
        // `{ … }` block, whichever comes first.
        i += 7;
        let mut depth = 0;
        while i < toks.len() {
            match toks[i] {
                Tok::Semi if depth == 0 => break,
                Tok::Open => depth += 1,
                Tok::Close => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        i += 1;
    }
    kept
}
