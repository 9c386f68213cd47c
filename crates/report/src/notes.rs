//! A run's notes and warnings, grouped for reading: what is said of the
//! run as a whole, what is said alike of several problems (once, with how
//! many and which), and what is said of one problem (under it).
//!
//! The engine writes each line as `<problem id>: text` when it belongs to
//! one problem (a computed time limit, PyPy for `.py`, a package's
//! ambiguous convention), and `report.yaml` keeps them as such flat
//! strings: the grouping is made here, when a report is read, from the
//! prefix and the ids of the report's problems. So reports written
//! before read the same, `judge merge` (which joins the lines of shards
//! without repeating one) and `judge diff` are unchanged, and a line
//! whose prefix names no problem of the report stays the run's.

use std::collections::BTreeMap;

use crate::Report;

/// Notes (or warnings) grouped by whom they are about.
#[derive(Debug, Default, PartialEq)]
pub struct Grouped<'a> {
    /// Said of the run as a whole (the sandbox, the cache), in order.
    pub run: Vec<&'a str>,
    /// Said alike of two problems or more: once each, the most said
    /// first.
    pub shared: Vec<Shared<'a>>,
    /// Said of one problem, in the order of the report's problems, each
    /// problem's lines in order.
    pub per_problem: Vec<(&'a str, Vec<&'a str>)>,
}

/// A line said alike of several problems.
#[derive(Debug, PartialEq)]
pub struct Shared<'a> {
    pub text: &'a str,
    pub problems: Vec<&'a str>,
}

impl Grouped<'_> {
    /// How many lines the groups hold, each shared line once.
    pub fn len(&self) -> usize {
        self.run.len()
            + self.shared.len()
            + self.per_problem.iter().map(|(_, l)| l.len()).sum::<usize>()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The ids of the problems `report` speaks of: its judged problems, then
/// those of its submissions (a problem whose reference did not run may
/// still have submissions), in report order, each once.
pub fn problem_ids(report: &Report) -> Vec<&str> {
    let mut ids: Vec<&str> = Vec::new();
    let named = (report.problems.iter().map(|p| p.id.as_str()))
        .chain(report.submissions.iter().map(|s| s.problem.as_str()));
    for id in named {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}

/// The problem a line is about, and the line without its prefix: the
/// longest id of `ids` that the line starts with, followed by `: `.
pub fn split<'a>(line: &'a str, ids: &[&str]) -> (Option<&'a str>, &'a str) {
    let found = ids
        .iter()
        .filter(|id| {
            line.strip_prefix(**id)
                .is_some_and(|rest| rest.starts_with(": "))
        })
        .max_by_key(|id| id.len());
    match found {
        Some(id) => (Some(&line[..id.len()]), &line[id.len() + 2..]),
        None => (None, line),
    }
}

/// `lines` grouped: by the problem of [`split`], a text said of two
/// problems or more once.
pub fn group<'a>(lines: &'a [String], ids: &[&'a str]) -> Grouped<'a> {
    let mut run = Vec::new();
    let mut by_text: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    let mut order: Vec<&str> = Vec::new();
    for line in lines {
        match split(line, ids) {
            (Some(id), text) => {
                let problems = by_text.entry(text).or_default();
                if problems.is_empty() {
                    order.push(text);
                }
                if !problems.contains(&id) {
                    problems.push(id);
                }
            }
            (None, text) => run.push(text),
        }
    }
    let mut shared = Vec::new();
    let mut per: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for text in order {
        let problems = by_text.remove(text).unwrap_or_default();
        match problems.as_slice() {
            [one] => per.entry(one).or_default().push(text),
            _ => shared.push(Shared { text, problems }),
        }
    }
    shared.sort_by_key(|s| std::cmp::Reverse(s.problems.len()));
    let per_problem = (ids.iter())
        .filter_map(|id| per.remove(id).map(|lines| (*id, lines)))
        .collect();
    Grouped {
        run,
        shared,
        per_problem,
    }
}

/// `problems` named for a line of text: all of them up to `most`, else
/// the first ones and how many more.
pub fn name_some(problems: &[&str], most: usize) -> String {
    if problems.len() <= most {
        return problems.join(", ");
    }
    format!(
        "{}, … ({} more)",
        problems[..most].join(", "),
        problems.len() - most
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(all: &[&str]) -> Vec<String> {
        all.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_line_said_of_several_problems_is_said_once_with_them() {
        let ids = ["atoms", "sudoku", "sudoku-2", "stars"];
        let notes = lines(&[
            "sandbox: bubblewrap",
            "atoms: .py ran with PyPy 3, as Kattis runs it",
            "atoms: time limit 2 s computed from 3 accepted submissions",
            "sudoku: .py ran with PyPy 3, as Kattis runs it",
            "sudoku-2: time limit 1 s (problem.yaml)",
            "stars: .py ran with PyPy 3, as Kattis runs it",
            "elsewhere: a line of no problem of this report",
        ]);
        let g = group(&notes, &ids);
        assert_eq!(
            g.run,
            [
                "sandbox: bubblewrap",
                "elsewhere: a line of no problem of this report"
            ]
        );
        assert_eq!(
            g.shared,
            [Shared {
                text: ".py ran with PyPy 3, as Kattis runs it",
                problems: vec!["atoms", "sudoku", "stars"],
            }]
        );
        // The longest id wins: `sudoku-2: …` is not sudoku's.
        assert_eq!(
            g.per_problem,
            [
                (
                    "atoms",
                    vec!["time limit 2 s computed from 3 accepted submissions"]
                ),
                ("sudoku-2", vec!["time limit 1 s (problem.yaml)"]),
            ]
        );
        assert_eq!(g.len(), 5);
    }

    #[test]
    fn many_problems_are_named_in_part() {
        assert_eq!(name_some(&["a", "b"], 3), "a, b");
        assert_eq!(name_some(&["a", "b", "c", "d"], 2), "a, b, … (2 more)");
    }
}
