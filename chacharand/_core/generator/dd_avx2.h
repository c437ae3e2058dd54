/*
 * Double-double arithmetic, four lanes at a time with AVX2 and FMA: the
 * helpers of pow_avx2.c and log_avx2.c (kernel files, compiled with the
 * avx2 flags; the functions name the fma target themselves).
 */
#ifndef CHACHARAND_DD_AVX2_H
#define CHACHARAND_DD_AVX2_H

#include <immintrin.h>
#include <math.h>
#include <stdint.h>

#include "../common/compiler.h"
#include "pow_shortcut.h"

#if CRG_POW_SHORTCUT

#define CRG_AVX2_FMA __attribute__((target("avx2,fma")))
#define CRG_V1(c) _mm256_set1_pd(c)
#define CRG_I1(c) _mm256_set1_epi64x((long long)(c))

/* a + b = s + *e exactly (Knuth's TwoSum). */
CRG_AVX2_FMA CR_FORCE_INLINE __m256d crg_two_sum4(__m256d a, __m256d b,
                                                  __m256d *e) {
    const __m256d s = _mm256_add_pd(a, b);
    const __m256d bb = _mm256_sub_pd(s, a);
    *e = _mm256_add_pd(_mm256_sub_pd(a, _mm256_sub_pd(s, bb)),
                       _mm256_sub_pd(b, bb));
    return s;
}

/* a + b = s + *e exactly where |a| >= |b| or a = 0 (Dekker's Fast2Sum). */
CRG_AVX2_FMA CR_FORCE_INLINE __m256d crg_fast_two_sum4(__m256d a, __m256d b,
                                                       __m256d *e) {
    const __m256d s = _mm256_add_pd(a, b);
    *e = _mm256_sub_pd(b, _mm256_sub_pd(s, a));
    return s;
}

/* The four lanes of an index vector, to load table rows by (from the
 * register: a store and four loads would wait for the store). */
CRG_AVX2_FMA CR_FORCE_INLINE void crg_lanes4(__m256i index,
                                             int64_t lane[4]) {
    const __m128i low = _mm256_castsi256_si128(index);
    const __m128i high = _mm256_extracti128_si256(index, 1);
    lane[0] = _mm_cvtsi128_si64(low);
    lane[1] = _mm_extract_epi64(low, 1);
    lane[2] = _mm_cvtsi128_si64(high);
    lane[3] = _mm_extract_epi64(high, 1);
}

/* |v| */
CRG_AVX2_FMA CR_FORCE_INLINE __m256d crg_abs4(__m256d v) {
    return _mm256_andnot_pd(CRG_V1(-0.0), v);
}

/* The double r nearest hi + lo where the C library's answer is sure to
 * be it (pow_shortcut.h), NaN elsewhere.  Sure: hi + lo lies within CRG_POW_SURE_ULPS of r,
 * that is, r + (hi + lo - r) * 0.5 / CRG_POW_SURE_ULPS still rounds to r
 * (which takes the closer doubles below a power of two into account). */
CRG_AVX2_FMA CR_FORCE_INLINE __m256d crg_nearest_if_sure4(__m256d hi,
                                                          __m256d lo) {
    __m256d gap;
    const __m256d r = crg_two_sum4(hi, lo, &gap);
    const __m256d pushed =
        _mm256_fmadd_pd(gap, CRG_V1(0.5 / CRG_POW_SURE_ULPS), r);
    return _mm256_blendv_pd(CRG_V1(NAN), r,
                            _mm256_cmp_pd(pushed, r, _CMP_EQ_OQ));
}

/* Whether x is a positive normal double. */
CRG_AVX2_FMA CR_FORCE_INLINE __m256d crg_positive_normal4(__m256d x) {
    return _mm256_and_pd(
        _mm256_cmp_pd(x, CRG_V1(0x1p-1022), _CMP_GE_OQ),
        _mm256_cmp_pd(x, CRG_V1(0x1.fffffffffffffp1023), _CMP_LE_OQ));
}

#endif /* CRG_POW_SHORTCUT */

#endif /* CHACHARAND_DD_AVX2_H */
