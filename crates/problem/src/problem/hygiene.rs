//! Faults of a test set that belong to no single case.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use std::path::Path;

use super::{Case, Problem};

/// Faults of a problem's case folder that belong to no single case: answers
/// without inputs, stray files, stale temporaries of killed writes,
/// duplicate inputs, expected outputs with a carriage return or without a
/// final newline. Only reads files, like the rest of discovery.
pub fn hygiene(problem: &Problem) -> Vec<String> {
    let mut issues = Vec::new();
    for path in &problem.orphan_answers {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("out");
        issues.push(format!(
            "{}: an .{ext} file without an .in file",
            path.display()
        ));
    }
    stale_temporaries(problem, &mut issues);
    stray_files(problem, &mut issues);
    let mut seen = HashMap::new();
    for case in &problem.cases {
        duplicate_input(problem, case, &mut seen, &mut issues);
        if let Some(answer) = &case.answer {
            answer_faults(answer, &mut issues);
        }
    }
    issues
}

/// A judge killed mid-write leaves its temporary anywhere in the folder
/// (beside an .out, beside SOURCES.md). A stale one is named for what
/// it is, with the way to remove it; a live one belongs to a judge
/// writing right now and is no fault, so neither is a stray file.
fn stale_temporaries(problem: &Problem, issues: &mut Vec<String>) {
    for temp in crate::fsutil::temps_in(&problem.dir) {
        if let Some(why) = &temp.stale {
            issues.push(format!(
                "{}: stale temporary file of an interrupted judge write ({}; {why}); `judge regen {}` removes it, or delete it",
                temp.path.display(),
                temp.describe(),
                problem.id
            ));
        }
    }
}

/// Files in the case folders that belong to no case, each with why (a
/// judge's temporary is `stale_temporaries`' to name, or no fault).
fn stray_files(problem: &Problem, issues: &mut Vec<String>) {
    let is_temp = |p: &std::path::Path| {
        p.file_name()
            .is_some_and(|n| crate::fsutil::is_temp_name(&n.to_string_lossy()))
    };
    let invalid_dir = problem.dir.join(super::layout::INVALID_DIR);
    for path in problem.stray_files.iter().filter(|p| !is_temp(p)) {
        let why = match path.starts_with(&invalid_dir) {
            true => "not an invalid input (only .in files belong in invalid/)",
            false if path.extension().is_some_and(|e| e == "ans") => {
                "an .ans beside an .out: two answers for one input (keep one)"
            }
            false => "not a case file (only .in and .out, or .ans, belong in cases/)",
        };
        issues.push(format!("{}: {why}", path.display()));
    }
}

/// A case whose input links to another's is that case included again
/// (how testdata_tools and BAPCtools put a case in several groups), not
/// a copy made by mistake; a package judged in place may also repeat a
/// case in another group, as its format allows. A second copy in the
/// same group, or anywhere in judge's own layout, is a fault. `seen`:
/// the first case of each input (and scope) so far.
fn duplicate_input<'a>(
    problem: &Problem,
    case: &'a Case,
    seen: &mut HashMap<(Vec<u8>, &'a str), String>,
    issues: &mut Vec<String>,
) {
    let linked = std::fs::symlink_metadata(&case.input).is_ok_and(|m| m.is_symlink());
    let scope = match problem.origin.is_some() {
        true => case.group.as_str(),
        false => "",
    };
    if !linked && let Ok(bytes) = std::fs::read(&case.input) {
        match seen.entry((bytes, scope)) {
            Entry::Occupied(first) => issues.push(format!(
                "{}: same input as case {}",
                case.input.display(),
                first.get()
            )),
            Entry::Vacant(place) => {
                place.insert(case.id());
            }
        }
    }
}

/// An expected output that cannot be read, holds a carriage return or
/// lacks its final newline.
fn answer_faults(answer: &Path, issues: &mut Vec<String>) {
    match std::fs::read(answer) {
        Err(e) => issues.push(format!("{}: cannot read: {e}", answer.display())),
        Ok(bytes) => {
            if let Some(i) = bytes.iter().position(|&b| b == b'\r') {
                let line = bytes[..i].iter().filter(|&&b| b == b'\n').count() + 1;
                issues.push(format!(
                    "{}:{line}: carriage return in an expected output",
                    answer.display()
                ));
            }
            if !bytes.is_empty() && !bytes.ends_with(b"\n") {
                issues.push(format!("{}: no final newline", answer.display()));
            }
        }
    }
}
