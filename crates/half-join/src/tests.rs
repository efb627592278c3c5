use super::*;
use queens_core::{Approach, NoSteps, Steps, count_split_with_steps, is_solution, known};

#[test]
fn orbits_cover_every_row_set_once() {
    // The orbit sizes add up to the number of (middle row, east rows)
    // choices: C(n, n/2) for even n, n · C(n − 1, (n − 1)/2) for odd n.
    let choose = |n: u64, k: u64| (0..k).fold(1u64, |c, i| c * (n - i) / (i + 1));
    for n in 2..=15usize {
        let g = Geometry::new(n);
        let orbits: Vec<Orbit> = HalfJoin
            .tasks(n)
            .iter()
            .flat_map(|t| t.orbits(&g).collect::<Vec<_>>())
            .collect();
        let covered: u64 = orbits.iter().map(Orbit::weight).sum();
        let h = (n / 2) as u64;
        let all = if n % 2 == 0 {
            choose(n as u64, h)
        } else {
            n as u64 * choose(n as u64 - 1, h)
        };
        assert_eq!(covered, all, "n = {n}");
        // Each orbit is joined once, from its smallest member.
        let mut keys: Vec<_> = orbits.iter().map(|t| (t.middle, t.east)).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), orbits.len(), "n = {n}");
    }
}

#[test]
fn subsets_walks_every_subset_of_a_size() {
    let free = 0b1011_0110u32;
    let seen: Vec<u32> = subsets(free, 3).collect();
    assert_eq!(seen[0], 0b0001_0110); // the lowest three rows of `free`
    for pair in seen.windows(2) {
        let next = pair[1];
        assert!(next > pair[0] && next & !free == 0 && next.count_ones() == 3);
    }
    assert_eq!(seen.len(), 10); // C(5, 3)
}

/// The half boards on `rows` within `cols`, avoiding the diagonals of the
/// queen `middle` (row, column), found by trying every assignment of
/// columns to rows: the slow, obvious way.
fn brute_halves(rows: &[usize], cols: &[u32], middle: Option<(usize, u32)>) -> u64 {
    fn place(rows: &[usize], cols: &[u32], placed: &mut Vec<(usize, u32)>) -> u64 {
        let Some((&y, rest)) = rows.split_first() else {
            return 1;
        };
        let mut found = 0;
        for &x in cols {
            let clash = placed.iter().any(|&(py, px)| {
                px == x || (py as i64 - y as i64).abs() == (px as i64 - x as i64).abs()
            });
            if !clash {
                placed.push((y, x));
                found += place(rest, cols, placed);
                placed.pop();
            }
        }
        found
    }
    let mut placed: Vec<(usize, u32)> = middle.into_iter().collect();
    place(rows, cols, &mut placed)
}

#[test]
fn steps_are_the_pairs_of_half_boards_compared() {
    // Each task compares every east half with every west half; the halves
    // are recounted here by brute force.
    for n in 2..=9 {
        let g = Geometry::new(n);
        let mut pairs = 0;
        let tasks = HalfJoin.tasks(n);
        for task in tasks.iter().flat_map(|t| t.orbits(&g)) {
            let rows = |set: u32| (0..n).filter(|y| set >> y & 1 == 1).collect::<Vec<_>>();
            let east_cols: Vec<u32> = (g.east as u32..n as u32).collect();
            let west_cols: Vec<u32> = (0..g.half as u32).collect();
            let middle = task.middle.map(|m| (m, g.half as u32));
            pairs += brute_halves(&rows(task.east), &east_cols, middle)
                * brute_halves(&rows(g.west_rows(&task)), &west_cols, middle);
        }
        assert_eq!(HalfJoin.count_with_steps(n).1, pairs, "n = {n}");
    }
}

