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

/// Why a recipe entry is not one of its three forms: the key or value
/// at fault. Reported at the entry's line as any fault of the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum EntryError {
    /// A case name (or a run's prefix) that is no file stem.
    #[error("{name:?} is not a case name (a file stem, no `/`)")]
    NotACaseName { name: String },
    /// A key that another form of entry takes.
    #[error("`{key}` does not belong in {form}")]
    Misplaced { key: &'static str, form: Form },
    #[error("manual: `all` or a list of case names, not {word:?}")]
    ManualWord { word: String },
    #[error("manual: an empty list names no case")]
    ManualEmpty,
    /// None of `manual:`, `gen:` or `case:`.
    #[error("an entry is `manual:`, `gen:` (a judge gen run) or `case:` with `gen:`")]
    NoForm,
    #[error("gen: size must be 1 to {MAX_SIZE}, got {size}")]
    Size { size: u32 },
    /// `case:` with `count` or `prefix`, or without `index`.
    #[error("gen: a single case gives `seed`, `index` and `size` (no count or prefix)")]
    SingleArgs,
    /// A run with `index`, or without `count` or `prefix`.
    #[error("gen: a run gives `seed`, `count`, `size` and `prefix` (`index` is for `case:`)")]
    RunArgs,
    #[error("gen: count must be at least 1")]
    ZeroCount,
    /// A `skip:` name the run does not make.
    #[error("skip: {name} is not a file of this run")]
    StraySkip { name: String },
}

/// The three forms of entry, as messages name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    Manual,
    Single,
    Run,
}

impl std::fmt::Display for Form {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Form::Manual => "a `manual` entry",
            Form::Single => "a single case",
            Form::Run => "a `gen` run",
        })
    }
}

/// A case name: a file stem in the group's folder.
fn check_name(name: &str) -> Result<(), EntryError> {
    if name.is_empty() || name.starts_with('.') || name.contains(['/', '\\', '\0']) {
        return Err(EntryError::NotACaseName {
            name: name.to_string(),
        });
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

impl RawEntry {
    /// `Ok` when every key given is one `form` takes.
    fn only(&self, form: Form) -> Result<(), EntryError> {
        let allowed: &[&str] = match form {
            Form::Manual => &["manual", "from"],
            Form::Single => &["case", "gen", "catches"],
            Form::Run => &["gen", "skip"],
        };
        let given = [
            ("case", self.case.is_some()),
            ("manual", self.manual.is_some()),
            ("from", self.from.is_some()),
            ("gen", self.r#gen.is_some()),
            ("skip", !self.skip.is_empty()),
            ("catches", !self.catches.is_empty()),
        ];
        match given.iter().find(|(k, set)| *set && !allowed.contains(k)) {
            Some((key, _)) => Err(EntryError::Misplaced { key, form }),
            None => Ok(()),
        }
    }

    /// A `manual:` entry.
    fn manual(&self, manual: &RawManual) -> Result<Entry, EntryError> {
        self.only(Form::Manual)?;
        let cases = match manual {
            RawManual::Word(w) if w == "all" => Manual::All,
            RawManual::Word(w) => return Err(EntryError::ManualWord { word: w.clone() }),
            RawManual::List(names) if names.is_empty() => return Err(EntryError::ManualEmpty),
            RawManual::List(names) => {
                names.iter().try_for_each(|n| check_name(n))?;
                Manual::Named(names.clone())
            }
        };
        Ok(Entry::Manual {
            cases,
            from: self.from.clone(),
        })
    }

    /// A `case:` with `gen:`.
    fn single(&self, case: &str, g: &RawGen) -> Result<Entry, EntryError> {
        self.only(Form::Single)?;
        check_name(case)?;
        let (Some(index), None, None) = (g.index, g.count, &g.prefix) else {
            return Err(EntryError::SingleArgs);
        };
        let draw = Draw {
            seed: g.seed,
            index,
            size: g.size,
        };
        Ok(Entry::Single {
            case: case.to_string(),
            draw,
            catches: self.catches.clone(),
        })
    }

    /// A `gen:` run.
    fn run(&self, g: &RawGen) -> Result<Entry, EntryError> {
        self.only(Form::Run)?;
        let (None, Some(count), Some(prefix)) = (g.index, g.count, &g.prefix) else {
            return Err(EntryError::RunArgs);
        };
        if count == 0 {
            return Err(EntryError::ZeroCount);
        }
        check_name(prefix)?;
        let run = Batch {
            seed: g.seed,
            count,
            size: g.size,
            prefix: prefix.clone(),
        };
        if let Some(stray) = (self.skip.iter()).find(|s| !(0..count).any(|i| run.name(i) == **s)) {
            return Err(EntryError::StraySkip {
                name: stray.clone(),
            });
        }
        Ok(Entry::Batch {
            run,
            skip: self.skip.clone(),
        })
    }
}

impl TryFrom<RawEntry> for Entry {
    type Error = EntryError;

    fn try_from(raw: RawEntry) -> Result<Entry, EntryError> {
        if let Some(manual) = &raw.manual {
            return raw.manual(manual);
        }
        let Some(g) = &raw.r#gen else {
            return Err(EntryError::NoForm);
        };
        if !(1..=MAX_SIZE).contains(&g.size) {
            return Err(EntryError::Size { size: g.size });
        }
        match &raw.case {
            Some(case) => raw.single(case, g),
            None => raw.run(g),
        }
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
pub(super) fn checked(entry: Entry) -> Result<Entry, EntryError> {
    Entry::try_from(RawEntry::from(entry))
}
