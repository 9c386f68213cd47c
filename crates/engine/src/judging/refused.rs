//! A case that failed under an address-space cap, judged again without it.
//!
//! Where a cgroup limits memory, every allocation goes through and the
//! kernel stops the program when it touches more than the limit: MLE, as
//! isolate and DOMjudge say. Where none does (a plain user, a stock
//! container), the launcher's watch counts resident memory instead, and
//! the run is held to an address-space cap as a backstop
//! ([`crate::time::limits::RunLimits::address_space`], far above the
//! limit). An allocation larger than that cap is refused: `malloc` returns
//! null, `new` throws `bad_alloc`, and a program that checks prints its own
//! message and exits 0 or 1 (WA or RE), or crashes (RE). The verdict, not
//! the run, tells whether that may have happened, so the rule lives here,
//! where a case is judged, and nowhere else: the sandbox only says under
//! which cap a run was held ([`crate::execution::Execution::address_space`]).
//!
//! The rule: a run held to a cap that ended WA, PE or RE (a run that wrote
//! nothing included) runs once more without the cap, watched by resident
//! memory. Over the limit then, its verdict is MLE, as under a cgroup.
//! Accepted then, it is accepted (the cap, not the program, failed it:
//! address space reserved and never touched, which a cgroup lets be). Any
//! other end keeps the first run's verdict: a program that fails both ways
//! fails as it did under the cap. A time-out or an output over its limit
//! is not run again: a refused allocation ends a program at once, it does
//! not make it spend its time or write, and a second time-out would cost
//! the whole time limit again.

use std::borrow::Cow;

use crate::launcher::ProcSpec;
use crate::report::CaseReport;
use crate::units::format_size_approx as size;
use crate::verdict::Verdict;

/// Whether a run keeps its address-space cap (the first run of a case)
/// or is run without it (the second, after a failure under it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cap {
    Kept,
    Lifted,
}

impl Cap {
    /// `spec` as this run runs it.
    pub(crate) fn on(self, spec: &ProcSpec) -> Cow<'_, ProcSpec> {
        match self {
            Cap::Kept => Cow::Borrowed(spec),
            Cap::Lifted => {
                let mut uncapped = spec.clone();
                uncapped.limits.address_space = None;
                Cow::Owned(uncapped)
            }
        }
    }
}

/// Whether a refused allocation may explain `verdict`: a program whose
/// allocation failed handles it (an answer of its own: WA, PE, or an
/// exit code: RE) or crashes (RE).
pub(crate) fn may_explain(verdict: Verdict) -> bool {
    matches!(
        verdict,
        Verdict::WrongAnswer | Verdict::PresentationError | Verdict::RuntimeError
    )
}

/// The case's record from its `first` run, held to an address-space cap
/// of `cap` bytes, and the run `again` without it.
pub(crate) fn after_rerun(first: CaseReport, mut again: CaseReport, cap: u64) -> CaseReport {
    match again.verdict {
        Verdict::MemoryLimit => {
            let said = again.message.take().unwrap_or_default();
            again.message = Some(format!(
                "{said}; run without the address-space cap of {} (its first run, under the cap, was {}: an allocation was refused there)",
                size(cap),
                first.verdict.code()
            ));
            again
        }
        Verdict::Accepted => again,
        _ => first,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::Outcome;
    use crate::execution::{End, Execution};
    use std::time::Duration;

    fn report(verdict: Verdict, end: End) -> CaseReport {
        let exec = Execution::failed(end, Duration::from_millis(5));
        let outcome = match crate::compare::ended_badly(&exec) {
            Some(o) => o,
            None => Outcome::new(verdict, "output differs"),
        };
        CaseReport::new("secret", "1", &exec, outcome)
    }

    #[test]
    fn a_failure_a_refused_allocation_may_explain_is_mle_when_the_rerun_passes_the_limit() {
        let wa = report(Verdict::WrongAnswer, End::Exited(0));
        assert!(may_explain(wa.verdict));
        let mle = report(
            Verdict::MemoryLimit,
            End::MemoryExceeded { limit: 256 << 20 },
        );
        let got = after_rerun(wa.clone(), mle, 1 << 30);
        assert_eq!(got.verdict, Verdict::MemoryLimit);
        let said = got.message.unwrap_or_default();
        assert!(said.contains("address-space cap of 1.0 GiB"), "{said}");
        assert!(said.contains("was WA"), "{said}");
        // Failing again the same way: the first run stands.
        let re = report(Verdict::RuntimeError, End::Exited(1));
        assert_eq!(after_rerun(wa.clone(), re, 1 << 30), wa);
        // Accepted without the cap: the cap alone failed it.
        let ac = report(Verdict::Accepted, End::Exited(0));
        assert_eq!(after_rerun(wa, ac.clone(), 1 << 30), ac);
    }

    #[test]
    fn time_outs_and_limits_are_not_run_again() {
        for v in [
            Verdict::TimeLimit,
            Verdict::OutputLimit,
            Verdict::MemoryLimit,
            Verdict::Accepted,
            Verdict::JudgeError,
        ] {
            assert!(!may_explain(v), "{v:?}");
        }
        let spec = spec();
        assert_eq!(Cap::Lifted.on(&spec).limits.address_space, None);
        assert!(Cap::Kept.on(&spec).limits.address_space.is_some());
    }

    fn spec() -> ProcSpec {
        ProcSpec {
            argv: vec!["/bin/true".into()],
            env: Vec::new(),
            cwd: "/tmp".into(),
            limits: crate::time::limits::RunLimits::new(Duration::from_secs(1), 256 << 20, 1 << 20),
            writable: Vec::new(),
            keep: crate::launcher::Keep::Tail(100),
            role: crate::launcher::Role::Submission,
        }
    }
}
