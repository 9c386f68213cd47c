//! Grading one case: whatever is graded (a submission, a reference
//! program, an in-crate reference solver) runs on the case's input the
//! problem's way, plain, interactive, multi-pass (alone or talking) or
//! read from a submission of answers, and is judged. The
//! way is chosen here, once per grader, for the reference and the
//! submissions alike; every way gives a `Ran`, of which
//! [`crate::judging::record`] makes the case's record.

use std::path::Path;
use std::time::Duration;

use crate::build::Program;
use crate::build::tools::ToolError;
use crate::build::tools::Tools;
use crate::compare::Outcome;
use crate::execute::case_inputs::{self, CaseProcess, OnCase};
use crate::execute::reference;
use crate::execute::runner::Runner;
use crate::execution::{End, Execution};
use crate::illustrate::{self, Wanted};
use crate::judging::Judging;
use crate::judging::interact;
use crate::judging::multipass;
use crate::judging::program::JudgeProgram;
use crate::judging::record::{self, Ran};
use crate::judging::refused::{self, Cap};
use crate::launcher::ProcSpec;
use crate::problem::Case;
use crate::problem::Kind;
use crate::problem::submissions::ANSWER_EXTENSION;
use crate::report::CaseReport;
use crate::solvers::Solver;
use crate::time::limits::RunLimits;
use crate::verdict::Verdict;

/// One thing graded on the cases of one problem, under its limits.
pub struct Grader<'a> {
    pub(crate) tools: &'a Tools<'a>,
    pub(crate) limits: RunLimits,
    /// The program graded and the runner it runs in; `None` for an
    /// in-crate solver.
    pub(crate) program: Option<(&'a Program, &'a Runner)>,
    /// Each run gets a fresh working folder it may write in (the
    /// package's `allow_file_writing`); otherwise it runs in its
    /// build folder, read-only in the sandbox.
    pub(crate) writable: bool,
    /// Which cases are drawn (failing ones unless asked for every one).
    pub(crate) pictures: Wanted,
    how: How<'a>,
}

