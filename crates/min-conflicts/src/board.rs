//! The board of the search and everything kept up to date as queens move.
//!
//! One queen per column, as in the write-up: `queens[c]` is the row of the
//! queen in column `c`. Each line (row, diagonal `c + r`, anti-diagonal
//! `c + n - 1 - r`) has one `u32` word: the number of queens on it in the top
//! five bits, the XOR of their columns in the low 27. The count makes the
//! conflicts of a square three loads ([`Board::cost`]); the XOR names the
//! line's queen when it has exactly one, which is what keeps the conflicted set
//! exact: when a queen joins a line that had one queen, that queen becomes
//! attacked, and the XOR says which one. Lines with two or more queens (few:
//! only attacked queens are on them) list their members in a small hash map.
//!
//! **Invariant:** after a greedy initialisation, no line ever holds more than
//! three queens. Every queen is put on a square with at most two conflicts:
//! the square chosen by a move or by the greedy initialisation has the fewest
//! conflicts in its column, and the n squares of a column see at most
//! 3(n − 1) conflicts in total (each other queen lies on one row and one line
//! of each diagonal family, and each such line crosses the column once), so
//! the fewest is at most 2; the sampled initialisation falls back to the
//! exact scan rather than place a queen on three conflicts. Hence each line
//! had at most two queens before the new one arrived. So a queen has at most
//! six conflicts, and a member list holds three queens inline.
//!
//! A random initialisation (`--init random`) places queens anywhere, so a line
//! may start with more (up to [`MAX_ON_LINE`]; the member list spills to the
//! heap). Moves still go to squares with at most two conflicts, so they never
//! add to a line that holds three or more: crowded lines only thin out.

use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::conflicted::{Conflicted, Map};

/// Bits of a line word that hold the XOR of its queens' columns.
const ID_BITS: u32 = 27;
/// The XOR part of a line word.
const ID_MASK: u32 = (1 << ID_BITS) - 1;
/// One queen in a line word's count.
const ONE: u32 = 1 << ID_BITS;
/// The most queens one line word can count (five bits). A greedy run never
/// puts more than three on a line; a random initialisation draws again
/// rather than put a 32nd queen on a line (never seen: at n = 10⁶ the most
/// crowded line of a random board holds about ten).
pub(crate) const MAX_ON_LINE: u32 = (1 << (32 - ID_BITS)) - 1;
/// The largest n the line words can name every column of.
pub(crate) const MAX_COLUMNS: usize = 1 << ID_BITS;

/// The number of queens a line word records.
#[inline(always)]
fn count(word: u32) -> u32 {
    word >> ID_BITS
}

/// The three line families.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Row = 0,
    Diag = 1,
    Anti = 2,
}

/// The key of a line in the map of crowded lines.
#[inline]
fn key(family: Family, index: usize) -> u64 {
    ((family as u64) << 32) | index as u64
}

/// The queens of a crowded line (two or more), as many as its line word
/// counts, in no order: the first three inline (all a greedy run ever needs),
/// any more in `more` (only after a random initialisation).
#[derive(Clone, Debug, Default)]
pub(crate) struct Members {
    first: [u32; 3],
    more: Vec<u32>,
}

impl Members {
    /// The members of a line that just got its second queen.
    #[inline]
    fn pair(a: u32, b: u32) -> Members {
        Members {
            first: [a, b, 0],
            more: Vec::new(),
        }
    }

    /// Member `i`.
    #[inline]
    fn get(&self, i: usize) -> u32 {
        if i < 3 {
            self.first[i]
        } else {
            self.more[i - 3]
        }
    }

    #[inline]
    fn put(&mut self, i: usize, q: u32) {
        if i < 3 {
            self.first[i] = q;
        } else {
            self.more[i - 3] = q;
        }
    }

    /// Adds `q` to a line that held `k` queens.
    #[inline]
    fn push(&mut self, k: usize, q: u32) {
        if k < 3 {
            self.first[k] = q;
        } else {
            self.more.push(q);
        }
    }

