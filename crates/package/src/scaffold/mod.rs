//! `judge new`: a problem that passes `judge check` at once, so a setter
//! starts from something that works and changes one file at a time, in
//! judge's layout or as a 2025-09 package ([`tree`]); in a folder that is
//! no repository yet, the repository too ([`repository`]); and on demand an
//! in-crate solver registered in judge's own source tree ([`in_crate`]).
//! The files themselves are [`files`]'.

pub mod files;

use std::path::{Path, PathBuf};

use judge_fs::{StagedDir, write_atomic};

use crate::error::{Error, Result};
use crate::root::PROBLEMS;
use files::Template;

/// How a new problem is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// judge's own: `problem.yaml`, `cases/`, `validators/`, …
    Judge,
    /// A 2025-09 package: `data/`, `input_validators/`, …
    Package,
}

/// An id is a folder name of lowercase letters, digits and `-`.
pub fn check_id(id: &str) -> Result<()> {
    let plain = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !id.starts_with('-');
    match plain {
        true => Ok(()),
        false => Err(Error::Refused(format!(
            "{id:?} is not a problem id: use lowercase letters, digits and '-'"
        ))),
    }
}

/// The files of a new problem `id` titled `title`, its reference a
/// program from `template` (`None`: an in-crate solver, judge's layout
/// only).
pub fn tree(layout: Layout, id: &str, title: &str, template: Option<&Template>) -> Tree {
    match (layout, template) {
        (Layout::Package, Some(t)) => package_files(title, t),
        (Layout::Judge, t) => judge_files(id, title, t),
        (Layout::Package, None) => unreachable!("an in-crate solver is judge's layout"),
    }
}

/// Writes `tree` as the folder `target` in one step (staged beside it):
/// an interrupted write leaves nothing half-made.
pub fn write(target: &Path, tree: &Tree) -> Result<()> {
    let staged = StagedDir::new(target).map_err(Error::io(target, "cannot create"))?;
    for (path, text) in tree {
        let at = staged.path().join(path);
        if let Some(dir) = at.parent() {
            std::fs::create_dir_all(dir).map_err(Error::io(dir, "cannot create"))?;
        }
        std::fs::write(&at, text).map_err(Error::io(&at, "cannot write"))?;
    }
    staged
        .finish()
        .map_err(Error::io(target, "cannot move the new problem to"))
}

/// Makes `root` a repository; returns what it made.
pub fn repository(root: &Path) -> Result<Vec<String>> {
    let mut made = Vec::new();
    let problems = root.join(PROBLEMS);
    std::fs::create_dir_all(&problems).map_err(Error::io(&problems, "cannot create"))?;
    made.push(format!("{}/", problems.display()));
    for (name, text) in [
        (judge_problem::config::DEFAULT_FILE, files::CONFIG),
        (".gitignore", files::GITIGNORE),
    ] {
        let path = root.join(name);
        if !path.exists() {
            write_atomic(&path, text.as_bytes()).map_err(Error::io(&path, "cannot write"))?;
            made.push(path.display().to_string());
        }
    }
    Ok(made)
}

/// A new problem's files: each path (relative to its folder) and text.
pub type Tree = Vec<(PathBuf, String)>;

/// The submission folders every new problem has (kept by `.gitkeep`).
const FOLDERS: [&str; 3] = ["wrong_answer", "time_limit_exceeded", "run_time_error"];

