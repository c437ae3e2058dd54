/*
 * SSE2 ChaCha kernel: four blocks at a time (the lane-parallel template,
 * chacha_lanes.h, over 128-bit vectors).
 *
 * This is the only file compiled with SSE2 flags (a no-op on x86-64, where
 * SSE2 is part of the base instruction set; needed on 32-bit x86).
 */
#include <emmintrin.h>

/* This file defines the kernels declared under this macro; the build
 * defines it for the dispatcher when the file is compiled in. */
#if !defined(CHACHARAND_HAVE_SSE2)
#define CHACHARAND_HAVE_SSE2 1
#endif
#include "chacha_kernels.h"

#define CHACHA_LANES_ISA sse2
#define VEC __m128i
#define LANES 4u

#define ADD(a, b) _mm_add_epi32(a, b)
#define XOR(a, b) _mm_xor_si128(a, b)
#define BCAST(w) _mm_set1_epi32((int)(w))

/* SSE2 has no byte shuffle (pshufb is SSSE3): the rotation by 16 swaps the
 * 16-bit halves of each word (pshuflw + pshufhw), the others are two shifts
 * and an or. */
#define ROTL16(x) _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0xB1), 0xB1)
#define ROTL_SHIFTS(x, n) \
    _mm_or_si128(_mm_slli_epi32(x, n), _mm_srli_epi32(x, 32 - (n)))
#define ROTL12(x) ROTL_SHIFTS(x, 12)
#define ROTL8(x) ROTL_SHIFTS(x, 8)
#define ROTL7(x) ROTL_SHIFTS(x, 7)

/* SSE2 has no unsigned compare, so both sides are biased by 2^31 for a
 * signed one; it yields all ones (= -1) in the lanes that wrapped, so
 * subtracting it carries one into the high words. */
#define LANE_COUNTERS(ctr, lo, hi)                                         \
    do {                                                                   \
        const __m128i bias_ = BCAST(0x80000000u);                          \
        const __m128i lo0_ = BCAST((uint32_t)(ctr));                       \
        lo = ADD(lo0_, _mm_setr_epi32(0, 1, 2, 3));                        \
        hi = _mm_sub_epi32(BCAST((uint32_t)((ctr) >> 32)),                 \
                           _mm_cmpgt_epi32(XOR(lo0_, bias_), XOR(lo, bias_))); \
    } while (0)

#define UNPACKLO32(a, b) _mm_unpacklo_epi32(a, b)
#define UNPACKHI32(a, b) _mm_unpackhi_epi32(a, b)
#define UNPACKLO64(a, b) _mm_unpacklo_epi64(a, b)
#define UNPACKHI64(a, b) _mm_unpackhi_epi64(a, b)
#define STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
/* A 128-bit vector is a single lane of TRANSPOSE4: one 4 x 4 transpose. */
#define STORE_QUARTER(out, r0, r1, r2, r3)  \
    do {                                    \
        TRANSPOSE4(r0, r1, r2, r3);         \
        STOREU((out) + 0 * 64, r0);         \
        STOREU((out) + 1 * 64, r1);         \
        STOREU((out) + 2 * 64, r2);         \
        STOREU((out) + 3 * 64, r3);         \
    } while (0)

#define STORE_ROW(out, i, v) STOREU((out) + 16 * (i), v)
/* ChaCha8Rand's order (chacha_lanes.h) is this layout itself: the rows as
 * they are, word i of the four blocks at byte 16 i. */
#define CHACHA8RAND_STORE(out, x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10,  \
                          x11, x12, x13, x14, x15)                          \
    do {                                                                    \
        STORE_ROW(out, 0, x0); STORE_ROW(out, 1, x1);                       \
        STORE_ROW(out, 2, x2); STORE_ROW(out, 3, x3);                       \
        STORE_ROW(out, 4, x4); STORE_ROW(out, 5, x5);                       \
        STORE_ROW(out, 6, x6); STORE_ROW(out, 7, x7);                       \
        STORE_ROW(out, 8, x8); STORE_ROW(out, 9, x9);                       \
        STORE_ROW(out, 10, x10); STORE_ROW(out, 11, x11);                   \
        STORE_ROW(out, 12, x12); STORE_ROW(out, 13, x13);                   \
        STORE_ROW(out, 14, x14); STORE_ROW(out, 15, x15);                   \
    } while (0)

#include "chacha_lanes.h"