    /// Removes `q` from a line that held `k` queens; the last member takes
    /// its place.
    #[inline]
    fn remove(&mut self, k: usize, q: u32) {
        let at = (0..k).find(|&i| self.get(i) == q).expect("member");
        self.put(at, self.get(k - 1));
        if k > 3 {
            self.more.pop();
        }
    }

    /// The `k` members, in order.
    fn to_vec(&self, k: usize) -> Vec<u32> {
        (0..k).map(|i| self.get(i)).collect()
    }
}

/// Counters of the work the search did besides its moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Scans {
    /// Full O(n) scans of a column, by a move or an initialisation.
    pub(crate) full: u64,
}

/// The search state. See the module docs.
#[derive(Debug)]
pub(crate) struct Board {
    n: usize,
    /// `queens[c]`: the row of the queen in column `c`.
    pub(crate) queens: Vec<u32>,
    /// Line words of the n rows.
    rows: Vec<u32>,
    /// Line words of the 2n − 1 diagonals, index `c + r`.
    diags: Vec<u32>,
    /// Line words of the 2n − 1 anti-diagonals, index `c + n − 1 − r`.
    antis: Vec<u32>,
    /// The members of every line with two or three queens (the line word's
    /// count says how many of the three entries are in use).
    crowded: Map<u64, Members>,
    /// The attacked queens, bucketed by conflict count.
    pub(crate) conflicted: Conflicted,
    /// Every row without a queen, plus rows that have since been filled
    /// (dropped lazily when a scan meets them). During the sampled
    /// initialisation it is the pool of free rows instead.
    empty: Vec<u32>,
    /// One bit per row: whether the row is in `empty` (no duplicates).
    listed: Vec<u64>,
    /// Attacking pairs: the sum over lines of k(k − 1)/2 for k queens on it.
    attacks: u64,
    /// Scratch list of queens whose conflicts a move on a line of four or
    /// more queens changes (after a random initialisation only).
    scratch: Vec<u32>,
}

impl Board {
    /// An empty n×n board (no queen placed). n ≥ 1.
    pub(crate) fn new(n: usize) -> Board {
        assert!((1..MAX_COLUMNS).contains(&n), "n = {n}");
        Board {
            n,
            queens: vec![0; n],
            rows: vec![0; n],
            diags: vec![0; 2 * n - 1],
            antis: vec![0; 2 * n - 1],
            crowded: Map::default(),
            conflicted: Conflicted::default(),
            empty: Vec::new(),
            listed: vec![0; n.div_ceil(64)],
            attacks: 0,
            scratch: Vec::new(),
        }
    }

    /// Removes every queen (before a fresh initialisation).
    pub(crate) fn clear(&mut self) {
        self.rows.fill(0);
        self.diags.fill(0);
        self.antis.fill(0);
        self.crowded.clear();
        self.conflicted.clear();
        self.empty.clear();
        self.listed.fill(0);
        self.attacks = 0;
    }

    /// The number of pairs of queens that attack each other; 0 means solved.
    pub(crate) fn attacks(&self) -> u64 {
        self.attacks
    }

    /// Hands the board over (`queens[c]` = row of the queen in column c).
    pub(crate) fn into_queens(self) -> Vec<u32> {
        self.queens
    }

    /// The conflicts a queen in column `c` would have on row `r`: the queens
    /// on the square's row and two diagonals (a queen standing there counts
    /// itself three times).
    #[inline(always)]
    pub(crate) fn cost(&self, c: usize, r: usize) -> u32 {
        count(self.rows[r]) + count(self.diags[c + r]) + count(self.antis[c + self.n - 1 - r])
    }

    /// The conflicts of the queen in column `q`.
    #[inline]
    pub(crate) fn conflicts_of(&self, q: usize) -> u32 {
        self.cost(q, self.queens[q] as usize) - 3
    }

    /// The three lines through (c, r).
    #[inline(always)]
    fn lines(&self, c: usize, r: usize) -> [(Family, usize); 3] {
        [
            (Family::Row, r),
            (Family::Diag, c + r),
            (Family::Anti, c + self.n - 1 - r),
        ]
    }

