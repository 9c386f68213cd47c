//! Whether a submission's cases keep its [`Demand`]s (2025-09: every case
//! of a demand's scope has a permitted verdict, some case a required one,
//! some case's judge message holds its `message`), decided case by case in
//! case order, so that judging stops as soon as no later case can change
//! the outcome: a demand already broken stays broken, and one that permits
//! every verdict and has seen what it requires cannot break any more.

use crate::problem::Case;
use crate::problem::submissions::{Demand, case_in_groups};
use crate::report::{CaseReport, PromiseFault};
use crate::verdict::Verdict;

/// The demands and what the cases seen so far did to each.
pub(crate) struct Tally {
    watches: Vec<Watch>,
}

/// One demand being watched.
struct Watch {
    demand: Demand,
    /// Cases of its scope not seen yet.
    left: usize,
    /// The first case of its scope outside `permitted`, with its verdict.
    outside: Option<(String, Verdict)>,
    required_seen: bool,
    message_seen: bool,
}

impl Watch {
    fn in_scope(&self, group: &str, id: &str) -> bool {
        self.demand
            .scope
            .as_deref()
            .is_none_or(|p| case_in_groups(p, group, id))
    }

    fn required_kept(&self) -> bool {
        self.demand.required.is_none() || self.required_seen
    }

    fn message_kept(&self) -> bool {
        self.demand.message.is_none() || self.message_seen
    }

    /// Broken whatever the cases not seen yet do.
    fn broken(&self) -> bool {
        self.outside.is_some() || (self.left == 0 && !(self.required_kept() && self.message_kept()))
    }

    /// Kept whatever the cases not seen yet do (judge errors aside).
    fn settled(&self) -> bool {
        !self.broken()
            && (self.left == 0
                || (self.demand.permits_everything()
                    && self.required_kept()
                    && self.message_kept()))
    }
}

impl Tally {
    /// Watches `demands` over the problem's `cases` (all of them, seen or
    /// not, so a scope knows when it has been seen whole).
    pub(crate) fn new(demands: Vec<Demand>, cases: &[Case]) -> Tally {
        let watches = demands
            .into_iter()
            .map(|demand| {
                let mut watch = Watch {
                    demand,
                    left: 0,
                    outside: None,
                    required_seen: false,
                    message_seen: false,
                };
                watch.left = cases
                    .iter()
                    .filter(|c| watch.in_scope(&c.group, &c.id()))
                    .count();
                watch
            })
            .collect();
        Tally { watches }
    }

    /// Takes in one case's result.
    pub(crate) fn see(&mut self, case: &CaseReport) {
        let id = case.id();
        let message = judge_message(case);
        for w in &mut self.watches {
            if !w.in_scope(&case.group, &id) {
                continue;
            }
            w.left = w.left.saturating_sub(1);
            if w.outside.is_none() && !w.demand.permits(case.verdict) {
                w.outside = Some((id.clone(), case.verdict));
            }
            w.required_seen |= w.demand.is_required(case.verdict);
            if let (Some(want), Some(got)) = (&w.demand.message, message) {
                w.message_seen |= got.contains(want.as_str());
            }
        }
    }

    /// Whether some demand is broken whatever the later cases do.
    pub(crate) fn broken(&self) -> bool {
        self.watches.iter().any(Watch::broken)
    }

    /// Whether every demand is kept whatever the later cases do.
    pub(crate) fn settled(&self) -> bool {
        self.watches.iter().all(Watch::settled)
    }

    /// How the cases seen broke the demands. `whole`: every case was seen
    /// (what is missing is missing; otherwise a judging that stopped early
    /// leaves `required` and `message` undecided, and only what broke
    /// counts). A folder's default broken by what it requires reads as the
    /// folder's verdict broken (`expected`, `got` the submission's
    /// verdict); a scope's fault is said with its pattern.
    pub(crate) fn faults(&self, folder: &PromiseFault, whole: bool) -> Vec<PromiseFault> {
        let mut faults = Vec::new();
        for w in &self.watches {
            let mut own = Vec::new();
            if let Some((case, got)) = &w.outside {
                own.push(PromiseFault::NotPermitted {
                    case: case.clone(),
                    got: Some(*got),
                    permitted: w.demand.permitted.clone().unwrap_or_default(),
                });
            }
            let seen_all = whole || w.left == 0;
            if seen_all && !w.required_kept() {
                own.push(match w.demand.folder {
                    true => folder.clone(),
                    false => PromiseFault::NoneRequired {
                        required: w.demand.required.clone().unwrap_or_default(),
                    },
                });
            }
            if seen_all && !w.message_kept() {
                own.push(PromiseFault::NoMessage {
                    message: w.demand.message.clone().unwrap_or_default(),
                });
            }
            faults.extend(own.into_iter().map(|f| match &w.demand.scope {
                Some(pattern) => PromiseFault::InGroups {
                    pattern: pattern.clone(),
                    fault: Box::new(f),
                },
                None => f,
            }));
        }
        faults
    }
}

