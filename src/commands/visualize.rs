//! `judge visualize`: the pictures of one case of a problem, without a
//! run of a submission: its input, its expected output, and with
//! `--answer`, a received output against the expected one with their
//! differences marked; for a package, what its visualizers draw of them
//! ([`crate::engine::illustrate::visualize`] draws them; this finds the
//! case and writes the files).

use std::path::{Path, PathBuf};

use super::context::Context;
use crate::engine::illustrate::{self, Request, VisualizeError};
use crate::error::{Error, Result};
use crate::problem::{Case, Problem};
use crate::report::{Picture, Status};

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Problem folder name.
    pub problem: String,
    /// The case: its id as reports show it (`sample/1`), its name when no
    /// other case has it, or the path of its input file.
    pub case: String,
    /// Where the pictures go: a folder (one file per picture, named after
    /// the case and what it shows), or FILE.html, a page showing them
    /// side by side with their files beside it in pictures/ (default: the
    /// repository's reports/visualize-PROBLEM/).
    #[arg(long, value_name = "FILE_OR_DIR")]
    pub output: Option<PathBuf>,
    /// A received output (a submission's) to draw against the case's
    /// expected output, each marking where they differ.
    #[arg(long, value_name = "FILE")]
    pub answer: Option<PathBuf>,
    #[command(flatten)]
    pub sandbox: super::args::SandboxArgs,
}

pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let problem = ctx.load_one(&args.problem)?;
    let case = find_case(&problem, &args.case)?;
    // A package's visualizers run in the sandbox, as a check runs them.
    let visualizers = (problem.origin.as_ref()).is_some_and(|o| o.visualizers.any());
    let runner = match visualizers {
        true => Some(ctx.runner(args.sandbox.sandbox, 1)?),
        false => None,
    };
    let tools =
        (runner.as_ref()).map(|r| crate::engine::build::tools::Tools::new(&problem, Some(r)));
    let request = Request {
        problem: &problem,
        case,
        answer: args.answer.as_deref(),
        tools: tools.as_ref(),
    };
    let pictures = illustrate::visualize(&request).map_err(|e| match e {
        VisualizeError::Read { path, source } => Error::io(path, "cannot read")(source),
        other => Error::Usage(other.to_string()),
    })?;
    let output = args
        .output
        .unwrap_or_else(|| ctx.report_dir(None, Some(&problem.id)));
    let written = match output.extension().is_some_and(|e| e == "html") {
        true => write_page(&output, case, &pictures)?,
        false => write_folder(&output, case, &pictures)?,
    };
    for path in written {
        println!("{}", path.display());
    }
    Ok(Status::Passed)
}

/// The case `wanted` names: an id, a name no other case has, or an input
/// file's path.
fn find_case<'p>(problem: &'p Problem, wanted: &str) -> Result<&'p Case> {
    let trimmed = wanted.trim_end_matches(".in");
    if let Some(case) = problem.cases.iter().find(|c| c.id() == trimmed) {
        return Ok(case);
    }
    let path = Path::new(wanted).canonicalize().ok();
    let same_file = |c: &&Case| path.is_some() && c.input.canonicalize().ok() == path;
    if let Some(case) = problem.cases.iter().find(same_file) {
        return Ok(case);
    }
    let named: Vec<&Case> = problem.cases.iter().filter(|c| c.name == trimmed).collect();
    match named.as_slice() {
        [one] => Ok(one),
        [] => Err(Error::Usage(format!(
            "{}: no case {wanted:?} (cases are named as reports show them, e.g. {})",
            problem.id,
            problem.cases.first().map_or("sample/1".into(), Case::id)
        ))),
        many => Err(Error::Usage(format!(
            "{}: {} cases are named {wanted:?}: {}",
            problem.id,
            many.len(),
            many.iter().map(|c| c.id()).collect::<Vec<_>>().join(", ")
        ))),
    }
}

/// The file a picture of `case` is written to in a folder:
/// `<case id, / as ->.<caption>.<ext>`.
fn file_name(case: &Case, picture: &Picture) -> String {
    let ext = Path::new(&picture.file)
        .extension()
        .map_or("img".into(), |e| e.to_string_lossy().into_owned());
    let caption: String = (picture.caption.chars())
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    format!("{}.{caption}.{ext}", case.id().replace('/', "-"))
}

fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    crate::fsutil::write_atomic(path, bytes).map_err(Error::io(path, "cannot write"))
}

fn write_folder(dir: &Path, case: &Case, pictures: &[Picture]) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).map_err(Error::io(dir, "cannot create"))?;
    let mut written = Vec::new();
    for p in pictures {
        let path = dir.join(file_name(case, p));
        write(&path, p.bytes.as_deref().unwrap_or_default())?;
        written.push(path);
    }
    Ok(written)
}

/// A page showing the pictures side by side, their files in `pictures/`
/// beside it, as in a report.
fn write_page(page: &Path, case: &Case, pictures: &[Picture]) -> Result<Vec<PathBuf>> {
    let dir = page.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir.join("pictures")).map_err(Error::io(dir, "cannot create"))?;
    for p in pictures {
        write(&dir.join(&p.file), p.bytes.as_deref().unwrap_or_default())?;
    }
    let escape = |s: &str| judge_solver::svg::escape(s);
    let figures: String = (pictures.iter())
        .map(|p| {
            format!(
                "<figure><img src=\"{}\" alt=\"{c}\"><figcaption>{c}</figcaption></figure>\n",
                escape(&p.file),
                c = escape(&p.caption)
            )
        })
        .collect();
    let html = format!(
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>{id}</title>\n\
         <style>body{{font-family:sans-serif;margin:16px}}div{{display:flex;gap:16px;flex-wrap:wrap}}\
         figure{{margin:0;border:1px solid #ddd;border-radius:6px;padding:8px}}\
         img{{display:block;max-width:100%}}figcaption{{text-align:center;color:#666}}</style>\n\
         </head><body><h1>{id}</h1><div>\n{figures}</div></body></html>\n",
        id = escape(&case.id())
    );
    write(page, html.as_bytes())?;
    Ok(vec![page.to_path_buf()])
}
