use super::*;
use queens_core::{Approach, NoSteps, Steps, count_split_with_steps, is_solution, known};

#[test]
fn orbits_cover_every_row_set_once() {
    // The orbit sizes add up to the number of (middle row, east rows)
    // choices: C(n, n/2) for even n, n · C(n − 1, (n − 1)/2) for odd n.
    let choose = |n: u64, k: u64| (0..k).fold(1u64, |c, i| c * (n - i) / (i + 1));
    for n in 2..=15usize {
        let orbits: Vec<Orbit> = HalfJoin
            .tasks(n)
            .into_iter()
            .flat_map(|t| t.orbits)
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
        for task in HalfJoin.tasks(n).into_iter().flat_map(|t| t.orbits) {
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
        let _ = join_each(&task, true, |orbit, joined, east, west| {
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
