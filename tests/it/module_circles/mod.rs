//! No import circle between the modules of any crate.
//!
//! Cargo refuses a cycle between crates and `layers.rs` refuses an arrow
//! that points up between them, but inside a crate the compiler accepts
//! any tangle: `case.rs` calling `reuse.rs`, which imports `Grader` from
//! `case.rs`. Such circles are how a crate grows two ways through the
//! same work, so this test reads every crate's module tree from its
//! source, draws an arrow from a file to each file whose module it names
//! (`use crate::…`, `super::…`, `self::…`, a child module's name, through
//! `use` re-exports to where the item was imported from), and fails on
//! any strongly connected set of two or more files, naming them and the
//! names that tie them.
//!
//! It reads tokens, not types: a path it cannot place (an external crate,
//! a local variable's field) draws no arrow, so it can miss an arrow but
//! never invents one through a name defined elsewhere. Items under
//! `#[cfg(test)]` are left out: a test may reach across the modules it
//! tests without that being a tangle in what ships.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::root;

mod tokens;
use tokens::{Tok, tokens, without_tests};

/// A module's path from its crate root (`["package", "read"]`).
type ModPath = Vec<String>;

/// One file of a crate's module tree.
struct File {
    path: PathBuf,
    module: ModPath,
    tokens: Vec<Tok>,
}

/// A crate's module tree: every file reached by `mod` declarations from
/// `root_file`, and every module (inline ones too) with its file.
#[derive(Default)]
struct Tree {
    files: Vec<File>,
    /// Module → index of the file that holds it.
    modules: BTreeMap<ModPath, usize>,
    /// Module → the names its `use` declarations bring in, with the path
    /// each stands for (relative paths already made absolute).
    imports: BTreeMap<ModPath, BTreeMap<String, ModPath>>,
}

impl Tree {
    fn read(root_file: &Path) -> Tree {
        let mut tree = Tree::default();
        tree.add(root_file.to_path_buf(), Vec::new(), true);
        tree
    }

    /// Adds the file at `path` as `module`, then the files it declares.
    /// `owns_dir`: a crate root or `mod.rs`, whose children sit beside it.
    fn add(&mut self, path: PathBuf, module: ModPath, owns_dir: bool) {
        let Ok(src) = std::fs::read_to_string(&path) else {
            return;
        };
        let toks = without_tests(tokens(&src));
        let index = self.files.len();
        let here = path.parent().unwrap().to_path_buf();
        let children_dir = match owns_dir {
            true => here.clone(),
            false => here.join(path.file_stem().unwrap()),
        };
        let mut declared = Vec::new();
        let mut scopes: Vec<(ModPath, usize)> = vec![(module.clone(), 0)];
        let mut depth = 0;
        let mut path_attr: Option<String> = None;
        let mut i = 0;
        while i < toks.len() {
            match &toks[i] {
                Tok::Open => depth += 1,
                Tok::Close => {
                    depth -= 1;
                    if scopes.len() > 1 && scopes.last().unwrap().1 == depth {
                        scopes.pop();
                    }
                }
                Tok::Ident(w) if w == "path" && toks.get(i + 1) == Some(&Tok::Other('=')) => {
                    if let Some(Tok::Str(p)) = toks.get(i + 2) {
                        path_attr = Some(p.clone());
                    }
                }
                Tok::Ident(w) if w == "mod" => {
                    if let Some(Tok::Ident(name)) = toks.get(i + 1) {
                        let scope = scopes.last().unwrap().0.clone();
                        let mut child = scope.clone();
                        child.push(name.clone());
                        match toks.get(i + 2) {
                            Some(Tok::Open) => {
                                self.modules.insert(child.clone(), index);
                                scopes.push((child, depth));
                            }
                            Some(Tok::Semi) if scopes.len() == 1 => {
                                declared.push((name.clone(), path_attr.take()));
                            }
                            _ => {}
                        }
                    }
                }
                Tok::Ident(w) if w == "use" && is_use(&toks, i) => {
                    let scope = scopes.last().unwrap().0.clone();
                    let mut j = i + 1;
                    let mut found = Vec::new();
                    use_tree(&toks, &mut j, Vec::new(), &mut found);
                    let names = self.imports.entry(scope.clone()).or_default();
                    for (full, alias) in found {
                        if let (Some(alias), Some(abs)) = (alias, absolute(&scope, &full)) {
                            names.insert(alias, abs);
                        }
                    }
                }
                Tok::Semi => path_attr = None,
                _ => {}
            }
            i += 1;
        }
        self.modules.insert(module.clone(), index);
        self.files.push(File {
            path,
            module: module.clone(),
            tokens: toks,
        });
        for (name, attr) in declared {
            let mut child = module.clone();
            child.push(name.clone());
            let (file, owns) = match attr {
                Some(p) => (here.join(p), false),
                None => {
                    let flat = children_dir.join(format!("{name}.rs"));
                    match flat.is_file() {
                        true => (flat, false),
                        false => (children_dir.join(&name).join("mod.rs"), true),
                    }
                }
            };
            // A `#[path]` file outside the crate's source (the binary's
            // solver list, shared by a test runner) is not this crate's.
            if file.starts_with(self.files[0].path.parent().unwrap()) || !file.exists() {
                let owns = owns || file.file_name().is_some_and(|n| n == "mod.rs");
                self.add(file, child, owns);
            }
        }
    }

