//! `string-regex`: the "functional yet incomprehensible Perl in 2 lines" of
//! seed file `000_7439845249fc9285.txt`, Part I §4. As repaired (see below):
//!
//! ```perl
//! sub placequeen {$_[0]=~/^(.)(.*(.))(??{abs$1-$3!=length$2 && 'x'})/ ? () : length $_[0]
//! == 8 ? @_ : map $_[0]=~$_?():placequeen("$_@_"), 0..7}
//! print map '.'x$_.'Q'.'.'x(7-$_)."\n", /./g for placequeen;
//! ```
//!
//! **The seed as printed does not run**; three characters or groups were lost,
//! and each breaks it: the print statement is garbled (`'x$_.'Q'.'x(7-$_)'\n'` for
//! `'.'x$_.'Q'.'.'x(7-$_)."\n"`, a syntax error); `placequeen("$_@")` must be
//! `placequeen("$_@_")`, or the string never grows; and the regex
//! `/^(.) (.*) (??{…})/` must be `/^(.)(.*(.))(??{…})/`, or it needs literal
//! spaces and never sets `$3`. This crate follows the repaired program.
//!
//! **What the program does, and what this crate does.** A partial board is a
//! string of column characters, the newest queen first: placing a queen
//! *prepends* its character. A candidate is rejected by matching the string:
//! - same column: `$_[0]=~$_`, the candidate's character used as a pattern
//!   against the string, before the recursive call. Here: one [`Regex`] per
//!   column, the escaped character, and `is_match`;
//! - same diagonal: on entry, `/^(.)(.*(.))(??{…})/` against the new string.
//!   `$1` is the new queen; the regex engine backtracks over every earlier
//!   queen `$3`, at distance `length $2` from it; the code block `(??{…})`
//!   returns the empty pattern (match: an attack) when
//!   `abs($1-$3) == length $2`, and `'x'`, which cannot match a digit, when
//!   not. The `regex` crate has no code callouts, so the callout is unrolled:
//!   its result depends only on `$1`, `$3` and `length $2`, so for each
//!   possible `$1` = character c the pairs it accepts are finite, and one
//!   regex per c lists them, `^c(?:[c−1 c+1]|.[c−2 c+2]|..[c−3 c+3]|…)`:
//!   alternative k skips k − 1 characters (`$2` without `$3`) and accepts
//!   the two characters at distance k. It matches exactly when some split of
//!   the seed's regex makes the callout return the empty pattern (a test
//!   checks this against a direct walk over the seed's captures, see
//!   [`seed_callout_walk`]);
//! - a string of length n is a solution (`length $_[0] == 8 ? @_`).
//!
//! The string lives in a buffer of n bytes filled from the end, so that
//! prepending a character is one store and the string is always the
//! buffer's tail (no copy per call as Perl's `"$_@_"` makes).
//!
//! **Characters.** The seed's digits 0..7 generalise to the contiguous ASCII
//! range from `'0'`: column c is the byte `b'0' + c` (`'0'..='9'` for the
//! first ten, so n ≤ 8 uses exactly the seed's characters), and the code
//! difference of two characters is their column distance, which is what
//! `abs($1-$3)` computes on digits. (The seed's `'x'` trick would break once
//! `'x'` is a column character, from n = 73 on; the unrolled regex does not
//! need it.)
//!
//! **Order and solutions.** `map … 0..7` tries columns in increasing order
//! for each new row, so boards come out in lexicographic order of rows 1..n.
//! The Perl's strings hold the newest row first (its first printed line is
//! row 8); the sink receives the string reversed, row 1 first, which is the
//! same board in the row-order every approach uses.
//!
//! **Steps:** one per queen placement, a prepended string that passes the
//! diagonal test (2056 at n = 8, the row-by-row tree below its root).
//!
//! **Nodes per depth** ([`NODE_UNIT`]): a node at depth d is a call of
//! `placequeen` on a string of d characters that passed the column and the
//! diagonal tests, i.e. a partial board of d rows with no two queens
//! attacking; the root (depth 0) is the first call, on the empty string.
//! The same tree, level by level, as `bitmask`'s; depths 1..=n add up to
//! the steps.
//!
//! **Trace** ([`TRACE`], `queens --trace`): `place` (the step) when a
//! prepended string passes the diagonal test (row: the string's length,
//! column: its new character), `remove` when that call of `placequeen`
//! returns, `solution` for a string of length n; the same events as
//! `bitmask`'s.
//!
//! **Limit:** [`MAX_N`] = 79, the columns `'0'` (0x30) to `'~'` (0x7E), the
//! last printable ASCII character: one printable character per column keeps
//! the string readable and one byte per character, so `length $2` is a
//! character count. Counting is bounded by time long before that: each
//! placement costs up to n column matches and n diagonal matches (release
//! build: n = 10 in about 18 ms, n = 12 in about 0.3 s; the lexicographic
//! first board takes 0.15 s at n = 20 and more than 20 s at n = 30).
//!
//! n = 0: this crate reports the empty board as the one solution (a(0) = 1);
//! the Perl, started with no argument, would return an empty list.

use std::ops::ControlFlow;