/// What the checker wrote to `judgemessage.txt` for the case, as its
/// record keeps it (the first 4 KiB; the team's message, kept after it,
/// left out), or the in-crate default validator's words.
fn judge_message(case: &CaseReport) -> Option<&str> {
    let message = case.message.as_deref()?;
    if message.starts_with("team message: ") {
        return None;
    }
    Some(message.split("\nteam message: ").next().unwrap_or(message))
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::problem::submissions::Kind;

    fn case(group: &str, name: &str) -> Case {
        Case {
            group: group.into(),
            name: name.into(),
            input: PathBuf::from("x.in"),
            answer: None,
            settings: Default::default(),
        }
    }

    fn result(group: &str, name: &str, verdict: Verdict, message: Option<&str>) -> CaseReport {
        let exec = crate::execution::Execution::finished(Vec::new(), std::time::Duration::ZERO);
        let mut outcome = crate::compare::Outcome::new(verdict, "");
        outcome.message = message.map(String::from);
        CaseReport::new(group, name, &exec, outcome)
    }

    fn demand(permitted: &[Kind], required: &[Kind]) -> Demand {
        Demand {
            scope: None,
            permitted: (!permitted.is_empty()).then(|| permitted.to_vec()),
            required: (!required.is_empty()).then(|| required.to_vec()),
            message: None,
            folder: true,
        }
    }

    const FOLDER: PromiseFault = PromiseFault::NoneRequired {
        required: Vec::new(),
    };

    #[test]
    fn a_wrong_answer_is_judged_on_every_case_and_broken_by_a_later_time_out() {
        let cases = [case("sample", "1"), case("", "a"), case("", "b")];
        let mut t = Tally::new(vec![demand(&[Kind::AC, Kind::WA], &[Kind::WA])], &cases);
        t.see(&result("sample", "1", Verdict::Accepted, None));
        t.see(&result("", "a", Verdict::WrongAnswer, None));
        // WA seen, but a later case could still time out.
        assert!(!t.broken() && !t.settled());
        t.see(&result("", "b", Verdict::TimeLimit, None));
        assert!(t.broken());
        assert_eq!(
            t.faults(&FOLDER, true),
            [PromiseFault::NotPermitted {
                case: "b".into(),
                got: Some(Verdict::TimeLimit),
                permitted: vec![Kind::AC, Kind::WA]
            }]
        );
    }

    #[test]
    fn rejected_is_settled_by_its_first_failure_and_a_missing_required_is_the_folders() {
        let cases = [case("", "a"), case("", "b")];
        let rejected = demand(&[], &[Kind::RTE, Kind::TLE, Kind::WA]);
        let mut t = Tally::new(vec![rejected.clone()], &cases);
        t.see(&result("", "a", Verdict::RuntimeError, None));
        assert!(t.settled());
        let mut t = Tally::new(vec![rejected], &cases);
        t.see(&result("", "a", Verdict::Accepted, None));
        assert!(!t.broken() && t.faults(&FOLDER, false).is_empty());
        t.see(&result("", "b", Verdict::Accepted, None));
        assert!(t.broken());
        assert_eq!(t.faults(&FOLDER, true), [FOLDER]);
    }

    #[test]
    fn a_scope_sees_only_its_groups_cases_and_messages_are_the_judges() {
        let cases = [case("sample", "1"), case("g1", "a"), case("g2", "a")];
        let scoped = Demand {
            scope: Some("secret/g1".into()),
            message: Some("too many".into()),
            ..demand(&[Kind::AC], &[])
        };
        let mut t = Tally::new(vec![scoped], &cases);
        t.see(&result(
            "sample",
            "1",
            Verdict::WrongAnswer,
            Some("too many coins"),
        ));
        // Out of scope: neither breaks nor keeps it.
        assert!(!t.broken() && !t.settled());
        t.see(&result(
            "g1",
            "a",
            Verdict::Accepted,
            Some("ok\nteam message: too many"),
        ));
        assert!(t.broken());
        let faults = t.faults(&FOLDER, false);
        assert_eq!(
            faults,
            [PromiseFault::InGroups {
                pattern: "secret/g1".into(),
                fault: Box::new(PromiseFault::NoMessage {
                    message: "too many".into()
                })
            }]
        );
        let mut t = Tally::new(
            vec![Demand {
                message: Some("many".into()),
                ..demand(&[], &[])
            }],
            &cases,
        );
        t.see(&result("g1", "a", Verdict::Accepted, Some("too many")));
        assert!(t.settled());
    }
}
