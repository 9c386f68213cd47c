//! `type` in `problem.yaml` (2025-09 "Type", and the 2023-07 draft's,
//! which has the same values) read as the format defines it, and the kind
//! of problem judge runs decided from it.
//!
//! The values are `pass-fail`, `scoring`, `multi-pass`, `interactive` and
//! `submit-answer`: "a single string or a non-empty sequence of strings,
//! from the table below, with no repetition. Two values listed as
//! incompatible must not both be in the sequence" (`pass-fail` with
//! `scoring`, `submit-answer` with `multi-pass` or `interactive`). A
//! single string is split at spaces, as the format's own example
//! (`type: pass-fail submit-answer`) and BAPCtools read it. Each breach is
//! refused at the key, naming the clause.
//!
//! `limits.validation_passes` is "optional int >= 2, only for multi-pass"
//! (Multi-pass limit), default 2; judge runs at most [`MAX_PASSES`] and
//! refuses more, as the format asks of a limit a system cannot honour
//! ("Defaults and system limits"). Legacy packages (which have no `type`
//! beyond pass-fail and scoring; multi-pass there is DOMjudge's
//! `validation: multi-pass`) keep the reading they always had: the number
//! of passes clamped to 1–100, noted when it is.

use serde_yaml::Value;

use crate::Refusal;
use crate::origin::Format;
use crate::plan::{Plan, ProblemYaml};
use crate::problem::Kind;

/// The values of `type` the format knows.
const TYPES: [&str; 5] = [
    "pass-fail",
    "scoring",
    "multi-pass",
    "interactive",
    "submit-answer",
];

/// Pairs of values that must not both be given (the table's
/// "Incompatible with" column; the relation is symmetric).
const INCOMPATIBLE: [(&str, &str); 3] = [
    ("pass-fail", "scoring"),
    ("multi-pass", "submit-answer"),
    ("interactive", "submit-answer"),
];

/// The most passes judge runs.
pub(crate) const MAX_PASSES: u64 = 100;

/// The words of `type` (`value`), each breach of the format's rules
/// refused in `plan` at the key. Legacy packages' `type` is read as it
/// always was: its words, unchecked.
pub(crate) fn types(
    value: Option<&Value>,
    spec: &ProblemYaml<'_>,
    format: Format,
    plan: &mut Plan,
) -> Vec<String> {
    let at = || spec.at(&["type"]);
    let mut refuse = |reason: String| {
        plan.refused.push(Refusal::Invalid {
            at: at(),
            reason: format!("type: {reason} (2025-09, Type)"),
        })
    };
    let words: Vec<String> = match value {
        None => return Vec::new(),
        Some(Value::String(s)) => s.split_whitespace().map(String::from).collect(),
        Some(Value::Sequence(items)) => {
            let words: Vec<String> = items
                .iter()
                .filter_map(|t| t.as_str().map(String::from))
                .collect();
            if format != Format::Legacy && words.len() != items.len() {
                refuse("every value of the sequence must be a string".into());
            }
            words
        }
        Some(_) if format == Format::Legacy => return Vec::new(),
        Some(_) => {
            refuse("must be a string or a non-empty sequence of strings".into());
            return Vec::new();
        }
    };
    if format == Format::Legacy {
        return words;
    }
    if words.is_empty() {
        refuse("must not be empty".into());
    }
    for (i, w) in words.iter().enumerate() {
        if !TYPES.contains(&w.as_str()) {
            refuse(format!("`{w}` is none of {}", TYPES.join(", ")));
        } else if words[..i].contains(w) {
            refuse(format!("`{w}` is given twice; values must not repeat"));
        }
    }
    for (a, b) in INCOMPATIBLE {
        if words.iter().any(|w| w == a) && words.iter().any(|w| w == b) {
            refuse(format!(
                "`{a}` and `{b}` are incompatible and must not both be given"
            ));
        }
    }
    words
}

/// The kind of problem `types` declare (with what legacy `validation`
/// added to them), its passes from `limits.validation_passes`.
pub(crate) fn kind(
    types: &[String],
    spec: &ProblemYaml<'_>,
    format: Format,
    plan: &mut Plan,
) -> Kind {
    let has = |t: &str| types.iter().any(|x| x == t);
    let passes = passes(spec, format, has("multi-pass"), plan);
    match (has("interactive"), has("multi-pass"), has("submit-answer")) {
        // Refused in `types`; no kind is guessed for it.
        (true, _, true) | (_, true, true) => Kind::Plain,
        (false, false, true) => Kind::SubmitAnswer,
        (true, true, false) => Kind::InteractiveMultiPass { passes },
        (false, true, false) => Kind::MultiPass { passes },
        (true, false, false) => Kind::Interactive,
        (false, false, false) => Kind::Plain,
    }
}

/// `limits.validation_passes` of a problem that is `multi_pass` or not
/// (see the module's rules); 2 when not given.
fn passes(spec: &ProblemYaml<'_>, format: Format, multi_pass: bool, plan: &mut Plan) -> u32 {
    let keys = ["limits", "validation_passes"];
    let Some(value) = (spec.value)
        .get("limits")
        .and_then(|l| l.get("validation_passes"))
        .filter(|v| !v.is_null())
    else {
        return 2;
    };
    let number = value.as_u64();
    if format == Format::Legacy {
        let n = number.unwrap_or(2);
        let clamped = n.clamp(1, MAX_PASSES);
        if clamped != n {
            plan.notes.push(format!(
                "{}: validation_passes {n} read as {clamped} (judge runs 1 to {MAX_PASSES} passes)",
                spec.at(&keys)
            ));
        }
        return clamped as u32;
    }
    let reason = match number {
        _ if !multi_pass => Some(
            "limits.validation_passes: only for multi-pass problems, and `type` does not say multi-pass (2025-09, Multi-pass limit)".to_string(),
        ),
        Some(n) if n < 2 => Some(format!(
            "limits.validation_passes: {n}: must be an integer >= 2 (2025-09, Multi-pass limit)"
        )),
        Some(n) if n > MAX_PASSES => Some(format!(
            "limits.validation_passes: {n}: judge runs at most {MAX_PASSES} passes, and a system that cannot honour a specified limit must reject the package (2025-09, Defaults and system limits)"
        )),
        Some(_) => None,
        None => Some(
            "limits.validation_passes: must be an integer >= 2 (2025-09, Multi-pass limit)".into(),
        ),
    };
    if let Some(reason) = reason {
        plan.refused.push(Refusal::Invalid {
            at: spec.at(&keys),
            reason,
        });
        return 2;
    }
    number.map_or(2, |n| n as u32)
}
