//! One entry of a recipe group: cases kept by hand, one `judge gen` run,
//! or one generated case.
//!
//! The file form is one flat mapping whose keys say which entry it is
//! (`manual:`, `gen:` with `count:`, `case:` with `gen:` and `index:`);
//! the typed form is an enum, so code never meets a half-valid mix. The
//! rules between keys are checked while parsing, so a bad entry is
//! reported at its own line like any other fault of the file.

use serde::{Deserialize, Serialize};

/// The largest generator size (`judge gen --size`): sizes go from 1 to
/// this.
pub const MAX_SIZE: u32 = 10;

/// How the cases of an entry are made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawEntry", into = "RawEntry")]
pub enum Entry {
    /// Cases kept by hand (written, or copied from real contest data):
    /// nothing can remake them, so only their presence is checked.
    Manual {
        cases: Manual,
        /// Free text: where they come from.
        from: Option<String>,
    },
    /// One `judge gen` run: files `PREFIX-001`, `PREFIX-002`, … of
    /// `seed` at `size`, less those in `skip`.
    Batch { run: Batch, skip: Vec<String> },
    /// One case, file `draw.index` of `draw.seed` at `draw.size` (what
    /// `judge stress` and `judge harden` find).
    Single {
        case: String,
        draw: Draw,
        /// Free list: what the case catches (mutants, wrong submissions).
        catches: Vec<String>,
    },
}

/// Which cases of a group are kept by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Manual {
    /// Every case of the group that no other entry names.
    All,
    Named(Vec<String>),
}

/// The arguments of one `judge gen` run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    pub seed: u64,
    pub count: usize,
    pub size: u32,
    pub prefix: String,
}

/// One generated input: the arguments of `generate_one`, as recipes,
/// `judge gen --index`, `stress` and `harden` name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Draw {
    pub seed: u64,
    pub index: usize,
    pub size: u32,
}

impl Draw {
    /// The input tried at iteration `i` of a search: file `i` of the seed,
    /// with sizes cycling through 1..=10 so small inputs come first.
    pub fn iteration(seed: u64, i: usize) -> Draw {
        Draw {
            seed,
            index: i,
            size: (i % MAX_SIZE as usize) as u32 + 1,
        }
    }

    pub fn label(self) -> String {
        format!("seed {} index {} size {}", self.seed, self.index, self.size)
    }
}

impl Batch {
    /// The case name `judge gen` gives file `index` of the run.
    pub fn name(&self, index: usize) -> String {
        format!("{}-{:03}", self.prefix, index + 1)
    }
}

impl Entry {
    /// The generated cases this entry makes, `(case name, draw)`, in file
    /// order (none for a manual entry).
    pub fn draws(&self) -> Vec<(String, Draw)> {
        match self {
            Entry::Manual { .. } => Vec::new(),
            Entry::Batch { run, skip } => (0..run.count)
                .map(|index| (run.name(index), index))
                .filter(|(name, _)| !skip.contains(name))
                .map(|(name, index)| {
                    let draw = Draw {
                        seed: run.seed,
                        index,
                        size: run.size,
                    };
                    (name, draw)
                })
                .collect(),
            Entry::Single { case, draw, .. } => vec![(case.clone(), *draw)],
        }
    }

    /// The case names this entry names itself (`manual: all` names none:
    /// it takes whatever is left).
    pub fn names(&self) -> Vec<String> {
        match self {
            Entry::Manual {
                cases: Manual::Named(names),
                ..
            } => names.clone(),
            Entry::Manual { .. } => Vec::new(),
            _ => self.draws().into_iter().map(|(name, _)| name).collect(),
        }
    }

    /// The command a person runs to make this entry's inputs of
    /// `problem` (`None` for a manual entry): the `judge gen` run, or for
    /// a single case the one file of the seed (`--index`).
    pub fn command(&self, problem: &str) -> Option<String> {
        match self {
            Entry::Manual { .. } => None,
            Entry::Batch { run, .. } => Some(format!(
                "judge gen {problem} --seed {} --count {} --size {} --prefix {}",
                run.seed, run.count, run.size, run.prefix
            )),
            Entry::Single { draw, .. } => Some(format!(
                "judge gen {problem} --seed {} --index {} --size {}",
                draw.seed, draw.index, draw.size
            )),
        }
    }
}

/// A case name: a file stem in the group's folder.
fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() || name.starts_with('.') || name.contains(['/', '\\', '\0']) {
        return Err(format!("{name:?} is not a case name (a file stem, no `/`)"));
    }
    Ok(())
}

/// The file form of every entry.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    case: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    manual: Option<RawManual>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    r#gen: Option<RawGen>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    skip: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    catches: Vec<String>,
}

