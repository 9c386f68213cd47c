//! The figures a jury acts on, computed once from a report: problems
//! judged and refused, submissions kept, broken, without a promise and
//! not run (with why, grouped), cases failed.
//!
//! One owner, so the renderings cannot disagree: the top of
//! `report.html`, the terminal's last lines, `report.yaml`'s summary
//! ([`Report::new`] and [`Report::with_submissions`] copy them there) and
//! the JUnit submissions suite all take them from [`Headline::of`].
//! Each figure is counted from the records themselves (a submission by
//! its [`Fate`]), never from a stored count, so a report read back from
//! an older judge gets the same figures as one just made.

use std::collections::BTreeMap;

use crate::{Fate, Report};

/// The headline figures of a report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Headline {
    /// Problems with a record in the report (judged, maybe failing).
    pub problems: usize,
    /// Configuration errors: problem folders that did not load, programs
    /// of a package that did not build, faulty submission folders. Each
    /// is the run's exit code 2.
    pub refused: usize,
    pub kept: usize,
    pub broken: usize,
    /// Submissions that promise nothing (judged and shown only).
    pub unpromised: usize,
    /// Submissions that did not run, by reason ([`reason_kind`]), the
    /// most common first.
    pub not_run: Vec<(String, usize)>,
    /// Cases judged (a `check`'s reference runs, a `grade`'s submission
    /// runs, a `validate`'s inputs).
    pub cases: usize,
    pub cases_failed: usize,
    /// Faults of a test set outside any case.
    pub issues: usize,
}

impl Headline {
    /// The figures of `report`, counted from its records.
    pub fn of(report: &Report) -> Headline {
        let mut fates = BTreeMap::new();
        let mut because: BTreeMap<String, usize> = BTreeMap::new();
        for s in &report.submissions {
            *fates.entry(s.fate()).or_insert(0) += 1;
            if let Some(why) = &s.skipped {
                *because.entry(reason_kind(why)).or_insert(0) += 1;
            }
        }
        let count = |f: Fate| fates.get(&f).copied().unwrap_or(0);
        let mut not_run: Vec<(String, usize)> = because.into_iter().collect();
        not_run.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let cases = report.problems.iter().map(|p| p.cases.len()).sum();
        let passed: usize = report.problems.iter().map(|p| p.passed).sum();
        Headline {
            problems: report.problems.len(),
            refused: report.errors.len(),
            kept: count(Fate::Kept),
            broken: count(Fate::Broken),
            unpromised: count(Fate::Unpromised),
            not_run,
            cases,
            cases_failed: cases - passed.min(cases),
            issues: report.problems.iter().map(|p| p.issues.len()).sum(),
        }
    }

    /// Submissions that did not run.
    pub fn could_not_run(&self) -> usize {
        self.not_run.iter().map(|(_, n)| n).sum()
    }

    /// Every expected-verdict submission of the report.
    pub fn submissions(&self) -> usize {
        self.kept + self.broken + self.unpromised + self.could_not_run()
    }

    /// The figures in words, one line each (problems; submissions when
    /// there were any, with one line per reason a submission did not run
    /// under them, indented; cases): what the terminal prints last, and what the page's cards
    /// say in the same words.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "problems: {} judged, {} refused",
            self.problems, self.refused
        )];
        if self.submissions() > 0 {
            let mut line = format!(
                "submissions: {} kept, {} broken, {} could not run",
                self.kept,
                self.broken,
                self.could_not_run()
            );
            if self.unpromised > 0 {
                line.push_str(&format!(", {} without a promise", self.unpromised));
            }
            lines.push(line);
            for (why, n) in &self.not_run {
                lines.push(format!("  {n} could not run: {why}"));
            }
        }
        let mut cases = format!("cases: {} judged, {} failed", self.cases, self.cases_failed);
        if self.issues > 0 {
            cases.push_str(&format!(", {} test-set issues", self.issues));
        }
        lines.push(cases);
        lines
    }
}

/// What a reason not to run says once its asides are gone: the words in
/// parentheses name the file, the line, the command probed, which differ
/// from one submission to the next where the reason does not ("Python 2
/// (print statement, line 3), no Python 2 interpreter here: install
/// python2 or pypy" and the same with line 7 are one reason).
pub fn reason_kind(why: &str) -> String {
    let mut out = String::with_capacity(why.len());
    let mut depth = 0usize;
    for c in why.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            c if depth == 0 => out.push(c),
            _ => {}
        }
    }
    let words: Vec<&str> = out.split_whitespace().collect();
    let joined = words.join(" ");
    let tidy = joined.replace(" ,", ",").replace(" :", ":");
    match tidy.is_empty() {
        true => why.trim().to_string(),
        false => tidy,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_lose_their_asides_and_keep_their_words() {
        let a = "Python 2 (print statement, line 3), no Python 2 interpreter here: install python2 or pypy";
        let b = "Python 2 (`print x` (old style), line 7), no Python 2 interpreter here: install python2 or pypy";
        assert_eq!(reason_kind(a), reason_kind(b));
        assert_eq!(
            reason_kind(a),
            "Python 2, no Python 2 interpreter here: install python2 or pypy"
        );
        assert_eq!(
            reason_kind("no Zeta toolchain here (zetac not found on PATH): install zeta-lang"),
            "no Zeta toolchain here: install zeta-lang"
        );
        // Nothing but an aside: kept whole rather than said as nothing.
        assert_eq!(reason_kind("(why)"), "(why)");
    }
}
