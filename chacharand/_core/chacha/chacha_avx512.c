/*
 * AVX-512 ChaCha kernel: sixteen blocks at a time.
 *
 * This is the only file compiled with AVX-512 flags, and it uses AVX-512F
 * instructions only; nothing here runs unless the dispatcher has seen
 * AVX-512F on the CPU and ZMM/opmask state saved by the OS.
 *
 * Layout: vector x[i] holds word i of sixteen consecutive blocks, block k of
 * the batch in 32-bit lane k; the whole state fits in 16 of the 32 ZMM
 * registers.  Every rotation is one vprold.  At the end the 16 x 16 word
 * matrix is transposed back to block order: a 4 x 4 transpose of 32-bit
 * words inside each 128-bit lane, then a 4 x 4 transpose of 128-bit lanes
 * (two rounds of vshufi32x4), after which each vector is one whole block.
 */
#if !defined(CHACHARAND_AVX512_EMULATION)
#include <immintrin.h>
#endif

/* This file defines the kernels declared under this macro; the build
 * defines it for the dispatcher when the file is compiled in. */
#if !defined(CHACHARAND_HAVE_AVX512)
#define CHACHARAND_HAVE_AVX512 1
#endif
#include "chacha_kernels.h"

#define LANES 16u

#define ADD(a, b) _mm512_add_epi32(a, b)
#define XOR(a, b) _mm512_xor_si512(a, b)
#define ROT(x, n) _mm512_rol_epi32(x, n)

/* Four quarter rounds side by side, step by step, for instruction-level
 * parallelism. */
#define QUARTER_ROUNDS(a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3,   \
                       b3, c3, d3)                                            \
    do {                                                                      \
        a0 = ADD(a0, b0); a1 = ADD(a1, b1); a2 = ADD(a2, b2); a3 = ADD(a3, b3); \
        d0 = XOR(d0, a0); d1 = XOR(d1, a1); d2 = XOR(d2, a2); d3 = XOR(d3, a3); \
        d0 = ROT(d0, 16); d1 = ROT(d1, 16); d2 = ROT(d2, 16); d3 = ROT(d3, 16); \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1); c2 = ADD(c2, d2); c3 = ADD(c3, d3); \
        b0 = XOR(b0, c0); b1 = XOR(b1, c1); b2 = XOR(b2, c2); b3 = XOR(b3, c3); \
        b0 = ROT(b0, 12); b1 = ROT(b1, 12); b2 = ROT(b2, 12); b3 = ROT(b3, 12); \
        a0 = ADD(a0, b0); a1 = ADD(a1, b1); a2 = ADD(a2, b2); a3 = ADD(a3, b3); \
        d0 = XOR(d0, a0); d1 = XOR(d1, a1); d2 = XOR(d2, a2); d3 = XOR(d3, a3); \
        d0 = ROT(d0, 8); d1 = ROT(d1, 8); d2 = ROT(d2, 8); d3 = ROT(d3, 8);   \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1); c2 = ADD(c2, d2); c3 = ADD(c3, d3); \
        b0 = XOR(b0, c0); b1 = XOR(b1, c1); b2 = XOR(b2, c2); b3 = XOR(b3, c3); \
        b0 = ROT(b0, 7); b1 = ROT(b1, 7); b2 = ROT(b2, 7); b3 = ROT(b3, 7);   \
    } while (0)

/* In each 128-bit lane: rows a, b, c, d become columns. */
#define TRANSPOSE4(a, b, c, d)                     \
    do {                                           \
        __m512i t0_ = _mm512_unpacklo_epi32(a, b); \
        __m512i t1_ = _mm512_unpacklo_epi32(c, d); \
        __m512i t2_ = _mm512_unpackhi_epi32(a, b); \
        __m512i t3_ = _mm512_unpackhi_epi32(c, d); \
        a = _mm512_unpacklo_epi64(t0_, t1_);       \
        b = _mm512_unpackhi_epi64(t0_, t1_);       \
        c = _mm512_unpacklo_epi64(t2_, t3_);       \
        d = _mm512_unpackhi_epi64(t2_, t3_);       \
    } while (0)

/*
 * After TRANSPOSE4 of each group of four rows, lane L of g0 (words 0-3),
 * g1 (4-7), g2 (8-11), g3 (12-15) belongs to block 4L + j.  Gather the four
 * lanes of each block (a 4 x 4 transpose of 128-bit lanes) and store blocks
 * j, 4+j, 8+j, 12+j, those below `n` only.
 */
