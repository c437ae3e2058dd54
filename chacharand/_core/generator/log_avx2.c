/*
 * log(x) over an array, four values at a time with AVX2 and FMA, bit for
 * bit as glibc's log (pow_shortcut.h says why that is sure).
 *
 * glibc's log errs by at most 0.52 ULP (the bound its source states;
 * before 2.28 it rounded correctly), so where the exact log x lies
 * within CRG_POW_SURE_ULPS (0.45) of a double, that double is log's
 * answer.  The exact value is known here to a relative 2**-60 or so:
 *
 *   log x = k ln 2 - log(invc) + log1p(r),  r = z invc - 1:
 *     x = 2**k z with z in [0x1.6ap-1, 0x1.6ap0), and invc a 26-bit
 *     inverse of the middle of z's interval (pow_tables.h's log table,
 *     which pow_avx2.c shares), so |r| < 2**-9 + 2**-26.  z invc = p + e
 *     exactly (one FMA gives e), and p - 1 is exact (p is near 1): r is
 *     known in two parts.  log1p(r) is its Taylor series to r**7 (what is
 *     left: below 2**-64 of r).
 *   Near 1 (|x - 1| < 2**-9) log x is small, and an error relative to
 *     log(invc) would be large relative to it: there invc = 1 and
 *     log(invc) = 0, so that log x = log1p(r) with r = x - 1.
 *
 * Knuth's TwoSum (Dekker's Fast2Sum where the larger part is known) keeps
 * the error of each large sum; the small parts are summed in double.
 * Elsewhere (about one value in ten: near the middle between two
 * doubles, and x not a positive normal double) log itself is called.
 * tests/ check the values against glibc's log.
 */
#include <immintrin.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "../common/compiler.h"
#include "dd_avx2.h"
#include "pow_shortcut.h"
#include "pow_tables.h"

#if CRG_POW_SHORTCUT

/* log x where it is sure, NaN in the other lanes. */
CRG_AVX2_FMA CR_FORCE_INLINE __m256d crg_log_sure4(__m256d x) {
    const __m256i ix = _mm256_castpd_si256(x);
    const __m256i tmp = _mm256_sub_epi64(ix, CRG_I1(CRG_LOG_OFF));
    /* k as a double: 2**52 + (k + 2048) from its bits, less 2**52 + 2048 */
    const __m256d kd = _mm256_sub_pd(
        _mm256_castsi256_pd(_mm256_add_epi64(
            _mm256_xor_si256(_mm256_srli_epi64(tmp, 52), CRG_I1(0x800)),
            CRG_I1(0x4330000000000000ULL))),
        CRG_V1(0x1p52 + 2048.0));
    const __m256d z = _mm256_castsi256_pd(_mm256_sub_epi64(
        ix, _mm256_and_si256(tmp, CRG_I1(0xfff0000000000000ULL))));
    const __m256d near_one = _mm256_cmp_pd(
        crg_abs4(_mm256_sub_pd(x, CRG_V1(1.0))), CRG_V1(0x1p-9), _CMP_LT_OQ);
    int64_t lane[4];
    __m256d r0, r1, r2, r3, t0, t1, t2, t3, invc, logc_hi, logc_lo;
    __m256d p, r_hi, r_lo, s1, e1, h, e2, rr, c, tail, l;

    /* the table's rows, transposed */
    crg_lanes4(_mm256_and_si256(_mm256_srli_epi64(tmp, 52 - CRG_LOG_BITS),
                                CRG_I1((1 << CRG_LOG_BITS) - 1)),
               lane);
    r0 = _mm256_loadu_pd(crg_pow_log_table[lane[0]]);
    r1 = _mm256_loadu_pd(crg_pow_log_table[lane[1]]);
    r2 = _mm256_loadu_pd(crg_pow_log_table[lane[2]]);
    r3 = _mm256_loadu_pd(crg_pow_log_table[lane[3]]);
    t0 = _mm256_unpacklo_pd(r0, r1); /* invc0 invc1 | lo0 lo1 */
    t1 = _mm256_unpackhi_pd(r0, r1); /* hi0 hi1 | 0 0 */
    t2 = _mm256_unpacklo_pd(r2, r3);
    t3 = _mm256_unpackhi_pd(r2, r3);
    invc = _mm256_blendv_pd(_mm256_permute2f128_pd(t0, t2, 0x20),
                            CRG_V1(1.0), near_one);
    logc_lo = _mm256_andnot_pd(near_one, _mm256_permute2f128_pd(t0, t2, 0x31));
    logc_hi = _mm256_andnot_pd(near_one, _mm256_permute2f128_pd(t1, t3, 0x20));

    /* r = r_hi + r_lo exactly */
    p = _mm256_mul_pd(z, invc);
    r_lo = _mm256_fmsub_pd(z, invc, p);
    r_hi = _mm256_sub_pd(p, CRG_V1(1.0));
    /* |k ln 2| > |log invc| unless k = 0 */
    s1 = crg_fast_two_sum4(_mm256_mul_pd(kd, CRG_V1(CRG_LN2_HI)), logc_hi,
                           &e1);
    h = crg_two_sum4(s1, r_hi, &e2);
    rr = _mm256_mul_pd(r_hi, r_hi);
    c = _mm256_fmadd_pd(r_hi, CRG_V1(1.0 / 7), CRG_V1(-1.0 / 6));
    c = _mm256_fmadd_pd(r_hi, c, CRG_V1(0.2));
    c = _mm256_fmadd_pd(r_hi, c, CRG_V1(-0.25));
    c = _mm256_fmadd_pd(r_hi, c, CRG_V1(1.0 / 3));
    /* log1p(r) - r = r**3 c - r_hi r_lo - r_hi**2 / 2 */
    tail = _mm256_fmsub_pd(
        _mm256_mul_pd(rr, r_hi), c,
        _mm256_fmadd_pd(r_hi, r_lo, _mm256_mul_pd(CRG_V1(0.5), rr)));
    l = _mm256_add_pd(
        tail,
        _mm256_add_pd(
            _mm256_add_pd(_mm256_add_pd(e1, e2),
                          _mm256_fmadd_pd(kd, CRG_V1(CRG_LN2_LO), logc_lo)),
            r_lo));
    return _mm256_blendv_pd(CRG_V1(NAN), crg_nearest_if_sure4(h, l),
                            crg_positive_normal4(x));
}

