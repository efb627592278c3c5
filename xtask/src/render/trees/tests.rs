//! The trees' tests, on traces built by hand: the Queens.py recursion of
//! seed 001 written out event by event, as `queens --trace` writes it.

use super::*;
use crate::data::traces::{Entry, Event};
use crate::render::snapshot;

/// How the hand-made searches pick the next row.
#[derive(Clone, Copy, PartialEq)]
enum Order {
    /// Top down (Queens.py).
    TopDown,
    /// The open row with the fewest free squares first (the earliest on
    /// ties), its columns right to left: least room to move, simplified.
    LeastRoom,
}

/// The events of a search, as `queens --trace` writes them.
fn search(
    n: usize,
    order: Order,
    queens: &mut Vec<(u32, u32)>,
    events: &mut Vec<Event>,
    found: &mut u64,
) {
    let counting = if order == Order::TopDown {
        Counting::Above
    } else {
        Counting::All
    };
    let table = attacks(n, queens, counting);
    if queens.len() == n {
        *found += 1;
        events.push(Event::Solution {
            index: *found,
            weight: None,
        });
        return;
    }
    let open = (1..=n as u32).filter(|r| queens.iter().all(|q| q.0 != *r));
    let free = |r: u32| -> Vec<u32> {
        (1..=n as u32)
            .filter(|&c| table[r as usize - 1][c as usize - 1] == 0)
            .collect()
    };
    let row = match order {
        Order::TopDown => queens.len() as u32 + 1,
        Order::LeastRoom => open.min_by_key(|&r| free(r).len()).expect("an open row"),
    };
    let mut cols = free(row);
    if order == Order::LeastRoom {
        cols.reverse();
    }
    for col in cols {
        queens.push((row, col));
        events.push(Event::Place { row, col });
        let before = events.len();
        search(n, order, queens, events, found);
        if events.len() == before && queens.len() < n {
            events.push(Event::DeadEnd {
                depth: queens.len(),
            });
        }
        events.push(Event::Remove { row, col });
        queens.pop();
    }
}

/// A counting trace of a hand-made search.
fn trace(approach: &str, n: usize, order: Order) -> Trace {
    let mut events = vec![Event::Start {
        algo: approach.into(),
        n,
        mode: Mode::Count,
        step: Some("place".into()),
        node: None,
    }];
    let mut found = 0;
    search(n, order, &mut Vec::new(), &mut events, &mut found);
    let steps = events
        .iter()
        .filter(|e| matches!(e, Event::Place { .. }))
        .count() as u64;
    events.push(Event::End {
        solutions: found,
        steps,
        ending: None,
        h: None,
    });
    Trace {
        entry: Entry {
            approach: approach.into(),
            n,
            mode: Mode::Count,
            seed: None,
            knobs: None,
            file: Entry::file_name(approach, None, n, Mode::Count),
            events: events.len(),
        },
        events,
    }
}

/// A trace of complete candidates (permutations in lexicographic order).
fn permutations(n: usize) -> Trace {
    let mut t = trace("permutations", n, Order::TopDown);
    let mut body = Vec::new();
    let mut cols: Vec<u32> = (1..=n as u32).collect();
    loop {
        let ok = (0..n).all(|i| (i + 1..n).all(|j| cols[i].abs_diff(cols[j]) as usize != j - i));
        body.push(Event::Candidate {
            cols: cols.clone(),
            ok,
        });
        // The next permutation.
        let Some(i) = (0..n.saturating_sub(1))
            .rev()
            .find(|&i| cols[i] < cols[i + 1])
        else {
            break;
        };
        let j = (i + 1..n).rev().find(|&j| cols[j] > cols[i]).unwrap();
        cols.swap(i, j);
        cols[i + 1..].reverse();
    }
    let (start, end) = (t.events[0].clone(), t.events.last().unwrap().clone());
    t.events = std::iter::once(start).chain(body).chain([end]).collect();
    t.entry.events = t.events.len();
    t
}

