/*
 * ISAAC (32-bit): key setup, block function and bulk output.
 *
 * Written from Jenkins' description of ISAAC ("ISAAC: a fast cryptographic
 * random number generator") and the behaviour of his reference rand.c.  One
 * step, for i = 0..255 with mix(a, i) = a<<13, a>>6, a<<2, a>>16 by i mod 4:
 *
 *     x = mem[i]
 *     a = (a ^ mix(a, i)) + mem[i + 128 mod 256]
 *     mem[i] = y = mem[(x >> 2) mod 256] + a + b
 *     b = mem[(y >> 10) mod 256] + x          -> result number i
 *
 * with b = b + (++c) before the first step.
 */
#include "isaac.h"

#include <string.h>

#include "../common/endian.h"
#include "../common/wipe.h"

#if defined(_MSC_VER)
#define ISAAC_RESTRICT __restrict
#else
#define ISAAC_RESTRICT restrict
#endif

#define ISAAC_MASK (ISAAC_WORDS - 1u)
#define ISAAC_HALF (ISAAC_WORDS / 2u)

/*
 * Step i (0..255), mem[i2] being mem[i + 128 mod 256].  The result goes to
 * out[255 - i]: the reference reads its results from the top down, we read
 * forwards (see isaac.h).  The second lookup comes after the store to
 * mem[i], as in the reference: it may read the word just written.
 */
#define ISAAC_STEP(mixed, i, i2)                                     \
    do {                                                             \
        uint32_t x_ = mm[i], y_;                                     \
        a = (mixed) + mm[i2];                                        \
        y_ = mm[(x_ >> 2) & ISAAC_MASK] + a + b;                     \
        mm[i] = y_;                                                  \
        b = mm[(y_ >> 10) & ISAAC_MASK] + x_;                        \
        out[ISAAC_WORDS - 1u - (i)] = b;                             \
    } while (0)

/* Four steps, one per shift of mix(); j is i + 128 mod 256, written
 * without a mask by splitting the loop at the middle of mem. */
#define ISAAC_FOUR_STEPS(i, j)                                       \
    do {                                                             \
        ISAAC_STEP(a ^ (a << 13), (i), (j));                         \
        ISAAC_STEP(a ^ (a >> 6), (i) + 1u, (j) + 1u);                \
        ISAAC_STEP(a ^ (a << 2), (i) + 2u, (j) + 2u);                \
        ISAAC_STEP(a ^ (a >> 16), (i) + 3u, (j) + 3u);               \
    } while (0)

/* One isaac() call: the next 256 results to out[] in read order.  `out`
 * must not overlap mem (it is rsl or the caller's array); saying so lets
 * the compiler keep mem words in registers across the result stores. */
static void isaac_block(isaac_state *s, uint32_t *out_) {
    uint32_t *ISAAC_RESTRICT mm = s->mem;
    uint32_t *ISAAC_RESTRICT out = out_;
    uint32_t a = s->a;
    uint32_t b = s->b + ++s->c;
    uint32_t i;

    for (i = 0; i < ISAAC_HALF; i += 4u) {
        ISAAC_FOUR_STEPS(i, i + ISAAC_HALF);
    }
    /* The second half reads the first half's new words, as the reference. */
    for (i = ISAAC_HALF; i < ISAAC_WORDS; i += 4u) {
        ISAAC_FOUR_STEPS(i, i - ISAAC_HALF);
    }
    s->a = a;
    s->b = b;
}

/* Jenkins' mix() of randinit: scrambles eight words reversibly. */
static void isaac_mix(uint32_t v[8]) {
    v[0] ^= v[1] << 11; v[3] += v[0]; v[1] += v[2];
    v[1] ^= v[2] >> 2;  v[4] += v[1]; v[2] += v[3];
    v[2] ^= v[3] << 8;  v[5] += v[2]; v[3] += v[4];
    v[3] ^= v[4] >> 16; v[6] += v[3]; v[4] += v[5];
    v[4] ^= v[5] << 10; v[7] += v[4]; v[5] += v[6];
    v[5] ^= v[6] >> 4;  v[0] += v[5]; v[6] += v[7];
    v[6] ^= v[7] << 8;  v[1] += v[6]; v[7] += v[0];
    v[7] ^= v[0] >> 9;  v[2] += v[7]; v[0] += v[1];
}

