/*
 * Poisson's tests decided within a margin where lam changes from value to
 * value (negative_binomial, poisson with a broadcast lam): NumPy's
 * expressions need logarithms and an exponential for each new lam, and
 * most tests lie far enough from their line to be told from cheaper
 * values.  Each test gives the C library's answer, or says it cannot.
 *
 * PTRS's final test (lam >= 10: Hormann's transformed rejection with
 * squeeze).  A trial that the squeeze neither keeps nor refuses keeps k
 * where
 *
 *   fl(fl(log v + log invalpha) - log q) <= rhs,   q = fl(a / fl(us us) + b),
 *
 * rhs = fl(fl(-lam + fl(k log lam)) - loggam(k + 1)).  The right side is
 * made as NumPy makes it; the left is taken from one logarithm,
 * L = log(fl(fl(v invalpha) / q)).  With the C library's log within 2
 * ULPs (a relative 2**-51), NumPy's left side is within 2**-50 (|log v| +
 * |log invalpha| + |log q|) of log v + log invalpha - log q, and L within
 * 2**-51 + 2**-51 |L| of it (the two roundings of the quotient move its
 * logarithm by 2**-52 at most).  Here log v <= 0 and log q > 0 (q > b >
 * 8.9), and log invalpha is in (0.11, 0.29) (invalpha in (1.12, 1.33)),
 * so the three magnitudes sum to |L| + 0.6 at most, and the two left
 * sides differ by less than 2**-49 (|L| + 1).  The test is decided where
 * L lies further than slack (|L| + 1) from rhs, and left to the three
 * logarithms otherwise (about one trial in 10**10, and v = 0, whose
 * logarithm is infinite).
 *
 * The multiplication method (0 < lam < 10) counts the uniforms whose
 * running product stays above exp(-lam).  With y = 1023 - lam log2(e),
 * the double whose bits are y 2**52 (as an integer) is d =
 * 2**floor(y - 1023) (1 + frac(y)), and 2**f <= 1 + f <= 1.0615 2**f for
 * f in [0, 1]: exp(-lam) is in [d / 1.0615, d], up to the roundings of y
 * (2**-42 of y, below 2**-42 of the result) and exp's ULP.  A product
 * above d (1 + slack) goes on, one at most 0.942 d stops, and one
 * between them (about one draw in 16) takes exp itself.
 *
 * slack = 2**-40: hundreds of times the errors it covers in PTRS's test,
 * and in the bounds around exp(-lam) for the lam below 10 that take them
 * (the rounding of y grows with lam: 2**-42.5 of the result at lam =
 * 700, where the slack is still 5 times it).
 */
#ifndef CHACHARAND_POISSON_BOUNDS_H
#define CHACHARAND_POISSON_BOUNDS_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#define CRG_POISSON_SLACK 0x1p-40

/* PTRS's final test: 1 where the trial surely keeps k, 0 where it surely
 * draws again, -1 where the three logarithms must decide. */
static inline int crg_ptrs_verdict(double v, double q, double invalpha,
                                   double rhs) {
    const double left = log(v * invalpha / q);
    const double band = CRG_POISSON_SLACK * (fabs(left) + 1.0);
    if (left < rhs - band) {
        return 1;
    }
    if (left > rhs + band) {
        return 0;
    }
    return -1; /* NaN too: v = 0 gives -inf, and -inf + inf */
}

/* Bounds around exp(-lam) for 0 <= lam <= 700: the C library's
 * exp(-lam) lies in [*low, *high] (both exp(-lam) itself for other lam,
 * NaN included). */
static inline void crg_exp_bounds(double lam, double *low, double *high) {
    if (lam >= 0.0 && lam <= 700.0) {
        /* y = 1023 - lam log2(e); its bits scaled as a double's are
         * 2**floor(y - 1023) (1 + frac(y)) */
        const double y = 1023.0 - lam * 0x1.71547652b82fep0;
        const uint64_t bits = (uint64_t)(y * 0x1p52);
        double d;
        memcpy(&d, &bits, sizeof d);
        *high = d * (1.0 + CRG_POISSON_SLACK);
        *low = d * 0.942;
    } else {
        *low = *high = exp(-lam);
    }
}

#endif