#[test]
fn a_box_counts_the_attacks_of_the_seeds_examples() {
    // After a blue queen on (1, 2): rows 2..4 of the seed's first table.
    let b = attacks(4, &[(1, 2)], Counting::Above);
    assert_eq!(
        b,
        [[0, 1, 0, 0], [-1, -1, -1, 0], [0, -1, 0, -1], [0, -1, 0, 0]]
    );
    // And a red queen on (2, 4): (3, 4) and (4, 2) attacked by both.
    let b = attacks(4, &[(1, 2), (2, 4)], Counting::Above);
    assert_eq!(b[1], [-1, -1, -1, 1]);
    assert_eq!(b[2], [0, -1, -1, -2]);
    assert_eq!(b[3], [0, -2, 0, -1]);
    // The dead end: queens on (1, 4) and (2, 2) leave row 3 no safe square.
    let b = attacks(4, &[(1, 4), (2, 2)], Counting::Above);
    assert_eq!(
        b,
        [
            [0, 0, 0, 1],
            [0, 1, -1, -1],
            [-1, -2, -1, -1],
            [-1, -1, 0, -2]
        ]
    );
    // Counting every queen: the squares above a queen count it too.
    let b = attacks(4, &[(3, 1)], Counting::All);
    assert_eq!(b[0], [-1, 0, -1, 0]);
    assert_eq!(b[2], [1, 0, 0, 0]);
}

#[test]
fn the_root_returns_the_number_of_solutions() {
    for (n, solutions, nodes) in [(4, 2, 17), (5, 10, 54)] {
        let t = trace("attack-board", n, Order::TopDown);
        let tree = Tree::from_trace(&t).unwrap().unwrap();
        assert_eq!(tree.nodes.len(), nodes);
        assert_eq!(tree.nodes[0].returns, solutions);
        assert_eq!(tree.solutions() as u64, solutions);
        // Every box returns the sum of its children's.
        for node in &tree.nodes {
            let below: u64 = node.children.iter().map(|&c| tree.nodes[c].returns).sum();
            assert_eq!(node.returns, below + node.solution.unwrap_or(0));
            assert_eq!(node.dead_end, node.children.is_empty() && node.depth < n);
        }
    }
    // The seed's discovery order: (2, 4, 1, 3), then (3, 1, 4, 2).
    let tree = Tree::from_trace(&trace("attack-board", 4, Order::TopDown))
        .unwrap()
        .unwrap();
    let found: Vec<Vec<u32>> = (0..tree.nodes.len())
        .filter(|&i| tree.nodes[i].solution.is_some())
        .map(|i| tree.queens(i).iter().map(|q| q.1).collect())
        .collect();
    assert_eq!(found, [[2, 4, 1, 3], [3, 1, 4, 2]]);
    // The first box under the root, queen on (1, 1), returns 0.
    let first = tree.nodes[0].children[0];
    assert_eq!(
        (tree.nodes[first].queen, tree.nodes[first].returns),
        (Some((1, 1)), 0)
    );
}

#[test]
fn candidates_make_the_prefix_tree() {
    let tree = Tree::from_trace(&permutations(4)).unwrap().unwrap();
    let per_depth: Vec<usize> = (0..=4)
        .map(|d| tree.nodes.iter().filter(|n| n.depth == d).count())
        .collect();
    assert_eq!(per_depth, [1, 4, 12, 24, 24]);
    assert_eq!(tree.nodes[0].returns, 2);
}

#[test]
fn partial_lists_make_the_prefix_tree() {
    let t = trace("attack-board", 5, Order::TopDown);
    let full = Tree::from_trace(&t).unwrap().unwrap();
    let mut events = vec![t.events[0].clone()];
    for d in 1..=5 {
        events.push(Event::Level { depth: d });
        for i in (1..full.nodes.len()).filter(|&i| full.nodes[i].depth == d) {
            let list = full.queens(i).iter().rev().map(|q| q.1).collect();
            events.push(Event::Partial { list });
        }
    }
    events.push(t.events.last().unwrap().clone());
    let lists = Trace {
        entry: Entry {
            events: events.len(),
            ..t.entry.clone()
        },
        events,
    };
    let tree = Tree::from_trace(&lists).unwrap().unwrap();
    assert_eq!(tree.nodes.len(), full.nodes.len());
    assert_eq!(tree.nodes[0].returns, 10);
    assert_eq!(
        tree.nodes.iter().filter(|n| n.dead_end).count(),
        full.nodes.iter().filter(|n| n.dead_end).count()
    );
}

