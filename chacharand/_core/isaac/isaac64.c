/*
 * ISAAC-64: key setup and block function (buffered and bulk output are
 * common/word_buffer.c).
 *
 * Written from Jenkins' description of ISAAC-64 and the behaviour of his
 * reference isaac64.c.  The structure is ISAAC's on 64-bit words, with
 * other shifts.  One step, for i = 0..255 with mix(a, i) = ~(a ^ a<<21),
 * a ^ a>>5, a ^ a<<12, a ^ a>>33 by i mod 4:
 *
 *     x = mem[i]
 *     a = mix(a, i) + mem[i + 128 mod 256]
 *     mem[i] = y = mem[(x >> 3) mod 256] + a + b
 *     b = mem[(y >> 11) mod 256] + x          -> result number i
 *
 * with b = b + (++c) before the first step.
 */
#include "isaac64.h"

#include <string.h>

#include "../common/endian.h"
#include "../common/wipe.h"
#include "../common/word_buffer.h"

#if defined(_MSC_VER)
#define ISAAC64_RESTRICT __restrict
#else
#define ISAAC64_RESTRICT restrict
#endif

#define ISAAC64_MASK (ISAAC64_WORDS - 1u)
#define ISAAC64_HALF (ISAAC64_WORDS / 2u)

/*
 * mem word (v >> shift) mod 256, for shift >= 3, as Jenkins' ind(): the
 * byte offset (v >> (shift - 3)) & 0x7f8 is one operation fewer than the
 * word index, and the load needs no scaled index (see isaac.c).
 */
#define ISAAC64_IND(v, shift)                                        \
    (*(const uint64_t *)((const uint8_t *)mm +                       \
                         (((v) >> ((shift) - 3)) & (ISAAC64_MASK << 3))))

/*
 * Step i (0..255), mem[i2] being mem[i + 128 mod 256].  The result goes to
 * out word 255 - i, as little-endian bytes: the reference reads its
 * results from the top down, we read forwards (see isaac64.h).  The second
 * lookup comes after the store to mem[i], as in the reference: it may read
 * the word just written.  As in isaac.c, b = l + xp with l added last, so
 * that the chain that bounds ISAAC-64 (add, shift, mask, load) is short.
 */
#define ISAAC64_STEP(mixed, i, i2)                                   \
    do {                                                             \
        uint64_t x_ = mm[i], y_;                                     \
        a = (mixed) + mm[i2];                                        \
        y_ = ISAAC64_IND(x_, 3) + a + xp;                            \
        CR_OPAQUE(y_);                                               \
        y_ += l;                                                     \
        mm[i] = y_;                                                  \
        l = ISAAC64_IND(y_, 11);                                     \
        xp = x_;                                                     \
        cr_store64_le(out + 8u * (ISAAC64_WORDS - 1u - (i)),       \
                      l + x_);                                       \
    } while (0)

/* Four steps, one per mix(); j is i + 128 mod 256, written without a mask
 * by splitting the loop at the middle of mem. */
#define ISAAC64_FOUR_STEPS(i, j)                                     \
    do {                                                             \
        ISAAC64_STEP(~(a ^ (a << 21)), (i), (j));                    \
        ISAAC64_STEP(a ^ (a >> 5), (i) + 1u, (j) + 1u);              \
        ISAAC64_STEP(a ^ (a << 12), (i) + 2u, (j) + 2u);             \
        ISAAC64_STEP(a ^ (a >> 33), (i) + 3u, (j) + 3u);             \
    } while (0)

/* One isaac64() call: the next 256 results to out[] in read order.  `out`
 * must not overlap mem (it is rsl or the caller's array); saying so lets
 * the compiler keep mem words in registers across the result stores. */
static void isaac64_block(isaac64_state *s, uint8_t *ISAAC64_RESTRICT out) {
    uint64_t *ISAAC64_RESTRICT mm = s->mem;
    uint64_t a = s->a;
    uint64_t l = s->b + ++s->c, xp = 0; /* b = l + xp */
    size_t i;

    for (i = 0; i < ISAAC64_HALF; i += 4u) {
        ISAAC64_FOUR_STEPS(i, i + ISAAC64_HALF);
    }
    /* The second half reads the first half's new words, as the reference. */
    for (i = ISAAC64_HALF; i < ISAAC64_WORDS; i += 4u) {
        ISAAC64_FOUR_STEPS(i, i - ISAAC64_HALF);
    }
    s->a = a;
    s->b = l + xp;
}

