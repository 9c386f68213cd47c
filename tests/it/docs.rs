//! The README is a front page and `docs/` is the book: the README stays
//! under 8 KiB, every relative Markdown link in the README and the book
//! leads to a file (and, with `#anchor`, to one of its headings), and the
//! book's index links every chapter. External links are not fetched.
//!
//! The checks take a root folder, so the last tests run them on a small
//! tree with known faults to prove they catch them.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Component, Path, PathBuf};

use crate::common::root;

/// The most bytes the README may hold.
const README_MAX: u64 = 8192;

/// The book's table of contents, the first of these that exists.
const INDEX_NAMES: [&str; 2] = ["README.md", "index.md"];

/// A relative link found in a Markdown file.
#[derive(Debug)]
struct Link {
    /// 1-based line of the file.
    line: usize,
    /// The target as written, `path#anchor`.
    target: String,
}

/// The README and every `.md` file under `docs/`, sorted.
fn markdown_files(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    files.extend(markdown_under(&root.join("docs")));
    files
}

fn markdown_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return found;
    };
    let mut paths: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            found.extend(markdown_under(&path));
        } else if path.extension().is_some_and(|e| e == "md") {
            found.push(path);
        }
    }
    found
}

/// The lines of a Markdown text that are not inside a fenced code block,
/// with their 1-based numbers.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut lines = Vec::new();
    // The fence that opened the current code block: its character and length.
    let mut fence: Option<(char, usize)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker = trimmed.chars().next().filter(|c| *c == '`' || *c == '~');
        let run = marker.map_or(0, |m| trimmed.chars().take_while(|c| *c == m).count());
        match (fence, marker) {
            (None, Some(m)) if run >= 3 => fence = Some((m, run)),
            (Some((f, n)), Some(m)) if m == f && run >= n && trimmed[run..].trim().is_empty() => {
                fence = None;
            }
            (None, _) => lines.push((i + 1, line)),
            _ => {}
        }
    }
    lines
}

/// `line` without its inline code spans (a run of backticks up to the next
/// run of the same length); an unmatched run stays as it is.
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let after = &rest[start..];
        let run = after.chars().take_while(|c| *c == '`').count();
        let ticks = &after[..run];
        let body = &after[run..];
        match find_exact_run(body, run) {
            Some(end) => rest = &body[end + run..],
            None => {
                out.push_str(ticks);
                rest = body;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Where the first run of exactly `n` backticks in `text` starts.
fn find_exact_run(text: &str, n: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'`' {
            let len = bytes[i..].iter().take_while(|b| **b == b'`').count();
            if len == n {
                return Some(i);
            }
            i += len;
        } else {
            i += 1;
        }
    }
    None
}

/// The targets of the inline links `[text](target)` (and images) of one
/// line of prose, code spans removed, titles dropped.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code_spans(line);
    let mut targets = Vec::new();
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let (target, used) = if let Some(angled) = after.strip_prefix('<') {
            match angled.find('>') {
                Some(end) => (angled[..end].to_string(), end + 2),
                None => (String::new(), 0),
            }
        } else {
            let mut depth = 0usize;
            let mut end = None;
            for (i, c) in after.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' if depth == 0 => {
                        end = Some(i);
                        break;
                    }
                    ')' => depth -= 1,
                    _ => {}
                }
            }
            match end {
                // A title follows the target after a space: `(path "title")`.
                Some(end) => {
                    let inner = after[..end].trim();
                    let target = inner.split_whitespace().next().unwrap_or("");
                    (target.to_string(), end + 1)
                }
                None => (String::new(), 0),
            }
        };
        if !target.is_empty() {
            targets.push(target);
        }
        rest = &after[used..];
    }
    targets
}

/// A link that leaves the repository's files: a URL or a mail address.
fn is_external(target: &str) -> bool {
    target.contains("://") || target.starts_with("mailto:")
}

/// The relative links of a Markdown text, with their line numbers.
fn relative_links(text: &str) -> Vec<Link> {
    prose_lines(text)
        .into_iter()
        .flat_map(|(line, content)| {
            link_targets(content)
                .into_iter()
                .filter(|t| !is_external(t))
                .map(move |target| Link { line, target })
        })
        .collect()
}

