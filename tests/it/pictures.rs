//! The built-in pictures of the five problems (#50): a real case of each
//! with one cell or answer of its output changed is drawn as expected and
//! received pictures that parse as XML and mark exactly what changed; a
//! failing `check` writes them into its report, and report.html shows
//! them; a passing run draws nothing unless `--pictures` asks; `judge
//! visualize` writes one case's pictures.

use std::path::{Path, PathBuf};

use crate::common::{copy_tree, judge_in, read_report, root, solver_problems};

/// A parse by an XML reader of its own: hand-written SVG that a browser
/// would refuse fails here.
fn parses_as_xml(svg: &str) {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(svg);
    let mut depth = 0i32;
    let mut elements = 0;
    loop {
        match reader.read_event() {
            Ok(Event::Eof) => break,
            Ok(Event::Start(_)) => {
                depth += 1;
                elements += 1;
            }
            Ok(Event::Empty(_)) => elements += 1,
            Ok(Event::End(_)) => depth -= 1,
            Ok(_) => {}
            Err(e) => panic!("not XML at {}: {e}\n{svg}", reader.buffer_position()),
        }
    }
    assert_eq!(depth, 0, "unclosed elements\n{svg}");
    assert!(svg.trim_start().starts_with("<svg") && elements > 1);
}

