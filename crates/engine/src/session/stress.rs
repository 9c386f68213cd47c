//! The search behind `judge stress`: generated inputs, each judged against
//! the reference's answer (by the problem's checker or interactor when it
//! has one), until a submission fails; then the failure is shrunk by
//! regenerating at smaller sizes.
//!
//! Every input is the generator's file `index` of `seed` at `size`
//! ([`generate_one`]), so each counterexample can be recreated with one
//! `judge gen` command, and the same seed always gives the same run and the
//! same counterexample. Everything runs in order on one thread: a stress
//! run is a search that stops early, not a batch.

use std::path::{Path, PathBuf};

use crate::build::BuildError;
use crate::build::tools::{Need, Tools};
use crate::error::{Error, Result};
use crate::execute::runner::Runner;
use crate::execution::End;
use crate::illustrate::Wanted;
use crate::judging::grader::Grader;
use crate::pass::check::reference::reference_output;
use crate::pass::skeleton::ready_one;
use crate::pass::submission::{Source, Submission};
use crate::problem::Kind;
use crate::problem::{Case, CaseSettings, Problem};
use crate::report::CaseReport;
use crate::session::case_store::{CaseStore, check_group};
use crate::solvers::{draw_seed, generate_one};
use crate::time::limits::Overrides;
use crate::verdict::Verdict;

/// Extra runs allowed for shrinking one counterexample.
pub(crate) const SHRINK_RUNS: usize = 200;
/// Which generated input, and the largest size: one definition with the
/// recipes that name inputs the same way.
pub use crate::problem::recipe::{Draw, MAX_SIZE};

/// An input the submission got wrong.
pub struct Failure {
    pub draw: Draw,
    pub input: String,
    /// The reference's answer to it (empty for an interactive problem).
    pub answer: Vec<u8>,
    pub case: CaseReport,
}

/// What a stress run found.
pub enum Outcome {
    /// Every input was accepted.
    NoDifference,
    /// The first failure and the smallest failing input found from it.
    Found {
        first: Box<Failure>,
        shrunk: Box<Shrunk>,
    },
}

/// What shrinking did.
pub struct Shrunk {
    pub smallest: Failure,
    /// Runs spent shrinking, and how many of them failed.
    pub runs: usize,
    pub failed: usize,
}

/// Why `problem` (no in-crate solver, no `generator:`) cannot give
/// random inputs, and what to add: shared by `gen` and `stress`.
pub fn no_generator(problem: &crate::problem::Problem) -> String {
    format!(
        "{}: no generator: give `generator:` in {} (a program that takes SEED SIZE \
         as arguments and writes one input on its standard output)",
        problem.id,
        problem.dir.join("problem.yaml").display()
    )
}

/// Input `draw` of a problem's generator: the in-crate solver's, or the
/// generator program run as `GENERATOR SEED SIZE` (SEED from
/// [`draw_seed`]), which must write one input and exit 0.
pub fn generate(tools: &Tools, draw: Draw) -> Result<String> {
    let problem = tools.problem;
    if problem.spec.generator.is_none()
        && let Some(solver) = problem.solver()
    {
        return Ok(generate_one(solver, draw.seed, draw.index, draw.size));
    }
    if problem.spec.generator.is_none() {
        return Err(Error::Usage(no_generator(problem)));
    }
    let fail = |why: String| {
        Error::Reference(format!(
            "{}: the generator ({}): {why}",
            problem.id,
            draw.label()
        ))
    };
    let program = tools.generator()?;
    let runner = tools.runner()?;
    let args = vec![
        draw_seed(draw.seed, draw.index).to_string(),
        draw.size.to_string(),
    ];
    let exec = runner.run(
        &program.judge_spec(args, tools.judge_limits()),
        Path::new("/dev/null"),
    );
    match exec.end {
        End::Exited(0) => String::from_utf8(exec.stdout)
            .map_err(|_| fail("wrote bytes that are not UTF-8".into())),
        _ => Err(fail(crate::judging::program::checker_failed(
            &exec,
            "generator",
        ))),
    }
}

/// Runs one generated input through the reference and the submission.
pub struct Tester<'a> {
    pub grader: Grader<'a>,
    /// A private folder for each input and its answer.
    pub work: PathBuf,
}

