//! A BAPCtools recipe, `generators/generators.yaml`, read into the list of
//! cases it describes, so a package whose data exists only as a recipe is
//! judged in place (the engine runs the recipe; see `judge-engine`'s
//! `generated`). Numbering, `{seed}` and `{count}` follow BAPCtools, so the
//! same recipe names and seeds its cases as `bt generate` does. Keys judge
//! does not act on are listed in [`Recipe::skipped`], never dropped silently.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use serde_yaml::{Mapping, Value};

#[path = "generators_case.rs"]
mod case;
#[path = "generators_error.rs"]
mod error;
#[path = "generators_include.rs"]
mod include;

pub use error::{RecipeError, RecipeFault};

pub use error::RECIPE;

/// Why a recipe's `visualizer` key (BAPCtools' command of before 2025,
/// run in each case's folder) is skipped: BAPCtools replaced it by the
/// format's `input_visualizer/` and `output_visualizer/`, which judge runs.
pub(crate) const OLD_VISUALIZER: &str = "BAPCtools' old visualizer command is not run; judge runs input_visualizer/ and output_visualizer/";

/// File kinds a case of the recipe may give inline or copy.
pub const EXTENSIONS: [&str; 6] = ["in", "ans", "out", "hint", "desc", "interaction"];

/// What the recipe describes.
#[derive(Debug, Default, Clone)]
pub struct Recipe {
    /// Every case, in recipe order.
    pub cases: Vec<Planned>,
    /// Each folder below `data/` with its `test_group.yaml` text, if any.
    pub folders: Vec<(String, Option<String>)>,
    /// Named programs: name → files (relative to `generators/`).
    pub programs: BTreeMap<String, Vec<PathBuf>>,
    /// `(place, why)` of every key judge does not act on.
    pub skipped: Vec<(String, String)>,
    /// Cases a folder's `include:` links in, after every case is made.
    pub included: Vec<Included>,
}

/// A case linked into another folder by `include:` (BAPCtools' rule: the
/// same files under the same name, in the including folder).
#[derive(Debug, Clone, PartialEq)]
pub struct Included {
    /// Below `data/`, without extension: the new place.
    pub path: String,
    /// The case it copies (a generated or hand-written one, never itself
    /// an included copy).
    pub from: String,
}

/// Root folders in the order BAPCtools makes (and numbers) them.
const ROOT_ORDER: [&str; 8] = [
    "sample",
    "secret",
    "invalid_output",
    "invalid_answer",
    "invalid_input",
    "valid_output",
    "testing_tool_test",
    "fuzz",
];

/// One case: where it goes and how its files are made.
#[derive(Debug, Clone, PartialEq)]
pub struct Planned {
    /// Below `data/`, without extension (`secret/03-random-2`).
    pub path: String,
    pub source: Source,
    /// Files given inline: extension → text.
    pub inline: BTreeMap<String, String>,
    /// The submission that writes the answer when nothing else does
    /// (package-relative).
    pub solution: Option<PathBuf>,
    /// Extra tries (seed + 1 each) when the generator fails.
    pub retries: u32,
}

/// Where a case's input comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    /// A program (first word, a `generators:` name or a path below
    /// `generators/`) and its arguments, `{seed}` etc. filled in; `seed`
    /// is what `{seed}` became, for retries.
    Generate {
        program: String,
        args: Vec<String>,
        seed: Option<u32>,
    },
    /// Files `<path>.<ext>` below `generators/`.
    Copy(PathBuf),
    /// Only inline files.
    Inline,
}

/// Inherited down the folders.
#[derive(Clone)]
struct Scope {
    solution: Option<PathBuf>,
    salt: String,
    retries: u32,
}

struct Reader<'a> {
    text: &'a str,
    recipe: Recipe,
    next_case: usize,
    /// Numbered cases in the whole recipe (their names' width).
    case_total: usize,
    /// For `include:`: every key seen so far, with what it named.
    known_keys: HashMap<String, Vec<Rule>>,
    /// Every case path so far, with the case it holds (itself, or the
    /// target of an include).
    known_cases: HashMap<String, String>,
    /// Each folder's included targets.
    folder_includes: HashMap<String, Vec<String>>,
}

/// What a key of the recipe names, for `include:`.
#[derive(Debug, Clone)]
enum Rule {
    Case(String),
    Folder(String),
}

/// Reads the recipe's `text`; errors are `generators/generators.yaml:L:C: why`.
pub fn parse(text: &str) -> Result<Recipe, crate::error::Error> {
    Ok(read(text)?)
}

