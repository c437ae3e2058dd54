/*
 * SSE2 ChaCha kernel: four blocks at a time.
 *
 * This is the only file compiled with SSE2 flags (a no-op on x86-64, where
 * SSE2 is part of the base instruction set; needed on 32-bit x86).
 *
 * Layout: vector x[i] holds word i of four consecutive blocks, block k of
 * the batch in 32-bit lane k, so the rounds are lane-wise arithmetic with no
 * shuffling between rounds.  SSE2 has no byte shuffle: the rotation by 16
 * swaps the 16-bit halves of each word (pshuflw + pshufhw), the others are
 * two shifts and an or.  At the end a 4 x 4 transpose of each group of four
 * rows gives 16 bytes of each block.
 */
#include <emmintrin.h>

/* This file defines the kernels declared under this macro; the build
 * defines it for the dispatcher when the file is compiled in. */
#if !defined(CHACHARAND_HAVE_SSE2)
#define CHACHARAND_HAVE_SSE2 1
#endif
#include "chacha_kernels.h"

#include "../common/wipe.h"

#define LANES 4u

#define ADD(a, b) _mm_add_epi32(a, b)
#define XOR(a, b) _mm_xor_si128(a, b)
#define ROT16(x) _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0xB1), 0xB1)
#define ROTS(x, n) _mm_or_si128(_mm_slli_epi32(x, n), _mm_srli_epi32(x, 32 - (n)))
#define ROT8(x) ROTS(x, 8)

/* Four quarter rounds side by side, step by step, for instruction-level
 * parallelism. */
#define QUARTER_ROUNDS(a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3,   \
                       b3, c3, d3)                                            \
    do {                                                                      \
        a0 = ADD(a0, b0); a1 = ADD(a1, b1); a2 = ADD(a2, b2); a3 = ADD(a3, b3); \
        d0 = XOR(d0, a0); d1 = XOR(d1, a1); d2 = XOR(d2, a2); d3 = XOR(d3, a3); \
        d0 = ROT16(d0); d1 = ROT16(d1); d2 = ROT16(d2); d3 = ROT16(d3);       \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1); c2 = ADD(c2, d2); c3 = ADD(c3, d3); \
        b0 = XOR(b0, c0); b1 = XOR(b1, c1); b2 = XOR(b2, c2); b3 = XOR(b3, c3); \
        b0 = ROTS(b0, 12); b1 = ROTS(b1, 12); b2 = ROTS(b2, 12);              \
        b3 = ROTS(b3, 12);                                                    \
        a0 = ADD(a0, b0); a1 = ADD(a1, b1); a2 = ADD(a2, b2); a3 = ADD(a3, b3); \
        d0 = XOR(d0, a0); d1 = XOR(d1, a1); d2 = XOR(d2, a2); d3 = XOR(d3, a3); \
        d0 = ROT8(d0); d1 = ROT8(d1); d2 = ROT8(d2); d3 = ROT8(d3);           \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1); c2 = ADD(c2, d2); c3 = ADD(c3, d3); \
        b0 = XOR(b0, c0); b1 = XOR(b1, c1); b2 = XOR(b2, c2); b3 = XOR(b3, c3); \
        b0 = ROTS(b0, 7); b1 = ROTS(b1, 7); b2 = ROTS(b2, 7); b3 = ROTS(b3, 7); \
    } while (0)

#define STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)

/*
 * Rows r0..r3 hold words w..w+3 of the four blocks; transpose them and write
 * bytes 4w..4w+15 of each block.
 */
#define STORE_QUARTER(out, r0, r1, r2, r3)             \
    do {                                               \
        __m128i t0_ = _mm_unpacklo_epi32(r0, r1);      \
        __m128i t1_ = _mm_unpacklo_epi32(r2, r3);      \
        __m128i t2_ = _mm_unpackhi_epi32(r0, r1);      \
        __m128i t3_ = _mm_unpackhi_epi32(r2, r3);      \
        STOREU((out) + 0 * 64, _mm_unpacklo_epi64(t0_, t1_)); \
        STOREU((out) + 1 * 64, _mm_unpackhi_epi64(t0_, t1_)); \
        STOREU((out) + 2 * 64, _mm_unpacklo_epi64(t2_, t3_)); \
        STOREU((out) + 3 * 64, _mm_unpackhi_epi64(t2_, t3_)); \
    } while (0)

#define BCAST(i) _mm_set1_epi32((int)input[i])

