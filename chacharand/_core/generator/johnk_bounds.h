/*
 * The tests of Johnk's beta trials where one side's exponent differs from
 * value to value (beta with a or b a broadcast array, the other scalar):
 * decided from logarithms made in passes, before it is known which value
 * (so which exponent) each trial serves.
 *
 * A trial is two uniforms u, v.  w is the array side's uniform, whose
 * power x = w**e takes the exponent e = 1 / (the parameter of the value
 * the trial serves); y is the scalar side's, whose power z = y**f has one
 * exponent f for every trial.  NumPy keeps the trial where x + z <= 1 (in
 * double arithmetic) and u + v > 0.  Since x + z <= 1 is, up to the
 * roundings of log, pow and the sum, e log w <= log(1 - z), a trial's test
 * with any e is a product and a comparison:
 *
 *   passes where e * below < lo, fails where e * above > hi,
 *
 * and lies within the slack of its line, to be tested with pow, where
 * neither holds (about one trial in 10**11, and u = v = 0).  With
 * p = fl(e log w) from a log to a relative 2**-49 (so p within 2**-48
 * of e log w, relatively), pow within an ULP, z within an ULP of pow's
 * (the exponent 2 takes the rounded square, which differs from pow's only
 * where y is far enough from 1 that the ULP is small beside 1 - z) and
 * r = log(fl(1 - z)) to a relative 2**-49:
 *
 *   x <= 1 - z, so fl(x + z) <= 1, where
 *     p + slack |p| < r - slack (4 + |r|) - near;
 *   x + z > 1 + 2**-53, so fl(x + z) > 1, where
 *     p - slack |p| > r + slack (4 + |r|) + near,
 *
 * slack = 2**-40, hundreds of times the relative errors it covers, and
 * near >= 2**-50 / (1 - z) covering the absolute ones of 1 - z and the
 * half-ULP above 1.  As log w < 0, p -+ slack |p| = e * (log w (1 +- slack))
 * up to roundings far below the slack: below and above.
 */
#ifndef CHACHARAND_JOHNK_BOUNDS_H
#define CHACHARAND_JOHNK_BOUNDS_H

#include <stddef.h>

#define CRG_JOHNK_SLACK 0x1p-40

/* The bounds of m trials, from their uniforms uv = u, v, u, v, ...: the
 * array side's uniform at uv[2 t + w_at] (w_at 0 where a is the array, 1
 * where b is), the scalar side's power with exponent f >= 1.  Fills
 * w[t], z[t] (for f = 2, fl(y * y)), below, above, lo and hi.  Trials whose u
 * and v are both 0 (drawn again) get below = NaN: they never pass
 * without pow's test, which refuses them. */
void crg_johnk_bounds(const double *uv, size_t m, size_t w_at, double f,
                      double *w, double *z, double *below, double *above,
                      double *lo, double *hi);

/* Whether the trial surely passes, or surely fails, with exponent e. */
static inline int crg_johnk_passes(double e, double below, double lo) {
    return e * below < lo;
}

static inline int crg_johnk_fails(double e, double above, double hi) {
    return e * above > hi;
}

#endif