/// How a case is run and judged.
enum How<'a> {
    /// Run it, then judge its output.
    Plain(Subject<'a>, Judging<'a>),
    /// Run its process against the interactor (`Err`: why there is none).
    Interactive(ProcSpec, Result<JudgeProgram<'a>, ToolError>),
    /// Run its process pass after pass, the output validator judging each
    /// (`true`: talking to it while it runs).
    MultiPass(ProcSpec, Result<JudgeProgram<'a>, ToolError>, u32, bool),
    /// Nothing runs: the case's output is the submission's answer file for
    /// it (a submit-answer problem), in the folder given.
    Answers(&'a Path, Judging<'a>),
}

/// What runs on a case's input, when it runs alone.
enum Subject<'a> {
    /// An in-crate reference solver, called in-process.
    Solver(&'a dyn Solver),
    /// A program's process in the runner, and what its runtime says when
    /// it runs out of its own heap.
    Process {
        spec: Box<ProcSpec>,
        runner: &'a Runner,
        out_of_memory: &'a [String],
    },
}

impl<'a> Grader<'a> {
    /// A grader of the submission `program`, run by `runner` under
    /// `limits`.
    pub fn submission(
        tools: &'a Tools<'a>,
        runner: &'a Runner,
        program: &'a Program,
        limits: RunLimits,
    ) -> Grader<'a> {
        let mut grader = Grader::of_program(tools, runner, program, program.spec(limits), limits);
        let origin = tools.problem.origin.as_ref();
        grader.writable = origin.is_some_and(|o| o.environment.allow_file_writing);
        grader
    }

    /// A grader of judge's own reference program: as the judge's uid,
    /// under the problem's checker limits (a package's reference is one of
    /// its submissions, and `check` grades it with [`Grader::submission`]).
    pub(crate) fn reference_program(
        tools: &'a Tools<'a>,
        runner: &'a Runner,
        program: &'a Program,
    ) -> Grader<'a> {
        let limits = tools.judge_limits();
        let spec = program.judge_spec(Vec::new(), limits);
        Grader::of_program(tools, runner, program, spec, limits)
    }

    /// A grader of an in-crate reference solver. It has no process to
    /// wire to an interactor or run again, so its output is judged as it
    /// is, whatever the problem's kind.
    pub(crate) fn solver(tools: &'a Tools<'a>, solver: &'a dyn Solver) -> Grader<'a> {
        Grader {
            tools,
            limits: tools.judge_limits(),
            program: None,
            writable: false,
            pictures: Wanted::default(),
            how: How::Plain(Subject::Solver(solver), Judging::new(tools)),
        }
    }

    /// The problem's way for `program`, whose process on a case is `spec`.
    fn of_program(
        tools: &'a Tools<'a>,
        runner: &'a Runner,
        program: &'a Program,
        spec: ProcSpec,
        limits: RunLimits,
    ) -> Grader<'a> {
        let problem = &tools.problem.spec;
        let plain = |spec| {
            let subject = Subject::Process {
                spec: Box::new(spec),
                runner,
                out_of_memory: &program.language.out_of_memory,
            };
            How::Plain(subject, Judging::new(tools))
        };
        let how = match problem.kind {
            Kind::Interactive => How::Interactive(spec, JudgeProgram::new(tools)),
            Kind::MultiPass { passes } => {
                How::MultiPass(spec, JudgeProgram::new(tools), passes, false)
            }
            Kind::InteractiveMultiPass { passes } => {
                How::MultiPass(spec, JudgeProgram::new(tools), passes, true)
            }
            // A program submitted to a submit-answer problem (the format's
            // own example does so) writes its answers as a plain one does.
            Kind::SubmitAnswer => match program.answers_folder() {
                Some(folder) => How::Answers(folder, Judging::new(tools)),
                None => plain(spec),
            },
            Kind::Plain => plain(spec),
        };
        Grader {
            tools,
            limits,
            program: Some((program, runner)),
            writable: false,
            pictures: Wanted::default(),
            how,
        }
    }

    /// The same grader, drawing the cases `wanted` names.
    pub fn with_pictures(self, wanted: Wanted) -> Grader<'a> {
        Grader {
            pictures: wanted,
            ..self
        }
    }

    /// Runs on one case and judges it; a run that failed under an
    /// address-space cap is judged again without it (the rule of
    /// `judging/refused.rs`).
    pub fn grade_case(&self, case: &Case) -> CaseReport {
        let (first, cap) = self.grade_once(case, Cap::Kept);
        match cap.filter(|_| refused::may_explain(first.verdict)) {
            Some(cap) => refused::after_rerun(first, self.grade_once(case, Cap::Lifted).0, cap),
            None => first,
        }
    }

    /// One run on the case, judged, with the address-space cap it ran
    /// under (`None`: none, or a cgroup limited its memory).
    fn grade_once(&self, case: &Case, cap: Cap) -> (CaseReport, Option<u64>) {
        // Only a program run alone can be said to write nothing: against
        // an interactor its output is the conversation, and no answer to
        // draw.
        let mut silent = false;
        let alone = matches!(self.how, How::Plain(..) | How::Answers(..));
        let ran = match &self.how {
            How::Plain(subject, judging) => {
                let exec = match subject.execute(case, &self.limits, self.writable, cap) {
                    Ok(exec) => exec,
                    Err(why) => return (unrunnable(case, why), None),
                };
                silent = exec.stdout.is_empty();
                let outcome = judging.judge_output(case, &exec);
                Ran {
                    exec,
                    outcome,
                    transcript: None,
                }
            }
            How::Interactive(spec, interactor) => match self.for_case(&cap.on(spec), case) {
                Ok(p) => interact::interact(interactor.as_ref(), &p.spec, case),
                Err(why) => return (unrunnable(case, why), None),
            },
            How::MultiPass(spec, validator, passes, talking) => {
                match self.for_case(&cap.on(spec), case) {
                    Ok(p) => {
                        let subject = match talking {
                            true => multipass::Subject::Talking(&p.spec),
                            false => multipass::Subject::Alone(&p.spec),
                        };
                        multipass::passes(validator.as_ref(), subject, case, *passes)
                    }
                    Err(why) => return (unrunnable(case, why), None),
                }
            }
            How::Answers(folder, judging) => {
                let (exec, outcome) = match answer_of(folder, case) {
                    Ok(exec) => {
                        let outcome = judging.judge_output(case, &exec);
                        (exec, outcome)
                    }
                    Err(why) => (
                        Execution::finished(Vec::new(), Duration::ZERO),
                        Outcome::new(Verdict::WrongAnswer, why),
                    ),
                };
                silent = exec.stdout.is_empty();
                Ran {
                    exec,
                    outcome,
                    transcript: None,
                }
            }
        };
        let held = ran.exec.address_space;
        let judged = illustrate::Judged {
            problem: self.tools.problem,
            case,
            verdict: ran.outcome.verdict,
            received: alone.then_some(ran.exec.stdout.as_slice()),
            tools: Some(self.tools),
        };
        let pictures = illustrate::pictures(&judged, self.pictures);
        let mut report = record::of_run(case, ran);
        report.pictures = pictures;
        report.no_output = silent
            && matches!(
                report.verdict,
                crate::verdict::Verdict::WrongAnswer | crate::verdict::Verdict::PresentationError
            );
        (report, held)
    }

    /// The process `spec` on `case`: with the case's arguments and files
    /// (see [`case_inputs`]).
    fn for_case<'s>(
        &self,
        spec: &'s ProcSpec,
        case: &Case,
    ) -> Result<CaseProcess<'s>, case_inputs::FilesError> {
        let runner = self.program.map(|(_, r)| r);
        let runner = runner.expect("a process is graded with its runner");
        on_case(runner, spec, case, self.writable)
    }
}