int isaac_init(isaac_state *s, const uint8_t *key, size_t keylen) {
    uint32_t v[8];
    unsigned i, k, pass;

    if (keylen > ISAAC_KEY_BYTES_MAX) {
        return -1;
    }
    memset(s, 0, sizeof *s);
    /* The key, little-endian, zero-padded to 256 words, is the initial mem
     * (randinit reads it from randrsl; only its value matters). */
    for (i = 0; i < keylen; i++) {
        s->mem[i / 4] |= (uint32_t)key[i] << (8 * (i % 4));
    }

    for (k = 0; k < 8; k++) {
        v[k] = 0x9e3779b9u; /* the golden ratio */
    }
    for (i = 0; i < 4; i++) {
        isaac_mix(v);
    }
    /* randinit(TRUE): the first pass adds the key, the second adds the
     * first pass's output, so every key word affects every mem word.  Both
     * add mem[] as it stands, so one loop serves. */
    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i < ISAAC_WORDS; i += 8) {
            for (k = 0; k < 8; k++) {
                v[k] += s->mem[i + k];
            }
            isaac_mix(v);
            for (k = 0; k < 8; k++) {
                s->mem[i + k] = v[k];
            }
        }
    }
    cr_wipe(v, sizeof v);
    /* a = b = c = 0.  randinit ends with one isaac() call whose results are
     * the first block read; here it happens on the first draw, as in
     * rand_isaac (BlockRng starts empty). */
    s->index = ISAAC_WORDS;
    return 0;
}

void isaac_refill(isaac_state *s) {
    isaac_block(s, s->rsl);
    s->index = 0;
}

int isaac_state_is_valid(const isaac_state *s) {
    return s->index <= ISAAC_WORDS;
}

/* Buffered words first, then whole blocks straight into `out`, then the
 * tail through the buffer. */
void isaac_fill_uint32(isaac_state *s, uint32_t *out, size_t n) {
    size_t take = ISAAC_WORDS - s->index;
    if (n == 0) {
        return;
    }
    if (take > n) {
        take = n;
    }
    memcpy(out, s->rsl + s->index, take * sizeof *out);
    s->index += (uint32_t)take;
    out += take;
    n -= take;
    while (n >= ISAAC_WORDS) {
        isaac_block(s, out);
        out += ISAAC_WORDS;
        n -= ISAAC_WORDS;
    }
    if (n > 0) {
        isaac_refill(s);
        memcpy(out, s->rsl, n * sizeof *out);
        s->index = (uint32_t)n;
    }
}

/* Pairs of words combined in registers (writing 32-bit words into a
 * uint64_t array would break aliasing rules and depend on endianness).
 * A pair that straddles a refill goes through next_uint64. */
void isaac_fill_uint64(isaac_state *s, uint64_t *out, size_t n) {
    while (n > 0) {
        size_t avail = ISAAC_WORDS - s->index;
        size_t take, i;
        const uint32_t *w;
        if (avail < 2) {
            *out++ = isaac_next_uint64(s);
            n--;
            continue;
        }
        take = avail / 2 < n ? avail / 2 : n;
        w = s->rsl + s->index;
        for (i = 0; i < take; i++) {
            out[i] = (uint64_t)w[2 * i] | ((uint64_t)w[2 * i + 1] << 32);
        }
        s->index += (uint32_t)(2 * take);
        out += take;
        n -= take;
    }
}

/* Whole words are consumed: the unused bytes of a last partial word are
 * dropped, as rand_core's BlockRng::fill_bytes does. */
void isaac_fill_bytes(isaac_state *s, uint8_t *out, size_t nbytes) {
    while (nbytes >= 4) {
        size_t take, i;
        if (s->index >= ISAAC_WORDS) {
            isaac_refill(s);
        }
        take = ISAAC_WORDS - s->index;
        if (take > nbytes / 4) {
            take = nbytes / 4;
        }
        for (i = 0; i < take; i++) {
            cr_store32_le(out + 4 * i, s->rsl[s->index + i]);
        }
        s->index += (uint32_t)take;
        out += 4 * take;
        nbytes -= 4 * take;
    }
    if (nbytes > 0) {
        uint8_t last[4];
        cr_store32_le(last, isaac_next_uint32(s));
        memcpy(out, last, nbytes);
        cr_wipe(last, sizeof last);
    }
}

void isaac_wipe(isaac_state *s) { cr_wipe(s, sizeof *s); }