/* Four blocks, counters ctr .. ctr+3 (mod 2^64), to out[0..255]. */
CR_FORCE_INLINE void chacha_sse2_x4(const uint32_t input[16], uint64_t ctr,
                                    uint8_t *out, const int rounds) {
    /* Lane counters: the low words wrap modulo 2^32, and a lane whose low
     * word wrapped carries one into its high word.  SSE2 has no unsigned
     * compare, so both sides are biased by 2^31 for a signed one. */
    const __m128i bias = _mm_set1_epi32((int)0x80000000u);
    const __m128i lo0 = _mm_set1_epi32((int)(uint32_t)ctr);
    const __m128i ctr_lo = ADD(lo0, _mm_setr_epi32(0, 1, 2, 3));
    const __m128i carry = _mm_cmpgt_epi32(XOR(lo0, bias), XOR(ctr_lo, bias));
    const __m128i ctr_hi =
        _mm_sub_epi32(_mm_set1_epi32((int)(uint32_t)(ctr >> 32)), carry);
    __m128i x0 = BCAST(0), x1 = BCAST(1), x2 = BCAST(2), x3 = BCAST(3);
    __m128i x4 = BCAST(4), x5 = BCAST(5), x6 = BCAST(6), x7 = BCAST(7);
    __m128i x8 = BCAST(8), x9 = BCAST(9), x10 = BCAST(10), x11 = BCAST(11);
    __m128i x12 = ctr_lo, x13 = ctr_hi, x14 = BCAST(14), x15 = BCAST(15);
    int i;

    for (i = 0; i < rounds; i += 2) {
        QUARTER_ROUNDS(x0, x4, x8, x12, x1, x5, x9, x13, x2, x6, x10, x14, x3,
                       x7, x11, x15);
        QUARTER_ROUNDS(x0, x5, x10, x15, x1, x6, x11, x12, x2, x7, x8, x13,
                       x3, x4, x9, x14);
    }

    x0 = ADD(x0, BCAST(0));
    x1 = ADD(x1, BCAST(1));
    x2 = ADD(x2, BCAST(2));
    x3 = ADD(x3, BCAST(3));
    STORE_QUARTER(out, x0, x1, x2, x3);
    x4 = ADD(x4, BCAST(4));
    x5 = ADD(x5, BCAST(5));
    x6 = ADD(x6, BCAST(6));
    x7 = ADD(x7, BCAST(7));
    STORE_QUARTER(out + 16, x4, x5, x6, x7);
    x8 = ADD(x8, BCAST(8));
    x9 = ADD(x9, BCAST(9));
    x10 = ADD(x10, BCAST(10));
    x11 = ADD(x11, BCAST(11));
    STORE_QUARTER(out + 32, x8, x9, x10, x11);
    x12 = ADD(x12, ctr_lo);
    x13 = ADD(x13, ctr_hi);
    x14 = ADD(x14, BCAST(14));
    x15 = ADD(x15, BCAST(15));
    STORE_QUARTER(out + 48, x12, x13, x14, x15);
}

CR_FORCE_INLINE void chacha_blocks_sse2(const uint32_t input[16],
                                        uint8_t *out, size_t nblocks,
                                        const int rounds) {
    uint64_t ctr = (uint64_t)input[12] | ((uint64_t)input[13] << 32);

    for (; nblocks >= LANES; nblocks -= LANES) {
        chacha_sse2_x4(input, ctr, out, rounds);
        ctr += LANES;
        out += LANES * CHACHA_BLOCK_BYTES;
    }
    if (nblocks > 0) {
        /* A short batch goes through a scratch buffer. */
        CR_ALIGN(16) uint8_t tmp[LANES * CHACHA_BLOCK_BYTES];
        chacha_sse2_x4(input, ctr, tmp, rounds);
        memcpy(out, tmp, nblocks * CHACHA_BLOCK_BYTES);
        cr_wipe(tmp, sizeof tmp);
    }
}

void chacha8_blocks_sse2(const uint32_t input[16], uint8_t *out,
                         size_t nblocks) {
    chacha_blocks_sse2(input, out, nblocks, 8);
}

void chacha12_blocks_sse2(const uint32_t input[16], uint8_t *out,
                          size_t nblocks) {
    chacha_blocks_sse2(input, out, nblocks, 12);
}

void chacha20_blocks_sse2(const uint32_t input[16], uint8_t *out,
                          size_t nblocks) {
    chacha_blocks_sse2(input, out, nblocks, 20);
}