/// The process `spec` on `case` (see [`case_inputs`]): with the case's
/// arguments and files, in a folder of its own when it may write.
fn on_case<'s>(
    runner: &Runner,
    spec: &'s ProcSpec,
    case: &Case,
    writable: bool,
) -> Result<CaseProcess<'s>, case_inputs::FilesError> {
    let files = case.files();
    let on = OnCase {
        args: &case.settings.args,
        files: files.as_deref(),
        writable,
    };
    case_inputs::prepare(runner, spec, &on)
}

/// A case that could not be run as the package asks: a judge error.
fn unrunnable(case: &Case, why: case_inputs::FilesError) -> CaseReport {
    let outcome =
        crate::compare::Outcome::new(crate::verdict::Verdict::JudgeError, why.to_string());
    record::judged(case, std::time::Duration::ZERO, outcome)
}

impl Subject<'_> {
    /// Runs on `case` under `limits` (a process in the sandbox when the
    /// runner has one, with the case's arguments and files).
    fn execute(
        &self,
        case: &Case,
        limits: &RunLimits,
        writable: bool,
        cap: Cap,
    ) -> Result<Execution, case_inputs::FilesError> {
        let input = case.input.as_path();
        let (spec, runner, out_of_memory) = match self {
            Subject::Solver(solver) => return Ok(reference::run_file(*solver, input)),
            Subject::Process {
                spec,
                runner,
                out_of_memory,
            } => (spec, runner, out_of_memory),
        };
        let spec = cap.on(spec);
        let on_case = on_case(runner, &spec, case, writable)?;
        let spec = on_case.spec.as_ref();
        let mut exec = runner.run(spec, input);
        if let Some(wall) = crate::time::limits::rerun_wall(&exec, limits) {
            let mut again = spec.clone();
            again.limits.wall = wall;
            exec = runner.run(&again, input);
        }
        // A runtime that ran out of its own heap inside the limit (a JVM at
        // -Xmx) exits by itself, saying so: that is the memory limit too.
        let failed =
            matches!(exec.end, End::Signaled(_)) || matches!(exec.end, End::Exited(c) if c != 0);
        if failed && !out_of_memory.is_empty() {
            let said = String::from_utf8_lossy(&exec.stderr_tail);
            if out_of_memory.iter().any(|m| said.contains(m.as_str())) {
                exec.end = End::MemoryExceeded {
                    limit: limits.memory,
                };
            }
        }
        Ok(exec)
    }
}

/// The answer a submission of answers (the folder `folder`) gives to
/// `case`: its file named as the case's input is below a package's
/// `data/` (`secret/01.out`: the package crate's `data_folder`, so the
/// same folder serves the package judged in place and imported), as if a
/// program had written it in no time. `Err` says there is none (judged
/// WA: nothing was submitted for the case).
fn answer_of(folder: &Path, case: &Case) -> Result<Execution, String> {
    let name =
        crate::package::data_folder(&case.group).join(format!("{}.{ANSWER_EXTENSION}", case.name));
    match std::fs::read(folder.join(&name)) {
        Ok(bytes) => Ok(Execution::finished(bytes, Duration::ZERO)),
        Err(e) => Err(format!(
            "the submission holds no answer {}: {e}",
            name.display()
        )),
    }
}

/// Grades `cases` in case order, `batch` at a time in parallel, up to the
/// first failing one (unless `every_case`): a slow submission costs one
/// time-out, not one per case. The cases after the first failure in its
/// batch are dropped, so what is reported does not depend on the batch
/// size, as if the cases were judged one by one.
pub(crate) fn in_order(
    cases: &[Case],
    batch: usize,
    every_case: bool,
    grade: impl Fn(&Case) -> CaseReport + Sync,
) -> Vec<CaseReport> {
    in_order_until(cases, batch, |r| !every_case && !r.verdict.is_pass(), grade)
}

