//! Pictures a package draws itself: its visualizers (2025-09
//! `input_visualizer/` and `output_visualizer/`, which BAPCtools runs
//! too), run in the sandbox like its validators, under the problem's
//! validation limits (2025-09 "Resource guarantees": `validation_time`,
//! `validation_memory` and `validation_output` apply to visualizers).
//!
//! - The input visualizer draws a case: `PROGRAM INPUT ANSWER
//!   [input_visualizer_args]` (2025-09 "Input visualizer"), in a working
//!   folder of its own, where it writes its image (BAPCtools:
//!   `testcase.<ext>`; judge takes every image file it wrote there).
//! - The output visualizer draws what a submission wrote: "the same
//!   arguments as the output validator", `PROGRAM INPUT ANSWER
//!   FEEDBACK_DIR [output_visualizer_args] < OUTPUT` (for an interactive
//!   problem the output is empty, as the format says), and writes
//!   `teamimage.<ext>` / `judgeimage.<ext>` (or `…-<id>.<ext>`, shown in
//!   the order of their names) into the feedback folder, which holds
//!   what the output validator wrote there for the same output.
//!
//! Input and answer are open files (`/dev/fd/3`, `/dev/fd/4`), as the
//! validators get them: the test data is never in a sandbox's view. A
//! visualizer that does not build, fails, times out or writes no image
//! draws nothing and changes no verdict ("Compile or run-time errors in
//! the visualizer are not judge errors"): it becomes a note of the
//! problem, said once with the number of cases.
//!
//! Pictures cost nothing when not asked for: the stage draws a case when
//! it failed, or with `--pictures` ([`super::Wanted`]).

use std::io::Write;
use std::path::Path;

use super::Judged;
use crate::build::Program;
use crate::build::tools::{ProgramRole, ToolError, Tools};
use crate::execute::case_inputs::{self, OnCase};
use crate::execution::{End, Execution};
use crate::judging::program::{Feedback, JudgeProgram};
use crate::problem::{Case, Interface, Kind};
use crate::report::Picture;

/// The extensions of the image files a visualizer may write (2025-09:
/// `png`, `jpg`, `jpeg`, `svg`).
const IMAGES: [&str; 4] = ["png", "jpg", "jpeg", "svg"];

/// The package's pictures of a judged case (the stage asked
/// [`super::Wanted`] first): none for a problem without visualizers or
/// where nothing may run.
pub(crate) fn pictures(judged: &Judged) -> Vec<Picture> {
    let Some(tools) = judged.tools else {
        return Vec::new();
    };
    match (tools.problem.origin.as_ref()).is_some_and(|o| o.visualizers.any()) {
        true => draw(tools, judged.case, judged.received),
        false => Vec::new(),
    }
}

/// Every picture the package's visualizers make of `case`: the input
/// visualizer's, then, given the `output` a submission wrote (`None`:
/// not known, as for a result from the cache), the output visualizer's.
/// What did not draw is among `tools`' drawing notes.
pub fn draw(tools: &Tools, case: &Case, output: Option<&[u8]>) -> Vec<Picture> {
    let mut pictures = Vec::new();
    if let Some(program) = built(tools, case, ProgramRole::InputVisualizer) {
        pictures.extend(draw_input(tools, program, case));
    }
    // The format gives an interactive problem's visualizer an empty
    // output, known without the run: the conversation is no file.
    let output = if interactive(tools) {
        Some(&[][..])
    } else {
        output
    };
    if let Some(output) = output {
        pictures.extend(draw_output_of(tools, case, output, "received"));
    }
    pictures
}

/// Whether `tools`' problem talks to an interactor.
fn interactive(tools: &Tools) -> bool {
    matches!(
        tools.problem.spec.kind,
        Kind::Interactive | Kind::InteractiveMultiPass { .. }
    )
}

/// The output visualizer's pictures of `output` on `case`, captioned
/// `what` (`received`, `expected`).
fn draw_output_of(tools: &Tools, case: &Case, output: &[u8], what: &str) -> Vec<Picture> {
    match built(tools, case, ProgramRole::OutputVisualizer) {
        Some(program) => draw_output(tools, program, case, output, what),
        None => Vec::new(),
    }
}

/// What `judge visualize` shows of one case of a package: the pictures,
/// and why a visualizer drew none.
#[derive(Debug)]
pub struct Visualized {
    pub pictures: Vec<Picture>,
    pub notes: Vec<String>,
}

/// The core of `judge visualize` for a package: `case` drawn by its
/// visualizers, the output visualizer drawing `received` (a submission's
/// output) or, without one, the case's answer file as the output it
/// expects, so a jury sees what a right output looks like.
pub fn visualize(tools: &Tools, case: &Case, received: Option<&[u8]>) -> Visualized {
    let mut pictures = draw(tools, case, received);
    if received.is_none()
        && !interactive(tools)
        && let Some(answer) = case.answer.as_deref()
    {
        match std::fs::read(answer) {
            Ok(bytes) => pictures.extend(draw_output_of(tools, case, &bytes, "expected")),
            Err(e) => {
                let line = format!("cannot read {}: {e}", answer.display());
                tools.note_drawing("answer", line);
            }
        }
    }
    Visualized {
        pictures,
        notes: tools.drawing_notes(),
    }
}

