//! The build and result caches: a second `check` reuses what nothing
//! changed, and each kind of change invalidates exactly what depends on
//! it: a submission's source (that submission), a case (that case), a
//! longer time limit (the time-outs), the memory limit (every result, no
//! build), the checker (every result, the checker build). Damaged entries are dropped and rebuilt. (A new judge version
//! is covered by the unit tests of `engine::cache`: it cannot be changed
//! from outside the binary.)

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common::{copy_tree, judge_env, read_report, root};

struct Fixture {
    _tmp: tempfile::TempDir,
    problems: PathBuf,
    cache: PathBuf,
    reports: PathBuf,
}

impl Fixture {
    fn new() -> Fixture {
        let tmp = tempfile::tempdir().unwrap();
        let problems = tmp.path().join("problems");
        copy_tree(
            &root().join("testdata/kinds/divisor-icpc"),
            &problems.join("divisor"),
        );
        Fixture {
            problems,
            cache: tmp.path().join("cache"),
            reports: tmp.path().join("reports"),
            _tmp: tmp,
        }
    }

    fn file(&self, rel: &str) -> PathBuf {
        self.problems.join("divisor").join(rel)
    }

    /// Every build entry of the cache (`builds/<key>/`) with the bytes of
    /// its files.
    fn builds(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        let dir = self.cache.join("builds");
        walkdir::WalkDir::new(&dir)
            .sort_by_file_name()
            .into_iter()
            .flatten()
            .filter(|e| e.file_type().is_file())
            .map(|e| {
                let rel = e.path().strip_prefix(&dir).unwrap().to_path_buf();
                (rel, std::fs::read(e.path()).unwrap())
            })
            .collect()
    }

    /// `judge check` with the fixture's cache: per submission (file name)
    /// how many case results were reused out of how many judged, and how
    /// many builds the run stored in the cache (entries new or rewritten,
    /// seen on disk). Every submission must keep its promise.
    fn check(&self) -> (BTreeMap<String, (usize, usize)>, usize) {
        let before = self.builds();
        let run = judge_env(
            &root(),
            &[
                "--problems",
                self.problems.to_str().unwrap(),
                "check",
                "--sandbox",
                "off",
                "--report-dir",
                self.reports.to_str().unwrap(),
            ],
            None,
            &[("JUDGE_CACHE_DIR", &self.cache)],
        );
        assert_eq!(run.code, 0, "{}", run.all());
        let report = read_report(&self.reports);
        let reused = report
            .submissions
            .iter()
            .map(|s| {
                assert!(s.ok, "{s:?}");
                let name = Path::new(&s.path).file_name().unwrap();
                (name.to_string_lossy().into_owned(), (s.reused, s.cases_run))
            })
            .collect();
        let after = self.builds();
        let entry = |rel: &PathBuf| rel.components().next().unwrap().as_os_str().to_owned();
        let stored: std::collections::BTreeSet<_> = (after.iter())
            .filter(|(rel, bytes)| before.get(*rel) != Some(*bytes))
            .map(|(rel, _)| entry(rel))
            .collect();
        (reused, stored.len())
    }
}

/// Names of the submissions all of whose judged cases were reused.
fn fully_reused(reused: &BTreeMap<String, (usize, usize)>) -> Vec<&str> {
    reused
        .iter()
        .filter(|(_, (r, n))| r == n)
        .map(|(name, _)| name.as_str())
        .collect()
}