#define STOREU(p, v) _mm512_storeu_si512((void *)(p), v)
#define STORE_COLUMN(out, j, n, g0, g1, g2, g3)                     \
    do {                                                            \
        __m512i s0_ = _mm512_shuffle_i32x4(g0, g1, 0x88);           \
        __m512i s1_ = _mm512_shuffle_i32x4(g0, g1, 0xDD);           \
        __m512i s2_ = _mm512_shuffle_i32x4(g2, g3, 0x88);           \
        __m512i s3_ = _mm512_shuffle_i32x4(g2, g3, 0xDD);           \
        if ((j) < (n)) {                                            \
            STOREU((out) + (j) * 64, _mm512_shuffle_i32x4(s0_, s2_, 0x88)); \
        }                                                           \
        if ((j) + 4 < (n)) {                                        \
            STOREU((out) + ((j) + 4) * 64,                          \
                   _mm512_shuffle_i32x4(s1_, s3_, 0x88));           \
        }                                                           \
        if ((j) + 8 < (n)) {                                        \
            STOREU((out) + ((j) + 8) * 64,                          \
                   _mm512_shuffle_i32x4(s0_, s2_, 0xDD));           \
        }                                                           \
        if ((j) + 12 < (n)) {                                       \
            STOREU((out) + ((j) + 12) * 64,                         \
                   _mm512_shuffle_i32x4(s1_, s3_, 0xDD));           \
        }                                                           \
    } while (0)

#define BCAST(i) _mm512_set1_epi32((int)input[i])

/* Sixteen blocks, counters ctr .. ctr+15 (mod 2^64); the first n of them
 * (1 <= n <= 16) are written to out. */
CR_FORCE_INLINE void chacha_avx512_x16(const uint32_t input[16],
                                       uint64_t ctr, uint8_t *out,
                                       const size_t n, const int rounds) {
    /* Lane counters: the low words wrap modulo 2^32, and a lane whose low
     * word wrapped (became smaller) carries one into its high word. */
    const __m512i lo0 = _mm512_set1_epi32((int)(uint32_t)ctr);
    const __m512i hi0 = _mm512_set1_epi32((int)(uint32_t)(ctr >> 32));
    const __m512i ctr_lo = ADD(
        lo0, _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                               14, 15));
    const __mmask16 carry = _mm512_cmplt_epu32_mask(ctr_lo, lo0);
    const __m512i ctr_hi =
        _mm512_mask_add_epi32(hi0, carry, hi0, _mm512_set1_epi32(1));
    __m512i x0 = BCAST(0), x1 = BCAST(1), x2 = BCAST(2), x3 = BCAST(3);
    __m512i x4 = BCAST(4), x5 = BCAST(5), x6 = BCAST(6), x7 = BCAST(7);
    __m512i x8 = BCAST(8), x9 = BCAST(9), x10 = BCAST(10), x11 = BCAST(11);
    __m512i x12 = ctr_lo, x13 = ctr_hi, x14 = BCAST(14), x15 = BCAST(15);
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
    x4 = ADD(x4, BCAST(4));
    x5 = ADD(x5, BCAST(5));
    x6 = ADD(x6, BCAST(6));
    x7 = ADD(x7, BCAST(7));
    x8 = ADD(x8, BCAST(8));
    x9 = ADD(x9, BCAST(9));
    x10 = ADD(x10, BCAST(10));
    x11 = ADD(x11, BCAST(11));
    x12 = ADD(x12, ctr_lo);
    x13 = ADD(x13, ctr_hi);
    x14 = ADD(x14, BCAST(14));
    x15 = ADD(x15, BCAST(15));

    TRANSPOSE4(x0, x1, x2, x3);
    TRANSPOSE4(x4, x5, x6, x7);
    TRANSPOSE4(x8, x9, x10, x11);
    TRANSPOSE4(x12, x13, x14, x15);
    STORE_COLUMN(out, 0, n, x0, x4, x8, x12);
    STORE_COLUMN(out, 1, n, x1, x5, x9, x13);
    STORE_COLUMN(out, 2, n, x2, x6, x10, x14);
    STORE_COLUMN(out, 3, n, x3, x7, x11, x15);
}

CR_FORCE_INLINE void chacha_blocks_avx512(const uint32_t input[16],
                                          uint8_t *out, size_t nblocks,
                                          const int rounds) {
    uint64_t ctr = (uint64_t)input[12] | ((uint64_t)input[13] << 32);

    for (; nblocks >= LANES; nblocks -= LANES) {
        chacha_avx512_x16(input, ctr, out, LANES, rounds);
        ctr += LANES;
        out += LANES * CHACHA_BLOCK_BYTES;
    }
    if (nblocks > 0) {
        /* A short batch: compute sixteen, store the first nblocks. */
        chacha_avx512_x16(input, ctr, out, nblocks, rounds);
    }
}

void chacha8_blocks_avx512(const uint32_t input[16], uint8_t *out,
                           size_t nblocks) {
    chacha_blocks_avx512(input, out, nblocks, 8);
}

void chacha12_blocks_avx512(const uint32_t input[16], uint8_t *out,
                            size_t nblocks) {
    chacha_blocks_avx512(input, out, nblocks, 12);
}

void chacha20_blocks_avx512(const uint32_t input[16], uint8_t *out,
                            size_t nblocks) {
    chacha_blocks_avx512(input, out, nblocks, 20);
}