use queens_core::{Enumerate, Info, Kind, Probe, Refusal, Sink, TraceInfo};
use regex::bytes::{Regex, RegexBuilder};

/// The first column's character, the seed's digit `0`.
pub const FIRST_CHAR: u8 = b'0';

/// The last column character usable: `'~'`, the last printable ASCII character.
pub const LAST_CHAR: u8 = b'~';

/// The largest n: one printable ASCII character per column, from `'0'` to `'~'`.
pub const MAX_N: usize = (LAST_CHAR - FIRST_CHAR + 1) as usize;

/// The approach's description.
pub static INFO: Info = Info {
    id: "string-regex",
    good_for: "a search written on strings and regular expressions, the Perl way",
    title: "Perl string and regex matching",
    source: "[Aiello] Part I.4: the two-line Perl program, repaired",
    structure: "a string of column characters, newest queen first; attacks found by regex matches",
    step_unit: "queen placements",
    order: "lexicographic: rows top to bottom, columns left to right (the Perl string, \
            newest row first, is reversed into row order)",
    max_n: MAX_N,
    limit_reason: "one printable ASCII character per column, contiguous from '0' to '~', \
                   so character code differences are column distances",
    kind: Kind::Exhaustive,
    splits: false,
    counts_unique: false,
    quick_n: 11,
    bench_count: &[8, 10, 12],
    bench_first: &[20],
};

/// How the search traces ([`Enumerate::trace_info`]): the row-by-row tree,
/// the same events as the other ports of it, so the same limits.
pub use queens_core::trace::ROW_BY_ROW as TRACE;

/// What a node at depth d is ([`Enumerate::node_unit`]).
pub const NODE_UNIT: &str = "a string of d column characters (d queens) that passed the column \
                             and diagonal tests: a partial board of d rows, no two queens attacking";

/// The seed's `placequeen`, on a string, with regular expressions.
#[derive(Clone, Copy, Debug, Default)]
pub struct StringRegex;

/// The character of 0-based column c.
pub fn column_char(c: usize) -> u8 {
    FIRST_CHAR + c as u8
}

/// The regex of the column test `$_[0]=~$_`: the column's character, escaped
/// (from `':'` on, some column characters are regex metacharacters).
pub fn column_regex(c: usize) -> Regex {
    let ch = char::from(column_char(c));
    build(&regex::escape(ch.encode_utf8(&mut [0; 4])))
}

/// The seed's diagonal regex with its callout unrolled, for a string whose
/// first character (`$1`) is column c of an n-column board: matches exactly
/// when some earlier queen `$3` at distance k = `length $2` has
/// `abs($1-$3) == k`.
pub fn diagonal_regex(c: usize, n: usize) -> Regex {
    let mut pattern = format!("^{}(?:", escaped(c));
    // k = 1..: `$2` is k characters, the last of which is `$3`.
    let mut first = true;
    for k in 1..n {
        let below = c.checked_sub(k);
        let above = (c + k < n).then_some(c + k);
        if below.is_none() && above.is_none() {
            continue;
        }
        if !first {
            pattern.push('|');
        }
        first = false;
        if k > 1 {
            pattern.push_str(&format!(".{{{}}}", k - 1));
        }
        pattern.push('[');
        for col in below.into_iter().chain(above) {
            pattern.push_str(&escaped(col));
        }
        pattern.push(']');
    }
    if first {
        // n = 1: no other square, no diagonal; a pattern that never matches.
        pattern.push_str("[^\\x00-\\xFF]");
    }
    pattern.push(')');
    build(&pattern)
}

/// The seed's regex as Perl runs it, without a regex: for the string `s`,
/// every split `^(.)(.*(.))` the backtracking engine tries (longest `$2`
/// first), and the callout's test `abs($1-$3) != length $2`. True when some
/// split makes the callout return the empty pattern, i.e. the regex matches
/// and the candidate is rejected. The reference for [`diagonal_regex`].
pub fn seed_callout_walk(s: &[u8]) -> bool {
    (1..s.len())
        .rev()
        .any(|k| i32::from(s[0]).abs_diff(i32::from(s[k])) as usize == k)
}

fn escaped(c: usize) -> String {
    regex::escape(char::from(column_char(c)).encode_utf8(&mut [0; 4]))
}

fn build(pattern: &str) -> Regex {
    RegexBuilder::new(pattern)
        .unicode(false)
        .build()
        .expect("the column and diagonal patterns are valid regexes")
}

/// The compiled regexes for one n.
struct Matchers {
    column: Vec<Regex>,
    diagonal: Vec<Regex>,
}

impl Enumerate for StringRegex {
    fn info(&self) -> &'static Info {
        &INFO
    }

    fn node_unit(&self) -> Result<&'static str, Refusal> {
        Ok(NODE_UNIT)
    }

    fn trace_info(&self) -> Option<&'static TraceInfo> {
        Some(&TRACE)
    }

    fn search<P: Probe, S: Sink>(&self, n: usize, probe: &mut P, sink: &mut S) -> ControlFlow<()> {
        if n == 0 {
            probe.node(0);
            probe.solution(None);
            return sink.solution(&[]);
        }
        let matchers = Matchers {
            column: (0..n).map(column_regex).collect(),
            diagonal: (0..n).map(|c| diagonal_regex(c, n)).collect(),
        };
        let mut buf = vec![0u8; n];
        let mut cols = vec![0u32; n];
        place_queen(&matchers, &mut buf, n, &mut cols, probe, sink)
    }
}

