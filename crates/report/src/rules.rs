//! `validate`'s account of the input format's rules: each rule a
//! validator names, and the invalid inputs proven to be rejected for it.
//!
//! A bound no case reaches leaves slow submissions unpunished; a rule no
//! invalid input breaks leaves a lax validator unnoticed. So next to the
//! bounds table, `validate` lists every rule the validators report (the
//! strict validator's list, the ranges of a validator program's `bound`
//! lines) and the invalid inputs that break each, and names the rules no
//! input tests.

use maud::{Markup, html};
use serde::{Deserialize, Serialize};

use crate::console::Style;
use crate::{ProblemReport, Report};

/// One rule of a problem's input format and who tests it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleCheck {
    pub rule: String,
    /// Which validator reports it ("the strict validator of atoms", "the
    /// validator programs' bounds").
    pub from: String,
    /// The invalid inputs rejected for it, by case id (empty: untested).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tested_by: Vec<String>,
}

/// How many invalid inputs a problem has and how many declare a rule.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declared {
    pub invalid: usize,
    pub naming_a_rule: usize,
}

impl ProblemReport {
    /// The rules of this problem's input no invalid input tests.
    pub fn untested_rules(&self) -> Vec<&str> {
        (self.rules.iter())
            .filter(|r| r.tested_by.is_empty())
            .map(|r| r.rule.as_str())
            .collect()
    }
}

/// The console table: per problem, invalid inputs, how many declare a
/// rule, the rules and the untested ones by name (in yellow). Empty when
/// no problem has invalid inputs or rules.
pub fn table(report: &Report, style: Style) -> String {
    let rows: Vec<&ProblemReport> = (report.problems.iter())
        .filter(|p| p.declared.invalid > 0 || !p.rules.is_empty())
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    let rows: Vec<([String; 4], Option<String>)> = rows
        .iter()
        .map(|p| {
            let untested = p.untested_rules();
            let tested = p.rules.len() - untested.len();
            let cells = [
                p.id.clone(),
                p.declared.invalid.to_string(),
                p.declared.naming_a_rule.to_string(),
                format!("{tested} of {}", p.rules.len()),
            ];
            let note = (!untested.is_empty()).then(|| format!("untested: {}", untested.join(", ")));
            (cells, note)
        })
        .collect();
    let head = ["problem", "invalid", "naming a rule", "rules tested"];
    crate::console::noted_table(head, [false, true, true, true], &rows, style)
}

/// The HTML table of one problem's rules, open when some are untested.
pub fn html_table(p: &ProblemReport) -> Markup {
    let untested = p.untested_rules().len();
    html! {
        details.all open[untested > 0] {
            summary {
                "Rules tested by an invalid input: " (p.rules.len() - untested) " of " (p.rules.len())
                " · " (p.declared.naming_a_rule) " of " (p.declared.invalid) " invalid inputs name their rule"
            }
            table {
                thead { tr { th { "rule" } th { "reported by" } th { "broken by" } } }
                tbody { @for r in &p.rules {
                    tr class=[r.tested_by.is_empty().then_some("short")] {
                        td { code { (r.rule) } }
                        td { (r.from) }
                        td { @if r.tested_by.is_empty() { "untested" } @else { (r.tested_by.join(", ")) } }
                    }
                } }
            }
        }
    }
}
