/*
 * Counter-based methods: each output element a function of a fixed number
 * of keystream words, so that any thread, chunk or worker can compute any
 * element.  This file is the one definition of every method of
 * chacharand.CounterGenerator: its words per element and its element
 * formula (the cr_el_* functions and CR_COUNTER_METHODS at the end).  The
 * CPU fills (chacha_counter.c), the GPU kernels (chacha_cuda.cu) and the
 * Python method table (read from cr_counter_methods) all come from it;
 * the CPU's SIMD kernels (chacha_counter_lanes.h) restate some of the
 * element functions lane-wise, operation for operation, and are tested
 * bit for bit against them.
 * The definitions are frozen (docs/counter.rst states them).
 *
 * Floating point: only + - * / and sqrt, each correctly rounded in IEEE
 * double precision, with contraction into fused multiply-adds turned off
 * by the build (-ffp-contract=off, nvcc/NVRTC --fmad=false).  No libm or
 * CUDA math-library function is called: their last-ulp results differ
 * between devices.  The logarithm and cosine below are polynomials of our
 * own, accurate to a few ulp; what matters for reproducibility is that
 * every step is an exactly specified IEEE operation.
 */
#ifndef CHACHARAND_CHACHA_TRANSFORMS_H
#define CHACHARAND_CHACHA_TRANSFORMS_H

#include "chacha_block.h"

#if !defined(__CUDACC_RTC__)
#include <math.h>
#endif

/* Correctly rounded square root: sqrtsd / the IEEE sqrt on the host, the
 * round-to-nearest intrinsic on the device. */
#if defined(__CUDA_ARCH__)
#define CR_SQRT(x) __dsqrt_rn(x)
#else
#define CR_SQRT(x) sqrt(x)
#endif

#define CR_TWO_M24 (1.0 / 16777216.0)
#define CR_TWO_M30 (1.0 / 1073741824.0)
#define CR_TWO_M51 (1.0 / 2251799813685248.0)
#define CR_TWO_M52 (1.0 / 4503599627370496.0)
#define CR_TWO_M53 (1.0 / 9007199254740992.0)

/* Two consecutive words as one 64-bit value, the earlier word low. */
CR_HD uint64_t cr_words_u64(uint32_t lo, uint32_t hi) {
    return (uint64_t)lo | ((uint64_t)hi << 32);
}

/* numpy's next_double: the top 53 bits, in [0, 1). */
CR_HD double cr_unit_f64(uint64_t x) {
    return (double)(x >> 11) * CR_TWO_M53;
}

/*
 * A double rounded to float32, to nearest (ties to even), subnormals kept.
 *
 * On the device a plain (float) conversion, and __double2float_rn too,
 * becomes cvt.rn.ftz.f32.f64 when the compiler is told -ftz=true, which
 * CuPy always passes after the caller's options: results below 2**-126
 * would be flushed to zero there, and not on the CPU.  The PTX
 * instruction written out without .ftz is not changed by the flag.
 */
CR_HD float cr_f64_to_f32(double x) {
#if defined(__CUDA_ARCH__)
    float r;
    asm("cvt.rn.f32.f64 %0, %1;" : "=f"(r) : "d"(x));
    return r;
#else
    return (float)x;
#endif
}

/* The top 24 bits of one word times 2**-24, in double (exact). */
CR_HD double cr_unit24_f64(uint32_t w) {
    return (double)(w >> 8) * CR_TWO_M24;
}

/* numpy's next_float: the top 24 bits of one word, in [0, 1); computed
 * in double (exactly, so the value is numpy's) so that no float32
 * operation, which -ftz=true would mark .ftz, is involved. */
CR_HD float cr_unit_f32(uint32_t w) {
    return cr_f64_to_f32(cr_unit24_f64(w));
}

/* floor(log2(k)) for k >= 1, by halving the search range. */
CR_HD int cr_floor_log2(uint64_t k) {
    int e = 0;
    if (k >> 32) { k >>= 32; e += 32; }
    if (k >> 16) { k >>= 16; e += 16; }
    if (k >> 8) { k >>= 8; e += 8; }
    if (k >> 4) { k >>= 4; e += 4; }
    if (k >> 2) { k >>= 2; e += 2; }
    if (k >> 1) { e += 1; }
    return e;
}

