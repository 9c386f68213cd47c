//! Adding a case to a recipe in code (`judge harden` records each case it
//! keeps), and writing recipes in the compact style people write.
//!
//! A recipe is edited by people too, with comments saying why a seed was
//! chosen or a file skipped, so the new entry is spliced into the text
//! (the end of its group, or a new group at the end) and the rest is kept
//! byte for byte. The splice is trusted only if the result parses to
//! exactly the old recipe plus the entry; a layout it does not follow
//! (flow-style groups, say) is re-written whole instead, keeping the
//! leading comment block. Either way the file is replaced atomically, so a
//! reader never sees half a recipe.

use std::io;
use std::path::Path;

use super::entry::checked;
use super::entry::{Draw, Entry, Manual};
use super::file::{Recipe, parse};

/// The comment a recipe made by [`append_case`] starts with.
const HEADER: &str =
    "# How every case under cases/ is made (docs/problem-format.md, \"Recipes\").\n";

/// Adds the single-case entry `name` = file `draw.index` of `draw.seed`
/// at `draw.size` to `group` of `problem_dir/recipe.yaml` (creating the
/// file or the group when needed), with the free list `catches`.
///
/// Fails with `InvalidData` when the recipe does not parse or the entry
/// breaks a rule (a bad name, a size outside 1–10) and with
/// `AlreadyExists` when the group already names `name`; the file is then
/// unchanged.
pub fn append_case(
    problem_dir: &Path,
    group: &str,
    name: &str,
    draw: Draw,
    catches: &[String],
) -> io::Result<()> {
    let file = super::path(problem_dir);
    let invalid = |why: String| io::Error::new(io::ErrorKind::InvalidData, why);
    let old = match std::fs::read_to_string(&file) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let mut recipe = match &old {
        Some(text) => parse(&file, text).map_err(|e| invalid(e.to_string()))?,
        None => Recipe::default(),
    };
    let entry = checked(Entry::Single {
        case: name.to_string(),
        draw,
        catches: catches.to_vec(),
    })
    .map_err(|why| invalid(format!("{}: {group}/{name}: {why}", file.display())))?;
    let named = |e: &Entry| e.names().iter().any(|n| n == name);
    if recipe
        .groups
        .get(group)
        .is_some_and(|es| es.iter().any(named))
    {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{}: {group}/{name} is already named", file.display()),
        ));
    }
    recipe
        .groups
        .entry(group.to_string())
        .or_default()
        .push(entry.clone());
    recipe
        .check()
        .map_err(|why| invalid(format!("{}: {why}", file.display())))?;
    let same = |text: &String| parse(&file, text).is_ok_and(|r| r == recipe);
    let text = match &old {
        Some(text) => splice(text, group, &entry)
            .filter(same)
            .unwrap_or_else(|| leading_comments(text) + &render(&recipe)),
        None => HEADER.to_string() + &render(&recipe),
    };
    if !same(&text) {
        return Err(invalid(format!(
            "{}: cannot write the recipe back in a form that reads the same",
            file.display()
        )));
    }
    judge_fs::write_atomic(&file, text.as_bytes())
}

/// Replaces the `catches` list of the single-case entry `group/name`
/// (a case kept earlier that catches more than it was kept for). The file
/// is written whole, keeping its leading comment block.
pub fn set_catches(
    problem_dir: &Path,
    group: &str,
    name: &str,
    catches: &[String],
) -> io::Result<()> {
    let file = super::path(problem_dir);
    let invalid = |why: String| io::Error::new(io::ErrorKind::InvalidData, why);
    let old = std::fs::read_to_string(&file)?;
    let mut recipe = parse(&file, &old).map_err(|e| invalid(e.to_string()))?;
    let entry = recipe
        .groups
        .get_mut(group)
        .and_then(|es| {
            es.iter_mut()
                .find(|e| matches!(e, Entry::Single { case, .. } if case == name))
        })
        .ok_or_else(|| invalid(format!("{}: no single case {group}/{name}", file.display())))?;
    if let Entry::Single { catches: old, .. } = entry {
        if old.as_slice() == catches {
            return Ok(());
        }
        *old = catches.to_vec();
    }
    judge_fs::write_atomic(
        &file,
        (leading_comments(&old) + &render(&recipe)).as_bytes(),
    )
}

/// Writes a first recipe for a problem that has none: each of `groups`
/// kept by hand (`manual: all`, with `from`), so that every case already
/// committed stays named and `validate` stays green. Refuses to replace a
/// recipe (`AlreadyExists`).
pub fn create_manual(problem_dir: &Path, groups: &[String], from: &str) -> io::Result<()> {
    let file = super::path(problem_dir);
    if file.exists() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{} exists", file.display()),
        ));
    }
    let mut recipe = Recipe::default();
    for group in groups {
        recipe.groups.insert(
            group.clone(),
            vec![Entry::Manual {
                cases: Manual::All,
                from: Some(from.to_string()),
            }],
        );
    }
    judge_fs::write_atomic(&file, (HEADER.to_string() + &render(&recipe)).as_bytes())
}

/// A recipe in the style of the documentation: block groups, one flow
/// mapping per `gen:`, flow lists.
pub(crate) fn render(recipe: &Recipe) -> String {
    let mut out = String::from("groups:\n");
    for (group, entries) in &recipe.groups {
        out += &format!("  {}:\n", scalar(group));
        for entry in entries {
            out += &render_entry(entry, 4);
        }
    }
    out
}

