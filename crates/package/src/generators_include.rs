//! `include:` in a recipe: a folder lists keys of earlier cases or
//! folders, and every case they name is linked into it under its own
//! name (BAPCtools' rule), so one generated case can be judged in several
//! groups without a second generator run. A key is the recipe's key (the
//! name before numbering); it must name exactly one earlier case or
//! folder, and a folder brings every case below it, with what its own
//! folders included.

use serde_yaml::Value;

use super::{Included, Reader, RecipeError, RecipeFault, Rule};

impl Reader<'_> {
    /// The cases `value` (the list under `include:`) names, by their own
    /// paths; `keys` is its place, for errors.
    pub(super) fn gather(&self, value: &Value, keys: &[&str]) -> Result<Vec<String>, RecipeError> {
        let list = match value {
            Value::Null => return Ok(Vec::new()),
            Value::Sequence(s) => s.as_slice(),
            _ => return Err(self.err(keys, RecipeFault::IncludeList)),
        };
        let mut cases = Vec::new();
        for (index, item) in list.iter().enumerate() {
            let Some(key) = item.as_str() else {
                let item = item.clone();
                return Err(self.err(keys, RecipeFault::IncludeItem { index, item }));
            };
            let key_of = || key.to_string();
            if key.contains('/') {
                return Err(self.err(keys, RecipeFault::IncludePath { key: key_of() }));
            }
            let rule = match self.known_keys.get(key).map(Vec::as_slice) {
                None | Some([]) => {
                    return Err(self.err(keys, RecipeFault::IncludeUnknown { key: key_of() }));
                }
                Some([one]) => one,
                Some(_) => {
                    return Err(self.err(keys, RecipeFault::IncludeAmbiguous { key: key_of() }));
                }
            };
            match rule {
                Rule::Case(path) => cases.push(path.clone()),
                Rule::Folder(folder) => cases.extend(self.below(folder)),
            }
        }
        Ok(cases)
    }

    /// Every case made so far below `folder`, then what it and its
    /// folders included.
    fn below(&self, folder: &str) -> Vec<String> {
        let inside = |path: &str| {
            folder.is_empty()
                || path
                    .strip_prefix(folder)
                    .is_some_and(|rest| rest.starts_with('/'))
        };
        let mut cases: Vec<String> = (self.recipe.cases.iter())
            .filter(|c| inside(&c.path))
            .map(|c| c.path.clone())
            .collect();
        let mut folders: Vec<&String> = (self.folder_includes.keys())
            .filter(|f| *f == folder || inside(f))
            .collect();
        folders.sort();
        for f in folders {
            cases.extend(self.folder_includes[f].iter().cloned());
        }
        cases
    }

    /// Links `cases` into the folder at `rel`: a name already taken by a
    /// different case is an error, the same case twice is one link.
    pub(super) fn link(
        &mut self,
        cases: Vec<String>,
        rel: &str,
        keys: &[&str],
    ) -> Result<(), RecipeError> {
        for from in cases {
            let name = from.rsplit('/').next().unwrap_or(&from);
            let path = match rel.is_empty() {
                true => name.to_string(),
                false => format!("{rel}/{name}"),
            };
            match self.known_cases.get(&path) {
                Some(held) if *held == from => continue,
                Some(held) if *held == path => {
                    return Err(self.err(keys, RecipeFault::IncludeOverCase { path, from }));
                }
                Some(held) => {
                    let held = held.clone();
                    return Err(self.err(keys, RecipeFault::IncludeClash { path, held, from }));
                }
                None => {}
            }
            self.known_cases.insert(path.clone(), from.clone());
            self.folder_includes
                .entry(rel.to_string())
                .or_default()
                .push(from.clone());
            self.recipe.included.push(Included { path, from });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{RecipeError, RecipeFault, parse};
    use crate::error::Error;

    /// The fault of a recipe that does not read, with its line.
    fn fault(text: &str) -> (usize, RecipeFault) {
        match parse(text).unwrap_err() {
            Error::Recipe(RecipeError::At { line, fault, .. }) => (line, fault),
            other => panic!("not a located fault: {other}"),
        }
    }

    /// The shape of BAPCtools' `generatorincludes` test problem: nested
    /// includes, a folder's includes carried by including the folder,
    /// and the same case reached twice linked once.
    #[test]
    fn include_links_earlier_cases_and_folders_by_key() {
        let r = parse(
            "data:\n  sample:\n    data:\n      a: {in: '1'}\n      b: {in: '2'}\n  secret:\n    data:\n      - low:\n          data:\n            - one: g.py 1\n            - two: g.py 2\n          include: [a]\n      - high:\n          data:\n            - three: g.py 3\n          include: [low, sample]\n",
        )
        .unwrap();
        let links: Vec<(&str, &str)> = (r.included.iter())
            .map(|i| (i.path.as_str(), i.from.as_str()))
            .collect();
        assert_eq!(
            links,
            [
                ("secret/1-low/a", "sample/a"),
                ("secret/2-high/1-one", "secret/1-low/1-one"),
                ("secret/2-high/2-two", "secret/1-low/2-two"),
                ("secret/2-high/a", "sample/a"),
                ("secret/2-high/b", "sample/b"),
            ]
        );
    }

    #[test]
    fn include_mistakes_are_named_at_their_place() {
        let text = "data:\n  secret:\n    include: [later]\n    data:\n      later: {in: '1'}\n";
        let later = || "later".to_string();
        assert_eq!(
            fault(text),
            (3, RecipeFault::IncludeUnknown { key: later() })
        );
        assert_eq!(
            parse(text).unwrap_err().to_string(),
            "generators/generators.yaml:3:5: include later: no earlier case or folder has this key"
        );
        let ambiguous = fault(
            "data:\n  sample:\n    data:\n      - x: {generate: 'g.py {count}', count: 2}\n  secret:\n    include: [x]\n",
        );
        assert_eq!(
            ambiguous,
            (6, RecipeFault::IncludeAmbiguous { key: "x".into() })
        );
        let path = fault(
            "data:\n  sample:\n    data:\n      x: {in: '1'}\n  secret:\n    include: [sample/x]\n",
        );
        assert_eq!(
            path,
            (
                6,
                RecipeFault::IncludePath {
                    key: "sample/x".into()
                }
            )
        );
        let clash = fault(
            "data:\n  sample:\n    data:\n      x: {in: '1'}\n  secret:\n    include: [x]\n    data:\n      x: {in: '2'}\n",
        );
        assert_eq!(
            clash,
            (
                6,
                RecipeFault::IncludeOverCase {
                    path: "secret/x".into(),
                    from: "sample/x".into()
                }
            )
        );
    }

    /// BAPCtools makes the root's folders in its own order and other
    /// folders' entries by name, and numbers cases in that order.
    #[test]
    fn folders_are_read_in_bapctools_order() {
        let r = parse(
            "data:\n  secret:\n    data:\n      z:\n        data:\n          - c: g.py 1\n      a:\n        data:\n          - d: g.py 2\n  sample:\n    data:\n      - e: g.py 3\n",
        )
        .unwrap();
        let paths: Vec<&str> = r.cases.iter().map(|c| c.path.as_str()).collect();
        assert_eq!(paths, ["sample/1-e", "secret/a/2-d", "secret/z/3-c"]);
    }
}
