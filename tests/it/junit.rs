//! The JUnit files judge writes, held to Jenkins' `junit-10.xsd`
//! (testdata/junit) with `xmllint --schema`, for every kind of run:
//! a `grade` with four verdicts, one with TLE and MLE, one that does not
//! compile, a `check` with test-set faults, a `validate`, and a `merge` of
//! shards. Then what the numbers in them mean: errors against failures,
//! suite time against the run's wall time, properties, messages.

use std::path::{Path, PathBuf};

use std::time::Duration;

use crate::common::{judge, root};
use crate::grade::{Graded, SERIAL, grade};
use judge::report::Stop;

fn schema() -> PathBuf {
    root().join("testdata/junit/junit-10.xsd")
}

/// `xmllint`, or `None` (after saying so) where it is not installed.
fn xmllint() -> Option<PathBuf> {
    crate::tools::tool("xmllint", "JUnit schema check (tests/it/junit.rs)")
}

/// `xmllint`'s verdict on `file`: `Ok` or its complaint.
fn schema_check(xmllint: &Path, file: &Path) -> Result<(), String> {
    let out = std::process::Command::new(xmllint)
        .args(["--noout", "--schema"])
        .arg(schema())
        .arg(file)
        .output()
        .expect("xmllint runs");
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// Holds `file` to the schema; skips the check (the rest of the test
/// still runs) where xmllint is missing outside CI.
fn assert_valid(file: &Path) {
    let Some(xmllint) = xmllint() else { return };
    if let Err(why) = schema_check(&xmllint, file) {
        let xml = std::fs::read_to_string(file).unwrap_or_default();
        panic!("{} fails junit-10.xsd:\n{why}\n{xml}", file.display());
    }
}

/// The value of attribute `name` in the first element `tag` of `xml`.
fn attr(xml: &str, tag: &str, name: &str) -> String {
    let start = xml
        .find(&format!("<{tag} "))
        .unwrap_or_else(|| panic!("no <{tag}>"));
    let element = &xml[start..start + xml[start..].find('>').unwrap()];
    let key = format!(" {name}=\"");
    let from = element
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {element}"))
        + key.len();
    element[from..from + element[from..].find('"').unwrap()].to_string()
}

/// An element of a parsed XML file: its attributes, its own text
/// (entities resolved) and its child elements.
#[derive(Debug, Default)]
pub(crate) struct Element {
    pub(crate) name: String,
    pub(crate) attrs: Vec<(String, String)>,
    pub(crate) text: String,
    pub(crate) children: Vec<Element>,
}

impl Element {
    /// The value of attribute `name`.
    pub(crate) fn attr(&self, name: &str) -> Option<&str> {
        (self.attrs.iter())
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Every element named `name` at or below this one, in document order.
    pub(crate) fn all(&self, name: &str) -> Vec<&Element> {
        let mut found = Vec::new();
        if self.name == name {
            found.push(self);
        }
        for c in &self.children {
            found.extend(c.all(name));
        }
        found
    }

    /// The child elements named `name`.
    pub(crate) fn kids(&self, name: &str) -> Vec<&Element> {
        self.children.iter().filter(|c| c.name == name).collect()
    }
}

/// Parses `xml` into a tree under an unnamed document element; panics
/// on XML that is not well formed.
pub(crate) fn parse_xml(xml: &str) -> Element {
    use quick_xml::events::{BytesStart, Event};
    fn open(e: &BytesStart) -> Element {
        let attrs = e
            .attributes()
            .map(|a| {
                let a = a.expect("a well-formed attribute");
                let key = String::from_utf8_lossy(a.key.as_ref()).into_owned();
                (
                    key,
                    a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                        .expect("an attribute value")
                        .into_owned(),
                )
            })
            .collect();
        Element {
            name: String::from_utf8_lossy(e.name().as_ref()).into_owned(),
            attrs,
            ..Element::default()
        }
    }
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut stack = vec![Element::default()];
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(e) => stack.push(open(&e)),
            Event::Empty(e) => {
                let element = open(&e);
                stack.last_mut().unwrap().children.push(element);
            }
            Event::End(_) => {
                let element = stack.pop().unwrap();
                stack
                    .last_mut()
                    .expect("balanced tags")
                    .children
                    .push(element);
            }
            Event::Text(t) => stack.last_mut().unwrap().text += &t.decode().unwrap(),
            Event::CData(t) => stack.last_mut().unwrap().text += &t.decode().unwrap(),
            Event::GeneralRef(r) => {
                let text = match r.resolve_char_ref().unwrap() {
                    Some(c) => c.to_string(),
                    None => match r.decode().unwrap().as_ref() {
                        "amp" => "&".into(),
                        "lt" => "<".into(),
                        "gt" => ">".into(),
                        "quot" => "\"".into(),
                        "apos" => "'".into(),
                        other => panic!("unknown entity &{other};"),
                    },
                };
                stack.last_mut().unwrap().text += &text;
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert_eq!(stack.len(), 1, "unclosed elements");
    stack.pop().unwrap()
}

fn read(g: &Graded) -> String {
    std::fs::read_to_string(&g.junit).unwrap()
}

/// The schema test can fail: the validator refuses the two faults the
/// old writer had (a `skipped` count on `<testsuites>`, properties on a
/// test case).
#[test]
fn the_schema_refuses_what_jenkins_refuses() {
    let Some(xmllint) = xmllint() else { return };
    let dir = tempfile::tempdir().unwrap();
    let bad = [
        r#"<testsuites skipped="0"><testsuite name="a" tests="0"/></testsuites>"#,
        r#"<testsuites><testsuite name="a" tests="1"><testcase name="c"><properties/></testcase></testsuite></testsuites>"#,
    ];
    for (i, xml) in bad.iter().enumerate() {
        let file = dir.path().join(format!("bad{i}.xml"));
        std::fs::write(&file, xml).unwrap();
        assert!(schema_check(&xmllint, &file).is_err(), "accepted {xml}");
    }
    let good = dir.path().join("good.xml");
    std::fs::write(
        &good,
        r#"<testsuites><testsuite name="a" tests="0"/></testsuites>"#,
    )
    .unwrap();
    assert_valid(&good);
}

#[test]
fn grade_reports_verdicts_as_failures_with_limits_as_properties() {
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let g = grade(
        "testdata/grading",
        "verdicts",
        "testdata/submissions/snapshot/mixed.sh",
        &["--sandbox", "off"],
    );
    assert_eq!(g.run.code, 1, "{}", g.run.all());
    assert_valid(&g.junit);
    let xml = read(&g);
    assert_eq!(attr(&xml, "testsuites", "tests"), "4");
    assert_eq!(attr(&xml, "testsuites", "failures"), "3");
    assert_eq!(attr(&xml, "testsuites", "errors"), "0");
    // The suite's time is the run's wall clock, not a sum of cases that
    // ran side by side.
    let run_s = g.report.meta.duration_ms / 1e3;
    let total: f64 = attr(&xml, "testsuites", "time").parse().unwrap();
    assert!((total - run_s).abs() < 0.002, "{total} vs {run_s}");
    let suite: f64 = attr(&xml, "testsuite", "time").parse().unwrap();
    assert!(
        suite <= total + 0.001,
        "suite {suite} s in a run of {total} s"
    );
    let doc = parse_xml(&xml);
    let suite = doc.all("testsuite")[0];
    let property = |name: &str| {
        (suite.all("property").into_iter())
            .find(|p| p.attr("name") == Some(name))
            .and_then(|p| p.attr("value"))
            .unwrap_or_else(|| panic!("no property {name} in\n{xml}"))
            .to_string()
    };
    for (name, value) in [
        ("language", "Shell"),
        ("cpu_time_limit", "1s"),
        ("memory_limit", "128MiB"),
        ("output_limit", "64KiB"),
        ("judged_by", "compare exact"),
    ] {
        assert_eq!(property(name), value, "{xml}");
    }
    assert_eq!(Some(property("sandbox")), g.report.meta.sandbox, "{xml}");
    assert!(property("sandbox").starts_with("none; accounting"), "{xml}");
    // A failing case names its input and shows how it starts: after the
    // line naming it, the input's own lines.
    let row = "testdata/grading/verdicts/cases/secret/row.in";
    let case = (doc.all("testcase").into_iter())
        .find(|c| c.attr("file") == Some(row))
        .unwrap_or_else(|| panic!("no test case with file={row}\n{xml}"));
    let body: Vec<&str> = case.kids("failure")[0].text.lines().collect();
    let at = (body.iter())
        .position(|l| *l == format!("input {row} starts:"))
        .unwrap_or_else(|| panic!("{body:?}"));
    let input = std::fs::read_to_string(root().join(row)).unwrap();
    assert_eq!(body[at + 1..], input.lines().collect::<Vec<_>>()[..]);
}

#[test]
fn limit_verdicts_give_the_limit_and_the_measured_value() {
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    for (program, verdict, limit) in [
        ("infinite_loop.c", "TLE", "--time-limit"),
        ("alloc_4g.c", "MLE", "--memory-limit"),
    ] {
        let value = if verdict == "TLE" { "300ms" } else { "64MiB" };
        let g = grade(
            "testdata/grading",
            "verdicts",
            &format!("testdata/submissions/hostile/{program}"),
            &["--sandbox", "off", limit, value],
        );
        assert_valid(&g.junit);
        let xml = read(&g);
        // The failure says what the report says of the case, after its
        // verdict.
        let case = &g.report.problems[0].cases[0];
        let message = attr(&xml, "failure", "message");
        assert_eq!(
            message,
            format!("{verdict}: {}", case.message.as_deref().unwrap()),
            "{xml}"
        );
        // The limit and the measured value: a CPU time past the limit
        // (stopped at the margin, 0.3 s × 1.5, or by the wall clock on a
        // machine so busy the loop got less), or a peak.
        match &case.stop {
            Some(Stop::CpuTime {
                limit,
                used: Some(used),
            }) if verdict == "TLE" => {
                assert_eq!(*limit, Duration::from_millis(300));
                let cpu = used.as_secs_f64();
                assert!(cpu > 0.3 && cpu < 0.6, "{message}");
            }
            Some(Stop::Memory { limit, .. }) if verdict == "MLE" => {
                assert_eq!(*limit, 64 << 20, "{message}")
            }
            other => panic!("{verdict}: {other:?}"),
        }
    }
}

#[test]
fn a_compile_error_is_an_error_not_a_failure() {
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let g = grade(
        "testdata/grading",
        "verdicts",
        "testdata/submissions/hostile/compile_error.c",
        &["--sandbox", "off"],
    );
    assert_eq!(g.run.code, 1, "{}", g.run.all());
    assert_valid(&g.junit);
    let xml = read(&g);
    assert_eq!(attr(&xml, "testsuites", "errors"), "4");
    assert_eq!(attr(&xml, "testsuites", "failures"), "0");
    assert_eq!(xml.matches("<error type=\"CE\"").count(), 4, "{xml}");
    // The compiler's output goes with the suite.
    let doc = parse_xml(&xml);
    let suite = doc.all("testsuite")[0];
    let log = g.report.problems[0].build_log.as_deref().unwrap();
    let err: Vec<&str> = (suite.kids("system-err").iter())
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(err, vec![log], "{xml}");
}

#[test]
fn check_validate_and_merge_write_valid_files() {
    let _lock = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str| dir.path().join(name);
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let runs: Vec<(String, Vec<String>)> = vec![
        (
            "check".into(),
            ["--problems", "testdata/broken", "check", "mixed"]
                .map(String::from)
                .to_vec(),
        ),
        (
            "validate".into(),
            ["--problems", "testdata/broken", "validate", "mixed"]
                .map(String::from)
                .to_vec(),
        ),
        (
            "shard1".into(),
            ["check", "atoms", "--shard", "1/2", "--no-submissions"]
                .map(String::from)
                .to_vec(),
        ),
        (
            "shard2".into(),
            ["check", "atoms", "--shard", "2/2", "--no-submissions"]
                .map(String::from)
                .to_vec(),
        ),
    ];
    for (name, mut args) in runs {
        args.extend([
            "--report-dir".into(),
            s(&file(&name)),
            "--junit".into(),
            s(&file(&format!("{name}.xml"))),
        ]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = judge(&args);
        assert!(run.code <= 1, "{}", run.all());
        assert_valid(&file(&format!("{name}.xml")));
    }
    let merged = file("merged.xml");
    let run = judge(&[
        "merge",
        "--report-dir",
        &s(&file("merged")),
        "--junit",
        &s(&merged),
        &s(&file("shard1/report.yaml")),
        &s(&file("shard2/report.yaml")),
    ]);
    assert_eq!(run.code, 0, "{}", run.all());
    assert_valid(&merged);
    let xml = std::fs::read_to_string(&merged).unwrap();
    let cases = crate::common::case_files("atoms").len();
    assert_eq!(attr(&xml, "testsuites", "tests"), cases.to_string());
    // Faults of the test set are errors (BAD-INPUT, NO-OUT, JE).
    let check = std::fs::read_to_string(file("check.xml")).unwrap();
    assert_ne!(attr(&check, "testsuites", "errors"), "0", "{check}");
}
