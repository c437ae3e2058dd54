/*
 * Known-answer and behaviour tests for the HC-128, ISAAC and ISAAC-64 cores.
 *
 * The published vectors -- Wu's three HC-128 vectors, Jenkins' randvect.txt
 * and randseed.txt, the ISAAC-64 all-zero-seed output -- come from
 * tests/data/published_vectors.json, the file the Python tests read, through
 * the headers tests/c/make_vectors.py writes (pv_*.h).  The values of the
 * unit tests of rand_hc 0.3.1 and rand_isaac 0.3.0, which pin down seeding,
 * read-out order and the 32/64-bit rules, are written here.  The rest checks
 * that every output path (single draws, bulk fills, bytes) yields the same
 * stream, against a twin generator drawn one word at a time.
 *
 * Built and run by tests/c/Makefile (make -C tests/c test | sanitize | ...).
 * Exits non-zero on failure; the last line is "N passed, N failed".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc128/hc128.h"
#include "isaac/isaac.h"
#include "isaac/isaac64.h"
#include "pv_hc128.h" /* generated: make_vectors.py */
#include "pv_isaac.h"
#include "pv_isaac64.h"

static int n_passed, n_failed;

static void check(int ok, const char *name) {
    if (ok) {
        n_passed++;
    } else {
        n_failed++;
        printf("FAIL: %s\n", name);
    }
}

static int eq_u32(const char *name, const uint32_t *got, const uint32_t *want,
                  size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        if (got[i] != want[i]) {
            printf("  %s: word %u: got %08lx, want %08lx\n", name, (unsigned)i,
                   (unsigned long)got[i], (unsigned long)want[i]);
            return 0;
        }
    }
    return 1;
}

static int eq_u64(const char *name, const uint64_t *got, const uint64_t *want,
                  size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        if (got[i] != want[i]) {
            printf("  %s: word %u: got %08lx%08lx, want %08lx%08lx\n", name,
                   (unsigned)i, (unsigned long)(got[i] >> 32),
                   (unsigned long)(got[i] & 0xffffffffu),
                   (unsigned long)(want[i] >> 32),
                   (unsigned long)(want[i] & 0xffffffffu));
            return 0;
        }
    }
    return 1;
}

static int eq_bytes(const char *name, const uint8_t *got, const uint8_t *want,
                    size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        if (got[i] != want[i]) {
            printf("  %s: byte %u: got %02x, want %02x\n", name, (unsigned)i,
                   got[i], want[i]);
            return 0;
        }
    }
    return 1;
}

static size_t from_hex(const char *hex, uint8_t *out) {
    size_t n = 0;
    while (hex[0] && hex[1]) {
        unsigned v;
        sscanf(hex, "%2x", &v);
        out[n++] = (uint8_t)v;
        hex += 2;
    }
    return n;
}