/// A trace of `lists` (newest column first), in first-solution mode.
fn lists_trace(t: &Trace, events: Vec<Event>) -> Trace {
    let mut events = events;
    events.insert(0, t.events[0].clone());
    events.push(t.events.last().unwrap().clone());
    Trace {
        entry: Entry {
            mode: Mode::First,
            events: events.len(),
            ..t.entry.clone()
        },
        events,
    }
}

#[test]
fn a_partial_list_is_a_dead_end_once_the_search_has_passed_it() {
    let t = trace("attack-board", 5, Order::TopDown);
    let full = Tree::from_trace(&t).unwrap().unwrap();
    let list = |i: usize| Event::Partial {
        list: full.queens(i).iter().rev().map(|q| q.1).collect(),
    };
    let dead = |tree: &Tree, at_most: usize| {
        tree.nodes
            .iter()
            .filter(|n| n.dead_end && n.depth <= at_most)
            .count()
    };
    // Level by level, stopped at the first list of length 5: the lists of
    // length 3 nothing extended are dead ends; those of length 4 are not
    // known to be, their level is not done.
    let mut events = Vec::new();
    for d in 1..=5 {
        events.push(Event::Level { depth: d });
        let at_d = (1..full.nodes.len()).filter(|&i| full.nodes[i].depth == d);
        events.extend(at_d.take(if d == 5 { 1 } else { usize::MAX }).map(list));
    }
    let tree = Tree::from_trace(&lists_trace(&t, events)).unwrap().unwrap();
    assert!(dead(&full, 3) > 0 && dead(&full, 4) > dead(&full, 3));
    assert_eq!(dead(&tree, 5), dead(&full, 3));
    // Depth first (the nodes in the search's order), stopped at a list
    // nothing extends: every such list before it is a dead end, not it.
    let mut ends = (1..full.nodes.len()).filter(|&i| full.nodes[i].dead_end);
    let stop = ends.nth(1).unwrap();
    let tree = Tree::from_trace(&lists_trace(&t, (1..=stop).map(list).collect()))
        .unwrap()
        .unwrap();
    let before = (1..stop).filter(|&i| full.nodes[i].dead_end).count();
    assert!(before > 0);
    assert_eq!(dead(&tree, 5), before);
    assert!(!tree.nodes.last().unwrap().dead_end);
}

#[test]
fn a_remove_that_does_not_nest_is_an_error() {
    let mut t = trace("attack-board", 4, Order::TopDown);
    t.events[2] = Event::Remove { row: 1, col: 3 };
    let e = Tree::from_trace(&t).unwrap_err().0;
    assert!(
        e.contains("attack-board-4-count.jsonl:3") && e.contains("remove"),
        "{e}"
    );
}

#[test]
fn the_tidy_layout_never_overlaps_and_centres_parents() {
    for (n, order) in [
        (4, Order::TopDown),
        (5, Order::TopDown),
        (6, Order::TopDown),
        (5, Order::LeastRoom),
        (6, Order::LeastRoom),
    ] {
        let tree = Tree::from_trace(&trace("attack-board", n, order))
            .unwrap()
            .unwrap();
        let layout = tidy(&tree, 200.0, 40.0);
        assert!(closest(&tree, &layout) >= 240.0 - 1e-9, "n = {n}");
        for node in tree
            .nodes
            .iter()
            .enumerate()
            .filter(|(_, n)| !n.children.is_empty())
        {
            let (i, nd) = node;
            let (a, b) = (nd.children[0], *nd.children.last().unwrap());
            assert!((layout.x[i] - (layout.x[a] + layout.x[b]) / 2.0).abs() < 1e-9);
        }
        // The drawn boxes (labels included) do not meet either.
        let style = Style {
            counting: Counting::Above,
            room: order == Order::LeastRoom,
            visited: Vec::new(),
            labels: returns(&tree),
        };
        let picture = BoxTrace::new(&tree, style, "t", "l");
        let rects = picture.rects();
        for (i, a) in rects.iter().enumerate() {
            for b in &rects[i + 1..] {
                let apart = a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1;
                assert!(apart, "n = {n}: {a:?} meets {b:?}");
            }
        }
    }
}