/*
 * ln(k * 2**-bits) for 1 <= k <= 2**bits, bits <= 53: a number in (0, 1].
 *
 * k * 2**-bits = 2**E * m with m in [sqrt(1/2), sqrt(2)], found with
 * integer operations (no bit casts).  With f = m - 1 (exact) and
 * s = f / (2 + f), ln(m) = 2 atanh(s) = f - hf + s (hf + R), hf = f*f/2,
 * R = sum over j >= 1 of 2 s**(2j) / (2j + 1), |s| <= 0.1716; eleven terms
 * leave a truncation error below 2**-60 of R.  ln(2) is split so that
 * E * LN2_HI is exact.
 */
#define CR_LN2_HI 0.6931471805598903     /* ln 2 to 44 bits */
#define CR_LN2_LO 5.497923018708371e-14  /* ln 2 - CR_LN2_HI */
#define CR_SQRT2 1.4142135623730951

CR_HD double cr_log_fixed(uint64_t k, int bits) {
    int e, E;
    double m, f, s, z, hf, R;
    if (k == ((uint64_t)1 << bits)) {
        return 0.0;
    }
    e = cr_floor_log2(k);
    m = (double)(k << (52 - e)) * CR_TWO_M52; /* [1, 2), exact */
    E = e - bits;
    if (m > CR_SQRT2) {
        m = m * 0.5;
        E += 1;
    }
    f = m - 1.0;
    s = f / (2.0 + f);
    z = s * s;
    R = (2.0 / 23.0);
    R = (2.0 / 21.0) + z * R;
    R = (2.0 / 19.0) + z * R;
    R = (2.0 / 17.0) + z * R;
    R = (2.0 / 15.0) + z * R;
    R = (2.0 / 13.0) + z * R;
    R = (2.0 / 11.0) + z * R;
    R = (2.0 / 9.0) + z * R;
    R = (2.0 / 7.0) + z * R;
    R = (2.0 / 5.0) + z * R;
    R = (2.0 / 3.0) + z * R;
    R = z * R;
    hf = 0.5 * f * f;
    return (double)E * CR_LN2_HI +
           ((double)E * CR_LN2_LO + (f - (hf - s * (hf + R))));
}

/*
 * cos(2 pi t 2**-bits) for 0 <= t < 2**bits, bits in {32, 53}.
 *
 * In quarter turns the angle is x = t 2**-(bits-2); q = round(x) and
 * r = x - q in [-1/2, 1/2) are exact integer operations, and
 * cos(pi/2 (q + r)) is +-cos or +-sin of theta = pi/2 r, |theta| <= pi/4,
 * by the quadrant q mod 4.  sin(pi/2 r) and cos(pi/2 r) are their Taylor
 * polynomials in r to degree 17 and 18 (the first term left out is below
 * 2**-62 relative).  Coefficients: (pi/2)**n / n!, rounded to double.
 */
CR_HD double cr_sin_quarter(double r) {
    double z = r * r, p;
    p = 6.0669357311061955e-12;
    p = -6.688035109811468e-10 + z * p;
    p = 5.692172921967927e-08 + z * p;
    p = -3.598843235212085e-06 + z * p;
    p = 0.00016044118478735983 + z * p;
    p = -0.004681754135318688 + z * p;
    p = 0.07969262624616705 + z * p;
    p = -0.6459640975062463 + z * p;
    p = 1.5707963267948966 + z * p;
    return r * p;
}

CR_HD double cr_cos_quarter(double r) {
    double z = r * r, p;
    p = -5.294400200734623e-13;
    p = 6.565963114979473e-11 + z * p;
    p = -6.386603083791852e-09 + z * p;
    p = 4.710874778818172e-07 + z * p;
    p = -2.5202042373060607e-05 + z * p;
    p = 0.0009192602748394266 + z * p;
    p = -0.02086348076335296 + z * p;
    p = 0.25366950790104803 + z * p;
    p = -1.2337005501361697 + z * p;
    return 1.0 + z * p;
}

CR_HD double cr_cos_2pi_fixed(uint64_t t, int bits, double quarter_ulp) {
    const int g = bits - 2;
    uint64_t q = (t + ((uint64_t)1 << (g - 1))) >> g;
    double r = (double)(int64_t)(t - (q << g)) * quarter_ulp;
    switch ((unsigned)q & 3u) {
    case 0:
        return cr_cos_quarter(r);
    case 1:
        return -cr_sin_quarter(r);
    case 2:
        return -cr_cos_quarter(r);
    default:
        return cr_sin_quarter(r);
    }
}

