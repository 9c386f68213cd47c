//! A legacy package's custom grader (`graders/`, for folders whose
//! `testdata.yaml` says `grading: custom`), run as problemtools runs it:
//! the folder's items' results as lines `VERDICT SCORE` on standard input,
//! the folder's `grader_flags` as arguments, and one line `VERDICT SCORE`
//! back on standard output. It is built once per problem like the
//! problem's other programs, and runs in the sandbox under the checker's
//! limits. A grader that fails, or answers anything else, makes the folder
//! a judge error (JE), as in problemtools.

use std::io::Write;

use super::legacy::Graded;
use crate::build::tools::Tools;
use crate::problem::legacy_grading::LegacyGrading;

/// What the grader writes: `VERDICT SCORE` (problemtools' pattern: an
/// upper-case verdict and a number).
fn parse(out: &str) -> Option<Graded> {
    let mut words = out.split_whitespace();
    let (verdict, score, rest) = (words.next()?, words.next()?, words.next());
    let known = ["AC", "WA", "PE", "TLE", "MLE", "OLE", "RTE", "JE", "IF"];
    if rest.is_some() || !known.contains(&verdict) {
        return None;
    }
    Some(Graded {
        verdict: verdict.to_string(),
        score: score.parse::<f64>().ok().filter(|s| s.is_finite())?,
    })
}

/// The grader's input: one line per item.
fn input(items: &[Graded]) -> String {
    items
        .iter()
        .map(|g| format!("{} {}\n", g.verdict, g.score))
        .collect()
}

/// Runs the problem's grader on one folder's items; `None` when it has
/// none that builds, fails, or answers out of format.
pub(crate) fn run(tools: &Tools, config: &LegacyGrading, items: &[Graded]) -> Option<Graded> {
    let program = tools.grader().ok()?;
    let runner = tools.runner().ok()?;
    let mut file = tempfile::NamedTempFile::new().ok()?;
    file.write_all(input(items).as_bytes()).ok()?;
    let spec = program.judge_spec(config.flags.clone(), tools.judge_limits());
    let exec = runner.run(&spec, file.path());
    if exec.end != crate::execution::End::Exited(0) {
        return None;
    }
    parse(&String::from_utf8_lossy(&exec.stdout))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_graders_answer_is_one_verdict_and_one_number() {
        let g = parse("AC 37.500000\n").unwrap();
        assert_eq!((g.verdict.as_str(), g.score), ("AC", 37.5));
        for bad in ["JE", "AC", "ok 3", "AC x", "AC 1 2", "", "AC inf"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        let items = [
            Graded {
                verdict: "AC".into(),
                score: 1.5,
            },
            Graded {
                verdict: "WA".into(),
                score: 0.0,
            },
        ];
        assert_eq!(input(&items), "AC 1.5\nWA 0\n");
    }
}
