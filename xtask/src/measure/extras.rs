//! The studies beside the families' series, each timed into
//! `meta.time_spent` or kept from the previous run ([`super::kept`]):
//! nodes per depth, the block-sums comparison, the constraint-search grid
//! and the textbook's table of checks, the local-search study and the
//! textbook study.

use std::path::Path;
use std::time::Instant;

use queens_core::{Approach, Info, Kind};

use super::build::{Binaries, Extra, needed};
use super::kept::Study;
use super::runner::{Job, Run, verify};
use super::{DEPTHS_N, Measurer, block_sums, csp_book, csp_grid, local_study, textbook};
use crate::data::meta::TimeSpent;
use crate::data::{self, Depth, Family};
use crate::profile::Profile;
use crate::{Result, bail};

/// The rows the extras add to the dataset.
pub(super) type Rows = (
    Vec<data::block_sums::Row>,
    Vec<data::csp_grid::Row>,
    Vec<data::csp_book::Row>,
    Vec<data::local_study::Row>,
    Vec<data::textbook::Row>,
);

impl Measurer {
    /// Runs (or keeps) every study that applies to the approaches measured:
    /// depths always, the grid with `csp`, the studies of the `wanted`
    /// binaries (each built unless its study is kept).
    pub(super) fn extras(
        &mut self,
        bins: &Binaries,
        profile: Profile,
        approaches: &[&'static dyn Approach],
        wanted: &[Extra],
    ) -> Result<Rows> {
        self.depths = self.study(
            Study::Depths,
            "all",
            |m| {
                m.all_depths(approaches)?;
                Ok((std::mem::take(&mut m.depths), 1))
            },
            |dir| data::read_csv(&dir.join(data::DEPTHS)),
        )?;
        let mut block = Vec::new();
        if wanted.contains(&Extra::BlockSums) {
            block = self.study(
                Study::BlockSums,
                "compare-orders",
                |m| {
                    let exe = needed(&bins.block_sums, block_sums::BINARY)?;
                    m.progress.set_message("block-sums --compare-orders");
                    let rows = block_sums::measure(&exe, profile)?;
                    m.runner.processes += block_sums::plan(profile).0 as usize + 1;
                    Ok((rows, 1))
                },
                |dir| data::read_csv(&dir.join(data::block_sums::FILE)),
            )?;
        }
        let ids: Vec<&str> = approaches.iter().map(|a| a.info().id).collect();
        let mut grid = Vec::new();
        if ids.contains(&csp_grid::APPROACH) {
            grid = self.study(
                Study::CspGrid,
                csp_grid::APPROACH,
                |m| {
                    let progress = m.progress.clone();
                    let rows = csp_grid::measure(&mut m.runner, profile, &|setting, n| {
                        progress.set_message(format!("csp grid {setting} · n = {n}"))
                    })?;
                    let points = rows.iter().filter(|r| r.sample == 0).count();
                    Ok((rows, points))
                },
                |dir| data::read_csv(&dir.join(data::csp_grid::FILE)),
            )?;
        }
        let mut book_table = Vec::new();
        if wanted.contains(&Extra::ChecksTable) {
            book_table = self.study(
                Study::CspBook,
                csp_grid::APPROACH,
                |m| {
                    let exe = needed(&bins.checks_table, csp_book::BINARY)?;
                    m.progress
                        .set_message("checks-table (AIMA 2nd ed. Figure 5.5)");
                    let rows = csp_book::measure(&exe, profile)?;
                    m.runner.processes += 1;
                    Ok((rows, 1))
                },
                |dir| data::read_csv(&dir.join(data::csp_book::FILE)),
            )?;
        }
        let mut study = Vec::new();
        if wanted.contains(&Extra::LocalStudy) {
            study = self.study(
                Study::LocalStudy,
                local_study::APPROACH,
                |m| {
                    let exe = needed(&bins.local_study, local_study::BINARY)?;
                    let progress = m.progress.clone();
                    let rows = local_study::measure(&exe, profile, &|setting, n| {
                        progress.set_message(format!("local study {setting} · n = {n}"))
                    })?;
                    // One process per setting and size.
                    let points =
                        queens_min_conflicts::STUDY.len() * local_study::plan(profile).sizes.len();
                    m.runner.processes += points;
                    Ok((rows, points))
                },
                |dir| data::read_csv(&dir.join(data::local_study::FILE)),
            )?;
        }
        let mut book = Vec::new();
        if wanted.contains(&Extra::Starts) {
            book = self.study(
                Study::Textbook,
                "local searches",
                |m| {
                    let exe = needed(&bins.starts, textbook::BINARY)?;
                    let progress = m.progress.clone();
                    let has = |id: &str| ids.contains(&id);
                    let rows = textbook::measure(&exe, profile, &has, &|method, n| {
                        progress.set_message(format!("textbook study {method} · n = {n}"))
                    })?;
                    let points = rows.len();
                    m.runner.processes += points;
                    Ok((rows, points))
                },
                |dir| data::read_csv(&dir.join(data::textbook::FILE)),
            )?;
        }
        Ok((block, grid, book_table, study, book))
    }

    /// One study: its rows kept from the previous run when its fingerprint
    /// is unchanged (`load` reads them from that run's folder), else
    /// measured by `measure` and timed.
    fn study<T>(
        &mut self,
        study: Study,
        label: &str,
        measure: impl FnOnce(&mut Measurer) -> Result<(T, usize)>,
        load: impl FnOnce(&Path) -> Result<T>,
    ) -> Result<T> {
        let fingerprint = self.keeper.fingerprint(study)?;
        if let Some((meta, dir)) = self.keeper.kept(study, &fingerprint) {
            let rows = load(dir)?;
            self.progress.suspend(|| {
                eprintln!(
                    "  {:<8} {label:<30} kept: measured {} at {}, its code unchanged",
                    study.name(),
                    meta.date,
                    crate::data::meta::short_revision(&meta.git_revision)
                )
            });
            self.studies.push(meta);
            return Ok(rows);
        }
        let rows = self.timed(study.name(), label, measure)?;
        self.studies
            .push(self.now.measured_now(study.name(), fingerprint));
        Ok(rows)
    }

    /// Runs `f`, prints and records the time it took; `f` returns its
    /// result and the points it measured.
    fn timed<T>(
        &mut self,
        family: &str,
        approach: &str,
        f: impl FnOnce(&mut Measurer) -> Result<(T, usize)>,
    ) -> Result<T> {
        let (start, before) = (Instant::now(), self.runner.processes);
        let (value, points) = f(self)?;
        let seconds = start.elapsed().as_secs_f64();
        let processes = self.runner.processes - before;
        self.progress.suspend(|| {
            eprintln!("  {family:<8} {approach:<30} {points:>4} points {seconds:>6.1} s")
        });
        self.spent.push(TimeSpent {
            family: family.into(),
            approach: approach.into(),
            points,
            processes,
            seconds: (seconds * 1000.0).round() / 1000.0,
        });
        Ok(value)
    }

    /// Nodes per depth of every exhaustive search, at the common n and at
    /// the largest n it does in well under a second (not in the smoke
    /// profile).
    fn all_depths(&mut self, approaches: &[&'static dyn Approach]) -> Result<()> {
        for a in approaches {
            let info = a.info();
            if info.kind == Kind::Exhaustive
                && !crate::profile::JOINS.contains(&info.id)
                && !crate::profile::LABS.contains(&info.id)
            {
                self.progress
                    .set_message(format!("depths {} · n = {DEPTHS_N}", info.id));
                let mut sizes = vec![DEPTHS_N.min(info.max_n)];
                if !self.settings.quick_only && info.quick_n.min(info.max_n) > sizes[0] {
                    sizes.push(info.quick_n.min(info.max_n));
                }
                for n in sizes {
                    self.depths(info, n)?;
                }
            }
        }
        Ok(())
    }

    /// Counts the nodes per depth of an exhaustive search at n (one
    /// instrumented `--depths` run, its count verified).
    fn depths(&mut self, info: &'static Info, n: usize) -> Result<()> {
        let job = Job {
            info,
            family: Family::Count,
            n,
            seed: None,
            steps: true,
            depths: true,
            args: &[],
        };
        let record = match self.runner.run(job)? {
            Run::Done(r) => r,
            Run::Refused(why) => {
                self.progress
                    .suspend(|| eprintln!("  depths   {:<30} skipped: {why}", info.id));
                return Ok(());
            }
            Run::Timeout | Run::GaveUp => bail!(
                "{} at n = {}: the --depths run did not finish",
                info.id,
                job.n
            ),
        };
        verify(job, &record)?;
        let Some(nodes) = record.nodes_per_depth() else {
            bail!(
                "{} at n = {}: queens --depths reported no extra.nodes_per_depth",
                info.id,
                job.n
            );
        };
        let dead_ends = record.dead_ends_per_depth();
        self.depths
            .extend(nodes.into_iter().enumerate().map(|(depth, nodes)| Depth {
                approach: info.id.into(),
                n: job.n,
                depth,
                nodes,
                dead_ends: dead_ends.as_ref().and_then(|d| d.get(depth).copied()),
            }));
        Ok(())
    }
}
