/*
 * SSE2 kernels of the counter-based methods: two float64 elements at a
 * time (the template chacha_counter_lanes.h over 128-bit vectors).
 * Compiled with SSE2 flags only (no FMA), contraction off.
 */
#include <emmintrin.h>

#include "chacha_counter_simd.h"

#define CR_COUNTER_ISA sse2
/* Two lanes do not beat the scalar conversions of random and uniform
 * (cvtsi2sd); they do beat the scalar multiply-high of integers. */
#define CR_COUNTER_UNIT_KERNELS 0
#define CR_COUNTER_INTEGER_KERNELS 1
#define LANES 2
#define VD __m128d
#define VI __m128i
#define VM __m128d

#define D_SET(x) _mm_set1_pd(x)
#define I_SET(x) _mm_set1_epi64x((long long)(x))
#define D_ADD(a, b) _mm_add_pd(a, b)
#define D_SUB(a, b) _mm_sub_pd(a, b)
#define D_MUL(a, b) _mm_mul_pd(a, b)
#define D_DIV(a, b) _mm_div_pd(a, b)
#define D_SQRT(a) _mm_sqrt_pd(a)
#define I_ADD(a, b) _mm_add_epi64(a, b)
#define I_SUB(a, b) _mm_sub_epi64(a, b)
#define I_AND(a, b) _mm_and_si128(a, b)
#define I_OR(a, b) _mm_or_si128(a, b)
#define I_XOR(a, b) _mm_xor_si128(a, b)
#define I_SRL(a, n) _mm_srl_epi64(a, _mm_cvtsi32_si128(n))
#define I_SLL(a, n) _mm_sll_epi64(a, _mm_cvtsi32_si128(n))
#define D_AS_I(d) _mm_castpd_si128(d)
#define I_AS_D(i) _mm_castsi128_pd(i)
#define D_GT(a, b) _mm_cmpgt_pd(a, b)
#define D_SELECT(m, a, b) \
    _mm_or_pd(_mm_and_pd(m, b), _mm_andnot_pd(m, a))
#define I_WHERE(m, a) _mm_and_si128(_mm_castpd_si128(m), a)
/* SSE2 compares 32-bit lanes only: a 64-bit lane is equal when both of
 * its halves are. */
CR_FORCE_INLINE __m128d sse2_eq64(__m128i a, __m128i b) {
    __m128i c = _mm_cmpeq_epi32(a, b);
    return _mm_castsi128_pd(
        _mm_and_si128(c, _mm_shuffle_epi32(c, _MM_SHUFFLE(2, 3, 0, 1))));
}
#define I_EQ(a, b) sse2_eq64(a, b)
#define I_LOAD64(w) _mm_loadu_si128((const __m128i *)(const void *)(w))
CR_FORCE_INLINE void sse2_load_pairs(const uint32_t *w, __m128i *a,
                                     __m128i *b) {
    __m128i v0 = I_LOAD64(w), v1 = I_LOAD64(w + 4); /* [a0 b0], [a1 b1] */
    *a = _mm_unpacklo_epi64(v0, v1);
    *b = _mm_unpackhi_epi64(v0, v1);
}
#define I_LOAD64_PAIRS(w, a, b) sse2_load_pairs(w, a, b)
#define I_LOAD32(w)                                                         \
    _mm_unpacklo_epi32(_mm_loadl_epi64((const __m128i *)(const void *)(w)), \
                       _mm_setzero_si128())
#define I_MUL32(a, b) _mm_mul_epu32(a, b)
#define I_STORE(out, i) _mm_storeu_si128((__m128i *)(void *)(out), i)
#define D_STORE(out, d) _mm_storeu_pd(out, d)
/* cvtpd2ps rounds by MXCSR, to nearest unless changed, as the scalar
 * cvtsd2ss of the portable code does. */
#define D_STORE_F32(out, d) \
    _mm_storel_pi((__m64 *)(void *)(out), _mm_cvtpd_ps(d))

#include "chacha_counter_lanes.h"
