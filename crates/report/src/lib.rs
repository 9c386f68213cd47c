//! Report stage: the final record of a run and its renderings.
//!
//! [`Report`] is data: the engine fills it from the outcomes, and what
//! went wrong is kept as values (a case's [`Stop`], a submission's
//! [`PromiseFault`]s) beside the words made from them. A merge joins the
//! reports of shards ([`merge`]; the engine scores the merged problems
//! again: scores are computed only there). Each output format is a pure
//! function of a report (YAML, HTML, terminal, JUnit), which keeps every
//! format testable on its own and guarantees they all tell the same
//! story.
//!
//! May depend on: `judge-problem` (the problem, verdicts, compare modes),
//! `judge-sandbox` (the `Execution` record), `judge-fs`, `judge-solver`
//! (bounds) and `judge-text`. Never on the engine: the engine fills these
//! records, the renderers here only read them, and neither reaches back.

// The layers below, under the names the code uses.
pub(crate) use judge_fs as fsutil;
pub(crate) use judge_problem::{compare, diff, problem, shard, verdict};
pub(crate) use judge_sandbox::execution;
pub(crate) use judge_solver as solvers;
pub(crate) use judge_text::{located, units};

pub mod changes;
pub mod console;
pub mod console_failures;
mod console_submissions;
pub mod error;
mod excerpt;
pub mod headline;
pub mod html;
mod html_banner;
mod html_bits;
mod html_cases;
mod html_catches;
pub(crate) mod html_chart;
mod html_failure;
mod html_notes;
mod html_promises;
mod html_timings;
pub mod index;
pub mod junit;
pub mod merge;
mod meta;
pub mod notes;
pub mod picture;
mod promise;
pub mod rules;
mod style;
mod submission;
pub mod timings;
pub mod yaml;

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::compare::{CheckerScore, CompareMode, Outcome};
use crate::execution::Execution;
use crate::problem::groups::ScoringRules;
use crate::solvers::bounds::BoundReach;
use crate::verdict::Verdict;
pub use excerpt::InputExcerpt;
pub use judge_problem::stop::Stop;
pub use meta::{Interrupted, Meta, RunKind};
pub use picture::Picture;
pub use promise::{Borderline, LimitGap, PromiseFault, ScoreRange};
pub use submission::{Catch, Fate, SubmissionReport};

/// What a run concluded, and so the process exit code. One rule for every
/// command: problem folders that did not load (configuration errors) come
/// first, then any failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Everything passed (exit 0).
    Passed,
    /// Some case or submission failed (exit 1).
    Failed,
    /// Configuration errors, reported after doing all the work that could
    /// be done (exit 2).
    ConfigError,
}

impl Status {
    /// The order of the statuses, in one place: configuration errors
    /// (exit 2) before failures (exit 1) before passing. Every command
    /// that counts its own errors and failures (regen, timelimit, list)
    /// and every report decide their status here.
    pub fn from_counts(errors: usize, failures: usize) -> Status {
        if errors > 0 {
            Status::ConfigError
        } else if failures > 0 {
            Status::Failed
        } else {
            Status::Passed
        }
    }

    /// The rule for a report, from the counts its summary keeps (the
    /// index of reports applies it to reports it reads only in part).
    pub fn of(summary: &Summary, load_errors: usize) -> Status {
        let failures = summary.failed + summary.issues + summary.submissions_failed;
        Status::from_counts(load_errors, failures)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub meta: Meta,
    pub summary: Summary,
    /// Problems that could not be loaded, one message each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<String>,
    pub problems: Vec<ProblemReport>,
    /// Expected-verdict submissions graded by `check` (read as judge
    /// writes them now, whatever version wrote them).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "submission::read_all"
    )]
    pub submissions: Vec<SubmissionReport>,
    /// Where the run's time went; none in a merged report or one written
    /// before judge kept them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timings: Option<timings::Timings>,
}

