//! The case × submission table of `check --every-case`: which cases catch
//! which expected-verdict submission, and which cases catch none.
//!
//! A case that catches nothing is not useless (it may guard a bug nobody
//! has written yet), but a test set author wants to see them, and to see
//! a wrong submission that only one case catches: one edit to that case
//! and the bug slips through.

use maud::{Markup, html};

use super::{ProblemReport, SubmissionReport};
use crate::verdict::Verdict;

/// The table for problem `p` from its submissions (`mine`), when they
/// were judged on every case.
pub(super) fn table(
    p: &ProblemReport,
    mine: &[&SubmissionReport],
    badge: impl Fn(Verdict) -> Markup,
) -> Option<Markup> {
    // Accepted submissions that no case catches would be empty columns.
    let judged: Vec<(&SubmissionReport, &Vec<super::Catch>)> = mine
        .iter()
        .filter_map(|s| Some((*s, s.caught_by.as_ref()?)))
        .filter(|(s, k)| !k.is_empty() || !s.expected.is_accepted())
        .collect();
    if judged.is_empty() {
        return None;
    }
    let catching = p
        .cases
        .iter()
        .filter(|c| judged.iter().any(|(s, _)| s.caught_on(&c.id()).is_some()))
        .count();
    let short = |s: &SubmissionReport| {
        s.path
            .rsplit_once('/')
            .map_or(s.path.clone(), |(_, name)| name.to_string())
    };
    Some(html! {
        details.all.catches open {
            summary { "Which cases catch which submission: " (catching) " of " (p.cases.len())
                " cases catch at least one, " (p.cases.len() - catching) " catch none" }
            div.scroll { table {
                thead { tr { th { "case" } @for (s, k) in &judged {
                    th.sub title=(s.path) {
                        // Break long names at their underscores only.
                        @for (i, part) in short(s).split('_').enumerate() { @if i > 0 { "_" wbr; } (part) }
                        br; span.cached { "caught by " (k.len()) }
                    }
                } } }
                tbody { @for c in &p.cases {
                    @let id = c.id();
                    @let row: Vec<Option<Verdict>> = judged.iter().map(|(s, _)| s.caught_on(&id)).collect();
                    tr class=[row.iter().all(Option::is_none).then_some("none")] {
                        td.case { (id) }
                        @for v in &row { td.mark { @if let Some(v) = v { (badge(*v)) } } }
                    }
                } }
            } }
        }
    })
}
