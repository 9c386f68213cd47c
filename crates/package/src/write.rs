//! What `judge export` writes: a problem as a legacy package (the format
//! problemtools verifies without reservations; the time limit goes to
//! `.timelimit`, which Kattis and DOMjudge read), a 2023-07 draft package
//! (`limits.time_limit` in `problem.yaml`) or a 2025-09 package.
//!
//! Group settings: legacy and 2023-07 packages get `testdata.yaml` with
//! the legacy keys, scores included (`grader_flags`, `accept_score`):
//! problemtools, the one checker that reads `2023-07-draft`, grades by
//! those, and the 2023-07 text itself is now only a pointer to 2025-09.
//! 2025-09 packages get `test_group.yaml` with argument lists and the
//! format's own scoring keys (`max_score`, `score_aggregation`; see
//! `scores`).

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::origin::Format;
use crate::problem::{Aggregation, GroupSpec, Kind, Problem, ProblemSpec, ValidatorArgs};
use crate::{EXTENSION_FILE, Extension, data_folder, renamed_folders, validator_flags};

pub use crate::scores::{ScoreError, Worth};

const MIB: u64 = 1 << 20;

/// The package's short name: lower-case letters and digits only, as the
/// format wants (`four-in-a-row` → `fourinarow`).
pub fn short_name(id: &str) -> String {
    id.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Whether `name` is a valid short name.
pub fn is_short_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// A stable UUID for a problem id: the same id gives the same UUID on
/// every export, so a contest system recognises a re-exported problem.
pub(crate) fn uuid_for(id: &str) -> String {
    // Two FNV-1a passes with different offsets give 128 bits.
    let hash = |offset: u64| {
        id.bytes().fold(offset, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    };
    let (a, b) = (hash(0xcbf2_9ce4_8422_2325), hash(0x6c62_272e_07bb_0142));
    let hex = format!("{a:016x}{b:016x}");
    // Version 8 (custom) and the RFC 4122 variant bits.
    format!(
        "{}-{}-8{}-{:x}{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[13..16],
        8 | (u8::from_str_radix(&hex[16..17], 16).unwrap_or(0) & 3),
        &hex[17..20],
        &hex[20..32]
    )
}

/// Why a problem cannot become a package, if it cannot.
pub fn refusal(problem: &Problem) -> Option<String> {
    if let Some(why) = shared_folder(problem) {
        return Some(why);
    }
    let checker = problem.spec.checker.as_ref()?;
    if let Some(b) = checker.builtin.filter(|b| b.id() != "icpc-default") {
        return Some(format!(
            "its checker is the in-crate `{}`, which has no program form a package could carry",
            b.id()
        ));
    }
    if checker.interface != crate::problem::Interface::Icpc {
        return Some(
            "its checker speaks the testlib interface; a package's output validator must speak the ICPC one"
                .into(),
        );
    }
    None
}

/// Two case groups whose cases would share a data folder (`x` and
/// `secret/x` are both `data/secret/x`): a package could not tell them
/// apart again.
fn shared_folder(problem: &Problem) -> Option<String> {
    let mut seen: BTreeMap<PathBuf, &str> = BTreeMap::new();
    for case in &problem.cases {
        let folder = data_folder(&case.group);
        match seen.get(&folder) {
            Some(other) if *other != case.group => {
                let shown = |g: &str| format!("cases/{g}").trim_end_matches('/').to_string();
                return Some(format!(
                    "{} and {} would both be data/{} in a package",
                    shown(other),
                    shown(&case.group),
                    folder.display()
                ));
            }
            Some(_) => {}
            None => {
                seen.insert(folder, &case.group);
            }
        }
    }
    None
}

/// The output validator's flags for the whole problem: the checker's
/// arguments (a checker program's, or the in-crate default validator's),
/// else the default validator's flags closest to the compare mode.
fn problem_flags(problem: &Problem) -> String {
    let spec = &problem.spec;
    match &spec.checker {
        Some(c) => c.args.join(" "),
        None => validator_flags(spec.compare, spec.tolerance),
    }
}

/// `problem.yaml` of the package.
pub fn problem_yaml(problem: &Problem, format: Format) -> Result<String, serde_yaml::Error> {
    let mut yaml = serde_yaml::Mapping::new();
    let mut limits = serde_yaml::Mapping::new();
    identity(&mut yaml, &mut limits, problem, format);
    size_limits(&mut limits, &problem.spec);
    kind(&mut yaml, &mut limits, problem, format);
    yaml.insert("limits".into(), limits.into());
    let body = serde_yaml::to_string(&yaml)?;
    let time = match format {
        Format::Legacy => "The time limit is in .timelimit (seconds).\n# ",
        _ => "",
    };
    Ok(format!(
        "# Written by `judge export` from problems/{}. {time}{EXTENSION_FILE} keeps\n\
         # judge's own settings so that `judge import` restores them exactly.\n{body}",
        problem.id
    ))
}

/// What the problem is and where it is from, as the format spells it:
/// the newer formats name their version and give the name per language
/// and the time limit in `problem.yaml` (legacy keeps it in `.timelimit`).
fn identity(
    yaml: &mut serde_yaml::Mapping,
    limits: &mut serde_yaml::Mapping,
    problem: &Problem,
    format: Format,
) {
    let spec = &problem.spec;
    let mut put = |k: &str, v: serde_yaml::Value| {
        yaml.insert(k.into(), v);
    };
    if format == Format::Legacy {
        put("name", spec.name.as_str().into());
    } else {
        put(
            "problem_format_version",
            match format {
                Format::V2025 => "2025-09",
                _ => "2023-07-draft",
            }
            .into(),
        );
        let mut names = serde_yaml::Mapping::new();
        names.insert("en".into(), spec.name.as_str().into());
        put("name", names.into());
        let seconds = spec.limits.time.as_secs_f64();
        limits.insert("time_limit".into(), seconds.into());
        // 2025-09 refuses a limit that is no multiple of the resolution.
        if let Some(step) = crate::read_limits::resolution_for(seconds) {
            limits.insert("time_resolution".into(), step.into());
        }
    }
    put("uuid", uuid_for(&problem.id).into());
    if !spec.source.is_empty() {
        put("source", spec.source.as_str().into());
    }
    put("license", "cc by-sa".into());
    put("rights_owner", "the judge authors".into());
}

/// The sizes in MiB (rounded up) and the validator's time in whole
/// seconds (at least one).
fn size_limits(limits: &mut serde_yaml::Mapping, spec: &ProblemSpec) {
    let memory = spec.limits.memory.div_ceil(MIB);
    let output = spec.limits.output.div_ceil(MIB);
    let validation_time = spec.limits.checker_time.as_secs().max(1);
    let validation_memory = spec.limits.checker_memory.div_ceil(MIB);
    for (k, v) in [
        ("memory", memory),
        ("output", output),
        ("validation_time", validation_time),
        ("validation_memory", validation_memory),
    ] {
        limits.insert(k.into(), v.into());
    }
}

/// The kind of problem (scoring, interactive, multi-pass and its passes)
/// in the format's terms: legacy `type` and `validation` with the default
/// validator's flags, the newer formats a list of types.
fn kind(
    yaml: &mut serde_yaml::Mapping,
    limits: &mut serde_yaml::Mapping,
    problem: &Problem,
    format: Format,
) {
    let spec = &problem.spec;
    let mut put = |k: &str, v: serde_yaml::Value| {
        yaml.insert(k.into(), v);
    };
    let mut kinds: Vec<serde_yaml::Value> = Vec::new();
    if spec.scoring.is_some() {
        kinds.push("scoring".into());
    }
    if let Some(passes) = spec.kind.passes() {
        limits.insert("validation_passes".into(), passes.into());
    }
    match format {
        Format::Legacy => {
            if spec.scoring.is_some() {
                put("type", "scoring".into());
            }
            let custom = spec.checker.as_ref().is_some_and(|c| c.program.is_some());
            put(
                "validation",
                match (custom, spec.kind) {
                    // export refuses the kinds legacy cannot say
                    // (multi-pass, submit-answer) before this.
                    (_, Kind::Interactive | Kind::InteractiveMultiPass { .. }) => {
                        "custom interactive"
                    }
                    (true, Kind::Plain | Kind::MultiPass { .. } | Kind::SubmitAnswer) => "custom",
                    (false, Kind::Plain | Kind::MultiPass { .. } | Kind::SubmitAnswer) => "default",
                }
                .into(),
            );
            let flags = problem_flags(problem);
            if !flags.is_empty() {
                put("validator_flags", flags.into());
            }
        }
        _ => {
            kinds.extend(spec.kind.icpc_types().iter().map(|&t| t.into()));
            match (kinds.is_empty(), format) {
                // 2025-09 says what kind of problem it is, always.
                (true, Format::V2025) => put("type", "pass-fail".into()),
                (true, _) => {}
                (false, _) => put("type", kinds.into()),
            }
        }
    }
}

/// `judge.yaml`: our problem as it is.
pub fn extension_yaml(problem: &Problem) -> Result<String, serde_yaml::Error> {
    let body = serde_yaml::to_string(&Extension {
        id: problem.id.clone(),
        problem: problem.spec.clone(),
        groups: problem.groups.specs.clone(),
        folders: renamed_folders(problem.cases.iter().map(|c| c.group.as_str())),
    })?;
    Ok(format!(
        "# judge's own settings for this problem, read by `judge import`.\n{body}"
    ))
}

/// `testdata.yaml` / `test_group.yaml` files (path relative to `data/`,
/// text): output validator flags for the default validator, input
/// validator flags, and scores in the format's terms. `Err` when a
/// scoring problem's scores cannot be said in 2025-09 (it names the
/// group and key).
pub fn testdata_yamls(
    problem: &Problem,
    format: Format,
) -> Result<Vec<(PathBuf, String)>, ScoreError> {
    let spec = &problem.spec;
    let mut out = Vec::new();
    // Legacy packages say the problem's flags in problem.yaml.
    let flags = (format != Format::Legacy).then(|| problem_flags(problem));
    let mut folders: BTreeMap<PathBuf, BTreeMap<&str, String>> = BTreeMap::new();
    if let Some(flags) = flags.filter(|f| !f.is_empty()) {
        folders
            .entry(PathBuf::new())
            .or_default()
            .insert("output_validator_flags", flags);
    }
    // Nearer groups last, so that their keys win where two groups share a
    // folder (the root and `secret` are both `data/secret`).
    for (group, g) in &problem.groups.specs {
        let entry = folders.entry(data_folder(group)).or_default();
        group_keys(g, spec, entry);
        if format != Format::V2025 {
            legacy_scores(problem, group, g, entry);
        } else if let Some(args) = &g.args {
            // A list as it stands: an argument may hold a space.
            let words: Vec<String> = args.iter().map(|a| format!("{a:?}")).collect();
            entry.insert("args", format!("[{}]", words.join(", ")));
        }
    }
    if format == Format::V2025 {
        for (folder, keys) in crate::scores::v2025(problem)? {
            folders.entry(folder).or_default().extend(keys.yaml());
        }
    }
    for (folder, keys) in folders.into_iter().filter(|(_, k)| !k.is_empty()) {
        let (file, text) = match format {
            // 2025-09: test_group.yaml, arguments as lists of words.
            Format::V2025 => ("test_group.yaml", v2025_keys(&keys)),
            _ => (
                "testdata.yaml",
                keys.iter().map(|(k, v)| format!("{k}: {v}\n")).collect(),
            ),
        };
        out.push((folder.join(file), text));
    }
    Ok(out)
}

/// The 2025-09 spelling of a group's keys: `*_flags` strings become
/// `*_args` lists (the quoted string [`group_keys`] made is split back
/// into words).
fn v2025_keys(keys: &BTreeMap<&str, String>) -> String {
    let mut text = String::new();
    for (k, v) in keys {
        let args = match *k {
            "output_validator_flags" => "output_validator_args",
            "input_validator_flags" => "input_validator_args",
            other => {
                text.push_str(&format!("{other}: {v}\n"));
                continue;
            }
        };
        let list = |flags: &str| {
            let words: Vec<String> = flags.split_whitespace().map(|w| format!("{w:?}")).collect();
            format!("[{}]", words.join(", "))
        };
        // A map of flag strings (each input validator's own) becomes a
        // map of lists.
        if let Ok(map) = serde_yaml::from_str::<BTreeMap<String, String>>(v) {
            let each: Vec<String> = (map.iter())
                .map(|(name, flags)| format!("{name:?}: {}", list(flags)))
                .collect();
            text.push_str(&format!("{args}: {{{}}}\n", each.join(", ")));
            continue;
        }
        let unquoted: String = serde_yaml::from_str(v).unwrap_or_else(|_| v.clone());
        text.push_str(&format!("{args}: {}\n", list(&unquoted)));
    }
    text
}

/// A group's judging keys: validator flags.
fn group_keys(
    g: &GroupSpec,
    spec: &crate::problem::ProblemSpec,
    keys: &mut BTreeMap<&str, String>,
) {
    let quote = |words: &[String]| format!("{:?}", words.join(" "));
    if let Some(args) = &g.checker_args {
        let mut all = spec
            .checker
            .as_ref()
            .map(|c| c.args.clone())
            .unwrap_or_default();
        all.extend(args.iter().cloned());
        keys.insert("output_validator_flags", quote(&all));
    }
    if let (Some(mode), None) = (g.compare, &spec.checker) {
        let flags = validator_flags(mode, g.tolerance.unwrap_or(spec.tolerance));
        keys.insert("output_validator_flags", quote(&[flags]));
    }
    match &g.validator_args {
        Some(ValidatorArgs::Each(args)) => {
            keys.insert("input_validator_flags", quote(args));
        }
        // Each validator's own: a map of flag strings, problemtools' way.
        Some(ValidatorArgs::ByName(map)) => {
            let each: Vec<String> = (map.iter())
                .map(|(name, args)| format!("{name:?}: {}", quote(args)))
                .collect();
            keys.insert("input_validator_flags", format!("{{{}}}", each.join(", ")));
        }
        None => {}
    }
}

/// A group's score in the legacy grader's terms (legacy and 2023-07
/// packages): a group worth `score` that is pass-fail is the minimum of
/// cases each worth the whole score; a sum shares it among the group's
/// direct cases.
fn legacy_scores(problem: &Problem, group: &str, g: &GroupSpec, keys: &mut BTreeMap<&str, String>) {
    if problem.spec.scoring.is_none() {
        return;
    }
    let direct = problem
        .cases
        .iter()
        .filter(|c| c.group == group)
        .count()
        .max(1);
    match (g.score, g.aggregation.unwrap_or(Aggregation::PassFail)) {
        (Some(score), Aggregation::PassFail | Aggregation::Min) => {
            keys.insert("grader_flags", "min".into());
            keys.insert("accept_score", crate::units::format_number(score));
        }
        (Some(score), Aggregation::Sum) => {
            keys.insert("grader_flags", "sum".into());
            keys.insert(
                "accept_score",
                crate::units::format_number(score / direct as f64),
            );
        }
        (_, a) => {
            let flag = match a {
                Aggregation::Max => "max",
                Aggregation::Avg => "avg",
                Aggregation::Min | Aggregation::PassFail => "min",
                Aggregation::Sum => "sum",
            };
            keys.insert("grader_flags", flag.into());
            if let Some(s) = g.accept_score {
                keys.insert("accept_score", crate::units::format_number(s));
            }
        }
    }
    keys.insert("on_reject", "continue".into());
}

/// Submission folders the package format has (problemtools refuses others).
pub const PACKAGE_FOLDERS: &[&str] = &[
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
    "partially_accepted",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scores::fixture::{problem, sum};

    /// judge's kinds/sum ([`sum`]) with validator arguments on its groups.
    fn sum_problem() -> Problem {
        let mut p = sum();
        for g in p.groups.specs.values_mut() {
            g.validator_args = Some(ValidatorArgs::Each(vec!["--max".into(), "1000".into()]));
        }
        p
    }

    fn files(problem: &Problem, format: Format) -> BTreeMap<String, String> {
        testdata_yamls(problem, format)
            .unwrap()
            .into_iter()
            .map(|(p, t)| (p.display().to_string(), t))
            .collect()
    }

    #[test]
    fn a_2025_09_export_says_scores_in_2025_09_keys_only() {
        let got = files(&sum_problem(), Format::V2025);
        assert_eq!(
            got.keys().map(String::as_str).collect::<Vec<_>>(),
            [
                "secret/large/test_group.yaml",
                "secret/small/test_group.yaml",
                "secret/test_group.yaml",
                // The problem's output validator arguments.
                "test_group.yaml",
            ]
        );
        assert_eq!(
            got["secret/test_group.yaml"],
            "max_score: 100\nscore_aggregation: sum\n"
        );
        assert_eq!(
            got["secret/small/test_group.yaml"],
            "input_validator_args: [\"--max\", \"1000\"]\nmax_score: 30\nscore_aggregation: min\n"
        );
        assert!(
            got["secret/large/test_group.yaml"].contains("max_score: 70\nscore_aggregation: sum\n")
        );
        for text in got.values() {
            for legacy in ["grader_flags", "accept_score", "on_reject", "_flags"] {
                assert!(!text.contains(legacy), "{legacy} in {text}");
            }
        }
    }

    #[test]
    fn legacy_and_2023_07_exports_keep_the_legacy_grader_keys() {
        for format in [Format::Legacy, Format::Draft2023] {
            let got = files(&sum_problem(), format);
            let small = &got["secret/small/testdata.yaml"];
            assert!(
                small.contains("accept_score: 30\ngrader_flags: min\n"),
                "{small}"
            );
            let large = &got["secret/large/testdata.yaml"];
            assert!(large.contains("accept_score: 23.333333"), "{large}");
            assert!(got.values().all(|t| !t.contains("max_score")), "{got:?}");
        }
    }

    #[test]
    fn a_score_2025_09_cannot_express_refuses_the_export_and_a_shared_folder_any_export() {
        let mut p = sum_problem();
        p.groups.specs.get_mut("secret/large").unwrap().aggregation = Some(Aggregation::Avg);
        let err = testdata_yamls(&p, Format::V2025).unwrap_err();
        assert_eq!(
            err,
            ScoreError::NoAggregation {
                group: "secret/large".into(),
                aggregation: Aggregation::Avg
            }
        );
        assert!(
            err.to_string()
                .starts_with("cases/secret/large/group.yaml: aggregation: avg"),
            "{err}"
        );
        // The legacy grader has avg.
        assert!(testdata_yamls(&p, Format::Legacy).is_ok());
        let shared = problem(&[("x", "1"), ("secret/x", "2")], &[]);
        let err = refusal(&shared).unwrap();
        assert_eq!(
            err,
            "cases/x and cases/secret/x would both be data/secret/x in a package"
        );
    }

    #[test]
    fn short_names_and_uuids_are_stable_and_well_formed() {
        assert_eq!(short_name("four-in-a-row"), "fourinarow");
        assert_eq!(short_name("Star_Battle-1"), "starbattle1");
        assert!(is_short_name("slink") && !is_short_name("four-in-a-row"));
        let u = uuid_for("atoms");
        assert_eq!(u, uuid_for("atoms"));
        assert_ne!(u, uuid_for("slink"));
        let parts: Vec<&str> = u.split('-').collect();
        assert_eq!(
            parts.iter().map(|p| p.len()).collect::<Vec<_>>(),
            [8, 4, 4, 4, 12]
        );
        assert!(parts[2].starts_with('8'));
        assert!(matches!(parts[3].as_bytes()[0], b'8' | b'9' | b'a' | b'b'));
    }
}