/// `manual: all` or `manual: [names]`.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum RawManual {
    Word(String),
    List(Vec<String>),
}

/// `gen:`: `count` and `prefix` for a run, `index` for a single case.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGen {
    seed: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    count: Option<usize>,
    size: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    prefix: Option<String>,
}

impl TryFrom<RawEntry> for Entry {
    type Error = String;

    fn try_from(raw: RawEntry) -> Result<Entry, String> {
        let only = |allowed: &[&str], what: &str| -> Result<(), String> {
            let given = [
                ("case", raw.case.is_some()),
                ("manual", raw.manual.is_some()),
                ("from", raw.from.is_some()),
                ("gen", raw.r#gen.is_some()),
                ("skip", !raw.skip.is_empty()),
                ("catches", !raw.catches.is_empty()),
            ];
            match given.iter().find(|(k, set)| *set && !allowed.contains(k)) {
                Some((key, _)) => Err(format!("`{key}` does not belong in {what}")),
                None => Ok(()),
            }
        };
        if let Some(manual) = &raw.manual {
            only(&["manual", "from"], "a `manual` entry")?;
            let cases = match manual {
                RawManual::Word(w) if w == "all" => Manual::All,
                RawManual::Word(w) => {
                    return Err(format!("manual: `all` or a list of case names, not {w:?}"));
                }
                RawManual::List(names) if names.is_empty() => {
                    return Err("manual: an empty list names no case".into());
                }
                RawManual::List(names) => {
                    names.iter().try_for_each(|n| check_name(n))?;
                    Manual::Named(names.clone())
                }
            };
            return Ok(Entry::Manual {
                cases,
                from: raw.from,
            });
        }
        let Some(g) = &raw.r#gen else {
            return Err(
                "an entry is `manual:`, `gen:` (a judge gen run) or `case:` with `gen:`".into(),
            );
        };
        if !(1..=MAX_SIZE).contains(&g.size) {
            return Err(format!("gen: size must be 1 to {MAX_SIZE}, got {}", g.size));
        }
        if let Some(case) = &raw.case {
            only(&["case", "gen", "catches"], "a single case")?;
            check_name(case)?;
            let (Some(index), None, None) = (g.index, g.count, &g.prefix) else {
                return Err(
                    "gen: a single case gives `seed`, `index` and `size` (no count or prefix)"
                        .into(),
                );
            };
            let draw = Draw {
                seed: g.seed,
                index,
                size: g.size,
            };
            return Ok(Entry::Single {
                case: case.clone(),
                draw,
                catches: raw.catches,
            });
        }
        only(&["gen", "skip"], "a `gen` run")?;
        let (None, Some(count), Some(prefix)) = (g.index, g.count, &g.prefix) else {
            return Err(
                "gen: a run gives `seed`, `count`, `size` and `prefix` (`index` is for `case:`)"
                    .into(),
            );
        };
        if count == 0 {
            return Err("gen: count must be at least 1".into());
        }
        check_name(prefix)?;
        let run = Batch {
            seed: g.seed,
            count,
            size: g.size,
            prefix: prefix.clone(),
        };
        if let Some(stray) = raw
            .skip
            .iter()
            .find(|s| !(0..count).any(|i| run.name(i) == **s))
        {
            return Err(format!("skip: {stray} is not a file of this run"));
        }
        Ok(Entry::Batch {
            run,
            skip: raw.skip,
        })
    }
}

impl From<Entry> for RawEntry {
    fn from(entry: Entry) -> RawEntry {
        let mut raw = RawEntry {
            case: None,
            manual: None,
            from: None,
            r#gen: None,
            skip: Vec::new(),
            catches: Vec::new(),
        };
        match entry {
            Entry::Manual { cases, from } => {
                raw.manual = Some(match cases {
                    Manual::All => RawManual::Word("all".into()),
                    Manual::Named(names) => RawManual::List(names),
                });
                raw.from = from;
            }
            Entry::Batch { run, skip } => {
                raw.r#gen = Some(RawGen {
                    seed: run.seed,
                    index: None,
                    count: Some(run.count),
                    size: run.size,
                    prefix: Some(run.prefix),
                });
                raw.skip = skip;
            }
            Entry::Single {
                case,
                draw,
                catches,
            } => {
                raw.case = Some(case);
                raw.r#gen = Some(RawGen {
                    seed: draw.seed,
                    index: Some(draw.index),
                    count: None,
                    size: draw.size,
                    prefix: None,
                });
                raw.catches = catches;
            }
        }
        raw
    }
}

/// `entry` if it obeys the rules a parsed one does (for entries made in
/// code, such as `append_case`'s).
pub(super) fn checked(entry: Entry) -> Result<Entry, String> {
    Entry::try_from(RawEntry::from(entry))
}