/// The visualizer of `role`, built; `None` when the package has none,
/// or (noted) when it does not build.
fn built<'t>(tools: &'t Tools, case: &Case, role: ProgramRole) -> Option<&'t Program> {
    match tools.visualizer(role) {
        Ok(program) => Some(program),
        Err(ToolError::Missing { .. }) => None,
        Err(e) => {
            let line = format!("{role} did not draw {}: {e}", case.id());
            tools.note_drawing(&role.to_string(), line);
            None
        }
    }
}

/// Why a visualizer drew nothing on a case.
#[derive(Debug, thiserror::Error)]
enum NotDrawn {
    #[error("cannot set up its folder: {0}")]
    Setup(String),
    #[error("{0}")]
    Failed(String),
    #[error("it wrote no image ({0})")]
    NoImage(String),
}

/// The input visualizer on `case`, in a writable copy of its build
/// folder: the images it wrote there.
fn draw_input(tools: &Tools, program: &Program, case: &Case) -> Vec<Picture> {
    let role = ProgramRole::InputVisualizer;
    let drawn = (|| {
        let runner = tools.runner().map_err(|e| NotDrawn::Setup(e.to_string()))?;
        let mut spec = program.judge_spec(Vec::new(), tools.judge_limits());
        spec.argv.extend(["/dev/fd/3".into(), "/dev/fd/4".into()]);
        let args = case.settings.visualizer_args.input.clone();
        spec.argv.extend(args.unwrap_or_default());
        let before = names_in(Path::new(&spec.cwd));
        let on = OnCase {
            args: &[],
            files: None,
            writable: true,
        };
        let process =
            case_inputs::prepare(runner, &spec, &on).map_err(|e| NotDrawn::Setup(e.to_string()))?;
        let answer = case.answer.as_deref().unwrap_or(Path::new("/dev/null"));
        let exec = runner.run_with(
            &process.spec,
            Path::new("/dev/null"),
            &[&case.input, answer],
        );
        ended_well(&exec)?;
        let folder = Path::new(&process.spec.cwd);
        let written = images_in(folder, |name| !before.contains(&name.to_string()));
        as_pictures(role, written, |name, count| match count {
            1 => "input".to_string(),
            _ => format!("input ({name})"),
        })
    })();
    noted(tools, case, role, drawn)
}

/// The output visualizer on `output` for `case`, in a feedback folder
/// holding what the output validator wrote there: the `teamimage` and
/// `judgeimage` files found there after it ran, each captioned `what`
/// and its name.
fn draw_output(
    tools: &Tools,
    program: &Program,
    case: &Case,
    output: &[u8],
    what: &str,
) -> Vec<Picture> {
    let role = ProgramRole::OutputVisualizer;
    let drawn = (|| {
        let runner = tools.runner().map_err(|e| NotDrawn::Setup(e.to_string()))?;
        let setup = |e: &dyn std::fmt::Display| NotDrawn::Setup(e.to_string());
        let feedback = Feedback::new(runner).map_err(|e| setup(&e))?;
        let mut team = tempfile::NamedTempFile::new().map_err(|e| setup(&e))?;
        team.write_all(output).map_err(|e| setup(&e))?;
        validator_feedback(tools, case, team.path(), &feedback);
        let mut spec = program.judge_spec(Vec::new(), tools.judge_limits());
        let dir = feedback.path().display().to_string();
        spec.argv
            .extend(["/dev/fd/3".into(), "/dev/fd/4".into(), format!("{dir}/")]);
        let args = case.settings.visualizer_args.output.clone();
        spec.argv.extend(args.unwrap_or_default());
        spec.writable.push(dir);
        let answer = case.answer.as_deref().unwrap_or(Path::new("/dev/null"));
        let exec = runner.run_with(&spec, team.path(), &[&case.input, answer]);
        ended_well(&exec)?;
        let written = images_in(feedback.path(), |name| {
            name.starts_with("teamimage") || name.starts_with("judgeimage")
        });
        as_pictures(role, written, |name, _| {
            format!(
                "{what} ({})",
                name.rsplit_once('.').map_or(name, |(stem, _)| stem)
            )
        })
    })();
    noted(tools, case, role, drawn)
}

/// The pictures, or nothing with the reason among the problem's notes.
fn noted(
    tools: &Tools,
    case: &Case,
    role: ProgramRole,
    drawn: Result<Vec<Picture>, NotDrawn>,
) -> Vec<Picture> {
    drawn.unwrap_or_else(|why| {
        let line = format!("the {role} did not draw {}: {why}", case.id());
        tools.note_drawing(&role.to_string(), line);
        Vec::new()
    })
}