/// The totals of a report. The headline figures here are written by
/// [`headline::Headline`] (their one owner) for a script that reads only
/// the summary; judge itself counts them again from the records.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Problems judged (with a record in `problems`).
    #[serde(default)]
    pub problems: usize,
    /// Configuration errors (`errors`): problems refused.
    #[serde(default)]
    pub refused: usize,
    pub cases: usize,
    pub passed: usize,
    pub failed: usize,
    /// Count per verdict, only verdicts that occurred.
    pub verdicts: BTreeMap<Verdict, usize>,
    /// Test-set faults outside any case (see [`ProblemReport::issues`]).
    #[serde(default)]
    pub issues: usize,
    /// Expected-verdict submissions that kept their promise.
    #[serde(default)]
    pub submissions_kept: usize,
    /// Expected-verdict submissions that did not get their verdict (broke
    /// their promise).
    #[serde(default)]
    pub submissions_failed: usize,
    /// Submissions that promised nothing (judged and shown only).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub submissions_unpromised: usize,
    /// Submissions that did not run (no toolchain here), neither kept nor
    /// broken; each says why under `skipped:`.
    #[serde(default)]
    pub submissions_skipped: usize,
    /// How many did not run for each reason, its asides (file, line)
    /// left out ([`headline::reason_kind`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub skipped_because: BTreeMap<String, usize>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProblemReport {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub source: String,
    pub compare: CompareMode,
    /// What ran: a solver id for `check`, a submission for `grade`.
    pub subject: String,
    /// How outputs are judged when not by `compare`: an in-crate checker,
    /// a checker program (ICPC or testlib), an interactor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checker: Option<String>,
    /// The score of a scoring problem, and the most it could be.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_score: Option<f64>,
    /// The rules the score was made by (so merged shards are scored alike).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<ScoringRules>,
    pub passed: usize,
    pub failed: usize,
    /// The sum of the cases' wall times (a measure of work, not of how
    /// long the run took: cases run in parallel).
    pub time_ms: f64,
    /// From the first of its cases starting to the last one finishing:
    /// how long this problem took on the clock (JUnit's suite time).
    #[serde(default)]
    pub wall_ms: f64,
    /// The limits a submission runs under: `grade`'s effective ones, the
    /// problem's own for `check` (what its time chart is drawn against).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limits: Option<LimitsReport>,
    /// `grade`: the submission's language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// Faults of the test set that belong to no single case (stray files,
    /// duplicate inputs, answers without inputs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub issues: Vec<String>,
    /// Compiler output when the submission did not compile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub build_log: Option<String>,
    /// `validate`: how far the cases go for each bound of the statement.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bounds: Vec<BoundReach>,
    /// `validate`: the input format's rules and the invalid inputs that
    /// break each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<rules::RuleCheck>,
    /// `validate`: how many invalid inputs declare the rule they break.
    #[serde(default, skip_serializing_if = "is_default")]
    pub declared: rules::Declared,
    pub cases: Vec<CaseReport>,
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CaseReport {
    pub group: String,
    pub name: String,
    pub verdict: Verdict,
    pub time_ms: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_ms: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_kib: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diff: Option<String>,
    /// Tail of standard error, for run-time errors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr: Option<String>,
    /// The checker's score for the case (scoring problems).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checker_score: Option<CheckerScore>,
    /// Interactive problems, failed cases: the start of the conversation
    /// (`> ` what the submission wrote, `< ` what it was sent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interaction: Option<String>,
    /// Taken from the result cache, not run this time (its times are
    /// those of the run that stored it).
    #[serde(default, skip_serializing_if = "is_false")]
    pub reused: bool,
    /// Failing cases: where the input is and how it starts, so a reader
    /// can see what the program was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<InputExcerpt>,
    /// A wrong answer that was no output at all (a program run alone,
    /// not against an interactor): DOMjudge's NO-OUTPUT.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_output: bool,
    /// How its run ended, when it ended badly (the limit that stopped it
    /// and the figures, the signal, the exit code): what `message` says
    /// in words, as data.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop: Option<Stop>,
    /// Failing cases (and every case with `--pictures`): the input, the
    /// expected and the received output drawn, where judge or the package
    /// can draw them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pictures: Vec<Picture>,
}

