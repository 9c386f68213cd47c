//! Problem statements: judge keeps them in Markdown
//! (`statement/problem.<lang>.md`, `$…$` math, no problem name: that comes
//! from `problem.yaml`), which the 2023-07 format reads as it is. The
//! legacy format reads only LaTeX, so a legacy export converts each
//! Markdown statement to problemtools LaTeX with [`to_latex`].
//!
//! The converter is our own rather than pandoc so that export needs no
//! outside tool. It takes a small subset: paragraphs, `##`/`###` headings,
//! `-`/`*`/`+` and `1.` lists (nested by indenting to the item's text),
//! `*em*`/`_em_`, `**bold**`, `` `code` ``, `$math$` and `$$math$$`
//! (passed through untouched), ``` fences (verbatim: a statement's example
//! picture) and backslash escapes. Anything else (tables, images, links,
//! HTML, footnotes, raw LaTeX, indented code, lazy list lines) is an error
//! naming the line and column, never dropped; so is what pandoc, which
//! problemtools renders `.md` with, would read differently (a list or
//! heading right under a paragraph line, `^x^`, `~x~`). Quotes, `...` and
//! dashes come out as pandoc's smart punctuation would.

use std::path::Path;

use crate::error::Error;

mod inline;
mod line;
use inline::{escape, inline};
use line::{Fault, Line, lead, marker};

/// `problem.md` or `problem.<lang>.md` → the file name of its LaTeX form.
pub fn latex_name(markdown_name: &str) -> Option<String> {
    let stem = markdown_name.strip_suffix(".md")?;
    let lang = stem.strip_prefix("problem")?;
    let fits = lang.is_empty() || (lang.starts_with('.') && lang.len() > 1);
    fits.then(|| format!("{stem}.tex"))
}

/// The problemtools LaTeX statement of `markdown` (read from `path`, named
/// in errors) for a problem called `name`.
pub fn to_latex(path: &Path, name: &str, markdown: &str) -> Result<String, Error> {
    let lines: Vec<Line> = (markdown.lines().enumerate())
        .map(|(i, text)| Line::new(i + 1, 1, text))
        .collect();
    let body = blocks(&lines, false).map_err(|(line, col, reason)| Error::Statement {
        path: path.to_path_buf(),
        line,
        col,
        reason,
    })?;
    let title: String = name.chars().map(|c| escape(c, false)).collect();
    let body = body.join("\n\n");
    Ok(format!("\\problemname{{{title}}}\n\n{body}\n"))
}

/// The level of an ATX heading (`## Input`) at the start of `rest`.
fn heading(rest: &str) -> Option<usize> {
    let level = lead(rest, |c| c == '#');
    let after = &rest[level..];
    (level > 0 && (after.is_empty() || after.starts_with(' '))).then_some(level)
}

/// Why a line that starts a block (or continues a paragraph) is outside
/// the subset, if it is: (byte offset, reason).
fn unsupported(text: &str) -> Option<(usize, &'static str)> {
    let indent = text.len() - text.trim_start().len();
    let rest = text.trim();
    if let Some(tab) = text[..indent].find('\t') {
        return Some((tab, "a tab in the indentation: indent with spaces"));
    }
    let rule = rest.chars().all(|c| "-=_*+:| ".contains(c))
        && rest.chars().filter(|c| "-=_*".contains(*c)).count() >= 3;
    // pandoc's other list markers: `a.`, `iv.`, `#.`, `(1)`, `1)`, `b)`.
    let r = rest.strip_prefix('(').unwrap_or(rest);
    let n = lead(r, |c| c.is_ascii_alphanumeric() || c == '#');
    let digits = r[..n].bytes().all(|b| b.is_ascii_digit());
    let roman = r[..n].chars().all(|c| "ivxlcdmIVXLCDM".contains(c));
    let alien = (n == 1 || roman || digits)
        && n > 0
        && (r[n..].starts_with(") ") || (r[n..].starts_with(". ") && !digits));
    let why = match rest.as_bytes().first() {
        _ if rule => "a rule, table or heading underline: not converted",
        Some(b'|') => "a table or line block: not converted",
        Some(b'>') => "a block quote: not converted",
        Some(b':') if rest.starts_with(": ") => "a definition list: not converted",
        _ if alien => "a list marker other than `-`, `*`, `+` and `1.`: not converted",
        Some(_) if text.ends_with("  ") => {
            let why = "trailing spaces (a hard line break): not converted";
            return Some((text.trim_end().len(), why));
        }
        _ => return None,
    };
    Some((indent, why))
}