/// GitHub's anchor of a heading: lower case, spaces become `-`, and every
/// other character that is not a letter, a digit, `-` or `_` is dropped.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// A heading's text as rendered: a link inside it keeps only its text.
fn heading_text(raw: &str) -> String {
    let mut out = String::new();
    let mut rest = raw;
    while let Some(at) = rest.find("](") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        rest = match after.find(')') {
            Some(end) => &after[end + 1..],
            None => "",
        };
    }
    out.push_str(rest);
    out
}

/// The anchors of a Markdown text's ATX headings (`#` to `######`, outside
/// code blocks); a repeated slug gets `-1`, `-2`, … as on GitHub.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut anchors = BTreeSet::new();
    for (_, line) in prose_lines(text) {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let trimmed = line.trim_start_matches(' ');
        let level = trimmed.chars().take_while(|c| *c == '#').count();
        if indent > 3 || level == 0 || level > 6 {
            continue;
        }
        let rest = &trimmed[level..];
        if !(rest.is_empty() || rest.starts_with(' ') || rest.starts_with('\t')) {
            continue;
        }
        // An optional closing run of `#` goes.
        let rest = rest.trim();
        let rest = rest.trim_end_matches('#');
        let base = slug(heading_text(rest.trim()).trim());
        let count = seen.entry(base.clone()).or_insert(0);
        let anchor = if *count == 0 {
            base.clone()
        } else {
            format!("{base}-{count}")
        };
        *count += 1;
        anchors.insert(anchor);
    }
    anchors
}