fn marks(svg: &str) -> usize {
    svg.matches(r#"class="differs""#).count()
}

/// `expected` with one cell or one answer changed, as a wrong submission
/// would have it: the answer of the first board (Atoms, Star Battle,
/// So Doku), one edge of the first loop (Slink), one chip of the first
/// board printed (Four in a row).
fn change_one(problem: &str, expected: &str) -> String {
    let mut lines: Vec<String> = expected.lines().map(String::from).collect();
    let swap = |line: &mut String, pairs: &[(&str, &str)]| {
        let (from, to) = pairs
            .iter()
            .find(|(f, _)| line.contains(f))
            .expect("an answer");
        *line = line.replacen(from, to, 1);
    };
    match problem {
        "atoms" => swap(
            &mut lines[0],
            &[(": invalid", ": valid"), (": valid", ": invalid")],
        ),
        "star-battle" => swap(&mut lines[0], &[("invalid", "valid"), ("valid", "invalid")]),
        "sudoku-checker" => swap(
            &mut lines[0],
            &[
                ("Unique", "Ambiguous"),
                ("Ambiguous", "Unique"),
                ("Illegal", "Unique"),
                ("Impossible", "Unique"),
            ],
        ),
        "slink" => {
            // The first `-` of a vertex row starts an edge.
            let row = (3..lines.len())
                .find(|&i| lines[i].contains('-'))
                .expect("a loop");
            let at = lines[row].find('-').unwrap();
            lines[row].replace_range(at..at + 3, "   ");
        }
        "four-in-a-row" => {
            let row = (0..lines.len())
                .find(|&i| !lines[i].starts_with("Game") && lines[i].contains(['x', 'o']))
                .expect("a printed board");
            let at = lines[row].find(['x', 'o']).unwrap();
            let flipped = if &lines[row][at..=at] == "x" {
                "o"
            } else {
                "x"
            };
            lines[row].replace_range(at..=at, flipped);
        }
        other => panic!("no change known for {other}: add one for the new problem"),
    }
    lines.join("\n") + "\n"
}

/// A case of `problem`'s sample group whose output can take the change
/// (Four in a row: one that prints a board).
fn sample_case(problem: &str) -> (PathBuf, String, String) {
    let pairs = crate::common::case_files(problem);
    let (input, answer) = (pairs.iter())
        .filter(|(i, _)| i.parent().unwrap().ends_with("sample"))
        .find(|(_, a)| {
            problem != "four-in-a-row" || std::fs::read_to_string(a).unwrap().contains('-')
        })
        .unwrap_or_else(|| panic!("{problem} has no sample case to change"));
    let read = |p: &Path| std::fs::read_to_string(p).unwrap();
    (input.clone(), read(input), read(answer))
}

#[test]
fn a_changed_cell_of_each_problem_is_marked_exactly_on_both_sides() {
    for (id, solver) in solver_problems() {
        let (path, input, expected) = sample_case(&id);
        let changed = change_one(&id, &expected);
        assert_ne!(changed, expected, "{id}");
        for svg in [
            solver.picture(&input, None),
            solver.picture(&input, Some(&expected)),
        ] {
            let svg = svg.unwrap_or_else(|| panic!("{id}: no picture of {}", path.display()));
            parses_as_xml(&svg);
            assert_eq!(marks(&svg), 0, "{id}: a picture alone marks nothing");
        }
        let pair = solver
            .picture_compared(&input, &expected, &changed)
            .expect("a comparison");
        for (side, svg) in [("expected", &pair.expected), ("received", &pair.received)] {
            parses_as_xml(svg);
            assert_eq!(marks(svg), 1, "{id}, {side} of {}:\n{svg}", path.display());
        }
        // The marks are each side's colour: green expected, red received.
        assert!(pair.expected.contains("#16a34a") && !pair.expected.contains("#dc2626"));
        assert!(pair.received.contains("#dc2626") && !pair.received.contains("#16a34a"));
    }
}

/// Each problem's folder with its sample cases only, in `dir/problems`;
/// with `break_one`, the first sample's answer changed by [`change_one`].
fn problems_with_samples(dir: &Path, break_one: bool) -> Vec<String> {
    let mut ids = Vec::new();
    for (id, _) in solver_problems() {
        let from = root().join("problems").join(&id);
        let to = dir.join("problems").join(&id);
        copy_tree(&from.join("cases/sample"), &to.join("cases/sample"));
        copy_tree(&from.join("validators"), &to.join("validators"));
        std::fs::copy(from.join("problem.yaml"), to.join("problem.yaml")).unwrap();
        if break_one {
            let (input, _, expected) = sample_case(&id);
            let answer = to
                .join("cases/sample")
                .join(input.with_extension("out").file_name().unwrap());
            std::fs::write(answer, change_one(&id, &expected)).unwrap();
        }
        ids.push(id);
    }
    ids
}

fn check(dir: &Path, extra: &[&str]) -> PathBuf {
    let report = dir.join("report");
    let mut args = vec!["--problems", "problems", "check", "--no-submissions"];
    args.extend(extra);
    args.extend(["--report-dir", report.to_str().unwrap()]);
    let run = judge_in(dir, &args, None);
    assert!(run.code == 0 || run.code == 1, "{}", run.all());
    report
}

#[test]
fn a_failing_check_writes_each_problems_pictures_and_the_page_shows_them() {
    let dir = tempfile::tempdir().unwrap();
    let _answers = crate::common::CHANGED_ANSWERS
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let ids = problems_with_samples(dir.path(), true);
    let report_dir = check(dir.path(), &[]);
    let report = read_report(&report_dir);
    let html = std::fs::read_to_string(report_dir.join("report.html")).unwrap();
    for id in &ids {
        let problem = report.problems.iter().find(|p| &p.id == id).unwrap();
        let failing: Vec<_> = problem
            .cases
            .iter()
            .filter(|c| !c.verdict.is_pass())
            .collect();
        assert_eq!(failing.len(), 1, "{id}: {:#?}", problem.cases);
        let captions: Vec<&str> = failing[0]
            .pictures
            .iter()
            .map(|p| p.caption.as_str())
            .collect();
        assert_eq!(captions, ["expected", "received", "input"], "{id}");
        for picture in &failing[0].pictures {
            assert_eq!(picture.by, "judge");
            let svg = std::fs::read_to_string(report_dir.join(&picture.file)).unwrap();
            parses_as_xml(&svg);
            let want = if picture.caption == "input" { 0 } else { 1 };
            assert_eq!(marks(&svg), want, "{id} {}", picture.caption);
            assert!(
                html.contains(&format!("src=\"{}\"", picture.file)),
                "{id}: not on the page"
            );
        }
        // Passing cases draw nothing by default.
        let passing = problem.cases.iter().filter(|c| c.verdict.is_pass());
        assert!(passing.clone().all(|c| c.pictures.is_empty()), "{id}");
    }
    // Every image the page shows is there.
    for src in html.split("<img src=\"").skip(1) {
        let file = &src[..src.find('"').unwrap()];
        assert!(report_dir.join(file).is_file(), "{file} is missing");
    }
}

#[test]
fn a_passing_check_draws_nothing_unless_every_picture_is_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    problems_with_samples(dir.path(), false);
    let plain = check(dir.path(), &[]);
    assert!(
        !plain.join("pictures").exists(),
        "a passing run wrote pictures"
    );
    let report = read_report(&plain);
    assert!(
        report
            .problems
            .iter()
            .flat_map(|p| &p.cases)
            .all(|c| c.pictures.is_empty())
    );
    let every = check(dir.path(), &["--pictures"]);
    let report = read_report(&every);
    for case in report.problems.iter().flat_map(|p| &p.cases) {
        let captions: Vec<&str> = case.pictures.iter().map(|p| p.caption.as_str()).collect();
        assert_eq!(captions, ["input", "output"], "{}", case.id());
        assert!(case.pictures.iter().all(|p| every.join(&p.file).is_file()));
    }
    // The page shows them too, folded under each problem.
    let html = std::fs::read_to_string(every.join("report.html")).unwrap();
    assert!(html.contains("Pictures of the passing cases"), "no fold");
    for picture in report
        .problems
        .iter()
        .flat_map(|p| &p.cases)
        .flat_map(|c| &c.pictures)
    {
        assert!(
            html.contains(&format!("src=\"{}\"", picture.file)),
            "{} not on the page",
            picture.file
        );
    }
}

