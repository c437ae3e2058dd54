/*
 * HC-128 generator: key setup, block function and bulk output.
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

/* Wrap an index that can leave 0..511 (j - n near the table start, j + 16
 * at its end); indices that cannot wrap are left unmasked. */
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
 * One keystream step k of a block: t is the table being updated (P or Q),
 * u the other one.  j - 511 is j + 1 modulo 512: it reads the word of t
 * that this cycle has not updated yet.
 */
#define HC128_STEP(g, k, jm12, jm10, jm3, j, jp1)                    \
    do {                                                             \
        uint32_t v_ = t[j] + g(t[jm3], t[jm10], t[jp1]);             \
        t[j] = v_;                                                   \
        out[k] = hc128_h(u, t[jm12]) ^ v_;                           \
    } while (0)

/*
 * Sixteen steps from j (a multiple of 16, 0..496).  Unrolled so that every
 * offset is a constant; only the offsets that can leave the table are
 * masked (those reaching back before j for the first steps, and j + 16).
 */
#define HC128_SIXTEEN_STEPS(g)                                                \
    HC128_STEP(g, 0, W(j - 12u), W(j - 10u), W(j - 3u), j, j + 1u);           \
    HC128_STEP(g, 1, W(j - 11u), W(j - 9u), W(j - 2u), j + 1u, j + 2u);       \
    HC128_STEP(g, 2, W(j - 10u), W(j - 8u), W(j - 1u), j + 2u, j + 3u);       \
    HC128_STEP(g, 3, W(j - 9u), W(j - 7u), j, j + 3u, j + 4u);                \
    HC128_STEP(g, 4, W(j - 8u), W(j - 6u), j + 1u, j + 4u, j + 5u);           \
    HC128_STEP(g, 5, W(j - 7u), W(j - 5u), j + 2u, j + 5u, j + 6u);           \
    HC128_STEP(g, 6, W(j - 6u), W(j - 4u), j + 3u, j + 6u, j + 7u);           \
    HC128_STEP(g, 7, W(j - 5u), W(j - 3u), j + 4u, j + 7u, j + 8u);           \
    HC128_STEP(g, 8, W(j - 4u), W(j - 2u), j + 5u, j + 8u, j + 9u);           \
    HC128_STEP(g, 9, W(j - 3u), W(j - 1u), j + 6u, j + 9u, j + 10u);          \
    HC128_STEP(g, 10, W(j - 2u), j, j + 7u, j + 10u, j + 11u);                \
    HC128_STEP(g, 11, W(j - 1u), j + 1u, j + 8u, j + 11u, j + 12u);           \
    HC128_STEP(g, 12, j, j + 2u, j + 9u, j + 12u, j + 13u);                   \
    HC128_STEP(g, 13, j + 1u, j + 3u, j + 10u, j + 13u, j + 14u);             \
    HC128_STEP(g, 14, j + 2u, j + 4u, j + 11u, j + 14u, j + 15u);             \
    HC128_STEP(g, 15, j + 3u, j + 5u, j + 12u, j + 15u, W(j + 16u))

/* Two functions rather than one with a branch per step: g1/g2 and the
 * table roles are fixed inside each. */
static void hc128_steps_p(uint32_t *HC128_RESTRICT t,
                          const uint32_t *HC128_RESTRICT u, uint32_t j,
                          uint32_t *HC128_RESTRICT out) {
    HC128_SIXTEEN_STEPS(hc128_g1);
}

static void hc128_steps_q(uint32_t *HC128_RESTRICT t,
                          const uint32_t *HC128_RESTRICT u, uint32_t j,
                          uint32_t *HC128_RESTRICT out) {
    HC128_SIXTEEN_STEPS(hc128_g2);
}

/* The next 16 keystream words to `out` (which must not overlap the tables). */
static void hc128_block(hc128_state *s, uint32_t *out) {
    uint32_t j = s->counter & HC128_MASK;
    if (s->counter < HC128_TABLE_WORDS) {
        hc128_steps_p(s->p, s->q, j, out);
    } else {
        hc128_steps_q(s->q, s->p, j, out);
    }
    s->counter = (s->counter + HC128_BLOCK_WORDS) & (HC128_CYCLE - 1u);
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

void hc128_refill(hc128_state *s) {
    hc128_block(s, s->buffer);
    s->index = 0;
}

int hc128_state_is_valid(const hc128_state *s) {
    return s->counter < HC128_CYCLE && s->counter % HC128_BLOCK_WORDS == 0 &&
           s->index <= HC128_BLOCK_WORDS;
}

/* Buffered words first, then whole blocks straight into `out`, then the
 * tail through the buffer. */
void hc128_fill_uint32(hc128_state *s, uint32_t *out, size_t n) {
    size_t take = HC128_BLOCK_WORDS - s->index;
    if (n == 0) {
        return;
    }
    if (take > n) {
        take = n;
    }
    memcpy(out, s->buffer + s->index, take * sizeof *out);
    s->index += (uint32_t)take;
    out += take;
    n -= take;
    while (n >= HC128_BLOCK_WORDS) {
        hc128_block(s, out);
        out += HC128_BLOCK_WORDS;
        n -= HC128_BLOCK_WORDS;
    }
    if (n > 0) {
        hc128_refill(s);
        memcpy(out, s->buffer, n * sizeof *out);
        s->index = (uint32_t)n;
    }
}

/* Pairs of words combined in registers (writing 32-bit words into a
 * uint64_t array would break aliasing rules and depend on endianness).
 * A pair that straddles a refill goes through next_uint64. */
void hc128_fill_uint64(hc128_state *s, uint64_t *out, size_t n) {
    while (n > 0) {
        size_t avail = HC128_BLOCK_WORDS - s->index;
        size_t take, i;
        const uint32_t *w;
        if (avail < 2) {
            *out++ = hc128_next_uint64(s);
            n--;
            continue;
        }
        take = avail / 2 < n ? avail / 2 : n;
        w = s->buffer + s->index;
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
void hc128_fill_bytes(hc128_state *s, uint8_t *out, size_t nbytes) {
    while (nbytes >= 4) {
        size_t take, i;
        if (s->index >= HC128_BLOCK_WORDS) {
            hc128_refill(s);
        }
        take = HC128_BLOCK_WORDS - s->index;
        if (take > nbytes / 4) {
            take = nbytes / 4;
        }
        for (i = 0; i < take; i++) {
            cr_store32_le(out + 4 * i, s->buffer[s->index + i]);
        }
        s->index += (uint32_t)take;
        out += 4 * take;
        nbytes -= 4 * take;
    }
    if (nbytes > 0) {
        uint8_t last[4];
        cr_store32_le(last, hc128_next_uint32(s));
        memcpy(out, last, nbytes);
        cr_wipe(last, sizeof last);
    }
}

void hc128_wipe(hc128_state *s) { cr_wipe(s, sizeof *s); }
