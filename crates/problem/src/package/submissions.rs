//! A package's submissions: which accepted one becomes the reference, and
//! which are imported or skipped (hidden, `.disabled`, or in a language
//! judge does not build), each skip with its reason.

use std::path::{Path, PathBuf};

use super::plan::{Plan, name_of, rel, sorted_entries};
use crate::problem::submissions::FOLDERS;
use judge_languages::Language;

/// The accepted submission judge will use as the reference: compiled
/// languages first (fastest to regenerate answers), then the rest.
pub(super) fn reference(pkg: &Path) -> Option<PathBuf> {
    let accepted = pkg.join("submissions/accepted");
    let rank = |p: &Path| -> Option<usize> {
        let lang = language(p)?;
        Some(match lang {
            Language::Cpp => 0,
            Language::C => 1,
            Language::Rust => 2,
            Language::Java => 3,
            Language::Python => 4,
            _ => 5,
        })
    };
    sorted_entries(&accepted)
        .into_iter()
        .filter(|p| skip_reason(p).is_none())
        .filter_map(|p| rank(&p).map(|r| (r, p)))
        .min_by_key(|(r, p)| (*r, p.clone()))
        .map(|(_, p)| PathBuf::from("submissions/accepted").join(name_of(&p)))
}

/// The language judge would build `path` as (a folder: its sources').
fn language(path: &Path) -> Option<Language> {
    if path.is_dir() {
        if path.join("build").is_file() || path.join("run").is_file() {
            return Some(Language::Command);
        }
        return sorted_entries(path)
            .iter()
            .find_map(|p| language(p).filter(|_| p.is_file()));
    }
    let ext = path.extension().and_then(|e| e.to_str())?;
    Language::from_extension(ext)
}

/// Why a submission in a verdict folder is not imported, if it is not.
fn skip_reason(path: &Path) -> Option<String> {
    let name = name_of(path);
    if name.starts_with('.') {
        return Some("hidden".into());
    }
    if name.ends_with(".disabled") {
        return Some("disabled".into());
    }
    if language(path).is_none() {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("none");
        return Some(format!(
            "no build rule for this language (extension {ext}; judge builds C, C++, Rust, Java, Python, shell)"
        ));
    }
    None
}

pub(super) fn submissions(pkg: &Path, plan: &mut Plan) {
    let dir = pkg.join("submissions");
    for folder in sorted_entries(&dir) {
        let name = name_of(&folder);
        if name == "submissions.yaml" {
            plan.copies.push((
                folder.clone(),
                PathBuf::from("submissions/submissions.yaml"),
            ));
            continue;
        }
        if !folder.is_dir() || !FOLDERS.iter().any(|(f, _)| *f == name) {
            plan.skipped
                .push((rel(pkg, &folder), "not a verdict folder judge knows".into()));
            continue;
        }
        for sub in sorted_entries(&folder) {
            match skip_reason(&sub) {
                Some(why) => plan.skipped.push((rel(pkg, &sub), why)),
                None => {
                    plan.copies.push((
                        sub.clone(),
                        PathBuf::from("submissions").join(&name).join(name_of(&sub)),
                    ));
                    plan.submissions += 1;
                }
            }
        }
    }
}
