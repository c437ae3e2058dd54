/*
 * C tests of the ChaCha8Rand core: every compiled-in and supported
 * backend's kernel against the portable one (the spec's steps over the
 * portable ChaCha8 keystream), and the stream API -- bulk fills against
 * one value at a time across iteration boundaries, Go's Read order, and
 * setting a state, and three values of the spec's sample output.  The
 * full known answers (the spec's sample output, Go's streams) are checked
 * from Python, tests/test_chacha8rand*.py, against every backend as well.
 *
 * Last line: "N passed, N failed"; the exit status is 1 on any failure.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "chacha/chacha_dispatch.h"
#include "chacha8rand/chacha8rand.h"

#define CHECK_RNG_SEED 0x13198A2E03707344ull
#include "check.h"

static void random_key(uint8_t key[32]) {
    int i;
    for (i = 0; i < 32; i++) key[i] = (uint8_t)rnd64();
}

#if defined(CHACHARAND_TEST_AVX2_NOASM)
/* chacha_avx2.c built again with CHACHARAND_NO_ASM (see the Makefile). */
void chacha8rand_blocks_avx2_noasm(const uint32_t input[16], uint8_t *out);
#endif

/* Each backend's kernel against the portable one, for random keys. */
static void check_kernel(const char *name, chacha8rand_blocks_fn k) {
    uint32_t input[16];
    uint8_t key[32], want[1024], got[1024];
    int trial;
    for (trial = 0; trial < 64; trial++) {
        random_key(key);
        chacha8rand_input(key, input);
        chacha8rand_blocks_portable(input, want);
        memset(got, 0xA5, sizeof got);
        k(input, got);
        CHECK(memcmp(want, got, sizeof want) == 0, "%s kernel, trial %d",
              name, trial);
    }
}

static void test_kernels(void) {
    int id;
    for (id = 0; id < CHACHA_BACKEND_COUNT; id++) {
        if (id != CHACHA_BACKEND_PORTABLE && chacha_backend_available(id)) {
            printf("backend %s\n", chacha_backend_name(id));
            check_kernel(chacha_backend_name(id),
                         chacha_backend_chacha8rand(id));
        }
    }
#if defined(CHACHARAND_TEST_AVX2_NOASM)
    if (chacha_backend_available(CHACHA_BACKEND_AVX2)) {
        check_kernel("avx2-noasm", chacha8rand_blocks_avx2_noasm);
    }
#endif
    CHECK(chacha_backend_chacha8rand(CHACHA_BACKEND_COUNT) == NULL,
          "no kernel outside the table");
}

/* Bulk fills of every length up to four iterations, from every start in
 * the first iteration, equal next_uint64 one value at a time, with the
 * kernel of each backend. */
static void test_fills(void) {
    static uint64_t want[600], got[600];
    chacha8rand_state a, b;
    uint8_t key[32];
    int id;
    size_t start, n, i;
    random_key(key);
    for (id = 0; id < CHACHA_BACKEND_COUNT; id++) {
        chacha8rand_blocks_fn k = chacha_backend_chacha8rand(id);
        if (k == NULL) continue;
        for (start = 0; start <= CHACHA8RAND_VALUES; start += 31) {
            for (n = 0; n <= 4 * CHACHA8RAND_VALUES + 8; n += 37) {
                chacha8rand_init(&a, key, chacha8rand_blocks_portable);
                chacha8rand_init(&b, key, k);
                for (i = 0; i < start; i++) {
                    chacha8rand_next_uint64(&a);
                    chacha8rand_next_uint64(&b);
                }
                for (i = 0; i < n; i++) want[i] = chacha8rand_next_uint64(&a);
                chacha8rand_fill_uint64(&b, got, n);
                CHECK(memcmp(want, got, 8 * n) == 0 &&
                          chacha8rand_next_uint64(&a) ==
                              chacha8rand_next_uint64(&b),
                      "%s fill of %zu from %zu", chacha_backend_name(id), n,
                      start);
            }
        }
    }
}

