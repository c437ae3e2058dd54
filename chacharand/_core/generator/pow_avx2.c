/*
 * pow(x, y) over an array and one y or a y per x, and log(x) over an
 * array (alone, or logistic's and laplace's values around it), four
 * values at a time with AVX2 and FMA, bit for bit as glibc's pow and log
 * (pow_shortcut.h says why that is sure); log(x) to a few ULPs, for tests
 * with a margin (johnk_bounds.h); and rayleigh's square roots.
 *
 * Each x**y is worked out as exp(y log x) in double-double arithmetic, to
 * a relative 2**-65 or so, and each log x to a relative 2**-60 or so;
 * where the result lies within CRG_POW_SURE_ULPS of the double nearest
 * it, that double is pow's (log's) answer.  Elsewhere (about one value in
 * ten: near the middle between two doubles, or outside the ranges below)
 * pow (log) itself is called.
 *
 *   log x = k ln 2 - log(invc) + log1p(r),  r = z invc - 1:
 *     x = 2**k z with z in [0x1.6ap-1, 0x1.6ap0); invc is a 26-bit
 *     inverse of the middle of z's interval (256 of them, pow_tables.h),
 *     so that z invc - 1 is exact in two parts, with |r| < 2**-9 + 2**-26
 *     (for log, more cheaply: z invc = p + e exactly, one FMA giving e,
 *     and p - 1 is exact, p being near 1).  log1p(r) is its Taylor series
 *     to r**7 (what is left: below 2**-75, and 2**-64 of r).  For log
 *     alone, near 1 (|x - 1| < 2**-9) invc = 1 and log(invc) = 0: there
 *     log x is small, and an error relative to log(invc) would be large
 *     relative to it.
 *   t = y log x: y h exactly (one FMA gives the product's error), plus y
 *     times the logarithm's tail.
 *   exp t = 2**(n / 128) exp s:  n is the integer nearest t 128 / ln 2,
 *     s = t - n ln 2 / 128 (|s| < 2**-8.5); 2**(j / 128) comes from a
 *     table as hi + lo, exp s - 1 is its Taylor series to s**6 (what is
 *     left: below 2**-71).
 *
 * Knuth's TwoSum (Dekker's Fast2Sum where the larger part is known) keeps
 * the error of each large sum; the small parts are summed in double, each
 * rounding below 2**-70 of the result.  The
 * ranges: x a positive normal double, |y| <= CRG_POW_MAX_Y (y times the
 * logarithm's error stays below 2**-65), |y log x| < CRG_POW_MAX_T (a
 * normal result).  tests/ check the values against glibc's pow and log.
 */
#include <immintrin.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../common/compiler.h"
#include "pow_shortcut.h"
#include "pow_tables.h"

#if CRG_POW_SHORTCUT

#define CRG_POW_MAX_T 700.0

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

/* x (a positive normal double) as 2**k z, z in [0x1.6ap-1, 0x1.6ap0),
 * with the table's row of z's interval: invc and log c = logc_hi +
 * logc_lo.  near_one (a constant) takes invc = 1 and log c = 0 where
 * |x - 1| < 2**-9 (then k = 0 and z = x): there log x is small, and an
 * error relative to log c would be large relative to it. */
typedef struct {
    __m256d kd, z, invc, logc_hi, logc_lo;
} crg_log_parts4;

CRG_AVX2_FMA CR_FORCE_INLINE crg_log_parts4 crg_log_reduce4(__m256d x,
                                                             int near_one) {
    const __m256i ix = _mm256_castpd_si256(x);
    const __m256i tmp = _mm256_sub_epi64(ix, CRG_I1(CRG_LOG_OFF));
    crg_log_parts4 o;
    int64_t lane[4];
    __m256d r0, r1, r2, r3, t0, t1, t2, t3;
    /* k as a double: 2**52 + (k + 2048) from its bits, less 2**52 + 2048 */
    o.kd = _mm256_sub_pd(
        _mm256_castsi256_pd(_mm256_add_epi64(
            _mm256_xor_si256(_mm256_srli_epi64(tmp, 52), CRG_I1(0x800)),
            CRG_I1(0x4330000000000000ULL))),
        CRG_V1(0x1p52 + 2048.0));
    o.z = _mm256_castsi256_pd(_mm256_sub_epi64(
        ix, _mm256_and_si256(tmp, CRG_I1(0xfff0000000000000ULL))));
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
    o.invc = _mm256_permute2f128_pd(t0, t2, 0x20);
    o.logc_lo = _mm256_permute2f128_pd(t0, t2, 0x31);
    o.logc_hi = _mm256_permute2f128_pd(t1, t3, 0x20);
    if (near_one) {
        const __m256d near =
            _mm256_cmp_pd(crg_abs4(_mm256_sub_pd(x, CRG_V1(1.0))),
                          CRG_V1(0x1p-9), _CMP_LT_OQ);
        o.invc = _mm256_blendv_pd(o.invc, CRG_V1(1.0), near);
        o.logc_lo = _mm256_andnot_pd(near, o.logc_lo);
        o.logc_hi = _mm256_andnot_pd(near, o.logc_hi);
    }
    return o;
}