fn append(path: &Path, text: &str) {
    let mut bytes = std::fs::read(path).unwrap();
    bytes.extend_from_slice(text.as_bytes());
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn each_change_invalidates_exactly_what_depends_on_it() {
    let f = Fixture::new();
    let (cold, stored) = f.check();
    assert!(cold.values().all(|(r, _)| *r == 0), "{cold:?}");
    // Reference, checker, validator-free C programs: smallest, sieve,
    // up_to_n, reference.c, check.c; and the syntax check of each of the
    // two Python submissions.
    assert_eq!(stored, 7);

    // Nothing changed: every result that is far from the limits comes
    // back, and so does the time-out, which ran through its whole margin
    // past the limit; the crash never does.
    let (warm, stored) = f.check();
    assert_eq!(
        fully_reused(&warm),
        ["largest.py", "misses_squares.py", "smallest.c", "up_to_n.c"],
        "{warm:?}"
    );
    assert_eq!(
        warm["sieve.c"].0 + 1,
        warm["sieve.c"].1,
        "all but its crash"
    );
    assert_eq!(stored, 0);

    // A changed source: that submission alone runs again, and builds again.
    append(
        &f.file("submissions/accepted/smallest.c"),
        "\n/* edited */\n",
    );
    let (after, stored) = f.check();
    assert_eq!(after["smallest.c"].0, 0, "{after:?}");
    assert_eq!(
        fully_reused(&after),
        ["largest.py", "misses_squares.py", "up_to_n.c"],
        "{after:?}"
    );
    assert_eq!(stored, 1);

    // A new case: only it runs for each submission that reaches it.
    std::fs::write(f.file("cases/secret/zz-new.in"), "1\n15\n").unwrap();
    std::fs::write(f.file("cases/secret/zz-new.out"), "3\n").unwrap();
    let (after, _) = f.check();
    assert_eq!(after["smallest.c"], (4, 5), "{after:?}");
    assert_eq!(after["largest.py"], (4, 5), "{after:?}");

    // A longer time limit: a result far from the old limit is far from
    // the new one and stands; the time-out runs again (it may pass now).
    // Every build is reused.
    let yaml = std::fs::read_to_string(f.file("problem.yaml")).unwrap();
    std::fs::write(f.file("problem.yaml"), yaml.replace("time: 1s", "time: 2s")).unwrap();
    let (after, stored) = f.check();
    assert_eq!(
        fully_reused(&after),
        ["largest.py", "misses_squares.py", "smallest.c"],
        "{after:?}"
    );
    let (reused, judged) = after["up_to_n.c"];
    assert_eq!(reused + 1, judged, "all but its time-out: {after:?}");
    assert_eq!(stored, 0);

    // A changed memory limit: no result is reused, every build is.
    let yaml = std::fs::read_to_string(f.file("problem.yaml")).unwrap();
    std::fs::write(f.file("problem.yaml"), yaml.replace("256MiB", "512MiB")).unwrap();
    let (after, stored) = f.check();
    assert!(after.values().all(|(r, _)| *r == 0), "{after:?}");
    assert_eq!(stored, 0);
    let (warm, _) = f.check();
    assert_eq!(warm["smallest.c"], (5, 5), "{warm:?}");

    // A changed checker: no result is reused; the checker alone rebuilds.
    append(&f.file("checker/check.c"), "\n/* stricter, one day */\n");
    let (after, stored) = f.check();
    assert!(after.values().all(|(r, _)| *r == 0), "{after:?}");
    assert_eq!(stored, 1);
}

#[test]
fn damaged_entries_are_ignored_and_rebuilt() {
    let f = Fixture::new();
    let (cold, _) = f.check();
    // Every stored file damaged: results cut in half, binaries altered.
    for entry in walkdir::WalkDir::new(&f.cache) {
        let entry = entry.unwrap();
        if !entry.file_type().is_file() || entry.file_name() == ".judge-manifest" {
            continue;
        }
        let bytes = std::fs::read(entry.path()).unwrap();
        let damaged = if entry.path().extension().is_some_and(|e| e == "yaml") {
            bytes[..bytes.len() / 2].to_vec()
        } else {
            let mut b = bytes.clone();
            let last = b.len() - 1;
            b[last] ^= 0xff;
            b
        };
        std::fs::write(entry.path(), damaged).unwrap();
    }
    // Same verdicts as the cold run, nothing reused, everything stored anew.
    let (after, stored) = f.check();
    assert!(after.values().all(|(r, _)| *r == 0), "{after:?}");
    assert_eq!(
        after.values().map(|(_, n)| n).collect::<Vec<_>>(),
        cold.values().map(|(_, n)| n).collect::<Vec<_>>()
    );
    // A syntax check leaves no file to damage: only the five compiles
    // are made again.
    assert_eq!(stored, 5);
    let (warm, _) = f.check();
    assert_eq!(fully_reused(&warm).len(), 4, "{warm:?}");
}

/// The "N builds reused" of a run's cache line.
fn builds_reused(out: &str) -> usize {
    let line = out.lines().find(|l| l.contains("builds reused")).unwrap();
    let before = line.split(" builds reused").next().unwrap();
    before.rsplit(' ').next().unwrap().parse().unwrap()
}

/// A compile error is kept with the builds: the same compiler refuses the
/// same files again, and a heavy file a newer g++ rejects cost seconds at
/// every run. The warm run takes every build from the cache, the refused
/// one among them, and tells the same compiler messages.
#[test]
fn a_compile_error_is_kept_and_told_again_without_compiling() {
    let f = Fixture::new();
    let broken = f.file("submissions/rejected/broken.c");
    std::fs::create_dir_all(broken.parent().unwrap()).unwrap();
    std::fs::write(&broken, "int main( { return 0; }\n").unwrap();
    let run = || {
        let args = [
            "--problems",
            f.problems.to_str().unwrap(),
            "check",
            "--sandbox",
            "off",
        ];
        let reports = ["--report-dir", f.reports.to_str().unwrap()];
        let argv: Vec<&str> = args.iter().chain(&reports).copied().collect();
        let run = judge_env(&root(), &argv, None, &[("JUDGE_CACHE_DIR", &f.cache)]);
        // `rejected/` promises a run that fails, not a CE: a broken promise.
        assert_eq!(run.code, 1, "{}", run.all());
        let report = read_report(&f.reports);
        let ce = (report.submissions.iter())
            .find(|s| s.path.ends_with("broken.c"))
            .unwrap()
            .clone();
        (builds_reused(&run.all()), ce)
    };
    let (cold, ce_cold) = run();
    let refused: Vec<_> = (f.builds().into_iter())
        .filter(|(rel, _)| rel.ends_with(".judge-refused"))
        .collect();
    assert_eq!(refused.len(), 1, "{:?}", f.builds().keys());
    assert!(String::from_utf8_lossy(&refused[0].1).contains("error"));
    let entries = (f.builds().keys())
        .map(|rel| rel.components().next().unwrap().as_os_str().to_owned())
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let (warm, ce_warm) = run();
    assert_eq!(
        warm,
        cold + entries,
        "every build, the refused one too, is reused"
    );
    assert_eq!(ce_cold.got, Some(judge::verdict::Verdict::CompileError));
    assert_eq!(ce_warm.got, ce_cold.got);
    let said = |s: &judge::report::SubmissionReport| s.message.clone().unwrap_or_default();
    assert!(said(&ce_warm).contains("error"), "{}", said(&ce_warm));
}
