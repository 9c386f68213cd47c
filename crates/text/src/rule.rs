//! The rules of an input format, by name, and whether a validator's
//! message names one.
//!
//! An invalid input proves something only if it is rejected for the rule
//! it was written to break: a file meant to break `N ≤ 7` that is rejected
//! for a trailing space leaves the bound unchecked. So an invalid case
//! declares its rule, every validator says which rule a file breaks, and
//! `judge validate` compares the two. Validators are programs in any
//! language, written by anyone, so the comparison is made on what they
//! print: a rule is named when its words appear in the message, whole and
//! in order, whatever the case, with `-`, `_` and spaces alike
//! ([`names_rule`]). The strict validators name their rules with the
//! constants below and the bounds' [`bound_rule`]s.

/// The file has no bytes.
pub const EMPTY_FILE: &str = "empty-file";
/// The last line does not end in `\n`.
pub const FINAL_NEWLINE: &str = "final-newline";
/// A `\r` (Windows line ends).
pub const CRLF: &str = "crlf";
/// A tab character.
pub const TAB: &str = "tab";
/// Another control character.
pub const CONTROL_CHARACTER: &str = "control-character";
/// Bytes that are not UTF-8.
pub const UTF8: &str = "utf-8";
/// A blank line where data belongs, or after the last data.
pub const BLANK_LINE: &str = "blank-line";
/// A line that must be blank is not.
pub const MISSING_BLANK_LINE: &str = "missing-blank-line";
/// A line starts with a space.
pub const LEADING_SPACE: &str = "leading-space";
/// A line ends with a space.
pub const TRAILING_SPACE: &str = "trailing-space";
/// Two spaces between fields.
pub const DOUBLE_SPACE: &str = "double-space";
/// Too many or too few fields on a line.
pub const FIELD_COUNT: &str = "field-count";
/// A field that should be an integer is not one.
pub const INTEGER: &str = "integer";
/// An integer written with `+`, leading zeros or as `-0`.
pub const CANONICAL_INTEGER: &str = "canonical-integer";
/// The file ends before the data does.
pub const END_OF_FILE: &str = "end-of-file";
/// Something follows the last data.
pub const EXTRA_DATA: &str = "extra-data";
/// A number outside its range, before the range's bound is named (a
/// solver refines it to the bound's [`bound_rule`]).
pub const RANGE: &str = "range";

/// The layout rules the shared strict checks ([`crate::strict`]) name, in
/// the order a file is read.
pub const LAYOUT: [&str; 16] = [
    EMPTY_FILE,
    UTF8,
    CRLF,
    TAB,
    CONTROL_CHARACTER,
    FINAL_NEWLINE,
    BLANK_LINE,
    MISSING_BLANK_LINE,
    LEADING_SPACE,
    TRAILING_SPACE,
    DOUBLE_SPACE,
    FIELD_COUNT,
    INTEGER,
    CANONICAL_INTEGER,
    END_OF_FILE,
    EXTRA_DATA,
];

/// The layout rules of a format whose lines hold space-separated fields
/// and none of which must be blank: every one of [`LAYOUT`] but
/// [`MISSING_BLANK_LINE`], in the same order (most of the problems here).
pub const LINES_OF_FIELDS: [&str; 15] = [
    EMPTY_FILE,
    UTF8,
    CRLF,
    TAB,
    CONTROL_CHARACTER,
    FINAL_NEWLINE,
    BLANK_LINE,
    LEADING_SPACE,
    TRAILING_SPACE,
    DOUBLE_SPACE,
    FIELD_COUNT,
    INTEGER,
    CANONICAL_INTEGER,
    END_OF_FILE,
    EXTRA_DATA,
];

/// The rule a bounded number's range is, from the bound's name: its
/// symbol when the name is `SYMBOL (words)`, else the words, made a rule
/// name, then `-range`: "N (board size)" → `n-range`, "cell value" →
/// `cell-value-range`. Validator programs' `bound NAME …` lines name
/// theirs the same way.
pub fn bound_rule(bound: &str) -> String {
    let symbol = match bound.split_once(" (") {
        Some((symbol, _)) if !symbol.trim().is_empty() => symbol,
        _ => bound,
    };
    format!("{}-range", slug(symbol))
}

