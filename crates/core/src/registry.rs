//! The registry type: approaches looked up by id. The one list of approaches
//! lives in the `queens-approaches` crate, which depends on every approach.

use crate::approach::Approach;
use std::fmt;

/// An ordered list of approaches; the order is the one the CLI help, the
/// benches and the report's colours follow.
pub struct Registry {
    approaches: &'static [&'static dyn Approach],
}

/// An id that names no registered approach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownId {
    /// The id asked for.
    pub id: String,
    /// The ids that exist.
    pub known: Vec<&'static str>,
}

impl fmt::Display for UnknownId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown approach '{}' (known: {})",
            self.id,
            self.known.join(", ")
        )
    }
}

impl std::error::Error for UnknownId {}

impl Registry {
    /// Wraps a list of approaches. Ids must be unique (checked by `queens-approaches`' tests).
    pub const fn new(approaches: &'static [&'static dyn Approach]) -> Self {
        Registry { approaches }
    }

    /// Every approach, in registry order.
    pub fn all(&self) -> &'static [&'static dyn Approach] {
        self.approaches
    }

    /// The ids, in registry order.
    pub fn ids(&self) -> Vec<&'static str> {
        self.approaches.iter().map(|a| a.info().id).collect()
    }

    /// The approach with this id.
    pub fn get(&self, id: &str) -> Result<&'static dyn Approach, UnknownId> {
        self.approaches
            .iter()
            .copied()
            .find(|a| a.info().id == id)
            .ok_or_else(|| UnknownId {
                id: id.to_string(),
                known: self.ids(),
            })
    }
}
