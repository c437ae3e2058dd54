/*
 * AVX2 kernels of the counter-based methods: four float64 elements at a
 * time, bit for bit the portable element functions (chacha_transforms.h).
 *
 * Every floating-point step is the portable code's, in its order, as a
 * vector operation that rounds the same way: add, sub, mul, div and sqrt
 * on packed doubles are correctly rounded like their scalar forms, this
 * file is built without FMA (-mavx2 only, contraction off), and the
 * integer-to-double conversions are exact by construction (values below
 * 2**52 through the 2**52 bias).  Only the bit patterns that the scalar
 * code makes with integer operations (the exponent of k, the quadrant)
 * are made with vector integer operations instead.
 */
#include "chacha_counter_simd.h"

#if defined(__AVX2__)
#include <immintrin.h>

#include "chacha_transforms.h"

#define SET(x) _mm256_set1_pd(x)

/* Exact doubles of unsigned 64-bit lanes below 2**53 + 1: each 32-bit
 * half through the 2**52 bias, then hi * 2**32 + lo (exact: the sum is
 * the integer itself, which a double holds). */
static __m256d u64_to_f64(__m256i k) {
    const __m256i bias_bits = _mm256_set1_epi64x(0x4330000000000000LL);
    const __m256d bias = SET(4503599627370496.0); /* 2**52 */
    __m256i lo = _mm256_and_si256(k, _mm256_set1_epi64x(0xFFFFFFFFLL));
    __m256i hi = _mm256_srli_epi64(k, 32);
    __m256d lo_d = _mm256_sub_pd(
        _mm256_castsi256_pd(_mm256_or_si256(lo, bias_bits)), bias);
    __m256d hi_d = _mm256_sub_pd(
        _mm256_castsi256_pd(_mm256_or_si256(hi, bias_bits)), bias);
    return _mm256_add_pd(_mm256_mul_pd(hi_d, SET(4294967296.0)), lo_d);
}

/* Exact doubles of signed 64-bit lanes of magnitude below 2**51. */
static __m256d small_i64_to_f64(__m256i x) {
    const __m256i magic = _mm256_set1_epi64x(0x4338000000000000LL);
    return _mm256_sub_pd(_mm256_castsi256_pd(_mm256_add_epi64(x, magic)),
                         SET(6755399441055744.0)); /* 2**52 + 2**51 */
}

/* cr_log_fixed(k, bits) in four lanes, 1 <= k <= 2**bits, bits <= 53. */
static __m256d log_fixed4(__m256i k, int bits) {
    const __m256i mantissa = _mm256_set1_epi64x(0x000FFFFFFFFFFFFFLL);
    const __m256i one_bits = _mm256_set1_epi64x(0x3FF0000000000000LL);
    __m256d kd = u64_to_f64(k);
    __m256i kb = _mm256_castpd_si256(kd);
    /* e = floor(log2 k): kd's exponent; m = k * 2**-e in [1, 2), exact
     * (the scalar code's (k << (52 - e)) * 2**-52). */
    __m256i e = _mm256_sub_epi64(_mm256_srli_epi64(kb, 52),
                                 _mm256_set1_epi64x(1023));
    __m256d m = _mm256_castsi256_pd(
        _mm256_or_si256(_mm256_and_si256(kb, mantissa), one_bits));
    __m256i E = _mm256_sub_epi64(e, _mm256_set1_epi64x(bits));
    __m256d big = _mm256_cmp_pd(m, SET(CR_SQRT2), _CMP_GT_OQ);
    __m256d f, s, z, R, hf, Ed, r;
    m = _mm256_blendv_pd(m, _mm256_mul_pd(m, SET(0.5)), big);
    E = _mm256_sub_epi64(E, _mm256_castpd_si256(big)); /* true lanes: -1 */
    Ed = small_i64_to_f64(E);
    f = _mm256_sub_pd(m, SET(1.0));
    s = _mm256_div_pd(f, _mm256_add_pd(SET(2.0), f));
    z = _mm256_mul_pd(s, s);
    R = SET(2.0 / 23.0);
    R = _mm256_add_pd(SET(2.0 / 21.0), _mm256_mul_pd(z, R));
    R = _mm256_add_pd(SET(2.0 / 19.0), _mm256_mul_pd(z, R));
    R = _mm256_add_pd(SET(2.0 / 17.0), _mm256_mul_pd(z, R));
    R = _mm256_add_pd(SET(2.0 / 15.0), _mm256_mul_pd(z, R));
    R = _mm256_add_pd(SET(2.0 / 13.0), _mm256_mul_pd(z, R));
    R = _mm256_add_pd(SET(2.0 / 11.0), _mm256_mul_pd(z, R));
    R = _mm256_add_pd(SET(2.0 / 9.0), _mm256_mul_pd(z, R));
    R = _mm256_add_pd(SET(2.0 / 7.0), _mm256_mul_pd(z, R));
    R = _mm256_add_pd(SET(2.0 / 5.0), _mm256_mul_pd(z, R));
    R = _mm256_add_pd(SET(2.0 / 3.0), _mm256_mul_pd(z, R));
    R = _mm256_mul_pd(z, R);
    hf = _mm256_mul_pd(_mm256_mul_pd(SET(0.5), f), f);
    r = _mm256_sub_pd(
        f, _mm256_sub_pd(hf, _mm256_mul_pd(s, _mm256_add_pd(hf, R))));
    r = _mm256_add_pd(_mm256_mul_pd(Ed, SET(CR_LN2_LO)), r);
    r = _mm256_add_pd(_mm256_mul_pd(Ed, SET(CR_LN2_HI)), r);
    /* k == 2**bits: 0.0, as the scalar code returns. */
    return _mm256_andnot_pd(
        _mm256_castsi256_pd(_mm256_cmpeq_epi64(
            k, _mm256_set1_epi64x((long long)((uint64_t)1 << bits)))),
        r);
}

