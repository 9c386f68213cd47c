//! Finding the submissions under `submissions/` and what each promises.
//!
//! In judge's own layout a folder is one of [`FOLDERS`], or an error (a
//! typo must not silently drop a promise). In a package every folder is
//! judged, as the contest system the package came from would: the
//! format's folders by the format's rules, a folder `submissions.yaml`
//! speaks of by its rules, and any other by DOMjudge's conventions (the
//! `@EXPECTED_RESULTS@:` tag of each submission, else the folder's name
//! read as a DOMjudge result), or else with no promise, reported.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::domjudge::{self, Results, Tag};
use super::promise::{Expectation, Expected, FOLDERS};
use super::rules::{Rule, glob_matches, read_rules};
use crate::problem::Problem;

/// The name of a submission that is not judged, and why: the rule of
/// judge's layout and of the package formats alike.
fn skipped(name: &str) -> Option<&'static str> {
    if name.starts_with('.') {
        Some("hidden")
    } else if name.ends_with(".disabled") {
        Some("disabled")
    } else {
        None
    }
}

/// Why a file of a package's verdict folder is not a submission judge
/// judges, if it is not: hidden or disabled (the rule of every layout),
/// or of no language of the table (and not a program of its own). An
/// import leaves such a file out with the reason, as judging in place
/// does.
pub fn skip_reason(path: &Path) -> Option<String> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    if let Some(why) = skipped(&name) {
        return Some(why.into());
    }
    no_language(path)
}

/// Why `path` is no submission judge can build: no language of the table
/// claims it, and it is not a program of its own.
fn no_language(path: &Path) -> Option<String> {
    let table = judge_languages::table();
    if table.written_in(path).is_none() && !runs_as_itself(path) && !super::is_answers(path) {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("none");
        return Some(format!(
            "no language in judge's table has this extension ({ext}; `judge languages` lists them, judge-config.yaml can add one)"
        ));
    }
    None
}

/// Whether `path` is a program the kernel runs as it is: executable, and
/// an ELF binary or a `#!` script. A source a checkout left executable
/// (DOMjudge keeps R sources at mode 755) is neither; run, it fails with
/// "Exec format error", which would read as a judge error.
fn runs_as_itself(path: &Path) -> bool {
    use std::io::Read;
    if !judge_sandbox::toolchain::is_executable(path) {
        return false;
    }
    let mut head = [0u8; 4];
    let read = std::fs::File::open(path).and_then(|mut f| f.read(&mut head));
    match read {
        Ok(n) => head[..n].starts_with(b"#!") || head[..n] == *b"\x7fELF",
        Err(_) => false,
    }
}

/// What a look at `submissions/` found.
#[derive(Debug, Clone, Default)]
pub struct Found {
    pub submissions: Vec<Expected>,
    /// Faults (unknown folders, a bad `submissions.yaml`).
    pub errors: Vec<String>,
    /// Files not judged, with the reason.
    pub skipped: Vec<String>,
}

/// Every submission of `problem` with its promises, sorted.
pub fn find(problem: &Problem) -> Found {
    let not_submissions = problem
        .origin
        .as_ref()
        .map(|o| o.not_submissions.as_slice());
    let mut found = find_at(&problem.dir, not_submissions);
    // problemtools judges a legacy package's folders by the verdict its
    // grader gives: the first failing case's.
    let legacy = problem
        .origin
        .as_ref()
        .is_some_and(|o| o.format == crate::origin::Format::Legacy);
    for s in &mut found.submissions {
        s.first_failure |= legacy;
    }
    found
}

/// Every submission under `dir/submissions` with its promises, sorted:
/// by the package formats' rules (and DOMjudge's conventions) when
/// `package` gives the files that are not submissions there (a package),
/// by judge's own otherwise.
pub fn find_at(dir: &Path, package: Option<&[PathBuf]>) -> Found {
    let root = dir.join("submissions");
    let mut found = Found::default();
    let Ok(folders) = std::fs::read_dir(&root) else {
        return found;
    };
    let (rules, faults) = read_rules(&root.join("submissions.yaml"));
    found.errors.extend(faults);
    // DOMjudge's submissions.json: entry points (and languages) by path.
    let mut json = Vec::new();
    if package.is_some() {
        let (more, faults) = domjudge::read_json(dir);
        json = more;
        found.errors.extend(faults);
    }
    let mut finder = Finder {
        package,
        rules,
        json,
        found,
    };
    for folder in folders.flatten() {
        finder.folder(&folder);
    }
    let mut found = finder.found;
    found.submissions.sort_by(|a, b| a.path.cmp(&b.path));
    found.skipped.sort();
    found
}

