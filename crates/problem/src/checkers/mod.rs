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

/// A `checker: {builtin: ID}` naming no registered checker: refused when
/// `problem.yaml` is parsed, listing the ids that exist so a typo shows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown checker id {id:?} (known: {})", ids().join(", "))]
pub struct UnknownChecker {
    pub id: String,
}

impl std::str::FromStr for CheckerRef {
    type Err = UnknownChecker;

    fn from_str(id: &str) -> Result<Self, UnknownChecker> {
        find(id)
            .map(CheckerRef)
            .ok_or_else(|| UnknownChecker { id: id.to_string() })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_id_is_refused_naming_the_known_ones() {
        let e = "icpc-defualt".parse::<CheckerRef>().unwrap_err();
        assert_eq!(
            e,
            UnknownChecker {
                id: "icpc-defualt".into()
            }
        );
        assert_eq!(
            e.to_string(),
            "unknown checker id \"icpc-defualt\" (known: divisor, icpc-default)"
        );
        assert_eq!("divisor".parse::<CheckerRef>().unwrap().id(), "divisor");
    }
}
