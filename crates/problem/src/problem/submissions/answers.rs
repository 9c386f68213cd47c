//! A submission of answers, the only kind of submission a 2025-09
//! `submit-answer` problem has ("a submission consists of the answers to
//! the test cases instead of source code"). The format does not say how
//! answers are laid out (Kattis/problem-package-format#578 leaves it to
//! the judging system), so judge's rule is one that maps each file to one
//! case without guessing: a folder whose files are all `<case>.out`, the
//! case named as in reports, its path under `data/` (`secret/01.out`,
//! `sample/1.out`). A case with no file in it gets WA.
//!
//! What a folder is decides nothing else: the engine builds such a folder
//! only for a submit-answer problem, and says why not elsewhere.

use std::path::Path;

/// The extension of an answer file in a submission of answers (the
/// format's name for a submission's output, as in `invalid_output/*.out`).
pub const ANSWER_EXTENSION: &str = "out";

/// Whether `path` is a submission of answers: a folder holding at least
/// one file, every file (at any depth, hidden ones aside) an `.out` file.
pub fn is_answers(path: &Path) -> bool {
    fn all_out(dir: &Path, seen: &mut bool) -> bool {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return false;
        };
        entries.flatten().all(|e| {
            let path = e.path();
            if e.file_name().to_string_lossy().starts_with('.') {
                true
            } else if path.is_dir() {
                all_out(&path, seen)
            } else {
                *seen = true;
                path.extension().is_some_and(|x| x == ANSWER_EXTENSION)
            }
        })
    }
    let mut seen = false;
    path.is_dir() && all_out(path, &mut seen) && seen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_of_out_files_only_is_answers() {
        let dir = tempfile::tempdir().unwrap();
        let at = |rel: &str| {
            let p = dir.path().join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, "1\n").unwrap();
        };
        at("a/secret/1.out");
        at("a/sample/1.out");
        at("a/.gitkeep");
        at("b/secret/1.out");
        at("b/main.py");
        std::fs::create_dir_all(dir.path().join("c")).unwrap();
        at("d.out");
        assert!(is_answers(&dir.path().join("a")));
        assert!(!is_answers(&dir.path().join("b")), "a source among them");
        assert!(!is_answers(&dir.path().join("c")), "empty");
        assert!(!is_answers(&dir.path().join("d.out")), "a file");
    }
}