/* Go's Read: a partly used value's rest serves the next Read, Uint64 calls
 * in between leave it alone. */
static void test_read(void) {
    chacha8rand_state a, b;
    uint8_t key[32], out[32], le[16];
    uint64_t v0, v1, v2;
    random_key(key);
    chacha8rand_init(&a, key, chacha8rand_blocks_portable);
    chacha8rand_init(&b, key, chacha8rand_blocks_portable);
    v0 = chacha8rand_next_uint64(&a);
    v1 = chacha8rand_next_uint64(&a);
    v2 = chacha8rand_next_uint64(&a);
    cr_store64_le(le, v0);
    cr_store64_le(le + 8, v2);
    chacha8rand_fill_bytes(&b, out, 3); /* v0[0..3), keeps v0[3..8) */
    CHECK(memcmp(out, le, 3) == 0 && b.read_len == 5, "read 3");
    CHECK(chacha8rand_next_uint64(&b) == v1, "Uint64 after a partial Read");
    chacha8rand_fill_bytes(&b, out, 7); /* v0[3..8), then v2[0..2) */
    CHECK(memcmp(out, le + 3, 5) == 0 && memcmp(out + 5, le + 8, 2) == 0 &&
              b.read_len == 6,
          "read 7 after the Uint64");
    chacha8rand_fill_bytes(&b, out, 0);
    CHECK(b.read_len == 6, "read 0 keeps the rest");
}

static void test_set(void) {
    chacha8rand_state a, b;
    uint8_t key[32], pending[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[8];
    uint64_t skip;
    random_key(key);
    chacha8rand_init(&a, key, chacha8rand_blocks_portable);
    chacha8rand_init(&b, key, chacha8rand_blocks_portable);
    for (skip = 0; skip < 124; skip++) chacha8rand_next_uint64(&a);
    CHECK(chacha8rand_set(&b, key, 124, pending, 2), "set used=124");
    CHECK(chacha8rand_next_uint64(&a) == chacha8rand_next_uint64(&b),
          "the value after used=124 is the next iteration's first");
    chacha8rand_fill_bytes(&b, out, 2);
    CHECK(out[0] == 1 && out[1] == 2 && b.read_len == 0,
          "the pending bytes are served first, in order");
    CHECK(!chacha8rand_set(&b, key, 125, pending, 0), "used=125 refused");
    CHECK(!chacha8rand_set(&b, key, 0, pending, 9), "read_len=9 refused");
    CHECK(b.used == 1 && b.read_len == 0, "a refused set changes nothing");
}

/* Three values of the spec's sample output (tests/data/
 * chacha8rand_spec.json, C2SP chacha8rand "Sample output"): the first, the
 * last of the first iteration and the first of the second, on every
 * kernel -- so that a port (big-endian, say) is checked against a known
 * answer here too, not only against itself. */
static void test_spec_values(void) {
    static const uint64_t want[3] = {0xb773b6063d4616a5ull,
                                     0x861d6c139c06c871ull,
                                     0x5f41df72e05e0487ull};
    chacha8rand_state s;
    uint64_t got[3];
    int id;
    unsigned i;
    for (id = 0; id < CHACHA_BACKEND_COUNT; id++) {
        chacha8rand_blocks_fn k = chacha_backend_chacha8rand(id);
        if (k == NULL) continue;
        chacha8rand_init(
            &s, (const uint8_t *)"ABCDEFGHIJKLMNOPQRSTUVWXYZ123456", k);
        got[0] = chacha8rand_next_uint64(&s);
        for (i = 1; i < 123; i++) chacha8rand_next_uint64(&s);
        got[1] = chacha8rand_next_uint64(&s);
        got[2] = chacha8rand_next_uint64(&s);
        CHECK(memcmp(got, want, sizeof want) == 0, "%s: the spec's values",
              chacha_backend_name(id));
    }
}

int main(void) {
    test_spec_values();
    test_kernels();
    test_fills();
    test_read();
    test_set();
    return report();
}
