//! A package's submissions: which accepted one becomes the reference, and
//! which are imported or skipped (by the rule judging in place follows
//! too, `judge_problem`'s `skip_reason`), each skip with its reason.

use std::path::{Path, PathBuf};

use judge_languages::{Spec, Written};

use crate::Refusal;
use crate::origin::Format;
use crate::plan::{Plan, name_of, rel, sorted_entries};
use crate::problem::submissions::{FOLDERS, find_at, skip_reason};
use crate::spec_keys::File;

/// The accepted submission judge uses as the reference, by this rule:
/// of the submissions that must pass every case (`accepted/`, unless
/// `submissions.yaml` says otherwise, and any its rules hold to AC
/// alone), one whose toolchain is installed here first; among those the
/// language with the highest priority in the language table (the fastest:
/// C++, C, Rust, … Python 2 last, so it is chosen only when nothing else
/// can run); then the first by path. `judge import --reference` names one
/// instead.
pub(crate) fn reference(pkg: &Path) -> Option<PathBuf> {
    let must_pass: Vec<PathBuf> = find_at(pkg, Some(&[]))
        .submissions
        .into_iter()
        .filter(|s| s.must_pass())
        .map(|s| s.path)
        .collect();
    let table = judge_languages::table();
    let rank = |p: &Path| -> Option<(bool, i32)> {
        Some(match table.written_in(p)? {
            Written::Language(spec) => (installed(spec), spec.priority),
            // build/run scripts: bash is always there; rank them with C.
            Written::Scripts => (true, table.get("c").map_or(0, |c| c.priority) - 1),
        })
    };
    must_pass
        .into_iter()
        .filter_map(|p| rank(&p).map(|r| (r, p)))
        .min_by_key(|((installed, priority), p)| (!*installed, -*priority, p.clone()))
        .map(|(_, p)| p.strip_prefix(pkg).map(Path::to_path_buf).unwrap_or(p))
}

/// The reference of the package read into `plan` ([`reference()`]), or the
/// refusal saying there is none. One from a folder of the package's own
/// (its submissions.yaml holds it to AC) is not copied with the verdict
/// folders, so an import takes it as the reference program.
pub(crate) fn take_reference(pkg: &Path, plan: &mut Plan) -> Option<PathBuf> {
    let Some(mut r) = reference(pkg) else {
        plan.refused.push(Refusal::NoReference);
        return None;
    };
    let folder = r.iter().nth(1).and_then(|f| f.to_str()).unwrap_or("");
    if !FOLDERS.iter().any(|(f, _)| *f == folder) {
        let to = PathBuf::from("reference").join(r.file_name().unwrap_or_default());
        plan.copies.push((pkg.join(&r), to.clone()));
        r = to;
    }
    Some(r)
}

/// Whether every tool of `spec` is on PATH here (and its probe passes).
fn installed(spec: &Spec) -> bool {
    use judge_sandbox::toolchain;
    spec.tools().iter().all(|word| {
        judge_languages::alternatives(word)
            .iter()
            .any(|t| toolchain::resolve(t).is_some())
    }) && spec.probe_command().is_none_or(|p| toolchain::probe(&p))
}

/// The submissions of the package's verdict folders, copied to the same
/// folders of judge's layout; anything else under `submissions/` is
/// listed as skipped, with why.
pub(crate) fn submissions(pkg: &Path, plan: &mut Plan) {
    let dir = pkg.join("submissions");
    for folder in sorted_entries(&dir) {
        let name = name_of(&folder);
        if name == "submissions.yaml" {
            check_keys(pkg, &folder, plan);
            plan.copies.push((
                folder.clone(),
                PathBuf::from("submissions/submissions.yaml"),
            ));
            continue;
        }
        if !folder.is_dir() || !FOLDERS.iter().any(|(f, _)| *f == name) {
            // judge's layout has no place for DOMjudge's folders
            // (`compiler_error/`, `mixed/`): judged in place, they are
            // held to their tags and names.
            let why = "not a verdict folder of judge's layout (judge the package in place to judge it: its tags and name decide)";
            plan.skipped.push((rel(pkg, &folder), why.into()));
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

/// `submissions.yaml`'s keys held against the format's table (the
/// promises themselves are read by `judge-problem`, which leaves out an
/// entry it cannot read).
fn check_keys(pkg: &Path, file: &Path, plan: &mut Plan) {
    let format = plan.format.unwrap_or(Format::Legacy);
    if let Ok(Ok(text)) = crate::located::read(file) {
        crate::key_check::check_text(&rel(pkg, file), &text, File::Submissions, format).apply(
            File::Submissions,
            format,
            plan,
            true,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn package(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let accepted = dir.path().join("submissions/accepted");
        std::fs::create_dir_all(&accepted).unwrap();
        for (name, text) in files {
            std::fs::write(accepted.join(name), text).unwrap();
        }
        dir
    }

    fn chosen(files: &[(&str, &str)]) -> String {
        let pkg = package(files);
        reference(pkg.path())
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    #[test]
    fn the_reference_is_the_fastest_language_and_python_2_comes_last() {
        let py2 = "#!/usr/bin/env python2\nprint 1\n";
        let py3 = "print(1)\n";
        // C++ above C above Python 3; hidden and disabled files never.
        assert_eq!(
            chosen(&[("a.py", py3), ("b.c", ""), ("c.cc", ""), (".d.cc", "")]),
            "c.cc"
        );
        assert_eq!(
            chosen(&[("a.py", py3), ("z.c", ""), ("y.cc.disabled", "")]),
            "z.c"
        );
        // Python 2 only when nothing else is there, even named first.
        assert_eq!(chosen(&[("a_py2.py", py2), ("b_py3.py", py3)]), "b_py3.py");
        assert_eq!(chosen(&[("a.py", py2)]), "a.py");
        // No language at all: none.
        assert_eq!(chosen(&[("notes.txt", "")]), "");
    }

    #[test]
    fn the_reference_is_one_the_rules_hold_to_ac() {
        // accepted/ is declared wrong; a folder of the package's own holds
        // one file to AC.
        let pkg = package(&[("wa.cc", "")]);
        let own = pkg.path().join("submissions/mine");
        std::fs::create_dir_all(&own).unwrap();
        std::fs::write(own.join("ac.py"), "print(1)\n").unwrap();
        std::fs::write(own.join("maybe.c"), "").unwrap();
        std::fs::write(
            pkg.path().join("submissions/submissions.yaml"),
            "accepted:\n  permitted: [WA]\nmine:\n  permitted: [AC, WA]\nmine/ac.py:\n  permitted: [AC]\n",
        )
        .unwrap();
        assert_eq!(
            reference(pkg.path()),
            Some(PathBuf::from("submissions/mine/ac.py"))
        );
    }
}