    #[inline(always)]
    fn word(&mut self, family: Family, index: usize) -> &mut u32 {
        match family {
            Family::Row => &mut self.rows[index],
            Family::Diag => &mut self.diags[index],
            Family::Anti => &mut self.antis[index],
        }
    }

    /// Puts the queen of column `c` on row `r` (it must not be on the board)
    /// and updates the counts, the attacks, the crowded lines and the
    /// conflicted set. The square must have at most two conflicts.
    pub(crate) fn place(&mut self, c: usize, r: usize) {
        self.place_inner::<false>(c, r);
    }

    /// [`Board::place`]; with `FREE_ROW` the caller knows that row `r` has no
    /// queen, so its word is written without being read (one cache miss
    /// fewer per queen in the sampled initialisation).
    #[inline(always)]
    fn place_inner<const FREE_ROW: bool>(&mut self, c: usize, r: usize) {
        self.queens[c] = r as u32;
        // At most two conflicts: at most two queens to refresh, after the
        // new one (the order of the conflicted set's updates decides the
        // order within its buckets, hence the random picks).
        let mut touched = [0u32; 2];
        let mut t = 0;
        let mut own = 0;
        for (family, index) in self.lines(c, r) {
            let word = self.word(family, index);
            let before = if FREE_ROW && family == Family::Row {
                debug_assert_eq!(*word, 0, "row {r} is not free");
                0
            } else {
                *word
            };
            *word = (before + ONE) ^ c as u32;
            let k = count(before);
            if k == 0 {
                continue;
            }
            own += k;
            self.attacks += u64::from(k);
            assert!(own <= 2, "a queen placed on {own}+ conflicts");
            let key = key(family, index);
            if k == 1 {
                let other = before & ID_MASK;
                self.crowded.insert(key, Members::pair(other, c as u32));
                touched[t] = other;
                t += 1;
            } else {
                let members = self.crowded.get_mut(&key).expect("crowded line listed");
                touched = [members.first[0], members.first[1]];
                t = 2;
                members.push(2, c as u32);
            }
        }
        if own > 0 {
            // The queen is off the board before, so not in the set.
            self.conflicted.set(c as u32, own);
        }
        for &q in &touched[..t] {
            self.refresh(q);
        }
    }

    /// [`Board::place`] on any square (a random initialisation): the square
    /// may have any number of conflicts, but none of its lines may be full
    /// ([`MAX_ON_LINE`]).
    pub(crate) fn place_any(&mut self, c: usize, r: usize) {
        self.queens[c] = r as u32;
        let own = self.cost(c, r);
        if own > 0 {
            self.conflicted.set(c as u32, own);
        }
        for (family, index) in self.lines(c, r) {
            let word = self.word(family, index);
            let before = *word;
            assert!(count(before) < MAX_ON_LINE, "a full line");
            *word = (before + ONE) ^ c as u32;
            let k = count(before);
            if k == 0 {
                continue;
            }
            self.attacks += u64::from(k);
            let key = key(family, index);
            // A queen shares at most one line with `c`, so its conflicts
            // are final once this line is updated.
            if k == 1 {
                let other = before & ID_MASK;
                self.crowded.insert(key, Members::pair(other, c as u32));
                self.refresh(other);
            } else {
                let members = self.crowded.get_mut(&key).expect("crowded line listed");
                members.push(k as usize, c as u32);
                self.refresh_members(key, k as usize);
            }
        }
    }

    /// Records the conflicts of the queen of column `q` in the conflicted
    /// set (after a line through it changed).
    #[inline(always)]
    fn refresh(&mut self, q: u32) {
        let v = self.conflicts_of(q as usize);
        self.conflicted.set(q, v);
    }

    /// [`Board::refresh`] for the first `k` members of a crowded line.
    fn refresh_members(&mut self, key: u64, k: usize) {
        let mut members = std::mem::take(&mut self.scratch);
        members.clear();
        members.extend((0..k).map(|i| self.crowded[&key].get(i)));
        for &q in &members {
            self.refresh(q);
        }
        self.scratch = members;
    }

