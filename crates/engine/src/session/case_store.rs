//! Where the searches keep what they find: an input and the reference's
//! answer become a case of a group (both files whole or neither), and an
//! entry of the problem's `recipe.yaml` names the draw that makes it and
//! what it catches, so `validate` remakes it like any other generated
//! case. `judge stress --save` keeps its smallest counterexample here,
//! named by its draw and recorded in `SOURCES.md` too; `judge harden`
//! keeps numbered cases (`h-NNN`) and starts each search from the cases
//! it kept before (`CaseStore::load_kept`).

use crate::error::{Error, Result};
use crate::problem::Problem;
use crate::problem::recipe::{self, Draw, Entry};

/// The `SOURCES.md` section `stress --save` adds its rows to.
const STRESS_HEADING: &str = "## Found by `judge stress`";

/// A kept case of the group: a single-case entry of the recipe.
struct Kept {
    /// `group/name`, as reports name cases.
    case: String,
    name: String,
    draw: Draw,
    catches: Vec<String>,
}

/// The cases of one group of a problem that searches write.
pub struct CaseStore<'a> {
    problem: &'a Problem,
    group: String,
    /// Write nothing (a dry run still names the cases it would keep).
    dry_run: bool,
    kept: Vec<Kept>,
    /// Cases this run added.
    pub added: usize,
}

/// A group names a folder below `cases/`, nothing outside it.
pub(crate) fn check_group(group: &str) -> Result<()> {
    let bad = group.is_empty()
        || group.starts_with('/')
        || group
            .split('/')
            .any(|p| p.is_empty() || p == "." || p == "..");
    match bad {
        true => Err(Error::Usage(format!(
            "--save {group:?}: a group is a folder name below cases/ (like `stress` or `edge/found`)"
        ))),
        false => Ok(()),
    }
}

