//! JUnit XML, so GitHub, GitLab and Jenkins show one test per case.
//!
//! One `<testsuite>` per problem, one `<testcase>` per case (classname =
//! problem id). Verdicts about the program (WA, TLE, …) are failures;
//! verdicts that blame the test set or the harness (BAD-INPUT, NO-OUT, JE)
//! are errors, so CI dashboards tell the two apart. A scoring problem's
//! suite carries its score as a property. Expected-verdict submissions make
//! one more suite, one test per submission, failing when the submission
//! broke its promise: that is a test-set defect CI must show.

use std::time::Duration;

use quick_junit::{NonSuccessKind, Report as Junit, TestCase, TestCaseStatus, TestSuite};

use super::{Report, SubmissionReport, number};
use crate::verdict::Severity;

pub fn render(report: &Report) -> Result<String, quick_junit::SerializeError> {
    let mut junit = Junit::new(format!("judge {}", report.meta.kind));
    junit.set_time(Duration::from_secs_f64(report.meta.duration_ms / 1e3));
    for p in &report.problems {
        let mut suite = TestSuite::new(p.id.clone());
        suite.set_time(Duration::from_secs_f64(p.time_ms / 1e3));
        if let Some(log) = &p.build_log {
            suite.set_system_err(log.clone());
        }
        if let (Some(score), Some(max)) = (p.score, p.max_score) {
            suite.add_property(("score", number(score).as_str()));
            suite.add_property(("max_score", number(max).as_str()));
        }
        for c in &p.cases {
            let status = if c.verdict.is_pass() {
                TestCaseStatus::success()
            } else {
                let kind = match c.verdict.severity() {
                    Severity::Error => NonSuccessKind::Error,
                    _ => NonSuccessKind::Failure,
                };
                let mut s = TestCaseStatus::non_success(kind);
                let detail = c
                    .message
                    .clone()
                    .unwrap_or_else(|| c.verdict.describe().to_string());
                s.set_message(format!("{}: {detail}", c.verdict.code()));
                s.set_type(c.verdict.code());
                if let Some(d) = c.diff.as_ref().or(c.stderr.as_ref()) {
                    s.set_description(d.clone());
                }
                s
            };
            let mut case = TestCase::new(c.id(), status);
            case.set_classname(p.id.clone());
            case.set_time(Duration::from_secs_f64(c.time_ms / 1e3));
            suite.add_test_case(case);
        }
        junit.add_test_suite(suite);
    }
    if !report.submissions.is_empty() {
        junit.add_test_suite(submissions(&report.submissions));
    }
    junit.to_string()
}

fn submissions(subs: &[SubmissionReport]) -> TestSuite {
    let mut suite = TestSuite::new("expected-verdict submissions");
    for s in subs {
        let status = if s.ok {
            TestCaseStatus::success()
        } else {
            let mut st = TestCaseStatus::non_success(NonSuccessKind::Failure);
            st.set_type("BROKEN-PROMISE");
            let why = s
                .message
                .clone()
                .unwrap_or_else(|| format!("expected {}, got {}", s.expected.code(), s.got.code()));
            st.set_message(why);
            st
        };
        let mut case = TestCase::new(s.path.clone(), status);
        case.set_classname(s.problem.clone());
        case.add_property(("expected", s.expected.code()));
        case.add_property(("got", s.got.code()));
        if let Some(score) = s.score {
            case.add_property(("score", number(score).as_str()));
        }
        if let Some(range) = s.expected_score {
            case.add_property(("expected_score", range.to_string().as_str()));
        }
        if let Some(first) = &s.first_failure {
            case.add_property(("first_failure", first.as_str()));
        }
        suite.add_test_case(case);
    }
    suite
}