/// One entry as a `- ` item whose dash is `indent` columns in.
fn render_entry(entry: &Entry, indent: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let list = |items: &[String]| {
        let items: Vec<String> = items.iter().map(|s| scalar(s)).collect();
        format!("[{}]", items.join(", "))
    };
    match entry {
        Entry::Manual { cases, from } => {
            lines.push(match cases {
                Manual::All => "manual: all".into(),
                Manual::Named(names) => format!("manual: {}", list(names)),
            });
            lines.extend(from.iter().map(|f| format!("from: {}", quoted(f))));
        }
        Entry::Batch { run, skip } => {
            lines.push(format!(
                "gen: {{seed: {}, count: {}, size: {}, prefix: {}}}",
                run.seed,
                run.count,
                run.size,
                scalar(&run.prefix)
            ));
            if !skip.is_empty() {
                lines.push(format!("skip: {}", list(skip)));
            }
        }
        Entry::Single {
            case,
            draw,
            catches,
        } => {
            lines.push(format!("case: {}", scalar(case)));
            lines.push(format!(
                "gen: {{seed: {}, index: {}, size: {}}}",
                draw.seed, draw.index, draw.size
            ));
            if !catches.is_empty() {
                let items: Vec<String> = catches.iter().map(|c| quoted(c)).collect();
                lines.push(format!("catches: [{}]", items.join(", ")));
            }
        }
    }
    let pad = " ".repeat(indent);
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| match i {
            0 => format!("{pad}- {line}\n"),
            _ => format!("{pad}  {line}\n"),
        })
        .collect()
}

/// A name as a plain scalar when YAML reads it back as that string, else
/// quoted.
fn scalar(s: &str) -> String {
    let plain = s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        && !matches!(
            s.to_ascii_lowercase().as_str(),
            "true" | "false" | "null" | "yes" | "no" | "on" | "off" | "y" | "n"
        );
    match plain {
        true => s.to_string(),
        false => quoted(s),
    }
}

/// A YAML double-quoted scalar.
fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            '\n' => out += "\\n",
            '\t' => out += "\\t",
            c if c.is_control() => out += &format!("\\u{:04x}", c as u32),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The comment lines (and blank lines) the file starts with.
fn leading_comments(text: &str) -> String {
    text.lines()
        .take_while(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Whether a line holds YAML content (not blank, not only a comment).
fn content(line: &str) -> bool {
    let t = line.trim_start();
    !t.is_empty() && !t.starts_with('#')
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// Whether `line` (at its indentation) is the key `key:`.
fn is_key(line: &str, key: &str) -> bool {
    let body = line.trim_start_matches(' ');
    [
        key.to_string(),
        scalar(key),
        format!("'{key}'"),
        quoted(key),
    ]
    .iter()
    .any(|k| {
        body.strip_prefix(k.as_str())
            .is_some_and(|r| r.starts_with(':'))
    })
}

/// `text` with `entry` added at the end of `group` (a new group at the
/// end of `groups:` when there is none), if the file is laid out in block
/// style; `None` when it is not.
fn splice(text: &str, group: &str, entry: &Entry) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let top = lines
        .iter()
        .position(|l| indent(l) == 0 && is_key(l, "groups"))?;
    if content(lines[top].split_once(':')?.1) {
        return None; // `groups: {…}` on one line
    }
    // The groups block: from `groups:` to the next top-level content line.
    let end = (top + 1..lines.len())
        .find(|&i| content(lines[i]) && indent(lines[i]) == 0)
        .unwrap_or(lines.len());
    let last_content = |from: usize, to: usize| (from..to).rev().find(|&i| content(lines[i]));
    let keys_at = (top + 1..end)
        .find(|&i| content(lines[i]))
        .map(|i| indent(lines[i]))?;
    let key_line = (top + 1..end).find(|&i| indent(lines[i]) == keys_at && is_key(lines[i], group));
    let (after, piece) = match key_line {
        Some(k) => {
            // Items may sit at their key's own indentation (`- ` there).
            let block_end = (k + 1..end)
                .find(|&i| {
                    let (line, at) = (lines[i], indent(lines[i]));
                    content(line)
                        && (at < keys_at || at == keys_at && !line.trim_start().starts_with("- "))
                })
                .unwrap_or(end);
            let first = (k + 1..block_end).find(|&i| content(lines[i]))?;
            if !lines[first].trim_start().starts_with("- ") {
                return None;
            }
            let at = last_content(k, block_end)?;
            (at, render_entry(entry, indent(lines[first])))
        }
        None => {
            // Items as deep below their key as in the first group.
            let first_item =
                (top + 1..end).find(|&i| content(lines[i]) && indent(lines[i]) > keys_at);
            let step = first_item.map_or(2, |i| indent(lines[i]) - keys_at);
            let at = last_content(top, end)?;
            let key = format!("{}{}:\n", " ".repeat(keys_at), scalar(group));
            (at, key + &render_entry(entry, keys_at + step))
        }
    };
    let mut out: String = lines[..=after].iter().map(|l| format!("{l}\n")).collect();
    out += &piece;
    out.extend(lines[after + 1..].iter().map(|l| format!("{l}\n")));
    Some(out)
}
