/*
 * ISAAC (32-bit): key setup and block function (buffered and bulk output
 * are common/word_buffer.c).
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
 * mem word (v >> shift) mod 256, for shift >= 2, as Jenkins' ind(): the
 * byte offset (v >> (shift - 2)) & 0x3fc is one operation fewer than the
 * word index, and the load needs no scaled index (a cycle less of load
 * latency on some CPUs, such as AMD Zen 3).
 */
#define ISAAC_IND(v, shift)                                          \
    (*(const uint32_t *)((const uint8_t *)mm +                       \
                         (((v) >> ((shift) - 2)) & (ISAAC_MASK << 2))))

/*
 * Step i (0..255), mem[i2] being mem[i + 128 mod 256].  The result goes to
 * out word 255 - i, as little-endian bytes: the reference reads its
 * results from the top down, we read forwards (see isaac.h).  The second
 * lookup comes after the store to mem[i], as in the reference: it may read
 * the word just written.
 *
 * What bounds ISAAC is the chain from one step's second lookup to the
 * next one's: y = ... + b, then the lookup at y >> 10, then b = that + x.
 * b is kept as two terms, b = l + xp (l the lookup, xp the previous x),
 * and l is added last, so the chain is add, shift, mask, load; CR_OPAQUE
 * stops the compiler from reassociating the sum back into a longer chain.
 */
#define ISAAC_STEP(mixed, i, i2)                                     \
    do {                                                             \
        uint32_t x_ = mm[i], y_;                                     \
        a = (mixed) + mm[i2];                                        \
        y_ = ISAAC_IND(x_, 2) + a + xp;                              \
        CR_OPAQUE(y_);                                               \
        y_ += l;                                                     \
        mm[i] = y_;                                                  \
        l = ISAAC_IND(y_, 10);                                       \
        xp = x_;                                                     \
        cr_store32_le(out + 4u * (ISAAC_WORDS - 1u - (i)), l + x_);  \
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
static void isaac_block(isaac_state *s, uint8_t *ISAAC_RESTRICT out) {
    uint32_t *ISAAC_RESTRICT mm = s->mem;
    uint32_t a = s->a;
    uint32_t l = s->b + ++s->c, xp = 0; /* b = l + xp */
    size_t i;

    for (i = 0; i < ISAAC_HALF; i += 4u) {
        ISAAC_FOUR_STEPS(i, i + ISAAC_HALF);
    }
    /* The second half reads the first half's new words, as the reference. */
    for (i = ISAAC_HALF; i < ISAAC_WORDS; i += 4u) {
        ISAAC_FOUR_STEPS(i, i - ISAAC_HALF);
    }
    s->a = a;
    s->b = l + xp;
}

/*
 * The next `nblocks` blocks (cr_blocks_fn).  While a block is made, the
 * lines of the next one are fetched: the steps form one dependency chain
 * (see ISAAC_STEP) that cannot hide the stall of a result store that
 * misses the cache (once the store queue is full behind it), as it is in
 * a large array.  Measured: a quarter or more slower into 8 MiB without.
 */
static void isaac_blocks(void *gen, uint8_t *out, size_t nblocks) {
    const size_t block_bytes = 4u * ISAAC_WORDS;
    for (; nblocks > 0; nblocks--) {
        if (nblocks > 1) {
            size_t k;
            for (k = 0; k < block_bytes; k += 64u) {
                CR_PREFETCH_WRITE(out + block_bytes + k);
            }
        }
        isaac_block((isaac_state *)gen, out);
        out += block_bytes;
    }
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

/* Wiring to the shared buffered output (common/word_buffer.c). */
CR_WORD_BUFFER_WIRING(isaac, isaac_state, isaac_blocks, rsl, ISAAC_WORDS, 4u)
CR_WORD_BUFFER32_FILLS(isaac, isaac_state)

int isaac_state_is_valid(const isaac_state *s) {
    return s->index <= ISAAC_WORDS;
}

void isaac_wipe(isaac_state *s) { cr_wipe(s, sizeof *s); }