#[test]
fn visualize_writes_a_cases_pictures_and_marks_an_answer_against_the_expected_one() {
    let dir = tempfile::tempdir().unwrap();
    problems_with_samples(dir.path(), false);
    let (input, _, expected) = sample_case("sudoku-checker");
    let case = format!("sample/{}", input.file_stem().unwrap().to_string_lossy());
    let answer = dir.path().join("answer.out");
    std::fs::write(&answer, change_one("sudoku-checker", &expected)).unwrap();
    let out = dir.path().join("pictures");
    let (out_arg, answer_arg) = (out.to_str().unwrap(), answer.to_str().unwrap());
    let args = [
        "--problems",
        "problems",
        "visualize",
        "sudoku-checker",
        &case,
        "--output",
        out_arg,
        "--answer",
        answer_arg,
    ];
    let run = judge_in(dir.path(), &args, None);
    assert_eq!(run.code, 0, "{}", run.all());
    let written: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(written.len(), 3, "{}", run.all());
    for (path, want) in written.iter().zip([1, 1, 0]) {
        let svg = std::fs::read_to_string(path).unwrap();
        parses_as_xml(&svg);
        assert_eq!(marks(&svg), want, "{path}");
    }
    let page = dir.path().join("case.html");
    let args = [
        "--problems",
        "problems",
        "visualize",
        "sudoku-checker",
        &case,
        "--output",
        page.to_str().unwrap(),
    ];
    let run = judge_in(dir.path(), &args, None);
    assert_eq!(run.code, 0, "{}", run.all());
    let html = std::fs::read_to_string(&page).unwrap();
    assert_eq!(
        html.matches("<img src=\"pictures/").count(),
        2,
        "input and expected: {html}"
    );
    let args = [
        "--problems",
        "problems",
        "visualize",
        "sudoku-checker",
        "no-such-case",
    ];
    let run = judge_in(dir.path(), &args, None);
    assert_eq!(run.code, 2, "{}", run.all());
    assert!(
        run.stderr.contains("no case \"no-such-case\""),
        "{}",
        run.all()
    );
}

#[test]
fn a_failing_result_from_the_cache_keeps_its_pictures() {
    let dir = tempfile::tempdir().unwrap();
    problems_with_samples(dir.path(), false);
    let (_, _, expected) = sample_case("atoms");
    let wrong = change_one("atoms", &expected);
    let script = dir.path().join("wrong.sh");
    std::fs::write(&script, format!("#!/bin/sh\nprintf '%s' '{wrong}'\n")).unwrap();
    let cache = dir.path().join("cache");
    let grade = |report: &str| {
        let report = dir.path().join(report);
        let args = [
            "--problems",
            "problems",
            "grade",
            "atoms",
            script.to_str().unwrap(),
            "--sandbox",
            "off",
            "--report-dir",
            report.to_str().unwrap(),
        ];
        let run = crate::common::judge_env(dir.path(), &args, None, &[("JUDGE_CACHE_DIR", &cache)]);
        assert_eq!(run.code, 1, "{}", run.all());
        report
    };
    for (name, reused) in [("first", false), ("second", true)] {
        let report_dir = grade(name);
        let report = read_report(&report_dir);
        let case = &report.problems[0].cases[0];
        assert_eq!(case.reused, reused, "{name}");
        let captions: Vec<&str> = case.pictures.iter().map(|p| p.caption.as_str()).collect();
        assert_eq!(captions, ["expected", "received", "input"], "{name}");
        let received = std::fs::read_to_string(report_dir.join(&case.pictures[1].file)).unwrap();
        assert_eq!(marks(&received), 1, "{name}");
    }
}
