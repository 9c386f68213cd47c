//! A case of a recipe: what its keys say, one case per `count:` value,
//! and how each one's input is made (`generate:` with `{count}`, `{seed}`
//! and `{name}` filled in as BAPCtools fills them, `copy:`, or only
//! inline files).

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_yaml::{Mapping, Value};

use super::{
    EXTENSIONS, Planned, Reader, RecipeError, RecipeFault, Rule, Scope, Source, counts, fill_seed,
    scalar,
};

impl Reader<'_> {
    /// A case (one per `count:` value) called `key` in folder `rel`.
    pub(super) fn case(
        &mut self,
        v: &Value,
        keys: &[&str],
        key: &str,
        numbered: bool,
        rel: &str,
        scope: &Scope,
    ) -> Result<(), RecipeError> {
        let map = self.case_mapping(v, keys)?;
        let own = self.case_keys(&map, keys, key, scope);
        let values = counts(v);
        let list = values.clone().unwrap_or_else(|| vec![1]);
        if list.is_empty() {
            return Err(self.err(&[keys, &["count"]].concat(), RecipeFault::Count));
        }
        let pad = count_width(&list);
        for count in list {
            let mut name = match numbered {
                true => self.number(key),
                false => key.to_string(),
            };
            if values.is_some() {
                name = format!("{name}-{count:0pad$}");
            }
            let source = source(&map, count, values.is_some(), &own.salt);
            let path = match rel.is_empty() {
                true => name,
                false => format!("{rel}/{name}"),
            };
            self.add_case(key, path, source, &own, scope.retries);
        }
        Ok(())
    }

    /// A case as a mapping of its keys: a string is the command that
    /// generates it, or (ending in `.in`) the files it copies.
    fn case_mapping(&self, v: &Value, keys: &[&str]) -> Result<Mapping, RecipeError> {
        Ok(match v {
            Value::Mapping(m) => m.clone(),
            Value::String(s) if s.ends_with(".in") => {
                let mut m = Mapping::new();
                m.insert("copy".into(), s.trim_end_matches(".in").into());
                m
            }
            Value::String(s) => {
                let mut m = Mapping::new();
                m.insert("generate".into(), s.clone().into());
                m
            }
            Value::Null => Mapping::new(),
            _ => return Err(self.err(keys, RecipeFault::Case)),
        })
    }

    /// What the keys of case `key` say beside how its input is made (the
    /// folder's `scope` where they say nothing); keys judge does not act
    /// on are listed as skipped.
    fn case_keys(&mut self, map: &Mapping, keys: &[&str], key: &str, scope: &Scope) -> CaseKeys {
        let mut own = CaseKeys {
            inline: BTreeMap::new(),
            solution: scope.solution.clone(),
            salt: scope.salt.clone(),
        };
        for (k, value) in map {
            let k = scalar(k);
            match k.as_str() {
                "generate" | "copy" | "count" => {}
                "solution" => {
                    own.solution = value
                        .as_str()
                        .map(|s| PathBuf::from(s.trim_start_matches('/')))
                }
                "random_salt" => own.salt = scalar(value),
                // BAPCtools ends a non-empty inline file with a newline.
                ext if EXTENSIONS.contains(&ext) => {
                    let text = scalar(value);
                    let end = (!text.is_empty() && !text.ends_with('\n')).then_some("\n");
                    own.inline.insert(k.clone(), text + end.unwrap_or_default());
                }
                other => {
                    let why = match other {
                        "match" => "expectations on the files are not checked",
                        "visualizer" => crate::generators::OLD_VISUALIZER,
                        _ => "not supported by judge",
                    };
                    self.skip(&[keys, &[other]].concat(), &format!("{key}: {other}"), why);
                }
            }
        }
        own
    }

    /// The case at `path` (made by `source`, called `key` in the recipe)
    /// added to the recipe, and known to later `include:`s.
    fn add_case(&mut self, key: &str, path: String, source: Source, own: &CaseKeys, retries: u32) {
        self.known_keys
            .entry(key.to_string())
            .or_default()
            .push(Rule::Case(path.clone()));
        self.known_cases.insert(path.clone(), path.clone());
        self.recipe.cases.push(Planned {
            path,
            source,
            inline: own.inline.clone(),
            solution: own.solution.clone(),
            retries,
        });
    }
}

/// What a case's own keys say beside how its input is made: its inline
/// files, the submission that writes its answer, its seed's salt.
struct CaseKeys {
    inline: BTreeMap<String, String>,
    solution: Option<PathBuf>,
    salt: String,
}

/// The width `count:` values are zero-padded to in case names: the widest
/// value's when they are consecutive, none otherwise.
fn count_width(list: &[i64]) -> usize {
    let consecutive = list
        .iter()
        .max()
        .zip(list.iter().min())
        .is_some_and(|(hi, lo)| (hi - lo) as usize + 1 == list.len());
    match consecutive {
        true => list.iter().map(|c| c.to_string().len()).max().unwrap_or(0),
        false => 0,
    }
}

/// How the input of a case (its `count`, when `counted`) is made: a
/// generator's command with `{count}`, `{seed}` and `{name}` filled in,
/// files to copy, or only inline files.
fn source(map: &Mapping, count: i64, counted: bool, salt: &str) -> Source {
    if let Some(cmd) = map.get("generate").and_then(Value::as_str) {
        let mut cmd = cmd.to_string();
        if counted {
            cmd = cmd.replace("{count}", &count.to_string());
        }
        let mut seed_text = salt.to_string();
        if count != 1 {
            seed_text += &format!(":{}", count - 1);
        }
        seed_text += cmd.trim();
        let seed = crate::generators_seed::seed(&seed_text);
        // BAPCtools runs every generator in a folder of its own,
        // where the case is `testcase`: `{name}` names its files.
        let mut words = cmd
            .split_whitespace()
            .map(|w| w.replace("{name}", "testcase"));
        let program = words.next().unwrap_or_default();
        let uses_seed = cmd.contains("{seed");
        let args = words.map(|w| fill_seed(&w, seed)).collect();
        Source::Generate {
            program,
            args,
            seed: uses_seed.then_some(seed),
        }
    } else if let Some(path) = map.get("copy").and_then(Value::as_str) {
        Source::Copy(PathBuf::from(path))
    } else {
        Source::Inline
    }
}
