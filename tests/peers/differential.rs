//! The peers as a differential test (#48): every ICPC / Kattis package
//! among judge's fixtures is judged in place by judge (`check`) and by its
//! own tool, `verifyproblem -p submissions` (problemtools: legacy and
//! 2023-07-draft) or `bt run` (BAPCtools: 2025-09), and each submission's
//! verdict (and score) is compared. A difference fails the test unless
//! docs/peer-differences.md lists it with its reason; an entry there that
//! matches no difference fails it too. A package its peer cannot read is
//! not compared, and the test says so and why.
//!
//! Packages run one at a time: both tools time their programs, and the
//! peers derive time limits from what they measure. The suite's other
//! tests run beside this one (CI's time budget); all three tools limit
//! CPU time, which sharing the cores leaves as it is.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::common::root;
use crate::differences::{self, Found};
use crate::fixtures::{self, Format, Package};
use crate::outcome::{self, JudgeSide, Outcome};
use crate::peer_logs::{self, PeerRun};

/// What both peers run besides themselves for these packages.
const TOOLS: [&str; 2] = ["pypy3", "g++"];

/// The submission folders problemtools 1.20260907 judges (its
/// `model/submissions.py`); it names the others and passes them over.
const PROBLEMTOOLS_FOLDERS: [&str; 5] = [
    "accepted",
    "partially_accepted",
    "wrong_answer",
    "run_time_error",
    "time_limit_exceeded",
];

#[derive(Clone, Copy, PartialEq)]
enum Peer {
    Verifyproblem,
    Bt,
}

impl Peer {
    fn name(self) -> &'static str {
        match self {
            Peer::Verifyproblem => "verifyproblem",
            Peer::Bt => "bt",
        }
    }

    /// Whether it judges a submission in `folder` at all.
    fn reads(self, folder: &str) -> bool {
        self == Peer::Bt || PROBLEMTOOLS_FOLDERS.contains(&folder)
    }
}

/// The peer that reads `pkg`, or why none compares with judge on it.
fn peer_for(pkg: &Package) -> Result<Peer, String> {
    match &pkg.format {
        Err(version) => Err(format!(
            "problem_format_version {version}: no peer reads it"
        )),
        Ok(Format::V2025) => Ok(Peer::Bt),
        Ok(_) if pkg.has_recipe() => Err("its secret data is a recipe \
            (generators/generators.yaml), which problemtools does not generate: \
            it would judge the samples only"
            .to_string()),
        Ok(Format::Legacy | Format::Draft2023) => Ok(Peer::Verifyproblem),
    }
}

/// The peers' programs, installed on first use.
#[derive(Default)]
struct Programs {
    verifyproblem: Option<PathBuf>,
    bt: Option<PathBuf>,
}

impl Programs {
    /// `peer`'s program; `None` when PyPI is unreachable (after a notice).
    fn get(&mut self, peer: Peer) -> Option<PathBuf> {
        let slot = match peer {
            Peer::Verifyproblem => &mut self.verifyproblem,
            Peer::Bt => &mut self.bt,
        };
        if slot.is_none() {
            *slot = match peer {
                Peer::Verifyproblem => crate::venv::pip_program("verifyproblem", "problemtools"),
                Peer::Bt => crate::venv::pip_program("bt", "bapctools"),
            };
        }
        slot.clone()
    }
}

