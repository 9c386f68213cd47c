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
    let mut t = Text(Vec::new());
    for (k, l) in lines.iter().enumerate() {
        if k > 0 {
            t.0.push(('\n', l.no, l.col));
        }
        let lead = l.text.chars().take_while(|c| c.is_whitespace()).count();
        let chars = l.text.trim().chars().enumerate();
        t.0.extend(chars.map(|(n, c)| (c, l.no, l.col + lead + n)));
    }
    let mut out: Vec<String> = Vec::new();
    // Open emphasis: its piece in `out`, its character, delimiter, run.
    let mut open: Vec<(usize, usize, char, usize)> = Vec::new();
    let mut i = 0;
    while let Some(c) = t.at(i) {
        let (prev, next, run) = (i.checked_sub(1), i + 1, t.run(i));
        let mut step = 1;
        match c {
            '\\' => match t.at(next) {
                Some(n) if n.is_ascii_punctuation() => {
                    out.push(if n == '-' {
                        "-{}".into()
                    } else {
                        escape(n, false)
                    });
                    step = 2;
                }
                Some('\n') | None => {
                    return t.fault(
                        i,
                        "a backslash at the end of a line (a hard line break): not converted",
                    );
                }
                _ => {
                    let why = "a backslash outside math or code: raw LaTeX is not converted \
                               (write `\\\\` for a backslash)";
                    return t.fault(i, why);
                }
            },
            '`' => {
                let (code, end) = code_span(&t, i, run)?;
                out.push(code);
                step = end - i;
            }
            '$' => {
                let (math, end) = math(&t, i, run)?;
                out.push(math);
                step = end - i;
            }
            '*' | '_' => {
                if run > 2 {
                    let why = "three or more `*` or `_` in a row: not converted \
                               (escape them, or nest `**` and `*`)";
                    return t.fault(i, why);
                }
                let word =
                    |k: Option<usize>| k.and_then(|k| t.at(k)).is_some_and(char::is_alphanumeric);
                let left = !t.space(Some(i + run)) && (c == '*' || !word(prev));
                let right = !t.space(prev) && (c == '*' || !word(Some(i + run)));
                let matching = open.iter().rposition(|o| o.2 == c && o.3 == run);
                if let (true, Some(m)) = (right, matching) {
                    if m + 1 != open.len() {
                        return t.fault(i, "emphasis that overlaps other emphasis");
                    }
                    let (piece, ..) = open.pop().expect("matched");
                    out[piece] = if run == 1 { "\\emph{" } else { "\\textbf{" }.into();
                    out.push("}".into());
                } else if left {
                    open.push((out.len(), i, c, run));
                    out.push(String::new());
                } else {
                    out.push(escape(c, false).repeat(run));
                }
                step = run;
            }
            // Quotes and `...` as pandoc's smart punctuation has them.
            '"' => {
                let opening = t.space(prev)
                    || prev
                        .and_then(|p| t.at(p))
                        .is_some_and(|p| "([{-/*_".contains(p));
                out.push(if opening { "``" } else { "''" }.into());
            }
            '\'' if !t.space(Some(next))
                && (t.space(prev)
                    || prev
                        .and_then(|p| t.at(p))
                        .is_some_and(|p| "([{\"".contains(p))) =>
            {
                out.push("`".into());
            }
            '.' if run >= 3 => {
                out.push("\\ldots{}".into());
                step = 3;
            }
            '[' | ']' => {
                return t.fault(
                    i,
                    "a bracket: link syntax is not converted (write `\\[` or `\\]`)",
                );
            }
            '<' if t
                .at(next)
                .is_some_and(|n| n.is_ascii_alphabetic() || "/!?".contains(n)) =>
            {
                return t.fault(i, "HTML is not converted");
            }
            '^' | '~' => {
                let why = "`^` and `~` mean superscript, subscript or strike-out to pandoc: \
                           not converted (write `\\^` or `\\~`, or use math)";
                return t.fault(i, why);
            }
            _ => out.push(escape(c, false)),
        }
        i += step;
    }
    if let Some(&(_, k, c, run)) = open.last() {
        let delimiter = c.to_string().repeat(run);
        return t.fault(
            k,
            &format!("`{delimiter}` that is never closed (escape it as `\\{c}`)"),
        );
    }
    Ok(out.concat())
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