static void store32_le(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static void store64_le(uint8_t *p, uint64_t v) {
    store32_le(p, (uint32_t)v);
    store32_le(p + 4, (uint32_t)(v >> 32));
}

static int is_all_zero(const void *p, size_t n) {
    const uint8_t *b = (const uint8_t *)p;
    size_t i;
    for (i = 0; i < n; i++) {
        if (b[i]) {
            return 0;
        }
    }
    return 1;
}

/* Draw counts that cross refills at every phase of the block. */
static const size_t offsets[] = {0, 1, 2, 3, 7, 15, 16, 17, 255, 256, 257};
static const size_t sizes[] = {0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33,
                               127, 128, 129, 255, 256, 257, 511, 700, 1100};
#define N_OFFSETS (sizeof offsets / sizeof offsets[0])
#define N_SIZES (sizeof sizes / sizeof sizes[0])
#define MAX_WORDS (2 * 1100 + 2 * 257 + 64)

/* ------------------------------------------------------------------ */
/* HC-128                                                              */
/* ------------------------------------------------------------------ */

static void test_hc128_published(void) {
    static hc128_state s;
    unsigned v, i;
    check(PV_HC128_COUNT == 3, "hc128: Wu's three published vectors");
    for (v = 0; v < PV_HC128_COUNT; v++) {
        const pv_hc128 *t = &pv_hc128_vectors[v];
        uint8_t seed[32], want[64], got[64];
        uint32_t words[16];
        char name[96];
        from_hex(t->seed_hex, seed);
        hc128_init(&s, seed);
        for (i = 0; i < 16; i++) {
            words[i] = hc128_next_uint32(&s);
        }
        sprintf(name, "hc128 %s first 16 words", t->id);
        check(eq_u32(name, words, t->first_16_words, 16), name);

        from_hex(t->keystream_hex, want);
        hc128_init(&s, seed);
        hc128_fill_bytes(&s, got, 64);
        sprintf(name, "hc128 %s keystream bytes", t->id);
        check(eq_bytes(name, got, want, 64), name);
    }
}

/* rand_hc 0.3.1 test_hc128_true_values_u64: zero seed, 8 x next_u64, skip
 * 800 x next_u64 (into the Q half of the second 1024-step cycle), 8 more. */
static void test_hc128_rand_hc_u64(void) {
    static hc128_state s;
    static const uint64_t want1[8] = {
        UINT64_C(0x3bfd03a073150082), UINT64_C(0xaa63af0efb2fd77f),
        UINT64_C(0xa7dc29b6de122fc6), UINT64_C(0x8b75ec6862a68527),
        UINT64_C(0x818960059036db1e), UINT64_C(0x491fbf9a00ade078),
        UINT64_C(0x6c3d6e241cdc3013), UINT64_C(0x9cd5710290f664b2)};
    static const uint64_t want2[8] = {
        UINT64_C(0xd8c4d6ca84d0fc10), UINT64_C(0xf16a5d91dc66e8e7),
        UINT64_C(0xd800de5bc37a8653), UINT64_C(0x7bae1f88c0dfbb4c),
        UINT64_C(0x3bfe1f374e6d4d14), UINT64_C(0x424b55676be3fa06),
        UINT64_C(0xe3a1e8758cbff579), UINT64_C(0x417f7198c5652bcd)};
    uint8_t seed[32] = {0};
    uint64_t got[8];
    unsigned i;

    hc128_init(&s, seed);
    for (i = 0; i < 8; i++) {
        got[i] = hc128_next_uint64(&s);
    }
    check(eq_u64("hc128 rand_hc u64 first 8", got, want1, 8),
          "hc128 rand_hc u64 first 8");
    for (i = 0; i < 800; i++) {
        (void)hc128_next_uint64(&s);
    }
    for (i = 0; i < 8; i++) {
        got[i] = hc128_next_uint64(&s);
    }
    check(eq_u64("hc128 rand_hc u64 after skip", got, want2, 8),
          "hc128 rand_hc u64 after skip 800");

    /* The same through the bulk path. */
    {
        static uint64_t all[816];
        hc128_init(&s, seed);
        hc128_fill_uint64(&s, all, 816);
        check(eq_u64("hc128 fill_uint64 first 8", all, want1, 8) &&
                  eq_u64("hc128 fill_uint64 after skip", all + 808, want2, 8),
              "hc128 rand_hc u64 via fill_uint64");
    }
}

/* rand_hc 0.3.1 test_hc128_true_values_bytes: key 0x55, one next_u64, then
 * fill_bytes of 128 bytes (buffer remainder, whole blocks, tail). */
static void test_hc128_rand_hc_bytes(void) {
    static hc128_state s;
    uint8_t seed[32] = {0x55};
    uint8_t want[128], got[128];
    uint64_t first;
    from_hex("31f92ab032f039067aa4b4bc0b482257729ff92b66e5c0cd560c0f31e883ccd3"
             "efb83d667fe0df6290173e599caacec56f8003aba0e5a6c96095847aa5685a84"
             "ead5f3ea73a9ad01797dbe9feae3f9740eda2fa0e47b4b1bdd17694afe9f5695"
             "ad836b9d60a199969000667ffa7e65e9ac8b923477b423d0b9abb1477d4a130a",
             want);
    hc128_init(&s, seed);
    first = hc128_next_uint64(&s);
    check(first == UINT64_C(0x04b4930a518251a4), "hc128 rand_hc bytes: u64");
    hc128_fill_bytes(&s, got, 128);
    check(eq_bytes("hc128 rand_hc bytes", got, want, 128),
          "hc128 rand_hc bytes: fill_bytes after u64");
}

/* A twin drawn one word at a time is the reference for the bulk paths. */
static void test_hc128_paths(void) {
    static hc128_state s, ref;
    static uint32_t words[MAX_WORDS], got32[MAX_WORDS];
    static uint64_t got64[MAX_WORDS / 2];
    static uint8_t gotb[4 * MAX_WORDS + 8], wantb[4 * MAX_WORDS + 8];
    uint8_t seed[32];
    size_t o, z, i;
    int ok32 = 1, ok64 = 1, okb = 1;

    for (i = 0; i < 32; i++) {
        seed[i] = (uint8_t)(i * 37 + 11);
    }
    for (o = 0; o < N_OFFSETS; o++) {
        for (z = 0; z < N_SIZES; z++) {
            size_t off = offsets[o], n = sizes[z], nb;

            hc128_init(&ref, seed);
            for (i = 0; i < off + 2 * n + 2; i++) {
                words[i] = hc128_next_uint32(&ref);
            }

            /* fill_uint32: n words, then the next word. */
            hc128_init(&s, seed);
            for (i = 0; i < off; i++) {
                (void)hc128_next_uint32(&s);
            }
            hc128_fill_uint32(&s, got32, n);
            got32[n] = hc128_next_uint32(&s);
            ok32 &= eq_u32("hc128 fill_uint32", got32, words + off, n + 1);

            /* fill_uint64: pairs, earlier word low, then the next word. */
            hc128_init(&s, seed);
            for (i = 0; i < off; i++) {
                (void)hc128_next_uint32(&s);
            }
            hc128_fill_uint64(&s, got64, n);
            for (i = 0; i < n; i++) {
                uint64_t w = (uint64_t)words[off + 2 * i] |
                             ((uint64_t)words[off + 2 * i + 1] << 32);
                if (got64[i] != w) {
                    printf("  hc128 fill_uint64 off %u n %u: word %u\n",
                           (unsigned)off, (unsigned)n, (unsigned)i);
                    ok64 = 0;
                    break;
                }
            }
            ok64 &= hc128_next_uint32(&s) == words[off + 2 * n];

            /* fill_bytes of 4n+3 bytes: n+1 words consumed, the unused
             * byte of the last one dropped. */
            nb = 4 * n + 3;
            hc128_init(&s, seed);
            for (i = 0; i < off; i++) {
                (void)hc128_next_uint32(&s);
            }
            memset(gotb, 0xaa, sizeof gotb);
            hc128_fill_bytes(&s, gotb, nb);
            for (i = 0; i <= n; i++) {
                store32_le(wantb + 4 * i, words[off + i]);
            }
            okb &= eq_bytes("hc128 fill_bytes", gotb, wantb, nb);
            okb &= gotb[nb] == 0xaa; /* nothing written past the end */
            okb &= hc128_next_uint32(&s) == words[off + n + 1];
        }
    }
    check(ok32, "hc128 fill_uint32 == single draws (all offsets/sizes)");
    check(ok64, "hc128 fill_uint64 == word pairs (all offsets/sizes)");
    check(okb, "hc128 fill_bytes == LE words, partial word dropped");
}

static void test_hc128_mixing(void) {
    static hc128_state s, ref;
    uint8_t seed[32] = {1, 2, 3};
    uint32_t w[40];
    uint8_t b[8];
    unsigned i;
    uint64_t v;

    hc128_init(&ref, seed);
    for (i = 0; i < 40; i++) {
        w[i] = hc128_next_uint32(&ref);
    }
    /* u32, u64, u32: w0, w1|w2<<32, w3. */
    hc128_init(&s, seed);
    check(hc128_next_uint32(&s) == w[0] &&
              hc128_next_uint64(&s) ==
                  ((uint64_t)w[1] | ((uint64_t)w[2] << 32)) &&
              hc128_next_uint32(&s) == w[3],
          "hc128 u32,u64,u32 = w0, w1|w2<<32, w3");
    /* A u64 straddling a refill: low half from the old block. */
    hc128_init(&s, seed);
    for (i = 0; i < 15; i++) {
        (void)hc128_next_uint32(&s);
    }
    v = hc128_next_uint64(&s);
    check(v == ((uint64_t)w[15] | ((uint64_t)w[16] << 32)) &&
              hc128_next_uint32(&s) == w[17],
          "hc128 u64 across a refill = w15 | w16<<32");
    /* fill_bytes(5) consumes two words; fill_bytes(0) none. */
    hc128_init(&s, seed);
    hc128_fill_bytes(&s, b, 0);
    hc128_fill_bytes(&s, b, 5);
    check(hc128_next_uint32(&s) == w[2] && b[4] == (uint8_t)w[1],
          "hc128 fill_bytes(5) consumes 2 words");
    /* next_double = (u64 >> 11) * 2^-53. */
    hc128_init(&s, seed);
    check(hc128_next_double(&s) ==
              (double)(((uint64_t)w[0] | ((uint64_t)w[1] << 32)) >> 11) /
                  9007199254740992.0,
          "hc128 next_double = top 53 bits of u64");
}

static void test_hc128_state(void) {
    static hc128_state s;
    uint8_t seed[32] = {9};
    hc128_init(&s, seed);
    check(hc128_state_is_valid(&s) && s.index == 16 && s.counter == 0,
          "hc128 fresh state valid, empty buffer");
    s.counter = 8;
    check(!hc128_state_is_valid(&s), "hc128 counter not multiple of 16");
    s.counter = 1024;
    check(!hc128_state_is_valid(&s), "hc128 counter >= 1024");
    s.counter = 1008;
    s.index = 17;
    check(!hc128_state_is_valid(&s), "hc128 index > 16");
    s.index = 16;
    check(hc128_state_is_valid(&s), "hc128 counter 1008 index 16 valid");
    /* A copied state continues the same stream (what a state dict does). */
    {
        static hc128_state t;
        unsigned i;
        int ok = 1;
        hc128_init(&s, seed);
        for (i = 0; i < 1000; i++) {
            (void)hc128_next_uint32(&s);
        }
        memcpy(&t, &s, sizeof t);
        for (i = 0; i < 2000; i++) {
            ok &= hc128_next_uint32(&s) == hc128_next_uint32(&t);
        }
        check(ok, "hc128 copied state continues the stream");
    }
    hc128_wipe(&s);
    check(is_all_zero(&s, sizeof s), "hc128 wipe zeroes the state");
}

/* ------------------------------------------------------------------ */
/* ISAAC                                                               */
/* ------------------------------------------------------------------ */

/* Jenkins' randvect.txt (pv_isaac_randvect): printed words [0..511] are
 * randrsl of blocks 2 and 3, in index order.  Our output #n, n >= 256:
 * block n/256 + 1, word randrsl[255 - n % 256]. */
/* Output number of printed word `idx` of a randvect-style listing. */
static unsigned listing_to_output(unsigned idx) {
    unsigned block = idx / 256; /* 0: second block, 1: third */
    return 256 * (block + 1) + (255 - idx % 256);
}

static void test_isaac_randvect(void) {
    static isaac_state s;
    static uint32_t out[768];
    uint8_t zero[32] = {0};
    unsigned i;
    int ok = 1, ok_bulk = 1;

    /* from_seed([0; 32]) and the empty key are the same all-zero key. */
    check(isaac_init(&s, zero, 32) == 0, "isaac init 32 zero bytes");
    for (i = 0; i < 768; i++) {
        out[i] = isaac_next_uint32(&s);
    }
    for (i = 0; i < 512; i++) {
        unsigned n = listing_to_output(i);
        if (out[n] != pv_isaac_randvect[i]) {
            printf("  isaac randvect word %u (output %u): got %08lx want "
                   "%08lx\n",
                   i, n, (unsigned long)out[n],
                   (unsigned long)pv_isaac_randvect[i]);
            ok = 0;
        }
    }
    check(ok, "isaac randvect.txt (zero key, reversed read-out)");

    isaac_init(&s, NULL, 0);
    isaac_fill_uint32(&s, out, 768);
    for (i = 0; i < 512; i++) {
        ok_bulk &= out[listing_to_output(i)] == pv_isaac_randvect[i];
    }
    check(ok_bulk, "isaac randvect.txt via fill_uint32, empty key");
}

/* Jenkins' randseed.txt (pv_isaac_randseed): a 36-byte ASCII key,
 * zero-padded; rand() outputs from the first, randinit's block on. */
static void test_isaac_randseed(void) {
    static isaac_state s;
    static uint32_t out[2560];
    const char *key = pv_isaac_randseed_key;
    unsigned i;

    check(strlen(key) == 36, "isaac randseed key is 36 bytes");
    isaac_init(&s, (const uint8_t *)key, strlen(key));
    for (i = 0; i < 2560; i++) {
        out[i] = isaac_next_uint32(&s);
    }
    check(eq_u32("isaac randseed", out, pv_isaac_randseed, 2560),
          "isaac randseed.txt (36-byte key, 10 blocks)");
}

/* rand_isaac 0.3.0 isaac.rs unit tests (values). */
static void test_isaac_rand_isaac(void) {
    static isaac_state s;
    static const uint8_t seed1[32] = {1, 0, 0, 0, 23, 0, 0, 0, 200, 1, 0,
                                      0, 210, 30, 0, 0, 57, 48, 0, 0};
    static const uint8_t seed2[32] = {57, 48, 0, 0, 50, 9, 1, 0,
                                      49, 212, 0, 0, 148, 38, 0, 0};
    static const uint8_t seed_c[32] = {1, 0, 0, 0, 23, 0, 0, 0,
                                       200, 1, 0, 0, 210, 30, 0, 0};
    static const uint32_t want1[10] = {
        2558573138u, 873787463u, 263499565u, 2103644246u, 3595684709u,
        4203127393u, 264982119u, 2765226902u, 2737944514u, 3900253796u};
    static const uint32_t want2[10] = {
        3676831399u, 3183332890u, 2834741178u, 3854698763u, 2717568474u,
        1576568959u, 3507990155u, 179069555u, 141456972u, 2478885421u};
    static const uint64_t want64[5] = {
        UINT64_C(3752888579798383186), UINT64_C(9035083239252078381),
        UINT64_C(18052294697452424037), UINT64_C(11876559110374379111),
        UINT64_C(16751462502657800130)};
    uint32_t got[10];
    uint64_t got64[5];
    uint8_t want_b[32], got_b[32];
    unsigned i;

    isaac_init(&s, seed_c, 32);
    check(isaac_next_uint32(&s) == 2869442790u,
          "isaac rand_isaac construction value");

    isaac_init(&s, seed1, 32);
    for (i = 0; i < 10; i++) {
        got[i] = isaac_next_uint32(&s);
    }
    check(eq_u32("isaac true_values_32", got, want1, 10),
          "isaac rand_isaac true_values_32");

    isaac_init(&s, seed2, 32);
    for (i = 0; i < 10000; i++) {
        (void)isaac_next_uint32(&s);
    }
    for (i = 0; i < 10; i++) {
        got[i] = isaac_next_uint32(&s);
    }
    check(eq_u32("isaac true_values_32 skip", got, want2, 10),
          "isaac rand_isaac true_values_32 after 10000");

    isaac_init(&s, seed1, 32);
    for (i = 0; i < 5; i++) {
        got64[i] = isaac_next_uint64(&s);
    }
    check(eq_u64("isaac true_values_64", got64, want64, 5),
          "isaac rand_isaac true_values_64");

    from_hex("52ba809847f014342dafb40f5610637d65cb51d661a286fa674ecb0f9603d2a4",
             want_b);
    isaac_init(&s, seed1, 32);
    isaac_fill_bytes(&s, got_b, 32);
    check(eq_bytes("isaac true_bytes", got_b, want_b, 32),
          "isaac rand_isaac true_bytes");
}

static void test_isaac_paths(void) {
    static isaac_state s, ref;
    static uint32_t words[MAX_WORDS], got32[MAX_WORDS];
    static uint64_t got64[MAX_WORDS / 2];
    static uint8_t gotb[4 * MAX_WORDS + 8], wantb[4 * MAX_WORDS + 8];
    uint8_t seed[40];
    size_t o, z, i;
    int ok32 = 1, ok64 = 1, okb = 1;

    for (i = 0; i < sizeof seed; i++) {
        seed[i] = (uint8_t)(i * 91 + 5);
    }
    for (o = 0; o < N_OFFSETS; o++) {
        for (z = 0; z < N_SIZES; z++) {
            size_t off = offsets[o], n = sizes[z], nb;

            isaac_init(&ref, seed, sizeof seed);
            for (i = 0; i < off + 2 * n + 2; i++) {
                words[i] = isaac_next_uint32(&ref);
            }

            isaac_init(&s, seed, sizeof seed);
            for (i = 0; i < off; i++) {
                (void)isaac_next_uint32(&s);
            }
            isaac_fill_uint32(&s, got32, n);
            got32[n] = isaac_next_uint32(&s);
            ok32 &= eq_u32("isaac fill_uint32", got32, words + off, n + 1);

            isaac_init(&s, seed, sizeof seed);
            for (i = 0; i < off; i++) {
                (void)isaac_next_uint32(&s);
            }
            isaac_fill_uint64(&s, got64, n);
            for (i = 0; i < n; i++) {
                uint64_t w = (uint64_t)words[off + 2 * i] |
                             ((uint64_t)words[off + 2 * i + 1] << 32);
                if (got64[i] != w) {
                    printf("  isaac fill_uint64 off %u n %u: word %u\n",
                           (unsigned)off, (unsigned)n, (unsigned)i);
                    ok64 = 0;
                    break;
                }
            }
            ok64 &= isaac_next_uint32(&s) == words[off + 2 * n];

            nb = 4 * n + 1;
            isaac_init(&s, seed, sizeof seed);
            for (i = 0; i < off; i++) {
                (void)isaac_next_uint32(&s);
            }
            memset(gotb, 0xaa, sizeof gotb);
            isaac_fill_bytes(&s, gotb, nb);
            for (i = 0; i <= n; i++) {
                store32_le(wantb + 4 * i, words[off + i]);
            }
            okb &= eq_bytes("isaac fill_bytes", gotb, wantb, nb);
            okb &= gotb[nb] == 0xaa;
            okb &= isaac_next_uint32(&s) == words[off + n + 1];
        }
    }
    check(ok32, "isaac fill_uint32 == single draws (all offsets/sizes)");
    check(ok64, "isaac fill_uint64 == word pairs (all offsets/sizes)");
    check(okb, "isaac fill_bytes == LE words, partial word dropped");
}

static void test_isaac_mixing(void) {
    static isaac_state s, ref;
    static uint32_t w[520];
    uint8_t b[4];
    unsigned i;

    isaac_init(&ref, NULL, 0);
    for (i = 0; i < 520; i++) {
        w[i] = isaac_next_uint32(&ref);
    }
    isaac_init(&s, NULL, 0);
    check(isaac_next_uint32(&s) == w[0] &&
              isaac_next_uint64(&s) ==
                  ((uint64_t)w[1] | ((uint64_t)w[2] << 32)) &&
              isaac_next_uint32(&s) == w[3],
          "isaac u32,u64,u32 = w0, w1|w2<<32, w3");
    isaac_init(&s, NULL, 0);
    for (i = 0; i < 255; i++) {
        (void)isaac_next_uint32(&s);
    }
    check(isaac_next_uint64(&s) ==
                  ((uint64_t)w[255] | ((uint64_t)w[256] << 32)) &&
              isaac_next_uint32(&s) == w[257],
          "isaac u64 across a refill = w255 | w256<<32");
    isaac_init(&s, NULL, 0);
    isaac_fill_bytes(&s, b, 0);
    isaac_fill_bytes(&s, b, 1);
    check(isaac_next_uint32(&s) == w[1] && b[0] == (uint8_t)w[0],
          "isaac fill_bytes(1) consumes a whole word");
    isaac_init(&s, NULL, 0);
    check(isaac_next_double(&s) ==
              (double)(((uint64_t)w[0] | ((uint64_t)w[1] << 32)) >> 11) /
                  9007199254740992.0,
          "isaac next_double = top 53 bits of u64");
}

static void test_isaac_state(void) {
    static isaac_state s, t;
    static uint8_t longkey[ISAAC_KEY_BYTES_MAX + 1];
    unsigned i;
    int ok = 1;

    for (i = 0; i < sizeof longkey; i++) {
        longkey[i] = (uint8_t)i;
    }
    isaac_init(&s, NULL, 0);
    s.a = 12345u;
    check(isaac_init(&s, longkey, sizeof longkey) == -1 && s.a == 12345u,
          "isaac key > 1024 bytes rejected, state untouched");
    check(isaac_init(&s, longkey, ISAAC_KEY_BYTES_MAX) == 0 &&
              isaac_state_is_valid(&s) && s.index == 256,
          "isaac 1024-byte key accepted, fresh state valid and empty");
    /* Zero padding: a key with trailing zero bytes is the same key. */
    {
        uint8_t k1[5] = {1, 2, 3, 4, 5}, k2[8] = {1, 2, 3, 4, 5, 0, 0, 0};
        isaac_init(&s, k1, 5);
        isaac_init(&t, k2, 8);
        check(isaac_next_uint32(&s) == isaac_next_uint32(&t),
              "isaac key zero-padded");
    }
    s.index = 257;
    check(!isaac_state_is_valid(&s), "isaac index > 256 invalid");
    isaac_init(&s, longkey, 100);
    for (i = 0; i < 300; i++) {
        (void)isaac_next_uint32(&s);
    }
    memcpy(&t, &s, sizeof t);
    for (i = 0; i < 1000; i++) {
        ok &= isaac_next_uint32(&s) == isaac_next_uint32(&t);
    }
    check(ok, "isaac copied state continues the stream");
    isaac_wipe(&s);
    check(is_all_zero(&s, sizeof s), "isaac wipe zeroes the state");
}

/* ------------------------------------------------------------------ */
/* ISAAC-64                                                            */
/* ------------------------------------------------------------------ */

/* pv_isaac64_zero: Jenkins' isaac64.c output for the all-zero seed. */
static void test_isaac64_zero_seed(void) {
    static isaac64_state s;
    static uint64_t out[768];
    uint8_t zero[32] = {0};
    unsigned i;
    int ok = 1, ok_bulk = 1;

    check(isaac64_init(&s, zero, 32) == 0, "isaac64 init 32 zero bytes");
    for (i = 0; i < 768; i++) {
        out[i] = isaac64_next_uint64(&s);
    }
    for (i = 0; i < 512; i++) {
        unsigned n = listing_to_output(i);
        if (out[n] != pv_isaac64_zero[i]) {
            printf("  isaac64 word %u (output %u) differs\n", i, n);
            ok = 0;
        }
    }
    check(ok, "isaac64 zero seed (isaac64.c main, reversed read-out)");

    isaac64_init(&s, NULL, 0);
    isaac64_fill_uint64(&s, out, 768);
    for (i = 0; i < 512; i++) {
        ok_bulk &= out[listing_to_output(i)] == pv_isaac64_zero[i];
    }
    check(ok_bulk, "isaac64 zero seed via fill_uint64, empty key");
}

/* rand_isaac 0.3.0 isaac64.rs unit tests (values). */
static void test_isaac64_rand_isaac(void) {
    static isaac64_state s;
    static const uint8_t seed1[32] = {1,   0, 0, 0, 0, 0, 0, 0, 23, 0, 0,
                                      0,   0, 0, 0, 0, 200, 1, 0, 0, 0, 0,
                                      0,   0, 210, 30, 0, 0, 0, 0, 0, 0};
    static const uint8_t seed2[32] = {57, 48, 0, 0, 0, 0, 0, 0, 50, 9, 1,
                                      0,  0,  0, 0, 0, 49, 212, 0, 0, 0, 0,
                                      0,  0,  148, 38, 0, 0, 0, 0, 0, 0};
    static const uint8_t seed_c[32] = {1, 0, 0, 0, 23, 0, 0, 0,
                                       200, 1, 0, 0, 210, 30, 0, 0};
    static const uint64_t want1[10] = {
        UINT64_C(15071495833797886820), UINT64_C(7720185633435529318),
        UINT64_C(10836773366498097981), UINT64_C(5414053799617603544),
        UINT64_C(12890513357046278984), UINT64_C(17001051845652595546),
        UINT64_C(9240803642279356310),  UINT64_C(12558996012687158051),
        UINT64_C(14673053937227185542), UINT64_C(1677046725350116783)};
    static const uint64_t want2[10] = {
        UINT64_C(18143823860592706164), UINT64_C(8491801882678285927),
        UINT64_C(2699425367717515619),  UINT64_C(17196852593171130876),
        UINT64_C(2606123525235546165),  UINT64_C(15790932315217671084),
        UINT64_C(596345674630742204),   UINT64_C(9947027391921273664),
        UINT64_C(11788097613744130851), UINT64_C(10391409374914919106)};
    static const uint32_t want32[12] = {
        3477963620u, 3509106075u, 687845478u,  1797495790u,
        227048253u,  2523132918u, 4044335064u, 1260557630u,
        4079741768u, 3001306521u, 69157722u,   3958365844u};
    uint64_t got[10];
    uint32_t got32[12];
    uint8_t want_b[32], got_b[32];
    unsigned i;

    isaac64_init(&s, seed_c, 32);
    check(isaac64_next_uint64(&s) == UINT64_C(14964555543728284049),
          "isaac64 rand_isaac construction value");

    isaac64_init(&s, seed1, 32);
    for (i = 0; i < 10; i++) {
        got[i] = isaac64_next_uint64(&s);
    }
    check(eq_u64("isaac64 true_values_64", got, want1, 10),
          "isaac64 rand_isaac true_values_64");

    isaac64_init(&s, seed2, 32);
    for (i = 0; i < 10000; i++) {
        (void)isaac64_next_uint64(&s);
    }
    for (i = 0; i < 10; i++) {
        got[i] = isaac64_next_uint64(&s);
    }
    check(eq_u64("isaac64 true_values_64 skip", got, want2, 10),
          "isaac64 rand_isaac true_values_64 after 10000");

    isaac64_init(&s, seed1, 32);
    for (i = 0; i < 12; i++) {
        got32[i] = isaac64_next_uint32(&s);
    }
    check(eq_u32("isaac64 true_values_32", got32, want32, 12),
          "isaac64 rand_isaac true_values_32 (low half first)");

    /* test_isaac64_true_values_mixed */
    isaac64_init(&s, seed1, 32);
    check(isaac64_next_uint64(&s) == UINT64_C(15071495833797886820) &&
              isaac64_next_uint32(&s) == 687845478u &&
              isaac64_next_uint32(&s) == 1797495790u &&
              isaac64_next_uint64(&s) == UINT64_C(10836773366498097981) &&
              isaac64_next_uint32(&s) == 4044335064u &&
              isaac64_next_uint64(&s) == UINT64_C(12890513357046278984) &&
              isaac64_next_uint32(&s) == 69157722u,
          "isaac64 rand_isaac true_values_mixed");

    from_hex("64834dcf9bb528d166b0ff28ee9b236b3d7b880df6f36396d8a70ff13e95224b",
             want_b);
    isaac64_init(&s, seed1, 32);
    isaac64_fill_bytes(&s, got_b, 32);
    check(eq_bytes("isaac64 true_bytes", got_b, want_b, 32),
          "isaac64 rand_isaac true_bytes");
}

static uint32_t lo32(uint64_t v) { return (uint32_t)v; }
static uint32_t hi32(uint64_t v) { return (uint32_t)(v >> 32); }

/* BlockRng64 rules on hand-made sequences, against a twin's u64 words. */
static void test_isaac64_mixing(void) {
    static isaac64_state s, ref;
    static uint64_t w[520];
    uint8_t b[16], want[16];
    unsigned i;

    isaac64_init(&ref, NULL, 0);
    for (i = 0; i < 520; i++) {
        w[i] = isaac64_next_uint64(&ref);
    }

    isaac64_init(&s, NULL, 0);
    check(isaac64_next_uint32(&s) == lo32(w[0]) &&
              isaac64_next_uint32(&s) == hi32(w[0]) &&
              isaac64_next_uint64(&s) == w[1] &&
              isaac64_next_uint32(&s) == lo32(w[2]) &&
              isaac64_next_uint64(&s) == w[3] &&
              isaac64_next_uint32(&s) == lo32(w[4]),
          "isaac64 u32,u32,u64,u32,u64,u32 = lo w0, hi w0, w1, lo w2, w3, "
          "lo w4");

    /* The pending half survives nothing but a next_uint32. */
    isaac64_init(&s, NULL, 0);
    (void)isaac64_next_uint32(&s);
    check(s.half_used == 1 && s.index == 1 &&
              isaac64_next_double(&s) ==
                  (double)(w[1] >> 11) / 9007199254740992.0 &&
              s.half_used == 0 && isaac64_next_uint32(&s) == lo32(w[2]),
          "isaac64 next_double drops the pending half");

    /* Across a refill: lo/hi of the block's last word, then the next. */
    isaac64_init(&s, NULL, 0);
    for (i = 0; i < 255; i++) {
        (void)isaac64_next_uint64(&s);
    }
    check(isaac64_next_uint32(&s) == lo32(w[255]) &&
              isaac64_next_uint32(&s) == hi32(w[255]) &&
              isaac64_next_uint32(&s) == lo32(w[256]) &&
              isaac64_next_uint32(&s) == hi32(w[256]) &&
              isaac64_next_uint64(&s) == w[257],
          "isaac64 u32 halves across a refill");
    isaac64_init(&s, NULL, 0);
    for (i = 0; i < 255; i++) {
        (void)isaac64_next_uint64(&s);
    }
    check(isaac64_next_uint32(&s) == lo32(w[255]) &&
              isaac64_next_uint64(&s) == w[256],
          "isaac64 u64 after a half-used last word drops its high half");

    /* fill_bytes drops a pending half, even for 0 bytes. */
    isaac64_init(&s, NULL, 0);
    (void)isaac64_next_uint32(&s);
    isaac64_fill_bytes(&s, b, 8);
    store64_le(want, w[1]);
    check(eq_bytes("isaac64 fill_bytes after u32", b, want, 8) &&
              isaac64_next_uint32(&s) == lo32(w[2]),
          "isaac64 u32 then fill_bytes(8) = w1 (pending half dropped)");
    isaac64_init(&s, NULL, 0);
    (void)isaac64_next_uint32(&s);
    isaac64_fill_bytes(&s, b, 0);
    check(isaac64_next_uint32(&s) == lo32(w[1]),
          "isaac64 fill_bytes(0) drops the pending half");

    /* fill_uint64(0) is no call of next_u64: the pending half stays. */
    isaac64_init(&s, NULL, 0);
    (void)isaac64_next_uint32(&s);
    isaac64_fill_uint64(&s, w + 519, 0);
    check(isaac64_next_uint32(&s) == hi32(w[0]),
          "isaac64 fill_uint64(0) keeps the pending half");
    isaac64_init(&s, NULL, 0);
    (void)isaac64_next_uint32(&s);
    {
        uint64_t two[2];
        isaac64_fill_uint64(&s, two, 2);
        check(two[0] == w[1] && two[1] == w[2] && s.half_used == 0,
              "isaac64 u32 then fill_uint64(2) = w1, w2");
    }

    /* fill_bytes(9) consumes two whole words. */
    isaac64_init(&s, NULL, 0);
    isaac64_fill_bytes(&s, b, 9);
    store64_le(want, w[0]);
    store64_le(want + 8, w[1]);
    check(eq_bytes("isaac64 fill_bytes(9)", b, want, 9) &&
              isaac64_next_uint64(&s) == w[2],
          "isaac64 fill_bytes(9) consumes 2 words");
}

static void test_isaac64_paths(void) {
    static isaac64_state s, ref;
    static uint64_t words[MAX_WORDS], got64[MAX_WORDS];
    static uint8_t gotb[8 * MAX_WORDS + 8], wantb[8 * MAX_WORDS + 8];
    uint8_t seed[100];
    size_t o, z, i;
    int ok64 = 1, okb = 1;

    for (i = 0; i < sizeof seed; i++) {
        seed[i] = (uint8_t)(i * 13 + 200);
    }
    for (o = 0; o < N_OFFSETS; o++) {
        for (z = 0; z < N_SIZES; z++) {
            size_t off = offsets[o], n = sizes[z], nb;

            isaac64_init(&ref, seed, sizeof seed);
            for (i = 0; i < off + n + 2; i++) {
                words[i] = isaac64_next_uint64(&ref);
            }

            isaac64_init(&s, seed, sizeof seed);
            for (i = 0; i < off; i++) {
                (void)isaac64_next_uint64(&s);
            }
            isaac64_fill_uint64(&s, got64, n);
            got64[n] = isaac64_next_uint64(&s);
            ok64 &= eq_u64("isaac64 fill_uint64", got64, words + off, n + 1);

            nb = 8 * n + 5;
            isaac64_init(&s, seed, sizeof seed);
            for (i = 0; i < off; i++) {
                (void)isaac64_next_uint64(&s);
            }
            memset(gotb, 0xaa, sizeof gotb);
            isaac64_fill_bytes(&s, gotb, nb);
            for (i = 0; i <= n; i++) {
                store64_le(wantb + 8 * i, words[off + i]);
            }
            okb &= eq_bytes("isaac64 fill_bytes", gotb, wantb, nb);
            okb &= gotb[nb] == 0xaa;
            okb &= isaac64_next_uint64(&s) == words[off + n + 1];
        }
    }
    check(ok64, "isaac64 fill_uint64 == single draws (all offsets/sizes)");
    check(okb, "isaac64 fill_bytes == LE words, partial word dropped");
}

static void test_isaac64_state(void) {
    static isaac64_state s, t;
    static uint8_t longkey[ISAAC64_KEY_BYTES_MAX + 1];
    unsigned i;
    int ok = 1;

    for (i = 0; i < sizeof longkey; i++) {
        longkey[i] = (uint8_t)(i * 7);
    }
    isaac64_init(&s, NULL, 0);
    s.a = 777u;
    check(isaac64_init(&s, longkey, sizeof longkey) == -1 && s.a == 777u,
          "isaac64 key > 2048 bytes rejected, state untouched");
    check(isaac64_init(&s, longkey, ISAAC64_KEY_BYTES_MAX) == 0 &&
              isaac64_state_is_valid(&s) && s.index == 256 &&
              s.half_used == 0,
          "isaac64 2048-byte key accepted, fresh state valid and empty");
    {
        uint8_t k1[3] = {7, 8, 9}, k2[16] = {7, 8, 9};
        isaac64_init(&s, k1, 3);
        isaac64_init(&t, k2, 16);
        check(isaac64_next_uint64(&s) == isaac64_next_uint64(&t),
              "isaac64 key zero-padded");
    }
    s.index = 257;
    check(!isaac64_state_is_valid(&s), "isaac64 index > 256 invalid");
    s.index = 0;
    s.half_used = 1;
    check(!isaac64_state_is_valid(&s), "isaac64 half_used with index 0");
    s.index = 5;
    s.half_used = 2;
    check(!isaac64_state_is_valid(&s), "isaac64 half_used not 0/1");
    s.index = 256;
    s.half_used = 1;
    check(isaac64_state_is_valid(&s), "isaac64 index 256 half_used valid");

    isaac64_init(&s, longkey, 64);
    for (i = 0; i < 301; i++) {
        (void)isaac64_next_uint32(&s);
    }
    memcpy(&t, &s, sizeof t);
    for (i = 0; i < 1000; i++) {
        ok &= (i % 3 ? isaac64_next_uint32(&s) == isaac64_next_uint32(&t)
                     : isaac64_next_uint64(&s) == isaac64_next_uint64(&t));
    }
    check(ok, "isaac64 copied state (half used) continues the stream");
    isaac64_wipe(&s);
    check(is_all_zero(&s, sizeof s), "isaac64 wipe zeroes the state");
}

int main(void) {
    test_hc128_published();
    test_hc128_rand_hc_u64();
    test_hc128_rand_hc_bytes();
    test_hc128_paths();
    test_hc128_mixing();
    test_hc128_state();

    test_isaac_randvect();
    test_isaac_randseed();
    test_isaac_rand_isaac();
    test_isaac_paths();
    test_isaac_mixing();
    test_isaac_state();

    test_isaac64_zero_seed();
    test_isaac64_rand_isaac();
    test_isaac64_mixing();
    test_isaac64_paths();
    test_isaac64_state();

    printf("%d passed, %d failed\n", n_passed, n_failed);
    return n_failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
