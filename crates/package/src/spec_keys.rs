//! Every key each package format version defines, per file, and what
//! judge does with it: one table per file per version, so that a key is
//! either known (used, documentation only, read without effect, or
//! another tool's) or unknown, and every reader asks here instead of
//! keeping its own list. `key_check` walks a file against its table.
//!
//! Sources: the specification texts (legacy, 2025-09; 2023-07 as
//! problemtools' `Metadata2023_07` reads its drafts) and problemtools'
//! `MetadataLegacy` and `config/testdata.yaml` for the legacy keys.
//! To give a key an effect, change its [`Effect`] in the list of its
//! file and version; to accept another tool's key, add it as
//! [`Effect::Foreign`].

use crate::origin::Format;

/// What judge does with a key it knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Effect {
    /// Read, and it changes how judge judges.
    Used,
    /// Says who, where or what (credits, license, keywords): nothing to
    /// judge by, so nothing to report.
    Document,
    /// Defined by the format and able to change a verdict, but judge
    /// reads past it: listed in every report (the reason says what judge
    /// does instead).
    ReadPast(&'static str),
    /// Not a key of this version, but one a tool that writes or judges
    /// such packages reads (BAPCtools' deprecated names and extensions,
    /// DOMjudge's): warned about, never refused, and used where judge
    /// reads it.
    Foreign(&'static str),
}

/// What a key's value may hold, as far as its keys go.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Shape {
    /// Anything: its keys (if any) are not the format's (a constant's
    /// variants, `name`'s languages).
    Free,
    /// A map with these keys, or a sequence of such maps; a string in
    /// their place has no keys to check.
    Map(&'static [Key]),
    /// A map of free names (languages) to values of the inner shape.
    Each(&'static Shape),
    /// A `submissions.yaml` entry: its own keys, and test-group patterns
    /// (`sample`, `secret/*`) holding maps with the group keys.
    Entry {
        own: &'static [Key],
        group: &'static [Key],
    },
}

/// One key of a file: its name, its value's shape and its effect.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Key {
    pub name: &'static str,
    pub shape: Shape,
    pub effect: Effect,
    /// The value that asks for what judge does anyway: a key read
    /// without effect that holds it has nothing to report.
    pub judged_as: Option<&'static str>,
}

const fn used(name: &'static str) -> Key {
    Key {
        name,
        shape: Shape::Free,
        effect: Effect::Used,
        judged_as: None,
    }
}

const fn doc(name: &'static str) -> Key {
    Key {
        name,
        shape: Shape::Free,
        effect: Effect::Document,
        judged_as: None,
    }
}

const fn none(name: &'static str, why: &'static str) -> Key {
    Key {
        name,
        shape: Shape::Free,
        effect: Effect::ReadPast(why),
        judged_as: None,
    }
}

/// [`none`], but `same` asks for what judge does anyway.
const fn none_unless(name: &'static str, why: &'static str, same: &'static str) -> Key {
    Key {
        judged_as: Some(same),
        ..none(name, why)
    }
}

const fn foreign(name: &'static str, why: &'static str) -> Key {
    Key {
        name,
        shape: Shape::Free,
        effect: Effect::Foreign(why),
        judged_as: None,
    }
}

const fn map(name: &'static str, keys: &'static [Key], effect: Effect) -> Key {
    Key {
        name,
        shape: Shape::Map(keys),
        effect,
        judged_as: None,
    }
}

/// The files whose keys the formats define.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum File {
    Problem,
    /// `test_group.yaml`, or legacy `testdata.yaml`.
    TestGroup,
    /// A test case's own `.yaml`.
    Case,
    /// `submissions/submissions.yaml`.
    Submissions,
}

/// The keys of `file` in `format`, at its top level (`None`: the version
/// has no such file, so nothing is checked).
pub(crate) fn table(file: File, format: Format) -> Option<Shape> {
    Some(match (file, format) {
        (File::Problem, Format::Legacy) => Shape::Map(PROBLEM_LEGACY),
        (File::Problem, Format::Draft2023) => Shape::Map(PROBLEM_2023),
        (File::Problem, Format::V2025) => Shape::Map(PROBLEM_2025),
        (File::TestGroup, Format::Legacy) => Shape::Map(GROUP_LEGACY),
        (File::TestGroup, Format::Draft2023) => Shape::Map(GROUP_2023),
        (File::TestGroup, Format::V2025) => Shape::Map(GROUP_2025),
        (File::Case, Format::Legacy) => return None,
        (File::Case, Format::Draft2023 | Format::V2025) => Shape::Map(CASE),
        (File::Submissions, _) => Shape::Each(&Shape::Entry {
            own: SUBMISSION,
            group: SUBMISSION_GROUP,
        }),
    })
}

