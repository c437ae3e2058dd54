/*
 * What every C test program shares: CHECK, which counts a passed or failed
 * condition (printing the first 50 failures), and rnd64, a splitmix64
 * sequence for the random cases.  Each program defines CHECK_RNG_SEED
 * before including this header, so that the programs draw different cases.
 * Each program ends with report(), whose exit status is the verdict.
 */
#ifndef CHACHARAND_TEST_CHECK_H
#define CHACHARAND_TEST_CHECK_H

#include <stdint.h>
#include <stdio.h>

#ifndef CHECK_RNG_SEED
#error "define CHECK_RNG_SEED before including check.h"
#endif

static unsigned long n_passed, n_failed;

#define CHECK(cond, ...)                                    \
    do {                                                    \
        if (cond) {                                         \
            n_passed++;                                     \
        } else {                                            \
            n_failed++;                                     \
            if (n_failed <= 50) {                           \
                printf("FAIL %s:%d: ", __FILE__, __LINE__); \
                printf(__VA_ARGS__);                        \
                printf("\n");                               \
            }                                               \
        }                                                   \
    } while (0)

static uint64_t rng_state = CHECK_RNG_SEED;

static uint64_t rnd64(void) { /* splitmix64 */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The closing line (the count the test runner reads) and the status. */
static int report(void) {
    printf("%lu passed, %lu failed\n", n_passed, n_failed);
    return n_failed != 0;
}

#endif /* CHACHARAND_TEST_CHECK_H */