/// Lower case, and every run of other characters than letters and digits
/// one `-`.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// The words of `text` for matching: lower case, split at everything
/// that is not a letter or a digit (so `-`, `_`, spaces and punctuation
/// all separate).
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Whether `message` names `rule`. A message that tags its rules, `(rule
/// NAME)` as judge's validators do, names exactly those (so
/// `canonical-integer` does not name `integer`). Any other message names
/// a rule whose words appear in it, whole, in order and next to each
/// other: "N_RANGE violated" names `n-range`, "an-range" and "n out of
/// range" do not; a third-party validator's own phrase ("need 1 <= X <=
/// N") works as a rule. A rule with no word is named by nothing.
pub fn names_rule(message: &str, rule: &str) -> bool {
    let want = words(rule);
    if want.is_empty() {
        return false;
    }
    let tags = tagged(message);
    if !tags.is_empty() {
        return tags.iter().any(|t| same_rule(t, rule));
    }
    let have = words(message);
    have.windows(want.len()).any(|w| w == want.as_slice())
}

/// The rules a message tags in the form `rule NAME)` (a name of letters,
/// digits, `-` and `_`, closing a parenthesis: `(rule n-range)` and the
/// strict validators' `(…, rule n-range)`).
pub fn tagged(message: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = message;
    while let Some(at) = rest.find("rule ") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + 5..];
        if before.is_some_and(char::is_alphanumeric) {
            continue;
        }
        let name: String = (rest.chars())
            .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        if name.chars().any(char::is_alphanumeric) && rest[name.len()..].starts_with(')') {
            found.push(name);
        }
    }
    found
}

/// Whether two rule names are the same rule (same words).
pub fn same_rule(a: &str, b: &str) -> bool {
    let (a, b) = (words(a), words(b));
    !a.is_empty() && a == b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_are_read_from_messages_in_their_form_only() {
        let m = "x.in:2:1: N out of range (rule n-range)\n  other: (rule t_range), a rule of thumb";
        assert_eq!(tagged(m), vec!["n-range", "t_range"]);
        assert!(tagged("no rules here; overrule x").is_empty());
    }

    #[test]
    fn lines_of_fields_are_the_layout_but_the_required_blank_line() {
        let expected: Vec<&str> = (LAYOUT.iter().copied())
            .filter(|r| *r != MISSING_BLANK_LINE)
            .collect();
        assert_eq!(LINES_OF_FIELDS.to_vec(), expected);
    }

    #[test]
    fn bounds_become_rules_by_their_symbol() {
        assert_eq!(bound_rule("N (board size)"), "n-range");
        assert_eq!(bound_rule("T (boards)"), "t-range");
        assert_eq!(bound_rule("cell value"), "cell-value-range");
        assert_eq!(bound_rule("a, b"), "a-b-range");
        assert_eq!(bound_rule("moves in a game"), "moves-in-a-game-range");
    }

    #[test]
    fn a_rule_is_named_by_its_whole_words_in_order() {
        let m = "x.in:1:1: T must be between 1 and 49, found 50 (rule t-range)";
        assert!(names_rule(m, "t-range"));
        assert!(names_rule(m, "T_RANGE"));
        assert!(names_rule(m, "t range"));
        assert!(!names_rule(m, "n-range"));
        assert!(!names_rule("line 1: at-range", "t-range"));
        assert!(!names_rule("t is out of range", "t-range"));
        assert!(!names_rule(m, " - "));
        // A tagged message names its tags only.
        assert!(!names_rule(m, "must be between"));
        let canonical = "1:1: \"+3\" is not written in canonical form (rule canonical-integer)";
        assert!(names_rule(canonical, "canonical-integer"));
        assert!(!names_rule(canonical, "integer"));
        // An untagged message: its phrases are rules.
        let theirs = "need 1 <= X <= N <= 10^9, got N=3 X=5";
        assert!(names_rule(theirs, "need 1 <= X <= N"));
        assert!(!names_rule(theirs, "x-range"));
        assert!(same_rule("final-newline", "Final newline"));
        assert!(!same_rule("final-newline", "newline"));
    }
}
