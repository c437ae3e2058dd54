/*
 * HC-128 generator: key setup and block function (buffered and bulk
 * output are common/word_buffer.c).
 *
 * Written from Wu's specification ("The Stream Cipher HC-128", eSTREAM).
 * Notation as in the paper: P and Q are 512-word tables, "j - n" is taken
 * modulo 512, and step i of the keystream (i mod 1024 < 512) is
 *
 *     P[j] = P[j] + g1(P[j-3], P[j-10], P[j-511]);   s_i = h1(P[j-12]) ^ P[j]
 *
 * with j = i mod 512, and the same with Q, g2, h2 for the other 512 steps.
 */
#include "hc128.h"

#include <string.h>

#include "../common/endian.h"
#include "../common/wipe.h"

#if defined(_MSC_VER)
#define HC128_RESTRICT __restrict
#else
#define HC128_RESTRICT restrict
#endif

#define HC128_MASK (HC128_TABLE_WORDS - 1u)
#define HC128_CYCLE (2u * HC128_TABLE_WORDS) /* P steps, then Q steps */

/* Wrap a table index (init only; the block function needs no masks). */
#define W(x) ((x) & HC128_MASK)

CR_INLINE uint32_t hc128_rotr(uint32_t x, int n) {
    return cr_rotl32(x, 32 - n);
}

/* Key expansion functions (SHA-256's sigma0 and sigma1). */
CR_INLINE uint32_t hc128_f1(uint32_t x) {
    return hc128_rotr(x, 7) ^ hc128_rotr(x, 18) ^ (x >> 3);
}

CR_INLINE uint32_t hc128_f2(uint32_t x) {
    return hc128_rotr(x, 17) ^ hc128_rotr(x, 19) ^ (x >> 10);
}

/* Feedback of P (g1) and Q (g2): x = T[j-3], y = T[j-10], z = T[j-511]. */
CR_INLINE uint32_t hc128_g1(uint32_t x, uint32_t y, uint32_t z) {
    return (hc128_rotr(x, 10) ^ hc128_rotr(z, 23)) + hc128_rotr(y, 8);
}

CR_INLINE uint32_t hc128_g2(uint32_t x, uint32_t y, uint32_t z) {
    return (cr_rotl32(x, 10) ^ cr_rotl32(z, 23)) + cr_rotl32(y, 8);
}

/* h1 (steps on P, looks up Q) and h2 (steps on Q, looks up P) have one
 * form: bytes 0 and 2 of x index the two halves of the other table. */
CR_INLINE uint32_t hc128_h(const uint32_t *u, uint32_t x) {
    return u[x & 0xffu] + u[256u + ((x >> 16) & 0xffu)];
}

/*
 * One keystream step k (0..15) of a block: t is the table being updated
 * (P or Q), u the other one; the operands are t[j-12], t[j-10], t[j-3] and
 * t[j-511] = t[j+1] (the word this cycle has not updated yet).  The new
 * word is v<k>; the word out is written as little-endian bytes (see
 * common/word_buffer.h).  A statement list, not a do-while: later steps
 * read v<k>.
 */
