//! Grading with the result cache: a case whose result a rerun would give
//! again is taken from [`Cache`] instead of run. Used where the same
//! programs meet the same cases run after run (`check`'s reference program
//! and expected-verdict submissions, `judge grade`, measuring the
//! submissions of a package that leaves its time limit open), never where
//! timings are the point (`judge timelimit`'s calibration).
//!
//! It stands in front of a [`Grader`] and knows it only from outside: the
//! grader never calls back here.

use std::path::{Path, PathBuf};

use crate::build::Program;
use crate::build::tools::ProgramRole;
use crate::cache::{Cache, portable, reusable, stands_in_this_run};
use crate::illustrate;
use crate::judging::grader::Grader;
use crate::problem::Case;
use crate::report::{CaseReport, Picture};
use crate::time::limits::RunLimits;

/// A grader with the result cache in front of it.
pub struct CachedGrader<'a> {
    pub(crate) grader: Grader<'a>,
    /// `None` without a cache, for an in-crate solver, or when a program
    /// cannot be read for its key: then every case runs.
    reuse: Option<Reuse<'a>>,
}

impl<'a> CachedGrader<'a> {
    /// `grader` through its runner's cache, if the run has one.
    pub fn new(grader: Grader<'a>) -> CachedGrader<'a> {
        let reuse = Reuse::new(&grader);
        CachedGrader { grader, reuse }
    }

    /// `check`'s grader of the reference program, from the cache like a
    /// submission's: with the same program, case and judging it confirms
    /// the answer again, and on a warm `check` these runs were most of
    /// the time left. Keyed apart from the same program graded as a
    /// submission.
    pub(crate) fn reference(grader: Grader<'a>) -> CachedGrader<'a> {
        let reuse = Reuse::new(&grader).map(|reuse| {
            let mut key = reuse.cache.key("reference");
            key.part("base", reuse.base.as_bytes());
            Reuse {
                base: key.finish(),
                ..reuse
            }
        });
        CachedGrader { grader, reuse }
    }

    /// Grades `case`, from the cache when it holds a sound result; a
    /// fresh result that qualifies ([`reusable`]) is stored.
    pub fn grade_case(&self, case: &Case) -> CaseReport {
        let grader: &Grader = &self.grader;
        let run = || grader.grade_case(case);
        let again = |kept: &mut CaseReport| pictures_again(grader, case, kept);
        cached(self.reuse.as_ref(), &grader.limits, case, run, again)
    }
}

/// The part of every result key that is the same for all cases of one
/// graded program: judge, sandbox, program, limits, how outputs are judged.
struct Reuse<'c> {
    cache: &'c Cache,
    base: String,
}

impl<'c> Reuse<'c> {
    /// `None` for a grader without a program or a runner without a cache,
    /// or when the program or a problem program cannot be read for its key
    /// (then nothing is cached).
    fn new(grader: &Grader<'c>) -> Option<Reuse<'c>> {
        let (program, runner) = grader.program?;
        let cache = runner.cache()?;
        let mut key = cache.key("result");
        key.part("sandbox", &[runner.sandboxed() as u8]);
        key.part("program", program_key(cache, program)?.as_bytes());
        // A run that may write files can end otherwise than one that may
        // not (older keys stay as they were).
        if grader.writable {
            key.part("writable", b"1");
        }
        // Every limit but the times: whether a kept result stands under
        // this run's times is [`reusable`]'s question, asked when it is
        // fetched. So an accepted run measured for a computed time limit
        // (under a generous probe) is the verdict under the limit it gave,
        // and a borderline re-run with extra time takes the cases that were
        // far from the limit from the first run.
        let timeless = RunLimits {
            cpu: std::time::Duration::ZERO,
            wall: std::time::Duration::ZERO,
            ..grader.limits
        };
        key.part("limits", format!("{timeless:?}").as_bytes());
        let spec = &grader.tools.problem.spec;
        let judging = format!(
            "{:?} {:?} {} {:?} {:?}",
            spec.checker, spec.compare, spec.tolerance, spec.kind, spec.scoring
        );
        key.part("judging", judging.as_bytes());
        if spec.checker.as_ref().is_some_and(|c| c.program.is_some()) {
            let checker = grader.tools.checker().ok()?;
            key.part("checker", program_key(cache, checker)?.as_bytes());
            for (_, more) in grader.tools.more_checkers().ok()? {
                key.part("checker", program_key(cache, more)?.as_bytes());
            }
        }
        // A kept result keeps the pictures the package's visualizers drew
        // (built here once for the run; one that does not build adds
        // nothing, and a fixed one then changes the key).
        let visualizers = grader.tools.problem.origin.as_ref().map(|o| &o.visualizers);
        if visualizers.is_some_and(|v| v.any()) {
            for role in [ProgramRole::InputVisualizer, ProgramRole::OutputVisualizer] {
                if let Ok(visualizer) = grader.tools.visualizer(role) {
                    key.part("visualizer", program_key(cache, visualizer)?.as_bytes());
                }
            }
        }
        Some(Reuse {
            cache,
            base: key.finish(),
        })
    }

    /// The key of `case`'s result: its input and answer bytes and its
    /// group settings, under the base.
    fn key(&self, case: &Case) -> Option<String> {
        let mut key = self.cache.key("case");
        key.part("base", self.base.as_bytes());
        key.part("input", self.cache.file_digest(&case.input)?.as_bytes());
        let answer = case
            .answer
            .as_deref()
            .and_then(|a| self.cache.file_digest(a));
        key.part("answer", answer.unwrap_or_default().as_bytes());
        key.part("settings", format!("{:?}", case.settings).as_bytes());
        // Its `.files` are its input as much as the `.in` is.
        if let Some(files) = case.files() {
            key.tree("files", &files)?;
        }
        Some(key.finish())
    }
}

/// What identifies a built program: its language, its command (run
/// folder as `<dir>`), every file of its folder (sources and binary), and
/// what runs it when that lies outside the folder (an interpreter's
/// `--version`; for a `--cmd` program, the bytes of the file, since
/// asking an unknown program for `--version` would run it unsandboxed).
pub(crate) fn program_key(cache: &Cache, program: &Program) -> Option<String> {
    // A build folder is never reused within a run: its path names it.
    let what = format!("program\0{}\0{:?}", program.dir.display(), program.argv);
    cache.memo(what, || program_key_of(cache, program))
}

fn program_key_of(cache: &Cache, program: &Program) -> Option<String> {
    let mut key = cache.key("program");
    key.part("language", program.language.id.as_bytes());
    key.part("env", program.env.join("\0").as_bytes());
    key.part("argv", portable(&program.argv, &program.dir).as_bytes());
    let first = program.argv.first()?;
    if !first.starts_with(&program.dir.display().to_string()) {
        // A toolchain's runtime is known by its version; an unknown program
        // by its bytes (asking it for `--version` would run it unsandboxed).
        let runs_it = match program.language.from_table() {
            true => cache.tool_identity(first),
            false => cache.file_digest(std::path::Path::new(first))?,
        };
        key.part("runs it", runs_it.as_bytes());
    }
    key.tree("file", &program.dir)?;
    Some(key.finish())
}

/// `run`'s result for `case`, from the cache when it holds a sound one
/// under `reuse`'s key (its pictures restored, then made what this run
/// wants by `again`); a fresh one that qualifies is stored, its pictures'
/// images with it.
fn cached(
    reuse: Option<&Reuse>,
    limits: &RunLimits,
    case: &Case,
    run: impl FnOnce() -> CaseReport,
    again: impl FnOnce(&mut CaseReport),
) -> CaseReport {
    let Some((reuse, key)) = reuse.and_then(|r| Some((r, r.key(case)?))) else {
        return run();
    };
    let kept = (reuse.cache.fetch_result(&key))
        .filter(|kept| reusable(kept, limits))
        .or_else(|| (reuse.cache).fresh_result(&key, |fresh| stands_in_this_run(fresh, limits)));
    if let Some(mut kept) = kept {
        // The same bytes may sit under another name now.
        kept.group = case.group.clone();
        kept.name = case.name.clone();
        kept.reused = true;
        restore_pictures(reuse.cache.root(), &mut kept.pictures);
        again(&mut kept);
        return kept;
    }
    let fresh = run();
    if reusable(&fresh, limits) {
        keep_pictures(reuse.cache.root(), &fresh.pictures);
        reuse.cache.store_result(&key, &fresh);
    }
    reuse.cache.remember_fresh(&key, &fresh);
    fresh
}

/// Where the cache in `root` keeps the image of `picture` (its file name
/// is its content's hash); `None` for a name that is not one judge gives.
fn picture_file(root: &Path, picture: &Picture) -> Option<PathBuf> {
    let name = picture.file.strip_prefix("pictures/")?;
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '.';
    (name.chars().all(plain) && !name.starts_with('.')).then(|| root.join("pictures").join(name))
}

/// Keeps the images of a stored result's pictures beside it: the YAML
/// holds only their names.
fn keep_pictures(root: &Path, pictures: &[Picture]) {
    for p in pictures {
        if let (Some(path), Some(bytes)) = (picture_file(root, p), &p.bytes)
            && !path.exists()
        {
            let _ = std::fs::create_dir_all(root.join("pictures"));
            let _ = std::fs::write(path, bytes);
        }
    }
}

/// Gives a reused result's pictures their images back; a picture whose
/// image is gone is dropped (and drawn again where it can be).
fn restore_pictures(root: &Path, pictures: &mut Vec<Picture>) {
    pictures.retain_mut(|p| {
        if p.bytes.is_none() {
            let read = picture_file(root, p).and_then(|path| std::fs::read(path).ok());
            p.bytes = read.map(Into::into);
        }
        p.bytes.is_some()
    });
}

/// A reused result's pictures as this run wants them: none where none are
/// wanted, else those it kept, else drawn anew from the case's files (the
/// received output went with the run that stored the result).
fn pictures_again(grader: &Grader, case: &Case, kept: &mut CaseReport) {
    if !grader.pictures.wants(kept.verdict) {
        kept.pictures.clear();
    } else if kept.pictures.is_empty() {
        let judged = illustrate::Judged {
            problem: grader.tools.problem,
            case,
            verdict: kept.verdict,
            received: None,
            tools: Some(grader.tools),
        };
        kept.pictures = illustrate::pictures(&judged, grader.pictures);
    }
}