fn judge_files(id: &str, title: &str, t: Option<&Template>) -> Tree {
    let mut tree: Tree = Vec::new();
    let mut add = |p: &str, text: String| tree.push((PathBuf::from(p), text));
    let reference = match t {
        Some(t) => format!(
            "# The reference: a program judge builds like a submission (or\n\
             # `solver: ID` for an in-crate one, docs/reference-programs.md).\n\
             reference: reference.{}\n\
             validators: [validators/validate.py]\n\
             generator: generator.py        # `generator.py SEED SIZE` prints one input\n",
            t.extension
        ),
        None => format!(
            "# The reference: the in-crate solver crates/{id} (it also validates\n\
             # and generates inputs). The validator program is a second, independent\n\
             # check of the inputs, and what an exported package validates with.\n\
             solver: {id}\n\
             validators: [validators/validate.py]\n"
        ),
    };
    add(
        "problem.yaml",
        format!(
            "name: {title}\n{reference}compare: tokens\nlimits: {{ time: 1s, memory: 256MiB, output: 1MiB }}\n"
        ),
    );
    add("statement/problem.en.md", files::STATEMENT.into());
    for (group, name, input) in files::CASES {
        add(&format!("cases/{group}/{name}.in"), input.into());
        add(&format!("cases/{group}/{name}.out"), files::answer(input));
    }
    for (name, input, rule) in files::INVALID {
        add(&format!("invalid/{name}.in"), input.into());
        add(&format!("invalid/{name}.yaml"), format!("rule: {rule}\n"));
    }
    add("validators/validate.py", files::VALIDATOR.into());
    if let Some(t) = t {
        add(&format!("reference.{}", t.extension), t.reference.into());
        add("generator.py", files::GENERATOR.into());
        add(
            &format!("submissions/accepted/sum.{}", t.extension),
            t.accepted.into(),
        );
    } else {
        let py = files::template("py").expect("python template");
        add("submissions/accepted/sum.py", py.accepted.into());
    }
    for folder in FOLDERS {
        add(&format!("submissions/{folder}/.gitkeep"), String::new());
    }
    tree
}

fn package_files(title: &str, t: &Template) -> Tree {
    let mut tree: Tree = Vec::new();
    let mut add = |p: &str, text: String| tree.push((PathBuf::from(p), text));
    add(
        "problem.yaml",
        format!(
            "problem_format_version: 2025-09\nname: {title}\nuuid: {}\n\
             limits:\n  time_limit: 1.0\n",
            uuid()
        ),
    );
    add("statement/problem.en.md", files::STATEMENT.into());
    // BAPCtools reads LaTeX statements only: the same text, as export
    // writes it.
    let md = Path::new("statement/problem.en.md");
    if let Ok(tex) = crate::statement::to_latex(md, title, files::STATEMENT) {
        add("statement/problem.en.tex", tex);
    }
    for (group, name, input) in files::CASES {
        add(&format!("data/{group}/{name}.in"), input.into());
        add(&format!("data/{group}/{name}.ans"), files::answer(input));
    }
    for (name, input, rule) in files::INVALID {
        add(&format!("data/invalid_input/{name}.in"), input.into());
        add(
            &format!("data/invalid_input/{name}.yaml"),
            format!("rule: {rule}\n"),
        );
    }
    add("input_validators/validate.py", files::VALIDATOR.into());
    add(
        &format!("submissions/accepted/reference.{}", t.extension),
        t.reference.into(),
    );
    add(
        &format!("submissions/accepted/sum.{}", t.extension),
        t.accepted.into(),
    );
    for folder in FOLDERS {
        add(&format!("submissions/{folder}/.gitkeep"), String::new());
    }
    tree
}

