//! What a run leaves for people: progress bars on a terminal while it
//! runs, then the console's account of the failures and totals, the
//! report files and the index of `reports/` (all rendered by the report
//! crate; this only decides what goes where).

use std::path::Path;
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::engine::pass::skeleton::Progress;
use crate::error::Result;
use crate::report::Report;
use crate::report::console::{self, Style};

/// Failing cases whose diff is printed; the rest are one line each.
const DIFFS_SHOWN: usize = 10;

/// Lines of a compiler's output shown on the console (all of it is in
/// report.html).
const COMPILER_LINES: usize = 20;

/// The first `n` lines of `text`, and how many more there are.
fn first_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = lines[..lines.len().min(n)].join("\n");
    if lines.len() > n {
        out.push_str(&format!(
            "\n… {} more lines in report.html",
            lines.len() - n
        ));
    }
    out
}

/// [`Context::publish`](super::context::Context::publish) for commands with their own report options.
/// `reports` is the repository's reports folder: when `dir` is one of its
/// sub-folders (the default, or `--report-dir reports/nightly`), its
/// index is rebuilt; a report written elsewhere touches no index, since
/// one there would list whatever else that folder's parent holds.
pub(crate) fn publish(
    style: Style,
    report: &Report,
    dir: &Path,
    junit: Option<&Path>,
    reports: &Path,
) -> Result<()> {
    print!("{}", console::errors(report, style));
    // The diffs of the first failures, then every failure on one line. A
    // submission that does not compile fails every case alike: it is said
    // once per problem, with the compiler's first lines, not per case.
    for p in &report.problems {
        let ce = p
            .cases
            .iter()
            .filter(|c| c.verdict == crate::verdict::Verdict::CompileError)
            .count();
        if ce > 0 {
            println!(
                "{} {}: the submission did not compile, so all {ce} cases are CE",
                style.red("CE"),
                p.id
            );
            if let Some(log) = &p.build_log {
                println!("{}", first_lines(log, COMPILER_LINES));
            }
        }
    }
    let failing = report
        .problems
        .iter()
        .flat_map(|p| p.cases.iter().map(move |c| (p, c)))
        .filter(|(_, c)| {
            !c.verdict.is_pass() && c.verdict != crate::verdict::Verdict::CompileError
        });
    for (shown, (p, c)) in failing.enumerate() {
        if shown == DIFFS_SHOWN {
            println!("(the diffs of the other failing cases are in report.html)\n");
            break;
        }
        println!("{}", console::failure(&p.id, c, style));
    }
    print!("{}", crate::report::console_failures::table(report, style));
    if let Some(i) = &report.meta.interrupted {
        println!("{} {}", style.yellow("interrupted:"), i.sentence());
    }
    print!("{}", console::summary(report, style));
    if let Some(timings) = &report.timings {
        print!("{}", timings.line(style));
    }
    print!("{}", console::submissions(report, style));
    print!("{}", console::catches(report, style));
    print!("{}", console::bounds(report, style));
    print!("{}", crate::report::rules::table(report, style));
    // Last, what a jury acts on, in the words of the page's headline.
    print!("{}", console::headline(report, style));
    report.write_to(dir, junit)?;
    println!(
        "reports: {} and {}",
        dir.join("report.yaml").display(),
        dir.join("report.html").display()
    );
    if let Some(path) = junit {
        println!("junit: {}", path.display());
    }
    if is_sub_folder(dir, reports) {
        // The report is written and the exit code is the run's: an index
        // that cannot be rebuilt is worth a warning, not a failed run.
        match crate::report::index::write(reports) {
            Ok(path) => println!("index: {}", path.display()),
            Err(e) => eprintln!("{} {e}", style.yellow("warning:")),
        }
    }
    Ok(())
}

/// Whether `dir` (which exists) is a direct sub-folder of `parent`,
/// however either is spelt (relative, through links).
fn is_sub_folder(dir: &Path, parent: &Path) -> bool {
    let (Ok(dir), Ok(parent)) = (dir.canonicalize(), parent.canonicalize()) else {
        return false;
    };
    dir.parent() == Some(parent.as_path())
}

/// A progress bar on stderr, hidden when `show` is false.
pub(crate) fn progress_bar(len: usize, show: bool, what: &str) -> ProgressBar {
    let target = if show {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(len as u64), target);
    if let Ok(style) = ProgressStyle::with_template(&format!(
        "{{spinner}} {what} [{{bar:40.cyan/blue}}] {{pos}}/{{len}}  {{per_sec}}  eta {{eta}}"
    )) {
        bar.set_style(style.progress_chars("━╸ "));
    }
    bar
}

/// The bar of each pass of a run over a test set, drawn on the terminal.
#[derive(Default)]
pub(crate) struct Bars(Mutex<Option<ProgressBar>>);

impl Progress for Bars {
    fn begin(&self, len: usize, what: &str) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(progress_bar(len, true, what));
    }

    fn tick(&self) {
        if let Some(bar) = &*self.0.lock().unwrap_or_else(|e| e.into_inner()) {
            bar.inc(1);
        }
    }

    fn end(&self) {
        if let Some(bar) = self.0.lock().unwrap_or_else(|e| e.into_inner()).take() {
            bar.finish_and_clear();
        }
    }
}
