//! Test data made from a package's recipe (`generators/generators.yaml`,
//! read by `judge_problem::package::generators`): each generator program
//! is built like a submission and run with its arguments, its stdout the
//! case's input; answers come from the recipe or from running its
//! `solution` on the input. The result lives in the cache, never in the
//! package, keyed by a hash of the recipe and every file under
//! `generators/` and of the solutions, so a second run with the same
//! sources reuses it instead of running anything.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use judge_problem::package::generators::{self, Planned, Recipe, Source};
use judge_sandbox::execution::End;
use judge_sandbox::limits::RunLimits;

use crate::build::prepare;
use crate::program::Program;
use crate::runner::Runner;

/// The generated `data/` of a package.
pub struct Generated {
    pub data: PathBuf,
    /// True when an earlier run's data was reused.
    pub reused: bool,
    pub cases: usize,
    /// Keys of the recipe judge did not act on, `(place, why)`.
    pub skipped: Vec<(String, String)>,
}

/// Generous limits for a problem's own programs: a generator may be slow.
fn limits() -> RunLimits {
    let mut l = RunLimits::new(Duration::from_secs(60), 2 << 30, 1 << 30);
    l.address_space = None;
    l.processes = 512;
    l
}

/// Makes (or reuses) the data of the package at `pkg` below `cache/generated`.
pub fn generate(runner: &Runner, pkg: &Path, cache: &Path) -> Result<Generated, String> {
    let text = std::fs::read_to_string(pkg.join(generators::RECIPE))
        .map_err(|e| format!("{}: {e}", generators::RECIPE))?;
    let recipe = generators::parse(&text)?;
    let key = digest(pkg, &recipe);
    let out = cache.join("generated").join(&key);
    let data = out.join("data");
    let skipped = recipe.skipped.clone();
    if data.is_dir() {
        return Ok(Generated {
            data,
            reused: true,
            cases: recipe.cases.len(),
            skipped,
        });
    }
    // Staged beside its final place, renamed when whole.
    let stage = cache
        .join("generated")
        .join(format!(".stage-{key}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&stage);
    let made = make(runner, pkg, &recipe, &stage.join("data"));
    if let Err(e) = made {
        let _ = std::fs::remove_dir_all(&stage);
        return Err(e);
    }
    if std::fs::rename(&stage, &out).is_err() && !data.is_dir() {
        let _ = std::fs::remove_dir_all(&stage);
        return Err(format!(
            "cannot move the generated data to {}",
            out.display()
        ));
    }
    let _ = std::fs::remove_dir_all(&stage);
    Ok(Generated {
        data,
        reused: false,
        cases: recipe.cases.len(),
        skipped,
    })
}

/// The hash of everything the generated data depends on.
fn digest(pkg: &Path, recipe: &Recipe) -> String {
    let mut h = blake3::Hasher::new();
    h.update(b"judge generated data v1\0");
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(pkg.join("generators"))
        .sort_by_file_name()
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .collect();
    let solutions: std::collections::BTreeSet<&PathBuf> = recipe
        .cases
        .iter()
        .filter_map(|c| c.solution.as_ref())
        .collect();
    files.extend(solutions.into_iter().map(|s| pkg.join(s)));
    // The hand-kept files of empty cases.
    for case in &recipe.cases {
        if case.source == Source::Inline && case.inline.is_empty() {
            for ext in generators::EXTENSIONS {
                files.push(pkg.join("data").join(format!("{}.{ext}", case.path)));
            }
        }
    }
    for f in files {
        h.update(
            f.strip_prefix(pkg)
                .unwrap_or(&f)
                .to_string_lossy()
                .as_bytes(),
        );
        h.update(b"\0");
        h.update(&std::fs::read(&f).unwrap_or_default());
        h.update(b"\0");
    }
    h.finalize().to_hex()[..32].to_string()
}

/// Writes every case of `recipe` below `data`.
fn make(runner: &Runner, pkg: &Path, recipe: &Recipe, data: &Path) -> Result<(), String> {
    let io = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
    std::fs::create_dir_all(data).map_err(|e| io(data, e))?;
    for (folder, settings) in &recipe.folders {
        let dir = data.join(folder);
        std::fs::create_dir_all(&dir).map_err(|e| io(&dir, e))?;
        if let Some(text) = settings {
            std::fs::write(dir.join("test_group.yaml"), text).map_err(|e| io(&dir, e))?;
        }
    }
    let mut programs: BTreeMap<String, Program> = BTreeMap::new();
    for case in &recipe.cases {
        let base = data.join(&case.path);
        if let Some(parent) = base.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io(parent, e))?;
        }
        let file = |ext: &str| PathBuf::from(format!("{}.{ext}", base.display()));
        match &case.source {
            Source::Generate {
                program,
                args,
                seed,
            } => {
                let built = match programs.get(program) {
                    Some(p) => p.clone(),
                    None => {
                        let p = build(runner, pkg, recipe, program)?;
                        programs.insert(program.clone(), p.clone());
                        p
                    }
                };
                for (ext, bytes) in run_generator(runner, &built, args, *seed, case)? {
                    std::fs::write(file(&ext), bytes).map_err(|e| io(&base, e))?;
                }
            }
            Source::Copy(from) => copy_case(&pkg.join("generators").join(from), &base)?,
            // An empty case is one kept by hand in the package's own
            // data/ (older recipes say so): its files are taken as they are.
            Source::Inline if case.inline.is_empty() => {
                copy_case(&pkg.join("data").join(&case.path), &base)?
            }
            Source::Inline => {}
        }
        for (ext, text) in &case.inline {
            std::fs::write(file(ext), text).map_err(|e| io(&base, e))?;
        }
        let judged = case.path.starts_with("sample/") || case.path.starts_with("secret/");
        if judged && !file("ans").is_file() && file("in").is_file() {
            let Some(solution) = &case.solution else {
                return Err(format!(
                    "{}: no answer and no solution: to write it",
                    case.path
                ));
            };
            let key = format!("solution:{}", solution.display());
            let built = match programs.get(&key) {
                Some(p) => p.clone(),
                None => {
                    let p = prepare(runner, Some(&pkg.join(solution)), None, 2 << 30)
                        .map_err(|e| format!("{}: {e}", solution.display()))?;
                    programs.insert(key, p.clone());
                    p
                }
            };
            let exec = runner.run(&built.spec(limits()), &file("in"));
            if !matches!(exec.end, End::Exited(0)) {
                return Err(format!(
                    "{}: the solution {} failed: {:?}",
                    case.path,
                    solution.display(),
                    exec.end
                ));
            }
            std::fs::write(file("ans"), exec.stdout).map_err(|e| io(&base, e))?;
        }
    }
    Ok(())
}

