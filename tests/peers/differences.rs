//! The written list of deliberate differences (docs/peer-differences.md),
//! read from the doc's table so the doc and the test cannot drift: a
//! difference not on it fails the test, and so does an entry that no
//! longer matches a difference found.

use crate::outcome::Outcome;

/// One row of the table.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Entry {
    /// The package's path below `testdata/`.
    pub package: String,
    /// Its path below `submissions/`.
    pub submission: String,
    /// `verifyproblem` or `bt`.
    pub peer: String,
    /// Both outcomes as [`Outcome::render`] writes them.
    pub judge: String,
    pub theirs: String,
    pub reason: String,
}

/// A difference found by a run, in the same terms.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Found {
    pub package: String,
    pub submission: String,
    pub peer: String,
    pub judge: String,
    pub theirs: String,
}

impl Found {
    pub(crate) fn new(
        package: &str,
        submission: &str,
        peer: &str,
        judge: &str,
        theirs: &Outcome,
    ) -> Found {
        Found {
            package: package.to_string(),
            submission: submission.to_string(),
            peer: peer.to_string(),
            judge: judge.to_string(),
            theirs: theirs.render(),
        }
    }

    /// As a row of the doc's table, reason left to be written.
    pub(crate) fn row(&self) -> String {
        format!(
            "| {} | {} | {} | {} | {} | (why) |",
            self.package, self.submission, self.peer, self.judge, self.theirs
        )
    }

    fn matches(&self, e: &Entry) -> bool {
        (self.package == e.package && self.submission == e.submission)
            && (self.peer == e.peer && self.judge == e.judge && self.theirs == e.theirs)
    }
}

/// The header the table starts with.
const HEADER: [&str; 6] = [
    "package",
    "submission",
    "peer",
    "judge",
    "peer's verdict",
    "reason",
];

/// The table's rows; panics on a malformed table (the doc is part of the
/// test).
pub(crate) fn parse(doc: &str) -> Vec<Entry> {
    let mut lines = doc
        .lines()
        .map(str::trim)
        .skip_while(|l| cells(l) != HEADER);
    assert!(
        lines.next().is_some(),
        "no table with the header {HEADER:?}"
    );
    let mut entries = Vec::new();
    for line in lines.skip(1).take_while(|l| l.starts_with('|')) {
        let c = cells(line);
        assert_eq!(
            c.len(),
            HEADER.len(),
            "a row of {} cells: {line}",
            HEADER.len()
        );
        assert!(!c[5].is_empty(), "a row without its reason: {line}");
        entries.push(Entry {
            package: c[0].clone(),
            submission: c[1].clone(),
            peer: c[2].clone(),
            judge: c[3].clone(),
            theirs: c[4].clone(),
            reason: c[5].clone(),
        });
    }
    entries
}

/// A table row's cells, trimmed and without backticks.
fn cells(line: &str) -> Vec<String> {
    let Some(inner) = line.strip_prefix('|').and_then(|l| l.strip_suffix('|')) else {
        return Vec::new();
    };
    inner
        .split('|')
        .map(|c| c.trim().replace('`', ""))
        .collect()
}

/// What the run's differences say against the list: the differences not
/// listed, and the entries that match none (stale: every package is
/// compared on every run, or the run says why not and has no difference
/// for it).
pub(crate) fn unlisted_and_stale<'a>(
    found: &'a [Found],
    listed: &'a [Entry],
) -> (Vec<&'a Found>, Vec<&'a Entry>) {
    let unlisted = found
        .iter()
        .filter(|f| !listed.iter().any(|e| f.matches(e)))
        .collect();
    let stale = listed
        .iter()
        .filter(|e| !found.iter().any(|f| f.matches(e)))
        .collect();
    (unlisted, stale)
}

#[test]
fn the_table_is_read_and_checked_both_ways() {
    let doc = "# Title\n\nProse.\n\n\
        | package | submission | peer | judge | peer's verdict | reason |\n\
        |---|---|---|---|---|---|\n\
        | `packages/a` | `wrong_answer/x.py` | verifyproblem | WA | AC | it runs one validator |\n\
        | packages/b | accepted/y.py | bt | AC | RTE | gone |\n\
        \nAfter.\n";
    let listed = parse(doc);
    assert_eq!(listed.len(), 2);
    assert_eq!(listed[0].submission, "wrong_answer/x.py");
    assert_eq!(listed[0].reason, "it runs one validator");
    let found = [
        Found::new(
            "packages/a",
            "wrong_answer/x.py",
            "verifyproblem",
            "WA",
            &Outcome::verdict("AC"),
        ),
        Found::new(
            "packages/c",
            "accepted/z.py",
            "bt",
            "AC",
            &Outcome::verdict("WA"),
        ),
    ];
    let (unlisted, stale) = unlisted_and_stale(&found, &listed);
    assert_eq!(unlisted, [&found[1]]);
    assert_eq!(stale, [&listed[1]]);
}