/* Values per step: worked out two vectors at a time (their chains
 * overlap), then the unsure ones, listed without a branch, passed to the
 * C library (a branch per value mispredicts at one value in ten). */
#define CRG_LOG_STEP 256

CRG_AVX2_FMA void crg_log_pass_avx2(double *out, const double *x, size_t n) {
    double v[CRG_LOG_STEP];
    unsigned short unsure[CRG_LOG_STEP];
    size_t i, k, m, j;
    for (i = 0; i < n; i += CRG_LOG_STEP) {
        const size_t len = n - i < CRG_LOG_STEP ? n - i : CRG_LOG_STEP;
        const double *xs = x + i;
        for (k = 0; k + 8 <= len; k += 8) {
            const __m256d a = crg_log_sure4(_mm256_loadu_pd(xs + k));
            const __m256d b = crg_log_sure4(_mm256_loadu_pd(xs + k + 4));
            _mm256_storeu_pd(v + k, a);
            _mm256_storeu_pd(v + k + 4, b);
        }
        for (; k < len; k += 4) {
            double last[4];
            for (j = 0; j < 4; j++) {
                last[j] = k + j < len ? xs[k + j] : 1.0;
            }
            _mm256_storeu_pd(v + k, crg_log_sure4(_mm256_loadu_pd(last)));
        }
        /* v is written before out: out may be x */
        for (k = 0, m = 0; k < len; k++) {
            unsure[m] = (unsigned short)k;
            m += v[k] != v[k];
        }
        for (j = 0; j < m; j++) {
            v[unsure[j]] = log(xs[unsure[j]]);
        }
        for (k = 0; k < len; k++) {
            out[i + k] = v[k];
        }
    }
}

#else

/* No shortcut over this C library: log itself (never called). */
void crg_log_pass_avx2(double *out, const double *x, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        out[i] = log(x[i]);
    }
}

#endif
