/* min-conflicts-qs4.c: the reference local search of `cargo xtask peers`
 * (the rows "mc"), written for queens-lab.
 *
 * What it is a reference for: `queens --algo swap-search`, which finds one
 * board of up to hundreds of millions of queens; this plain C program is
 * the yardstick its time and memory are judged against.
 *
 * Algorithm: QS4 of Rok Sosic and Jun Gu, "Efficient local search with
 * conflict minimization: a case study of the n-queens problem", IEEE
 * Transactions on Knowledge and Data Engineering 6(5), 1994. The board is
 * a permutation (queen of row r on column col[r]), so rows and columns
 * never clash and only the diagonals are counted.
 *  - Initial search: row by row, the queen is swapped with a random queen
 *    of a later row until it attacks no queen placed before it (a bounded
 *    number of draws); the last C rows are placed at random.
 *  - Final search: a queen under attack is swapped with random partners
 *    until a swap lowers the number of collisions (a swap that does not is
 *    undone); queens a swap leaves attacked are searched again. After too
 *    many tries without a board the search starts again from a new
 *    initial search.
 * Collisions: over every diagonal, its queens minus one (none when empty).
 * The diagonal counts are bytes: a count never exceeds the collisions plus
 * three (a trial swap adds two queens before it is undone), and an initial
 * board with more than 250 collisions is drawn again, so none overflows.
 * The board found is checked on its own (columns and diagonals as bit
 * sets) before `ok=1` is printed.
 *
 * Build: cc -O2 -march=native -o min-conflicts-qs4 min-conflicts-qs4.c
 * Usage: min-conflicts-qs4 qs4 N SEED [C] [-b]
 *   C: rows placed at random by the initial search (default by N);
 *   -b: also print the board, one line "board: col[0] col[1] ..." (0-based).
 * Output, one line (`cargo xtask peers` reads " ok=1 "):
 *   qs4 n=N seed=SEED ok=0|1 steps=SWAPS init_s=S search_s=S total_s=S
 *   cpu_s=S maxrss_MB=MB restarts=R
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* The most collisions an initial board may have (byte counters). */
#define MOST_INITIAL_COLLISIONS 250

static int32_t n;
static int32_t *col;          /* col[row]: the column of the row's queen */
static uint8_t *sums;         /* queens on each diagonal row + col */
static uint8_t *differences;  /* queens on each diagonal row - col + n - 1 */
static int64_t collisions;
static int32_t *suspects;     /* rows whose queen may be attacked */
static uint8_t *is_suspect;
static int64_t suspect_count;
static uint64_t rng_state;

/* xorshift64*, seeded through splitmix64 so that nearby seeds differ. */
static void seed_random(uint64_t seed)
{
    uint64_t z = seed + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    rng_state = (z ^ (z >> 31)) | 1u;
}

