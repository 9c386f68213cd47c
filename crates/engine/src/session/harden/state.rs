//! What `judge harden` has done, kept between runs so that a run stopped
//! by its budget (or by anything else) goes on where it stopped: per
//! target, whether a case caught it, it survived a search (of which seed
//! and how many inputs), or it could not be built; and the case that caught it.
//!
//! It lives in `target/harden/state/`, beside the builds,
//! because it describes this machine's searches. What lasts is written to
//! the problem itself: the cases and their recipe entries.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::verdict::Verdict;

/// Why the state could not be saved (the search itself is not lost: it
/// is only done again next time).
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The state does not turn into YAML.
    #[error("{0}")]
    Encode(#[from] serde_yaml::Error),
    /// Its folder cannot be made, or the file written.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

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
    /// A hash of what was searched (the workspace's sources for a mutant,
    /// the file for a submission): a survivor of other sources is
    /// searched again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sources: Option<String>,
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

    pub fn survived(seed: u64, tried: usize, sources: &str) -> Record {
        Record {
            result: "survived".into(),
            seed: Some(seed),
            tried: Some(tried),
            sources: Some(sources.to_string()),
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

#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct State {
    #[serde(skip)]
    path: PathBuf,
    #[serde(default)]
    pub targets: BTreeMap<String, Record>,
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

    pub fn save(&self) -> Result<(), SaveError> {
        let text = serde_yaml::to_string(self)?;
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| SaveError::Io { path, source }
        };
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(io(dir))?;
        }
        crate::fsutil::write_atomic(&self.path, text.as_bytes()).map_err(io(&self.path))
    }

    /// Whether `target` needs no search: caught, or already searched with
    /// this seed for at least `iterations` inputs on the same `sources`.
    /// An unbuildable one is tried again (the sources may have been fixed;
    /// building is cheap).
    pub fn settled(&self, target: &str, seed: u64, iterations: usize, sources: &str) -> bool {
        self.targets
            .get(target)
            .is_some_and(|r| match r.result.as_str() {
                "survived" => {
                    r.seed == Some(seed)
                        && r.tried.unwrap_or(0) >= iterations
                        && r.sources.as_deref() == Some(sources)
                }
                "caught" => true,
                _ => false,
            })
    }

    pub fn set(&mut self, target: &str, record: Record) {
        self.targets.insert(target.to_string(), record);
    }

    pub(crate) fn is_caught(&self, target: &str) -> bool {
        self.targets
            .get(target)
            .is_some_and(|r| r.result == "caught")
    }

    pub(crate) fn is_survivor(&self, target: &str) -> bool {
        self.targets
            .get(target)
            .is_some_and(|r| r.result == "survived")
    }

    /// Forgets every catch by a case `exists` denies (deleted, or never
    /// written by a dry run), so its target is searched again.
    pub(crate) fn forget_missing(&mut self, exists: impl Fn(&str) -> bool) {
        self.targets
            .retain(|_, r| r.result != "caught" || r.case.as_deref().is_some_and(&exists));
    }
}

/// What a submission's search depends on: its file's bytes (empty when
/// it cannot be read; building it will say why).
pub(crate) fn file_sources(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_default();
    blake3::hash(&bytes).to_hex().to_string()
}

/// A short name for a problem folder, so two copies of one problem keep
/// separate states.
pub fn key(problem_dir: &Path) -> String {
    blake3::hash(problem_dir.as_os_str().as_encoded_bytes()).to_hex()[..8].to_string()
}
