//! The report page in a real browser (#50): a folder where a reference
//! fails a case and an accepted submission breaks its promise on it,
//! opened in headless Chromium as a 1280×800 window. What a person sees
//! on the first screen is the headline figures and the first broken
//! promise; the failing case's pictures load. The screenshot is kept
//! under target/tmp for a person to look at.

use std::path::Path;

use crate::common::{copy_tree, judge_in, read_report, root};
use crate::tools::tool;

/// `problems/atoms` with its samples, its validators and its accepted
/// submission, the first sample's first answer turned round (valid ↔
/// invalid): the reference fails it, and so does the submission.
fn atoms_with_a_wrong_answer(dir: &Path) {
    let from = root().join("problems/atoms");
    let to = dir.join("problems/atoms");
    for part in ["cases/sample", "validators", "submissions/accepted"] {
        copy_tree(&from.join(part), &to.join(part));
    }
    std::fs::copy(from.join("problem.yaml"), to.join("problem.yaml")).unwrap();
    let mut samples: Vec<_> = std::fs::read_dir(to.join("cases/sample"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "out"))
        .collect();
    samples.sort();
    let answer = &samples[0];
    let text = std::fs::read_to_string(answer).unwrap();
    let (first, rest) = text.split_once('\n').unwrap();
    let turned = if first.contains(": invalid") {
        first.replacen(": invalid", ": valid", 1)
    } else {
        first.replacen(": valid", ": invalid", 1)
    };
    assert_ne!(turned, first, "{first}");
    std::fs::write(answer, format!("{turned}\n{rest}")).unwrap();
}

#[test]
fn the_first_screen_holds_the_headline_and_the_first_broken_promise_and_pictures_load() {
    let test = "report_browser::the_first_screen_holds_the_headline_and_the_first_broken_promise_and_pictures_load";
    let Some(chromium) = tool("chromium", test) else {
        return;
    };
    let _answers = crate::common::CHANGED_ANSWERS
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    atoms_with_a_wrong_answer(dir.path());
    let args = ["--problems", "problems", "check", "--report-dir", "report"];
    let run = judge_in(dir.path(), &args, None);
    assert_eq!(run.code, 1, "{}", run.all());
    let report = read_report(&dir.path().join("report"));
    let broken = (report.submissions.iter())
        .find(|s| !s.ok)
        .expect("a broken promise");
    let name = Path::new(&broken.path)
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();

    let keep = tempfile::tempdir().unwrap();
    let seen = crate::browser::open(
        &chromium,
        &dir.path().join("report/report.html"),
        keep.path(),
        "report",
    );
    let _ = std::fs::copy(
        keep.path().join("report.png"),
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-browser.png"),
    );
    let screen = &seen.first_screen;
    // The headline: each group of figures, with the terminal's numbers.
    let summary = &report.summary;
    for label in ["problems", "submissions", "cases"] {
        assert!(
            screen.contains(label),
            "no {label} on the first screen:\n{screen}"
        );
    }
    assert!(screen.contains("Broken promises"), "{screen}");
    assert!(
        screen.contains(&name),
        "the broken {name} is not on the first screen:\n{screen}"
    );
    assert!(summary.submissions_failed >= 1);
    // The failing case's pictures: on the page, and drawn by the browser.
    assert!(seen.pictures >= 2, "{seen:?}");
    assert_eq!(seen.pictures_drawn, seen.pictures, "{seen:?}");
    assert!(seen.load_ms > 0.0, "{seen:?}");
    eprintln!("report_browser: the page loaded in {:.0} ms", seen.load_ms);
}
