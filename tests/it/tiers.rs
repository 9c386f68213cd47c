//! The two tiers of the integration tests (#49): `make test` runs every
//! test but those `tests/it/slow-tier.txt` names, which `make test-slow`
//! runs (CI runs both). The list is the one place a test moves between
//! tiers; a name on it that is no test of this binary would leave that
//! test in the fast tier while the list claims it is slow, and a name twice
//! is a slip, so both fail here.

use crate::common::root;

/// The names on the list, in order: full test paths (`module::test`), one
/// a line; `#` starts a comment.
pub(crate) fn slow_tier() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("tests/it/slow-tier.txt")).unwrap();
    text.lines()
        .map(|l| l.split('#').next().unwrap_or_default().trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// Every test of this binary, as libtest lists it.
fn tests_of_this_binary() -> Vec<String> {
    let exe = std::env::current_exe().unwrap();
    let out = std::process::Command::new(exe)
        .args(["--list", "--format", "terse"])
        .output()
        .expect("the test binary lists its tests");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.strip_suffix(": test"))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_slow_tier_name_is_a_test_here_once() {
    let slow = slow_tier();
    assert!(!slow.is_empty(), "tests/it/slow-tier.txt names no test");
    let all = tests_of_this_binary();
    assert!(
        all.iter()
            .any(|t| t == "tiers::every_slow_tier_name_is_a_test_here_once"),
        "the listing found no test: {all:?}"
    );
    let unknown: Vec<&String> = slow.iter().filter(|s| !all.contains(s)).collect();
    assert!(
        unknown.is_empty(),
        "tests/it/slow-tier.txt names tests that do not exist (renamed?): {unknown:?}"
    );
    let mut sorted = slow.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        slow.len(),
        "a name twice in tests/it/slow-tier.txt"
    );
    // The fast tier keeps most of the suite: a list that grew to hold
    // half of it would make `make test` prove little.
    assert!(
        slow.len() * 5 < all.len(),
        "{} of {} tests in the slow tier",
        slow.len(),
        all.len()
    );
}

/// `make test` skips the list and `make test-slow` runs it, and CI runs
/// both targets: the tiers split the suite, and CI loses no test.
#[test]
fn make_test_skips_the_slow_tier_and_ci_runs_both_tiers() {
    let makefile = std::fs::read_to_string(root().join("Makefile")).unwrap();
    let target = |name: &str| -> String {
        let start = makefile
            .find(&format!("\n{name}:\n"))
            .unwrap_or_else(|| panic!("no `{name}` target in the Makefile"));
        let body = &makefile[start + name.len() + 3..];
        body.lines()
            .take_while(|l| l.starts_with('\t'))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(makefile.contains("$(shell sed 's/\\#.*//' tests/it/slow-tier.txt)"));
    assert!(target("test").contains("$(addprefix --skip ,$(SLOW_TESTS))"));
    assert!(target("test-slow").contains("--test it -- --exact $(SLOW_TESTS)"));
    let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    for step in ["\nmake test\n", "\nmake test-slow\n"] {
        assert!(ci.contains(step), ".ci/run does not run {step:?}");
    }
}
