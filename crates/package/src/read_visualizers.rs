//! A package's visualizers (2025-09 `input_visualizer/`,
//! `output_visualizer/`; BAPCtools reads the same folders): each is one
//! program, a file or a folder, as a validator is. The engine runs them
//! to draw failing cases (`illustrate::visualizers`); here they are only
//! found.
//!
//! Only a package judged in place runs them: judge's own layout has no
//! place for them, so an import lists them as skipped.

use std::path::{Path, PathBuf};

use crate::origin::Visualizers;
use crate::plan::{Plan, rel};
use crate::validator_dirs;

/// The folders of the two visualizers.
pub(crate) const FOLDERS: [&str; 2] = ["input_visualizer", "output_visualizer"];

/// Finds the package's visualizers, noting each as used in place only
/// (and a folder holding no program as skipped).
pub(crate) fn read(pkg: &Path, plan: &mut Plan) {
    let mut found = Visualizers::default();
    for folder in FOLDERS {
        let dir = pkg.join(folder);
        if !dir.is_dir() {
            continue;
        }
        let at = format!("{}/", rel(pkg, &dir));
        let Some(program) = program(&dir) else {
            plan.skipped.push((at, "holds no program".into()));
            continue;
        };
        let program = PathBuf::from(rel(pkg, &program));
        plan.in_place_only.push((
            at,
            "visualizers are run on a package judged in place, where their pictures go into the report".into(),
        ));
        match folder {
            "input_visualizer" => found.input = Some(program),
            _ => found.output = Some(program),
        }
    }
    plan.visualizers = found;
}

/// The program of visualizer folder `dir`: its one file or folder
/// program, or the folder itself as a program of several files (the
/// validators' rule, [`validator_dirs::programs`]).
fn program(dir: &Path) -> Option<PathBuf> {
    match validator_dirs::programs(dir).as_slice() {
        [] => None,
        [one] => Some(one.clone()),
        _ => Some(dir.to_path_buf()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_visualizer_is_one_program_of_its_folder() {
        let dir = tempfile::tempdir().unwrap();
        let pkg = dir.path();
        let write = |path: &str| {
            let path = pkg.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        };
        write("input_visualizer/draw.py");
        write("input_visualizer/README.md");
        write("output_visualizer/a.py");
        write("output_visualizer/b.py");
        let mut plan = Plan::default();
        read(pkg, &mut plan);
        assert_eq!(
            plan.visualizers.input.as_deref(),
            Some(Path::new("input_visualizer/draw.py"))
        );
        assert_eq!(
            plan.visualizers.output.as_deref(),
            Some(Path::new("output_visualizer"))
        );
        let names: Vec<&str> = plan.in_place_only.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(names, ["input_visualizer/", "output_visualizer/"]);

        // A folder with no program is no visualizer, and said so.
        std::fs::remove_file(pkg.join("input_visualizer/draw.py")).unwrap();
        let mut plan = Plan::default();
        read(pkg, &mut plan);
        assert_eq!(plan.visualizers.input, None);
        assert!(plan.skipped.iter().any(|(p, _)| p == "input_visualizer/"));
    }
}
