//! Paragraph text: emphasis, code spans, math, backslash escapes and smart
//! punctuation, each character's place kept for errors.

use super::line::{Fault, Line};

/// A character as LaTeX text (`code`: inside `\texttt`).
pub(super) fn escape(c: char, code: bool) -> String {
    match c {
        '#' | '$' | '%' | '&' | '_' | '{' | '}' => format!("\\{c}"),
        '\\' => "\\textbackslash{}".into(),
        '~' => "\\textasciitilde{}".into(),
        '^' => "\\textasciicircum{}".into(),
        '<' => "\\textless{}".into(),
        '>' => "\\textgreater{}".into(),
        '|' => "\\textbar{}".into(),
        '`' => "\\textasciigrave{}".into(),
        '\'' if code => "\\textquotesingle{}".into(),
        '-' if code => "-{}".into(),
        _ => c.to_string(),
    }
}

/// A paragraph's characters, lines joined by `'\n'`, each with its line
/// and column.
struct Text(Vec<(char, usize, usize)>);

impl Text {
    /// A paragraph's lines as its characters.
    fn of(lines: &[Line]) -> Text {
        let mut t = Text(Vec::new());
        for (k, l) in lines.iter().enumerate() {
            if k > 0 {
                t.0.push(('\n', l.no, l.col));
            }
            let lead = l.text.chars().take_while(|c| c.is_whitespace()).count();
            let chars = l.text.trim().chars().enumerate();
            t.0.extend(chars.map(|(n, c)| (c, l.no, l.col + lead + n)));
        }
        t
    }
    fn at(&self, k: usize) -> Option<char> {
        self.0.get(k).map(|x| x.0)
    }
    fn space(&self, k: Option<usize>) -> bool {
        k.and_then(|k| self.at(k)).is_none_or(char::is_whitespace)
    }
    fn run(&self, k: usize) -> usize {
        self.0[k..]
            .iter()
            .take_while(|x| x.0 == self.0[k].0)
            .count()
    }
    fn fault<T>(&self, k: usize, why: &str) -> Result<T, Fault> {
        Err((self.0[k].1, self.0[k].2, why.to_string()))
    }
    fn string(&self, from: usize, to: usize) -> String {
        self.0[from..to].iter().map(|x| x.0).collect()
    }
}

/// Paragraph (or heading) text as LaTeX, keeping its line breaks.
pub(super) fn inline(lines: &[Line]) -> Result<String, Fault> {
    let t = Text::of(lines);
    let mut p = Converter {
        t: &t,
        out: Vec::new(),
        open: Vec::new(),
    };
    let mut i = 0;
    while let Some(c) = t.at(i) {
        i += p.piece(i, c)?;
    }
    p.finish()
}

/// A paragraph being converted: its text, the LaTeX pieces so far, and
/// the emphasis still open.
struct Converter<'a> {
    t: &'a Text,
    out: Vec<String>,
    /// Open emphasis: its piece in `out`, its character, delimiter, run.
    open: Vec<(usize, usize, char, usize)>,
}

impl Converter<'_> {
    /// The piece of LaTeX that starts at character `i` (`c`); how many
    /// characters it took.
    fn piece(&mut self, i: usize, c: char) -> Result<usize, Fault> {
        let (t, run) = (self.t, self.t.run(i));
        match c {
            '\\' => self.backslash(i),
            '`' => {
                let (code, end) = code_span(t, i, run)?;
                self.out.push(code);
                Ok(end - i)
            }
            '$' => {
                let (math, end) = math(t, i, run)?;
                self.out.push(math);
                Ok(end - i)
            }
            '*' | '_' => self.emphasis(i, c, run),
            _ => {
                if let Some((text, step)) = smart(t, i, c, run) {
                    self.out.push(text.into());
                    return Ok(step);
                }
                if let Some(why) = unconverted(t, i, c) {
                    return t.fault(i, why);
                }
                self.out.push(escape(c, false));
                Ok(1)
            }
        }
    }

    /// A backslash escape: the punctuation after it, as text. A hard line
    /// break or raw LaTeX is refused.
    fn backslash(&mut self, i: usize) -> Result<usize, Fault> {
        match self.t.at(i + 1) {
            Some(n) if n.is_ascii_punctuation() => {
                self.out.push(if n == '-' {
                    "-{}".into()
                } else {
                    escape(n, false)
                });
                Ok(2)
            }
            Some('\n') | None => self.t.fault(
                i,
                "a backslash at the end of a line (a hard line break): not converted",
            ),
            _ => {
                let why = "a backslash outside math or code: raw LaTeX is not converted \
                           (write `\\\\` for a backslash)";
                self.t.fault(i, why)
            }
        }
    }

    /// A run of `*` or `_` at `i`: it closes the matching open emphasis,
    /// opens emphasis, or is text.
    fn emphasis(&mut self, i: usize, c: char, run: usize) -> Result<usize, Fault> {
        let (t, prev) = (self.t, i.checked_sub(1));
        if run > 2 {
            let why = "three or more `*` or `_` in a row: not converted \
                       (escape them, or nest `**` and `*`)";
            return t.fault(i, why);
        }
        let word = |k: Option<usize>| k.and_then(|k| t.at(k)).is_some_and(char::is_alphanumeric);
        let left = !t.space(Some(i + run)) && (c == '*' || !word(prev));
        let right = !t.space(prev) && (c == '*' || !word(Some(i + run)));
        let matching = self.open.iter().rposition(|o| o.2 == c && o.3 == run);
        if let (true, Some(m)) = (right, matching) {
            if m + 1 != self.open.len() {
                return t.fault(i, "emphasis that overlaps other emphasis");
            }
            let (piece, ..) = self.open.pop().expect("matched");
            self.out[piece] = if run == 1 { "\\emph{" } else { "\\textbf{" }.into();
            self.out.push("}".into());
        } else if left {
            self.open.push((self.out.len(), i, c, run));
            self.out.push(String::new());
        } else {
            self.out.push(escape(c, false).repeat(run));
        }
        Ok(run)
    }

    /// The paragraph's LaTeX, unless emphasis is left open.
    fn finish(self) -> Result<String, Fault> {
        if let Some(&(_, k, c, run)) = self.open.last() {
            let delimiter = c.to_string().repeat(run);
            return self.t.fault(
                k,
                &format!("`{delimiter}` that is never closed (escape it as `\\{c}`)"),
            );
        }
        Ok(self.out.concat())
    }
}