impl<'a> CaseStore<'a> {
    /// The store of `group` (checked with `check_group`); reads nothing.
    pub fn new(problem: &'a Problem, group: &str, dry_run: bool) -> Result<CaseStore<'a>> {
        check_group(group)?;
        Ok(CaseStore {
            problem,
            group: group.to_string(),
            dry_run,
            kept: Vec::new(),
            added: 0,
        })
    }

    /// Reads the single-case entries of the group from the recipe: the
    /// cases kept before, which [`CaseStore::draws`] gives back.
    pub(crate) fn load_kept(&mut self) -> Result<()> {
        let group = &self.group;
        let recipe = recipe::load(&self.problem.dir).map_err(Error::from)?;
        self.kept = recipe
            .iter()
            .flat_map(|r| r.groups.get(group))
            .flatten()
            .filter_map(|e| match e {
                Entry::Single {
                    case,
                    draw,
                    catches,
                } => Some(Kept {
                    case: format!("{group}/{case}"),
                    name: case.clone(),
                    draw: *draw,
                    catches: catches.clone(),
                }),
                _ => None,
            })
            .collect();
        Ok(())
    }

    /// The draws of the kept cases, in their order.
    pub fn draws(&self) -> Vec<Draw> {
        self.kept.iter().map(|k| k.draw).collect()
    }

    /// Kept case `index` also catches `target`: its entry says so.
    pub(crate) fn also_catches(&mut self, index: usize, target: &str) -> Result<String> {
        let kept = &mut self.kept[index];
        if !kept.catches.iter().any(|c| c == target) {
            kept.catches.push(target.to_string());
            if !self.dry_run {
                recipe::set_catches(&self.problem.dir, &self.group, &kept.name, &kept.catches)
                    .map_err(Error::io(recipe::path(&self.problem.dir), "cannot update"))?;
            }
        }
        Ok(kept.case.clone())
    }

    /// Keeps `input` (with the reference's `answer`) as a new numbered
    /// case that catches `target`, then its recipe entry. A problem
    /// without a recipe gets one first, naming its existing groups as kept
    /// by hand, so validate keeps naming them all.
    pub fn keep(&mut self, draw: Draw, input: &str, answer: &[u8], target: &str) -> Result<String> {
        let name = self.next_name();
        let case = format!("{}/{name}", self.group);
        if !self.dry_run {
            let dir = &self.problem.dir;
            let file = recipe::path(dir);
            if !file.exists() {
                let mut groups: Vec<String> =
                    self.problem.cases.iter().map(|c| c.group.clone()).collect();
                groups.sort();
                groups.dedup();
                groups.retain(|g| !g.is_empty());
                recipe::create_manual(
                    dir,
                    &groups,
                    "kept by hand (recipe.yaml begun by judge harden)",
                )
                .map_err(Error::io(&file, "cannot create"))?;
            }
            self.write_case(&name, input, answer)?;
            recipe::append_case(dir, &self.group, &name, draw, &[target.to_string()])
                .map_err(Error::io(&file, "cannot add the case to"))?;
        }
        self.kept.push(Kept {
            case: case.clone(),
            name,
            draw,
            catches: vec![target.to_string()],
        });
        self.added += 1;
        Ok(case)
    }

    /// Keeps a counterexample as case `stress-s<seed>-i<index>-z<size>`
    /// with the reference's answer, and adds a row to the problem's
    /// `SOURCES.md` naming the submission it caught (`subject`) and the
    /// `judge gen` command that recreates the input (`recreate`). An
    /// existing case of that name is left alone unless it holds the same
    /// input. A problem with a `recipe.yaml` gets the case there too (which
    /// `validate` requires of every case); the bool says so.
    pub fn save(
        &mut self,
        draw: Draw,
        input: &str,
        answer: &[u8],
        subject: &str,
        recreate: &str,
    ) -> Result<(String, bool)> {
        let name = format!("stress-s{}-i{}-z{}", draw.seed, draw.index, draw.size);
        let problem = self.problem;
        let group = self.group.clone();
        let path = problem
            .dir
            .join("cases")
            .join(&group)
            .join(format!("{name}.in"));
        if let Ok(old) = std::fs::read(&path) {
            if old != input.as_bytes() {
                return Err(Error::Usage(format!(
                    "{} exists with another input; nothing written",
                    path.display()
                )));
            }
        }
        self.write_case(&name, input, answer)?;
        let sources = problem.dir.join("SOURCES.md");
        let mut text = std::fs::read_to_string(&sources).unwrap_or_default();
        if !text.contains(STRESS_HEADING) {
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(STRESS_HEADING);
            text.push_str("\n\n| case | caught | recreate the input |\n|---|---|---|\n");
        }
        let row = format!("| `{group}/{name}` | `{subject}` | `{recreate}` |\n");
        if !text.contains(&row) {
            text.push_str(&row);
            crate::fsutil::write_atomic(&sources, text.as_bytes())
                .map_err(Error::io(&sources, "cannot write"))?;
        }
        let recorded = recipe::path(&problem.dir).is_file();
        if recorded {
            let caught = [subject.to_string()];
            match recipe::append_case(&problem.dir, &group, &name, draw, &caught) {
                // Saved before: the same input, already named.
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                other => other.map_err(Error::io(
                    recipe::path(&problem.dir),
                    "cannot add the case to",
                ))?,
            }
        }
        self.added += 1;
        Ok((format!("{group}/{name}"), recorded))
    }

    /// `h-NNN`, one past the highest number on disk and in the recipe.
    fn next_name(&self) -> String {
        let number =
            |name: &str| -> Option<usize> { name.strip_prefix("h-")?.get(..3)?.parse().ok() };
        let on_disk = std::fs::read_dir(self.problem.dir.join("cases").join(&self.group))
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| number(&e.file_name().to_string_lossy()));
        let kept = self.kept.iter().filter_map(|k| number(&k.name));
        format!("h-{:03}", on_disk.chain(kept).max().unwrap_or(0) + 1)
    }

    /// The input and the reference's answer as case `name` of the group,
    /// both whole or neither.
    fn write_case(&self, name: &str, input: &str, answer: &[u8]) -> Result<()> {
        let folder = self.problem.dir.join("cases").join(&self.group);
        std::fs::create_dir_all(&folder).map_err(Error::io(&folder, "cannot create"))?;
        let path = folder.join(format!("{name}.in"));
        crate::fsutil::write_all_atomic(&[
            (path.clone(), input.as_bytes()),
            (path.with_extension("out"), answer),
        ])
        .map_err(Error::io(&folder, "cannot write into"))
    }
}
