/*
 * AVX-512 kernels of the counter-based methods: eight float64 elements at
 * a time (the template chacha_counter_lanes.h over 512-bit vectors), with
 * AVX-512F instructions only.  -mavx512f lets the compiler use FMA too:
 * contraction is off for this file as for every core file, and the
 * template's operations are separate multiplies and adds.  Nothing here
 * runs unless the dispatcher has seen AVX-512F on the CPU and its register
 * state saved by the OS.
 *
 * tests/c/test_counter.c also compiles this file over a plain-C model of
 * the intrinsics used here (CHACHARAND_AVX512_EMULATION), so any intrinsic
 * added needs a model there.
 */
#if !defined(CHACHARAND_AVX512_EMULATION)
#include <immintrin.h>
#endif

#include "chacha_counter_simd.h"

#define CR_COUNTER_ISA avx512
/* Every method of the template: AVX2's four lanes already win them all. */
#define CR_COUNTER_UNIT_KERNELS 1
#define CR_COUNTER_INTEGER_KERNELS 1
#define LANES 8
#define VD __m512d
#define VI __m512i
#define VM __mmask8

#define D_SET(x) _mm512_set1_pd(x)
#define I_SET(x) _mm512_set1_epi64((long long)(x))
#define D_ADD(a, b) _mm512_add_pd(a, b)
#define D_SUB(a, b) _mm512_sub_pd(a, b)
#define D_MUL(a, b) _mm512_mul_pd(a, b)
#define D_DIV(a, b) _mm512_div_pd(a, b)
#define D_SQRT(a) _mm512_sqrt_pd(a)
#define I_ADD(a, b) _mm512_add_epi64(a, b)
#define I_SUB(a, b) _mm512_sub_epi64(a, b)
#define I_AND(a, b) _mm512_and_si512(a, b)
#define I_OR(a, b) _mm512_or_si512(a, b)
#define I_XOR(a, b) _mm512_xor_si512(a, b)
#define I_SRL(a, n) _mm512_srl_epi64(a, _mm_cvtsi32_si128(n))
#define I_SLL(a, n) _mm512_sll_epi64(a, _mm_cvtsi32_si128(n))
#define D_AS_I(d) _mm512_castpd_si512(d)
#define I_AS_D(i) _mm512_castsi512_pd(i)
#define D_GT(a, b) _mm512_cmp_pd_mask(a, b, _CMP_GT_OQ)
#define I_EQ(a, b) _mm512_cmpeq_epi64_mask(a, b)
#define D_SELECT(m, a, b) _mm512_mask_blend_pd(m, a, b)
#define I_WHERE(m, a) _mm512_maskz_mov_epi64(m, a)
#define I_LOAD64(w) _mm512_loadu_si512((const void *)(w))
CR_FORCE_INLINE void avx512_load_pairs(const uint32_t *w, __m512i *a,
                                       __m512i *b) {
    __m512i v0 = I_LOAD64(w), v1 = I_LOAD64(w + 16);
    /* Indices 0-7 pick v0's u64 lanes, 8-15 v1's. */
    *a = _mm512_permutex2var_epi64(
        v0, _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), v1);
    *b = _mm512_permutex2var_epi64(
        v0, _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1), v1);
}
#define I_LOAD64_PAIRS(w, a, b) avx512_load_pairs(w, a, b)
#define I_LOAD32(w) \
    _mm512_cvtepu32_epi64(_mm256_loadu_si256((const __m256i *)(const void *)(w)))
#define I_MUL32(a, b) _mm512_mul_epu32(a, b)
#define I_STORE(out, i) _mm512_storeu_si512((void *)(out), i)
#define D_STORE(out, d) _mm512_storeu_pd(out, d)
/* vcvtpd2ps rounds by MXCSR, to nearest unless changed, as the scalar
 * cvtsd2ss of the portable code does. */
#define D_STORE_F32(out, d) _mm256_storeu_ps(out, _mm512_cvtpd_ps(d))

#include "chacha_counter_lanes.h"
