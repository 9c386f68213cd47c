//! `judge new ID`: a problem that passes `judge check` at once, so a
//! setter starts from something that works and changes one file at a
//! time. In a folder that is not yet a repository it makes the repository
//! too (`judge-config.yaml`, `problems/`, `.gitignore`).
//!
//! The problem is written in a staging folder and moved into place in one
//! step: an interrupted `judge new` leaves nothing half-made, and an
//! existing problem is never overwritten.

use std::path::Path;

use super::context::Context;
use crate::error::{Error, Result};
use crate::package::root;
use crate::package::scaffold::{self, files};
use crate::report::Status;

#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The problem's id: its folder's name (lowercase letters, digits and
    /// `-`).
    pub id: String,
    /// Its title (default: the id).
    #[arg(long)]
    pub name: Option<String>,
    /// The reference program's language: py, cpp, c, rust or java.
    #[arg(long, default_value = "py")]
    pub reference: String,
    /// Write an in-crate solver instead (a Rust crate under crates/ and its
    /// registry line; judge's own source tree only, and judge must be
    /// rebuilt).
    #[arg(long, conflicts_with = "reference")]
    pub in_crate: bool,
    /// judge's layout or a 2025-09 package (default: what the problems
    /// folder already holds; judge's layout when it is empty).
    #[arg(long, value_enum)]
    pub format: Option<Layout>,
}

/// How the new problem is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Layout {
    Judge,
    #[value(name = "2025-09")]
    Package,
}

impl From<Layout> for scaffold::Layout {
    fn from(layout: Layout) -> scaffold::Layout {
        match layout {
            Layout::Judge => scaffold::Layout::Judge,
            Layout::Package => scaffold::Layout::Package,
        }
    }
}

pub fn run(ctx: &Context, args: Args) -> Result<Status> {
    let id = args.id.as_str();
    scaffold::check_id(id)?;
    let template = match args.in_crate {
        true => None,
        false => Some(files::template(&args.reference).ok_or_else(|| {
            Error::Usage(format!(
                "--reference {}: judge new writes a reference in {}",
                args.reference,
                files::NAMES
            ))
        })?),
    };
    let mut made = Vec::new();
    if !ctx.problems_dir.exists() && ctx.problems_dir == ctx.root.join(root::PROBLEMS) {
        made.extend(scaffold::repository(&ctx.root)?);
    }
    let layout = args
        .format
        .unwrap_or_else(|| match root::holds_packages(&ctx.problems_dir) {
            // Beside packages, a new problem is one too.
            true => Layout::Package,
            false => Layout::Judge,
        });
    if args.in_crate && layout == Layout::Package {
        return Err(Error::Usage(
            "--in-crate makes a problem in judge's layout (a package's reference is a submission)"
                .into(),
        ));
    }
    let target = ctx.problems_dir.join(id);
    if target.exists() {
        return Err(Error::Usage(format!(
            "{} exists; judge new never overwrites a problem",
            target.display()
        )));
    }
    let title = args.name.clone().unwrap_or_else(|| id.to_string());
    let tree = scaffold::tree(layout.into(), id, &title, template);
    if args.in_crate {
        made.extend(scaffold::in_crate(&ctx.root, id)?);
    }
    scaffold::write(&target, &tree)?;
    for m in &made {
        println!("created {m}");
    }
    let what = match layout {
        Layout::Judge => "judge's layout",
        Layout::Package => "a 2025-09 package",
    };
    println!(
        "created {} ({what}, {} files)",
        target.display(),
        tree.len()
    );
    let check = match ctx.root_note.is_some() || ctx.problems_dir != Path::new("problems") {
        true => format!("judge check {}", target.display()),
        false => format!("judge check {id}"),
    };
    println!("next: `{check}` judges it; put submissions in its submissions/<verdict>/ folders");
    if args.in_crate {
        println!(
            "the solver is crates/{id}: rebuild judge first (`cargo build --release`, a minute or two)"
        );
    }
    Ok(Status::Passed)
}