/// Grades `cases` in case order, `batch` at a time in parallel, until
/// `decided` (shown each result in case order) says no later case can
/// change what is being decided; the cases after that one that had
/// started are dropped, as in [`in_order`].
///
/// The cases go to `batch` lanes one at a time, each lane taking the next
/// case as soon as its last one ends: no lane waits for the slowest case
/// of a batch (a JVM start that takes twice another's), and at most
/// `batch - 1` cases run past the deciding one, as a batch would.
pub(crate) fn in_order_until(
    cases: &[Case],
    batch: usize,
    decided: impl FnMut(&CaseReport) -> bool + Send,
    grade: impl Fn(&Case) -> CaseReport + Sync,
) -> Vec<CaseReport> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let lanes = batch.max(1).min(cases.len());
    let next = AtomicUsize::new(0);
    // No case past this index starts: the deciding one, once known.
    let last = AtomicUsize::new(usize::MAX);
    let order = std::sync::Mutex::new(InOrder {
        done: Vec::new(),
        waiting: std::collections::BTreeMap::new(),
        decided,
        stopped: false,
    });
    let lane = || {
        loop {
            let i = next.fetch_add(1, Ordering::SeqCst);
            if i >= cases.len() || i > last.load(Ordering::SeqCst) {
                return;
            }
            let result = grade(&cases[i]);
            let mut order = order.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(deciding) = order.take(i, result) {
                last.store(deciding, Ordering::SeqCst);
            }
        }
    };
    rayon::scope(|s| {
        for _ in 1..lanes {
            s.spawn(|_| lane());
        }
        lane();
    });
    order.into_inner().unwrap_or_else(|e| e.into_inner()).done
}

/// The results of [`in_order_until`] put back in case order, shown to
/// `decided` in that order.
struct InOrder<D> {
    done: Vec<CaseReport>,
    waiting: std::collections::BTreeMap<usize, CaseReport>,
    decided: D,
    stopped: bool,
}

impl<D: FnMut(&CaseReport) -> bool> InOrder<D> {
    /// Takes case `i`'s result; the index of the deciding case when it
    /// has just become known.
    fn take(&mut self, i: usize, result: CaseReport) -> Option<usize> {
        if self.stopped {
            return None;
        }
        self.waiting.insert(i, result);
        while let Some(result) = self.waiting.remove(&self.done.len()) {
            let stop = (self.decided)(&result);
            self.done.push(result);
            if stop {
                self.stopped = true;
                self.waiting.clear();
                return Some(self.done.len() - 1);
            }
        }
        None
    }
}

#[cfg(test)]
mod in_order_tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    fn cases(n: usize) -> Vec<Case> {
        (0..n)
            .map(|i| Case {
                group: "secret".into(),
                name: format!("{i:02}"),
                input: std::path::PathBuf::from("x.in"),
                answer: None,
                settings: Default::default(),
            })
            .collect()
    }

    /// A result for case `c`: failing where `fails` names it; cases take
    /// uneven times, so lanes finish out of order.
    fn grade(c: &Case, fails: &[usize], started: &AtomicUsize) -> CaseReport {
        started.fetch_add(1, Ordering::SeqCst);
        let i: usize = c.name.parse().unwrap();
        std::thread::sleep(Duration::from_millis([7, 1, 4, 2, 9, 3][i % 6]));
        let verdict = match fails.contains(&i) {
            true => Verdict::WrongAnswer,
            false => Verdict::Accepted,
        };
        let exec = crate::execution::Execution::finished(Vec::new(), Duration::ZERO);
        CaseReport::new(
            &c.group,
            &c.name,
            &exec,
            crate::compare::Outcome::new(verdict, ""),
        )
    }

    #[test]
    fn results_come_back_in_case_order_up_to_the_deciding_one() {
        let all = cases(20);
        for lanes in [1, 2, 3, 8] {
            let started = AtomicUsize::new(0);
            let mut seen = Vec::new();
            let done = in_order_until(
                &all,
                lanes,
                |r| {
                    seen.push(r.name.clone());
                    !r.verdict.is_pass()
                },
                |c| grade(c, &[11, 5], &started),
            );
            let names: Vec<String> = done.iter().map(|r| r.name.clone()).collect();
            let want: Vec<String> = (0..=5).map(|i| format!("{i:02}")).collect();
            assert_eq!(names, want, "{lanes} lanes");
            assert_eq!(
                seen, want,
                "decided sees the cases in order ({lanes} lanes)"
            );
            // At most one case per other lane runs past the deciding one.
            let ran = started.load(Ordering::SeqCst);
            assert!(ran < 6 + lanes, "{lanes} lanes ran {ran} cases");
        }
    }

    #[test]
    fn with_nothing_deciding_every_case_is_judged_once() {
        let all = cases(13);
        let started = AtomicUsize::new(0);
        let done = in_order_until(&all, 3, |_| false, |c| grade(c, &[2], &started));
        assert_eq!(done.len(), 13);
        assert_eq!(started.load(Ordering::SeqCst), 13);
        assert!(
            done.iter()
                .enumerate()
                .all(|(i, r)| r.name == format!("{i:02}"))
        );
        assert!(in_order_until(&[], 2, |_| true, |c| grade(c, &[], &started)).is_empty());
    }
}