/// `placequeen` on the string `buf[start..]` (the newest queen first), which
/// passed the column test: the diagonal test, then a solution or, for each
/// column character not in the string, a recursive call on the string with
/// that character prepended.
fn place_queen<P: Probe, S: Sink>(
    m: &Matchers,
    buf: &mut [u8],
    start: usize,
    cols: &mut [u32],
    probe: &mut P,
    sink: &mut S,
) -> ControlFlow<()> {
    let n = buf.len();
    if start < n {
        let s = &buf[start..];
        let newest = usize::from(s[0] - FIRST_CHAR);
        if m.diagonal[newest].is_match(s) {
            return ControlFlow::Continue(());
        }
        probe.step();
        probe.node(n - start);
        probe.place(n - start - 1, newest);
    } else {
        probe.node(0);
    }
    if start == 0 {
        if S::NEEDS_BOARD {
            // The string runs row n..1; the sink wants rows 1..n.
            for (col, &ch) in cols.iter_mut().zip(buf.iter().rev()) {
                *col = u32::from(ch - FIRST_CHAR);
            }
        }
        probe.solution(None);
        let flow = sink.solution(cols);
        if P::TRACES && flow.is_continue() {
            probe.remove(n - 1, usize::from(buf[0] - FIRST_CHAR));
        }
        return flow;
    }
    for c in 0..n {
        if !m.column[c].is_match(&buf[start..]) {
            buf[start - 1] = column_char(c);
            place_queen(m, buf, start - 1, cols, probe, sink)?;
        }
    }
    if P::TRACES && start < n {
        // This call's queen, the string's first character, is taken back.
        probe.remove(n - start - 1, usize::from(buf[start] - FIRST_CHAR));
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string of length 1..=len over the first n column characters.
    fn strings(n: usize, len: usize) -> Vec<Vec<u8>> {
        let mut all: Vec<Vec<u8>> = vec![Vec::new()];
        let mut out = Vec::new();
        for _ in 0..len {
            all = all
                .iter()
                .flat_map(|s| {
                    (0..n).map(move |c| {
                        let mut t = vec![column_char(c)];
                        t.extend_from_slice(s);
                        t
                    })
                })
                .collect();
            out.extend(all.iter().cloned());
        }
        out
    }

    #[test]
    fn unrolled_regex_agrees_with_the_seed_callout() {
        for n in 1..=7 {
            let regexes: Vec<Regex> = (0..n).map(|c| diagonal_regex(c, n)).collect();
            let mut attacks = 0;
            for s in strings(n, n.min(6)) {
                let c = usize::from(s[0] - FIRST_CHAR);
                let walk = seed_callout_walk(&s);
                assert_eq!(regexes[c].is_match(&s), walk, "n = {n}, {s:?}");
                attacks += usize::from(walk);
            }
            // Only n = 1 has no diagonal at all.
            assert_eq!(attacks == 0, n == 1, "n = {n}");
        }
    }

    #[test]
    fn unrolled_regex_agrees_with_the_seed_callout_on_wide_boards() {
        // Metacharacters (':' .. '~' include '?', '[', '\\', ']', '^', '{', '|', '}')
        // and distances up to n - 1 = 78.
        let n = MAX_N;
        let regexes: Vec<Regex> = (0..n).map(|c| diagonal_regex(c, n)).collect();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for len in 2..=n {
            for _ in 0..50 {
                let s: Vec<u8> = (0..len)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        column_char((state % n as u64) as usize)
                    })
                    .collect();
                let c = usize::from(s[0] - FIRST_CHAR);
                assert_eq!(regexes[c].is_match(&s), seed_callout_walk(&s), "{s:?}");
            }
        }
        // The extreme distances: column 0 against column 78 at distance 78.
        let mut s = vec![column_char(0); n];
        s[n - 1] = column_char(n - 1);
        s[1..n - 1].fill(column_char(40));
        assert!(seed_callout_walk(&s));
        assert!(regexes[0].is_match(&s));
    }

    #[test]
    fn column_regexes_find_their_character_only() {
        for c in 0..MAX_N {
            let re = column_regex(c);
            let ch = column_char(c);
            for d in 0..MAX_N {
                let s = [column_char(d)];
                assert_eq!(re.is_match(&s), d == c, "c = {c}, d = {d}");
            }
            // Anywhere in the string, as Perl's unanchored `$_[0]=~$_`.
            let other = column_char((c + 1) % MAX_N);
            assert!(re.is_match(&[other, ch, other]));
        }
    }

    #[test]
    fn seed_characters_are_its_digits() {
        let digits: Vec<u8> = (0..8).map(column_char).collect();
        assert_eq!(digits, b"01234567");
        assert_eq!(column_char(MAX_N - 1), b'~');
    }
}
