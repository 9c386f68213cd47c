//! The cases `judge harden` keeps, and their place in the problem's
//! `recipe.yaml`: each is a single-case entry naming the draw that makes
//! it and the targets it catches, so `validate` remakes it like any other
//! generated case, and a later run starts from them.

use std::path::Path;

use crate::engine::stress::Draw;
use crate::error::{Error, Result};
use crate::problem::Problem;
use crate::problem::recipe::{self, Entry};

/// A kept case of the group.
pub(super) struct Kept {
    /// `group/name`, as reports name cases.
    pub case: String,
    name: String,
    pub draw: Draw,
    catches: Vec<String>,
}

/// The group's kept cases, from the recipe and from this run.
pub(super) struct Keeper<'a> {
    problem: &'a Problem,
    group: String,
    dry_run: bool,
    pub kept: Vec<Kept>,
    /// Cases this run added.
    pub added: usize,
}

impl<'a> Keeper<'a> {
    /// The single-case entries of `group` in the problem's recipe.
    pub fn open(problem: &'a Problem, group: &str, dry_run: bool) -> Result<Keeper<'a>> {
        let recipe = recipe::load(&problem.dir).map_err(Error::from)?;
        let kept = recipe
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
        Ok(Keeper {
            problem,
            group: group.to_string(),
            dry_run,
            kept,
            added: 0,
        })
    }

    pub fn draws(&self) -> Vec<Draw> {
        self.kept.iter().map(|k| k.draw).collect()
    }

    /// Kept case `index` also catches `target`: its entry says so.
    pub fn also_catches(&mut self, index: usize, target: &str) -> Result<String> {
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

    /// Keeps `input` (with the reference's `answer`) as a new case that
    /// catches `target`: both files whole or neither, then its recipe
    /// entry. A problem without a recipe gets one first, naming its
    /// existing groups as kept by hand, so validate keeps naming them all.
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
            write_case(dir, &self.group, &name, input, answer)?;
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
}

/// The input and the reference's answer, both whole or neither.
fn write_case(dir: &Path, group: &str, name: &str, input: &str, answer: &[u8]) -> Result<()> {
    let folder = dir.join("cases").join(group);
    std::fs::create_dir_all(&folder).map_err(Error::io(&folder, "cannot create"))?;
    let path = folder.join(format!("{name}.in"));
    crate::fsutil::write_all_atomic(&[
        (path.clone(), input.as_bytes()),
        (path.with_extension("out"), answer),
    ])
    .map_err(Error::io(&folder, "cannot write into"))
}