    /// The file the path `segments` (absolute, from the crate root)
    /// leads to: the deepest module it names, or the module a name it
    /// takes from one was imported from. `None` outside the crate.
    fn target(&self, segments: &[String], hops: usize) -> Option<usize> {
        if hops > 8 {
            return None;
        }
        let mut module: ModPath = Vec::new();
        for (k, seg) in segments.iter().enumerate() {
            let mut deeper = module.clone();
            deeper.push(seg.clone());
            if self.modules.contains_key(&deeper) {
                module = deeper;
                continue;
            }
            // An item, or a name this module imported from elsewhere.
            if let Some(to) = self.imports.get(&module).and_then(|n| n.get(seg)) {
                let mut via = to.clone();
                via.extend(segments[k + 1..].iter().cloned());
                return self.target(&via, hops + 1);
            }
            break;
        }
        // The crate root reached through a name it neither declares as a
        // module nor imports: an external crate, or an item of the root.
        // A root holds declarations and re-exports, so no arrow is drawn
        // into it (its arrows out, its `pub use`s, are).
        if module.is_empty() {
            return None;
        }
        self.modules.get(&module).copied()
    }

    /// Every arrow: (from file, to file) → the names that draw it.
    fn arrows(&self) -> BTreeMap<(usize, usize), BTreeSet<String>> {
        let mut arrows: BTreeMap<(usize, usize), BTreeSet<String>> = BTreeMap::new();
        for (from, file) in self.files.iter().enumerate() {
            let mut scopes: Vec<(ModPath, usize)> = vec![(file.module.clone(), 0)];
            let mut depth = 0;
            let toks = &file.tokens;
            let mut i = 0;
            while i < toks.len() {
                let scope = scopes.last().unwrap().0.clone();
                let mut paths: Vec<Vec<String>> = Vec::new();
                match &toks[i] {
                    Tok::Open => depth += 1,
                    Tok::Close => {
                        depth -= 1;
                        if scopes.len() > 1 && scopes.last().unwrap().1 == depth {
                            scopes.pop();
                        }
                    }
                    Tok::Ident(w) if w == "mod" => {
                        if let (Some(Tok::Ident(n)), Some(Tok::Open)) =
                            (toks.get(i + 1), toks.get(i + 2))
                        {
                            let mut inner = scope.clone();
                            inner.push(n.clone());
                            scopes.push((inner, depth));
                            depth += 1;
                            i += 3;
                            continue;
                        }
                    }
                    Tok::Ident(w) if w == "use" && is_use(toks, i) => {
                        let mut j = i + 1;
                        let mut found = Vec::new();
                        use_tree(toks, &mut j, Vec::new(), &mut found);
                        paths.extend(found.into_iter().map(|(p, _)| p));
                        i = j - 1;
                    }
                    // The first name of a path (`a::b::c`, not its `b`).
                    Tok::Ident(first)
                        if (i == 0 || toks[i - 1] != Tok::Path)
                            && toks.get(i + 1) == Some(&Tok::Path) =>
                    {
                        let mut p = vec![first.clone()];
                        let mut j = i + 1;
                        while toks.get(j) == Some(&Tok::Path) {
                            match toks.get(j + 1) {
                                Some(Tok::Ident(n)) => p.push(n.clone()),
                                _ => break,
                            }
                            j += 2;
                        }
                        paths.push(p);
                        // The loop's step lands after the path.
                        i = j - 1;
                    }
                    _ => {}
                }
                for p in paths {
                    let Some(abs) = absolute(&scope, &p) else {
                        continue;
                    };
                    if let Some(to) = self.target(&abs, 0)
                        && to != from
                    {
                        let name = p.last().cloned().unwrap_or_default();
                        arrows.entry((from, to)).or_default().insert(name);
                    }
                }
                i += 1;
            }
        }
        arrows
    }