/// Quotes and `...` as pandoc's smart punctuation has them: the LaTeX
/// for character `i` (`c`, in a run of `run`), and how many characters
/// it takes.
fn smart(t: &Text, i: usize, c: char, run: usize) -> Option<(&'static str, usize)> {
    let (prev, next) = (i.checked_sub(1), i + 1);
    match c {
        '"' => {
            let opening = t.space(prev)
                || prev
                    .and_then(|p| t.at(p))
                    .is_some_and(|p| "([{-/*_".contains(p));
            Some((if opening { "``" } else { "''" }, 1))
        }
        '\'' if !t.space(Some(next))
            && (t.space(prev)
                || prev
                    .and_then(|p| t.at(p))
                    .is_some_and(|p| "([{\"".contains(p))) =>
        {
            Some(("`", 1))
        }
        '.' if run >= 3 => Some(("\\ldots{}", 3)),
        _ => None,
    }
}

/// Why the Markdown at character `i` (`c`) is not converted, if it is
/// not: links, HTML, superscript, subscript and strike-out.
fn unconverted(t: &Text, i: usize, c: char) -> Option<&'static str> {
    match c {
        '[' | ']' => Some("a bracket: link syntax is not converted (write `\\[` or `\\]`)"),
        '<' if t
            .at(i + 1)
            .is_some_and(|n| n.is_ascii_alphabetic() || "/!?".contains(n)) =>
        {
            Some("HTML is not converted")
        }
        '^' | '~' => Some(
            "`^` and `~` mean superscript, subscript or strike-out to pandoc: \
             not converted (write `\\^` or `\\~`, or use math)",
        ),
        _ => None,
    }
}

/// The code span opened by the `run` backticks at `i` as `\texttt`, with
/// LaTeX's specials escaped, `--` kept apart and the spaces LaTeX would
/// merge or drop kept; and where the text goes on.
fn code_span(t: &Text, i: usize, run: usize) -> Result<(String, usize), Fault> {
    let close = (i + run..t.0.len())
        .find(|&j| t.at(j - 1) != Some('`') && t.at(j) == Some('`') && t.run(j) == run);
    let Some(close) = close else {
        return t.fault(i, "a code span that is never closed");
    };
    if t.at(close + run) == Some('{') {
        return t.fault(close + run, "attributes after a code span: not converted");
    }
    let mut text = t.string(i + run, close).replace('\n', " ");
    if text.starts_with(' ') && text.ends_with(' ') && !text.trim().is_empty() {
        text = text[1..text.len() - 1].to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let tex: String = (0..chars.len())
        .map(|k| match chars[k] {
            ' ' if k == 0 || k + 1 == chars.len() || chars[k - 1] == ' ' => "\\ ".to_string(),
            '-' if chars.get(k + 1) != Some(&'-') => "-".into(),
            c => escape(c, true),
        })
        .collect();
    Ok((format!("\\texttt{{{tex}}}"), close + run))
}

/// The math opened by `$` (or `$$`, display) at `i`, its TeX untouched;
/// and where the text goes on. As in pandoc, inline math starts with a
/// non-space and ends with a non-space not followed by a digit.
fn math(t: &Text, i: usize, run: usize) -> Result<(String, usize), Fault> {
    let display = run >= 2;
    let from = i + if display { 2 } else { 1 };
    if !display && t.space(Some(from)) {
        return t.fault(i, "a `$` that opens no math: write `\\$` for a dollar sign");
    }
    let mut j = from;
    loop {
        match t.at(j) {
            None => return t.fault(i, "math that is never closed"),
            Some('\\') => j += 1,
            Some('$') if display && t.at(j + 1) == Some('$') => {
                return Ok((format!("\\[{}\\]", t.string(from, j)), j + 2));
            }
            Some('$')
                if !display
                    && !t.space(Some(j - 1))
                    && !t.at(j + 1).is_some_and(|d| d.is_ascii_digit()) =>
            {
                return Ok((format!("${}$", t.string(from, j)), j + 1));
            }
            _ => {}
        }
        j += 1;
    }
}
