//! Memory verdicts the same on every layer (#49): a program that
//! allocates more than its limit in one piece and checks `malloc`'s result
//! (its own message, exit 0) is MLE wherever it runs, as isolate and
//! DOMjudge, which limit memory with a cgroup, call it: as root (a cgroup
//! counts memory) with bubblewrap, with the second layer alone and without
//! a sandbox, and as a plain user, where no cgroup is writable and the
//! launcher's watch counts resident memory under an address-space cap. A
//! program well under its limit is accepted everywhere, so the cap is
//! neither too tight (it refuses what the limit allows) nor the limit.

use crate::hostile::{expect, modes};
use crate::plain_user::{as_nobody, can_become_nobody, readable_copies};
use judge::verdict::Verdict;

/// The limit of every run here, the issue's.
const LIMIT: [&str; 2] = ["--memory-limit", "256MiB"];

/// The fixtures (in `testdata/submissions/hostile`) and the verdict each
/// gets on every layer, with `tiny`'s one case under [`LIMIT`].
const SAME_ON_EVERY_LAYER: [(&str, Verdict); 3] = [
    // 600 MB in one piece, checked: the cap lets it through and the
    // limit stops it.
    ("alloc_600m_checked.c", Verdict::MemoryLimit),
    // 2 GiB in one piece, checked: past the cap, refused at first (WA
    // on its own), MLE once run without the cap.
    ("alloc_2g_checked.c", Verdict::MemoryLimit),
    // 100 MB touched, then the right answer.
    ("alloc_100m.c", Verdict::Accepted),
];

#[test]
fn a_checked_allocation_over_the_limit_is_mle_on_every_layer_as_root() {
    let _lock = crate::grade::SERIAL
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let modes = modes("memory verdicts");
    eprintln!("memory as root: modes {modes:?}");
    for mode in modes {
        for (name, verdict) in SAME_ON_EVERY_LAYER {
            let g = expect(name, verdict, mode, &LIMIT);
            let case = &g.report.problems[0].cases[0];
            assert_eq!(case.verdict, verdict, "{mode} {name}");
        }
    }
}

#[test]
fn a_checked_allocation_over_the_limit_is_mle_on_every_layer_as_a_plain_user() {
    if !can_become_nobody() {
        return;
    }
    let _lock = crate::grade::SERIAL
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let copies = readable_copies();
    let modes = modes("memory verdicts as a plain user");
    eprintln!("memory as a plain user: modes {modes:?}");
    for mode in modes {
        for (name, verdict) in SAME_ON_EVERY_LAYER {
            let (got, sandbox, all) = as_nobody(copies.path(), name, mode, &LIMIT);
            assert_eq!(got, vec![verdict], "{mode} {name} ({sandbox})\n{all}");
            // No cgroup: the watch counted memory, under the cap.
            assert!(sandbox.ends_with("accounting wait4"), "{mode}: {sandbox}");
            // Only the allocation past the cap was refused and run again
            // without it; the 600 MB one went through at once.
            let rerun = all.contains("run without the address-space cap");
            assert_eq!(
                rerun,
                name == "alloc_2g_checked.c",
                "{mode} {name}: run again without the cap?\n{all}"
            );
        }
    }
}
