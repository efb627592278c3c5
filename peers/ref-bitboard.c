/* ref-bitboard.c: the reference counter of `cargo xtask peers` (the rows
 * "ref"), written for queens-lab.
 *
 * What it is a reference for: `queens --algo bitmask-symmetric` and
 * `bitmask-mirror` walk the same kind of tree, one row at a time on
 * bitboards; this plain C program is the yardstick their speed is judged
 * against, and its node count says how large that tree is.
 *
 * Algorithm: depth-first backtracking, row by row, with an explicit stack
 * of rows (no recursion). The squares still free
 * in a row are the bits of
 *     board & ~(columns | left diagonals | right diagonals)
 * and are tried lowest bit first; going one row down shifts the left
 * diagonals one column left and the right diagonals one column right.
 *
 * Mirror symmetry: a board reflected left to right is a solution exactly
 * when the board is, and no solution of n >= 2 is its own reflection (its
 * first queen would have to sit on the middle column and its second one
 * too). So the first queen is tried only on the left half of the columns
 * and that count doubled; for odd n the first queen on the middle column is
 * counted apart, with the second queen on the left half only (it can never
 * sit on the middle column), and doubled too. `-f` searches the full tree.
 *
 * Nodes: queens the search places (every row, the first one included, and
 * the last queen of a complete board once).
 *
 * Build: cc -O3 -march=native -o ref-bitboard ref-bitboard.c
 * Usage: ref-bitboard N [-f]        (1 <= N <= 31)
 * Output, one line (`cargo xtask peers` reads "solutions=COUNT "):
 *   n=N mode=mirror|full solutions=COUNT nodes=NODES time=SECONDS s ns/node=NS
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The board's columns as bits, and the queens placed so far. */
struct search {
    uint32_t board;
    uint64_t nodes;
};

/* Solutions below a partial board: `rows_left` rows still to fill, the
 * next of which may take a queen on the bits of `candidates`. The search
 * is iterative, with an explicit stack of one entry per row (the rows'
 * candidates still untried and the masks of the queens above them), the
 * shape of the program whose measurements the peers' targets were first
 * set against; the same search written recursively is about 10 % faster
 * per node with gcc 12 at -O3 (README.md, "Against the peer
 * programs"). */
static uint64_t count_below(struct search *s, int rows_left, uint32_t columns,
                            uint32_t left, uint32_t right, uint32_t candidates)
{
    uint32_t untried[32], cols[32], lefts[32], rights[32];
    uint64_t solutions = 0, nodes = 0;
    int top = rows_left - 1; /* the row being filled: rows below it, 0 last */
    untried[top] = candidates;
    cols[top] = columns;
    lefts[top] = left;
    rights[top] = right;
    for (;;) {
        uint32_t free_squares = untried[top];
        if (free_squares == 0) {
            if (top == rows_left - 1)
                break;
            top++; /* every queen of this row tried: back up one row */
            continue;
        }
        uint32_t queen = free_squares & (~free_squares + 1u);
        untried[top] = free_squares ^ queen;
        nodes++;
        if (top == 0) {
            solutions++;
            continue;
        }
        uint32_t c = cols[top] | queen;
        uint32_t l = (lefts[top] | queen) << 1;
        uint32_t r = (rights[top] | queen) >> 1;
        top--;
        cols[top] = c;
        lefts[top] = l;
        rights[top] = r;
        untried[top] = s->board & ~(c | l | r);
    }
    s->nodes += nodes;
    return solutions;
}

/* Every solution of the n x n board, from the left half and its mirror. */
static uint64_t count_by_mirror(struct search *s, int n)
{
    if (n == 1) {
        s->nodes = 1;
        return 1;
    }
    uint32_t left_half = (1u << (n / 2)) - 1u;
    uint64_t half = count_below(s, n, 0, 0, 0, left_half);
    if (n % 2 == 1) {
        uint32_t middle = 1u << (n / 2);
        s->nodes++;
        uint32_t second_row =
            s->board & ~(middle | middle << 1 | middle >> 1) & left_half;
        half += count_below(s, n - 1, middle, middle << 1, middle >> 1, second_row);
    }
    return 2 * half;
}

/* Seconds on the monotonic clock. */
static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3 || (argc == 3 && strcmp(argv[2], "-f") != 0)) {
        fprintf(stderr, "usage: %s N [-f]   (1 <= N <= 31; -f: no symmetry)\n", argv[0]);
        return 1;
    }
    int n = atoi(argv[1]);
    int full = argc == 3;
    if (n < 1 || n > 31) {
        fprintf(stderr, "N must be in 1..31\n");
        return 1;
    }
    struct search s = {.board = (1u << n) - 1u, .nodes = 0};
    double start = seconds_now();
    uint64_t solutions = full ? count_below(&s, n, 0, 0, 0, s.board) : count_by_mirror(&s, n);
    double elapsed = seconds_now() - start;
    printf("n=%d mode=%s solutions=%llu nodes=%llu time=%.4f s ns/node=%.3f\n", n,
           full ? "full" : "mirror", (unsigned long long)solutions,
           (unsigned long long)s.nodes, elapsed,
           s.nodes ? elapsed * 1e9 / (double)s.nodes : 0.0);
    return 0;
}
