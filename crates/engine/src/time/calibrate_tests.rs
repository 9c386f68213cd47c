//! Unit tests of `timing.rs`: the median, the probe, the margins and
//! `check`'s warning, on made-up figures (nothing here is timed).

use super::*;

fn sample(ms: u64, cut: bool) -> Sample {
    Sample {
        cpu: Duration::from_millis(ms),
        cut,
    }
}

fn timed(name: &str, side: Side, ms: u64, cut: bool) -> Timed {
    Timed {
        path: PathBuf::from(side.folder()).join(name),
        side,
        runs: vec![Some(sample(ms, cut))],
        time: Some(sample(ms, cut)),
        slowest_case: Some("secret/1".into()),
        fault: None,
        bounds: vec![(
            None,
            match side {
                Side::Accepted => Bound::Lower,
                Side::TooSlow => Bound::Upper,
            },
        )],
        per_case: vec![Some(sample(ms, cut))],
    }
}

fn calibration(limit_ms: u64, timed: Vec<Timed>) -> Calibration {
    let limit = Duration::from_millis(limit_ms);
    Calibration {
        limit,
        probe: probe_for(limit),
        rule: Multipliers::DEFAULT,
        timed,
    }
}

#[test]
fn the_median_is_the_middle_run_and_cut_only_when_the_middle_was() {
    let m = median(vec![
        sample(30, false),
        sample(10, false),
        sample(20, false),
    ]);
    assert_eq!(m, Some(sample(20, false)));
    let m = median(vec![sample(3000, true), sample(10, false)]);
    assert_eq!(m, Some(sample(1505, false)));
    assert_eq!(
        median(vec![sample(3000, true), sample(3000, true)]),
        Some(sample(3000, true))
    );
    assert_eq!(median(Vec::new()), None);
}

#[test]
fn the_probe_leaves_room_above_the_limit() {
    assert_eq!(probe_for(Duration::from_secs(1)), Duration::from_secs(3));
    assert_eq!(probe_for(Duration::from_secs(3)), Duration::from_secs(9));
    assert_eq!(
        probe_for(Duration::from_millis(100)),
        Duration::from_millis(2100)
    );
}

/// The one case the made-up submissions ran.
fn one_case() -> Vec<crate::problem::Case> {
    vec![crate::problem::Case {
        group: "secret".into(),
        name: "1".into(),
        input: PathBuf::from("secret/1.in"),
        answer: None,
        settings: Default::default(),
    }]
}

#[test]
fn the_interval_of_a_calibration_names_what_breaks_a_limit() {
    use crate::time::interval::Interval;
    let ok = calibration(
        1000,
        vec![
            timed("a.py", Side::Accepted, 240, false),
            timed("b.c", Side::Accepted, 20, false),
            timed("slow.py", Side::TooSlow, 3000, true),
        ],
    );
    let i = Interval::of(&ok, &one_case(), ok.rule);
    assert!(i.breaks(1.0).is_empty());
    assert_eq!(i.proposed(), Some(1.0));
    let tight = calibration(
        1000,
        vec![
            timed("a.py", Side::Accepted, 620, false),
            timed("slow.py", Side::TooSlow, 1200, false),
            timed("fast.py", Side::TooSlow, 900, false),
        ],
    );
    let i = Interval::of(&tight, &one_case(), tight.rule);
    assert_eq!(
        i.breaks(1.0),
        [
            "accepted/a.py needs at least 1.24 s (accepted/a.py: 2 × 0.620 s on secret/1)",
            "time_limit_exceeded/slow.py needs at most 0.800 s (time_limit_exceeded/slow.py: 1.20 s / 1.5 on secret/1)",
            "time_limit_exceeded/fast.py needs at most 0.600 s (time_limit_exceeded/fast.py: 0.900 s / 1.5 on secret/1)",
        ]
    );
    assert!(i.is_empty());
}

#[test]
fn a_submission_that_fails_otherwise_is_not_measured() {
    let mut wrong = timed("wa.py", Side::Accepted, 10, false);
    wrong.fault = Some(Fault::Failed("WA on secret/2".into()));
    let c = calibration(1000, vec![wrong]);
    let i = crate::time::interval::Interval::of(&c, &one_case(), c.rule);
    assert!(i.constraints.is_empty());
    assert_eq!(i.proposed(), None);
    assert_eq!(
        crate::time::interval::unmeasured(&c),
        ["accepted/wa.py: WA on secret/2"]
    );
    assert!(!c.setup_fault());
}

#[test]
fn check_warns_about_accepted_submissions_past_half_the_limit() {
    let sub = |path: &str, expected: &str, got: &str, cpu: f64| -> SubmissionReport {
        let yaml = format!(
            "{{problem: atoms, path: problems/atoms/submissions/{path}, expected: {expected}, \
             got: {got}, cases_run: 1, ok: true, max_cpu_ms: {cpu}, time_limit_ms: 1000}}"
        );
        serde_yaml::from_str(&yaml).unwrap()
    };
    let warnings = tight_limits(&[
        sub("accepted/fast.py", "AC", "AC", 240.0),
        sub("accepted/atoms.py", "AC", "AC", 620.0),
        sub("accepted/slow.py", "AC", "TLE", 1010.0),
        sub("wrong_answer/wa.py", "WA", "WA", 900.0),
    ]);
    assert_eq!(
        warnings,
        [
            "atoms: accepted atoms.py takes 0.620 s of the 1 s limit; problemtools' rule \
             wants ≤ 0.500 s (limit / 2): run `judge timelimit atoms`",
            "atoms: accepted slow.py is stopped at the 1 s limit (TLE); problemtools' rule \
             wants ≤ 0.500 s (limit / 2): run `judge timelimit atoms`",
        ]
    );
}

#[test]
fn seconds_keep_three_figures() {
    assert_eq!(seconds(0.2431), "0.243");
    assert_eq!(seconds(0.00421), "0.0042");
    assert_eq!(seconds(2.5), "2.50");
    assert_eq!(seconds(13.94), "13.9");
}
