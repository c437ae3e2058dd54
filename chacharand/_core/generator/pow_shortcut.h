/*
 * pow over chacharand.Generator's values, without libm's pow where its
 * answer is sure.
 *
 * NumPy's distributions call the C library's pow, and chacharand.Generator
 * must return what that pow returns, bit for bit.  Where the exact x**y is
 * known closely enough, so is pow's answer:
 *
 * glibc's pow errs by at most 0.54 ULP (the bound its source states,
 * 0.52 with FMA), by little more than 0.51 ULP where |y log x| is
 * moderate as here, and glibc's pow before 2.28 rounded correctly.  Where
 * x**y lies within 0.45 ULP of a double p, the double on its other side is
 * more than 0.55 ULP away, beyond any of those pows: pow returns p.  Only
 * there is p taken; the rest (about one value in ten) call pow.
 *
 * The exponents 2 and 1/2 (gamma and chisquare(1) at shape 1/2, beta with
 * a or b = 1/2, weibull and power with a = 2) take a few multiplications:
 *
 *   x * x = p + e exactly, p = fl(x * x) (Dekker's product, or one FMA);
 *   sqrt(x) = r + (x - r * r) / (r + sqrt(x)), r = sqrt(x) correctly
 *   rounded, where x - r * r is exact and (r + sqrt(x)) is 2r to a
 *   relative 2**-53.
 *
 * Other exponents, over arrays (crg_pow_pass), take pow_avx2.c's
 * double-double x**y on CPUs with AVX2 and FMA.
 *
 * log over arrays (crg_pow_pass's sibling crg_log_pass) takes the same
 * shortcut on the same CPUs: glibc's log errs by at most 0.52 ULP (and
 * rounded correctly before 2.28), and pow_avx2.c works out log x closely
 * enough to tell where it lies within 0.45 ULP of a double.
 *
 * On other C libraries, and on 32-bit x86 (whose glibc pow is x87 code
 * with no stated bound), pow is always called.
 */
#ifndef CHACHARAND_POW_SHORTCUT_H
#define CHACHARAND_POW_SHORTCUT_H

#include <math.h>
#include <stddef.h>

#if defined(__GLIBC__) && !defined(__i386__)
#define CRG_POW_SHORTCUT 1
#else
#define CRG_POW_SHORTCUT 0
#endif

#if CRG_POW_SHORTCUT
/* The largest distance from p, in ULPs of p, at which p is pow's answer. */
#define CRG_POW_SURE_ULPS 0.45
/* The exponents pow_avx2.c takes: up to 64, y times its logarithm's
 * error stays below 2**-65 of x**y. */
#define CRG_POW_MAX_Y 64.0

/* The exponents as pow must see them.  A compiler turns pow(x, 2.0) with
 * a constant 2.0 into x * x, which is not libm's pow where x * x lies near
 * the middle of two doubles; read from a volatile, they stay pow's. */
static const volatile double crg_pow_two = 2.0;
static const volatile double crg_pow_half = 0.5;

/* x * x - fl(x * x), exactly (no overflow or underflow in the range the
 * callers allow). */
static inline double crg_square_error(double x, double p) {
#ifdef FP_FAST_FMA
    return fma(x, x, -p);
#else
    /* Dekker: x split into two halves of 26 and 27 bits, whose products
     * are exact. */
    const double c = 134217729.0 * x; /* 2**27 + 1 */
    const double hi = c - (c - x);
    const double lo = x - hi;
    return ((hi * hi - p) + 2.0 * hi * lo) + lo * lo;
#endif
}

/* Whether the exact value r + gap (r a double, gap small) lies within
 * CRG_POW_SURE_ULPS of r: r + gap * 0.5 / CRG_POW_SURE_ULPS still rounds
 * to r (which minds the closer doubles below a power of two). */
static inline int crg_within_sure_ulps(double r, double gap) {
    return r + gap * (0.5 / CRG_POW_SURE_ULPS) == r;
}

/* Whether p = fl(x * x) is pow(x, 2), sure.  Its tests are combined
 * with & (no branch): passes over arrays list the unsure values without
 * one. */
static inline int crg_square_is_sure(double x, double p) {
    /* the range also turns away 0, negatives, infinities and NaN */
    return (x > 0x1p-400) & (x < 0x1p400) &
           crg_within_sure_ulps(p, crg_square_error(x, p));
}

/* Whether r = sqrt(x) is pow(x, 0.5), sure. */
static inline int crg_root_is_sure(double x, double r) {
    const double p = r * r;
    /* x - r*r: x - p is exact (p is within a factor 2 of x), and so is
     * the whole, which is representable */
    const double residual = (x - p) - crg_square_error(r, p);
    return (x > 0x1p-800) & (x < 0x1p800) &
           crg_within_sure_ulps(r, residual / (2.0 * r));
}
#endif

/* pow(x, y), as pow rounds it: the shortcuts for y = 2 and y = 1/2. */
static inline double crg_pow(double x, double y) {
#if CRG_POW_SHORTCUT
    if (y == 2.0) {
        const double p = x * x;
        return crg_square_is_sure(x, p) ? p : pow(x, crg_pow_two);
    }
    if (y == 0.5) {
        const double r = sqrt(x);
        return crg_root_is_sure(x, r) ? r : pow(x, crg_pow_half);
    }
#endif
    return pow(x, y);
}

/* out[j] = pow(base[j * stride], y) for j < n, as pow rounds them
 * (pow_pass.c); out may be base itself (stride 1). */
void crg_pow_pass(double *out, const double *base, size_t stride, size_t n,
                  double y);

/* out[j] = pow(x[j], y[j]) for j < n, as pow rounds them; out may be x
 * or y. */
void crg_pow_pass_each(double *out, const double *x, const double *y,
                       size_t n);

/* out[j] = log(x[j]) for j < n, as log rounds them (pow_pass.c, with
 * pow_avx2.c's log kernel where pow takes its pow kernel); out may be
 * x. */
void crg_log_pass(double *out, const double *x, size_t n);

/* out[j] = loc + scale * log(x[j] / (1 - x[j])) for j < n (logistic's),
 * the quotient and log rounded as the C library's division and log round
 * them (the same way as crg_log_pass); out may be x. */
void crg_log_odds_pass(double *out, const double *x, size_t n, double loc,
                       double scale);

/* laplace's values of uniforms u[j] > 0 (j < n): loc - scale * log(2 -
 * u - u) where u >= 0.5, else loc + scale * log(u + u), the logs as
 * crg_log_pass takes them; out may be u.  Returns 0, having made
 * nothing, where crg_log_pass takes log itself (the caller's loop is as
 * fast). */
int crg_laplace_pass(double *out, const double *u, size_t n, double loc,
                     double scale);

/* x[j] = mode * sqrt(2 x[j]) for j < n (rayleigh's), four at a time on
 * the CPUs of crg_log_pass's kernel. */
void crg_rayleigh_pass(double *x, size_t n, double mode);

/* out[j] = log(x[j]) for j < n to a relative 2**-49 (on the same CPUs
 * as crg_log_pass, not always rounded as log rounds it; elsewhere log
 * itself), for tests with a margin; out may not be x. */
void crg_log_near_pass(double *out, const double *x, size_t n);

/* Which loops crg_pow_pass takes for an exponent other than 2 and 1/2,
 * and crg_log_pass: "avx2" or "libm", for the tests. */
const char *crg_pow_backend(void);

#endif