/* log x = h + *l, for x a positive normal double.  for_log (a constant)
 * takes log's ways: invc = 1 and log(invc) = 0 near 1, and r from p - 1
 * (see above); pow's r is the two halves of z times invc, exact, whose
 * sum rounds to r_hi (so r_lo is below 2**-62 of r_hi, where p - 1 leaves
 * up to 2**-53, and r_hi**2 r_lo, below 2**-71, would count in pow). */
CRG_AVX2_FMA CR_FORCE_INLINE __m256d crg_log_dd4(__m256d x, int for_log,
                                                 __m256d *l) {
    const crg_log_parts4 parts = crg_log_reduce4(x, for_log);
    const __m256d kd = parts.kd, z = parts.z, invc = parts.invc;
    const __m256d logc_hi = parts.logc_hi, logc_lo = parts.logc_lo;
    __m256d r_hi, r_lo, s1, e1, h, e2, rr, c, tail;

    if (for_log) {
        /* r = r_hi + r_lo exactly */
        const __m256d p = _mm256_mul_pd(z, invc);
        r_lo = _mm256_fmsub_pd(z, invc, p);
        r_hi = _mm256_sub_pd(p, CRG_V1(1.0));
    } else {
        /* z's halves of 26 and 27 bits: their products with invc are
         * exact */
        const __m256d z_hi =
            _mm256_and_pd(z, _mm256_castsi256_pd(CRG_I1(~0x7ffffffULL)));
        r_hi = crg_two_sum4(_mm256_fmsub_pd(z_hi, invc, CRG_V1(1.0)),
                            _mm256_mul_pd(_mm256_sub_pd(z, z_hi), invc),
                            &r_lo);
    }
    /* |k ln 2| > |log invc| unless k = 0 (|r| may pass |log invc|) */
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
    *l = _mm256_add_pd(
        tail,
        _mm256_add_pd(
            _mm256_add_pd(_mm256_add_pd(e1, e2),
                          _mm256_fmadd_pd(kd, CRG_V1(CRG_LN2_LO), logc_lo)),
            r_lo));
    return h;
}

