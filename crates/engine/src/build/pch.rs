//! A precompiled `<bits/stdc++.h>` for C++ compiled by g++.
//!
//! Contest C++ nearly always starts with `#include <bits/stdc++.h>`, and
//! reading that header is most of a compile: on the machines here 1.9 s of
//! CPU for a short submission, 0.55 s with the header precompiled. A
//! contest archive holds dozens of such submissions, so a cold `check`
//! spends a third of its CPU time compiling the same header.
//!
//! g++ looks for `bits/stdc++.h.gch` in each include folder just before it
//! looks for the header there, and takes it only when the same compiler
//! made it with the same options and no macro defined before the include
//! differs (`#define _GLIBCXX_DEBUG` first, say); otherwise it reads the
//! header as always. So the precompiled header can make a build faster,
//! never different, and a failure to make one costs nothing but the time.
//!
//! Making one costs about 5.3 s of CPU (measured here, g++ 12, -O2) and
//! saves about 1.4 s a compile (1.8 s to 0.36 s): in CPU it pays from the
//! fourth compile, but the compiles that want it wait while it is made,
//! so on two cores the wall clock gains only from about the eighth
//! (0.9 s a compile without, against 5.3 s + 0.18 s a compile with). A
//! run expecting fewer such compiles (a package with a handful of C++
//! submissions judged once with an empty cache, as CI does) makes none
//! and compiles as always, though it still takes one the cache holds
//! ([`expect`], [`PAYS`]).
//!
//! One is made per compiler and options, once per run, in the runner's
//! box (where sandboxed compilers can read it), and kept in the cache
//! between runs. A build gets it hard-linked into its scratch folder,
//! which is left out of the build's cache key and removed after the
//! compile; the `-I` flag naming that folder is in the key, so a build
//! with and one without the header are told apart.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use crate::cache::Cache;

/// The header, relative to an include folder.
const HEADER: &str = "bits/stdc++.h";

/// The include folder inside a build folder's scratch folder.
const FOLDER: &str = "pch";

/// The fewest compiles that use the header for which making it pays on
/// the wall clock of a two-core machine (see the module's figures).
pub const PAYS: usize = 8;

/// How many compiles of sources that include the header this run expects
/// ([`expect`]); none until told.
static EXPECTED: AtomicUsize = AtomicUsize::new(0);

/// Tells the run which sources it will compile (files, or folders of
/// one program), before the builds start: the C++ ones that include the
/// header are counted against [`PAYS`]. A source that cannot be read
/// counts as none.
pub(crate) fn expect<'p>(sources: impl IntoIterator<Item = &'p Path>) {
    let count = sources
        .into_iter()
        .flat_map(|p| walkdir::WalkDir::new(p).into_iter().flatten())
        .filter(|e| e.file_type().is_file() && is_cpp(e.path()))
        .filter(|e| std::fs::read_to_string(e.path()).is_ok_and(|t| includes_header(&t)))
        .count();
    EXPECTED.fetch_add(count, Ordering::Relaxed);
}

fn is_cpp(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| ["cpp", "cc", "cxx", "c++", "C"].iter().any(|x| e == *x))
}

/// Whether `text` includes the header (spaces allowed after `#`).
fn includes_header(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with('#') && l.contains("include") && l.contains("<bits/stdc++.h>")
    })
}

/// The include folder of build folder `dir` under its scratch folder
/// `scratch`, and the `-I` flag naming it: made here alone, so the flag
/// [`flag`] adds is the one [`place`] looks for.
fn folder_and_flag(dir: &Path, scratch: &str) -> (PathBuf, String) {
    let folder = dir.join(scratch).join(FOLDER);
    let flag = format!("-I{}", folder.display());
    (folder, flag)
}

/// The flag `folder` adds to a compile of `text` by `argv` in build
/// folder `dir` under its scratch folder `scratch`: `Some` when the
/// compiler is g++ and the source includes `<bits/stdc++.h>`.
pub(crate) fn flag(argv: &[String], text: &str, dir: &Path, scratch: &str) -> Option<String> {
    let gxx = argv
        .first()
        .and_then(|c| Path::new(c).file_name())
        .is_some_and(|n| n.to_string_lossy().starts_with("g++"));
    (gxx && includes_header(text)).then(|| folder_and_flag(dir, scratch).1)
}

