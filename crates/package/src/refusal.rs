//! Why judge cannot judge a package as asked. Reading a package lists
//! every refusal (one line each, at its place) instead of stopping at the
//! first, so a person fixes them in one go. An import stops on any;
//! judging in place stops on any but [`Refusal::NoReference`], since
//! there the answer files are the truth and no reference is needed. That
//! decision is made on the variant, never on the message.

/// One reason a package cannot be judged as it stands. `at` is the place:
/// a package-relative file or folder, with `:line:col` where a setting
/// is at fault. The messages are what import and `validate` print.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refusal {
    /// A settings file that cannot be read, or does not parse.
    #[error("{at}: {reason}")]
    Unreadable { at: String, reason: String },
    /// A setting whose value judge cannot take (a limit out of range, an
    /// unknown format version, validator flags it does not know).
    #[error("{at}: {reason}")]
    Invalid { at: String, reason: String },
    /// Something the package asks that judge does not do, or would do
    /// differently from the package's own judging (a case's own
    /// arguments on import, static validation cases worth points).
    #[error("{at}: {what}")]
    Unsupported { at: String, what: String },
    /// A key 2025-09 does not define, in one of the files whose keys it
    /// lists (the specification: unknown keys are errors): at its place,
    /// with the known key nearest in spelling when one is close.
    #[error(
        "{at}: unknown key `{key}` (2025-09 does not define it, and unknown keys are errors){}",
        did_you_mean(.nearest.as_deref())
    )]
    UnknownKey {
        at: String,
        key: String,
        nearest: Option<String>,
    },
    /// A file or folder the package needs and does not hold.
    #[error("{at}: {what}")]
    Missing { at: String, what: String },
    /// The package declares a custom output validator (legacy
    /// `validation: custom …`, or a type that needs one: interactive,
    /// multi-pass) and ships none in any spelling of its folder. The
    /// package is incomplete: no judge could grade it as its contest did,
    /// so this is the package's fault, not something judge lacks.
    #[error(
        "{at}: {declared} needs a custom output validator, but the package ships none (looked in {looked}): the package is incomplete; add the validator it was judged with"
    )]
    NoValidator {
        at: String,
        declared: String,
        looked: String,
    },
    /// `data/` holds no test case.
    #[error("data/: no test cases")]
    NoCases,
    /// The test data exists only as a BAPCtools recipe not generated yet.
    #[error(
        "data/: the test data is only described in {recipe}; generate it first (for example `bt generate` in BAPCtools) and import the result",
        recipe = crate::generators::RECIPE
    )]
    NotGenerated,
    /// The recipe is there but makes no secret case: generating would not
    /// help (BAPCtools' own multipass example has `secret: data: []`).
    #[error(
        "data/secret: no test cases, and {recipe} makes none",
        recipe = crate::generators::RECIPE
    )]
    RecipeMakesNoCases,
    /// No secret case, and a script of Kodsport's testdata_tools
    /// (`data/generator.sh`) that would make them. judge does not run it:
    /// it sources a `gen.sh` from outside the package and compiles
    /// programs as it likes, so its output is not reproducible here.
    /// Judging the samples alone would report a score out of nothing, so
    /// the package says what to run instead.
    #[error(
        "data/secret: no test cases; {script} (testdata_tools) makes them and judge does not run it: run it first (`cd data && bash generator.sh`)"
    )]
    GeneratedByScript { script: String },
    /// No accepted submission judge can build, so there is no reference
    /// to make the expected outputs with.
    #[error("submissions/accepted/: no accepted submission judge can build, so no reference")]
    NoReference,
}

/// A `problem_format_version` judge does not read, as written (`None`:
/// not a single value); the package is refused at that key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "problem_format_version {} is not one judge reads (legacy, 2023-07-draft, 2025-09)",
    .written.as_deref().unwrap_or("(not a single value)")
)]
pub(crate) struct UnknownFormat {
    pub written: Option<String>,
}

/// `; did you mean `k`?`, or nothing: the end of every message about an
/// unknown key, refused or warned about.
pub(crate) fn did_you_mean(nearest: Option<&str>) -> String {
    nearest
        .map(|k| format!("; did you mean `{k}`?"))
        .unwrap_or_default()
}

impl Refusal {
    /// A settings file's fault: `file` and the located parse error.
    pub(crate) fn unreadable(file: &str, e: &judge_text::scan::InputError) -> Refusal {
        Refusal::Unreadable {
            at: format!("{file}:{}:{}", e.line, e.col),
            reason: e.message.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_is_one_line_at_its_place() {
        let e = judge_text::scan::InputError::new(3, 7, "expected a mapping");
        assert_eq!(
            Refusal::unreadable("problem.yaml", &e).to_string(),
            "problem.yaml:3:7: expected a mapping"
        );
        assert_eq!(
            Refusal::NotGenerated.to_string(),
            "data/: the test data is only described in generators/generators.yaml; generate it first (for example `bt generate` in BAPCtools) and import the result"
        );
        assert_eq!(
            Refusal::RecipeMakesNoCases.to_string(),
            "data/secret: no test cases, and generators/generators.yaml makes none"
        );
        let none = Refusal::NoValidator {
            at: "problem.yaml:2:1".into(),
            declared: "validation: custom interactive".into(),
            looked: "output_validators/, output_validator/".into(),
        };
        assert_eq!(
            none.to_string(),
            "problem.yaml:2:1: validation: custom interactive needs a custom output validator, but the package ships none (looked in output_validators/, output_validator/): the package is incomplete; add the validator it was judged with"
        );
        let typo = Refusal::UnknownKey {
            at: "problem.yaml:4:3".into(),
            key: "limits.time_limt".into(),
            nearest: Some("time_limit".into()),
        };
        assert_eq!(
            typo.to_string(),
            "problem.yaml:4:3: unknown key `limits.time_limt` (2025-09 does not define it, and unknown keys are errors); did you mean `time_limit`?"
        );
        for r in [
            typo,
            none,
            Refusal::NoCases,
            Refusal::NoReference,
            Refusal::NotGenerated,
            Refusal::RecipeMakesNoCases,
        ] {
            assert!(!r.to_string().contains('\n'), "{r}");
        }
    }
}