/* x**y where it is sure, NaN in the other lanes. */
CRG_AVX2_FMA CR_FORCE_INLINE __m256d crg_pow_sure4(__m256d x, __m256d y) {
    const __m256d shift = CRG_V1(0x1.8p52);
    int64_t lane[4];
    __m256d l, h, th, te, tl, nd, sd, d, s_hi, s_lo, c, q, t0, t1, eh, el;
    __m256d p, pe, rh, e3, lo, in_range;
    __m128d a0, a1, a2, a3;
    __m256i ki, scale;

    /* t = y log x = th + tl */
    h = crg_log_dd4(x, 0, &l);
    th = _mm256_mul_pd(y, h);
    te = _mm256_fmsub_pd(y, h, th);
    tl = _mm256_fmadd_pd(y, l, te);

    /* t = n ln 2 / 128 + s */
    nd = _mm256_fmadd_pd(th, CRG_V1(CRG_INV_LN2N), shift);
    ki = _mm256_castpd_si256(nd);
    nd = _mm256_sub_pd(nd, shift);
    sd = _mm256_fnmadd_pd(nd, CRG_V1(CRG_LN2N_HI), th);
    d = _mm256_fnmadd_pd(nd, CRG_V1(CRG_LN2N_LO), tl);
    s_hi = crg_two_sum4(sd, d, &s_lo);
    c = _mm256_fmadd_pd(s_hi, CRG_V1(1.0 / 720), CRG_V1(1.0 / 120));
    c = _mm256_fmadd_pd(s_hi, c, CRG_V1(1.0 / 24));
    c = _mm256_fmadd_pd(s_hi, c, CRG_V1(1.0 / 6));
    c = _mm256_fmadd_pd(s_hi, c, CRG_V1(0.5));
    /* exp s - 1 = s_hi + (s_lo + q) */
    q = _mm256_fmadd_pd(_mm256_mul_pd(s_hi, s_hi), c,
                        _mm256_mul_pd(s_hi, s_lo));

    /* 2**(j / 128) = eh + el, j = n mod 128 */
    crg_lanes4(_mm256_and_si256(ki, CRG_I1((1 << CRG_EXP_BITS) - 1)), lane);
    a0 = _mm_loadu_pd(crg_pow_exp_table[lane[0]]);
    a1 = _mm_loadu_pd(crg_pow_exp_table[lane[1]]);
    a2 = _mm_loadu_pd(crg_pow_exp_table[lane[2]]);
    a3 = _mm_loadu_pd(crg_pow_exp_table[lane[3]]);
    t0 = _mm256_insertf128_pd(_mm256_castpd128_pd256(a0), a2, 1);
    t1 = _mm256_insertf128_pd(_mm256_castpd128_pd256(a1), a3, 1);
    eh = _mm256_unpacklo_pd(t0, t1);
    el = _mm256_unpackhi_pd(t0, t1);

    /* (eh + el) exp s = rh + lo */
    p = _mm256_mul_pd(eh, s_hi);
    pe = _mm256_fmsub_pd(eh, s_hi, p);
    rh = _mm256_add_pd(eh, p);
    e3 = _mm256_sub_pd(p, _mm256_sub_pd(rh, eh)); /* |eh| > |p| */
    lo = _mm256_fmadd_pd(el, _mm256_add_pd(CRG_V1(1.0), s_hi),
                         _mm256_fmadd_pd(eh, _mm256_add_pd(s_lo, q),
                                         _mm256_add_pd(e3, pe)));

    /* x a positive normal double, |y| <= CRG_POW_MAX_Y (y may differ by
     * lane), a normal result */
    in_range = _mm256_and_pd(
        _mm256_and_pd(crg_positive_normal4(x),
                      _mm256_cmp_pd(crg_abs4(y), CRG_V1(CRG_POW_MAX_Y),
                                    _CMP_LE_OQ)),
        _mm256_cmp_pd(crg_abs4(th), CRG_V1(CRG_POW_MAX_T), _CMP_LT_OQ));
    /* 2**(n >> 7): n + 1023 * 128 > 0 for |t| < 700 */
    scale = _mm256_slli_epi64(
        _mm256_srli_epi64(
            _mm256_add_epi64(_mm256_sub_epi64(ki, _mm256_castpd_si256(shift)),
                             CRG_I1(1023ULL << CRG_EXP_BITS)),
            CRG_EXP_BITS),
        52);
    return _mm256_blendv_pd(
        CRG_V1(NAN),
        _mm256_mul_pd(crg_nearest_if_sure4(rh, lo),
                      _mm256_castsi256_pd(scale)),
        in_range);
}

/* Values per step of a pass: worked out two vectors at a time (their
 * chains overlap), then the unsure ones, listed without a branch (a
 * branch per value mispredicts at one value in ten), passed to the C
 * library, all read before out is written (so out may be base, stride
 * 1). */
#define CRG_POW_STEP 128

/* The vectors of a step, x[k * stride] ** y[k * ystride] for k < m
 * rounded down to 4s, loaded by load(k) and yload(k) (a loop of its own
 * for each way of loading: a test of the strides inside costs the
 * overlap). */
#define CRG_POW_VECTORS(load, yload)                                        \
    for (k = 0; k + 8 <= m; k += 8) {                                        \
        const __m256d a = crg_pow_sure4(load(k), yload(k));                  \
        const __m256d b = crg_pow_sure4(load(k + 4), yload(k + 4));          \
        _mm256_storeu_pd(v + k, a);                                          \
        _mm256_storeu_pd(v + k + 4, b);                                      \
    }                                                                        \
    for (; k + 4 <= m; k += 4) {                                             \
        _mm256_storeu_pd(v + k, crg_pow_sure4(load(k), yload(k)));           \
    }
#define CRG_LOAD_CONTIGUOUS(k) _mm256_loadu_pd(x + (k))
#define CRG_LOAD_STRIDED(k)                                                  \
    _mm256_set_pd(x[((k) + 3) * stride], x[((k) + 2) * stride],              \
                  x[((k) + 1) * stride], x[(k) * stride])
#define CRG_Y_ONE(k) yv
#define CRG_Y_EACH(k) _mm256_loadu_pd(y + (k))

