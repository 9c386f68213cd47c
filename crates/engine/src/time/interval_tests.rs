//! The interval on made-up calibrations (nothing here is timed): its
//! ends, an empty one and who empties it, the proposal, and groups.

use std::path::PathBuf;
use std::time::Duration;

use super::*;
use crate::problem::CaseSettings;
use crate::time::calibrate::{Side, Timed};

fn sample(ms: u64, cut: bool) -> Sample {
    Sample {
        cpu: Duration::from_millis(ms),
        cut,
    }
}

fn case(group: &str, name: &str) -> Case {
    Case {
        group: group.into(),
        name: name.into(),
        input: PathBuf::from(format!("{group}/{name}.in")),
        answer: None,
        settings: CaseSettings::default(),
    }
}

/// A submission in `folder` with per-case times (ms; `None`: not run)
/// bounding the limit as `bounds` says.
fn timed(folder: &str, name: &str, times: &[Option<(u64, bool)>], bounds: Scopes) -> Timed {
    let side = match bounds.iter().any(|(_, b)| *b == Bound::Lower) {
        true => Side::Accepted,
        false => Side::TooSlow,
    };
    Timed {
        path: PathBuf::from(folder).join(name),
        side,
        runs: Vec::new(),
        time: None,
        slowest_case: None,
        fault: None,
        bounds,
        per_case: times
            .iter()
            .map(|t| t.map(|(ms, cut)| sample(ms, cut)))
            .collect(),
    }
}

use crate::time::calibrate::Scopes;

fn calibration(timed: Vec<Timed>) -> Calibration {
    Calibration {
        limit: Duration::from_secs(1),
        probe: Duration::from_secs(3),
        rule: Multipliers::DEFAULT,
        timed,
    }
}

fn every(b: Bound) -> Scopes {
    vec![(None, b)]
}

#[test]
fn accepted_runs_bound_it_from_below_and_slow_ones_from_above() {
    let cases = [case("secret", "1"), case("secret", "2")];
    let c = calibration(vec![
        timed(
            "accepted",
            "a.py",
            &[Some((240, false)), Some((100, false))],
            every(Bound::Lower),
        ),
        timed(
            "accepted",
            "b.c",
            &[Some((20, false)), Some((10, false))],
            every(Bound::Lower),
        ),
        timed(
            "time_limit_exceeded",
            "slow.py",
            &[Some((1800, false)), Some((3000, true))],
            every(Bound::Upper),
        ),
    ]);
    let i = Interval::of(&c, &cases, Multipliers::DEFAULT);
    let low = i.low().unwrap();
    assert_eq!(
        (low.who.as_str(), low.case.as_str()),
        ("accepted/a.py", "secret/1")
    );
    assert!((low.limit - 0.48).abs() < 1e-9);
    // One case too slow is enough: the slowest case (cut at the probe)
    // gives the upper end, known only to be at least 2 s.
    let high = i.high().unwrap();
    assert!(high.time.cut && (high.limit - 2.0).abs() < 1e-9);
    assert!(!i.is_empty());
    assert_eq!(i.proposed(), Some(1.0));
    assert!(i.breaks(1.0).is_empty());
    let broken = i.breaks(0.4);
    assert_eq!(broken.len(), 1);
    assert!(
        broken[0].starts_with("accepted/a.py needs at least 0.480 s"),
        "{broken:?}"
    );
    assert!(broken[0].contains("2 × 0.240 s on secret/1"), "{broken:?}");
}

#[test]
fn a_slow_accepted_run_and_a_fast_too_slow_one_empty_it_and_are_named() {
    let cases = [case("secret", "1")];
    let c = calibration(vec![
        timed(
            "accepted",
            "a.py",
            &[Some((620, false))],
            every(Bound::Lower),
        ),
        timed(
            "accepted",
            "quick.c",
            &[Some((100, false))],
            every(Bound::Lower),
        ),
        timed(
            "time_limit_exceeded",
            "fast.py",
            &[Some((900, false))],
            every(Bound::Upper),
        ),
    ]);
    let i = Interval::of(&c, &cases, Multipliers::DEFAULT);
    assert!(i.is_empty());
    let who: Vec<&str> = i.culprits().iter().map(|c| c.who.as_str()).collect();
    assert_eq!(who, vec!["accepted/a.py", "time_limit_exceeded/fast.py"]);
    assert_eq!(i.proposed(), None);
    // A cut upper end never proves it empty.
    let cut = calibration(vec![
        timed(
            "accepted",
            "a.py",
            &[Some((2000, false))],
            every(Bound::Lower),
        ),
        timed(
            "time_limit_exceeded",
            "t.py",
            &[Some((3000, true))],
            every(Bound::Upper),
        ),
    ]);
    assert!(!Interval::of(&cut, &cases, Multipliers::DEFAULT).is_empty());
}

#[test]
fn a_proposal_off_the_rule_stays_inside() {
    // 0.3 s accepted, 0.9 s too slow: the interval is [0.6, 0.6]; the
    // rule's 1 s is outside, the lower end is not.
    let cases = [case("secret", "1")];
    let c = calibration(vec![
        timed(
            "accepted",
            "a.py",
            &[Some((300, false))],
            every(Bound::Lower),
        ),
        timed(
            "time_limit_exceeded",
            "t.py",
            &[Some((900, false))],
            every(Bound::Upper),
        ),
    ]);
    let i = Interval::of(&c, &cases, Multipliers::DEFAULT);
    assert_eq!(i.proposed(), Some(0.6));
}

#[test]
fn groups_bound_it_each_over_their_own_cases() {
    let cases = [
        // A package's secret/groupN is judge's group groupN.
        case("group1", "1"),
        case("group1", "2"),
        case("group2", "1"),
    ];
    // Passes group 1 (0.2 s at most), times out on group 2 (2.4 s); its
    // 2.4 s on group 2 must not count against it from below.
    let partial = vec![
        (Some("secret/group1".to_string()), Bound::Lower),
        (Some("secret/group2".to_string()), Bound::Upper),
    ];
    let c = calibration(vec![
        timed(
            "accepted",
            "full.cpp",
            &[Some((50, false)), Some((60, false)), Some((300, false))],
            every(Bound::Lower),
        ),
        timed(
            "partially_accepted",
            "half.py",
            &[Some((200, false)), Some((150, false)), Some((2400, false))],
            partial,
        ),
    ]);
    let i = Interval::of(&c, &cases, Multipliers::DEFAULT);
    assert!(
        (i.low().unwrap().limit - 0.6).abs() < 1e-9,
        "full.cpp's 0.3 s decides"
    );
    assert!((i.high().unwrap().limit - 1.6).abs() < 1e-9);
    let scopes = i.by_scope();
    let names: Vec<&str> = scopes.iter().map(|(s, _, _)| s.as_str()).collect();
    assert_eq!(names, vec!["every case", "secret/group1", "secret/group2"]);
    let (_, g1_low, g1_high) = &scopes[1];
    assert!((g1_low.unwrap().limit - 0.4).abs() < 1e-9 && g1_high.is_none());
    assert_eq!(scopes[2].2.unwrap().case, "group2/1");
}