    /// Takes the queen of column `c` off the board (its row stays in
    /// `queens[c]` until it is placed again) and updates everything
    /// [`Board::place`] does, plus the list of empty rows.
    pub(crate) fn lift(&mut self, c: usize) {
        let r = self.queens[c] as usize;
        self.conflicted.set(c as u32, 0);
        for (family, index) in self.lines(c, r) {
            let word = self.word(family, index);
            let before = *word;
            *word = (before - ONE) ^ c as u32;
            let k = count(before);
            if k == 1 {
                if family == Family::Row {
                    self.list_empty(r);
                }
                continue;
            }
            self.attacks -= u64::from(k - 1);
            let key = key(family, index);
            // A queen shares at most one line with `c`, so its conflicts
            // are final once this line is updated.
            if k == 2 {
                let m = self.crowded.remove(&key).expect("crowded line listed");
                self.refresh(if m.first[0] == c as u32 {
                    m.first[1]
                } else {
                    m.first[0]
                });
            } else {
                let m = self.crowded.get_mut(&key).expect("crowded line listed");
                m.remove(k as usize, c as u32);
                if k == 3 {
                    let [a, b, _] = m.first;
                    self.refresh(a);
                    self.refresh(b);
                } else {
                    self.refresh_members(key, k as usize - 1);
                }
            }
        }
    }

    /// Adds row `r` to the list of empty rows unless it is already listed.
    #[inline]
    fn list_empty(&mut self, r: usize) {
        let (word, bit) = (r / 64, 1u64 << (r % 64));
        if self.listed[word] & bit == 0 {
            self.listed[word] |= bit;
            self.empty.push(r as u32);
        }
    }

    /// Lists the rows without a queen from scratch (after an initialisation).
    pub(crate) fn list_all_empty(&mut self) {
        self.empty.clear();
        self.listed.fill(0);
        for r in 0..self.n {
            if count(self.rows[r]) == 0 {
                self.list_empty(r);
            }
        }
    }

    /// The row of column `c` with the fewest conflicts, ties broken uniformly
    /// at random, by scanning all n rows; also returns that fewest.
    pub(crate) fn scan_column(&self, c: usize, rng: &mut Xoshiro256PlusPlus) -> (usize, u32) {
        let n = self.n;
        let rows = &self.rows[..];
        let diags = &self.diags[c..c + n];
        // antis[c + n - 1 - r] for r = 0..n: the window read backwards.
        let antis = &self.antis[c..c + n];
        let costs = || {
            rows.iter()
                .zip(diags)
                .zip(antis.iter().rev())
                .map(|((&a, &b), &d)| count(a) + count(b) + count(d))
        };
        let min = costs().min().expect("n >= 1");
        let ties = costs().filter(|&v| v == min).count();
        let pick = rng.random_range(0..ties);
        let row = costs()
            .enumerate()
            .filter(|&(_, v)| v == min)
            .nth(pick)
            .expect("pick < ties")
            .0;
        (row, min)
    }

    /// The write-up's greedy initialisation, exactly: each queen in turn goes
    /// to a row with the fewest conflicts with the queens already placed,
    /// ties broken uniformly at random. The choice is [`Board::best_row`]'s,
    /// so it is the same as scanning every row, without the O(n²) of the
    /// scans: O(n) expected while rows without conflicts are plentiful.
    pub(crate) fn init_greedy(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        samples: usize,
        scans: &mut Scans,
    ) {
        self.list_all_empty();
        for c in 0..self.n {
            let r = self.best_row(c, rng, samples, scans);
            self.place(c, r);
        }
        self.list_all_empty();
    }