/// The verdict limits of a problem, as reported.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct LimitsReport {
    /// CPU time that decides TLE.
    pub time_ms: f64,
    /// Peak memory that decides MLE.
    pub memory_kib: u64,
    pub output_kib: u64,
}

impl LimitsReport {
    /// From a CPU time and byte counts.
    pub fn new(time: Duration, memory: u64, output: u64) -> Self {
        LimitsReport {
            time_ms: millis(time),
            memory_kib: memory / 1024,
            output_kib: output / 1024,
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl CaseReport {
    /// The time the verdict was decided on: CPU time, or the wall clock
    /// where no CPU time was measured.
    pub fn cpu_or_wall_ms(&self) -> f64 {
        self.cpu_ms.unwrap_or(self.time_ms)
    }

    /// `group/name`.
    pub fn id(&self) -> String {
        if self.group.is_empty() {
            self.name.clone()
        } else {
            format!("{}/{}", self.group, self.name)
        }
    }

    /// Combines the execute and compare stages' records for one case.
    pub fn new(group: &str, name: &str, exec: &Execution, outcome: Outcome) -> Self {
        let stderr = (outcome.verdict == Verdict::RuntimeError && !exec.stderr_tail.is_empty())
            .then(|| String::from_utf8_lossy(&exec.stderr_tail).into_owned());
        CaseReport {
            group: group.to_string(),
            name: name.to_string(),
            verdict: outcome.verdict,
            time_ms: millis(exec.wall),
            cpu_ms: exec.cpu.map(millis),
            memory_kib: exec.memory.map(|b| b / 1024),
            message: outcome.message,
            diff: outcome.diff,
            stderr,
            checker_score: outcome.score,
            interaction: None,
            reused: false,
            input: None,
            no_output: false,
            stop: outcome.stop,
            pictures: Vec::new(),
        }
    }

    /// Adds the input excerpt when the case failed (passing cases need
    /// none, which keeps a 10,000-case report small).
    pub fn note_input(&mut self, path: &Path) {
        if !self.verdict.is_pass() && self.verdict != Verdict::CompileError {
            self.input = InputExcerpt::read(path);
        }
    }
}

/// A score without trailing zeros (30, 12.5, 33.333333).
pub use judge_text::units::format_number as number;

/// Milliseconds rounded to microseconds: enough precision, stable YAML.
pub fn millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

impl ProblemReport {
    /// How long the problem took on the clock: its wall span, or for
    /// reports written before spans were kept, the sum of its cases.
    pub fn clock_ms(&self) -> f64 {
        if self.wall_ms > 0.0 {
            self.wall_ms
        } else {
            self.time_ms
        }
    }

    /// The same problem with other cases (e.g. the union of shards), totals
    /// recomputed. The score is left as it was: scores are computed in one
    /// place (the engine's `score` module), and a caller that changes the
    /// cases that count scores them again there.
    pub fn with_cases(self, cases: Vec<CaseReport>) -> Self {
        let mut p = ProblemReport::new(
            &self.id,
            &self.name,
            &self.source,
            self.compare,
            &self.subject,
            cases,
        );
        p.issues = self.issues;
        p.build_log = self.build_log;
        p.bounds = self.bounds;
        p.rules = self.rules;
        p.declared = self.declared;
        p.checker = self.checker;
        p.scoring = self.scoring;
        p.limits = self.limits;
        p.language = self.language;
        p.wall_ms = self.wall_ms;
        p.score = self.score;
        p.max_score = self.max_score;
        p
    }

    /// Totals are derived here so they can never disagree with the cases.
    pub fn new(
        id: &str,
        name: &str,
        source: &str,
        compare: CompareMode,
        subject: &str,
        cases: Vec<CaseReport>,
    ) -> Self {
        let passed = cases.iter().filter(|c| c.verdict.is_pass()).count();
        let time_ms = (cases.iter().map(|c| c.time_ms).sum::<f64>() * 1e3).round() / 1e3;
        ProblemReport {
            id: id.into(),
            name: name.into(),
            source: source.into(),
            compare,
            subject: subject.into(),
            passed,
            failed: cases.len() - passed,
            time_ms,
            wall_ms: 0.0,
            limits: None,
            language: None,
            issues: Vec::new(),
            build_log: None,
            bounds: Vec::new(),
            rules: Vec::new(),
            declared: rules::Declared::default(),
            checker: None,
            score: None,
            max_score: None,
            scoring: None,
            cases,
        }
    }
}

impl Report {
    pub fn new(meta: Meta, problems: Vec<ProblemReport>, errors: Vec<String>) -> Self {
        let mut verdicts = BTreeMap::new();
        for case in problems.iter().flat_map(|p| &p.cases) {
            *verdicts.entry(case.verdict).or_insert(0) += 1;
        }
        let passed = problems.iter().map(|p| p.passed).sum();
        let mut report = Report {
            meta,
            summary: Summary {
                passed,
                verdicts,
                ..Summary::default()
            },
            errors,
            problems,
            submissions: Vec::new(),
            timings: None,
        };
        report.count();
        report
    }

    /// Copies the headline figures into the summary (see
    /// [`headline::Headline`], their owner).
    fn count(&mut self) {
        let h = headline::Headline::of(self);
        let s = &mut self.summary;
        s.problems = h.problems;
        s.refused = h.refused;
        s.cases = h.cases;
        s.failed = h.cases_failed;
        s.issues = h.issues;
        s.submissions_kept = h.kept;
        s.submissions_failed = h.broken;
        s.submissions_unpromised = h.unpromised;
        s.submissions_skipped = h.could_not_run();
        s.skipped_because = h.not_run.into_iter().collect();
    }

    /// True when every case passed, every problem loaded and the test set
    /// has no faults outside its cases.
    pub(crate) fn all_passed(&self) -> bool {
        self.status() == Status::Passed
    }

    /// The exit status this report stands for (see [`Status`]). An
    /// unfinished report (`Meta::interrupted`) never passes: the cases of
    /// the problems it lacks were not all run.
    pub fn status(&self) -> Status {
        match Status::of(&self.summary, self.errors.len()) {
            Status::Passed if self.meta.interrupted.is_some() => Status::Failed,
            status => status,
        }
    }

    /// Adds the expected-verdict submission results.
    pub fn with_submissions(mut self, submissions: Vec<SubmissionReport>) -> Self {
        self.submissions = submissions;
        self.count();
        self
    }

    /// Every picture of the report: its problems' cases' and its
    /// submissions' deciding cases'.
    pub fn pictures(&self) -> impl Iterator<Item = &Picture> {
        let cases = self.problems.iter().flat_map(|p| &p.cases);
        let deciding = self
            .submissions
            .iter()
            .filter_map(|s| s.deciding_case.as_deref());
        cases.chain(deciding).flat_map(|c| &c.pictures)
    }

    /// Writes `report.yaml` and `report.html` into `dir` (created if
    /// needed) and the JUnit XML to `junit` when given, each atomically.
    pub fn write_to(&self, dir: &Path, junit: Option<&Path>) -> crate::error::Result<()> {
        use crate::error::Error;
        std::fs::create_dir_all(dir).map_err(Error::io(dir, "cannot create the report folder"))?;
        let yaml = yaml::render(self).map_err(|e| {
            Error::io(dir.join("report.yaml"), "cannot render")(std::io::Error::other(e))
        })?;
        let write = |path: &Path, bytes: &[u8]| {
            crate::fsutil::write_atomic(path, bytes).map_err(Error::io(path, "cannot write"))
        };
        for picture in self.pictures() {
            let path = dir.join(&picture.file);
            picture
                .write_into(dir)
                .map_err(Error::io(path, "cannot write"))?;
        }
        write(&dir.join("report.yaml"), yaml.as_bytes())?;
        write(&dir.join("report.html"), html::render(self).as_bytes())?;
        if let Some(path) = junit {
            write(path, junit::render(self).as_bytes())?;
        }
        Ok(())
    }
}