/*
 * Standard normal from four words (float64): Box-Muller's cosine branch,
 *   u = ((a >> 11) + 1) 2**-53 in (0, 1],  v = (b >> 11) 2**-53,
 *   z = sqrt(-2 ln u) cos(2 pi v),
 * a = words 0-1 and b = words 2-3 as 64-bit values (earlier word low).
 */
CR_HD double cr_normal_f64(const uint32_t w[4]) {
    uint64_t a = cr_words_u64(w[0], w[1]);
    uint64_t b = cr_words_u64(w[2], w[3]);
    double radius = CR_SQRT(-2.0 * cr_log_fixed((a >> 11) + 1u, 53));
    return radius * cr_cos_2pi_fixed(b >> 11, 53, CR_TWO_M51);
}

/*
 * Standard normal from two words, computed in double (float32 outputs
 * round this): u = (w0 + 1) 2**-32 in (0, 1], v = w1 2**-32.
 */
CR_HD double cr_normal_from_2_words(const uint32_t w[2]) {
    double radius = CR_SQRT(-2.0 * cr_log_fixed((uint64_t)w[0] + 1u, 32));
    return radius * cr_cos_2pi_fixed(w[1], 32, CR_TWO_M30);
}

/* The high 64 bits of the 128-bit product a*b, from 32-bit halves. */
CR_HD uint64_t cr_mulhi64(uint64_t a, uint64_t b) {
#if defined(__CUDA_ARCH__)
    return __umul64hi(a, b);
#elif defined(__SIZEOF_INT128__)
    return (uint64_t)(((unsigned __int128)a * b) >> 64); /* one mul */
#else
    uint64_t a_lo = (uint32_t)a, a_hi = a >> 32;
    uint64_t b_lo = (uint32_t)b, b_hi = b >> 32;
    uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo;
    uint64_t lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
    uint64_t mid = (lo_lo >> 32) + (uint32_t)hi_lo + (uint32_t)lo_hi;
    return hi_hi + (hi_lo >> 32) + (lo_hi >> 32) + (mid >> 32);
#endif
}

/*
 * An offset in [0, span) for span = rng + 1, by Lemire's multiply-shift
 * with no rejection: floor(x span / 2**64) for a 64-bit x (two words) when
 * span <= 2**32, floor(x span / 2**128) for a 128-bit x (four words,
 * little-endian) otherwise.
 */
#define CR_NARROW_RANGE_MAX 0xFFFFFFFFull /* rng <= this: two words */

CR_HD uint64_t cr_bounded_narrow(const uint32_t w[2], uint64_t rng) {
    return cr_mulhi64(cr_words_u64(w[0], w[1]), rng + 1u);
}

CR_HD uint64_t cr_bounded_wide(const uint32_t w[4], uint64_t rng) {
    uint64_t lo = cr_words_u64(w[0], w[1]);
    uint64_t hi = cr_words_u64(w[2], w[3]);
    uint64_t span, top, mid;
    if (rng == 0xFFFFFFFFFFFFFFFFull) {
        return hi; /* span 2**64: floor(x 2**64 / 2**128) */
    }
    span = rng + 1u;
    top = cr_mulhi64(hi, span);
    mid = hi * span;
    return top + ((mid + cr_mulhi64(lo, span)) < mid ? 1u : 0u);
}

/* ---- the methods ---------------------------------------------------------
 *
 * Every element function has one signature: the element's K words (as
 * numbers) and the draw's parameters.  What each parameter means is the
 * method's (a comment on each); unused ones are ignored.
 */
typedef struct cr_counter_params {
    double a, b;      /* uniform: low, span; normal: loc, scale;
                       * exponential: a = scale */
    uint64_t low;     /* integers: the lowest value (mod 2**64) */
    uint64_t rng;     /* integers: the number of values - 1 */
    int flag;         /* normal: 1 for loc + scale * z, 0 for z */
} cr_counter_params;

CR_HD uint32_t cr_el_words32(const uint32_t *w, const cr_counter_params *p) {
    (void)p;
    return w[0];
}

CR_HD uint64_t cr_el_raw64(const uint32_t *w, const cr_counter_params *p) {
    (void)p;
    return cr_words_u64(w[0], w[1]);
}

