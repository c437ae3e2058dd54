/*
 * AVX-512 ChaCha kernel: sixteen blocks at a time (the lane-parallel
 * template, chacha_lanes.h, over 512-bit vectors).
 *
 * This is the only file compiled with AVX-512 flags, and it uses AVX-512F
 * instructions only; nothing here runs unless the dispatcher has seen
 * AVX-512F on the CPU and ZMM/opmask state saved by the OS.  The state
 * fits in 16 of the 32 ZMM registers.
 *
 * test_chacha.c also compiles this file over a plain-C model of the
 * intrinsics used here (CHACHARAND_AVX512_EMULATION), so any intrinsic added
 * needs a model there.
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

#define CHACHA_LANES_ISA avx512
#define VEC __m512i
#define LANES 16u

#define ADD(a, b) _mm512_add_epi32(a, b)
#define XOR(a, b) _mm512_xor_si512(a, b)
#define BCAST(w) _mm512_set1_epi32((int)(w))

/* Every rotation is one vprold. */
#define ROTL16(x) _mm512_rol_epi32(x, 16)
#define ROTL12(x) _mm512_rol_epi32(x, 12)
#define ROTL8(x) _mm512_rol_epi32(x, 8)
#define ROTL7(x) _mm512_rol_epi32(x, 7)

/* An unsigned compare into a mask, then an add of one under it. */
#define LANE_COUNTERS(ctr, lo, hi)                                         \
    do {                                                                   \
        const __m512i lo0_ = BCAST((uint32_t)(ctr));                       \
        const __m512i hi0_ = BCAST((uint32_t)((ctr) >> 32));               \
        lo = ADD(lo0_, _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, \
                                         11, 12, 13, 14, 15));             \
        hi = _mm512_mask_add_epi32(hi0_, _mm512_cmplt_epu32_mask(lo, lo0_), \
                                   hi0_, BCAST(1));                        \
    } while (0)

/*
 * The 16 x 16 word matrix back to block order: TRANSPOSE4 of each group of
 * four rows, a 4 x 4 transpose of 32-bit words inside each 128-bit lane,
 * after which lane L of g0 (words 0-3), g1 (4-7), g2 (8-11), g3 (12-15)
 * belongs to block 4L + j for the j-th row of the groups.  STORE_COLUMN
 * gathers the four lanes of each such block (a 4 x 4 transpose of 128-bit
 * lanes, two rounds of vshufi32x4) and stores blocks j, 4+j, 8+j, 12+j,
 * those below `n` only: a short last batch is written in place.
 */
#define UNPACKLO32(a, b) _mm512_unpacklo_epi32(a, b)
#define UNPACKHI32(a, b) _mm512_unpackhi_epi32(a, b)
#define UNPACKLO64(a, b) _mm512_unpacklo_epi64(a, b)
#define UNPACKHI64(a, b) _mm512_unpackhi_epi64(a, b)
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
#define STORE_FIRST_BLOCKS(out, n, x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, \
                           x10, x11, x12, x13, x14, x15)                    \
    do {                                                                    \
        TRANSPOSE4(x0, x1, x2, x3);                                         \
        TRANSPOSE4(x4, x5, x6, x7);                                         \
        TRANSPOSE4(x8, x9, x10, x11);                                       \
        TRANSPOSE4(x12, x13, x14, x15);                                     \
        STORE_COLUMN(out, 0, n, x0, x4, x8, x12);                           \
        STORE_COLUMN(out, 1, n, x1, x5, x9, x13);                           \
        STORE_COLUMN(out, 2, n, x2, x6, x10, x14);                          \
        STORE_COLUMN(out, 3, n, x3, x7, x11, x15);                          \
    } while (0)

/* ChaCha8Rand's order (chacha_lanes.h): 128-bit lane g of the rows is
 * group g of four blocks.  STORE_COLUMN's 4 x 4 transpose of 128-bit lanes
 * puts lane g of four consecutive rows together, which is 64 consecutive
 * bytes of group g: stored at 256 g, as STORE_COLUMN does with j = 0. */
#define CHACHA8RAND_STORE(out, x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10,  \
                          x11, x12, x13, x14, x15)                          \
    do {                                                                    \
        STORE_COLUMN((out) + 0 * 64, 0, 16, x0, x1, x2, x3);                \
        STORE_COLUMN((out) + 1 * 64, 0, 16, x4, x5, x6, x7);                \
        STORE_COLUMN((out) + 2 * 64, 0, 16, x8, x9, x10, x11);              \
        STORE_COLUMN((out) + 3 * 64, 0, 16, x12, x13, x14, x15);            \
    } while (0)

#include "chacha_lanes.h"