/* out[j] = pow(base[j * stride], ys[j * ystride]) for j < n: one
 * exponent (ystride 0) over any stride, or an exponent per value
 * (ystride 1) over contiguous bases. */
CRG_AVX2_FMA static void crg_pow_pass_any_avx2(double *out,
                                               const double *base,
                                               size_t stride,
                                               const double *ys,
                                               size_t ystride, size_t n) {
    const __m256d yv = _mm256_set1_pd(n > 0 ? ys[0] : 1.0);
    double v[CRG_POW_STEP];
    unsigned short unsure[CRG_POW_STEP];
    size_t i, k, j, unsure_n;
    for (i = 0; i < n; i += CRG_POW_STEP) {
        const size_t m = n - i < CRG_POW_STEP ? n - i : CRG_POW_STEP;
        const double *x = base + i * stride;
        const double *y = ys + i * ystride;
        if (ystride != 0) { /* with stride 1, as the callers have it */
            CRG_POW_VECTORS(CRG_LOAD_CONTIGUOUS, CRG_Y_EACH)
        } else if (stride == 1) {
            CRG_POW_VECTORS(CRG_LOAD_CONTIGUOUS, CRG_Y_ONE)
        } else {
            CRG_POW_VECTORS(CRG_LOAD_STRIDED, CRG_Y_ONE)
        }
        if (k < m) {
            double last[4], last_y[4];
            for (j = 0; j < 4; j++) {
                last[j] = k + j < m ? x[(k + j) * stride] : 1.0;
                last_y[j] = k + j < m ? y[(k + j) * ystride] : 1.0;
            }
            _mm256_storeu_pd(v + k, crg_pow_sure4(_mm256_loadu_pd(last),
                                                  _mm256_loadu_pd(last_y)));
        }
        for (k = 0, unsure_n = 0; k < m; k++) {
            unsure[unsure_n] = (unsigned short)k;
            unsure_n += v[k] != v[k];
        }
        for (j = 0; j < unsure_n; j++) {
            k = unsure[j];
            v[k] = pow(x[k * stride], y[k * ystride]);
        }
        for (k = 0; k < m; k++) {
            out[i + k] = v[k];
        }
    }
}

void crg_pow_pass_avx2(double *out, const double *base, size_t stride,
                       size_t n, double y) {
    crg_pow_pass_any_avx2(out, base, stride, &y, 0, n);
}

void crg_pow_pass_each_avx2(double *out, const double *x, const double *y,
                            size_t n) {
    crg_pow_pass_any_avx2(out, x, 1, y, 1, n);
}

/* log x where it is sure, NaN in the other lanes. */
CRG_AVX2_FMA CR_FORCE_INLINE __m256d crg_log_sure4(__m256d x) {
    __m256d l;
    const __m256d h = crg_log_dd4(x, 1, &l);
    return _mm256_blendv_pd(CRG_V1(NAN), crg_nearest_if_sure4(h, l),
                            crg_positive_normal4(x));
}

/* Values per step: worked out two vectors at a time (their chains
 * overlap), then the unsure ones, listed without a branch, passed to the
 * C library (a branch per value mispredicts at one value in ten). */
#define CRG_LOG_STEP 256

/* What the log passes take the logarithm of, and what they make of it
 * (crg_log_pass_body's `way`, a constant). */
enum {
    CRG_LOG_PLAIN,   /* log x */
    CRG_LOG_ODDS,    /* loc + scale * log(x / (1 - x)): logistic's */
    CRG_LOG_LAPLACE  /* loc -+ scale * log(2 - x - x or x + x): laplace's */
};

/* The argument of the way's log, of x: one value, and four. */
static inline double crg_log_argument(int way, double x) {
    return way == CRG_LOG_ODDS      ? x / (1.0 - x)
           : way == CRG_LOG_LAPLACE ? (x >= 0.5 ? 2.0 - x - x : x + x)
                                    : x;
}

CRG_AVX2_FMA CR_FORCE_INLINE __m256d crg_log_argument4(int way, __m256d x) {
    if (way == CRG_LOG_ODDS) {
        return _mm256_div_pd(x, _mm256_sub_pd(CRG_V1(1.0), x));
    }
    if (way == CRG_LOG_LAPLACE) {
        return _mm256_blendv_pd(
            _mm256_add_pd(x, x),
            _mm256_sub_pd(_mm256_sub_pd(CRG_V1(2.0), x), x),
            _mm256_cmp_pd(x, CRG_V1(0.5), _CMP_GE_OQ));
    }
    return x;
}