/// The trace cut to the boards with the first queen in column 1 or 2, as
/// a mirror counter searches half of row 1; the solutions with it there
/// weigh 2.
fn first_half(mut t: Trace) -> Trace {
    let mut keep = Vec::new();
    let mut skipping = false;
    for e in t.events.drain(..) {
        match e {
            Event::Place { row: 1, col } => skipping = col > 2,
            Event::Remove { row: 1, col } if col > 2 => {
                skipping = false;
                continue;
            }
            Event::Solution { index, .. } if !skipping => {
                keep.push(Event::Solution {
                    index,
                    weight: Some(2),
                });
                continue;
            }
            _ => {}
        }
        if !skipping {
            keep.push(e);
        }
    }
    t.events = keep;
    t.entry.events = t.events.len();
    t
}

#[test]
fn a_subset_trace_greys_the_rest() {
    let full = Tree::from_trace(&trace("bitmask", 5, Order::TopDown))
        .unwrap()
        .unwrap();
    let half = Tree::from_trace(&first_half(trace("bitmask-symmetric", 5, Order::TopDown)))
        .unwrap()
        .unwrap();
    let visited = full.visited_by(&half);
    assert_eq!(visited.iter().filter(|&&v| v).count(), half.nodes.len());
    assert!(visited[0]);
    let third = full.nodes[0].children[2];
    assert!(!visited[third]);
}

#[test]
fn drawing_twice_gives_the_same_bytes() {
    let traces = vec![
        trace("attack-board", 4, Order::TopDown),
        trace("attack-board", 5, Order::TopDown),
        trace("bitmask", 5, Order::TopDown),
        first_half(trace("bitmask-symmetric", 5, Order::TopDown)),
        trace("mrv", 5, Order::LeastRoom),
        trace("bitmask", 6, Order::TopDown),
        trace("mrv", 6, Order::LeastRoom),
        permutations(6),
    ];
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let pictures = render(&traces, a.path()).unwrap();
    assert_eq!(render(&traces, b.path()).unwrap(), pictures);
    let (sa, sb) = (snapshot(a.path()).unwrap(), snapshot(b.path()).unwrap());
    assert!(sa == sb, "rendering is not deterministic");
    let names: Vec<&str> = pictures.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "box_trace_attack_board_4",
            "box_trace_attack_board_5",
            "box_trace_attack_board_5_1",
            "box_trace_attack_board_5_2",
            "box_trace_attack_board_5_3",
            "box_trace_attack_board_5_4",
            "box_trace_attack_board_5_5",
            "box_trace_mrv_5",
            "box_trace_symmetric_5",
            "search_trees_6",
            "search_trees_6_backtracking",
        ]
    );
    for p in &pictures {
        assert!(p.width >= 1600, "{}", p.name);
        assert!(
            sa.contains_key(&format!("{}.svg", p.name))
                && sa.contains_key(&format!("{}.png", p.name))
        );
    }
    assert!(render(&[], a.path()).unwrap().is_empty());
}

#[test]
fn the_branches_of_a_tree_add_up_to_the_tree() {
    let tree = Tree::from_trace(&trace("attack-board", 5, Order::TopDown))
        .unwrap()
        .unwrap();
    let branches: Vec<Tree> = (0..5).map(|k| tree.branch(k).unwrap()).collect();
    assert!(tree.branch(5).is_none());
    let boxes: usize = branches.iter().map(|b| b.nodes.len() - 1).sum();
    assert_eq!(boxes, tree.nodes.len() - 1);
    let solutions: u64 = branches.iter().map(|b| b.nodes[0].returns).sum();
    assert_eq!(solutions, tree.nodes[0].returns);
    for (k, b) in branches.iter().enumerate() {
        assert_eq!(b.nodes[0].children.len(), 1);
        assert_eq!(
            b.nodes[1].queen,
            tree.nodes[tree.nodes[0].children[k]].queen
        );
        // Every node keeps its queens, in the search's order.
        for i in 1..b.nodes.len() {
            assert!(
                tree.nodes
                    .iter()
                    .enumerate()
                    .any(|(j, _)| tree.queens(j) == b.queens(i))
            );
        }
    }
}