fn read(text: &str) -> Result<Recipe, RecipeError> {
    let root: Value = crate::located::yaml(text).map_err(RecipeError::Yaml)?;
    let Some(map) = root.as_mapping() else {
        return Err(RecipeError::At {
            line: 1,
            col: 1,
            fault: RecipeFault::NotAMapping,
        });
    };
    let cases = numbered_cases(&root);
    let mut r = Reader {
        text,
        recipe: Recipe::default(),
        next_case: 1,
        case_total: cases,
        known_keys: HashMap::new(),
        known_cases: HashMap::new(),
        folder_includes: HashMap::new(),
    };
    if let Some(g) = map.get("generators") {
        let Some(g) = g.as_mapping() else {
            return Err(r.err(&["generators"], RecipeFault::Generators));
        };
        for (name, files) in g {
            let name = scalar(name);
            let files = match files {
                Value::Sequence(s) => s.iter().map(|f| PathBuf::from(scalar(f))).collect(),
                other => vec![PathBuf::from(scalar(other))],
            };
            r.recipe.programs.insert(name, files);
        }
    }
    let scope = Scope {
        solution: None,
        salt: String::new(),
        retries: 1,
    };
    r.folder(map, &[], ("", ""), scope, true)?;
    Ok(r.recipe)
}

/// The text of a scalar (numbers too: a folder named `1`).
fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => serde_yaml::to_string(other)
            .unwrap_or_default()
            .trim()
            .to_string(),
    }
}

/// A directory of the recipe: BAPCtools' rule, a mapping with none of
/// the keys only a case has.
fn is_folder(v: &Value) -> bool {
    v.as_mapping().is_some_and(|m| {
        !m.keys().filter_map(Value::as_str).any(|k| {
            ["copy", "generate", "count", "match"].contains(&k)
                || EXTENSIONS.contains(&k)
                || k.starts_with("in.")
                || k.starts_with("ans.")
        })
    })
}

/// The numbered cases (count expanded) of the whole recipe: BAPCtools
/// numbers them across the recipe, zero-padded to the width of the total.
fn numbered_cases(v: &Value) -> usize {
    let mut cases = 0;
    let Some(data) = v.get("data") else {
        return 0;
    };
    let (items, numbered): (Vec<&Mapping>, bool) = match data {
        Value::Sequence(s) => (s.iter().filter_map(Value::as_mapping).collect(), true),
        Value::Mapping(m) => (vec![m], false),
        _ => return 0,
    };
    for m in items {
        for (_, child) in m {
            if is_folder(child) {
                cases += numbered_cases(child);
            } else if numbered {
                cases += counts(child).map_or(1, |c| c.len());
            }
        }
    }
    cases
}

/// A case's `count:` values, `None` without one (BAPCtools: an int 1..=100,
/// a list of distinct ints, or `a..=b`).
fn counts(v: &Value) -> Option<Vec<i64>> {
    let c = v.get("count")?;
    if let Some(n) = c.as_i64() {
        return Some((1..=n).collect());
    }
    if let Some(s) = c.as_sequence() {
        return Some(s.iter().filter_map(Value::as_i64).collect());
    }
    let s = c.as_str()?;
    let (lo, hi) = s.split_once("..=")?;
    Some((lo.trim().parse().ok()?..=hi.trim().parse().ok()?).collect())
}