    /// The greedy initialisation by sampling, O(n) expected. The rows are
    /// shuffled once into a queue of free rows. Each queen in turn looks at
    /// the next `samples` rows of the queue and takes the first with no
    /// conflict (a free row has none on its row, so only its diagonals count),
    /// or else the first with the fewest; the rows it passed over go to the
    /// back of the queue, so the front keeps offering fresh random rows.
    /// Should the best have three conflicts or more (which would break the
    /// line invariant), the exact scan of the column decides (counted in
    /// `scans`).
    ///
    /// A queue in shuffled order rather than a fresh random draw for every
    /// candidate makes the pool reads sequential and lets the diagonal words
    /// of four candidates be fetched at once: at large n the initialisation is
    /// all memory latency, and this makes it about three times faster.
    pub(crate) fn init_sampled(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        samples: usize,
        scans: &mut Scans,
    ) {
        let n = self.n;
        let mut queue = Ring::shuffled(std::mem::take(&mut self.empty), n, rng);
        for c in 0..n {
            let window = queue.len.min(samples.max(1));
            let (at, cost) = self.first_free(c, &queue, window);
            if cost <= 2 {
                queue.skip(at);
                let r = queue.pop() as usize;
                self.place_inner::<true>(c, r);
            } else {
                scans.full += 1;
                let (r, _) = self.scan_column(c, rng);
                if let Some(at) = (0..queue.len).find(|&k| queue.get(k) as usize == r) {
                    queue.swap_front(at);
                    queue.pop();
                }
                self.place(c, r);
            }
        }
        self.empty = queue.into_vec();
        self.list_all_empty();
    }

    /// A uniformly random board (`--init random`): each queen on a row drawn
    /// uniformly at random, independently of the others. A draw that would
    /// put a 32nd queen on one line ([`MAX_ON_LINE`]) is drawn again.
    pub(crate) fn init_random(&mut self, rng: &mut Xoshiro256PlusPlus) {
        let n = self.n;
        for c in 0..n {
            let r = loop {
                let r = rng.random_range(0..n);
                let full = |w: u32| count(w) >= MAX_ON_LINE;
                if !(full(self.rows[r])
                    || full(self.diags[c + r])
                    || full(self.antis[c + n - 1 - r]))
                {
                    break r;
                }
            };
            self.place_any(c, r);
        }
        self.list_all_empty();
    }

    /// The write-up's `good?`: whether no queen is attacked, each queen's
    /// conflicts read from its three line counters, O(n) (stops at the
    /// first attacked queen). Reads neither the count of attacking pairs
    /// nor any set of attacked queens.
    pub(crate) fn full_check(&self) -> bool {
        (0..self.n).all(|q| self.conflicts_of(q) == 0)
    }

    /// The first of the `window` rows at the front of `queue` (free rows)
    /// whose square in column `c` has no conflict, else the first with the
    /// fewest: its place in the queue and its conflicts. The words are read
    /// four candidates at a time so that their cache misses overlap.
    #[inline]
    fn first_free(&self, c: usize, queue: &Ring, window: usize) -> (usize, u32) {
        let n = self.n;
        let diags = &self.diags[c..c + n];
        let antis = &self.antis[c..c + n];
        let cost = |k: usize| {
            let r = queue.get(k) as usize;
            count(diags[r]) + count(antis[n - 1 - r])
        };
        let mut best = (0, u32::MAX);
        let mut k = 0;
        while k < window {
            let costs: [u32; 4] = if k + 4 <= window {
                [cost(k), cost(k + 1), cost(k + 2), cost(k + 3)]
            } else {
                std::array::from_fn(|i| {
                    if k + i < window {
                        cost(k + i)
                    } else {
                        u32::MAX
                    }
                })
            };
            for (i, &v) in costs.iter().enumerate() {
                if v < best.1 {
                    best = (k + i, v);
                    if v == 0 {
                        return best;
                    }
                }
            }
            k += 4;
        }
        best
    }