/// Copies the files `from.<ext>` of a case to `to.<ext>`.
fn copy_case(from: &Path, to: &Path) -> Result<(), String> {
    for ext in generators::EXTENSIONS {
        let src = PathBuf::from(format!("{}.{ext}", from.display()));
        if src.is_file() {
            let dest = PathBuf::from(format!("{}.{ext}", to.display()));
            std::fs::copy(&src, &dest).map_err(|e| format!("{}: {e}", src.display()))?;
        }
    }
    Ok(())
}

/// Builds generator `name`: a `generators:` entry (its files in one
/// folder) or a file or folder below `generators/` (`/x` below the
/// package).
fn build(runner: &Runner, pkg: &Path, recipe: &Recipe, name: &str) -> Result<Program, String> {
    let fail = |e: String| format!("generator {name}: {e}");
    if let Some(files) = recipe.programs.get(name) {
        let dir = runner
            .new_dir("genfiles")
            .map_err(|e| fail(e.to_string()))?
            .join(name);
        std::fs::create_dir_all(&dir).map_err(|e| fail(e.to_string()))?;
        for f in files {
            let src = pkg.join("generators").join(f);
            let to = dir.join(f.file_name().unwrap_or_default());
            std::fs::copy(&src, &to).map_err(|e| fail(format!("{}: {e}", src.display())))?;
        }
        return prepare(runner, Some(&dir), None, 2 << 30).map_err(|e| fail(e.to_string()));
    }
    let path = match name.strip_prefix('/') {
        Some(rest) => pkg.join(rest),
        None => pkg.join("generators").join(name),
    };
    prepare(runner, Some(&path), None, 2 << 30).map_err(|e| fail(e.to_string()))
}

/// The files the generator made on `args`, by extension: BAPCtools runs
/// it in an empty folder, where it may write `testcase.in`,
/// `testcase.ans` and the like (`{name}` is `testcase`); its stdout is
/// the input unless it wrote `testcase.in`.
/// On failure it is tried again with the seed one higher, `retries` times
/// in all (BAPCtools' rule).
fn run_generator(
    runner: &Runner,
    program: &Program,
    args: &[String],
    seed: Option<u32>,
    case: &Planned,
) -> Result<BTreeMap<String, Vec<u8>>, String> {
    let mut last = String::new();
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
        let scratch = runner.new_dir("gen").map_err(|e| e.to_string())?;
        let mut spec = program.spec(limits());
        spec.argv.extend(args);
        spec.cwd = scratch.display().to_string();
        spec.writable.push(spec.cwd.clone());
        let exec = runner.run(&spec, Path::new("/dev/null"));
        if matches!(exec.end, End::Exited(0)) {
            let mut made = BTreeMap::new();
            for ext in generators::EXTENSIONS {
                if let Ok(bytes) = std::fs::read(scratch.join(format!("testcase.{ext}"))) {
                    made.insert(ext.to_string(), bytes);
                }
            }
            made.entry("in".into()).or_insert(exec.stdout);
            let _ = std::fs::remove_dir_all(&scratch);
            return Ok(made);
        }
        let _ = std::fs::remove_dir_all(&scratch);
        last = format!(
            "{:?}: {}",
            exec.end,
            String::from_utf8_lossy(&exec.stderr_tail)
        );
    }
    Err(format!("{}: the generator failed: {last}", case.path))
}