#define HC128_STEP(g, k, jm12, jm10, jm3, jp1)                        \
    const uint32_t v##k = cur[k] + g(jm3, jm10, jp1);                 \
    cur[k] = v##k;                                                    \
    cr_store32_le(out + 4u * (k), hc128_h(u, jm12) ^ v##k)

/*
 * Sixteen steps from j (a multiple of 16).  The operands lie in three
 * runs of the table: the previous 16 words (prev, j-16..j-1), the current
 * 16 (cur, j..j+15) and the word after them (nxt, j+16).  Wrapping the
 * three bases once per block leaves every operand a constant offset from
 * a pointer: no masks and no index arithmetic in the steps.  Words this
 * block has already updated are taken from the variables v<k>, not read
 * back from the table, so that the t[j-3] chain never waits on a store
 * and a reload, whatever the compiler knows of aliasing.
 */
#define HC128_SIXTEEN_STEPS(g)                                               \
    HC128_STEP(g, 0, prev[4], prev[6], prev[13], cur[1]);                    \
    HC128_STEP(g, 1, prev[5], prev[7], prev[14], cur[2]);                    \
    HC128_STEP(g, 2, prev[6], prev[8], prev[15], cur[3]);                    \
    HC128_STEP(g, 3, prev[7], prev[9], v0, cur[4]);                          \
    HC128_STEP(g, 4, prev[8], prev[10], v1, cur[5]);                         \
    HC128_STEP(g, 5, prev[9], prev[11], v2, cur[6]);                         \
    HC128_STEP(g, 6, prev[10], prev[12], v3, cur[7]);                        \
    HC128_STEP(g, 7, prev[11], prev[13], v4, cur[8]);                        \
    HC128_STEP(g, 8, prev[12], prev[14], v5, cur[9]);                        \
    HC128_STEP(g, 9, prev[13], prev[15], v6, cur[10]);                       \
    HC128_STEP(g, 10, prev[14], v0, v7, cur[11]);                            \
    HC128_STEP(g, 11, prev[15], v1, v8, cur[12]);                            \
    HC128_STEP(g, 12, v0, v2, v9, cur[13]);                                  \
    HC128_STEP(g, 13, v1, v3, v10, cur[14]);                                 \
    HC128_STEP(g, 14, v2, v4, v11, cur[15]);                                 \
    HC128_STEP(g, 15, v3, v5, v12, nxt[0])

/*
 * `n` blocks from j (a multiple of 16) on in one table: P with g1, or Q
 * with g2 -- two functions, so that g and the table roles are fixed in
 * the steps.  restrict on `out` and `u` (the other table) lets the
 * compiler keep table words in registers across the stores to out (a byte
 * store may alias anything); GCC honours it on the parameters of the
 * function the steps are compiled in, so hc128_blocks' `out` is restrict
 * too.
 */
#define HC128_DEFINE_RUN(name, g)                                            \
    CR_FORCE_INLINE void name(uint32_t *t, const uint32_t *HC128_RESTRICT u, \
                              size_t j, uint8_t *HC128_RESTRICT out,         \
                              size_t n) {                                    \
        for (; n > 0; n--, j += HC128_BLOCK_WORDS, out += 64u) {             \
            const uint32_t *prev = t + ((j - 16u) & HC128_MASK);             \
            uint32_t *cur = t + j;                                           \
            const uint32_t *nxt = t + ((j + 16u) & HC128_MASK);              \
            HC128_SIXTEEN_STEPS(g);                                          \
        }                                                                    \
    }

HC128_DEFINE_RUN(hc128_run_p, hc128_g1)
HC128_DEFINE_RUN(hc128_run_q, hc128_g2)

/* The next `nblocks` blocks of 16 keystream words (cr_blocks_fn): runs
 * of blocks on P, then on Q, as the counter goes round. */
static void hc128_blocks(void *gen, uint8_t *HC128_RESTRICT out,
                         size_t nblocks) {
    hc128_state *s = (hc128_state *)gen;
    while (nblocks > 0) {
        size_t j = s->counter & HC128_MASK;
        size_t run = (HC128_TABLE_WORDS - j) / HC128_BLOCK_WORDS;
        if (run > nblocks) {
            run = nblocks;
        }
        if (s->counter < HC128_TABLE_WORDS) {
            hc128_run_p(s->p, s->q, j, out, run);
        } else {
            hc128_run_q(s->q, s->p, j, out, run);
        }
        s->counter = (s->counter + (uint32_t)(HC128_BLOCK_WORDS * run)) &
                     (HC128_CYCLE - 1u);
        out += 4u * HC128_BLOCK_WORDS * run;
        nblocks -= run;
    }
}

void hc128_init(hc128_state *s, const uint8_t key[HC128_KEY_BYTES]) {
    /* W_0 .. W_1279; P = W_256..W_767, Q = W_768..W_1279. */
    uint32_t w[256u + 2u * HC128_TABLE_WORDS];
    uint32_t i;

    memset(s, 0, sizeof *s);
    for (i = 0; i < 4; i++) {
        w[i] = w[i + 4] = cr_load32_le(key + 4 * i);            /* K */
        w[i + 8] = w[i + 12] = cr_load32_le(key + 16 + 4 * i);  /* IV */
    }
    for (i = 16; i < 256u + 2u * HC128_TABLE_WORDS; i++) {
        w[i] = hc128_f2(w[i - 2]) + w[i - 7] + hc128_f1(w[i - 15]) +
               w[i - 16] + i;
    }
    memcpy(s->p, w + 256, sizeof s->p);
    memcpy(s->q, w + 768, sizeof s->q);
    cr_wipe(w, sizeof w);

    /* 1024 steps whose outputs are fed back into the tables:
     * T[j] = (T[j] + g(...)) ^ h(T[j-12]), later steps seeing the result.
     * Not the keystream block function: there a word is read back (as
     * T[j-3] etc.) before its output is known. */
    for (i = 0; i < HC128_TABLE_WORDS; i++) {
        s->p[i] = (s->p[i] + hc128_g1(s->p[W(i - 3u)], s->p[W(i - 10u)],
                                      s->p[W(i + 1u)])) ^
                  hc128_h(s->q, s->p[W(i - 12u)]);
    }
    for (i = 0; i < HC128_TABLE_WORDS; i++) {
        s->q[i] = (s->q[i] + hc128_g2(s->q[W(i - 3u)], s->q[W(i - 10u)],
                                      s->q[W(i + 1u)])) ^
                  hc128_h(s->p, s->q[W(i - 12u)]);
    }
    s->counter = 0;
    s->index = HC128_BLOCK_WORDS; /* empty: the first draw generates */
}

/* Wiring to the shared buffered output (common/word_buffer.c). */
CR_WORD_BUFFER_WIRING(hc128, hc128_state, hc128_blocks, buffer,
                      HC128_BLOCK_WORDS, 4u)
CR_WORD_BUFFER32_FILLS(hc128, hc128_state)

int hc128_state_is_valid(const hc128_state *s) {
    return s->counter < HC128_CYCLE && s->counter % HC128_BLOCK_WORDS == 0 &&
           s->index <= HC128_BLOCK_WORDS;
}

void hc128_wipe(hc128_state *s) { cr_wipe(s, sizeof *s); }