/* cr_cos_2pi_fixed(t, bits, 2**-(bits-2)) in four lanes, 0 <= t <
 * 2**bits, bits 53 or 32. */
static __m256d cos_2pi4(__m256i t, int bits, double quarter_ulp) {
    const int g = bits - 2;
    __m256i q = _mm256_srl_epi64(
        _mm256_add_epi64(t, _mm256_set1_epi64x((long long)1 << (g - 1))),
        _mm_cvtsi32_si128(g));
    __m256d r = _mm256_mul_pd(
        small_i64_to_f64(_mm256_sub_epi64(t, _mm256_sll_epi64(q, _mm_cvtsi32_si128(g)))),
        SET(quarter_ulp));
    __m256d z = _mm256_mul_pd(r, r), p, sin_q, cos_q, pick, sign;
    __m256i one = _mm256_set1_epi64x(1);
    p = SET(6.0669357311061955e-12);
    p = _mm256_add_pd(SET(-6.688035109811468e-10), _mm256_mul_pd(z, p));
    p = _mm256_add_pd(SET(5.692172921967927e-08), _mm256_mul_pd(z, p));
    p = _mm256_add_pd(SET(-3.598843235212085e-06), _mm256_mul_pd(z, p));
    p = _mm256_add_pd(SET(0.00016044118478735983), _mm256_mul_pd(z, p));
    p = _mm256_add_pd(SET(-0.004681754135318688), _mm256_mul_pd(z, p));
    p = _mm256_add_pd(SET(0.07969262624616705), _mm256_mul_pd(z, p));
    p = _mm256_add_pd(SET(-0.6459640975062463), _mm256_mul_pd(z, p));
    p = _mm256_add_pd(SET(1.5707963267948966), _mm256_mul_pd(z, p));
    sin_q = _mm256_mul_pd(r, p);
    p = SET(-5.294400200734623e-13);
    p = _mm256_add_pd(SET(6.565963114979473e-11), _mm256_mul_pd(z, p));
    p = _mm256_add_pd(SET(-6.386603083791852e-09), _mm256_mul_pd(z, p));
    p = _mm256_add_pd(SET(4.710874778818172e-07), _mm256_mul_pd(z, p));
    p = _mm256_add_pd(SET(-2.5202042373060607e-05), _mm256_mul_pd(z, p));
    p = _mm256_add_pd(SET(0.0009192602748394266), _mm256_mul_pd(z, p));
    p = _mm256_add_pd(SET(-0.02086348076335296), _mm256_mul_pd(z, p));
    p = _mm256_add_pd(SET(0.25366950790104803), _mm256_mul_pd(z, p));
    p = _mm256_add_pd(SET(-1.2337005501361697), _mm256_mul_pd(z, p));
    cos_q = _mm256_add_pd(SET(1.0), _mm256_mul_pd(z, p));
    /* q mod 4 = 0, 1, 2, 3: cos, -sin, -cos, sin.  Odd q takes sin; the
     * sign flips for q mod 4 in {1, 2}, i.e. when bit 0 of (q + 1) >> 1
     * is set (negation is exact: it flips the sign bit). */
    pick = _mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_and_si256(q, one),
                                                  one));
    sign = _mm256_castsi256_pd(_mm256_slli_epi64(
        _mm256_and_si256(_mm256_srli_epi64(_mm256_add_epi64(q, one), 1), one),
        63));
    return _mm256_xor_pd(_mm256_blendv_pd(cos_q, sin_q, pick), sign);
}

