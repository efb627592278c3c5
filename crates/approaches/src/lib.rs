//! The one list of approaches. The CLI, the benches and the xtask read it;
//! nothing else names approaches by hand. Registry order is the order of
//! `--help`, of the benches and of the report's colours.

use queens_core::{Approach, Exhaustive, Registry};

static BITMASK: Exhaustive<queens_bitmask::Bitmask> = Exhaustive(queens_bitmask::Bitmask);
static ATTACK_BOARD: Exhaustive<queens_attack_board::AttackBoard> =
    Exhaustive(queens_attack_board::AttackBoard);

/// Every approach, by id.
pub static REGISTRY: Registry = Registry::new(&[&BITMASK as &dyn Approach, &ATTACK_BOARD]);

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn ids_are_unique_and_well_formed() {
        let ids = REGISTRY.ids();
        assert_eq!(ids.iter().collect::<BTreeSet<_>>().len(), ids.len());
        for id in ids {
            assert!(id.chars().all(|c| c.is_ascii_lowercase() || c == '-'), "{id}");
            assert_eq!(REGISTRY.get(id).unwrap().info().id, id);
        }
        assert!(REGISTRY.get("no-such").is_err());
    }
}