    /// The row for the queen of column `c`, which is off the board: the row
    /// with the fewest conflicts, ties broken uniformly at random, exactly as
    /// [`Board::scan_column`] would choose, but usually in O(1):
    ///
    /// 1. A row with no conflict has no queen, so it is in the list of empty
    ///    rows. Draw up to `samples` listed rows at random; the first free on
    ///    both diagonals is a uniform choice among the rows with no conflict.
    ///    (Entries whose row has since been filled are dropped when drawn.)
    /// 2. Failing that, look at every listed row and choose uniformly among
    ///    those free on both diagonals, if any. At large n the list is short.
    /// 3. Otherwise the fewest is at least 1. Draw up to `samples` rows of the
    ///    whole column (when n > `samples`); the first with exactly one
    ///    conflict is a uniform choice among those, which are then the fewest.
    /// 4. Otherwise scan the column (counted in `scans`).
    pub(crate) fn best_row(
        &mut self,
        c: usize,
        rng: &mut Xoshiro256PlusPlus,
        samples: usize,
        scans: &mut Scans,
    ) -> usize {
        let n = self.n;
        let free =
            |b: &Board, r: usize| count(b.diags[c + r]) == 0 && count(b.antis[c + n - 1 - r]) == 0;
        // 1. Random empty rows (when the list is long enough to be worth it).
        if self.empty.len() > samples {
            let mut tries = 0;
            while tries < samples && !self.empty.is_empty() {
                let i = rng.random_range(0..self.empty.len());
                let r = self.empty[i] as usize;
                if self.unlist_if_filled(i) {
                    continue;
                }
                if free(self, r) {
                    return r;
                }
                tries += 1;
            }
        }
        // 2. Every empty row.
        let mut zeros = 0u32;
        let mut chosen = 0;
        let mut i = 0;
        while i < self.empty.len() {
            let r = self.empty[i] as usize;
            if self.unlist_if_filled(i) {
                continue;
            }
            if free(self, r) {
                zeros += 1;
                if rng.random_range(0..zeros) == 0 {
                    chosen = r;
                }
            }
            i += 1;
        }
        if zeros > 0 {
            return chosen;
        }
        // 3. Random rows with one conflict (for small n the scan is cheaper).
        for _ in 0..if n > samples { samples } else { 0 } {
            let r = rng.random_range(0..n);
            if self.cost(c, r) == 1 {
                return r;
            }
        }
        // 4. The whole column.
        scans.full += 1;
        self.scan_column(c, rng).0
    }

    /// Drops entry `i` of the list of empty rows if its row has a queen now
    /// (the last entry takes its place); says whether it did.
    #[inline]
    fn unlist_if_filled(&mut self, i: usize) -> bool {
        let r = self.empty[i] as usize;
        if count(self.rows[r]) == 0 {
            return false;
        }
        self.empty.swap_remove(i);
        self.listed[r / 64] &= !(1u64 << (r % 64));
        true
    }

    /// Recomputes everything from `queens` and panics on any difference
    /// (O(n); the tests call it after every move).
    pub(crate) fn check(&self) {
        let n = self.n;
        let mut rows = vec![0u32; n];
        let mut diags = vec![0u32; 2 * n - 1];
        let mut antis = vec![0u32; 2 * n - 1];
        let mut members: Map<u64, Vec<u32>> = Map::default();
        for (c, &r) in self.queens.iter().enumerate() {
            let r = r as usize;
            for (family, index) in self.lines(c, r) {
                let w = match family {
                    Family::Row => &mut rows[index],
                    Family::Diag => &mut diags[index],
                    Family::Anti => &mut antis[index],
                };
                *w = (*w + ONE) ^ c as u32;
                members
                    .entry(key(family, index))
                    .or_default()
                    .push(c as u32);
            }
        }
        assert_eq!(rows, self.rows, "row words");
        assert_eq!(diags, self.diags, "diagonal words");
        assert_eq!(antis, self.antis, "anti-diagonal words");
        let mut attacks = 0;
        let mut crowded = 0;
        for (k, mut m) in members {
            let len = m.len() as u64;
            attacks += len * (len - 1) / 2;
            assert!(len <= u64::from(MAX_ON_LINE), "{len} queens on a line");
            if len >= 2 {
                crowded += 1;
                let mut listed = self.crowded[&k].to_vec(m.len());
                listed.sort_unstable();
                m.sort_unstable();
                assert_eq!(listed, m, "members of line {k:#x}");
            }
        }
        assert_eq!(crowded, self.crowded.len(), "crowded lines");
        assert_eq!(attacks, self.attacks, "attacks");
        let mut attacked = 0;
        for q in 0..n {
            let v = self.conflicts_of(q);
            assert_eq!(self.conflicted.get(q as u32), v, "conflicts of queen {q}");
            attacked += usize::from(v > 0);
        }
        assert_eq!(self.conflicted.len(), attacked, "conflicted set size");
        assert_eq!(self.conflicted.members().count(), attacked, "bucket sizes");
        let mut seen = vec![false; n];
        for &r in &self.empty {
            let r = r as usize;
            assert!(!seen[r], "row {r} listed twice");
            seen[r] = true;
            assert!(self.listed[r / 64] & (1 << (r % 64)) != 0, "row {r} bit");
        }
        for (r, (&word, &seen)) in self.rows.iter().zip(&seen).enumerate() {
            if count(word) == 0 {
                assert!(seen, "empty row {r} not listed");
            }
            let bit = self.listed[r / 64] & (1 << (r % 64)) != 0;
            assert_eq!(bit, seen, "row {r} bit without entry");
        }
    }
}

