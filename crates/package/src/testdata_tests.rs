//! Tests of [`super`]: the formats' settings keys read into one config.

use super::*;

#[test]
fn the_formats_keys_read_into_one_config() {
    let legacy = read(
        "t",
        "output_validator_flags: float_tolerance 1e-3\ngrader_flags: min ignore_sample\naccept_score: 2\n",
        Format::Legacy,
    );
    assert!(legacy.refused.is_empty(), "{:?}", legacy.refused);
    let c = legacy.config;
    assert_eq!(
        c.output_args,
        Some(vec!["float_tolerance".into(), "1e-3".into()])
    );
    assert_eq!(
        (c.grader, c.ignore_sample, c.accept_score),
        (Some(Aggregation::Min), true, Some(2.0))
    );
    let modern = read(
        "t",
        "max_score: 30\nscore_aggregation: min\noutput_validator_args: [a, b]\n",
        Format::V2025,
    );
    assert_eq!(modern.config.score, Some(30.0));
    assert_eq!(modern.config.aggregation, Some(Aggregation::Min));
    assert_eq!(
        modern.config.output_args,
        Some(vec!["a".into(), "b".into()])
    );
    let draft = read(
        "t",
        "scoring: {score: 40, aggregation: sum}\n",
        Format::Draft2023,
    );
    assert_eq!(
        (draft.config.score, draft.config.aggregation),
        (Some(40.0), Some(Aggregation::Sum))
    );
}

#[test]
fn require_pass_and_an_unbounded_max_score_are_read_as_judges_groups() {
    let r = read(
        "t",
        "max_score: unbounded\nscore_aggregation: sum\nrequire_pass: [sample, secret/group1]\n",
        Format::V2025,
    );
    assert!(r.refused.is_empty(), "{:?}", r.refused);
    let spec = group_spec(&r.config, true, Format::V2025);
    assert!(spec.unbounded && spec.score.is_none());
    assert_eq!(
        spec.require_pass,
        Some(vec!["sample".into(), "group1".into()])
    );
    let one = read("t", "require_pass: sample\n", Format::V2025);
    assert_eq!(one.config.require_pass, Some(vec!["sample".into()]));
    let bad = read("t", "max_score: lots\n", Format::V2025);
    assert!(
        bad.refused[0].to_string().contains("t:1:1"),
        "{:?}",
        bad.refused
    );
}

#[test]
fn the_2025_09_keys_an_export_writes_read_back_as_judges_group() {
    use crate::scores::Keys;
    for (aggregation, word) in [
        (Aggregation::PassFail, "pass-fail"),
        (Aggregation::Sum, "sum"),
        (Aggregation::Min, "min"),
    ] {
        let keys = Keys {
            max_score: 30,
            aggregation,
        };
        let text: String = keys
            .yaml()
            .iter()
            .map(|(k, v)| format!("{k}: {v}\n"))
            .collect();
        assert!(text.contains(word), "{text}");
        let r = read("t", &text, Format::V2025);
        assert!(r.refused.is_empty() && r.ignored.is_empty(), "{r:?}");
        let spec = group_spec(&r.config, true, Format::V2025);
        assert_eq!(
            (spec.score, spec.aggregation),
            (Some(30.0), Some(aggregation))
        );
        assert_eq!((spec.accept_score, spec.reject_score), (None, None));
    }
}

#[test]
fn what_judge_cannot_do_is_refused_and_the_rest_noted() {
    let r = read(
        "t",
        "grading: custom\nrequire_pass: [g1]\nrange: 0 10\nfoo: 1\non_reject: stop\n",
        Format::Legacy,
    );
    // require_pass and a value on_reject does not take.
    assert_eq!(r.refused.len(), 2, "{:?}", r.refused);
    assert!(
        r.refused[1].to_string().contains("t:5:1"),
        "{:?}",
        r.refused
    );
    // `foo` is no key of any format: key_check says so, not this.
    assert!(r.ignored.is_empty(), "{:?}", r.ignored);
    assert_eq!(
        (r.config.custom, r.config.range),
        (Some(true), Some([0.0, 10.0]))
    );
    // Each input validator's own flags, by its name; one the map leaves
    // out gets none.
    let two = read(
        "t",
        "input_validator_flags: {a: x, b: y z}\n",
        Format::Legacy,
    );
    assert!(two.refused.is_empty(), "{:?}", two.refused);
    let args = two.config.input_args.expect("read");
    assert_eq!(args.for_validator("a"), ["x"]);
    assert_eq!(args.for_validator("b"), ["y", "z"]);
    assert!(args.for_validator("c").is_empty());
    let bad = read("t", "input_validator_args: {a: {b: c}}\n", Format::V2025);
    assert_eq!(bad.refused.len(), 1, "{:?}", bad.refused);
}