/// `path` with `.` and `..` folded away, without touching the disk.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `%20` and the like in a link's path.
fn percent_decoded(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            if let Some(Ok(b)) = path.get(i + 1..i + 3).map(|h| u8::from_str_radix(h, 16)) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The file a link of `from` points to, and its anchor if it has one.
fn resolve(from: &Path, target: &str) -> (PathBuf, Option<String>) {
    let (path, anchor) = match target.split_once('#') {
        Some((path, anchor)) => (path, Some(anchor.to_string())),
        None => (target, None),
    };
    let file = if path.is_empty() {
        from.to_path_buf()
    } else {
        normalise(&from.parent().unwrap().join(percent_decoded(path)))
    };
    (file, anchor)
}

/// `path` relative to `root`, for messages.
fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Every broken relative link of the README and the book, one message each:
/// `file:line: broken link `target`: why`.
fn broken_links(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let mut anchor_cache: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    for file in markdown_files(root) {
        let Ok(text) = fs::read_to_string(&file) else {
            problems.push(format!("{}: cannot be read", shown(root, &file)));
            continue;
        };
        for link in relative_links(&text) {
            let (target, anchor) = resolve(&file, &link.target);
            let why = if !target.exists() {
                Some(format!("{} does not exist", shown(root, &target)))
            } else if let Some(anchor) = anchor {
                if target.extension().is_none_or(|e| e != "md") || target.is_dir() {
                    Some(format!(
                        "#{anchor} in {}, which is not a Markdown file",
                        shown(root, &target)
                    ))
                } else {
                    let known = anchor_cache.entry(target.clone()).or_insert_with(|| {
                        anchors(&fs::read_to_string(&target).unwrap_or_default())
                    });
                    (!known.contains(&anchor)).then(|| {
                        format!(
                            "no heading with anchor #{anchor} in {}",
                            shown(root, &target)
                        )
                    })
                }
            } else {
                None
            };
            if let Some(why) = why {
                problems.push(format!(
                    "{}:{}: broken link `{}`: {why}",
                    shown(root, &file),
                    link.line,
                    link.target
                ));
            }
        }
    }
    problems
}

/// The book's index file under `docs/`.
fn index_file(root: &Path) -> Option<PathBuf> {
    INDEX_NAMES
        .iter()
        .map(|name| root.join("docs").join(name))
        .find(|path| path.is_file())
}

/// Every chapter under `docs/` that the index does not link, one message
/// each (or one saying there is no index).
fn chapters_missing_from_index(root: &Path) -> Vec<String> {
    let Some(index) = index_file(root) else {
        return vec![format!("docs/: no index ({})", INDEX_NAMES.join(" or "))];
    };
    let text = fs::read_to_string(&index).unwrap();
    let linked: BTreeSet<PathBuf> = relative_links(&text)
        .iter()
        .map(|link| resolve(&index, &link.target).0)
        .collect();
    markdown_under(&root.join("docs"))
        .into_iter()
        .filter(|chapter| *chapter != index && !linked.contains(chapter))
        .map(|chapter| {
            format!(
                "{}: chapter not linked from {}",
                shown(root, &chapter),
                shown(root, &index)
            )
        })
        .collect()
}

/// The README's size, when it is over the limit.
fn readme_too_large(root: &Path) -> Option<String> {
    let size = fs::metadata(root.join("README.md")).map_or(0, |m| m.len());
    (size > README_MAX).then(|| {
        format!("README.md: {size} bytes, more than {README_MAX}: move the detail into docs/")
    })
}

#[test]
fn readme_is_a_front_page_of_at_most_8_kib() {
    if let Some(problem) = readme_too_large(&root()) {
        panic!("{problem}");
    }
}

#[test]
fn every_relative_link_of_the_readme_and_the_book_resolves() {
    let problems = broken_links(&root());
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_index_links_every_chapter_of_the_book() {
    let problems = chapters_missing_from_index(&root());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn slugs_follow_githubs_rule() {
    assert_eq!(
        slug("Set-up on a fresh machine"),
        "set-up-on-a-fresh-machine"
    );
    assert_eq!(slug("`judge check`"), "judge-check");
    assert_eq!(slug("`--cmd`"), "--cmd");
    assert_eq!(slug("judge-config.yaml"), "judge-configyaml");
    assert_eq!(slug("1. Map of concepts"), "1-map-of-concepts");
    assert_eq!(
        slug("The cache: a fast second `make check`"),
        "the-cache-a-fast-second-make-check"
    );
    assert_eq!(slug("judge ⇄ problemtools"), "judge--problemtools");
    assert_eq!(slug("snake_case Über"), "snake_case-über");
}

#[test]
fn anchors_skip_code_blocks_and_number_repeats() {
    let text = "# Title\n\n```yaml\n# not a heading\n```\n\n## Usage\n\n## Usage\n\
                \n    # indented code\n\n#hashtag\n## [A link](x.md) heading ##\n";
    let found: Vec<String> = anchors(text).into_iter().collect();
    assert_eq!(found, ["a-link-heading", "title", "usage", "usage-1"]);
}

#[test]
fn links_are_found_outside_code_only() {
    let text = "See [a](a.md) and [b](b.md#part \"title\"), ![img](i.png).\n\
                `[not](code.md)` and <https://x> [web](https://example.com)\n\
                ```\n[fenced](fenced.md)\n```\n[after](<c d.md>)\n";
    let found: Vec<(usize, String)> = relative_links(text)
        .into_iter()
        .map(|l| (l.line, l.target))
        .collect();
    assert_eq!(
        found,
        [
            (1, "a.md".to_string()),
            (1, "b.md#part".to_string()),
            (1, "i.png".to_string()),
            (6, "c d.md".to_string()),
        ]
    );
}

/// A small repository with one fault of each kind, and the message each
/// check gives for it.
#[test]
fn the_checks_catch_each_kind_of_fault() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("docs/deep")).unwrap();
    let readme = format!(
        "# R\n\n[book](docs/README.md) [gone](docs/gone.md)\n[ok](docs/a.md#part-one)\n\
         [bad anchor](docs/a.md#part-two) [self](#r) [web](https://example.com/x.md)\n{}",
        "x".repeat(README_MAX as usize)
    );
    fs::write(root.join("README.md"), readme).unwrap();
    fs::write(
        root.join("docs/README.md"),
        "# Index\n\n- [A](a.md)\n- [up](../README.md#r)\n",
    )
    .unwrap();
    fs::write(
        root.join("docs/a.md"),
        "# A\n\n## Part one\n\n[back](README.md#index) [missing](#nowhere)\n",
    )
    .unwrap();
    fs::write(
        root.join("docs/deep/orphan.md"),
        "# Orphan\n[up](../a.md#a)\n",
    )
    .unwrap();

    assert_eq!(
        broken_links(root),
        [
            "README.md:3: broken link `docs/gone.md`: docs/gone.md does not exist",
            "README.md:5: broken link `docs/a.md#part-two`: no heading with anchor #part-two in docs/a.md",
            "docs/a.md:5: broken link `#nowhere`: no heading with anchor #nowhere in docs/a.md",
        ]
    );
    assert_eq!(
        chapters_missing_from_index(root),
        ["docs/deep/orphan.md: chapter not linked from docs/README.md"]
    );
    assert!(readme_too_large(root).unwrap().starts_with("README.md: "));

    fs::remove_file(root.join("docs/README.md")).unwrap();
    assert_eq!(
        chapters_missing_from_index(root),
        ["docs/: no index (README.md or index.md)"]
    );
}