impl Board {
    /// The invariant of the stale cache (`--conflict-cache stale`), which
    /// records a queen's conflicts only when it is placed: of every pair of
    /// queens that attack each other, the one placed last is recorded as
    /// attacked, since the pair has not changed since it was placed. So a
    /// line holds at most one queen the cache records as unattacked, and a
    /// cache with no attacked queen means a solved board. Panics otherwise
    /// (tests: O(n)).
    pub(crate) fn check_stale(&self, stale: &Conflicted) {
        for (&key, members) in &self.crowded {
            let family = match key >> 32 {
                0 => &self.rows,
                1 => &self.diags,
                _ => &self.antis,
            };
            let k = count(family[key as u32 as usize]) as usize;
            let unrecorded = (0..k).filter(|&i| stale.get(members.get(i)) == 0).count();
            assert!(
                unrecorded <= 1,
                "line {key:#x}: {unrecorded} queens unrecorded"
            );
        }
    }
}

/// A queue of rows in a ring buffer of n slots (the free rows of the sampled
/// initialisation): `len` rows from slot `head` on, wrapping around.
struct Ring {
    slots: Vec<u32>,
    head: usize,
    len: usize,
}

impl Ring {
    /// Rows 0..n in random order (Fisher–Yates), reusing `buf`'s memory.
    fn shuffled(mut buf: Vec<u32>, n: usize, rng: &mut Xoshiro256PlusPlus) -> Ring {
        buf.clear();
        buf.extend(0..n as u32);
        for i in (1..n).rev() {
            buf.swap(i, rng.random_range(0..=i));
        }
        Ring {
            slots: buf,
            head: 0,
            len: n,
        }
    }

    /// The slot of the k-th row from the front.
    #[inline(always)]
    fn slot(&self, k: usize) -> usize {
        let i = self.head + k;
        if i >= self.slots.len() {
            i - self.slots.len()
        } else {
            i
        }
    }

    /// The k-th row from the front.
    #[inline(always)]
    fn get(&self, k: usize) -> u32 {
        self.slots[self.slot(k)]
    }

    /// Moves the first `k` rows to the back, in order.
    #[inline]
    fn skip(&mut self, k: usize) {
        for _ in 0..k {
            let back = self.slot(self.len);
            self.slots[back] = self.slots[self.head];
            self.head = self.slot(1);
        }
    }

    /// Swaps the k-th row with the front one.
    fn swap_front(&mut self, k: usize) {
        let (a, b) = (self.head, self.slot(k));
        self.slots.swap(a, b);
    }

    /// Removes and returns the front row.
    #[inline]
    fn pop(&mut self) -> u32 {
        let r = self.slots[self.head];
        self.head = self.slot(1);
        self.len -= 1;
        r
    }

    /// The buffer, emptied, to be reused.
    fn into_vec(mut self) -> Vec<u32> {
        self.slots.clear();
        self.slots
    }
}