#[test]
fn legacy_grading_keys_are_all_inherited_as_problemtools_inherits_them() {
    let read_one = |text: &str| {
        let r = read("t", text, Format::Legacy);
        assert!(r.refused.is_empty(), "{:?}", r.refused);
        r.config
    };
    let mut own = BTreeMap::new();
    own.insert(
        String::new(),
        read_one(
            "on_reject: continue\nrange: 0 100\ngrading: custom\ngrader_flags: ignore_sample\n",
        ),
    );
    own.insert(
        "secret/g1".into(),
        read_one("on_reject: break\naccept_score: 40\ngrader_flags: min weight=40\n"),
    );
    let got = effective(&own, &["secret".into(), "secret/g1".into()]);
    let secret = legacy(&got["secret"]);
    // Everything from data/, the flags included.
    assert_eq!(
        (secret.stop_on_reject, secret.custom, secret.range),
        (false, true, Some([0.0, 100.0]))
    );
    assert_eq!(secret.flags, ["ignore_sample"]);
    assert_eq!((secret.accept_score, secret.reject_score), (1.0, 0.0));
    let g1 = legacy(&got["secret/g1"]);
    assert_eq!((g1.stop_on_reject, g1.custom), (true, true));
    assert_eq!((g1.accept_score, g1.flags.len()), (40.0, 2));
    // A legacy scoring group carries it; other formats do not.
    assert!(
        group_spec(&got["secret/g1"], true, Format::Legacy)
            .legacy
            .is_some()
    );
    assert!(
        group_spec(&got["secret/g1"], true, Format::V2025)
            .legacy
            .is_none()
    );
    assert!(
        group_spec(&got["secret/g1"], false, Format::Legacy)
            .legacy
            .is_none()
    );
}

#[test]
fn inherited_keys_flow_down_and_scores_do_not() {
    let mut own = BTreeMap::new();
    own.insert(
        String::new(),
        Config {
            output_args: Some(vec!["case_sensitive".into()]),
            score: Some(100.0),
            ..Config::default()
        },
    );
    own.insert(
        "secret/g".into(),
        Config {
            input_args: Some(ValidatorArgs::Each(vec!["--small".into()])),
            ..Config::default()
        },
    );
    let got = effective(&own, &["secret/g/h".into()]);
    let h = &got["secret/g/h"];
    assert_eq!(h.output_args, Some(vec!["case_sensitive".into()]));
    assert_eq!(
        h.input_args,
        Some(ValidatorArgs::Each(vec!["--small".into()]))
    );
    assert_eq!(h.score, None);
}

#[test]
fn visualizer_arguments_are_read_and_inherited_each_on_its_own() {
    let parent = read(
        "t",
        "input_visualizer_args: [--scale, 4]\noutput_visualizer_args: --title a\n",
        Format::V2025,
    );
    assert!(parent.refused.is_empty(), "{:?}", parent.refused);
    let child = read("t", "output_visualizer_args: [--title, b]\n", Format::V2025);
    let both = child.config.under(&parent.config);
    let args = &both.visualizer_args;
    assert_eq!(
        args.input.as_deref(),
        Some(&["--scale".into(), "4".into()][..])
    );
    assert_eq!(
        args.output.as_deref(),
        Some(&["--title".into(), "b".into()][..])
    );
    let bad = read("t", "input_visualizer_args: {a: b}\n", Format::V2025);
    assert_eq!(bad.refused.len(), 1, "{:?}", bad.refused);
    // Legacy packages have no visualizers: the key is not theirs.
    let legacy = read("t", "input_visualizer_args: [x]\n", Format::Legacy);
    assert_eq!(legacy.config.visualizer_args.input, None);
}