/* The way's value of x, from l, the log of its argument. */
static inline double crg_log_value(int way, double x, double l, double loc,
                                   double scale) {
    if (way == CRG_LOG_ODDS) {
        return loc + scale * l;
    }
    if (way == CRG_LOG_LAPLACE) {
        const double t = scale * l;
        return x >= 0.5 ? loc - t : loc + t;
    }
    return l;
}

CRG_AVX2_FMA CR_FORCE_INLINE __m256d crg_log_value4(int way, __m256d x,
                                                   __m256d l, double loc,
                                                   double scale) {
    if (way == CRG_LOG_ODDS) {
        return _mm256_add_pd(CRG_V1(loc), _mm256_mul_pd(CRG_V1(scale), l));
    }
    if (way == CRG_LOG_LAPLACE) {
        const __m256d t = _mm256_mul_pd(CRG_V1(scale), l);
        return _mm256_blendv_pd(_mm256_add_pd(CRG_V1(loc), t),
                                _mm256_sub_pd(CRG_V1(loc), t),
                                _mm256_cmp_pd(x, CRG_V1(0.5), _CMP_GE_OQ));
    }
    return l;
}

/* The way's values over an array, the logs four at a time (the arguments
 * rounded as the scalar expressions round them). */
CRG_AVX2_FMA CR_FORCE_INLINE void crg_log_pass_body(double *out,
                                                    const double *x,
                                                    size_t n, int way,
                                                    double loc, double scale) {
    double v[CRG_LOG_STEP];
    unsigned short unsure[CRG_LOG_STEP];
    size_t i, k, m, j;
    for (i = 0; i < n; i += CRG_LOG_STEP) {
        const size_t len = n - i < CRG_LOG_STEP ? n - i : CRG_LOG_STEP;
        const double *xs = x + i;
        for (k = 0; k + 8 <= len; k += 8) {
            const __m256d a =
                crg_log_argument4(way, _mm256_loadu_pd(xs + k));
            const __m256d b =
                crg_log_argument4(way, _mm256_loadu_pd(xs + k + 4));
            _mm256_storeu_pd(v + k, crg_log_sure4(a));
            _mm256_storeu_pd(v + k + 4, crg_log_sure4(b));
        }
        for (; k < len; k += 4) {
            double last[4];
            for (j = 0; j < 4; j++) {
                last[j] =
                    k + j < len ? crg_log_argument(way, xs[k + j]) : 1.0;
            }
            _mm256_storeu_pd(v + k, crg_log_sure4(_mm256_loadu_pd(last)));
        }
        for (k = 0, m = 0; k < len; k++) {
            unsure[m] = (unsigned short)k;
            m += v[k] != v[k];
        }
        for (j = 0; j < m; j++) {
            v[unsure[j]] = log(crg_log_argument(way, xs[unsure[j]]));
        }
        /* x is read before out is written: out may be x; four at a time,
         * as laplace's side is a coin toss, which a branch mispredicts
         * half the time */
        for (k = 0; k + 4 <= len; k += 4) {
            _mm256_storeu_pd(out + i + k,
                             crg_log_value4(way, _mm256_loadu_pd(xs + k),
                                            _mm256_loadu_pd(v + k), loc,
                                            scale));
        }
        for (; k < len; k++) {
            out[i + k] = crg_log_value(way, xs[k], v[k], loc, scale);
        }
    }
}

CRG_AVX2_FMA void crg_log_pass_avx2(double *out, const double *x, size_t n) {
    crg_log_pass_body(out, x, n, CRG_LOG_PLAIN, 0.0, 1.0);
}

CRG_AVX2_FMA void crg_log_odds_pass_avx2(double *out, const double *x,
                                         size_t n, double loc, double scale) {
    crg_log_pass_body(out, x, n, CRG_LOG_ODDS, loc, scale);
}

CRG_AVX2_FMA void crg_laplace_pass_avx2(double *out, const double *u,
                                        size_t n, double loc, double scale) {
    crg_log_pass_body(out, u, n, CRG_LOG_LAPLACE, loc, scale);
}

/* mode * sqrt(2 x) over an array, in place (rayleigh's): the scalar
 * operations, four values at a time. */
