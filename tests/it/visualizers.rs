//! A package's visualizers (2025-09 `input_visualizer/`,
//! `output_visualizer/`), judged in place on copies of
//! `testdata/packages/v2025-visualizers`: their images are pictures of the
//! failing case in the report (report.yaml lists them, the files are in
//! the report folder, report.html shows them); one that fails changes no
//! verdict and is a note; a passing run asks for no picture and runs no
//! visualizer, unless `--pictures` asks for every case.

use std::path::{Path, PathBuf};

use crate::common::{copy_tree, import_into, judge_env, read_report, root, submission};
use judge::report::{CaseReport, Picture, Report};
use judge::verdict::Verdict;

/// A copy of the fixture, as `<tmp>/bars`.
fn bars(tmp: &Path) -> PathBuf {
    let pkg = tmp.join("bars");
    copy_tree(&root().join("testdata/packages/v2025-visualizers"), &pkg);
    pkg
}

fn write(pkg: &Path, path: &str, text: &str) {
    let p = pkg.join(path);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

/// `judge --problems PKG ARGS… --report-dir <tmp>/reports-NAME`, with
/// the cache `<tmp>/cache` shared by the runs of a test: the report
/// folder and the report.
fn run(tmp: &Path, pkg: &Path, name: &str, args: &[&str]) -> (PathBuf, Report) {
    let reports = tmp.join(format!("reports-{name}"));
    let mut all = vec!["--problems", pkg.to_str().unwrap()];
    all.extend(args);
    all.extend(["--report-dir", reports.to_str().unwrap()]);
    let cache = tmp.join("cache");
    let run = judge_env(tmp, &all, None, &[("JUDGE_CACHE_DIR", &cache)]);
    assert!(reports.join("report.yaml").is_file(), "{}", run.all());
    (reports.clone(), read_report(&reports))
}

/// Who drew each picture of `case`, in order.
fn drawn_by(case: &CaseReport) -> Vec<&str> {
    case.pictures.iter().map(|p| p.by.as_str()).collect()
}

/// The pictures' files exist in `reports` and report.html shows each.
fn shown(reports: &Path, pictures: &[Picture]) {
    let html = std::fs::read_to_string(reports.join("report.html")).unwrap();
    for p in pictures {
        assert!(reports.join(&p.file).is_file(), "{} missing", p.file);
        let img = format!("<img src=\"{}\"", p.file);
        assert!(html.contains(&img), "report.html has no {img}");
    }
}

/// The wrong answer's deciding case is drawn by both visualizers (the
/// input's PNG, the output's SVG with the secret group's title), the
/// files are in the report folder and the page shows them; no passing
/// case is drawn.
#[test]
fn in_place_visualizers_draw_the_failing_case() {
    if !crate::common::sandbox("in_place_visualizers_draw_the_failing_case") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = bars(tmp.path());
    let (reports, report) = run(tmp.path(), &pkg, "check", &["check"]);
    let wrong = submission(&report, "wrong_answer/rightmost.py");
    assert!(wrong.ok, "{wrong:?}");
    let case = wrong.deciding_case.as_deref().expect("a deciding case");
    assert_eq!(
        (case.id(), case.verdict),
        ("01-tie".into(), Verdict::WrongAnswer)
    );
    assert_eq!(drawn_by(case), ["input_visualizer", "output_visualizer"]);
    assert!(
        case.pictures[0].file.ends_with(".png"),
        "{:?}",
        case.pictures
    );
    assert!(
        case.pictures[1].file.ends_with(".svg"),
        "{:?}",
        case.pictures
    );
    shown(&reports, &case.pictures);
    // The group's output_visualizer_args reached the visualizer.
    let svg = std::fs::read_to_string(reports.join(&case.pictures[1].file)).unwrap();
    assert!(svg.contains("secret data: expected 4, received 6"), "{svg}");
    let reference = &report.problems[0].cases;
    assert!(
        reference.iter().all(|c| c.pictures.is_empty()),
        "{reference:#?}"
    );
    let accepted = submission(&report, "accepted/leftmost.py");
    assert!(
        accepted.ok && accepted.deciding_case.is_none(),
        "{accepted:?}"
    );

    // A second run takes the failing case from the cache with its
    // pictures; a changed visualizer draws it anew.
    let (again, report) = run(tmp.path(), &pkg, "again", &["check"]);
    let wrong = submission(&report, "wrong_answer/rightmost.py");
    let case = wrong.deciding_case.as_deref().expect("a deciding case");
    assert!(case.reused, "{case:?}");
    assert_eq!(drawn_by(case), ["input_visualizer", "output_visualizer"]);
    shown(&again, &case.pictures);
    let received = pkg.join("output_visualizer/received.py");
    let text = std::fs::read_to_string(&received).unwrap();
    std::fs::write(&received, text.replace("received \"", "got \"")).unwrap();
    let (changed, report) = run(tmp.path(), &pkg, "changed", &["check"]);
    let wrong = submission(&report, "wrong_answer/rightmost.py");
    let case = wrong.deciding_case.as_deref().expect("a deciding case");
    assert!(!case.reused, "{case:?}");
    let svg = std::fs::read_to_string(changed.join(&case.pictures[1].file)).unwrap();
    assert!(svg.contains("expected 4, got 6"), "{svg}");
}

/// `judge visualize` draws one case of a package with its visualizers:
/// the answer file as the expected output, or the output `--answer`
/// names, each file written and its path printed.
#[test]
fn in_place_judge_visualize_runs_the_visualizers() {
    if !crate::common::sandbox("in_place_judge_visualize_runs_the_visualizers") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = bars(tmp.path());
    let out = tmp.path().join("drawn");
    let problems = pkg.to_str().unwrap();
    let mut all = vec!["--problems", problems, "visualize", "bars", "01-tie"];
    all.extend(["--output", out.to_str().unwrap()]);
    let run = judge_env(tmp.path(), &all, None, &[]);
    assert_eq!(run.code, 0, "{}", run.all());
    let written: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(written.len(), 2, "{}", run.all());
    assert!(
        written.iter().all(|p| Path::new(p).is_file()),
        "{written:?}"
    );
    let svg = std::fs::read_to_string(written[1]).unwrap();
    assert!(svg.contains("expected 4, received 4"), "{svg}");
    let mine = tmp.path().join("mine.out");
    std::fs::write(&mine, "6\n").unwrap();
    all.extend(["--answer", mine.to_str().unwrap()]);
    let run = judge_env(tmp.path(), &all, None, &[]);
    assert_eq!(run.code, 0, "{}", run.all());
    let received = run.stdout.lines().find(|l| l.contains("received"));
    let received = received.unwrap_or_else(|| panic!("{}", run.all()));
    let svg = std::fs::read_to_string(received).unwrap();
    assert!(svg.contains("expected 4, received 6"), "{svg}");
}

/// An import has no place for visualizers: it lists their folders as
/// skipped, and their arguments leave no `group.yaml` behind.
#[test]
fn an_import_skips_the_visualizers_and_their_arguments() {
    let tmp = tempfile::tempdir().unwrap();
    let pkg = bars(tmp.path());
    let run = import_into(tmp.path(), &pkg, "bars");
    assert_eq!(run.code, 0, "{}", run.all());
    for folder in ["input_visualizer/", "output_visualizer/"] {
        let line = run.stdout.lines().find(|l| l.contains(folder));
        let line = line.unwrap_or_else(|| panic!("{folder} not listed: {}", run.all()));
        assert!(line.contains("judged in place"), "{line}");
    }
    let groups = walkdir::WalkDir::new(tmp.path().join("problems/bars"));
    let written: Vec<_> = (groups.into_iter().flatten())
        .filter(|e| e.file_name() == "group.yaml")
        .map(|e| e.path().display().to_string())
        .collect();
    assert!(written.is_empty(), "{written:?}");
}

/// Visualizers that crash, spin or write no image draw nothing and change
/// no verdict: the submissions keep their promises, and the notes say
/// which visualizer failed, once for all its cases. A passing run asks
/// for no picture, so runs neither of them: no note.
#[test]
fn in_place_a_failing_visualizer_is_a_note_and_a_passing_run_runs_none() {
    if !crate::common::sandbox(
        "in_place_a_failing_visualizer_is_a_note_and_a_passing_run_runs_none",
    ) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = bars(tmp.path());
    let (_, before) = run(tmp.path(), &pkg, "before", &["check"]);
    std::fs::remove_file(pkg.join("input_visualizer/bars.py")).unwrap();
    std::fs::remove_file(pkg.join("output_visualizer/received.py")).unwrap();
    write(&pkg, "input_visualizer/spin.py", "while True:\n    pass\n");
    let crash = "import sys\nsys.stderr.write('cannot draw this\\n')\nsys.exit(3)\n";
    write(&pkg, "output_visualizer/crash.py", crash);
    let yaml = std::fs::read_to_string(pkg.join("problem.yaml")).unwrap();
    let yaml = yaml.replace("  memory: 256\n", "  memory: 256\n  validation_time: 1\n");
    std::fs::write(pkg.join("problem.yaml"), yaml).unwrap();

    let (_, after) = run(tmp.path(), &pkg, "after", &["check"]);
    for s in &after.submissions {
        let was = (before.submissions.iter()).find(|b| b.path == s.path);
        let was = was.unwrap_or_else(|| panic!("{} not judged before", s.path));
        assert_eq!((s.got, s.ok), (was.got, was.ok), "{}", s.path);
        let ids = |c: &Option<Box<CaseReport>>| c.as_ref().map(|c| c.id());
        assert_eq!(ids(&s.deciding_case), ids(&was.deciding_case), "{}", s.path);
        assert!(
            s.deciding_case.iter().all(|c| c.pictures.is_empty()),
            "{s:?}"
        );
    }
    let notes = &after.meta.notes;
    let said = |what: &str| notes.iter().filter(|n| n.contains(what)).count();
    assert_eq!(
        said("the output visualizer did not draw 01-tie: exited with 3"),
        1,
        "{notes:#?}"
    );
    assert!(said("cannot draw this") == 1, "{notes:#?}");
    assert_eq!(
        said("the input visualizer did not draw 01-tie"),
        1,
        "{notes:#?}"
    );

    // The accepted submission passes every case: nothing is drawn.
    let accepted = pkg.join("submissions/accepted/leftmost.py");
    let args = ["grade", "bars", accepted.to_str().unwrap()];
    let (_, graded) = run(tmp.path(), &pkg, "grade", &args);
    assert!(graded.problems[0].cases.iter().all(|c| c.verdict.is_pass()));
    let visualizer = graded.meta.notes.iter().find(|n| n.contains("visualizer"));
    assert_eq!(visualizer, None, "a visualizer ran on a passing run");
}

/// `--pictures` asks for every case: each passing case of an accepted
/// submission is drawn by both visualizers, the sample with its own
/// (default) title, the secret cases with their group's.
#[test]
fn in_place_pictures_of_every_case_when_asked() {
    if !crate::common::sandbox("in_place_pictures_of_every_case_when_asked") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = bars(tmp.path());
    let accepted = pkg.join("submissions/accepted/leftmost.py");
    let args = ["grade", "bars", accepted.to_str().unwrap(), "--pictures"];
    let (reports, report) = run(tmp.path(), &pkg, "every", &args);
    let cases = &report.problems[0].cases;
    assert_eq!(cases.len(), 3, "{cases:#?}");
    for case in cases {
        assert!(case.verdict.is_pass(), "{case:?}");
        assert_eq!(
            drawn_by(case),
            ["input_visualizer", "output_visualizer"],
            "{}",
            case.id()
        );
        let svg = std::fs::read_to_string(reports.join(&case.pictures[1].file)).unwrap();
        let title = match case.group.as_str() {
            "sample" => "sample: ",
            _ => "secret data: ",
        };
        assert!(svg.contains(title), "{}: {svg}", case.id());
    }
}

/// The core of `judge visualize` for a package, called as the command
/// calls it: one case drawn by both visualizers, the output visualizer
/// showing the answer file as the expected output when no output is
/// given, and the output given when there is one.
#[test]
fn in_place_visualize_draws_one_case() {
    use judge::engine::build::tools::Tools;
    use judge::engine::execute::runner::{Runner, RunnerOptions};
    use judge::engine::illustrate::visualizers::visualize;
    if !crate::common::sandbox("in_place_visualize_draws_one_case") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    bars(tmp.path());
    let found = judge::package::discover(tmp.path()).unwrap();
    let problem = (found.problems.iter()).find(|p| p.id == "bars");
    let problem = problem.unwrap_or_else(|| panic!("{:?}", found.errors));
    let runner = Runner::new(RunnerOptions {
        mode: judge::engine::sandbox::SandboxMode::On,
        exe: PathBuf::from(env!("CARGO_BIN_EXE_judge")),
        workers: 1,
        allow: Vec::new(),
        tools: Vec::new(),
    })
    .unwrap();
    let tools = Tools::new(problem, Some(&runner));
    let case = problem.cases.iter().find(|c| c.id() == "01-tie").unwrap();
    let expected = visualize(&tools, case, None);
    let captions: Vec<&str> = expected
        .pictures
        .iter()
        .map(|p| p.caption.as_str())
        .collect();
    assert_eq!(
        captions,
        ["input", "expected (judgeimage)"],
        "{:?}",
        expected.notes
    );
    let text = |p: &Picture| String::from_utf8_lossy(p.bytes.as_deref().unwrap()).into_owned();
    assert!(text(&expected.pictures[1]).contains("expected 4, received 4"));
    let received = visualize(&tools, case, Some(b"6\n"));
    let captions: Vec<&str> = received
        .pictures
        .iter()
        .map(|p| p.caption.as_str())
        .collect();
    assert_eq!(
        captions,
        ["input", "received (judgeimage)"],
        "{:?}",
        received.notes
    );
    assert!(text(&received.pictures[1]).contains("expected 4, received 6"));
    assert!(received.notes.is_empty(), "{:?}", received.notes);
}

/// An interactive problem's output visualizer reads an empty output, as
/// the format says (the conversation is no file): on a copy of
/// `modern-interactive` with an output visualizer that writes how many
/// bytes it read, the failing case's picture says 0.
#[test]
fn in_place_an_interactive_problems_output_visualizer_reads_no_output() {
    if !crate::common::sandbox("in_place_an_interactive_problems_output_visualizer_reads_no_output")
    {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = tmp.path().join("guess");
    copy_tree(&root().join("testdata/packages/modern-interactive"), &pkg);
    let count = "import os, sys\nn = len(sys.stdin.buffer.read())\n\
                 open(os.path.join(sys.argv[3], 'teamimage.svg'), 'w').write(\
                 f'<svg xmlns=\"http://www.w3.org/2000/svg\"><text>{n} bytes</text></svg>')\n";
    write(&pkg, "output_visualizer/count.py", count);
    let wrong = pkg.join("submissions/wrong_answer/linear.c");
    let args = ["grade", "guess", wrong.to_str().unwrap()];
    let (reports, report) = run(tmp.path(), &pkg, "interactive", &args);
    let failed: Vec<&CaseReport> = (report.problems[0].cases.iter())
        .filter(|c| !c.verdict.is_pass())
        .collect();
    assert!(!failed.is_empty(), "{:#?}", report.problems[0].cases);
    for case in failed {
        assert_eq!(drawn_by(case), ["output_visualizer"], "{}", case.id());
        let svg = std::fs::read_to_string(reports.join(&case.pictures[0].file)).unwrap();
        assert!(svg.contains(">0 bytes<"), "{}: {svg}", case.id());
    }
}

/// The output visualizer finds what the output validator wrote in the
/// feedback folder ("All files written to the feedback directory by the
/// output validator are accessible to the visualizer"): on a copy with a
/// validator that writes why it rejects into `why.txt`, the visualizer
/// draws that text.
#[test]
fn in_place_the_output_visualizer_reads_the_validators_feedback() {
    if !crate::common::sandbox("in_place_the_output_visualizer_reads_the_validators_feedback") {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let pkg = bars(tmp.path());
    let validator = "import os, sys\n\
                     want = open(sys.argv[2]).read().split()\n\
                     got = sys.stdin.read().split()\n\
                     if got == want:\n    sys.exit(42)\n\
                     open(os.path.join(sys.argv[3], 'why.txt'), 'w').write(f'bar {got} is not the leftmost')\n\
                     sys.exit(43)\n";
    write(&pkg, "output_validator/check.py", validator);
    std::fs::remove_file(pkg.join("output_visualizer/received.py")).unwrap();
    let visualizer = "import os, sys\n\
                      path = os.path.join(sys.argv[3], 'why.txt')\n\
                      why = open(path).read() if os.path.exists(path) else 'nothing'\n\
                      open(os.path.join(sys.argv[3], 'judgeimage.svg'), 'w').write(\
                      f'<svg xmlns=\"http://www.w3.org/2000/svg\"><text>{why}</text></svg>')\n";
    write(&pkg, "output_visualizer/why.py", visualizer);
    let (reports, report) = run(tmp.path(), &pkg, "feedback", &["check"]);
    let wrong = submission(&report, "wrong_answer/rightmost.py");
    let case = wrong.deciding_case.as_deref().expect("a deciding case");
    assert_eq!(drawn_by(case), ["input_visualizer", "output_visualizer"]);
    let svg = std::fs::read_to_string(reports.join(&case.pictures[1].file)).unwrap();
    assert!(svg.contains("bar ['6'] is not the leftmost"), "{svg}");
}