impl Tester<'_> {
    /// `Ok(None)` when the submission is accepted on `draw`'s input.
    pub(crate) fn try_draw(&self, draw: Draw) -> Result<Option<Failure>> {
        let input = generate(self.grader.tools, draw)?;
        self.try_input(draw, input)
    }

    /// Writes `input`, gets the reference's answer and judges the
    /// submission on them exactly as on a case of the test set (so
    /// checkers and interactors apply).
    fn try_input(&self, draw: Draw, input: String) -> Result<Option<Failure>> {
        let tools = self.grader.tools;
        let input_path = self.work.join("input.in");
        let answer_path = self.work.join("input.ans");
        crate::fsutil::write_atomic(&input_path, input.as_bytes())
            .map_err(Error::io(&input_path, "cannot write"))?;
        let mut case = Case {
            group: String::new(),
            name: draw.label(),
            input: input_path,
            answer: None,
            settings: CaseSettings::default(),
        };
        // An interactor judges from the input (the reference cannot run
        // without one); a plain problem's submissions get the reference's
        // answer. A multi-pass reference cannot run alone either, and
        // `check_for` refused it before anything ran.
        let answer = match tools.problem.spec.kind {
            Kind::Interactive => Ok(Vec::new()),
            Kind::Plain
            | Kind::MultiPass { .. }
            | Kind::InteractiveMultiPass { .. }
            | Kind::SubmitAnswer => reference_output(tools, &case),
        };
        let answer = answer.map_err(|why| {
            Error::Reference(format!(
                "the reference {} fails on generated input ({}): {why}",
                tools.problem.reference_name(),
                draw.label()
            ))
        })?;
        crate::fsutil::write_atomic(&answer_path, &answer)
            .map_err(Error::io(&answer_path, "cannot write"))?;
        case.answer = Some(answer_path);
        let report = self.grader.grade_case(&case);
        // Not a counterexample: the submission could not run, or the
        // checker failed. Either way the search cannot go on.
        if report.verdict == Verdict::JudgeError {
            let why = report.message.unwrap_or_default();
            return Err(Error::Setup(format!(
                "judge error on generated input ({}): {why}",
                draw.label()
            )));
        }
        if report.verdict == Verdict::Accepted {
            return Ok(None);
        }
        Ok(Some(Failure {
            draw,
            input,
            answer,
            case: report,
        }))
    }

    /// Tries `iterations` inputs of `seed`; `tick` is called once per
    /// input (for a progress bar).
    pub fn search(&self, seed: u64, iterations: usize, mut tick: impl FnMut()) -> Result<Outcome> {
        for i in 0..iterations {
            tick();
            if let Some(first) = self.try_draw(Draw::iteration(seed, i))? {
                let shrunk = self.shrink(&first, i + 1)?;
                return Ok(Outcome::Found {
                    first: Box::new(first),
                    shrunk: Box::new(shrunk),
                });
            }
        }
        Ok(Outcome::NoDifference)
    }

    /// Retries sizes 1 up to the failing size with other files of the same
    /// seed, at most [`SHRINK_RUNS`] runs split evenly over the sizes, and
    /// keeps the failing input with the fewest bytes (the first found on
    /// ties). Candidates no smaller than the current best are not even run.
    fn shrink(&self, first: &Failure, iterations_run: usize) -> Result<Shrunk> {
        let seed = first.draw.seed;
        let top = first.draw.size;
        let per_size = (SHRINK_RUNS / top as usize).max(1);
        let mut smallest: Option<Failure> = None;
        let (mut runs, mut failed) = (0, 0);
        for size in 1..=top {
            let mut index = 0;
            let mut candidates = 0;
            while candidates < per_size && runs < SHRINK_RUNS {
                let draw = Draw { seed, index, size };
                index += 1;
                // The main loop already ran this exact input.
                if draw.index < iterations_run && Draw::iteration(seed, draw.index) == draw {
                    continue;
                }
                candidates += 1;
                let input = generate(self.grader.tools, draw)?;
                let best = smallest
                    .as_ref()
                    .map_or(first.input.len(), |s| s.input.len());
                if input.len() >= best {
                    continue;
                }
                runs += 1;
                if let Some(f) = self.try_input(draw, input)? {
                    failed += 1;
                    smallest = Some(f);
                }
            }
        }
        let smallest = match smallest {
            Some(s) => s,
            None => Failure {
                draw: first.draw,
                input: first.input.clone(),
                answer: first.answer.clone(),
                case: first.case.clone(),
            },
        };
        Ok(Shrunk {
            smallest,
            runs,
            failed,
        })
    }
}

/// What `judge stress` is asked to do.
#[derive(Debug, Clone, Copy)]
pub struct Stress<'s> {
    /// The submission to stress.
    pub source: Source<'s>,
    pub seed: u64,
    /// Inputs to try before giving up.
    pub iterations: usize,
    pub overrides: Overrides,
    /// Keep the smallest counterexample as a case of this group.
    pub save: Option<&'s str>,
}

