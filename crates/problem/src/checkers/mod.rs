//! In-crate checkers: for problems whose answer is not unique, a Rust
//! function decides whether an output is right, the way a reference
//! solver decides what the output is. Registered like the solvers and
//! named in `problem.yaml` (`checker: {builtin: ID}`); they run in-process,
//! so they cost nothing per case.
//!
//! Programs written by a problem's authors in the ICPC or testlib
//! interface are the other kind of checker; see the engine's `checker` module.

mod divisor;
mod icpc_default;
mod judgement;

pub use icpc_default::{FlagError, Flags as DefaultValidatorFlags};
pub use judgement::{Checker, Judgement};

static REGISTRY: &[&dyn Checker] = &[&divisor::Divisor, &icpc_default::IcpcDefault];

/// The checker registered under `id`.
pub fn find(id: &str) -> Option<&'static dyn Checker> {
    REGISTRY.iter().copied().find(|c| c.id() == id)
}

/// All registered ids, for error messages.
pub fn ids() -> Vec<&'static str> {
    REGISTRY.iter().map(|c| c.id()).collect()
}

/// A registered checker, named in `problem.yaml` by its id and checked when
/// the file is parsed (like [`crate::solvers::SolverRef`]).
#[derive(Clone, Copy)]
pub struct CheckerRef(&'static dyn Checker);

impl CheckerRef {
    pub fn id(self) -> &'static str {
        self.0.id()
    }

    pub fn get(self) -> &'static dyn Checker {
        self.0
    }
}

impl std::str::FromStr for CheckerRef {
    type Err = String;

    fn from_str(id: &str) -> Result<Self, String> {
        find(id)
            .map(CheckerRef)
            .ok_or_else(|| format!("unknown checker id {id:?} (known: {})", ids().join(", ")))
    }
}

impl std::fmt::Debug for CheckerRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CheckerRef({:?})", self.id())
    }
}

impl PartialEq for CheckerRef {
    fn eq(&self, other: &Self) -> bool {
        self.id() == other.id()
    }
}

impl serde::Serialize for CheckerRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> serde::Deserialize<'de> for CheckerRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = <String as serde::Deserialize>::deserialize(d)?;
        id.parse().map_err(serde::de::Error::custom)
    }
}
