/*
 * crg_pow_pass: pow over an array, bit for bit as the C library's pow
 * (pow_shortcut.h); crg_pow_pass_each the same with an exponent per
 * value.  The exponents 2 and 1/2 come from the exact square or root;
 * other exponents from pow_avx2.c's kernel where the build has it, the
 * CPU and OS support AVX2 and FMA, and CHACHARAND_SIMD caps nothing
 * below avx2; pow itself otherwise.  crg_log_pass: log over an array the
 * same way (pow_avx2.c's log kernel, or log itself); crg_log_odds_pass
 * and crg_laplace_pass: logistic's and laplace's values over an array,
 * their logs the same way.  Every way gives the same bits.
 * crg_rayleigh_pass: rayleigh's square roots, four at a time on the same
 * CPUs.  crg_log_near_pass: log to a few ULPs, for tests with a margin
 * (pow_avx2.c's plain-double kernel, or log itself).
 */
#include <math.h>
#include <stddef.h>

#include "../common/cpu_features.h"
#include "pow_shortcut.h"

#if defined(CHACHARAND_HAVE_AVX2) && CRG_POW_SHORTCUT
#define CRG_POW_KERNEL 1
void crg_pow_pass_avx2(double *out, const double *base, size_t stride,
                       size_t n, double y);
void crg_pow_pass_each_avx2(double *out, const double *x, const double *y,
                            size_t n);
void crg_log_pass_avx2(double *out, const double *x, size_t n);
void crg_log_odds_pass_avx2(double *out, const double *x, size_t n,
                            double loc, double scale);
void crg_rayleigh_pass_avx2(double *x, size_t n, double mode);
void crg_laplace_pass_avx2(double *out, const double *u, size_t n,
                           double loc, double scale);
void crg_log_near_pass_avx2(double *out, const double *x, size_t n);
#else
#define CRG_POW_KERNEL 0
#endif

/* 2 where the AVX2 kernels run, else 1 (libm's pow and log). */
static unsigned crg_pow_decided = 0;

static unsigned crg_pow_choose(void) {
#if CRG_POW_KERNEL
    return cr_kernel_runs(&crg_pow_decided, CR_CPU_AVX2 | CR_CPU_FMA, 2)
               ? 2
               : 1;
#else
    (void)crg_pow_decided;
    return 1;
#endif
}

#if CRG_POW_SHORTCUT
/* Values per step of the square and root passes. */
#define CRG_SHORTCUT_STEP 128

/* pow(x, y) for y = 2 (square) or 1/2 (else) over an array: the exact
 * square or root where it is sure, then the unsure ones (about one in
 * ten), listed without a branch (a branch per value mispredicts), from
 * pow; all read before out is written (out may be base, stride 1). */
static void crg_shortcut_pass(double *out, const double *base, size_t stride,
                              size_t n, int square) {
    double v[CRG_SHORTCUT_STEP];
    unsigned short unsure[CRG_SHORTCUT_STEP];
    size_t i, k, j, unsure_n;
    for (i = 0; i < n; i += CRG_SHORTCUT_STEP) {
        const size_t m = n - i < CRG_SHORTCUT_STEP ? n - i
                                                   : CRG_SHORTCUT_STEP;
        const double *x = base + i * stride;
        unsure_n = 0;
        if (square) {
            for (k = 0; k < m; k++) {
                const double xk = x[k * stride], p = xk * xk;
                unsure[unsure_n] = (unsigned short)k;
                unsure_n += !crg_square_is_sure(xk, p);
                v[k] = p;
            }
        } else {
            for (k = 0; k < m; k++) {
                const double xk = x[k * stride], r = sqrt(xk);
                unsure[unsure_n] = (unsigned short)k;
                unsure_n += !crg_root_is_sure(xk, r);
                v[k] = r;
            }
        }
        for (j = 0; j < unsure_n; j++) {
            k = unsure[j];
            v[k] = pow(x[k * stride], square ? crg_pow_two : crg_pow_half);
        }
        for (k = 0; k < m; k++) {
            out[i + k] = v[k];
        }
    }
}
#endif

void crg_pow_pass(double *out, const double *base, size_t stride, size_t n,
                  double y) {
    size_t j;
#if CRG_POW_SHORTCUT
    if (y == 2.0 || y == 0.5) {
        crg_shortcut_pass(out, base, stride, n, y == 2.0);
        return;
    }
#endif
#if CRG_POW_KERNEL
    if (fabs(y) <= CRG_POW_MAX_Y && crg_pow_choose() == 2) {
        crg_pow_pass_avx2(out, base, stride, n, y);
        return;
    }
#endif
    for (j = 0; j < n; j++) {
        out[j] = pow(base[j * stride], y);
    }
}

void crg_pow_pass_each(double *out, const double *x, const double *y,
                       size_t n) {
    size_t j;
#if CRG_POW_KERNEL
    if (crg_pow_choose() == 2) {
        crg_pow_pass_each_avx2(out, x, y, n);
        return;
    }
#endif
    for (j = 0; j < n; j++) {
        out[j] = crg_pow(x[j], y[j]);
    }
}

void crg_log_pass(double *out, const double *x, size_t n) {
    size_t j;
#if CRG_POW_KERNEL
    if (crg_pow_choose() == 2) {
        crg_log_pass_avx2(out, x, n);
        return;
    }
#endif
    for (j = 0; j < n; j++) {
        out[j] = log(x[j]);
    }
}

void crg_log_odds_pass(double *out, const double *x, size_t n, double loc,
                       double scale) {
    size_t j;
#if CRG_POW_KERNEL
    if (crg_pow_choose() == 2) {
        crg_log_odds_pass_avx2(out, x, n, loc, scale);
        return;
    }
#endif
    for (j = 0; j < n; j++) {
        out[j] = loc + scale * log(x[j] / (1.0 - x[j]));
    }
}

int crg_laplace_pass(double *out, const double *u, size_t n, double loc,
                     double scale) {
#if CRG_POW_KERNEL
    if (crg_pow_choose() == 2) {
        crg_laplace_pass_avx2(out, u, n, loc, scale);
        return 1;
    }
#endif
    (void)out;
    (void)u;
    (void)n;
    (void)loc;
    (void)scale;
    return 0;
}

void crg_rayleigh_pass(double *x, size_t n, double mode) {
    size_t j;
#if CRG_POW_KERNEL
    if (crg_pow_choose() == 2) {
        crg_rayleigh_pass_avx2(x, n, mode);
        return;
    }
#endif
    for (j = 0; j < n; j++) {
        x[j] = mode * sqrt(2.0 * x[j]);
    }
}

void crg_log_near_pass(double *out, const double *x, size_t n) {
    size_t j;
#if CRG_POW_KERNEL
    if (crg_pow_choose() == 2) {
        crg_log_near_pass_avx2(out, x, n);
        return;
    }
#endif
    for (j = 0; j < n; j++) {
        out[j] = log(x[j]);
    }
}

const char *crg_pow_backend(void) {
    return crg_pow_choose() == 2 ? "avx2" : "libm";
}