/// A look at `submissions/` under way: the rules it is read by and what
/// it found so far.
struct Finder<'a> {
    /// The files that are not submissions, in a package (`None`: judge's
    /// own layout).
    package: Option<&'a [PathBuf]>,
    /// `submissions.yaml`'s rules by pattern.
    rules: BTreeMap<String, Rule>,
    /// DOMjudge's `submissions.json`: rules by path.
    json: Vec<(String, Rule)>,
    found: Found,
}

impl Finder<'_> {
    /// A folder of `submissions/`: what it promises, then its files.
    fn folder(&mut self, folder: &std::fs::DirEntry) {
        let name = folder.file_name().to_string_lossy().into_owned();
        if name == "submissions.yaml" || skipped(&name).is_some() || !folder.path().is_dir() {
            return;
        }
        let by_folder = self.by_folder(&name);
        if self.package.is_none() && by_folder.is_none() {
            self.found.errors.push(format!(
                "{}: unknown verdict folder (use {})",
                folder.path().display(),
                FOLDERS.map(|f| f.0).join(", ")
            ));
            return;
        }
        // DOMjudge reads any folder's name as a result (`compiler_error`).
        let by_folder = by_folder.or_else(|| {
            let result = domjudge::normalise(&name);
            Results::of_names([result.as_str()]).map(Expectation::Domjudge)
        });
        let Ok(files) = std::fs::read_dir(folder.path()) else {
            return;
        };
        for file in files.flatten() {
            self.file(&name, by_folder, &file);
        }
    }

    /// What folder `name` promises by its name, or by the rules of the
    /// package's `submissions.yaml`: a folder of the package's own counts
    /// when a rule speaks of it or of files in it (`expansion/ac.{py,cpp}`).
    fn by_folder(&self, name: &str) -> Option<Expectation> {
        let own_rules = self.package.is_some()
            && self.rules.keys().any(|pattern| {
                let head = pattern.split('/').next().unwrap_or("");
                glob_matches(pattern, name) || glob_matches(head, name)
            });
        let known = FOLDERS.iter().find(|(f, _)| *f == name).map(|(_, e)| *e);
        known.or(own_rules.then_some(Expectation::Rules))
    }

    /// A file of folder `folder`, which promises `by_folder`: a submission
    /// with its promise and rules, or a file skipped (with why).
    fn file(&mut self, folder: &str, by_folder: Option<Expectation>, file: &std::fs::DirEntry) {
        let file_name = file.file_name().to_string_lossy().into_owned();
        if let Some(why) = skipped(&file_name) {
            // Hidden files (.gitkeep) are not submissions anyone wrote.
            if why != "hidden" {
                (self.found.skipped).push(format!("{} ({why})", file.path().display()));
            }
            return;
        }
        // The reference program a judge export put among the accepted
        // submissions is the reference again, not a submission.
        if self.package.is_some_and(|n| n.contains(&file.path())) {
            return;
        }
        let (matching, folder_rule) = self.rules_of(folder, &file_name);
        // In a package, a file of no language judge knows is left out
        // with the reason, as an import leaves it out, unless its
        // rules name the language.
        if self.package.is_some()
            && !matching.iter().any(|r| r.language.is_some())
            && let Some(why) = no_language(&file.path())
        {
            (self.found.skipped).push(format!("{} ({why})", file.path().display()));
            return;
        }
        let (expectation, note) = match self.package {
            None => (by_folder.unwrap_or(Expectation::Nothing), None),
            Some(_) => match domjudge::tag_of(&file.path()) {
                Ok(tag) => promise(folder, by_folder, tag),
                // DOMjudge refuses it: the contest never judged it.
                Err(why) => {
                    self.found.skipped.push(why.to_string());
                    return;
                }
            },
        };
        self.found.submissions.push(Expected {
            format_rules: self.package.is_some(),
            first_failure: self.package.is_none(),
            path: file.path(),
            expectation,
            rules: matching,
            folder_rule,
            note,
        });
    }

    /// The rules for the submission `name` of `folder`:
    /// `submissions.json`'s, then those of every pattern that matches it;
    /// and which of them is the entry named after the folder itself.
    fn rules_of(&self, folder: &str, name: &str) -> (Vec<Rule>, Option<usize>) {
        let relative = format!("{folder}/{name}");
        let mut matching: Vec<Rule> = (self.json.iter())
            .filter(|(path, _)| *path == relative)
            .map(|(_, r)| r.clone())
            .collect();
        let mut own = None;
        for (pattern, rule) in &self.rules {
            if glob_matches(pattern, &relative) {
                if pattern.trim().trim_end_matches('/') == folder {
                    own = Some(matching.len());
                }
                matching.push(rule.clone());
            }
        }
        (matching, own)
    }
}