/// The blocks of `lines` as LaTeX; `in_item` inside a list item, where a
/// list may start right under a line of text (as pandoc reads it).
fn blocks(lines: &[Line], in_item: bool) -> Result<Vec<String>, Fault> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        let (indent, rest) = (l.indent(), l.text.trim_start_matches(' '));
        if l.blank() {
            i += 1;
        } else if indent >= 4 {
            let why = "an indented code block: not converted (use a ``` fence)";
            return Err(l.fault(indent, why));
        } else if let Some((at, why)) = unsupported(l.text) {
            return Err(l.fault(at, why));
        } else if rest.starts_with("```") {
            let (code, next) = fence(lines, i, indent)?;
            out.push(code);
            i = next;
        } else if let Some((ordered, _, number, _)) = marker(rest) {
            if ordered && number != "1" {
                let why = format!("a numbered list starting at {number}: LaTeX counts from 1");
                return Err(l.fault(indent, why));
            }
            let (items, next) = list(lines, i, indent)?;
            let env = if ordered { "enumerate" } else { "itemize" };
            let items = items.join("\n");
            out.push(format!("\\begin{{{env}}}\n{items}\n\\end{{{env}}}"));
            i = next;
        } else if let Some(level) = heading(rest) {
            let command = match level {
                2 => "section*",
                3 => "subsection*",
                _ => {
                    let why = "only `##` and `###` headings are converted \
                               (the problem name comes from problem.yaml)";
                    return Err(l.fault(indent, why));
                }
            };
            let after = &rest[level..];
            let title = after.trim().trim_end_matches('#').trim_end();
            let start = l.from(indent + level + lead(after, |c| c == ' '));
            let text = inline(&[Line::new(start.no, start.col, title)])?;
            out.push(format!("\\{command}{{{text}}}"));
            i += 1;
        } else {
            let mut end = i + 1;
            while end < lines.len() && !lines[end].blank() {
                let c = lines[end];
                let t = c.text.trim_start_matches(' ');
                let opens = c.indent() < 4 && (t.starts_with("```") || heading(t).is_some());
                if in_item && c.marker() {
                    break;
                } else if let Some((at, why)) = unsupported(c.text) {
                    return Err(c.fault(at, why));
                } else if opens || c.marker() {
                    let why = "a list, heading or code block needs a blank line before it \
                               (pandoc reads it as text of the paragraph above)";
                    return Err(c.fault(c.indent(), why));
                }
                end += 1;
            }
            out.push(inline(&lines[i..end])?);
            i = end;
        }
    }
    Ok(out)
}

/// The ``` block opening on `lines[start]` at `indent` as verbatim; and
/// the index of the line after its closing fence.
fn fence(lines: &[Line], start: usize, indent: usize) -> Result<(String, usize), Fault> {
    let l = lines[start];
    let rest = &l.text[indent..];
    let ticks = lead(rest, |c| c == '`');
    if !rest[ticks..].trim().is_empty() {
        let why = "a code block with a language or attributes: not converted";
        return Err(l.fault(indent + ticks, why));
    }
    let close = lines[start + 1..].iter().position(|c| {
        let t = c.text.trim();
        t.len() >= ticks && t.bytes().all(|b| b == b'`')
    });
    let Some(close) = close.map(|c| start + 1 + c) else {
        return Err(l.fault(indent, "a ``` block that is never closed"));
    };
    let mut code = vec!["\\begin{verbatim}"];
    for c in &lines[start + 1..close] {
        if c.text.trim() == "\\end{verbatim}" {
            return Err(c.fault(0, "`\\end{verbatim}` in a code block"));
        }
        code.push(&c.text[c.indent().min(indent)..]);
    }
    code.push("\\end{verbatim}");
    Ok((code.join("\n"), close + 1))
}

/// The items of the list whose first marker is on `lines[start]` at
/// `indent`, as `\item`s; and the index of the first line after the list.
fn list(lines: &[Line], start: usize, indent: usize) -> Result<(Vec<String>, usize), Fault> {
    let marker_at = |j: usize| marker(&lines[j].text[indent..]);
    let kind = marker_at(start).expect("a marker line").1;
    let (mut items, mut i) = (Vec::new(), start);
    loop {
        let content = indent + marker_at(i).expect("a marker line").3;
        let mut body = vec![lines[i].from(content)];
        i += 1;
        while let Some(&l) = lines.get(i) {
            if l.blank() {
                // A blank line is the item's when more of the item follows.
                let next = lines[i..].iter().find(|n| !n.blank());
                if next.is_none_or(|n| n.indent() < content) {
                    break;
                }
            } else if l.indent() <= indent && l.marker() {
                break;
            } else if l.indent() < content {
                let why = format!("indent a list item's lines to column {}", l.col + content);
                return Err(l.fault(l.indent(), why));
            }
            body.push(l.from(content));
            i += 1;
        }
        let mut text = String::new();
        for part in blocks(&body, true)? {
            // A nested list follows its item's text without a blank line.
            let list = ["\\begin{itemize}", "\\begin{enumerate}"];
            if !text.is_empty() {
                let nested = list.iter().any(|e| part.starts_with(e));
                text += if nested { "\n" } else { "\n\n" };
            }
            text += &part;
        }
        items.push(format!("\\item {}", indent_item(&text)));
        let next = (i..lines.len()).find(|&j| !lines[j].blank());
        let same =
            |j: &usize| lines[*j].indent() == indent && marker_at(*j).is_some_and(|m| m.1 == kind);
        match next.filter(same) {
            Some(j) => i = j,
            None => return Ok((items, i)),
        }
    }
}

/// An item's text with its lines after the first indented two spaces,
/// except inside verbatim, whose lines are kept as they are.
fn indent_item(text: &str) -> String {
    let mut verbatim = false;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let keep = n == 0 || line.is_empty() || verbatim;
        out.push(format!("{}{line}", if keep { "" } else { "  " }));
        let begin = line.trim() == "\\begin{verbatim}";
        verbatim = (verbatim && line != "\\end{verbatim}") || begin;
    }
    out.join("\n")
}

#[cfg(test)]
mod tests;