CR_HD double cr_el_random_f64(const uint32_t *w, const cr_counter_params *p) {
    (void)p;
    return cr_unit_f64(cr_words_u64(w[0], w[1]));
}

CR_HD float cr_el_random_f32(const uint32_t *w, const cr_counter_params *p) {
    (void)p;
    return cr_unit_f32(w[0]);
}

CR_HD double cr_el_uniform_f64(const uint32_t *w,
                               const cr_counter_params *p) {
    return p->a + p->b * cr_unit_f64(cr_words_u64(w[0], w[1]));
}

CR_HD float cr_el_uniform_f32(const uint32_t *w, const cr_counter_params *p) {
    return cr_f64_to_f32(p->a + p->b * cr_unit24_f64(w[0]));
}

CR_HD double cr_el_normal_f64(const uint32_t *w, const cr_counter_params *p) {
    double z = cr_normal_f64(w);
    return p->flag ? p->a + p->b * z : z;
}

CR_HD float cr_el_normal_f32(const uint32_t *w, const cr_counter_params *p) {
    double z = cr_normal_from_2_words(w);
    return cr_f64_to_f32(p->flag ? p->a + p->b * z : z);
}

/*
 * Exponential: e = 0.0 - LN(k, bits) with k from the words, 1 <= k <=
 * 2**bits, so u = k 2**-bits is in (0, 1] and never 0 (no infinity; u = 1
 * gives +0.0, never -0.0); the result is a * e (a = scale, 1.0 for
 * standard_exponential: 1.0 * e == e).  float64: two words,
 * k = (u64(w0, w1) >> 11) + 1, bits 53; float32: one word, k = w0 + 1,
 * bits 32, in double and rounded once.
 */
CR_HD double cr_el_exponential_f64(const uint32_t *w,
                                   const cr_counter_params *p) {
    uint64_t k = (cr_words_u64(w[0], w[1]) >> 11) + 1u;
    return p->a * (0.0 - cr_log_fixed(k, 53));
}

CR_HD float cr_el_exponential_f32(const uint32_t *w,
                                  const cr_counter_params *p) {
    return cr_f64_to_f32(p->a * (0.0 - cr_log_fixed((uint64_t)w[0] + 1u,
                                                     32)));
}

#define CR_INTEGER_ELEMENTS(T, name)                                        \
    CR_HD T cr_el_integers_narrow_##name(const uint32_t *w,                 \
                                         const cr_counter_params *p) {      \
        return (T)(p->low + cr_bounded_narrow(w, p->rng));                  \
    }                                                                       \
    CR_HD T cr_el_integers_wide_##name(const uint32_t *w,                   \
                                       const cr_counter_params *p) {        \
        return (T)(p->low + cr_bounded_wide(w, p->rng));                    \
    }
CR_INTEGER_ELEMENTS(uint8_t, u8)
CR_INTEGER_ELEMENTS(uint16_t, u16)
CR_INTEGER_ELEMENTS(uint32_t, u32)
CR_INTEGER_ELEMENTS(uint64_t, u64)

/*
 * The list of methods: X(name, K, C type).  `name` is the element function
 * cr_el_<name>, the GPU kernel chacha<R>_<name> and the method's key in
 * Python's table; K its words per element.  Integers take the narrow form
 * when rng <= CR_NARROW_RANGE_MAX, the wide one otherwise.
 */
#define CR_COUNTER_METHODS(X)                     \
    X(words32, 1, uint32_t)                       \
    X(raw64, 2, uint64_t)                         \
    X(random_f64, 2, double)                      \
    X(random_f32, 1, float)                       \
    X(uniform_f64, 2, double)                     \
    X(uniform_f32, 1, float)                      \
    X(normal_f64, 4, double)                      \
    X(normal_f32, 2, float)                       \
    X(exponential_f64, 2, double)                 \
    X(exponential_f32, 1, float)                  \
    X(integers_narrow_u8, 2, uint8_t)             \
    X(integers_narrow_u16, 2, uint16_t)           \
    X(integers_narrow_u32, 2, uint32_t)           \
    X(integers_narrow_u64, 2, uint64_t)           \
    X(integers_wide_u8, 4, uint8_t)               \
    X(integers_wide_u16, 4, uint16_t)             \
    X(integers_wide_u32, 4, uint32_t)             \
    X(integers_wide_u64, 4, uint64_t)

#endif /* CHACHARAND_CHACHA_TRANSFORMS_H */