/// The promise of a package's submission in folder `folder`, which the
/// folder alone promises `by_folder`, with tag `tag`; and a note when the
/// choice is worth saying. DOMjudge's rule: a tag that lists the folder's
/// result narrows to the folder's promise; a tag that does not replaces
/// it (DOMjudge warns and takes the tag); no tag leaves the folder's.
fn promise(
    folder: &str,
    by_folder: Option<Expectation>,
    tag: Option<Tag>,
) -> (Expectation, Option<String>) {
    let Some(tag) = tag else {
        return match by_folder {
            Some(e) => (e, None),
            None => (
                Expectation::Nothing,
                Some(format!(
                    "no promise: {folder}/ is no verdict folder of the package format nor a DOMjudge result, and the submission has no @EXPECTED_RESULTS@ tag"
                )),
            ),
        };
    };
    let listed = tag.names.join(",");
    if let Some(e) = by_folder
        && tag.names.contains(&domjudge::normalise(folder))
    {
        return (e, None);
    }
    match Results::of_names(tag.names.iter().map(String::as_str)) {
        Some(r) => {
            let note = by_folder.map(|e| {
                format!(
                    "the tag at {} says {listed} where {folder}/ says {}: DOMjudge takes the tag",
                    tag.at,
                    e.code()
                )
            });
            (Expectation::Domjudge(r), note)
        }
        None => (
            Expectation::Nothing,
            Some(format!(
                "no promise judge can check: the tag at {} says {listed}, which no judging gives (DOMjudge leaves it to a person)",
                tag.at
            )),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Verdict;

    #[test]
    fn files_of_no_language_are_skipped_with_a_reason() {
        use std::os::unix::fs::PermissionsExt;
        let pkg = tempfile::tempdir().unwrap();
        let accepted = pkg.path().join("submissions/accepted");
        std::fs::create_dir_all(&accepted).unwrap();
        for name in ["sol.zig", "sol.cc", ".hidden.cc", "old.cc.disabled"] {
            std::fs::write(accepted.join(name), "").unwrap();
        }
        let why = skip_reason(&accepted.join("sol.zig")).unwrap();
        assert!(why.contains("this extension (zig;"), "{why}");
        assert!(why.contains("judge languages"), "{why}");
        assert_eq!(skip_reason(&accepted.join("sol.cc")), None);
        assert_eq!(skip_reason(&accepted.join(".hidden.cc")).unwrap(), "hidden");
        assert_eq!(
            skip_reason(&accepted.join("old.cc.disabled")).unwrap(),
            "disabled"
        );
        // The executable bit alone makes no program; a script line does.
        let exec = |name: &str, text: &str| {
            let p = accepted.join(name);
            std::fs::write(&p, text).unwrap();
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
            p
        };
        let r = exec("sol.R", "cat('hi')\n");
        assert!(skip_reason(&r).unwrap().contains("(R;"));
        assert_eq!(skip_reason(&exec("sol.zz", "#!/bin/sh\necho hi\n")), None);
    }

    fn package(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let p = dir.path().join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir
    }

    fn promises(found: &Found) -> Vec<(String, String)> {
        found
            .submissions
            .iter()
            .map(|s| {
                let parent = s.path.parent().unwrap().file_name().unwrap();
                let name = s.path.file_name().unwrap();
                let path = format!("{}/{}", parent.to_string_lossy(), name.to_string_lossy());
                (path, s.expectation.code().into_owned())
            })
            .collect()
    }

    #[test]
    fn every_folder_of_a_package_is_judged_by_its_tags_its_name_or_with_no_promise() {
        let pkg = package(&[
            (
                "submissions/accepted/lf.c",
                "// @EXPECTED_RESULTS@: CORRECT,WRONG-ANSWER\n",
            ),
            (
                "submissions/accepted/odd.c",
                "// @EXPECTED_RESULTS@: WRONG-ANSWER\n",
            ),
            ("submissions/compiler_error/ce.c", "int main( {\n"),
            (
                "submissions/mixed/r.py",
                "# @EXPECTED_RESULTS@: correct, Wrong_Answer\n",
            ),
            ("submissions/mixed/plain.py", "print(1)\n"),
            (
                "submissions/check_manually/m.c",
                "/* @EXPECTED_RESULTS@: CHECK-MANUALLY */\n",
            ),
            (
                "submissions/check_manually/two.c",
                "// @EXPECTED_RESULTS@: CORRECT\n// @EXPECTED_RESULTS@: CORRECT\n",
            ),
            ("submissions/output_limit/flood.cc", "int main(){}\n"),
        ]);
        let found = find_at(pkg.path(), Some(&[]));
        assert!(found.errors.is_empty(), "{:?}", found.errors);
        let got = promises(&found);
        let want = [
            ("accepted/lf.c", "AC"),
            ("accepted/odd.c", "WRONG-ANSWER"),
            ("check_manually/m.c", "NONE"),
            ("compiler_error/ce.c", "COMPILER-ERROR"),
            ("mixed/plain.py", "NONE"),
            ("mixed/r.py", "CORRECT,WRONG-ANSWER"),
            ("output_limit/flood.cc", "OUTPUT-LIMIT"),
        ];
        let want: Vec<(String, String)> = want
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        assert_eq!(got, want);
        // The disagreement is said; the refused file is listed, located.
        let odd = &found.submissions[1];
        assert!(
            odd.note
                .as_deref()
                .unwrap()
                .contains("DOMjudge takes the tag")
        );
        assert!(odd.keeps(Verdict::WrongAnswer) && !odd.keeps(Verdict::Accepted));
        assert_eq!(found.skipped.len(), 1);
        assert!(
            found.skipped[0].contains("two.c:2:4: a second"),
            "{:?}",
            found.skipped
        );
        // A CE promise is kept by a compile error, and only by one.
        let ce = &found.submissions[3];
        assert!(ce.keeps(Verdict::CompileError) && !ce.keeps(Verdict::WrongAnswer));
        // No promise: never broken.
        assert!(found.submissions[4].keeps(Verdict::JudgeError));
        // judge's own layout still refuses an unknown folder.
        let own = find_at(pkg.path(), None);
        assert!(
            own.errors
                .iter()
                .any(|e| e.contains("mixed: unknown verdict folder"))
        );
    }

    #[test]
    fn submissions_json_gives_entry_points_and_known_languages() {
        let pkg = package(&[
            ("submissions/accepted/multi/hello.js", "console.log(1)\n"),
            ("submissions/accepted/multi/module.js", "\n"),
            ("submissions/accepted/one.py", "print(1)\n"),
            (
                "submissions.json",
                "{\"submissions/accepted/multi/\": {\"entry_point\": \"hello.js\", \"langid\": \"js\"},\n \"submissions/accepted/one.py\": {\"langid\": \"no-such\"}}",
            ),
        ]);
        let found = find_at(pkg.path(), Some(&[]));
        assert_eq!(
            found.submissions[0].entrypoint().as_deref(),
            Some("hello.js")
        );
        assert_eq!(
            found.submissions[0].language().as_deref(),
            Some("javascript")
        );
        assert_eq!(found.submissions[1].language(), None);
        std::fs::write(pkg.path().join("submissions.json"), "{\"a\": [1,\n").unwrap();
        let found = find_at(pkg.path(), Some(&[]));
        assert!(
            found.errors[0].contains("submissions.json:"),
            "{:?}",
            found.errors
        );
    }
}