static uint64_t random64(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

/* A random integer in 0..bound-1. */
static int32_t random_below(int32_t bound)
{
    return (int32_t)(((random64() >> 32) * (uint64_t)bound) >> 32);
}

/* n as a size (n is at least 1 once parsed). */
static size_t cells(void)
{
    return n > 0 ? (size_t)n : 0;
}

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void put_queen(int32_t row)
{
    uint8_t *a = &sums[row + col[row]], *b = &differences[row - col[row] + n - 1];
    collisions += (*a > 0) + (*b > 0);
    (*a)++;
    (*b)++;
}

static void lift_queen(int32_t row)
{
    uint8_t *a = &sums[row + col[row]], *b = &differences[row - col[row] + n - 1];
    (*a)--;
    (*b)--;
    collisions -= (*a > 0) + (*b > 0);
}

static int attacked(int32_t row)
{
    return sums[row + col[row]] > 1 || differences[row - col[row] + n - 1] > 1;
}

static void suspect(int32_t row)
{
    if (!is_suspect[row]) {
        is_suspect[row] = 1;
        suspects[suspect_count++] = row;
    }
}

/* Exchanges the columns of two rows' queens, keeping the counts. */
static void swap_queens(int32_t a, int32_t b)
{
    lift_queen(a);
    lift_queen(b);
    int32_t t = col[a];
    col[a] = col[b];
    col[b] = t;
    put_queen(a);
    put_queen(b);
}

/* The initial search: rows 0..n-random_rows-1 conflict-free where a few
 * draws find such a column, the rest at random. */
static void initial_search(int32_t random_rows)
{
    do {
        for (int32_t r = 0; r < n; r++)
            col[r] = r;
        memset(sums, 0, 2 * cells());
        memset(differences, 0, 2 * cells());
        collisions = 0;
        int32_t careful = n - random_rows;
        for (int32_t r = 0; r < n; r++) {
            int32_t other = r + random_below(n - r);
            for (int draw = 0; r < careful && draw < 100; draw++) {
                int32_t c = col[other];
                if (sums[r + c] == 0 && differences[r - c + n - 1] == 0)
                    break;
                other = r + random_below(n - r);
            }
            int32_t t = col[r];
            col[r] = col[other];
            col[other] = t;
            put_queen(r);
        }
    } while (collisions > MOST_INITIAL_COLLISIONS);
    memset(is_suspect, 0, cells());
    suspect_count = 0;
    for (int32_t r = 0; r < n; r++)
        if (attacked(r))
            suspect(r);
}

/* The final search; returns the swaps made, counting restarts. */
static int64_t final_search(int32_t random_rows, int64_t *restarts, double *init_seconds)
{
    int64_t swaps = 0, examined = 0;
    const int64_t patience = 4 * (int64_t)n + 100;
    const int partners = n < 512 ? 2 * n : 1024;
    while (collisions > 0) {
        if (suspect_count == 0)
            for (int32_t r = 0; r < n; r++)
                if (attacked(r))
                    suspect(r);
        int64_t k = random_below((int32_t)suspect_count);
        int32_t row = suspects[k];
        suspects[k] = suspects[--suspect_count];
        is_suspect[row] = 0;
        if (!attacked(row))
            continue;
        for (int tried = 0; tried < partners; tried++) {
            int32_t other = random_below(n);
            if (other == row)
                continue;
            int64_t before = collisions;
            swap_queens(row, other);
            if (collisions < before) {
                swaps++;
                if (attacked(row))
                    suspect(row);
                if (attacked(other))
                    suspect(other);
                break;
            }
            swap_queens(row, other);
        }
        if (++examined > patience) {
            (*restarts)++;
            examined = 0;
            double start = seconds_now();
            initial_search(random_rows);
            *init_seconds += seconds_now() - start;
        }
    }
    return swaps;
}

/* Whether col is a solution, checked afresh with bit sets. */
static int is_board(void)
{
    size_t words = (2 * (size_t)n + 63) / 64;
    uint64_t *columns = calloc(words, 8), *up = calloc(words, 8), *down = calloc(words, 8);
    int ok = columns && up && down;
    for (int32_t r = 0; ok && r < n; r++) {
        int64_t c = col[r];
        if (c < 0 || c >= n) {
            ok = 0;
            break;
        }
        size_t s = (size_t)(r + c), d = (size_t)(r - c + n - 1);
        uint64_t cb = 1ULL << (c % 64), sb = 1ULL << (s % 64), db = 1ULL << (d % 64);
        if ((columns[c / 64] & cb) || (up[s / 64] & sb) || (down[d / 64] & db))
            ok = 0;
        columns[c / 64] |= cb;
        up[s / 64] |= sb;
        down[d / 64] |= db;
    }
    free(columns);
    free(up);
    free(down);
    return ok;
}

/* Rows the initial search places at random, by board size. */
static int32_t default_random_rows(int32_t size)
{
    if (size <= 10)
        return size;
    if (size <= 100)
        return 30;
    if (size <= 10000)
        return 50;
    if (size <= 100000)
        return 80;
    return 100;
}

int main(int argc, char **argv)
{
    if (argc < 4 || strcmp(argv[1], "qs4") != 0) {
        fprintf(stderr, "usage: %s qs4 N SEED [C] [-b]\n", argv[0]);
        return 2;
    }
    n = atoi(argv[2]);
    if (n < 1 || n > 1000000000) {
        fprintf(stderr, "N must be in 1..1000000000\n");
        return 2;
    }
    seed_random(strtoull(argv[3], NULL, 10));
    int32_t random_rows = default_random_rows(n);
    int print_board = 0;
    for (int a = 4; a < argc; a++) {
        if (strcmp(argv[a], "-b") == 0)
            print_board = 1;
        else
            random_rows = atoi(argv[a]);
    }
    if (random_rows > n)
        random_rows = n;
    if (random_rows < 0)
        random_rows = 0;
    col = malloc(sizeof(int32_t) * (size_t)n);
    sums = malloc(2 * (size_t)n);
    differences = malloc(2 * (size_t)n);
    suspects = malloc(sizeof(int32_t) * (size_t)n);
    is_suspect = malloc((size_t)n);
    if (!col || !sums || !differences || !suspects || !is_suspect) {
        fprintf(stderr, "out of memory for n = %d\n", n);
        return 2;
    }
    int64_t restarts = 0;
    double start = seconds_now();
    initial_search(random_rows);
    double init_seconds = seconds_now() - start;
    int64_t swaps = (n == 2 || n == 3) ? 0 : final_search(random_rows, &restarts, &init_seconds);
    double total = seconds_now() - start;
    int ok = (n != 2 && n != 3) && is_board();
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    double cpu = (double)usage.ru_utime.tv_sec + 1e-6 * (double)usage.ru_utime.tv_usec +
                 (double)usage.ru_stime.tv_sec + 1e-6 * (double)usage.ru_stime.tv_usec;
    printf("qs4 n=%d seed=%s ok=%d steps=%lld init_s=%.3f search_s=%.3f total_s=%.3f "
           "cpu_s=%.3f maxrss_MB=%.1f restarts=%lld\n",
           n, argv[3], ok, (long long)swaps, init_seconds, total - init_seconds, total, cpu,
           (double)usage.ru_maxrss / 1024.0, (long long)restarts);
    if (print_board) {
        fputs("board:", stdout);
        for (int32_t r = 0; r < n; r++)
            printf(" %d", col[r]);
        putchar('\n');
    }
    return ok ? 0 : 1;
}