CRG_AVX2_FMA void crg_rayleigh_pass_avx2(double *x, size_t n, double mode) {
    const __m256d m = CRG_V1(mode);
    size_t k;
    for (k = 0; k + 4 <= n; k += 4) {
        const __m256d v = _mm256_loadu_pd(x + k);
        _mm256_storeu_pd(
            x + k,
            _mm256_mul_pd(m, _mm256_sqrt_pd(_mm256_mul_pd(CRG_V1(2.0), v))));
    }
    for (; k < n; k++) {
        x[k] = mode * sqrt(2.0 * x[k]);
    }
}

/* log x to a relative 2**-50 or so (the tests allow 2**-49), for tests
 * with a margin: crg_log_dd4's reduction for log (invc = 1 near 1), in
 * plain double arithmetic: r = fl(z invc - 1) (one FMA), log1p(r) its
 * Taylor series to r**6 (what is left: below 2**-56 of r), the sums
 * rounded once each, none cancelling far (|log x| > 2**-9.1 wherever
 * log c is not 0).  For x a positive normal double; NaN in the other
 * lanes. */
CRG_AVX2_FMA CR_FORCE_INLINE __m256d crg_log_near4(__m256d x) {
    const crg_log_parts4 parts = crg_log_reduce4(x, 1);
    const __m256d r = _mm256_fmsub_pd(parts.z, parts.invc, CRG_V1(1.0));
    __m256d c = _mm256_fmadd_pd(r, CRG_V1(-1.0 / 6), CRG_V1(0.2));
    c = _mm256_fmadd_pd(r, c, CRG_V1(-0.25));
    c = _mm256_fmadd_pd(r, c, CRG_V1(1.0 / 3));
    c = _mm256_fmadd_pd(r, c, CRG_V1(-0.5));
    return _mm256_blendv_pd(
        CRG_V1(NAN),
        _mm256_add_pd(_mm256_fmadd_pd(parts.kd,
                                      CRG_V1(CRG_LN2_HI + CRG_LN2_LO),
                                      parts.logc_hi),
                      _mm256_fmadd_pd(_mm256_mul_pd(r, r), c, r)),
        crg_positive_normal4(x));
}

CRG_AVX2_FMA void crg_log_near_pass_avx2(double *out, const double *x,
                                         size_t n) {
    size_t k, j;
    for (k = 0; k + 8 <= n; k += 8) {
        const __m256d a = crg_log_near4(_mm256_loadu_pd(x + k));
        const __m256d b = crg_log_near4(_mm256_loadu_pd(x + k + 4));
        _mm256_storeu_pd(out + k, a);
        _mm256_storeu_pd(out + k + 4, b);
    }
    for (; k + 4 <= n; k += 4) {
        _mm256_storeu_pd(out + k, crg_log_near4(_mm256_loadu_pd(x + k)));
    }
    for (; k < n; k++) {
        out[k] = log(x[k]);
    }
    /* the lanes that were not positive normal doubles (0 and subnormal
     * uniforms: rare) */
    for (j = 0; j < (n & ~(size_t)3); j++) {
        if (CR_UNLIKELY(out[j] != out[j])) {
            out[j] = log(x[j]);
        }
    }
}

#else

/* No shortcut over this C library: pow and log themselves (never
 * called). */
void crg_pow_pass_avx2(double *out, const double *base, size_t stride,
                       size_t n, double y) {
    size_t i;
    for (i = 0; i < n; i++) {
        out[i] = pow(base[i * stride], y);
    }
}

void crg_pow_pass_each_avx2(double *out, const double *x, const double *y,
                            size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        out[i] = pow(x[i], y[i]);
    }
}

void crg_log_pass_avx2(double *out, const double *x, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        out[i] = log(x[i]);
    }
}

void crg_rayleigh_pass_avx2(double *x, size_t n, double mode) {
    size_t i;
    for (i = 0; i < n; i++) {
        x[i] = mode * sqrt(2.0 * x[i]);
    }
}

void crg_log_odds_pass_avx2(double *out, const double *x, size_t n,
                            double loc, double scale) {
    size_t i;
    for (i = 0; i < n; i++) {
        out[i] = loc + scale * log(x[i] / (1.0 - x[i]));
    }
}

void crg_laplace_pass_avx2(double *out, const double *u, size_t n,
                           double loc, double scale) {
    size_t i;
    for (i = 0; i < n; i++) {
        const double t =
            scale * log(u[i] >= 0.5 ? 2.0 - u[i] - u[i] : u[i] + u[i]);
        out[i] = u[i] >= 0.5 ? loc - t : loc + t;
    }
}

void crg_log_near_pass_avx2(double *out, const double *x, size_t n) {
    crg_log_pass_avx2(out, x, n);
}

#endif
