//! Running a recipe: every case of it written below a staging `data/`.
//! Each generator is built once, like a submission, and run in an empty
//! folder of its own; a failure names the case (`data/secret/…`) and the
//! command, so the package's author knows what to run to see it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::package::generators::{self, Planned, Recipe, Source};
use judge_sandbox::execution::End;

use super::error::{GenerateError, GeneratorFault, RunFailure};
use crate::build::prepare;
use crate::build::program::Program;
use crate::execute::runner::Runner;

use crate::time::limits::for_generator as limits;

/// One run of a recipe, with the programs it built so far.
pub(super) struct Maker<'a> {
    pub runner: &'a Runner,
    pub pkg: &'a Path,
    pub recipe: &'a Recipe,
    /// A missing answer is empty (interactive, multi-pass), not the
    /// solution's output.
    pub empty_answers: bool,
    /// Built generators by name, solutions by `solution:<path>`.
    pub programs: BTreeMap<String, Program>,
}

/// `path.ext`, the extension added rather than replaced (`1-a.b` stays).
fn with_ext(base: &Path, ext: &str) -> PathBuf {
    PathBuf::from(format!("{}.{ext}", base.display()))
}

/// A closure for `map_err`: `path` could not be written (or read).
fn io(path: &Path) -> impl FnOnce(std::io::Error) -> GenerateError {
    let path = path.to_path_buf();
    move |source| GenerateError::Io { path, source }
}