const OBJECTIVE: &str = "judge's legacy grading maximises the score; `min` is graded as `max`";
const NOT_LEGACY_TIME_LIMIT: &str = "judge reads it as the time limit, as DOMjudge does";
const DEPRECATED: &str =
    "a legacy key BAPCtools reads as deprecated in this version; judge reads it as in legacy";

/// A person of `credits`, as a map.
const PERSON: &[Key] = &[used("name"), doc("email"), doc("orcid"), doc("kattis")];

const CREDITS: &[Key] = &[
    map("authors", PERSON, Effect::Document),
    map("contributors", PERSON, Effect::Document),
    map("testers", PERSON, Effect::Document),
    Key {
        name: "translators",
        shape: Shape::Each(&Shape::Map(PERSON)),
        effect: Effect::Document,
        judged_as: None,
    },
    map("packagers", PERSON, Effect::Document),
    map("acknowledgements", PERSON, Effect::Document),
];

const SOURCE: &[Key] = &[used("name"), doc("url")];

const TIME_MULTIPLIERS: &[Key] = &[used("ac_to_time_limit"), used("time_limit_to_tle")];

/// `limits` in 2023-07 drafts and 2025-09.
const LIMITS: &[Key] = &[
    map("time_multipliers", TIME_MULTIPLIERS, Effect::Used),
    used("time_limit"),
    used("time_resolution"),
    used("memory"),
    used("output"),
    used("code"),
    used("compilation_time"),
    used("compilation_memory"),
    used("validation_time"),
    used("validation_memory"),
    used("validation_output"),
    used("validation_passes"),
    foreign("time_multiplier", DEPRECATED),
    foreign("time_safety_margin", DEPRECATED),
    foreign(
        "generator_time",
        "BAPCtools' limit for its generators; judge runs them with its own",
    ),
    foreign(
        "visualizer_time",
        "BAPCtools' limit for its visualizers; judge runs them under `validation_time`, as 2025-09 says",
    ),
];

const PROBLEM_2025: &[Key] = &[
    used("problem_format_version"),
    used("type"),
    used("name"),
    doc("uuid"),
    doc("version"),
    map("credits", CREDITS, Effect::Document),
    map("source", SOURCE, Effect::Used),
    doc("license"),
    doc("rights_owner"),
    doc("embargo_until"),
    map("limits", LIMITS, Effect::Used),
    doc("keywords"),
    used("languages"),
    used("allow_file_writing"),
    used("constants"),
    foreign("validation", DEPRECATED),
    foreign("validator_flags", DEPRECATED),
    foreign("author", DEPRECATED),
    foreign("source_url", DEPRECATED),
];

/// 2023-07 drafts: the keys of problemtools' `Metadata2023_07`, which
/// are 2025-09's.
const PROBLEM_2023: &[Key] = PROBLEM_2025;

const LEGACY_LIMITS: &[Key] = &[
    used("time_multiplier"),
    used("time_safety_margin"),
    used("memory"),
    used("output"),
    used("code"),
    used("compilation_time"),
    used("compilation_memory"),
    used("validation_time"),
    used("validation_memory"),
    used("validation_output"),
    foreign("time_limit", NOT_LEGACY_TIME_LIMIT),
    foreign(
        "validation_passes",
        "judge reads it for `validation: custom multi-pass`, as DOMjudge does",
    ),
];

/// Legacy `grading` (problemtools also reads the older per-problem
/// scores, which it warns are deprecated).
const LEGACY_GRADING: &[Key] = &[
    none_unless("objective", OBJECTIVE, "max"),
    doc("show_test_data_groups"),
    none(
        "accept_score",
        "deprecated here (problemtools): judge reads it from testdata.yaml",
    ),
    none(
        "reject_score",
        "deprecated here (problemtools): judge reads it from testdata.yaml",
    ),
    none(
        "range",
        "deprecated here (problemtools): judge reads it from testdata.yaml",
    ),
    none(
        "on_reject",
        "deprecated here (problemtools): judge reads it from testdata.yaml",
    ),
];

