//! The generated cases are reproducible: every problem's `recipe.yaml`
//! remakes each committed generated input byte for byte by running the
//! very `judge gen` command drift messages print (the inputs were made
//! on another run, possibly another machine: the promise of the seeded
//! ChaCha generator), and it names every committed case.

use std::path::Path;

use judge::problem::recipe::{self, Entry, Manual};

use crate::common::{judge, root};

/// The problems whose recipes the repository must keep.
const FIVE: [&str; 5] = [
    "atoms",
    "four-in-a-row",
    "slink",
    "star-battle",
    "sudoku-checker",
];

/// The files `args` (a `judge gen` command line without `--out`) writes,
/// as (case name, bytes).
fn run_gen(args: &[String]) -> Vec<(String, Vec<u8>)> {
    let dir = tempfile::tempdir().unwrap();
    let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
    args.extend(["--out", dir.path().to_str().unwrap()]);
    let run = judge(&args);
    assert_eq!(run.code, 0, "{args:?}: {}", run.all());
    std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect()
}

/// Remakes every generated case of the problem in `dir`; returns how
/// many were compared.
fn reproduce(id: &str, dir: &Path, entries: &[(String, Entry)]) -> usize {
    let mut compared = 0;
    for (group, entry) in entries {
        let made = match entry {
            Entry::Manual { .. } => continue,
            // The command drift reports, run as printed.
            Entry::Batch { .. } => {
                let command = entry.command(id).unwrap();
                let args: Vec<String> = command.split(' ').skip(1).map(String::from).collect();
                run_gen(&args)
            }
            // The one file of the command drift reports, as printed.
            Entry::Single { case, .. } => {
                let command = entry.command(id).unwrap();
                let mut args: Vec<String> = command.split(' ').skip(1).map(String::from).collect();
                args.extend(["--prefix".into(), "x".into()]);
                let made = run_gen(&args);
                assert_eq!(made.len(), 1, "{command}");
                vec![(case.clone(), made.into_iter().next().unwrap().1)]
            }
        };
        for (name, _) in entry.draws() {
            let fresh = &made.iter().find(|(n, _)| *n == name).unwrap().1;
            let at = dir.join("cases").join(group).join(format!("{name}.in"));
            let committed = std::fs::read(&at).unwrap_or_else(|e| panic!("{}: {e}", at.display()));
            assert!(
                committed == *fresh,
                "{id}/{group}/{name}.in differs from what its recipe makes"
            );
            compared += 1;
        }
    }
    compared
}

#[test]
fn every_recipe_remakes_its_committed_inputs_and_names_every_case() {
    judge::solvers::install();
    let found = judge::package::discover(&root().join("problems")).unwrap();
    let mut with_recipe = Vec::new();
    let mut compared = 0;
    for problem in &found.problems {
        let Some(recipe) = recipe::load(&problem.dir).unwrap() else {
            continue;
        };
        with_recipe.push(problem.id.as_str());
        for case in &problem.cases {
            assert!(
                recipe.entry_for(&case.group, &case.name).is_some(),
                "{}/{} is not named by its recipe",
                problem.id,
                case.id()
            );
        }
        let entries: Vec<(String, Entry)> = (recipe.groups.iter())
            .flat_map(|(g, es)| es.iter().map(move |e| (g.clone(), e.clone())))
            .collect();
        for (group, entry) in &entries {
            if let Entry::Manual {
                cases: Manual::Named(names),
                ..
            } = entry
            {
                for name in names {
                    let at = problem.dir.join("cases").join(group);
                    assert!(at.join(format!("{name}.in")).is_file(), "{group}/{name}");
                }
            }
        }
        compared += reproduce(&problem.id, &problem.dir, &entries);
    }
    for id in FIVE {
        assert!(with_recipe.contains(&id), "{id} has no recipe.yaml");
    }
    assert!(compared >= 270, "only {compared} files compared");
}
