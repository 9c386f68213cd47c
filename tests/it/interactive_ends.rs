//! An interactive submission that judge stopped for time decides its
//! verdict, whatever its interactor did after: died of SIGPIPE writing to
//! it, or read end of file and gave up with an error exit. Both ways of
//! running an interaction are held to it: programs joined directly (a
//! plain interactive problem) and through the relay (every pass of an
//! interactive multi-pass problem). BAPCtools' `boolfind` has such a
//! `time_limit_exceeded/` submission, and BAPCtools and DOMjudge call it
//! TLE.

use std::path::Path;

use crate::common::{Run, submission};
use crate::spec_kinds::{all_kept, check, edit, fixture};
use judge::verdict::Verdict;

/// The fixture `name` copied into `tmp`, `change` applied, then judged by
/// `judge check` in place; the run and its report.
fn judged(tmp: &Path, name: &str, change: impl FnOnce(&Path)) -> (Run, judge::report::Report) {
    let pkg = fixture(tmp, name, name, change);
    let (run, report) = check(tmp, &pkg);
    let report = report.unwrap_or_else(|| panic!("no report: {}", run.all()));
    (run, report)
}

fn write(pkg: &Path, file: &str, text: &str) {
    let path = pkg.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// Every submission of `report` kept its promise, and the named ones got
/// TLE (not a judge error, not WA).
fn time_outs_decide(run: &Run, report: &judge::report::Report, tle: &[&str]) {
    all_kept(report, run);
    for path in tle {
        let s = submission(report, path);
        assert_eq!(
            s.got,
            Some(Verdict::TimeLimit),
            "{path}: {:?}\n{}",
            s.message,
            run.all()
        );
    }
    assert_eq!(run.code, 0, "{}", run.all());
}

#[test]
fn a_submission_stopped_for_time_is_tle_when_its_interactor_then_dies_of_sigpipe_or_eof() {
    let test =
        "a_submission_stopped_for_time_is_tle_when_its_interactor_then_dies_of_sigpipe_or_eof";
    if !crate::common::sandbox(test) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let (run, report) = judged(tmp.path(), "modern-interactive", |pkg| {
        let interactor = "output_validator/interactor.cpp";
        // An interactor as many are written: SIGPIPE left at its default,
        // no cap on the guesses, and an error exit at end of file.
        edit(pkg, interactor, "std::signal(SIGPIPE, SIG_IGN);", "");
        edit(pkg, interactor, "max_guesses = 20", "max_guesses = 1 << 30");
        edit(
            pkg,
            interactor,
            "verdict(43, \"submission stopped before",
            "verdict(1, \"submission stopped before",
        );
        // The one case a constant guess of n/2 + 1 would find.
        for ext in ["in", "ans"] {
            std::fs::remove_file(pkg.join(format!("data/secret/01.{ext}"))).unwrap();
        }
        // Written for the interactor as it was (a cap on the guesses, a
        // rejection at end of file).
        for old in ["run_time_error/crash.cpp", "wrong_answer/linear.c"] {
            std::fs::remove_file(pkg.join("submissions").join(old)).unwrap();
        }
        // Asks forever and never reads a reply: both pipes fill, both
        // programs block, the wall clock stops the submission, and the
        // interactor's next write raises SIGPIPE.
        write(
            pkg,
            "submissions/time_limit_exceeded/flood.py",
            "import sys\nn = int(sys.stdin.readline())\nwhile True:\n    \
             sys.stdout.write(f\"guess {n // 2 + 1}\\n\")\n    sys.stdout.flush()\n",
        );
        // Reads n and sleeps: stopped by the wall clock, after which the
        // interactor reads end of file and exits 1.
        write(
            pkg,
            "submissions/time_limit_exceeded/sleeps.py",
            "import sys, time\nsys.stdin.readline()\ntime.sleep(3600)\n",
        );
    });
    time_outs_decide(
        &run,
        &report,
        &[
            "time_limit_exceeded/flood.py",
            "time_limit_exceeded/sleeps.py",
        ],
    );
}

#[test]
fn through_the_relay_a_submission_stopped_for_time_is_tle_when_its_interactor_then_fails() {
    let test =
        "through_the_relay_a_submission_stopped_for_time_is_tle_when_its_interactor_then_fails";
    if !crate::common::sandbox(test) {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let (run, report) = judged(tmp.path(), "v2025-interactive-multipass", |pkg| {
        // End of file, or a closed pipe, is an error exit of the
        // interactor's own, not a rejection.
        edit(
            pkg,
            "output_validator/interactor.py",
            "    return sys.stdin.readline().split()",
            "    said = sys.stdin.readline()\n    if not said:\n        sys.exit(1)\n    \
             return said.split()",
        );
        edit(
            pkg,
            "output_validator/interactor.py",
            "verdict(43, \"the submission stopped before the pass was over\")",
            "sys.exit(141)",
        );
        write(
            pkg,
            "submissions/time_limit_exceeded/sleeps.py",
            "import sys, time\nsys.stdin.readline()\ntime.sleep(3600)\n",
        );
    });
    time_outs_decide(
        &run,
        &report,
        &[
            "time_limit_exceeded/sleeps.py",
            "time_limit_exceeded/ponders.py",
        ],
    );
}