    /// The circles: sets of two or more files that reach each other.
    fn circles(&self) -> Vec<Vec<usize>> {
        let arrows = self.arrows();
        let n = self.files.len();
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &(a, b) in arrows.keys() {
            next[a].push(b);
        }
        let reach = |start: usize| {
            let mut seen = vec![false; n];
            let mut stack = vec![start];
            while let Some(v) = stack.pop() {
                for &w in &next[v] {
                    if !seen[w] {
                        seen[w] = true;
                        stack.push(w);
                    }
                }
            }
            seen
        };
        let all: Vec<Vec<bool>> = (0..n).map(reach).collect();
        let mut placed = vec![false; n];
        let mut circles = Vec::new();
        for v in 0..n {
            if placed[v] || !all[v][v] {
                continue;
            }
            let members: Vec<usize> = (0..n).filter(|&w| all[v][w] && all[w][v]).collect();
            for &w in &members {
                placed[w] = true;
            }
            if members.len() > 1 {
                circles.push(members);
            }
        }
        circles
    }

    /// A circle in words: its files and the arrows between them.
    fn describe(&self, circle: &[usize], base: &Path) -> String {
        let arrows = self.arrows();
        let name = |i: usize| {
            let p = &self.files[i].path;
            p.strip_prefix(base).unwrap_or(p).display().to_string()
        };
        let mut text = format!(
            "circle of {} files: {}",
            circle.len(),
            circle
                .iter()
                .map(|&i| name(i))
                .collect::<Vec<_>>()
                .join(", ")
        );
        for ((a, b), names) in &arrows {
            if circle.contains(a) && circle.contains(b) {
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                text += &format!("\n  {} -> {}: {}", name(*a), name(*b), names.join(", "));
            }
        }
        text
    }
}

/// Whether the word `use` at `i` starts a declaration, not a name in a
/// markup macro (`div.use { … }`).
fn is_use(toks: &[Tok], i: usize) -> bool {
    i == 0 || toks[i - 1] != Tok::Other('.')
}

/// The paths a `use` tree names, each with the name it binds (`None` for
/// a glob). `j` ends after the tree.
fn use_tree(
    toks: &[Tok],
    j: &mut usize,
    prefix: Vec<String>,
    found: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let mut path = prefix;
    loop {
        match toks.get(*j) {
            Some(Tok::Path) => *j += 1,
            Some(Tok::Ident(w)) if w == "as" => {
                *j += 1;
                if let Some(Tok::Ident(alias)) = toks.get(*j) {
                    *j += 1;
                    found.push((path.clone(), Some(alias.clone())));
                }
                return;
            }
            Some(Tok::Ident(w)) => {
                path.push(w.clone());
                *j += 1;
            }
            Some(Tok::Star) => {
                *j += 1;
                found.push((path.clone(), None));
                return;
            }
            Some(Tok::Open) => {
                *j += 1;
                loop {
                    use_tree(toks, j, path.clone(), found);
                    match toks.get(*j) {
                        Some(Tok::Comma) => *j += 1,
                        Some(Tok::Close) => {
                            *j += 1;
                            return;
                        }
                        _ => return,
                    }
                    if toks.get(*j) == Some(&Tok::Close) {
                        *j += 1;
                        return;
                    }
                }
            }
            _ => {
                if let Some(last) = path.last().cloned() {
                    let name = match last.as_str() {
                        "self" => path.len().checked_sub(2).map(|k| path[k].clone()),
                        _ => Some(last),
                    };
                    let full = match path.last().map(String::as_str) {
                        Some("self") => path[..path.len() - 1].to_vec(),
                        _ => path.clone(),
                    };
                    found.push((full, name));
                }
                return;
            }
        }
    }
}

/// `p` made absolute from module `scope`; `None` for a path that starts
/// outside the crate (or cannot be placed: a plain name is tried as a
/// child module of `scope` by [`Tree::target`], so it is kept).
fn absolute(scope: &[String], p: &[String]) -> Option<Vec<String>> {
    let first = p.first()?;
    let mut base: Vec<String> = match first.as_str() {
        "crate" => return Some(p[1..].to_vec()),
        "self" => scope.to_vec(),
        "super" => {
            let mut base = scope.to_vec();
            let mut k = 0;
            while p.get(k).is_some_and(|s| s == "super") {
                base.pop()?;
                k += 1;
            }
            base.extend(p[k..].iter().cloned());
            return Some(base);
        }
        // A name in scope: a child module, or an external crate (which
        // `target` places nowhere).
        _ => {
            let mut base = scope.to_vec();
            base.push(first.clone());
            base.extend(p[1..].iter().cloned());
            return Some(base);
        }
    };
    base.extend(p[1..].iter().cloned());
    Some(base)
}

