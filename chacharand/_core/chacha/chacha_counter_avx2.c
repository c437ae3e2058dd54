/*
 * AVX2 kernels of the counter-based methods: four float64 elements at a
 * time (the template chacha_counter_lanes.h over 256-bit vectors).
 * Compiled with -mavx2 only (no FMA), contraction off.
 */
#include <immintrin.h>

#include "chacha_counter_simd.h"

#define CR_COUNTER_ISA avx2
/* Four lanes beat the portable loops of every method of the template. */
#define CR_COUNTER_UNIT_KERNELS 1
#define CR_COUNTER_INTEGER_KERNELS 1
#define LANES 4
#define VD __m256d
#define VI __m256i
#define VM __m256d

#define D_SET(x) _mm256_set1_pd(x)
#define I_SET(x) _mm256_set1_epi64x((long long)(x))
#define D_ADD(a, b) _mm256_add_pd(a, b)
#define D_SUB(a, b) _mm256_sub_pd(a, b)
#define D_MUL(a, b) _mm256_mul_pd(a, b)
#define D_DIV(a, b) _mm256_div_pd(a, b)
#define D_SQRT(a) _mm256_sqrt_pd(a)
#define I_ADD(a, b) _mm256_add_epi64(a, b)
#define I_SUB(a, b) _mm256_sub_epi64(a, b)
#define I_AND(a, b) _mm256_and_si256(a, b)
#define I_OR(a, b) _mm256_or_si256(a, b)
#define I_XOR(a, b) _mm256_xor_si256(a, b)
#define I_SRL(a, n) _mm256_srl_epi64(a, _mm_cvtsi32_si128(n))
#define I_SLL(a, n) _mm256_sll_epi64(a, _mm_cvtsi32_si128(n))
#define D_AS_I(d) _mm256_castpd_si256(d)
#define I_AS_D(i) _mm256_castsi256_pd(i)
#define D_GT(a, b) _mm256_cmp_pd(a, b, _CMP_GT_OQ)
#define I_EQ(a, b) _mm256_castsi256_pd(_mm256_cmpeq_epi64(a, b))
#define D_SELECT(m, a, b) _mm256_blendv_pd(a, b, m)
#define I_WHERE(m, a) _mm256_and_si256(_mm256_castpd_si256(m), a)
#define I_LOAD64(w) _mm256_loadu_si256((const __m256i *)(const void *)(w))
CR_FORCE_INLINE void avx2_load_pairs(const uint32_t *w, __m256i *a,
                                     __m256i *b) {
    /* [a0 b0 | a1 b1], [a2 b2 | a3 b3] */
    __m256i v0 = I_LOAD64(w), v1 = I_LOAD64(w + 8);
    __m256i lo = _mm256_unpacklo_epi64(v0, v1); /* [a0 a2 | a1 a3] */
    __m256i hi = _mm256_unpackhi_epi64(v0, v1); /* [b0 b2 | b1 b3] */
    *a = _mm256_permute4x64_epi64(lo, 0xD8);    /* [a0 a1 a2 a3] */
    *b = _mm256_permute4x64_epi64(hi, 0xD8);
}
#define I_LOAD64_PAIRS(w, a, b) avx2_load_pairs(w, a, b)
#define I_LOAD32(w) \
    _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)(const void *)(w)))
#define I_MUL32(a, b) _mm256_mul_epu32(a, b)
#define I_STORE(out, i) _mm256_storeu_si256((__m256i *)(void *)(out), i)
#define D_STORE(out, d) _mm256_storeu_pd(out, d)
/* vcvtpd2ps rounds by MXCSR, to nearest unless changed, as the scalar
 * cvtsd2ss of the portable code does. */
#define D_STORE_F32(out, d) _mm_storeu_ps(out, _mm256_cvtpd_ps(d))

#include "chacha_counter_lanes.h"
