//! The words and the sources of the report: the glossary, and the
//! references every lesson cites by key ("[O'Keefe 1984]").

use std::fmt::Write as _;

/// Terms the report uses, each in one line.
const GLOSSARY: [(&str, &str); 22] = [
    (
        "exhaustive search",
        "a search that can visit every solution (it can count them all); the opposite of a find-one search.",
    ),
    (
        "find-one search",
        "a search that stops at one solution and cannot count: local search, the tuned MRV, the explicit formula.",
    ),
    (
        "search tree",
        "the partial boards a backtracking search visits: the root is the empty board, the children of a node are the safe ways to place one more queen.",
    ),
    (
        "node",
        "one partial board of a search tree; for the placement searches, one queen placed.",
    ),
    (
        "depth",
        "how many rows (or positions) a node has decided; the root has depth 0, a complete board depth n.",
    ),
    (
        "dead end",
        "a node below which no solution lies; the search backtracks from it.",
    ),
    (
        "step",
        "the unit of work an approach counts itself, named in the table of approaches (a placement, a tested candidate, a move, a pair of half boards); steps compare across n within one approach, and across approaches only where the unit is the same.",
    ),
    (
        "representation",
        "the data structure a search keeps its board in (bitmasks, an attack-count table, a string, lists).",
    ),
    (
        "variable ordering",
        "which row a backtracking search fills next: the next row in order, or the row with the fewest safe columns (least room to move, MRV).",
    ),
    (
        "MRV",
        "minimum remaining values: fill the row with the fewest safe columns first (O'Keefe's \"least room to move\").",
    ),
    (
        "symmetry class",
        "a solution with its rotations and reflections: 8 boards, or 4 or 2 when the solution is itself symmetric.",
    ),
    (
        "fundamental solution",
        "one representative per symmetry class (OEIS A002562; 12 for n = 8 against 92 solutions, OEIS A000170).",
    ),
    (
        "half-join",
        "counting by building the partial boards of the east and west halves apart and counting the pairs that fit, instead of walking a tree.",
    ),
    (
        "local search",
        "start from a complete board with conflicts and repair it one move at a time until no queen is attacked.",
    ),
    (
        "min-conflicts",
        "the local search that moves a queen to the square in its column where it is attacked least [Pinella 2015].",
    ),
    (
        "move, iteration, restart",
        "a move changes a queen's square; an iteration picks a queen, which may not move (e.g. it has no conflict); a restart starts again from a new board.",
    ),
    (
        "QS4",
        "Sosič and Gu's swap search: a permutation board repaired by swapping two queens' rows when the swap lowers the conflicts [Sosic & Gu 1991].",
    ),
    (
        "thread, task, shard",
        "a splitting counter cuts its tree into tasks (the placements of the first rows); threads run the tasks on several cores, a shard is a share of the tasks for one machine.",
    ),
    (
        "sample",
        "one run of `queens` in its own process; the times are medians over the samples of a point.",
    ),
    (
        "profile",
        "how much measuring `cargo xtask` does: smoke (CI), standard (the committed report), full.",
    ),
    (
        "peak memory (VmHWM)",
        "the most resident memory the process ever held, read from Linux's VmHWM; it includes the program's own few megabytes.",
    ),
    (
        "peer",
        "a reference program outside this project (the seed programs, and the C counters the speed targets are measured against).",
    ),
];

/// The glossary.
pub fn glossary(md: &mut String) {
    let _ = writeln!(md, "## Glossary\n");
    for (term, meaning) in GLOSSARY {
        let _ = writeln!(md, "- **{term}**: {meaning}");
    }
    md.push('\n');
}

/// The sources, by the key the report cites them with.
const REFERENCES: [(&str, &str); 13] = [
    (
        "Aiello",
        "Michael Aiello, *CS 637 Project 1 (Backtracking Programming Project), Parts I and II*, undated course write-up. It collects four 8-queens programs: a Prolog generate-and-test (from A. T. Schreiner's RIT course notes, 2003), a Haskell list comprehension and a C bitmask recursion (both from the c2 wiki page *EightQueensInManyProgrammingLanguages*), a two-line Perl regex program; and, in Part II, a Visual Prolog search for the 4×4 matrices of 0..15 whose 2×2 blocks all sum to 30.",
    ),
    (
        "Queens.py",
        "*CSE 30 Programming Abstractions: Python, Programming Assignment 2* (`Queens.py`), undated course assignment: the attack-count board, the `-v` listing and the box trace of 4-Queens.",
    ),
    (
        "O'Keefe 1984",
        "Richard A. O'Keefe, *Queens.Pl: solve the N queens problem in Prolog*, Prolog program with commentary, updated 8 February 1984: \"least room to move\" (MRV) ordering.",
    ),
    (
        "Pinella 2015",
        "Thomas Pinella, write-up of `nqueens.rkt` (backtracking and min-conflicts in Racket), CSC 173, 2 December 2015, with its \"Extra stuff\" experiments.",
    ),
    (
        "Eddins 2017",
        "Steve Eddins, *The Eight Queens Problem – Generating All Solutions*, MathWorks blog *Steve on Image Processing*, 4 May 2017, on uu tii's MATLAB `eightqueens` (filtering `perms`).",
    ),
    (
        "Sosic & Gu 1991",
        "Rok Sosič and Jun Gu, *3,000,000 Queens in Less Than One Minute*, SIGART Bulletin 2(2), 1991: the QS4 swap search.",
    ),
    (
        "Hoffman et al. 1969",
        "E. J. Hoffman, J. C. Loessi and R. C. Moore, *Constructions for the Solution of the m Queens Problem*, Mathematics Magazine 42(2), 1969: explicit solutions by n mod 6.",
    ),
    (
        "Bernhardsson 1991",
        "Bo Bernhardsson, *Explicit Solutions to the N-Queens Problem for All N*, SIGART Bulletin 2(2), 1991: the same construction restated.",
    ),
    (
        "Somers",
        "Jeff Somers, *N Queens* counter in C (bitmasks, an explicit stack, the first row's left half mirrored); `bitmask-mirror` follows the peers' `ref.c`, written in that style.",
    ),
    (
        "Takaken",
        "Takaken's N-Queens counter in C (bitmasks with the corner/side split and rotation checks, counting fundamental solutions), as circulated on the web; undated.",
    ),
    (
        "Kluev",
        "Evgeny Kluev, quadrant-join N-Queens counter in C++ (MIT licence): partial boards of the four quadrants joined instead of a tree walk.",
    ),
    (
        "OEIS",
        "The On-Line Encyclopedia of Integer Sequences: A000170 (solutions of n-Queens), A002562 (fundamental solutions).",
    ),
    (
        "AIMA",
        "Stuart Russell and Peter Norvig, *Artificial Intelligence: A Modern Approach*, chapters 4 and 6 (local search, constraint satisfaction).",
    ),
];

/// The references.
pub fn references(md: &mut String) {
    let _ = writeln!(md, "## References\n");
    for (key, text) in REFERENCES {
        let _ = writeln!(md, "- **[{key}]** {text}");
    }
    md.push('\n');
}