/// Legacy (and `legacy-icpc`), as problemtools' `MetadataLegacy`.
const PROBLEM_LEGACY: &[Key] = &[
    used("problem_format_version"),
    used("type"),
    used("name"),
    doc("uuid"),
    doc("author"),
    used("source"),
    doc("source_url"),
    doc("license"),
    doc("rights_owner"),
    map("limits", LEGACY_LIMITS, Effect::Used),
    used("validation"),
    used("validator_flags"),
    map("grading", LEGACY_GRADING, Effect::Used),
    doc("keywords"),
];

/// Legacy `testdata.yaml`, as problemtools' `config/testdata.yaml`.
const GROUP_LEGACY: &[Key] = &[
    used("on_reject"),
    used("grading"),
    used("grader_flags"),
    used("input_validator_flags"),
    used("output_validator_flags"),
    used("accept_score"),
    used("reject_score"),
    used("range"),
];

const REQUIRE_PASS: &str =
    "the 2023-07 drafts' spelling inside `scoring`: judge reads `require_pass` of the group itself";
const FULL_FEEDBACK: &str = "judge shows every case's feedback alike";

/// 2025-09 `test_group.yaml`.
const GROUP_2025: &[Key] = &[
    used("max_score"),
    used("score_aggregation"),
    used("static_validation_score"),
    used("require_pass"),
    used("args"),
    used("input_validator_args"),
    used("static_validator_args"),
    used("output_validator_args"),
    used("input_visualizer_args"),
    used("output_visualizer_args"),
    none("full_feedback", FULL_FEEDBACK),
];

/// 2023-07 drafts over their life: 2025-09's keys, the draft's
/// `scoring` map and `static_validation`, and the legacy `*_flags`
/// names (kept by the drafts' early tools).
const GROUP_2023: &[Key] = &[
    used("max_score"),
    used("score_aggregation"),
    used("static_validation_score"),
    used("require_pass"),
    used("args"),
    used("input_validator_args"),
    used("static_validator_args"),
    used("output_validator_args"),
    used("input_visualizer_args"),
    used("output_visualizer_args"),
    none("full_feedback", FULL_FEEDBACK),
    map("scoring", DRAFT_SCORING, Effect::Used),
    none("static_validation", "judge runs no static validator"),
    used("input_validator_flags"),
    used("output_validator_flags"),
    used("accept_score"),
    used("reject_score"),
    used("range"),
    used("grader_flags"),
    used("on_reject"),
    used("grading"),
];

const DRAFT_SCORING: &[Key] = &[
    used("score"),
    used("aggregation"),
    none("require_pass", REQUIRE_PASS),
    none("require-pass", REQUIRE_PASS),
];

/// A test case's own `.yaml` (2025-09; the drafts said the same).
const CASE: &[Key] = &[
    used("args"),
    used("input_validator_args"),
    used("output_validator_args"),
    used("input_visualizer_args"),
    used("output_visualizer_args"),
    none("full_feedback", FULL_FEEDBACK),
    doc("hint"),
    doc("description"),
    // judge's own: the rule an invalid input breaks (`judge export`
    // writes it into `description` instead).
    used("rule"),
];

/// An entry of `submissions.yaml`.
const SUBMISSION: &[Key] = &[
    used("language"),
    used("entrypoint"),
    doc("authors"),
    doc("model_solution"),
    used("permitted"),
    used("required"),
    used("score"),
    used("message"),
    used("use_for_time_limit"),
];

/// A test group's rule inside an entry of `submissions.yaml`.
const SUBMISSION_GROUP: &[Key] = &[
    used("permitted"),
    used("required"),
    used("score"),
    used("message"),
    used("use_for_time_limit"),
];

/// Whether a key inside a `submissions.yaml` entry names test groups.
pub(crate) fn is_group_pattern(key: &str) -> bool {
    let head = key.trim().split('/').next().unwrap_or("");
    head.starts_with("sample") || head.starts_with("secret") || key.contains(['*', '{'])
}