/* Four u64 pairs (a, b) of words 4i .. 4i+3, lanes in element order. */
static void load_pairs(const uint32_t *w, __m256i *a, __m256i *b) {
    __m256i v0 = _mm256_loadu_si256((const __m256i *)(const void *)w);
    __m256i v1 = _mm256_loadu_si256((const __m256i *)(const void *)(w + 8));
    /* v0 = [a0 b0 | a1 b1], v1 = [a2 b2 | a3 b3] */
    __m256i lo = _mm256_unpacklo_epi64(v0, v1); /* [a0 a2 | a1 a3] */
    __m256i hi = _mm256_unpackhi_epi64(v0, v1); /* [b0 b2 | b1 b3] */
    *a = _mm256_permute4x64_epi64(lo, 0xD8);    /* [a0 a1 a2 a3] */
    *b = _mm256_permute4x64_epi64(hi, 0xD8);
}

size_t cr_counter_avx2_normal_f64(const uint32_t *w, double *out, size_t m,
                                  const cr_counter_params *p) {
    size_t i;
    const __m256i one = _mm256_set1_epi64x(1);
    for (i = 0; i + 4 <= m; i += 4) {
        __m256i a, b;
        __m256d radius, z;
        load_pairs(w + 4 * i, &a, &b);
        radius = _mm256_sqrt_pd(_mm256_mul_pd(
            SET(-2.0),
            log_fixed4(_mm256_add_epi64(_mm256_srli_epi64(a, 11), one), 53)));
        z = _mm256_mul_pd(radius, cos_2pi4(_mm256_srli_epi64(b, 11), 53, CR_TWO_M51));
        if (p->flag) {
            z = _mm256_add_pd(SET(p->a), _mm256_mul_pd(SET(p->b), z));
        }
        _mm256_storeu_pd(out + i, z);
    }
    return i;
}

size_t cr_counter_avx2_exponential_f64(const uint32_t *w, double *out,
                                       size_t m,
                                       const cr_counter_params *p) {
    size_t i;
    const __m256i one = _mm256_set1_epi64x(1);
    for (i = 0; i + 4 <= m; i += 4) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(
            w + 2 * i));
        __m256d e = _mm256_sub_pd(
            SET(0.0),
            log_fixed4(_mm256_add_epi64(_mm256_srli_epi64(x, 11), one), 53));
        _mm256_storeu_pd(out + i, _mm256_mul_pd(SET(p->a), e));
    }
    return i;
}

/* Words 2i (even) and 2i+1 (odd) of four elements, as u64 lanes. */
static void load_word_pairs(const uint32_t *w, __m256i *even, __m256i *odd) {
    __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)w);
    const __m256i low = _mm256_set1_epi64x(0xFFFFFFFFLL);
    *even = _mm256_and_si256(v, low);
    *odd = _mm256_srli_epi64(v, 32);
}

/* Four words, zero-extended to u64 lanes. */
static __m256i load_words(const uint32_t *w) {
    return _mm256_cvtepu32_epi64(
        _mm_loadu_si128((const __m128i *)(const void *)w));
}

size_t cr_counter_avx2_normal_f32(const uint32_t *w, float *out, size_t m,
                                  const cr_counter_params *p) {
    size_t i;
    const __m256i one = _mm256_set1_epi64x(1);
    for (i = 0; i + 4 <= m; i += 4) {
        __m256i u, v;
        __m256d radius, z;
        load_word_pairs(w + 2 * i, &u, &v);
        radius = _mm256_sqrt_pd(_mm256_mul_pd(
            SET(-2.0), log_fixed4(_mm256_add_epi64(u, one), 32)));
        z = _mm256_mul_pd(radius, cos_2pi4(v, 32, CR_TWO_M30));
        if (p->flag) {
            z = _mm256_add_pd(SET(p->a), _mm256_mul_pd(SET(p->b), z));
        }
        /* Rounded once to float32, to nearest (MXCSR's default, as the
         * scalar conversion). */
        _mm_storeu_ps(out + i, _mm256_cvtpd_ps(z));
    }
    return i;
}

size_t cr_counter_avx2_exponential_f32(const uint32_t *w, float *out,
                                       size_t m,
                                       const cr_counter_params *p) {
    size_t i;
    const __m256i one = _mm256_set1_epi64x(1);
    for (i = 0; i + 4 <= m; i += 4) {
        __m256d e = _mm256_sub_pd(
            SET(0.0),
            log_fixed4(_mm256_add_epi64(load_words(w + i), one), 32));
        _mm_storeu_ps(out + i, _mm256_cvtpd_ps(_mm256_mul_pd(SET(p->a), e)));
    }
    return i;
}

#endif
