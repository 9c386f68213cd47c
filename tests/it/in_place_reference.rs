//! A package judged in place takes one of its accepted submissions as
//! the reference. When that one does not compile, it is that
//! submission's CE (a broken promise), judged with the others; the
//! package is not refused, as problemtools judges the rest too (NCPC
//! 2018 deliverydelays: its C++ reference does not compile with a
//! current g++).

use crate::common::{read_report, submission};
use crate::in_place::{judge_on, memory_package};
use judge::verdict::Verdict;

#[test]
fn a_reference_that_does_not_compile_is_its_submissions_ce_and_the_rest_is_judged() {
    let test = "a_reference_that_does_not_compile_is_its_submissions_ce_and_the_rest_is_judged";
    if !crate::common::sandbox(test) {
        return;
    }
    let Some(_) = crate::tools::tools(&["g++", "python3"], test) else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let package = tmp.path().join("echo");
    memory_package(&package);
    // C++ ranks first among the accepted submissions: this is the one
    // judge would take as the reference.
    std::fs::write(
        package.join("submissions/accepted/broken.cpp"),
        "int main() { return undeclared; }\n",
    )
    .unwrap();
    let reports = tmp.path().join("reports");
    let run = judge_on(tmp.path(), &package, "check", &reports);
    assert_eq!(
        run.code,
        1,
        "a broken promise, not a refusal: {}",
        run.all()
    );
    let report = read_report(&reports);
    assert_eq!(report.problems.len(), 1, "{}", run.all());
    let broken = submission(&report, "accepted/broken.cpp");
    assert_eq!(broken.got, Some(Verdict::CompileError), "{}", run.all());
    assert!(!broken.ok);
    let echo = submission(&report, "accepted/echo.py");
    assert!(echo.ok && echo.got == Some(Verdict::Accepted), "{echo:#?}");
    let hog = submission(&report, "run_time_error/hog.c");
    assert!(hog.ok, "{hog:#?}\n{}", run.all());
}