/// A random (version 4) UUID for a package's `problem.yaml`.
fn uuid() -> String {
    let mut bytes = [0u8; 16];
    if let Ok(mut f) = std::fs::File::open("/dev/urandom") {
        use std::io::Read;
        let _ = f.read_exact(&mut bytes);
    }
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// Writes the crate `crates/<id>` and registers it: the workspace's
/// dependency list, judge's dependencies and `src/solvers.rs`. Only in
/// judge's own source tree; every file it edits is checked first, so a
/// tree it does not recognise is left as it was.
pub fn in_crate(root: &Path, id: &str) -> Result<Vec<String>> {
    let at = |p: &str| root.join(p);
    let (manifest_path, solvers_path) = (at("Cargo.toml"), at("src/solvers.rs"));
    let read = |p: &Path| std::fs::read_to_string(p).ok();
    let (Some(manifest), Some(solvers)) = (read(&manifest_path), read(&solvers_path)) else {
        return Err(Error::Refused(
            "--in-crate needs judge's own source tree (Cargo.toml and src/solvers.rs at the repository's root)"
                .into(),
        ));
    };
    let crate_dir = at(&format!("crates/{id}"));
    if crate_dir.exists() {
        return Err(Error::Refused(format!("{} exists", crate_dir.display())));
    }
    let type_name = type_name(id);
    let Some((manifest, solvers)) = registered(&manifest, &solvers, id, &type_name) else {
        return Err(Error::Refused(
            "--in-crate: Cargo.toml or src/solvers.rs is not laid out as judge's own (no registry to add to)"
                .into(),
        ));
    };
    write_crate(&crate_dir, id, &type_name)?;
    write_atomic(&manifest_path, manifest.as_bytes())
        .map_err(Error::io(&manifest_path, "cannot write"))?;
    write_atomic(&solvers_path, solvers.as_bytes())
        .map_err(Error::io(&solvers_path, "cannot write"))?;
    Ok(vec![
        format!("{}/ (the solver crate)", crate_dir.display()),
        format!("{} (its dependency lines)", manifest_path.display()),
        format!("{} (its registry line)", solvers_path.display()),
    ])
}

/// The solver's type: `four-in-a-row` → `FourInARow`.
fn type_name(id: &str) -> String {
    id.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// The workspace manifest and `src/solvers.rs` with the crate of `id`
/// added; `None` when either is not laid out as judge's own.
fn registered(
    manifest: &str,
    solvers: &str,
    id: &str,
    type_name: &str,
) -> Option<(String, String)> {
    let module = id.replace('-', "_");
    let manifest = insert_after_last(
        manifest,
        "= { path = \"crates/",
        &format!("judge-{id} = {{ path = \"crates/{id}\" }}"),
    )
    .and_then(|m| {
        insert_after_last(
            &m,
            "judge-sudoku-checker.workspace = true",
            &format!("judge-{id}.workspace = true"),
        )
    })?;
    let solvers = insert_after_last(
        solvers,
        "pub use judge_",
        &format!("pub use judge_{module} as {module};"),
    )
    .and_then(|s| register(&s, &format!("&{module}::{type_name},")))?;
    Some((manifest, solvers))
}

/// The solver crate's files, in one step.
fn write_crate(crate_dir: &Path, id: &str, type_name: &str) -> Result<()> {
    let fill = |t: &str| t.replace("{id}", id).replace("{Type}", type_name);
    let staged = StagedDir::new(crate_dir).map_err(Error::io(crate_dir, "cannot create"))?;
    std::fs::create_dir_all(staged.path().join("src"))
        .map_err(Error::io(staged.path(), "cannot create"))?;
    for (name, text) in [
        ("Cargo.toml", fill(files::CRATE_TOML)),
        ("src/lib.rs", fill(files::CRATE_LIB)),
    ] {
        let p = staged.path().join(name);
        std::fs::write(&p, text).map_err(Error::io(&p, "cannot write"))?;
    }
    staged
        .finish()
        .map_err(Error::io(crate_dir, "cannot move the crate to"))
}

/// `text` with `line` after the last line containing `marker`.
fn insert_after_last(text: &str, marker: &str, line: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().rposition(|l| l.contains(marker))?;
    let mut out: Vec<&str> = lines[..=at].to_vec();
    out.push(line);
    out.extend(&lines[at + 1..]);
    Some(out.join("\n") + "\n")
}

/// `solvers.rs` with `entry` added to the `ALL` array (its length too).
fn register(solvers: &str, entry: &str) -> Option<String> {
    let head = "pub const ALL: [&dyn Solver; ";
    let start = solvers.find(head)? + head.len();
    let end = start + solvers[start..].find(']')?;
    let count: usize = solvers[start..end].trim().parse().ok()?;
    let close = end + solvers[end..].find("\n];")?;
    Some(format!(
        "{}{}{}\n    {entry}{}",
        &solvers[..start],
        count + 1,
        &solvers[end..close],
        &solvers[close..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_gains_one_entry_and_its_count() {
        let solvers =
            "pub use judge_a as a;\n\npub const ALL: [&dyn Solver; 1] = [\n    &a::A,\n];\n";
        let with = insert_after_last(solvers, "pub use judge_", "pub use judge_b as b;")
            .and_then(|s| register(&s, "&b::B,"))
            .unwrap();
        assert_eq!(
            with,
            "pub use judge_a as a;\npub use judge_b as b;\n\npub const ALL: [&dyn Solver; 2] = [\n    &a::A,\n    &b::B,\n];\n"
        );
        assert_eq!(register("no registry here", "&b::B,"), None);
    }

    #[test]
    fn uuids_are_version_4() {
        let u = uuid();
        assert_eq!(u.len(), 36);
        assert_eq!(&u[14..15], "4");
        assert_ne!(u, uuid());
    }
}