/// Runs `peer` on the copied package and reads its log.
fn run_peer(peer: Peer, exe: &Path, copy: &fixtures::Copy) -> (PeerRun, String) {
    let dir = copy.package.parent().unwrap();
    match peer {
        Peer::Verifyproblem => {
            // Only the submissions part: the rest (statement, data,
            // validators) does not decide a verdict.
            let out = Command::new(exe)
                .arg(&copy.id)
                .args(["-p", "submissions"])
                .current_dir(dir)
                .env("NO_COLOR", "1")
                .output()
                .expect("verifyproblem runs");
            let log = crate::bapctools::without_colours(&format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
            (peer_logs::verifyproblem(&log), log)
        }
        Peer::Bt => {
            let (_, log) = crate::bapctools::bt(exe, dir, &["run"], &copy.id);
            (peer_logs::bt_run(&log), log)
        }
    }
}

/// Runs `judge check` on the copy and reads its report.
fn run_judge(copy: &fixtures::Copy, scratch: &Path) -> JudgeSide {
    let reports = scratch.join("reports");
    let run = crate::common::judge_in(
        scratch,
        &[
            "--problems",
            copy.problems.to_str().unwrap(),
            "check",
            "--report-dir",
            reports.to_str().unwrap(),
        ],
        None,
    );
    assert!(
        reports.join("report.yaml").is_file(),
        "judge wrote no report:\n{}",
        run.all()
    );
    outcome::judge_side(&reports, &copy.id)
}

/// What one package's comparison found.
struct Compared {
    found: Vec<Found>,
    notes: Vec<String>,
    compared: usize,
}

/// Both sides of one package, submission by submission.
fn compare(pkg: &str, peer: Peer, judge: &JudgeSide, theirs: &PeerRun) -> Compared {
    let mut c = Compared {
        found: Vec::new(),
        notes: Vec::new(),
        compared: 0,
    };
    let none = Outcome::verdict("-");
    let mut paths: Vec<&String> = judge
        .outcomes
        .keys()
        .chain(theirs.outcomes.keys())
        .collect();
    paths.sort();
    paths.dedup();
    for path in paths {
        let folder = path.split('/').next().unwrap_or("");
        let ours = judge.outcomes.get(path);
        if let Some(why) = judge.skipped.get(path) {
            c.notes.push(format!("{path}: skipped by judge ({why})"));
            continue;
        }
        let judge_said = match (&judge.refused, ours) {
            (Some(_), _) => "refused".to_string(),
            (None, Some(o)) => o.render(),
            (None, None) => "-".to_string(),
        };
        match (ours, theirs.outcomes.get(path)) {
            (Some(o), Some(t)) if outcome::agree(o, t) => c.compared += 1,
            (Some(_), None) if !peer.reads(folder) => {
                c.notes.push(format!(
                    "{path}: {} does not judge folder {folder}/",
                    peer.name()
                ));
            }
            (_, t) => {
                c.compared += 1;
                let t = t.unwrap_or(&none);
                c.found
                    .push(Found::new(pkg, path, peer.name(), &judge_said, t));
            }
        }
    }
    c
}

/// Compares one package: its differences, and lines for the run's
/// account (what was compared, skipped and why).
fn package(pkg: &Package, programs: &mut Programs, account: &mut Vec<String>) -> Vec<Found> {
    let peer = match peer_for(pkg) {
        Ok(peer) => peer,
        Err(why) => {
            account.push(format!("{}: not compared: {why}", pkg.name));
            return Vec::new();
        }
    };
    let Some(exe) = programs.get(peer) else {
        account.push(format!(
            "{}: not compared: {} not installed",
            pkg.name,
            peer.name()
        ));
        return Vec::new();
    };
    let scratch = tempfile::tempdir().unwrap();
    let copy = fixtures::copy(pkg, &scratch.path().join("peer"));
    let started = Instant::now();
    let (theirs, log) = run_peer(peer, &exe, &copy);
    let peer_took = started.elapsed();
    if let Some(why) = &theirs.refused {
        account.push(format!(
            "{}: not compared: {} does not read it: {why}",
            pkg.name,
            peer.name()
        ));
        return Vec::new();
    }
    assert!(
        !theirs.outcomes.is_empty(),
        "{}: no verdict read from {}:\n{log}",
        pkg.name,
        peer.name()
    );
    let judged = fixtures::copy(pkg, &scratch.path().join("judge"));
    let started = Instant::now();
    let ours = run_judge(&judged, scratch.path());
    let judge_took = started.elapsed();
    if let Some(why) = &ours.refused {
        account.push(format!("{}: judge refused it: {why}", pkg.name));
    }
    let c = compare(&pkg.name, peer, &ours, &theirs);
    account.push(format!(
        "{} ({}): {} submissions compared, {} differ ({} {:.1} s, judge {:.1} s)",
        pkg.name,
        peer.name(),
        c.compared,
        c.found.len(),
        peer.name(),
        peer_took.as_secs_f64(),
        judge_took.as_secs_f64()
    ));
    account.extend(c.notes.iter().map(|n| format!("    {n}")));
    c.found
}

#[test]
fn judge_and_the_peers_agree_on_every_fixture_package() {
    let test = "judge_and_the_peers_agree_on_every_fixture_package";
    if crate::tools::tools(&TOOLS, test).is_none() || !crate::common::sandbox(test) {
        return;
    }
    let doc = std::fs::read_to_string(root().join("docs/peer-differences.md")).unwrap();
    let listed = differences::parse(&doc);
    let mut programs = Programs::default();
    let mut found = Vec::new();
    for pkg in fixtures::discover() {
        let mut account = Vec::new();
        found.extend(package(&pkg, &mut programs, &mut account));
        // The account is the test's output even when it passes, package
        // by package as it goes: written past the harness's capture, as
        // tools::skip writes.
        let mut err = std::io::stderr().lock();
        for line in &account {
            let _ = writeln!(err, "peers: {line}");
        }
    }
    let (unlisted, stale) = differences::unlisted_and_stale(&found, &listed);
    let mut failures = Vec::new();
    if !unlisted.is_empty() {
        let rows: Vec<String> = unlisted.iter().map(|f| f.row()).collect();
        failures.push(format!(
            "differences not on docs/peer-differences.md (find the cause; list \
             only deliberate ones):\n{}",
            rows.join("\n")
        ));
    }
    if !stale.is_empty() {
        let rows: Vec<String> = stale.iter().map(|e| format!("{e:?}")).collect();
        failures.push(format!(
            "entries of docs/peer-differences.md that match no difference (stale):\n{}",
            rows.join("\n")
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_listed_difference_names_a_package_its_peer_reads() {
    let doc = std::fs::read_to_string(root().join("docs/peer-differences.md")).unwrap();
    let packages = fixtures::discover();
    for entry in differences::parse(&doc) {
        let pkg = (packages.iter().find(|p| p.name == entry.package))
            .unwrap_or_else(|| panic!("no package testdata/{}: {entry:?}", entry.package));
        let peer = peer_for(pkg).unwrap_or_else(|why| panic!("{entry:?}: {why}"));
        assert_eq!(entry.peer, peer.name(), "{entry:?}");
        assert!(
            pkg.dir.join("submissions").join(&entry.submission).exists(),
            "no submission {}: {entry:?}",
            entry.submission
        );
    }
}