/// Every crate root of the workspace: each crate's `lib.rs` and
/// `main.rs` (a binary is a crate of its own).
fn crate_roots() -> Vec<PathBuf> {
    let mut dirs = vec![root()];
    for entry in std::fs::read_dir(root().join("crates")).unwrap().flatten() {
        dirs.push(entry.path());
    }
    let mut roots = Vec::new();
    for dir in dirs {
        for file in ["src/lib.rs", "src/main.rs"] {
            if dir.join(file).is_file() {
                roots.push(dir.join(file));
            }
        }
    }
    roots.sort();
    roots
}

#[test]
fn no_crate_has_an_import_circle_between_its_modules() {
    let roots = crate_roots();
    assert!(roots.len() >= 14, "{roots:?}");
    let mut found = Vec::new();
    for root_file in roots {
        let tree = Tree::read(&root_file);
        for circle in tree.circles() {
            found.push(tree.describe(&circle, &root()));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// A crate written into a temporary folder: (file, text) pairs under src/.
fn scratch_crate(files: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let path = dir.path().join("src").join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
    }
    let lib = dir.path().join("src/lib.rs");
    (dir, lib)
}

fn circle_names(files: &[(&str, &str)]) -> Vec<Vec<String>> {
    let (dir, lib) = scratch_crate(files);
    let tree = Tree::read(&lib);
    tree.circles()
        .into_iter()
        .map(|c| {
            c.into_iter()
                .map(|i| {
                    let p = &tree.files[i].path;
                    p.strip_prefix(dir.path().join("src"))
                        .unwrap()
                        .display()
                        .to_string()
                })
                .collect()
        })
        .collect()
}

#[test]
fn the_guard_sees_a_circle_through_each_way_of_naming_a_module() {
    // Two siblings through `use crate::…` and a bare `super::` call.
    let lib = "pub mod a;\npub mod b;\nmod c;\n";
    let a = "use crate::b::Thing;\npub fn f() -> Thing { Thing }\n";
    let b = "pub struct Thing;\npub fn g() { super::a::f(); }\n";
    let c = "//! `use crate::a;` in a comment is no import\nconst S: &str = \"crate::a::f\";\n";
    assert_eq!(
        circle_names(&[("lib.rs", lib), ("a.rs", a), ("b.rs", b), ("c.rs", c)]),
        [["a.rs", "b.rs"]]
    );
    // Removing one arrow removes the circle.
    let b_alone = "pub struct Thing;\n";
    assert!(
        circle_names(&[("lib.rs", lib), ("a.rs", a), ("b.rs", b_alone), ("c.rs", c)]).is_empty()
    );
    // A parent that re-exports a child's item, used by a sibling the
    // parent calls: the arrow goes to the child, so no circle…
    let m = "mod inner;\nmod user;\npub use inner::Item;\npub fn run() { user::go(); }\n";
    let inner = "pub struct Item;\n";
    let user = "use super::{Item, inner::Item as Same};\npub fn go() { let _ = (Item, Same); }\n";
    let files = [
        ("lib.rs", "mod m;\n"),
        ("m/mod.rs", m),
        ("m/inner.rs", inner),
        ("m/user.rs", user),
    ];
    assert!(
        circle_names(&files).is_empty(),
        "{:?}",
        circle_names(&files)
    );
    // …but a child that takes something defined in the parent that calls
    // it closes one, also from a `#[path]` file and an inline module.
    let m2 =
        "#[path = \"odd_name.rs\"]\nmod user;\npub struct Own;\npub fn run() { user::go(); }\n";
    let odd = "pub fn go() {}\nmod inner {\n    use super::super::Own;\n}\n";
    let tree = |child: &'static str| {
        [
            ("lib.rs", "mod m;\n"),
            ("m/mod.rs", m2),
            ("m/odd_name.rs", child),
        ]
    };
    assert_eq!(circle_names(&tree(odd)), [["m/mod.rs", "m/odd_name.rs"]]);
    // Inside an inline module `super` is the file's own module, and what
    // only a test uses draws no arrow.
    let own = "pub fn go() {}\nmod inner {\n    use super::go;\n}\n\
               #[cfg(test)]\nmod tests {\n    use crate::m::Own;\n}\n";
    assert!(circle_names(&tree(own)).is_empty());
}
