//! One truth per fact: what several pages of the course state about the
//! run itself is computed here once, and every page reads it from here.
//!
//! - what was measured, and the sizes each approach reached: [`measured`];
//! - on which machine: [`Machine`], this run's, and [`PEERS_MACHINE`], the
//!   earlier session's that timed the source programs, with [`same_kind`];
//! - how nodes are counted: [`crate::analysis::tree::ROOT_IS_A_NODE`].
//!
//! The course's consistency test (`render/course/consistency.rs`) renders
//! every page and fails when two of them state different values for one of
//! these facts.

use serde::Serialize;

use super::{Ctx, find, reference::Reach};
use crate::data::meta::Meta;

/// A machine as the course names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Machine {
    /// The CPU model as the system reports it.
    pub cpu: String,
    /// Logical cores.
    pub cores: usize,
    /// Its kind: vendor and family ([`kind`]), what "a machine of the same
    /// kind" compares.
    pub kind: String,
}

/// This run's machine, from `meta.json`.
pub fn machine(meta: &Meta) -> Machine {
    Machine {
        cpu: meta.cpu_model.clone(),
        cores: meta.cores,
        kind: kind(&meta.cpu_model),
    }
}

/// The vendor and family of a CPU model: its first two words once the
/// trade marks are dropped (`Intel(R) Xeon(R) Platinum 8370C CPU` is
/// `Intel Xeon`, `AMD EPYC 7763 64-Core Processor` is `AMD EPYC`).
pub fn kind(cpu: &str) -> String {
    cpu.replace("(R)", " ")
        .replace("(TM)", " ")
        .replace("(tm)", " ")
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A machine the course quotes from an earlier session.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Quoted {
    /// Vendor and family, as [`kind`] names it.
    pub kind: &'static str,
    /// Cores.
    pub cores: usize,
    /// Operating system.
    pub os: &'static str,
}

/// The machine the source programs' own times (chapter 13) were measured
/// on, in an earlier session (the peers' README).
pub const PEERS_MACHINE: Quoted = Quoted {
    kind: "AMD EPYC",
    cores: 2,
    os: "Debian 12",
};

/// Whether a quoted machine is of the same kind as this run's: the same
/// vendor and family and as many cores.
pub fn same_kind(quoted: &Quoted, run: &Machine) -> bool {
    quoted.kind == run.kind && quoted.cores == run.cores
}

/// Where this run measured an approach: the one definition of "measured"
/// every chapter reads. A family of `samples.csv` (`count`, `first`,
/// `local`) or a study (`textbook study`, `csp lab`, `csp book`), each with
/// the smallest and largest n it holds. A study kept from an earlier run
/// (`meta.studies`) is data of this report too, so it counts.
pub fn measured(ctx: &Ctx, id: &str) -> Vec<Reach> {
    let mut out = Vec::new();
    for (list, family) in [
        (&ctx.count, "count"),
        (&ctx.first, "first"),
        (&ctx.local, "local"),
    ] {
        if let Some(s) = find(list, id)
            && let (Some(a), Some(b)) = (s.points.first(), s.last())
        {
            out.push(Reach {
                family,
                from: a.n,
                to: b.n,
            });
        }
    }
    let mut study = |family: &'static str, sizes: Vec<usize>| {
        if let (Some(&from), Some(&to)) = (sizes.iter().min(), sizes.iter().max()) {
            out.push(Reach { family, from, to });
        }
    };
    study(
        "textbook study",
        ctx.data
            .textbook
            .iter()
            .filter(|r| r.approach == id && r.starts > 0)
            .map(|r| r.n)
            .collect(),
    );
    if id == "csp" {
        study("csp lab", ctx.data.csp_grid.iter().map(|r| r.n).collect());
        study("csp book", ctx.data.csp_book.iter().map(|r| r.n).collect());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::test_data::committed;

    #[test]
    fn a_kind_is_vendor_and_family() {
        assert_eq!(kind("Intel(R) Xeon(R) Processor"), "Intel Xeon");
        assert_eq!(kind("AMD EPYC 7763 64-Core Processor"), "AMD EPYC");
        let run = Machine {
            cpu: "AMD EPYC 9B14".into(),
            cores: 2,
            kind: kind("AMD EPYC 9B14"),
        };
        assert!(same_kind(&PEERS_MACHINE, &run));
        let xeon = machine(&Meta {
            cpu_model: "Intel(R) Xeon(R) Processor".into(),
            ..committed().meta
        });
        assert!(!same_kind(&PEERS_MACHINE, &xeon));
    }

    /// Chapter 13 listed the textbook's methods and the csp lab as "not
    /// measured in this run" while chapters 3, 6 and 17 report their
    /// measurements. Every approach a study measured is measured.
    #[test]
    fn the_studies_approaches_are_measured() {
        let data = committed();
        let ctx = Ctx::new(&data);
        for id in ["hill-climbing", "annealing", "beam", "genetic", "csp"] {
            assert!(
                !measured(&ctx, id).is_empty(),
                "{id} is measured by a study"
            );
        }
        for row in &data.textbook {
            let m = measured(&ctx, &row.approach);
            assert!(
                m.iter().any(|r| r.family == "textbook study") || row.starts == 0,
                "{}",
                row.approach
            );
        }
    }
}