/// Puts the precompiled header where `argv`'s `-I` flag (made by
/// [`flag`]) points, making it first when this run has none for the
/// compiler and options. `new_dir` gives a fresh folder sandboxed
/// compilers can write; `compile` runs a compiler command in a folder
/// (true when it succeeded). Nothing is placed when anything fails.
pub(crate) fn place(
    argv: &[String],
    dir: &Path,
    scratch: &str,
    cache: Option<&Cache>,
    new_dir: impl FnOnce() -> Option<PathBuf>,
    compile: impl FnOnce(Vec<String>, &Path) -> bool,
) {
    let (folder, wanted) = folder_and_flag(dir, scratch);
    let Some(at) = argv.iter().position(|a| *a == wanted) else {
        return;
    };
    let options = options(argv, at);
    let key = match cache {
        Some(c) => c
            .key("pch")
            .part("compiler", c.tool_identity(&argv[0]).as_bytes())
            .part("options", options.join("\0").as_bytes())
            .finish(),
        None => format!("{}\0{}", argv[0], options.join("\0")),
    };
    let Some(made) = made(&key, cache, new_dir, |out| {
        let mut make = vec![argv[0].clone()];
        make.extend(options.iter().cloned());
        make.extend(["-x".into(), "c++-header".into(), "wrap.h".into()]);
        make.extend(["-o".into(), out.display().to_string()]);
        let cwd = out.parent()?;
        std::fs::write(cwd.join("wrap.h"), format!("#include <{HEADER}>\n")).ok()?;
        compile(make, cwd).then_some(())
    }) else {
        return;
    };
    let target = folder.join(format!("{HEADER}.gch"));
    if let Some(parent) = target.parent()
        && std::fs::create_dir_all(parent).is_ok()
        && std::fs::hard_link(&made, &target).is_err()
    {
        let _ = std::fs::copy(&made, &target);
    }
}

/// The options of a compile that a precompiled header must share: every
/// flag but the output (`-o FILE`) and the include folder at `at`.
fn options(argv: &[String], at: usize) -> Vec<String> {
    let mut options = Vec::new();
    let mut words = argv.iter().enumerate().skip(1);
    while let Some((i, w)) = words.next() {
        if w == "-o" {
            words.next();
        } else if i != at && w.starts_with('-') {
            options.push(w.clone());
        }
    }
    options
}

/// Where this run keeps the header for `key`: made once (by `make`, given
/// the file to write), or copied from the cache. `None` when it cannot be
/// had; that is remembered, so a failing compiler is not asked again.
fn made(
    key: &str,
    cache: Option<&Cache>,
    new_dir: impl FnOnce() -> Option<PathBuf>,
    make: impl FnOnce(&Path) -> Option<()>,
) -> Option<PathBuf> {
    static MADE: OnceLock<Mutex<HashMap<String, Option<PathBuf>>>> = OnceLock::new();
    // Held while the header is made: the other compiles that want it wait
    // for it (a few seconds once) rather than each making their own.
    let mut made = MADE
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    match made.get(key) {
        // A runner's box goes with the runner; a later one makes its own.
        Some(Some(path)) if path.is_file() => return Some(path.clone()),
        Some(None) => return None,
        _ => {}
    }
    let out = new_dir().map(|d| d.join("stdc++.h.gch"));
    let kept = cache.map(|c| c.root().join("pch").join(format!("{key}.gch")));
    let got = out.filter(|out| {
        let copied = kept
            .as_ref()
            .is_some_and(|k| k.is_file() && std::fs::copy(k, out).is_ok());
        if copied {
            return true;
        }
        if EXPECTED.load(Ordering::Relaxed) < PAYS {
            return false;
        }
        let fresh = crate::timeline::pch(|| make(out)).is_some() && out.is_file();
        if fresh && let Some(kept) = &kept {
            keep(out, kept);
        }
        fresh
    });
    made.insert(key.to_string(), got.clone());
    got
}

/// Stores a fresh header in the cache, renamed into place whole so a
/// concurrent run never reads half of it. Failing to is no error: the
/// next run makes it again.
fn keep(out: &Path, kept: &Path) {
    if let Some(parent) = kept.parent()
        && std::fs::create_dir_all(parent).is_ok()
        && let Ok(tmp) = tempfile::NamedTempFile::new_in(parent)
        && std::fs::copy(out, tmp.path()).is_ok()
    {
        let _ = tmp.persist(kept);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(String::from).collect()
    }

    #[test]
    fn only_g_plus_plus_on_a_source_that_includes_the_header_gets_the_flag() {
        let dir = Path::new("/b");
        let text = "// x\n#include <bits/stdc++.h>\nint main() {}\n";
        let gxx = words("/usr/bin/g++ -O2 -o prog a.cpp");
        assert_eq!(
            flag(&gxx, text, dir, ".cache").as_deref(),
            Some("-I/b/.cache/pch")
        );
        assert_eq!(flag(&gxx, "#include <vector>\n", dir, ".cache"), None);
        let clang = words("/usr/bin/clang++ -O2 -o prog a.cpp");
        assert_eq!(flag(&clang, text, dir, ".cache"), None);
        let spaced = "# include  <bits/stdc++.h>\n";
        assert!(flag(&gxx, spaced, dir, ".cache").is_some());
    }

    #[test]
    fn the_options_leave_out_the_output_the_sources_and_the_folder() {
        let argv = words("g++ -I/b/.cache/pch -O2 -std=gnu++23 -DONLINE_JUDGE -o prog a.cpp");
        assert_eq!(options(&argv, 1), words("-O2 -std=gnu++23 -DONLINE_JUDGE"));
    }
}