/// The output validator's files for `team` (the output) on `case`, in
/// `feedback`: "All files written to the feedback directory by the
/// output validator are accessible to the visualizer" (2025-09), which
/// may need what the validator worked out. The run that judged the case
/// has removed its folder, so the validator runs once more on the same
/// files; its verdict was given then and is not asked again. Only where
/// it runs after the output alone: an ICPC validator of a plain or
/// submit-answer problem (an interactor's folder went with the
/// conversation, a multi-pass validator's with its passes).
fn validator_feedback(tools: &Tools, case: &Case, team: &Path, feedback: &Feedback) {
    let spec = &tools.problem.spec;
    let icpc = (spec.checker.as_ref())
        .is_some_and(|c| c.program.is_some() && c.interface == Interface::Icpc);
    let alone = matches!(spec.kind, Kind::Plain | Kind::SubmitAnswer);
    if !(icpc && alone) {
        return;
    }
    let Ok(validator) = JudgeProgram::new(tools) else {
        return;
    };
    let answer = case.answer.as_deref().unwrap_or(Path::new("/dev/null"));
    validator.icpc_check(case, &case.input, answer, team, feedback);
}

/// Whether a visualizer's run ended as it should: exit 0 within its
/// limits (the format gives its exit code no meaning, but a crash or a
/// time-out leaves its images unfinished).
fn ended_well(exec: &Execution) -> Result<(), NotDrawn> {
    if exec.end == End::Exited(0) {
        return Ok(());
    }
    let how = match &exec.end {
        End::Exited(code) => format!("exited with {code}"),
        other => crate::compare::ended_badly(exec)
            .and_then(|o| o.message)
            .unwrap_or_else(|| format!("{other:?}")),
    };
    let stderr = String::from_utf8_lossy(&exec.stderr_tail);
    let last = stderr.trim().lines().last().unwrap_or_default().to_string();
    Err(NotDrawn::Failed(match last.is_empty() {
        true => how,
        false => format!("{how}: {last}"),
    }))
}

/// The names of the entries of `dir`.
fn names_in(dir: &Path) -> Vec<String> {
    let entries = std::fs::read_dir(dir).into_iter().flatten().flatten();
    entries
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

/// The image files of `dir` whose names `keep` takes, in the order of
/// their names, with their bytes.
fn images_in(dir: &Path, keep: impl Fn(&str) -> bool) -> Vec<(String, Vec<u8>)> {
    let mut names: Vec<String> = (names_in(dir).into_iter())
        .filter(|n| keep(n))
        .filter(|n| {
            let ext = n.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
            ext.is_some_and(|e| IMAGES.contains(&e.as_str()))
        })
        .collect();
    names.sort();
    (names.into_iter())
        .filter_map(|n| std::fs::read(dir.join(&n)).ok().map(|bytes| (n, bytes)))
        .collect()
}

/// `written` as pictures by `role`, each captioned by `caption` (its
/// file name and how many there are); an error when there is none that
/// a browser shows.
fn as_pictures(
    role: ProgramRole,
    written: Vec<(String, Vec<u8>)>,
    caption: impl Fn(&str, usize) -> String,
) -> Result<Vec<Picture>, NotDrawn> {
    let by = match role {
        ProgramRole::InputVisualizer => "input_visualizer",
        _ => "output_visualizer",
    };
    let count = written.len();
    let names: Vec<String> = written.iter().map(|(n, _)| n.clone()).collect();
    let drawn: Vec<Picture> = (written.into_iter())
        .filter_map(|(name, bytes)| Picture::new(&caption(&name, count), by, bytes))
        .collect();
    match (drawn.is_empty(), names.is_empty()) {
        (false, _) => Ok(drawn),
        (true, true) => Err(NotDrawn::NoImage("no .png, .jpg or .svg file".into())),
        (true, false) => Err(NotDrawn::NoImage(format!(
            "{} is no image a browser shows",
            names.join(", ")
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_image_files_asked_for_are_taken_in_name_order() {
        let dir = tempfile::tempdir().unwrap();
        for (name, bytes) in [
            ("teamimage-02.svg", &b"<svg/>"[..]),
            ("teamimage-01.png", b"\x89PNG\r\n\x1a\nx"),
            ("judgemessage.txt", b"hi"),
            ("other.svg", b"<svg/>"),
        ] {
            std::fs::write(dir.path().join(name), bytes).unwrap();
        }
        let taken = images_in(dir.path(), |n| n.starts_with("teamimage"));
        let names: Vec<&str> = taken.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["teamimage-01.png", "teamimage-02.svg"]);
        let drawn = as_pictures(ProgramRole::OutputVisualizer, taken, |n, _| n.into()).unwrap();
        assert_eq!(drawn.len(), 2);
        assert_eq!(drawn[0].by, "output_visualizer");
    }

    #[test]
    fn a_file_that_is_no_image_is_said_so() {
        let written = vec![("testcase.svg".to_string(), b"not an image".to_vec())];
        let why = as_pictures(ProgramRole::InputVisualizer, written, |n, _| n.into()).unwrap_err();
        assert!(why.to_string().contains("testcase.svg"), "{why}");
        let none = as_pictures(ProgramRole::InputVisualizer, Vec::new(), |n, _| n.into());
        assert!(matches!(none, Err(NotDrawn::NoImage(_))));
    }
}
