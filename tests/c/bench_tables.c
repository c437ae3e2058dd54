/*
 * HC-128, ISAAC and ISAAC-64 throughput per output path (not a test).
 *
 *   make -C tests/c bench-tables [BENCH_ARGS="seconds"]
 *
 * Each figure is nanoseconds per 64 bits of output (one uint64, or two
 * 32-bit words, or 8 bytes): the unit of random_raw, so that it compares
 * with numpy's PCG64 directly.  Every figure is the best of several short
 * runs, which filters out time slices lost to other processes.  `seconds`
 * (default 4) is the time for the whole table.
 *
 *   fill64 L1    fill_uint64 of 2048 words (16 KiB, stays in L1): the
 *                block function and the bulk path, without memory traffic.
 *   fill64 8M    fill_uint64 of 2^20 words into one 8 MiB array, as
 *                random_raw(2**20) does (the array is touched beforehand).
 *   bytes L1     fill_bytes of 16 KiB.
 *   next64       next_uint64 in a loop (the buffered hot path).
 *   next32       two next_uint32 per uint64.
 */
#define _POSIX_C_SOURCE 199309L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hc128/hc128.h"
#include "isaac/isaac.h"
#include "isaac/isaac64.h"

#define RUNS 25
#define NROWS 3
#define NCASES 5
#define SMALL 2048u             /* uint64 words: 16 KiB */
#define LARGE (1u << 20)        /* uint64 words: 8 MiB */

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static volatile uint64_t sink;
static uint64_t *big;            /* LARGE words */
static uint64_t small[SMALL];

static hc128_state hc;
static isaac_state is;
static isaac64_state is64;

/* One call of a case: produce `n` uint64 worth of output. */
typedef void (*case_fn)(size_t n);

#define DEFINE_CASES(name, st)                                           \
    static void name##_fill64_small(size_t n) {                          \
        name##_fill_uint64(&st, small, n);                               \
        sink ^= small[n - 1];                                            \
    }                                                                    \
    static void name##_fill64_large(size_t n) {                          \
        name##_fill_uint64(&st, big, n);                                 \
        sink ^= big[n - 1];                                              \
    }                                                                    \
    static void name##_bytes(size_t n) {                                 \
        name##_fill_bytes(&st, (uint8_t *)small, 8u * n);                \
        sink ^= small[n - 1];                                            \
    }                                                                    \
    static void name##_next64(size_t n) {                                \
        uint64_t acc = 0;                                                \
        size_t i;                                                        \
        for (i = 0; i < n; i++) {                                        \
            acc += name##_next_uint64(&st);                              \
        }                                                                \
        sink ^= acc;                                                     \
    }                                                                    \
    static void name##_next32(size_t n) {                                \
        uint32_t acc = 0;                                                \
        size_t i;                                                        \
        for (i = 0; i < 2u * n; i++) {                                   \
            acc += name##_next_uint32(&st);                              \
        }                                                                \
        sink ^= acc;                                                     \
    }

DEFINE_CASES(hc128, hc)
DEFINE_CASES(isaac, is)
DEFINE_CASES(isaac64, is64)

/* How many calls of f(n) take about `seconds`. */
static size_t calibrate(case_fn f, size_t n, double seconds) {
    size_t calls = 1;
    for (;;) {
        double t0 = now(), t;
        size_t c;
        for (c = 0; c < calls; c++) {
            f(n);
        }
        t = now() - t0;
        if (t > seconds / 4) {
            return (size_t)((double)calls * seconds / t) + 1;
        }
        calls *= 2;
    }
}

/* Nanoseconds per uint64 of `calls` calls of f(n). */
static double measure(case_fn f, size_t n, size_t calls) {
    double t0 = now();
    size_t c;
    for (c = 0; c < calls; c++) {
        f(n);
    }
    return (now() - t0) / ((double)calls * (double)n) * 1e9;
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 4.0;
    static const uint8_t key[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                    12, 13, 14, 15, 16, 17, 18, 19, 20,
                                    21, 22, 23, 24, 25, 26, 27, 28, 29,
                                    30, 31, 32};
    static const struct {
        const char *name;
        case_fn f[NCASES];
    } rows[NROWS] = {
        {"hc128", {hc128_fill64_small, hc128_fill64_large, hc128_bytes,
                   hc128_next64, hc128_next32}},
        {"isaac", {isaac_fill64_small, isaac_fill64_large, isaac_bytes,
                   isaac_next64, isaac_next32}},
        {"isaac64", {isaac64_fill64_small, isaac64_fill64_large,
                     isaac64_bytes, isaac64_next64, isaac64_next32}},
    };
    static const size_t sizes[NCASES] = {SMALL, LARGE, SMALL, SMALL, SMALL};
    size_t calls[NROWS][NCASES];
    double best[NROWS][NCASES];
    int run, r, c;

    if (seconds <= 0) {
        seconds = 4.0;
    }
    seconds /= NROWS * NCASES; /* per case */
    big = malloc(LARGE * sizeof *big);
    if (big == NULL) {
        return 1;
    }
    memset(big, 1, LARGE * sizeof *big); /* no page faults in the timing */
    hc128_init(&hc, key);
    isaac_init(&is, key, sizeof key);
    isaac64_init(&is64, key, sizeof key);

    /* Every run measures every case in turn, and each case keeps its
     * best run: a slow spell of the machine then costs all cases a run,
     * rather than all runs of one case. */
    for (r = 0; r < NROWS; r++) {
        for (c = 0; c < NCASES; c++) {
            calls[r][c] = calibrate(rows[r].f[c], sizes[c], seconds / RUNS);
            best[r][c] = 1e300;
        }
    }
    for (run = 0; run < RUNS; run++) {
        for (r = 0; r < NROWS; r++) {
            for (c = 0; c < NCASES; c++) {
                double t = measure(rows[r].f[c], sizes[c], calls[r][c]);
                if (t < best[r][c]) {
                    best[r][c] = t;
                }
            }
        }
    }
    printf("ns per 64 bits of output, best of %d runs\n", RUNS);
    printf("%-8s %10s %10s %10s %10s %10s\n", "", "fill64 L1", "fill64 8M",
           "bytes L1", "next64", "next32");
    for (r = 0; r < NROWS; r++) {
        printf("%-8s", rows[r].name);
        for (c = 0; c < NCASES; c++) {
            printf(" %10.3f", best[r][c]);
        }
        printf("\n");
    }
    free(big);
    return 0;
}
