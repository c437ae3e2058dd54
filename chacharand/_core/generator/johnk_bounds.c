/*
 * The bounds of Johnk's beta trials (johnk_bounds.h), over a round of
 * trials: passes, each one loop.
 */
#include "johnk_bounds.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "pow_shortcut.h"

void crg_johnk_bounds(const double *uv, size_t m, size_t w_at, double f,
                      double *w, double *z, double *below, double *above,
                      double *lo, double *hi) {
    const size_t y_at = 1 - w_at;
    size_t t;
    /* z: for f = 2 (b or a = 1/2), the rounded square is within an ULP
     * of pow's, and far cheaper than pow's own */
    if (f == 2.0) {
        for (t = 0; t < m; t++) {
            z[t] = uv[2 * t + y_at] * uv[2 * t + y_at];
        }
    } else {
        crg_pow_pass(z, uv + y_at, 2, m, f);
    }
    for (t = 0; t < m; t++) {
        w[t] = uv[2 * t + w_at];
        hi[t] = 1.0 - z[t]; /* in (0, 1]: y < 1 and f >= 1 */
    }
    crg_log_near_pass(above, w, m);
    crg_log_near_pass(lo, hi, m);
    for (t = 0; t < m; t++) {
        const double r = lo[t], log_w = above[t];
        const double band = CRG_JOHNK_SLACK * (4.0 + fabs(r));
        /* 2**(-50 - E) for 1 - z in [2**E, 2**(E + 1)) (E >= -53), from
         * its bits: 2**-50 / (1 - z) or up to twice it */
        uint64_t bits;
        double near;
        memcpy(&bits, &hi[t], sizeof bits);
        bits = (UINT64_C(2046 - 50) - (bits >> 52)) << 52;
        memcpy(&near, &bits, sizeof near);
        below[t] = uv[2 * t] + uv[2 * t + 1] > 0.0
                       ? log_w * (1.0 - CRG_JOHNK_SLACK)
                       : NAN;
        above[t] = log_w * (1.0 + CRG_JOHNK_SLACK);
        hi[t] = r + band + near;
        lo[t] = r - band - near;
    }
}