#[test]
fn listing_and_counting_agree_on_solutions_and_steps() {
    for n in 0..=9 {
        let list = HalfJoin.collect(n);
        assert!(list.iter().all(|b| is_solution(b)), "n = {n}");
        assert_eq!(Some(list.len() as u64), known::total(n), "n = {n}");
        let (tally, steps) = count_split_with_steps(&HalfJoin, n);
        assert_eq!(tally.solutions, list.len() as u64, "n = {n}");
        assert_eq!(HalfJoin.count_with_steps(n).1, steps, "n = {n}");
    }
}

#[test]
fn wide_words_are_joined_too() {
    // From n = 18 the packed diagonals need more than 32 bits; a count
    // there is out of a test's reach, so check one task of it against a
    // join that compares the unpacked diagonals.
    let n = 18;
    let g = Geometry::new(n);
    assert!(2 * g.width > 32);
    let mut found = None;
    for task in HalfJoin.tasks(n) {
        let _ = join_each(&task, true, Scan::Auto, |orbit, joined, east, west| {
            if joined.pairs > 0 {
                found = Some((*orbit, joined.pairs, east.clone(), west.clone()));
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        if found.is_some() {
            break;
        }
    }
    let (task, pairs, east, west) = found.expect("some task finds a pair");
    let mut direct = 0;
    for a in east.columns.chunks(g.half) {
        for b in west.columns.chunks(g.half) {
            let rows_e = (0..n).filter(|y| task.east >> y & 1 == 1);
            let rows_w = (0..n).filter(|y| g.west_rows(&task) >> y & 1 == 1);
            let mut board = vec![0u32; n];
            for (y, &x) in rows_e.zip(a).chain(rows_w.zip(b)) {
                board[y] = x;
            }
            direct += u64::from(is_solution(&board));
        }
    }
    assert!(direct > 0);
    assert_eq!(pairs, direct);
}

#[test]
fn first_solution_is_valid() {
    for n in 4..=12 {
        let s = HalfJoin.first(n, &mut NoSteps).expect("a solution exists");
        assert!(is_solution(&s), "n = {n}: {s:?}");
    }
}

#[test]
fn nodes_per_depth_are_refused_it_walks_no_tree() {
    let approach = queens_core::Exhaustive(HalfJoin);
    let opts = queens_core::Options::default();
    let want = Refusal::Unsupported {
        id: "half-join",
        what: NO_TREE,
    };
    assert_eq!(approach.node_unit(), Err(want.clone()));
    assert_eq!(approach.count(8, &opts, Steps::Depths), Err(want.clone()));
    assert_eq!(approach.first(8, &opts, Steps::Depths), Err(want.clone()));
    assert!(want.to_string().contains("walks no search tree"), "{want}");
    // The other runs are unaffected.
    assert_eq!(
        approach.count(8, &opts, Steps::Count).unwrap().solutions,
        92
    );
}

/// A small deterministic generator (xorshift64*) for the join tests.
fn words(seed: u64, len: usize, bits: usize, density: u32) -> Vec<u64> {
    let mut s = seed | 1;
    let mut next = move || {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        s.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    // Each bit set with probability about 1 / density.
    (0..len)
        .map(|_| {
            let mut w = !0u64;
            for _ in 1..density {
                w &= next();
            }
            w & ((1u64 << bits) - 1)
        })
        .collect()
}

#[test]
fn transpose_turns_a_bit_matrix_on_its_side() {
    let rows = words(7, 64, 64 - 1, 2);
    let mut m: [u64; 64] = rows.clone().try_into().unwrap();
    m[5] = !0;
    m[63] = 1 << 63 | 1;
    let before = m;
    sliced::transpose(&mut m);
    for (i, row) in m.iter().enumerate() {
        for (j, old) in before.iter().enumerate() {
            assert_eq!(row >> j & 1, old >> i & 1, "({i}, {j})");
        }
    }
}

#[test]
fn the_sliced_join_counts_what_the_plain_scan_counts() {
    // Every chunk count, full and partial blocks, sparse and dense words,
    // empty sides and the zero word (it fits every pattern, padding not).
    for bits in [1, 5, 6, 7, 12, 17, 30, 34, 36, 38, 41, sliced::MAX_BITS] {
        for (items, patterns) in [(0, 5), (3, 0), (1, 1), (70, 255), (300, 256), (129, 700)] {
            for density in [2, 4] {
                let seed = (bits * 1000 + items * 7 + patterns) as u64;
                let mut a = words(seed, items, bits, density);
                let b = words(seed ^ 0xabcd, patterns, bits, density);
                if let Some(first) = a.first_mut() {
                    *first = 0;
                }
                let want = disjoint_pairs(&a, &b);
                for cuts in 0..=sliced::MAX_CUTS.min(bits) {
                    // Cut the lowest bits, then every third one.
                    let cut = (0..bits)
                        .filter(|j| cuts > 3 && j % 3 == 0 || *j < cuts)
                        .take(cuts)
                        .fold(0u64, |c, j| c | 1 << j);
                    let count = sliced::count_disjoint(&a, &b, bits, cut);
                    assert_eq!(
                        count.fits, want,
                        "{bits} bits, {items} × {patterns}, cut {cut:#x}"
                    );
                    let compared = a
                        .iter()
                        .flat_map(|x| b.iter().map(move |y| x & y & cut))
                        .filter(|&c| c == 0)
                        .count();
                    assert_eq!(count.compared, compared as u64, "cut {cut:#x}");
                }
                for scan in [Scan::Plain, Scan::Sliced, Scan::Auto] {
                    assert_eq!(count_pairs(&a, &b, bits, scan).pairs, want, "{scan:?}");
                }
            }
        }
    }
}

/// Whether this CPU runs the AVX2 joins (else both sides of the twin tests
/// below are the portable code, and the tests say so).
#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt")
}

#[cfg(not(target_arch = "x86_64"))]
fn has_avx2() -> bool {
    false
}

/// The plain scan on the path this CPU takes, and on the portable one.
fn disjoint_pairs_both<T: Word>(a: &[T], b: &[T]) -> (u64, u64) {
    (disjoint_pairs(a, b), disjoint_pairs_any(a, b))
}

#[test]
fn the_portable_joins_count_what_the_avx2_joins_count() {
    if !has_avx2() {
        eprintln!("no AVX2 on this CPU: the portable joins are checked against brute force only");
    }
    // Random words: both scans and both sliced joins against brute force.
    for bits in [1, 6, 7, 17, 30, 34, 41, sliced::MAX_BITS] {
        for (items, patterns) in [(0, 5), (1, 1), (70, 255), (300, 256), (129, 700)] {
            let seed = (bits * 31 + items) as u64;
            let a = words(seed, items, bits, 3);
            let b = words(seed ^ 0x5eed, patterns, bits, 3);
            let want = a
                .iter()
                .flat_map(|x| b.iter().filter(move |&&y| x & y == 0))
                .count() as u64;
            assert_eq!(disjoint_pairs_both(&a, &b), (want, want), "{bits} bits");
            if bits <= 32 {
                let narrow = |w: &[u64]| w.iter().map(|&x| x as u32).collect::<Vec<_>>();
                let both = disjoint_pairs_both(&narrow(&a), &narrow(&b));
                assert_eq!(both, (want, want), "{bits} bits, u32");
            }
            let spread = (0..bits)
                .step_by(3)
                .take(sliced::MAX_CUTS)
                .fold(0u64, |c, j| c | 1 << j);
            for cut in [0, 1, spread] {
                let native = sliced::count_disjoint(&a, &b, bits, cut);
                let portable = sliced::count_disjoint_portable(&a, &b, bits, cut);
                assert_eq!(native.fits, want, "{bits} bits, cut {cut:#x}");
                assert_eq!(
                    (portable.fits, portable.compared),
                    (native.fits, native.compared),
                    "{bits} bits, cut {cut:#x}"
                );
            }
        }
    }
    // The real halves of every orbit at n = 13 and of some at n = 16.
    for (n, every) in [(13, 1), (16, 61)] {
        let bits = 2 * Geometry::new(n).width;
        for task in HalfJoin.tasks(n).into_iter().step_by(every) {
            let _ = join_each(&task, false, Scan::Auto, |_, joined, east, west| {
                let (a, b) = (&east.words, &west.words);
                assert_eq!(disjoint_pairs_both(a, b), (joined.pairs, joined.pairs));
                let cut = sliced::choose_cut(a, b, bits);
                let portable = sliced::count_disjoint_portable(a, b, bits, cut);
                assert_eq!(portable.fits, joined.pairs, "n = {n}");
                ControlFlow::Continue(())
            });
        }
    }
}

/// The count of board size n, every orbit joined by `scan`.
fn count_with(n: usize, scan: Scan) -> u64 {
    let mut total = 0;
    for task in HalfJoin.tasks(n) {
        let _ = join_each(&task, false, scan, |orbit, joined, _, _| {
            total += joined.pairs * orbit.weight();
            ControlFlow::Continue(())
        });
    }
    total
}

#[test]
fn every_scan_counts_a000170() {
    for n in 0..=12 {
        for scan in [Scan::Plain, Scan::Sliced, Scan::Auto] {
            assert_eq!(
                Some(count_with(n, scan)),
                known::total(n),
                "n = {n}, {scan:?}"
            );
        }
    }
}

#[test]
fn every_size_up_to_the_limit_fits_the_words() {
    // Packed diagonals, rows and middle-row hits fit their words up to
    // MAX_N, and a part's queens (4 bits of column each) its u64.
    for n in 2..=MAX_N {
        let g = Geometry::new(n);
        assert!(2 * g.width <= sliced::MAX_BITS, "n = {n}");
        assert!(n <= 32 && g.half <= 16 && 4 * g.top <= 64, "n = {n}");
    }
}

#[test]
fn the_sieve_compares_the_pairs_its_trace_writes() {
    // At n = 16 the larger orbits have over a thousand halves a side, so
    // the sieve cuts; its count and its compared pairs are checked against
    // the plain scan and against the pairs that share no cut diagonal.
    let n = 16;
    let g = Geometry::new(n);
    let mut sieved = 0;
    for task in HalfJoin.tasks(n).into_iter().step_by(97) {
        let _ = join_each(&task, false, Scan::Auto, |_, joined, east, west| {
            let (a, b) = (&east.words, &west.words);
            let plain = count_pairs(a, b, 2 * g.width, Scan::Plain);
            assert_eq!(joined.pairs, plain.pairs);
            let compared = a
                .iter()
                .flat_map(|x| b.iter().map(move |y| x & y & joined.cut));
            assert_eq!(joined.compared, compared.filter(|&c| c == 0).count() as u64);
            sieved += usize::from(joined.cut != 0);
            ControlFlow::Continue(())
        });
    }
    assert!(sieved > 0, "some orbit is sieved");
}

/// Records every task's tally; hands back those of `resume`.
#[derive(Default)]
struct Record {
    resume: Vec<(usize, Tally)>,
    heard: std::sync::Mutex<Vec<(usize, Tally)>>,
}

impl queens_core::Watch for Record {
    fn plan(&self, _total: usize, _owned: usize) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn counted(&self, task: usize) -> Option<Tally> {
        self.resume
            .iter()
            .find(|(t, _)| *t == task)
            .map(|(_, y)| *y)
    }
    fn finished(&self, task: usize, tally: Tally) {
        self.heard.lock().unwrap().push((task, tally));
    }
}

#[test]
fn a_count_resumed_from_its_finished_tasks_is_the_same() {
    use queens_core::{Options, Shard, Watcher};
    let n = 12;
    let count = |watch: &std::sync::Arc<Record>, shard| {
        let opts = Options {
            threads: 2,
            shard,
            watch: Some(Watcher(watch.clone())),
            ..Options::default()
        };
        HalfJoin.count(n, &opts, &mut NoSteps).solutions
    };
    let first = std::sync::Arc::new(Record::default());
    let shard = Shard { index: 2, count: 3 };
    let whole = count(&first, shard);
    let heard = first.heard.lock().unwrap().clone();
    assert_eq!(heard.iter().map(|(_, t)| t.solutions).sum::<u64>(), whole);
    assert!(heard.iter().all(|(t, _)| shard.owns(*t)));
    // Half the tasks from the first run, the other half counted again.
    let resume: Vec<_> = heard.iter().copied().step_by(2).collect();
    let again = std::sync::Arc::new(Record {
        resume: resume.clone(),
        ..Record::default()
    });
    assert_eq!(count(&again, shard), whole);
    assert_eq!(
        again.heard.lock().unwrap().len(),
        heard.len() - resume.len()
    );
    let all: u64 = (1..=3)
        .map(|index| count(&Default::default(), Shard { index, count: 3 }))
        .sum();
    assert_eq!(Some(all), known::total(n));
}

#[test]
fn the_slices_of_a_block_are_its_partial_placements() {
    // Every set of rows of a block, its slice built alone: together the
    // P(r, c) of the crate docs (the larger ones are their figures).
    let walk = |rows: usize, cols: usize| {
        let describe = quadrant::Describe {
            seam: rows,
            middle: None,
            g: Geometry::new(2 * rows + 1),
        };
        Block::new(2 * rows + 1, (0, rows), (0, cols), describe).all_parts()
    };
    for (h, &(square, taller)) in PLACEMENTS.iter().enumerate().take(10).skip(1) {
        assert_eq!(walk(h, h), square, "h = {h}");
        assert_eq!(walk(h + 1, h), taller, "h = {h}");
    }
    assert_eq!(PLACEMENTS[10], (7_535_369, 21_637_115));
    assert_eq!(PLACEMENTS[11], (66_807_234, 198_770_307));
}

#[test]
fn the_task_list_has_the_stated_length() {
    for (n, &count) in TASKS.iter().enumerate().take(23) {
        let tasks = HalfJoin.tasks(n);
        assert_eq!(tasks.len() as u64, count, "n = {n}");
        assert!(tasks.iter().enumerate().all(|(i, t)| t.index as usize == i));
    }
}

/// The bytes a task's join holds at its largest: its slices and its two
/// sides of half boards (the words, and for odd n the east side's hits and
/// an orbit's filtered copy).
fn task_bytes(task: &Task) -> u64 {
    let g = Geometry::new(usize::from(task.n));
    let t = Tables::new(g.n);
    let slices: usize = [
        (&t.east_top, task.east),
        (&t.east_bottom, task.east),
        (&t.west_top, g.rows() & !task.east),
        (&t.west_bottom, g.rows() & !task.east),
    ]
    .iter()
    .map(|(b, rows)| b.parts(*rows, None).len() * size_of::<Part>())
    .sum();
    let mut sides = 0;
    let _ = join_each(task, false, Scan::Auto, |_, _, east, west| {
        sides = sides.max(east.words.len() * 8 + west.words.len() * 8);
        ControlFlow::Continue(())
    });
    (slices + 3 * sides) as u64
}

#[test]
fn a_shard_of_the_largest_counts_holds_a_bounded_memory() {
    // The memory of a shard does not grow with the board beyond the task
    // list: at n = 27 a thousandth of the count on two threads fits a
    // laptop, and its estimate is known.
    let shard = bytes_needed(27, 1, 1000);
    assert!(shard < 8 << 30, "{shard}");
    assert_eq!(
        bytes_needed(27, 2, 1000) - bytes_needed(27, 1, 1000),
        TASK_BYTES[27]
    );
    for n in ONE_MACHINE_N + 1..=MAX_N {
        let e = estimate(n).expect("an estimate past one machine");
        assert!(e.core_hours > 0.0 && e.plus_minus > 0.0, "n = {n}");
    }
    // The first tasks of a count at 24 join within the memory stated for
    // a task (each a few seconds in a test build).
    let tasks = HalfJoin.tasks(24);
    assert_eq!(tasks.len() as u64, TASKS[24]);
    for task in &tasks[..2] {
        let held = task_bytes(task);
        assert!(held > 0 && held <= TASK_BYTES[24], "{held}");
    }
}

#[test]
fn the_proposed_split_gives_each_shard_at_most_a_day() {
    for e in ESTIMATES {
        for threads in [1, 2, 16] {
            let split = e.day_split(threads);
            let days = |shards: u32| e.core_hours / 24.0 / threads as f64 / f64::from(shards);
            assert!(split.shards >= 2, "{e:?}");
            assert!(days(split.shards) <= 1.0, "{e:?} on {threads}: {split:?}");
            if split.shards > 2 {
                // One shard fewer would take more than a day each.
                assert!(
                    days(split.shards - 1) > 1.0,
                    "{e:?} on {threads}: {split:?}"
                );
            }
            assert_eq!(split.bytes, bytes_needed(e.n, threads, split.shards));
        }
    }
}

#[test]
#[ignore = "builds the 10.4 million tasks of n = 27 and joins the first (about a minute \
            in a test build): run with --ignored"]
fn the_first_task_at_27_joins_within_its_memory() {
    let tasks = HalfJoin.tasks(27);
    assert_eq!(tasks.len() as u64, TASKS[27]);
    let held = task_bytes(&tasks[0]);
    assert!(held > 0 && held <= TASK_BYTES[27], "{held}");
}

/// A probe that keeps each traced pair: (ok, weight, east, west).
#[derive(Default)]
struct Pairs(Vec<(bool, u64, Vec<u32>, Vec<u32>)>);

impl queens_core::Probe for Pairs {
    const COUNTS: bool = false;
    const TRACES: bool = true;
    fn step(&mut self) {}
    fn total(&self) -> Option<u64> {
        None
    }
    fn pair(&mut self, _task: usize, ok: bool, weight: u64, east: &[u32], west: &[u32]) {
        self.0.push((ok, weight, east.to_vec(), west.to_vec()));
    }
}

#[test]
fn each_traced_pair_carries_halves_that_join_exactly_when_it_is_ok() {
    // The halves of a count (built again for the trace) and of a listing:
    // east and west fill every row but odd n's middle one, and together with
    // the middle queen they are a solution exactly when the pair is `ok`;
    // the weights of the ok pairs add up to the count.
    let mut clashes = 0;
    for n in 4..=9 {
        let mut probe = Pairs::default();
        let tally = HalfJoin.count(n, &queens_core::Options::default(), &mut probe);
        assert_eq!(Some(tally.solutions), known::total(n), "n = {n}");
        let mut joined = 0;
        for (ok, weight, east, west) in &probe.0 {
            let board: Vec<u32> = (0..n)
                .map(|y| match (east[y], west[y]) {
                    (0, 0) => {
                        assert!(n % 2 == 1, "n = {n}: row {y} is in neither half");
                        (n / 2) as u32
                    }
                    (e, 0) => e - 1,
                    (0, w) => w - 1,
                    _ => panic!("n = {n}: row {y} is in both halves"),
                })
                .collect();
            assert_eq!(is_solution(&board), *ok, "n = {n}: {east:?} {west:?}");
            joined += if *ok { *weight } else { 0 };
        }
        assert_eq!(joined, tally.solutions, "n = {n}");
        clashes += probe.0.iter().filter(|p| !p.0).count();
    }
    assert!(clashes > 0, "some pair clashes");
}