/*
 * The next `nblocks` blocks (cr_blocks_fn).  While a block is made, the
 * lines of the next one are fetched: the steps form one dependency chain
 * (see ISAAC64_STEP) that cannot hide the stall of a result store that
 * misses the cache (once the store queue is full behind it), as it is in
 * a large array.  Measured: a quarter or more slower into 8 MiB without.
 */
static void isaac64_blocks(void *gen, uint8_t *out, size_t nblocks) {
    const size_t block_bytes = 8u * ISAAC64_WORDS;
    for (; nblocks > 0; nblocks--) {
        if (nblocks > 1) {
            size_t k;
            for (k = 0; k < block_bytes; k += 64u) {
                CR_PREFETCH_WRITE(out + block_bytes + k);
            }
        }
        isaac64_block((isaac64_state *)gen, out);
        out += block_bytes;
    }
}

/* Jenkins' 64-bit mix() of randinit: scrambles eight words reversibly. */
static void isaac64_mix(uint64_t v[8]) {
    v[0] -= v[4]; v[5] ^= v[7] >> 9;  v[7] += v[0];
    v[1] -= v[5]; v[6] ^= v[0] << 9;  v[0] += v[1];
    v[2] -= v[6]; v[7] ^= v[1] >> 23; v[1] += v[2];
    v[3] -= v[7]; v[0] ^= v[2] << 15; v[2] += v[3];
    v[4] -= v[0]; v[1] ^= v[3] >> 14; v[3] += v[4];
    v[5] -= v[1]; v[2] ^= v[4] << 20; v[4] += v[5];
    v[6] -= v[2]; v[3] ^= v[5] >> 17; v[5] += v[6];
    v[7] -= v[3]; v[4] ^= v[6] << 14; v[6] += v[7];
}

int isaac64_init(isaac64_state *s, const uint8_t *key, size_t keylen) {
    uint64_t v[8];
    unsigned i, k, pass;

    if (keylen > ISAAC64_KEY_BYTES_MAX) {
        return -1;
    }
    memset(s, 0, sizeof *s);
    /* The key, little-endian, zero-padded to 256 words, is the initial mem
     * (randinit reads it from randrsl; only its value matters). */
    for (i = 0; i < keylen; i++) {
        s->mem[i / 8] |= (uint64_t)key[i] << (8 * (i % 8));
    }

    for (k = 0; k < 8; k++) {
        v[k] = UINT64_C(0x9e3779b97f4a7c13); /* the golden ratio */
    }
    for (i = 0; i < 4; i++) {
        isaac64_mix(v);
    }
    /* randinit(TRUE): the first pass adds the key, the second adds the
     * first pass's output, so every key word affects every mem word.  Both
     * add mem[] as it stands, so one loop serves. */
    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i < ISAAC64_WORDS; i += 8) {
            for (k = 0; k < 8; k++) {
                v[k] += s->mem[i + k];
            }
            isaac64_mix(v);
            for (k = 0; k < 8; k++) {
                s->mem[i + k] = v[k];
            }
        }
    }
    cr_wipe(v, sizeof v);
    /* a = b = c = 0, no half pending.  randinit ends with one isaac64()
     * call whose results are the first block read; here it happens on the
     * first draw, as in rand_isaac (BlockRng64 starts empty). */
    s->index = ISAAC64_WORDS;
    return 0;
}

/* Wiring to the shared buffered output (common/word_buffer.c); the
 * pending-half rule of BlockRng64 is all that is ISAAC-64's own. */
CR_WORD_BUFFER_WIRING(isaac64, isaac64_state, isaac64_blocks, rsl,
                      ISAAC64_WORDS, 8u)

void isaac64_refill(isaac64_state *s) {
    cr_word_buffer b = isaac64_words(s);
    cr_wb_refill(&b);
    s->half_used = 0;
}

int isaac64_state_is_valid(const isaac64_state *s) {
    return s->index <= ISAAC64_WORDS && s->half_used <= 1u &&
           !(s->half_used && s->index == 0);
}

/* As n calls of next_uint64: a pending half is dropped, unless n is 0. */
void isaac64_fill_uint64(isaac64_state *s, uint64_t *out, size_t n) {
    cr_word_buffer b = isaac64_words(s);
    if (n > 0) {
        s->half_used = 0;
    }
    cr_wb_fill_uint64(&b, out, n);
}

/* As rand_core's BlockRng64::fill_bytes: drop a pending high half (even
 * for 0 bytes), then whole 64-bit words. */
void isaac64_fill_bytes(isaac64_state *s, uint8_t *out, size_t nbytes) {
    cr_word_buffer b = isaac64_words(s);
    s->half_used = 0;
    cr_wb_fill_bytes(&b, out, nbytes);
}

void isaac64_wipe(isaac64_state *s) { cr_wipe(s, sizeof *s); }
