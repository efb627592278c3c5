//! Direct labels at the lines' right ends, nudged apart so that they never
//! overlap.

/// Centres for labels wanted at `targets` (pixels, any order), at least
/// `gap` apart, kept inside [lo, hi] when they fit, each as close to its
/// target as the others allow: touching labels form a block centred on
/// their targets' mean. The result is in the order of `targets`, and labels
/// keep their order.
pub(crate) fn nudge(targets: &[f64], gap: f64, lo: f64, hi: f64) -> Vec<f64> {
    let mut order: Vec<usize> = (0..targets.len()).collect();
    order.sort_by(|&a, &b| targets[a].total_cmp(&targets[b]).then(a.cmp(&b)));
    // A block of labels order[start..start + len], its first at `first`.
    struct Block {
        start: usize,
        len: usize,
        // Sum over its labels of (target − offset within the block).
        sum: f64,
    }
    let first = |b: &Block| {
        let want = b.sum / b.len as f64;
        let last_fits = hi - (b.len - 1) as f64 * gap;
        want.min(last_fits).max(lo)
    };
    let mut blocks: Vec<Block> = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        blocks.push(Block {
            start: k,
            len: 1,
            sum: targets[i],
        });
        while let [.., a, b] = &blocks[..] {
            if first(a) + a.len as f64 * gap <= first(b) + 1e-9 {
                break;
            }
            let (start, len) = (a.start, a.len + b.len);
            let sum = a.sum + b.sum - (b.start - a.start) as f64 * gap * b.len as f64;
            blocks.truncate(blocks.len() - 2);
            blocks.push(Block { start, len, sum });
        }
    }
    let mut out = vec![0.0; targets.len()];
    for b in &blocks {
        let y = first(b);
        for k in 0..b.len {
            out[order[b.start + k]] = y + k as f64 * gap;
        }
    }
    out
}

/// A direct label: its text starts at `x`, is `width` wide, and wants its
/// centre at `target`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slot {
    /// Where the text starts, in pixels.
    pub(super) x: i32,
    /// The text's width, in pixels.
    pub(super) width: i32,
    /// The wanted vertical centre, in pixels.
    pub(super) target: f64,
}

/// Vertical centres of labels, none overlapping: labels whose boxes would
/// collide are nudged apart together (see [`nudge`]), until none collide.
pub(super) fn place(slots: &[Slot], gap: f64, lo: f64, hi: f64) -> Vec<f64> {
    let n = slots.len();
    let mut group: Vec<usize> = (0..n).collect();
    let side_by_side =
        |a: &Slot, b: &Slot| a.x - 8 < b.x + b.width + 8 && b.x - 8 < a.x + a.width + 8;
    loop {
        let mut ys = vec![0.0; n];
        let mut ids: Vec<usize> = group.clone();
        ids.sort_unstable();
        ids.dedup();
        for g in ids {
            let members: Vec<usize> = (0..n).filter(|&i| group[i] == g).collect();
            let targets: Vec<f64> = members.iter().map(|&i| slots[i].target).collect();
            for (&i, y) in members.iter().zip(nudge(&targets, gap, lo, hi)) {
                ys[i] = y;
            }
        }
        let mut merged = false;
        for i in 0..n {
            for j in i + 1..n {
                if group[i] != group[j]
                    && side_by_side(&slots[i], &slots[j])
                    && (ys[i] - ys[j]).abs() < gap - 1e-6
                {
                    let (keep, gone) = (group[i].min(group[j]), group[i].max(group[j]));
                    for g in group.iter_mut().filter(|g| **g == gone) {
                        *g = keep;
                    }
                    merged = true;
                }
            }
        }
        if !merged {
            return ys;
        }
    }
}