impl Maker<'_> {
    /// Writes every case of the recipe below `data`, then its includes.
    pub(crate) fn make(mut self, data: &Path) -> Result<(), GenerateError> {
        std::fs::create_dir_all(data).map_err(io(data))?;
        for (folder, settings) in &self.recipe.folders {
            let dir = data.join(folder);
            std::fs::create_dir_all(&dir).map_err(io(&dir))?;
            if let Some(text) = settings {
                std::fs::write(dir.join("test_group.yaml"), text).map_err(io(&dir))?;
            }
        }
        for case in &self.recipe.cases {
            self.case(case, &data.join(&case.path))?;
        }
        // After every case, as BAPCtools links them: an included case may
        // come from anywhere in the recipe.
        for link in &self.recipe.included {
            let to = data.join(&link.path);
            if let Some(parent) = to.parent() {
                std::fs::create_dir_all(parent).map_err(io(parent))?;
            }
            copy_case(&data.join(&link.from), &to)?;
        }
        Ok(())
    }

    /// Writes the files of one case at `base` (no extension).
    fn case(&mut self, case: &Planned, base: &Path) -> Result<(), GenerateError> {
        if let Some(parent) = base.parent() {
            std::fs::create_dir_all(parent).map_err(io(parent))?;
        }
        let file = |ext: &str| with_ext(base, ext);
        match &case.source {
            Source::Generate {
                program,
                args,
                seed,
            } => {
                let built = self.generator(program)?;
                for (ext, bytes) in self.run_generator(&built, program, args, *seed, case)? {
                    std::fs::write(file(&ext), bytes).map_err(io(base))?;
                }
            }
            Source::Copy(from) => copy_case(&self.pkg.join("generators").join(from), base)?,
            // An empty case is one kept by hand in the package's own
            // data/ (older recipes say so): its files are taken as they are.
            Source::Inline if case.inline.is_empty() => {
                copy_case(&self.pkg.join("data").join(&case.path), base)?
            }
            Source::Inline => {}
        }
        for (ext, text) in &case.inline {
            std::fs::write(file(ext), text).map_err(io(base))?;
        }
        let judged = case.path.starts_with("sample/") || case.path.starts_with("secret/");
        if !judged || file("ans").is_file() || !file("in").is_file() {
            return Ok(());
        }
        if self.empty_answers {
            return std::fs::write(file("ans"), b"").map_err(io(base));
        }
        let Some(solution) = &case.solution else {
            return Err(GenerateError::NoSolution {
                case: case.path.clone(),
            });
        };
        let key = format!("solution:{}", solution.display());
        let built = match self.programs.get(&key) {
            Some(p) => p.clone(),
            None => {
                let p = prepare(self.runner, Some(&self.pkg.join(solution)), None, 2 << 30)
                    .map_err(|source| GenerateError::SolutionBuild {
                        solution: solution.clone(),
                        source,
                    })?;
                self.programs.insert(key, p.clone());
                p
            }
        };
        let exec = self.runner.run(&built.spec(limits()), &file("in"));
        if !matches!(exec.end, End::Exited(0)) {
            return Err(GenerateError::SolutionFailed {
                case: case.path.clone(),
                solution: solution.clone(),
                failure: RunFailure::of(&exec),
            });
        }
        std::fs::write(file("ans"), exec.stdout).map_err(io(base))
    }

    /// Generator `name`, built on first use: a `generators:` entry (its
    /// files in one folder) or a file or folder below `generators/` (`/x`
    /// below the package).
    fn generator(&mut self, name: &str) -> Result<Program, GenerateError> {
        if let Some(p) = self.programs.get(name) {
            return Ok(p.clone());
        }
        let built = if let Some(files) = self.recipe.programs.get(name) {
            let dir = (self.runner.new_dir("genfiles"))
                .map_err(|source| GenerateError::GeneratorArea {
                    name: name.into(),
                    source,
                })?
                .join(name);
            std::fs::create_dir_all(&dir).map_err(|source| GenerateError::GeneratorFolder {
                name: name.into(),
                dir: dir.clone(),
                source,
            })?;
            for f in files {
                let src = self.pkg.join("generators").join(f);
                let to = dir.join(f.file_name().unwrap_or_default());
                std::fs::copy(&src, &to).map_err(|source| GenerateError::GeneratorFile {
                    name: name.into(),
                    path: src.clone(),
                    source,
                })?;
            }
            prepare(self.runner, Some(&dir), None, 2 << 30)
        } else {
            let path = match name.strip_prefix('/') {
                Some(rest) => self.pkg.join(rest),
                None => self.pkg.join("generators").join(name),
            };
            if !path.exists() {
                return Err(GenerateError::NoSuchGenerator { name: name.into() });
            }
            prepare(self.runner, Some(&path), None, 2 << 30)
        }
        .map_err(|source| GenerateError::GeneratorBuild {
            name: name.into(),
            source,
        })?;
        self.programs.insert(name.to_string(), built.clone());
        Ok(built)
    }

    /// The files the generator made on `args`, by extension: BAPCtools
    /// runs it in an empty folder, where it may write `testcase.in`,
    /// `testcase.ans` and the like (`{name}` is `testcase`); its stdout is
    /// the input unless it wrote `testcase.in`. On failure it is tried
    /// again with the seed one higher, `retries` times in all (BAPCtools'
    /// rule). A run that exits 0 but makes no input at all fails too: an
    /// empty case is never what a generator meant.
    fn run_generator(
        &self,
        program: &Program,
        name: &str,
        args: &[String],
        seed: Option<u32>,
        case: &Planned,
    ) -> Result<BTreeMap<String, Vec<u8>>, GenerateError> {
        let mut last = None;
        let mut command = String::new();
        for retry in 0..case.retries {
            let args: Vec<String> = match seed {
                Some(s) if retry > 0 => {
                    let next = ((u64::from(s) + u64::from(retry)) % (1 << 31)).to_string();
                    args.iter()
                        .map(|a| a.replace(&s.to_string(), &next))
                        .collect()
                }
                _ => args.to_vec(),
            };
            command = [name.to_string()]
                .into_iter()
                .chain(args.clone())
                .collect::<Vec<_>>()
                .join(" ");
            let scratch = self.runner.new_dir("gen").map_err(GenerateError::Scratch)?;
            let mut spec = program.spec(limits());
            spec.argv.extend(args);
            spec.cwd = scratch.display().to_string();
            spec.writable.push(spec.cwd.clone());
            let exec = self.runner.run(&spec, Path::new("/dev/null"));
            let mut made = BTreeMap::new();
            if matches!(exec.end, End::Exited(0)) {
                for ext in generators::EXTENSIONS {
                    if let Ok(bytes) = std::fs::read(scratch.join(format!("testcase.{ext}"))) {
                        made.insert(ext.to_string(), bytes);
                    }
                }
                made.entry("in".into()).or_insert(exec.stdout.clone());
            }
            let _ = std::fs::remove_dir_all(&scratch);
            match made.get("in") {
                Some(input) if !input.is_empty() => return Ok(made),
                Some(_) => last = Some(GeneratorFault::NoInput),
                None => last = Some(GeneratorFault::Ended(RunFailure::of(&exec))),
            }
        }
        Err(GenerateError::GeneratorFailed {
            case: case.path.clone(),
            command,
            why: last,
        })
    }
}

/// Copies the files `from.<ext>` of a case to `to.<ext>`.
fn copy_case(from: &Path, to: &Path) -> Result<(), GenerateError> {
    for ext in generators::EXTENSIONS {
        let src = with_ext(from, ext);
        if src.is_file() {
            std::fs::copy(&src, with_ext(to, ext)).map_err(io(&src))?;
        }
    }
    Ok(())
}