impl Reader<'_> {
    /// `fault` at the place of the key `keys`.
    fn err(&self, keys: &[&str], fault: RecipeFault) -> RecipeError {
        let (line, col) = crate::located::key(self.text, keys);
        RecipeError::At { line, col, fault }
    }

    fn skip(&mut self, keys: &[&str], what: &str, why: &str) {
        let (line, col) = crate::located::key(self.text, keys);
        self.recipe
            .skipped
            .push((format!("{RECIPE}:{line}:{col}: {what}"), why.into()));
    }

    /// A folder at `rel` below `data/`, called `key` in the recipe
    /// (`keys`: its place in the text).
    fn folder(
        &mut self,
        map: &Mapping,
        keys: &[&str],
        (key, rel): (&str, &str),
        mut scope: Scope,
        root: bool,
    ) -> Result<(), RecipeError> {
        let at = |k: &'static str| [keys, &[k]].concat();
        self.known_keys
            .entry(key.to_string())
            .or_default()
            .push(Rule::Folder(rel.to_string()));
        let mut settings = None;
        // Gathered before the folder's own cases: a folder includes only
        // what came before it (BAPCtools' rule).
        let mut included = Vec::new();
        for (key, value) in map {
            let key = scalar(key);
            match key.as_str() {
                "data" => {}
                "solution" => {
                    scope.solution = value
                        .as_str()
                        .map(|s| PathBuf::from(s.trim_start_matches('/')))
                }
                "random_salt" => scope.salt = scalar(value),
                "retries" => scope.retries = value.as_u64().unwrap_or(1).max(1) as u32,
                "test_group.yaml" | "testdata.yaml" => {
                    settings = Some(serde_yaml::to_string(value).unwrap_or_default())
                }
                "generators" | "version" if root => {}
                "include" => included = self.gather(value, &at("include"))?,
                other => {
                    let why = match other {
                        "visualizer" | "input_visualizer" | "output_visualizer" => {
                            crate::generators::OLD_VISUALIZER
                        }
                        _ => "not supported by judge",
                    };
                    self.skip(&[keys, &[other]].concat(), other, why);
                }
            }
        }
        // The root is `data/` itself: its settings (a contest-wide
        // `output_validator_args`, say) go to `data/test_group.yaml`.
        if !rel.is_empty() || settings.is_some() {
            self.recipe.folders.push((rel.to_string(), settings));
        }
        self.children(map, keys, rel, &scope, root)?;
        self.link(included, rel, &at("include"))
    }

    /// The cases and folders of the folder at `rel`.
    fn children(
        &mut self,
        map: &Mapping,
        keys: &[&str],
        rel: &str,
        scope: &Scope,
        root: bool,
    ) -> Result<(), RecipeError> {
        let at = |k: &'static str| [keys, &[k]].concat();
        let Some(data) = map.get("data") else {
            return Ok(());
        };
        let (items, numbered): (Vec<&Mapping>, bool) = match data {
            Value::Null => return Ok(()),
            Value::Sequence(s) => (s.iter().filter_map(Value::as_mapping).collect(), true),
            Value::Mapping(m) => (vec![m], false),
            _ => return Err(self.err(&at("data"), RecipeFault::Data)),
        };
        if root && numbered {
            return Err(self.err(&at("data"), RecipeFault::NumberedRoot));
        }
        let join = |name: &str| match rel.is_empty() {
            true => name.to_string(),
            false => format!("{rel}/{name}"),
        };
        // Folders are numbered within their folder (cases across the recipe).
        let groups = items
            .iter()
            .flat_map(|m| m.values())
            .filter(|v| is_folder(v))
            .count();
        let mut next_group = 1;
        for m in items {
            for (key, child) in ordered(m, root) {
                let child_keys: Vec<&str> = [keys, &["data", key.as_str()]].concat();
                if is_folder(child) {
                    let name = match numbered {
                        true => numbered_name(&key, next_group, groups),
                        false => key.clone(),
                    };
                    next_group += 1;
                    let Some(child) = child.as_mapping() else {
                        continue;
                    };
                    let at = (key.as_str(), join(&name));
                    self.folder(child, &child_keys, (at.0, &at.1), scope.clone(), false)?;
                } else {
                    if !numbered && key.is_empty() {
                        return Err(self.err(&child_keys, RecipeFault::Unnamed));
                    }
                    self.case(child, &child_keys, &key, numbered, rel, scope)?;
                }
            }
        }
        Ok(())
    }

    /// The next numbered name of a case called `key`.
    fn number(&mut self, key: &str) -> String {
        self.next_case += 1;
        numbered_name(key, self.next_case - 1, self.case_total)
    }
}

/// Whether the package's own `data/` lacks a case its recipe names (or
/// the recipe does not read): then judge generates the data rather than
/// judge a stale or partial copy. Contents are not compared: a `data/`
/// holding every case the recipe names is taken as its result.
pub fn is_stale(pkg: &std::path::Path) -> bool {
    let Ok(text) = std::fs::read_to_string(pkg.join(RECIPE)) else {
        return false;
    };
    let Ok(recipe) = parse(&text) else {
        return true;
    };
    let missing = |path: &str| !pkg.join("data").join(format!("{path}.in")).is_file();
    recipe
        .cases
        .iter()
        .any(|c| (c.source != Source::Inline || c.inline.contains_key("in")) && missing(&c.path))
        || recipe.included.iter().any(|i| missing(&i.path))
}

/// The entries of a `data:` mapping in the order BAPCtools reads them:
/// the root's folders in [`ROOT_ORDER`] (others after them, as written),
/// any other folder's by name. Numbers follow this order.
fn ordered(m: &Mapping, root: bool) -> Vec<(String, &Value)> {
    let mut entries: Vec<(String, &Value)> = m.iter().map(|(k, v)| (scalar(k), v)).collect();
    match root {
        true => entries.sort_by_key(|(k, _)| {
            ROOT_ORDER
                .iter()
                .position(|r| r == k)
                .unwrap_or(ROOT_ORDER.len())
        }),
        false => entries.sort_by(|a, b| a.0.cmp(&b.0)),
    }
    entries
}

/// `key` numbered `n` of `total`, zero-padded to the width of `total`.
fn numbered_name(key: &str, n: usize, total: usize) -> String {
    let width = total.to_string().len();
    match key.is_empty() {
        true => format!("{n:0width$}"),
        false => format!("{n:0width$}-{key}"),
    }
}

/// `word` with `{seed}` and `{seed:N}` replaced by `seed`.
pub(crate) fn fill_seed(word: &str, seed: u32) -> String {
    let mut out = String::new();
    let mut rest = word;
    while let Some(i) = rest.find("{seed") {
        let Some(end) = rest[i..].find('}') else {
            break;
        };
        let inner = &rest[i + 5..i + end];
        if inner.is_empty()
            || (inner.starts_with(':') && inner[1..].chars().all(|c| c.is_ascii_digit()))
        {
            out.push_str(&rest[..i]);
            out.push_str(&seed.to_string());
        } else {
            out.push_str(&rest[..i + end + 1]);
        }
        rest = &rest[i + end + 1..];
    }
    out + rest
}

#[cfg(test)]
#[path = "generators_tests.rs"]
mod tests;