/// What a stress run tells its caller as it goes.
pub enum Event<'e> {
    /// A line about the problem, before the search (a computed time limit).
    Note(&'e str),
    /// The submission is built; the search begins.
    Ready(&'e Submission),
    /// One input tried.
    Tick,
}

/// What a stress run found.
pub enum Stressed {
    /// The submission does not compile: the compiler's output.
    CompileError(String),
    /// Every input was accepted.
    NoDifference,
    /// The first failure, the smallest failing input found from it, and
    /// where it was kept (`--save`: the case, and whether the recipe names
    /// it).
    Found {
        first: Box<Failure>,
        shrunk: Box<Shrunk>,
        saved: Option<(String, bool)>,
    },
}

impl Stress<'_> {
    /// The arguments alone make sense (before any problem is read).
    pub fn check(&self) -> Result<()> {
        if self.iterations == 0 {
            return Err(Error::Usage("--iterations must be at least 1".into()));
        }
        self.save.map_or(Ok(()), check_group)
    }

    /// They make sense for `problem`.
    pub fn check_for(&self, problem: &Problem) -> Result<()> {
        match problem.spec.kind {
            // A submit-answer problem's reference, when it is a program,
            // answers a generated input as a plain one's does.
            Kind::Plain | Kind::SubmitAnswer => Ok(()),
            Kind::Interactive if self.save.is_none() => Ok(()),
            Kind::Interactive => Err(Error::Usage(
                "--save: an interactive problem's cases have no reference answer to keep".into(),
            )),
            kind @ (Kind::MultiPass { .. } | Kind::InteractiveMultiPass { .. }) => {
                Err(Error::Usage(format!(
                    "{}: {}",
                    problem.id,
                    kind.no_answer_alone().unwrap_or_default()
                )))
            }
        }
    }

    /// Stresses the submission on `problem`'s generated inputs: its time
    /// limit settled and its programs built, the submission built, then
    /// the search, and with `save` the smallest counterexample kept
    /// (`recreate` gives the `judge gen` command of a draw, for its row in
    /// `SOURCES.md`).
    pub fn run(
        &self,
        problem: &mut Problem,
        runner: &Runner,
        recreate: impl Fn(Draw) -> String,
        on: &mut dyn FnMut(Event),
    ) -> Result<Stressed> {
        // Inputs live in a private folder outside the sandbox's view; the
        // program reads each one from its standard input.
        let work = scratch("judge-stress-")?;
        let (tools, notes) = ready_one(problem, runner, Need::STRESS)?;
        for note in &notes {
            on(Event::Note(note));
        }
        let problem = tools.problem;
        let built = match Submission::build(runner, problem, self.source, self.overrides) {
            Ok(built) => built,
            Err(BuildError::Setup(msg) | BuildError::Unavailable(msg)) => {
                return Err(Error::Setup(msg));
            }
            Err(BuildError::Compile(log)) => return Ok(Stressed::CompileError(log)),
        };
        on(Event::Ready(&built));
        let tester = Tester {
            // Every input shrinking tries fails: none is drawn.
            grader: built.grader(&tools, runner).with_pictures(Wanted::Never),
            work: work.path().to_path_buf(),
        };
        let Outcome::Found { first, shrunk } =
            tester.search(self.seed, self.iterations, || on(Event::Tick))?
        else {
            return Ok(Stressed::NoDifference);
        };
        let saved = match self.save {
            Some(group) => {
                let best = &shrunk.smallest;
                let subject = self.source.subject();
                Some(CaseStore::new(problem, group, false)?.save(
                    best.draw,
                    &best.input,
                    &best.answer,
                    &subject,
                    &recreate(best.draw),
                )?)
            }
            None => None,
        };
        Ok(Stressed::Found {
            first,
            shrunk,
            saved,
        })
    }
}

/// A private scratch folder for a search's inputs.
pub(crate) fn scratch(prefix: &str) -> Result<tempfile::TempDir> {
    tempfile::Builder::new()
        .prefix(prefix)
        .tempdir()
        .map_err(Error::io(
            std::env::temp_dir(),
            "cannot create a temporary folder",
        ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterations_cycle_through_every_size_from_the_smallest() {
        let sizes: Vec<u32> = (0..12).map(|i| Draw::iteration(7, i).size).collect();
        assert_eq!(sizes, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2]);
        assert_eq!(Draw::iteration(7, 11).index, 11);
    }
}
