/*
 * The gamma distribution and what NumPy builds on it (beta, chi-square,
 * F, Student's t, Dirichlet; the noncentral chi-square and F, which also
 * draw a Poisson variate, are in dists_noncentral.h): part of
 * dists_template.h, which includes it after dists_fill.h.
 *
 * random_standard_gamma: shape 1 is an exponential, shape 0 is 0 (no
 * draw), shape < 1 is Johnk's/Ahrens-Dieter's rejection from a uniform
 * and an exponential, any other shape (NaN included) Marsaglia and
 * Tsang's method from a normal and a uniform.  Their b and c depend on
 * the shape only: crg_gamma_prep holds them, computed once per call for
 * a scalar shape.  Expressions and draws as in NumPy's distributions.c.
 */

static inline crg_gamma_prep crg_gamma_prepare(double shape) {
    crg_gamma_prep g;
    g.shape = shape;
    g.b = shape - 1. / 3.;
    g.c = 1. / sqrt(9 * g.b);
    /* the exponent of both of Johnk's powers, the same value NumPy forms
     * for each (and no division on the way to pow) */
    g.inv_shape = shape < 1.0 ? 1. / shape : 0.0;
    return g;
}

/*
 * CRG_GAMMA_MT(fn, qual, src_t, normal, uniform): Marsaglia and Tsang's
 * method (shape > 1, or NaN) as random_standard_gamma draws it, its
 * normals and uniforms normal(src) and uniform(src) from a source of type
 * src_t: the state (gamma_mt) or a cursor over a batch of words
 * (gamma_mt_c, for the fills of CRG_BATCH_FILL, always inlined into them:
 * called from a function per method, the batch fills measured 15% slower).
 * One algorithm, two word sources.
 */
#define CRG_GAMMA_MT(fn, qual, src_t, normal, uniform)                       \
    qual double fn(src_t src, const crg_gamma_prep *g) {                     \
        for (;;) {                                                           \
            double x, v, u;                                                  \
            do {                                                             \
                x = normal(src);                                             \
                v = 1.0 + g->c * x;                                          \
            } while (v <= 0.0);                                              \
            v = v * v * v;                                                   \
            u = uniform(src);                                                \
            if (u < 1.0 - 0.0331 * (x * x) * (x * x)) {                      \
                return (g->b * v);                                           \
            }                                                                \
            /* log(0.0) ok here */                                           \
            if (log(u) < 0.5 * x * x + g->b * (1. - v + log(v))) {           \
                return (g->b * v);                                           \
            }                                                                \
        }                                                                    \
    }
CRG_GAMMA_MT(CRG_FN(gamma_mt), static inline, CRG_STATE *, CRG_FN(gauss),
             CRG_FN(next_double))
CRG_GAMMA_MT(CRG_FN(gamma_mt_c), CR_FORCE_INLINE, CRG_FN(cursor) *,
             CRG_FN(cursor_gauss), CRG_FN(cursor_double))

/*
 * CRG_STD_GAMMA(fn, qual, src_t, uniform, expo, mt): random_standard_gamma
 * of any shape, drawing from a src_t source: the state or a cursor.
 * std_gamma_draw_in_line, always in line, is dirichlet's (GCC left a call
 * there once the unit held more: 0.66 -> 0.74 of PCG64's time).
 */
#define CRG_STD_GAMMA(fn, qual, src_t, uniform, expo, mt)                    \
    qual double fn(src_t src, const crg_gamma_prep *g) {                     \
        const double shape = g->shape;                                       \
        if (shape == 1.0) {                                                  \
            return expo(src);                                                \
        }                                                                    \
        if (shape == 0.0) {                                                  \
            return 0.0;                                                      \
        }                                                                    \
        if (shape < 1.0) {                                                   \
            for (;;) {                                                       \
                const double u = uniform(src);                               \
                const double v = expo(src);                                  \
                if (u <= 1.0 - shape) {                                      \
                    const double x = crg_pow(u, g->inv_shape);               \
                    if (x <= v) {                                            \
                        return x;                                            \
                    }                                                        \
                } else {                                                     \
                    const double y = -log((1 - u) / shape);                  \
                    const double x =                                         \
                        crg_pow(1.0 - shape + shape * y, g->inv_shape);      \
                    if (x <= (v + y)) {                                      \
                        return x;                                            \
                    }                                                        \
                }                                                            \
            }                                                                \
        }                                                                    \
        return mt(src, g);                                                   \
    }
CRG_STD_GAMMA(CRG_FN(std_gamma_draw_g), static inline, CRG_STATE *,
              CRG_FN(next_double), CRG_FN(expo), CRG_FN(gamma_mt))
CRG_STD_GAMMA(CRG_FN(std_gamma_draw_in_line), CR_FORCE_INLINE, CRG_STATE *,
              CRG_FN(next_double), CRG_FN(expo), CRG_FN(gamma_mt))
CRG_STD_GAMMA(CRG_FN(std_gamma_c_g), static inline, CRG_FN(cursor) *,
              CRG_FN(cursor_double), CRG_FN(cursor_expo), CRG_FN(gamma_mt_c))

/* random_standard_gamma_f: the same in float arithmetic (float draws,
 * powf/logf/sqrtf), b and c computed in float and held exactly. */
static inline crg_gamma_prep crg_gamma_prepare_f(float shape) {
    crg_gamma_prep g;
    const float b = shape - 1.0f / 3.0f;
    g.shape = shape;
    g.b = b;
    g.c = 1.0f / sqrtf(9.0f * b);
    g.inv_shape = shape < 1.0f ? 1.0f / shape : 0.0f; /* held exactly */
    return g;
}

static inline float CRG_FN(std_gamma_draw_f)(CRG_STATE *s,
                                             const crg_prep *p) {
    const crg_gamma_prep *g = &p->g1;
    const float shape = (float)g->shape, b = (float)g->b, c = (float)g->c;
    const float inv_shape = (float)g->inv_shape;
    if (shape == 1.0f) {
        return CRG_FN(expo_f)(s);
    }
    if (shape == 0.0) {
        return 0.0;
    }
    if (shape < 1.0f) {
        for (;;) {
            const float u = CRG_FN(next_float)(s);
            const float v = CRG_FN(expo_f)(s);
            if (u <= 1.0f - shape) {
                const float x = powf(u, inv_shape);
                if (x <= v) {
                    return x;
                }
            } else {
                const float y = -logf((1.0f - u) / shape);
                const float x = powf(1.0f - shape + shape * y, inv_shape);
                if (x <= (v + y)) {
                    return x;
                }
            }
        }
    }
    for (;;) {
        float x, v, u;
        do {
            x = CRG_FN(gauss_f)(s);
            v = 1.0f + c * x;
        } while (v <= 0.0f);
        v = v * v * v;
        u = CRG_FN(next_float)(s);
        if (u < 1.0f - 0.0331f * (x * x) * (x * x)) {
            return (b * v);
        }
        /* logf(0.0) ok here */
        if (logf(u) < 0.5f * x * x + b * (1.0f - v + logf(v))) {
            return (b * v);
        }
    }
}

static inline void CRG_FN(std_gamma_prep_f)(crg_prep *p) {
    p->g1 = crg_gamma_prepare_f((float)p->p[0]);
}

/* standard_gamma(shape), gamma(shape, scale): scale * standard gamma. */
static inline void CRG_FN(gamma_prep)(crg_prep *p) {
    p->g1 = crg_gamma_prepare(p->p[0]);
}

static inline double CRG_FN(std_gamma_draw)(CRG_STATE *s, const crg_prep *p) {
    return CRG_FN(std_gamma_draw_g)(s, &p->g1);
}

static inline double CRG_FN(gamma_draw)(CRG_STATE *s, const crg_prep *p) {
    return p->p[1] * CRG_FN(std_gamma_draw_g)(s, &p->g1);
}

/* random_chisquare: 2 * standard gamma of df / 2. */
static inline void CRG_FN(chisquare_prep)(crg_prep *p) {
    p->g1 = crg_gamma_prepare(p->p[0] / 2.0);
}

static inline double CRG_FN(chisquare_draw)(CRG_STATE *s, const crg_prep *p) {
    return 2.0 * CRG_FN(std_gamma_draw_g)(s, &p->g1);
}

/* random_standard_t: a normal, then a gamma of df / 2;
 * sqrt(df / 2) * normal / sqrt(gamma), sqrt(df / 2) in k[0]. */
static inline void CRG_FN(standard_t_prep)(crg_prep *p) {
    p->g1 = crg_gamma_prepare(p->p[0] / 2);
    p->k[0] = sqrt(p->p[0] / 2);
}

static inline double CRG_FN(standard_t_draw)(CRG_STATE *s,
                                             const crg_prep *p) {
    const double num = CRG_FN(gauss)(s);
    const double denom = CRG_FN(std_gamma_draw_g)(s, &p->g1);
    return p->k[0] * num / sqrt(denom);
}

/* random_f: chi-square(dfnum) * dfden over chi-square(dfden) * dfnum,
 * the numerator drawn first. */
static inline void CRG_FN(f_prep)(crg_prep *p) {
    p->g1 = crg_gamma_prepare(p->p[0] / 2.0);
    p->g2 = crg_gamma_prepare(p->p[1] / 2.0);
}

static inline double CRG_FN(f_draw)(CRG_STATE *s, const crg_prep *p) {
    const double num = 2.0 * CRG_FN(std_gamma_draw_g)(s, &p->g1) * p->p[1];
    const double den = 2.0 * CRG_FN(std_gamma_draw_g)(s, &p->g2) * p->p[0];
    return num / den;
}

/* random_beta: for a, b <= 1 Johnk's algorithm (with NumPy's shortcut
 * for a, b below 3e-103 and, from NumPy 2.1, its logarithmic form when
 * U**(1/a) or V**(1/b) underflows); else Ga / (Ga + Gb) from two gammas,
 * a's first. */
#define CRG_BETA_TINY 3e-103

static inline void CRG_FN(beta_prep)(crg_prep *p) {
    if (p->p[0] <= 1.0 && p->p[1] <= 1.0) {
        /* Johnk's exponents; no gammas (their shapes say so) */
        p->k[0] = 1.0 / p->p[0];
        p->k[1] = 1.0 / p->p[1];
        p->g1.shape = p->p[0];
        p->g2.shape = p->p[1];
        return;
    }
    p->k[0] = p->k[1] = 0.0; /* unused; set for the compiler's sake */
    p->g1 = crg_gamma_prepare(p->p[0]);
    p->g2 = crg_gamma_prepare(p->p[1]);
}

/* A value of Johnk's algorithm from an accepted trial: u, v and their
 * powers x, y. */
static inline double crg_beta_of_trial(double a, double b, double u,
                                       double v, double x, double y) {
    const double xpy = x + y;
    double log_x, log_y, delta;
    if ((x > 0) && (y > 0)) {
        return x / xpy;
    }
    /* x or y underflowed: x / (x + y) from logarithms */
    log_x = log(u) / a;
    log_y = log(v) / b;
    delta = log_x - log_y;
    if (delta > 0) {
        return exp(-log1p(exp(-delta)));
    }
    return exp(delta - log1p(exp(delta)));
}

static inline double CRG_FN(beta_draw)(CRG_STATE *s, const crg_prep *p) {
    const double a = p->p[0], b = p->p[1];
    if ((a <= 1.0) && (b <= 1.0)) {
        if (a < CRG_BETA_TINY && b < CRG_BETA_TINY) {
            /* 0 or 1 but with a probability below about 1e-100 */
            const double u = CRG_FN(next_double)(s);
            return (a + b) * u < a;
        }
        for (;;) {
            const double u = CRG_FN(next_double)(s);
            const double v = CRG_FN(next_double)(s);
            const double x = crg_pow(u, p->k[0]);
            const double y = crg_pow(v, p->k[1]);
            /* both u and v 0 (about 1 in 10**106) is drawn again */
            if ((x + y <= 1.0) && (u + v > 0.0)) {
                return crg_beta_of_trial(a, b, u, v, x, y);
            }
        }
    } else {
        const double ga = CRG_FN(std_gamma_draw_g)(s, &p->g1);
        const double gb = CRG_FN(std_gamma_draw_g)(s, &p->g2);
        return ga / (ga + gb);
    }
}

/*
 * Gamma draws of one scalar shape in (0, 1), times `factor`, in rounds of
 * trials (see dists_template.h).  A trial of random_standard_gamma's
 * rejection is a uniform u and an exponential v.  A round works out its
 * trials in passes: the logarithms of the trials with u > 1 - shape,
 * every trial's pow, then the tests.  The expressions are
 * std_gamma_draw_g's; a trial with u <= 1 - shape has y = 0, for which
 * the test x <= v + y is its x <= v.
 */
static void CRG_FN(gamma_trials)(CRG_STATE *s, double *out, size_t n,
                                 const crg_gamma_prep *g, double factor) {
    const double shape = g->shape, inv_shape = g->inv_shape;
    double u[CRG_TRIALS], v[CRG_TRIALS];
    double x[CRG_TRIALS], y[CRG_TRIALS], power[CRG_TRIALS];
    unsigned short upper[CRG_TRIALS];
    uint64_t words[CRG_SCRATCH];
    CRG_FN(cursor) c = CRG_FN(batch_cursor)(s, words);
    size_t done = 0;
    while (done < n) {
        const size_t m = crg_round_trials(n - done);
        size_t j, t, uppers = 0;
        for (j = 0; j < m; j++) {
            /* the words still to come: two at least per trial left */
            c.left = 2 * (m - j) - 1;
            u[j] = CRG_FN(cursor_double)(&c);
            v[j] = CRG_FN(cursor_expo)(&c);
            x[j] = u[j];
            y[j] = 0.0;
            upper[uppers] = (unsigned short)j;
            uppers += !(u[j] <= 1.0 - shape);
        }
        for (t = 0; t < uppers; t++) {
            const size_t k = upper[t];
            y[k] = -log((1 - u[k]) / shape);
        }
        for (t = 0; t < uppers; t++) {
            const size_t k = upper[t];
            x[k] = 1.0 - shape + shape * y[k];
        }
        crg_pow_pass(power, x, 1, m, inv_shape);
        for (j = 0; j < m; j++) {
            /* done + (m - j) <= n: out[done] is in the array */
            out[done] = factor * power[j];
            done += power[j] <= (v[j] + y[j]);
        }
    }
}

/*
 * Beta draws of scalar a, b <= 1 (Johnk's algorithm, not both below
 * CRG_BETA_TINY) in rounds of trials (see dists_template.h): a trial is
 * two uniforms, u then v.  Each round works out its trials' powers in two
 * passes, then keeps, in order, those with x + y <= 1 (and u + v > 0),
 * each turned into a value by crg_beta_of_trial.
 */
static void CRG_FN(beta_trials)(CRG_STATE *s, double *out, size_t n,
                                const crg_prep *g) {
    const double a = g->p[0], b = g->p[1];
    double uv[2 * CRG_TRIALS];
    double x[CRG_TRIALS], y[CRG_TRIALS];
    size_t done = 0;
    while (done < n) {
        const size_t m = crg_round_trials(n - done);
        size_t j;
        CRG_FN(random)(s, uv, 2 * m, NULL); /* u, v, u, v, ... */
        crg_pow_pass(x, uv, 2, m, g->k[0]);
        crg_pow_pass(y, uv + 1, 2, m, g->k[1]);
        for (j = 0; j < m; j++) {
            const double u = uv[2 * j], v = uv[2 * j + 1];
            if ((x[j] + y[j] <= 1.0) && (u + v > 0.0)) {
                out[done++] = crg_beta_of_trial(a, b, u, v, x[j], y[j]);
            }
        }
    }
}

/*
 * Beta draws where one of a and b is a broadcast array and the other a
 * scalar, and every value takes Johnk's algorithm (a, b <= 1, not both
 * below CRG_BETA_TINY), in rounds of trials.  A trial is two uniforms,
 * u then v, whichever value it serves; but the power of the array's
 * side takes the exponent of the value the trial serves, known only once
 * the trials before it are tested.  johnk_bounds.h makes each trial's
 * test, for any exponent, a product and a comparison, from logarithms
 * made in passes; the tests then run one after another through the
 * trials, and the few within the slack of their line call pow.  The
 * accepted trials' powers come from one pass with an exponent per value
 * (and, for the exponent 2, whose z the tests took rounded, from one pass
 * with the scalar side's).
 */
/* Trials tested together. */
#define CRG_JOHNK_AHEAD 4

static void CRG_FN(beta_trials_each)(CRG_STATE *s, double *out, size_t n,
                                     const double *vary, double fixed,
                                     int vary_is_a) {
    /* the exponent beta_prep makes */
    const double fixed_exp = 1.0 / fixed;
    /* where w and the scalar side's uniform y lie in a trial's pair */
    const size_t w_at = vary_is_a ? 0 : 1, y_at = 1 - w_at;
    double uv[2 * CRG_TRIALS];
    double w[CRG_TRIALS], z[CRG_TRIALS];
    double below[CRG_TRIALS + CRG_JOHNK_AHEAD];
    double above[CRG_TRIALS + CRG_JOHNK_AHEAD];
    double lo[CRG_TRIALS + CRG_JOHNK_AHEAD], hi[CRG_TRIALS + CRG_JOHNK_AHEAD];
    double e[CRG_TRIALS + CRG_JOHNK_AHEAD];
    double base[CRG_TRIALS], power[CRG_TRIALS], fixed_power[CRG_TRIALS];
    unsigned short trial_of[CRG_TRIALS + CRG_JOHNK_AHEAD];
    size_t done = 0;
    while (done < n) {
        /* m <= n - done: the values e[k] of the round's tests exist */
        const size_t m = crg_round_trials(n - done);
        size_t j, t, k = 0;
        CRG_FN(random)(s, uv, 2 * m, NULL); /* u, v, u, v, ... */
        crg_johnk_bounds(uv, m, w_at, fixed_exp, w, z, below, above, lo,
                         hi);
        for (j = 0; j < m; j++) {
            e[j] = 1.0 / vary[done + j];
        }
        /* past the round's trials and values: never passes, always fails
         * (which ends the tests), whatever its e in [1, inf] (positive
         * where a trial's logarithms are negative) */
        for (j = m; j < m + CRG_JOHNK_AHEAD; j++) {
            e[j] = 1.0;
            below[j] = above[j] = 1.0;
            lo[j] = hi[j] = -INFINITY;
        }
        /* The tests: trial t serves value done + k (k <= t).  The next
         * CRG_JOHNK_AHEAD trials are tested together as if each passed
         * (trial t + j serving value k + j): the leading passes are kept,
         * the trial after them fails (or, within the slack of its line,
         * is tested with pow).  No branch on an outcome, which is a
         * failure about one time in three. */
        t = 0;
        while (t < m) {
            unsigned passed = 0, failed = 0, lead;
            for (j = 0; j < CRG_JOHNK_AHEAD; j++) {
                passed |= (unsigned)crg_johnk_passes(e[k + j], below[t + j],
                                                     lo[t + j])
                          << j;
                failed |= (unsigned)crg_johnk_fails(e[k + j], above[t + j],
                                                    hi[t + j])
                          << j;
                trial_of[k + j] = (unsigned short)(t + j);
            }
            lead = (unsigned)CR_CTZ(~passed);
            k += lead;
            t += lead;
            if (CR_UNLIKELY(lead < CRG_JOHNK_AHEAD && t < m &&
                            !((failed >> lead) & 1u))) {
                /* beta_draw's test */
                const double x = crg_pow(w[t], e[k]);
                const double zt = crg_pow(uv[2 * t + y_at], fixed_exp);
                if ((x + zt <= 1.0) && (uv[2 * t] + uv[2 * t + 1] > 0.0)) {
                    trial_of[k++] = (unsigned short)t;
                }
            }
            t += lead < CRG_JOHNK_AHEAD;
        }
        for (j = 0; j < k; j++) {
            base[j] = w[trial_of[j]];
        }
        crg_pow_pass_each(power, base, e, k);
        /* the scalar side's powers as pow makes them: z is pow's but for
         * the exponent 2 */
        if (fixed_exp == 2.0) {
            for (j = 0; j < k; j++) {
                base[j] = uv[2 * trial_of[j] + y_at];
            }
            crg_pow_pass(fixed_power, base, 1, k, fixed_exp);
        } else {
            for (j = 0; j < k; j++) {
                fixed_power[j] = z[trial_of[j]];
            }
        }
        for (j = 0; j < k; j++) {
            const size_t tj = trial_of[j];
            const double u = uv[2 * tj], v = uv[2 * tj + 1];
            out[done + j] =
                vary_is_a
                    ? crg_beta_of_trial(vary[done + j], fixed, u, v,
                                        power[j], fixed_power[j])
                    : crg_beta_of_trial(fixed, vary[done + j], u, v,
                                        fixed_power[j], power[j]);
        }
        done += k;
    }
}

/*
 * The rounds of trials of the methods that have them, for the fills of
 * CRG_BATCH_FILL: with scalar parameters g, each draws the n values and
 * returns 1 where they take the rounds, else returns 0 and draws
 * nothing.  A factor times one gamma (std_gamma, gamma, chisquare) takes
 * gamma_trials for a shape in (0, 1); beta takes beta_trials for Johnk's
 * algorithm.
 */
static inline int crg_gamma1_small(const crg_prep *g) {
    return g->g1.shape > 0.0 && g->g1.shape < 1.0;
}

static inline int CRG_FN(no_rounds)(CRG_STATE *s, double *out, size_t n,
                                    const crg_prep *g) {
    (void)s;
    (void)out;
    (void)n;
    (void)g;
    return 0;
}

/* The rounds of a method that is `factor` times one gamma. */
#define CRG_GAMMA1_ROUNDS(name, factor)                                       \
    static inline int CRG_FN(name)(CRG_STATE *s, double *out, size_t n,      \
                                   const crg_prep *g) {                       \
        if (crg_gamma1_small(g)) {                                            \
            CRG_FN(gamma_trials)(s, out, n, &g->g1, (factor));                \
            return 1;                                                         \
        }                                                                     \
        return 0;                                                             \
    }

CRG_GAMMA1_ROUNDS(std_gamma_rounds, 1.0)
CRG_GAMMA1_ROUNDS(gamma_rounds, g->p[1])
CRG_GAMMA1_ROUNDS(chisquare_rounds, 2.0)

static inline int CRG_FN(beta_rounds)(CRG_STATE *s, double *out, size_t n,
                                      const crg_prep *g) {
    const double a = g->p[0], b = g->p[1];
    if ((a <= 1.0) && (b <= 1.0) &&
        !(a < CRG_BETA_TINY && b < CRG_BETA_TINY)) {
        CRG_FN(beta_trials)(s, out, n, g);
        return 1;
    }
    return 0;
}

/* The rounds of the broadcast calls that have them, the same way (and
 * each reads its arrays on past the values it drew): beta with a or b an
 * array, the other scalar, all values of Johnk's algorithm. */
static inline int CRG_FN(no_rounds_each)(CRG_STATE *s, double *out,
                                         size_t n, crg_args *a) {
    (void)s;
    (void)out;
    (void)n;
    (void)a;
    return 0;
}

static inline int CRG_FN(beta_rounds_each)(CRG_STATE *s, double *out,
                                           size_t n, crg_args *a) {
    const double *vary = a->pa != NULL ? a->pa : a->pb;
    const double fixed = a->pa != NULL ? a->b : a->a;
    size_t i;
    if ((a->pa == NULL) == (a->pb == NULL) || !(fixed <= 1.0)) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        if (!(vary[i] <= 1.0) ||
            (vary[i] < CRG_BETA_TINY && fixed < CRG_BETA_TINY)) {
            return 0;
        }
    }
    CRG_FN(beta_trials_each)(s, out, n, vary, fixed, a->pa != NULL);
    crg_params_advance(a, n);
    return 1;
}

/*
 * CRG_BATCH_FILL(name, prep, batched, draw_c, rounds, rounds_each): the
 * fill of a gamma-based method.  With scalar parameters, rounds(...)
 * draws the values in rounds of trials where the method has them
 * (above), as rounds_each(...) does for broadcast ones; where
 * batched(&g) holds instead (each gamma the method draws has a shape
 * above 1, or NaN: Marsaglia and Tsang's method), draw_c(&cursor, &g)
 * makes every value from a batch of words (see dists_template.h: at most
 * as many words as values are left); otherwise name_each draws value by
 * value.  The same values every way.
 */
#define CRG_BATCH_FILL(name, prep, batched, draw_c, rounds, rounds_each)      \
    static void CRG_FN(name)(void *st, void *out_, size_t n, crg_args *a) {  \
        crg_prep g;                                                           \
        const int scalar = a->pa == NULL && a->pb == NULL && a->pc == NULL;   \
        g.p[0] = a->a;                                                        \
        g.p[1] = a->b;                                                        \
        g.p[2] = a->c;                                                        \
        prep(&g);                                                             \
        if (scalar && rounds((CRG_STATE *)st, (double *)out_, n, &g)) {       \
            return;                                                           \
        }                                                                     \
        if (!scalar && rounds_each((CRG_STATE *)st, (double *)out_, n, a)) {  \
            return;                                                           \
        }                                                                     \
        if (scalar && batched(&g)) {                                          \
            uint64_t words[CRG_SCRATCH];                                      \
            double *out = (double *)out_;                                     \
            size_t i;                                                         \
            CRG_FN(cursor) c =                                                \
                CRG_FN(batch_cursor)((CRG_STATE *)st, words);                 \
            for (i = 0; i < n; i++) {                                         \
                c.left = n - i;                                               \
                out[i] = draw_c(&c, &g);                                      \
            }                                                                 \
            return;                                                           \
        }                                                                     \
        CRG_FN(name##_each)(st, out_, n, a);                                  \
    }

/* Whether the one gamma (g1), or both (g1, g2), take Marsaglia and
 * Tsang's method. */
static inline int crg_gamma1_mt(const crg_prep *g) {
    return !(g->g1.shape <= 1.0);
}

static inline int crg_gamma2_mt(const crg_prep *g) {
    return !(g->g1.shape <= 1.0) && !(g->g2.shape <= 1.0);
}

/* The draws of std_gamma_draw, gamma_draw, chisquare_draw,
 * standard_t_draw, f_draw and beta_draw where their gammas take
 * Marsaglia and Tsang's method, from a cursor: the same draws in the same
 * order, the same expressions. */
static inline double CRG_FN(std_gamma_c)(CRG_FN(cursor) *c,
                                         const crg_prep *p) {
    return CRG_FN(gamma_mt_c)(c, &p->g1);
}

static inline double CRG_FN(gamma_c)(CRG_FN(cursor) *c, const crg_prep *p) {
    return p->p[1] * CRG_FN(gamma_mt_c)(c, &p->g1);
}

static inline double CRG_FN(chisquare_c)(CRG_FN(cursor) *c,
                                         const crg_prep *p) {
    return 2.0 * CRG_FN(gamma_mt_c)(c, &p->g1);
}

static inline double CRG_FN(standard_t_c)(CRG_FN(cursor) *c,
                                          const crg_prep *p) {
    const double num = CRG_FN(cursor_gauss)(c);
    const double denom = CRG_FN(gamma_mt_c)(c, &p->g1);
    return p->k[0] * num / sqrt(denom);
}

static inline double CRG_FN(f_c)(CRG_FN(cursor) *c, const crg_prep *p) {
    const double num = 2.0 * CRG_FN(gamma_mt_c)(c, &p->g1) * p->p[1];
    const double den = 2.0 * CRG_FN(gamma_mt_c)(c, &p->g2) * p->p[0];
    return num / den;
}

static inline double CRG_FN(beta_c)(CRG_FN(cursor) *c, const crg_prep *p) {
    const double ga = CRG_FN(gamma_mt_c)(c, &p->g1);
    const double gb = CRG_FN(gamma_mt_c)(c, &p->g2);
    return ga / (ga + gb);
}

/*
 * CRG_GAMMA_EACH(name, prep, other_c, mt_c, no_draw): standard_gamma,
 * gamma or chisquare value by value: each value with its own parameters
 * (a broadcast call), or a scalar shape that CRG_BATCH_FILL's rounds and
 * batch leave.  Where every value takes a word at least -- no shape
 * parameter x with no_draw(x), whose gamma has shape 0 and draws nothing
 * -- the words come in batches (see dists_template.h); otherwise from the
 * state itself.  The constants are made again only where the shape
 * parameter varies.  Never in line, as CRG_CONT_FILL (standard_gamma(2.5)
 * 0.57 -> 0.49 of PCG64's time, AVX2 EPYC).
 *
 * CRG_GAMMA_EACH_LOOP draws the values: a run of shapes that take
 * Marsaglia and Tsang's method (mt_c) in a loop of its own, the other
 * shapes (other_c: shape 1, 0 or below 1) through a function out of
 * line.  In one loop, the code for every shape beside Marsaglia and
 * Tsang's cost 1.9 ns a value (gamma(array) 0.64 -> 0.60).
 */
#define CRG_GAMMA_EACH_LOOP(first_cursor, prep, mt_c, other_c)                \
    do {                                                                      \
        CRG_FN(cursor) c = (first_cursor);                                    \
        const double *const pa = a->pa, *const pb = a->pb;                    \
        crg_prep g;                                                           \
        size_t i = 0;                                                         \
        g.p[0] = a->a;                                                        \
        g.p[1] = a->b;                                                        \
        prep(&g);                                                             \
        while (i < n) {                                                       \
            if (pa && pa[i] != g.p[0]) {                                      \
                g.p[0] = pa[i];                                               \
                prep(&g);                                                     \
            }                                                                 \
            if (pb) {                                                         \
                g.p[1] = pb[i];                                               \
            }                                                                 \
            c.left = n - i;                                                   \
            if (!crg_gamma1_mt(&g)) {                                         \
                out[i++] = other_c(&c, &g);                                   \
                continue;                                                     \
            }                                                                 \
            for (;;) { /* the run of Marsaglia and Tsang's shapes */          \
                out[i++] = mt_c(&c, &g);                                      \
                if (i == n) {                                                 \
                    break;                                                    \
                }                                                             \
                if (pa && pa[i] != g.p[0]) {                                  \
                    g.p[0] = pa[i];                                           \
                    prep(&g);                                                 \
                    if (!crg_gamma1_mt(&g)) {                                 \
                        break;                                                \
                    }                                                         \
                }                                                             \
                if (pb) {                                                     \
                    g.p[1] = pb[i];                                           \
                }                                                             \
                c.left = n - i;                                               \
            }                                                                 \
        }                                                                     \
        /* The next chunk reads on where this one stopped. */                 \
        if (pa) {                                                             \
            a->pa += n;                                                       \
        }                                                                     \
        if (pb) {                                                             \
            a->pb += n;                                                       \
        }                                                                     \
    } while (0)

#define CRG_GAMMA_EACH(name, prep, other_c, mt_c, no_draw)                    \
    static CR_NOINLINE void CRG_FN(name)(void *st, void *out_, size_t n,     \
                                         crg_args *a) {                      \
        uint64_t words[CRG_SCRATCH];                                          \
        double *out = (double *)out_;                                         \
        CRG_FN(cursor) first = CRG_FN(state_cursor)((CRG_STATE *)st);         \
        size_t i;                                                             \
        int every_value_draws = !no_draw(a->a);                             \
        if (a->pa) {                                                          \
            every_value_draws = 1;                                            \
            for (i = 0; i < n && every_value_draws; i++) {                    \
                every_value_draws = !no_draw(a->pa[i]);                     \
            }                                                                 \
        }                                                                     \
        if (every_value_draws) {                                              \
            first.words = words;                                              \
        }                                                                     \
        CRG_GAMMA_EACH_LOOP(first, prep, mt_c, other_c);                      \
    }

/* The shape parameters whose gamma has shape 0 and draws nothing. */
#define CRG_SHAPE_ZERO(x) ((x) == 0.0)
#define CRG_DF_ZERO(x) ((x) / 2.0 == 0.0)

/* The draws of CRG_GAMMA_EACH's other shapes (1, 0 and below 1): one
 * copy of std_gamma_c_g out of line for the three methods (a copy in
 * each took the inlining that dirichlet's draws need: 0.66 -> 0.74 of
 * PCG64's time). */
static CR_NOINLINE double CRG_FN(std_gamma_c_out_of_line)(
    CRG_FN(cursor) *c, const crg_gamma_prep *g) {
    return CRG_FN(std_gamma_c_g)(c, g);
}

static inline double CRG_FN(std_gamma_other_c)(CRG_FN(cursor) *c,
                                               const crg_prep *p) {
    return CRG_FN(std_gamma_c_out_of_line)(c, &p->g1);
}

static inline double CRG_FN(gamma_other_c)(CRG_FN(cursor) *c,
                                           const crg_prep *p) {
    return p->p[1] * CRG_FN(std_gamma_c_out_of_line)(c, &p->g1);
}

static inline double CRG_FN(chisquare_other_c)(CRG_FN(cursor) *c,
                                               const crg_prep *p) {
    return 2.0 * CRG_FN(std_gamma_c_out_of_line)(c, &p->g1);
}

CRG_GAMMA_EACH(std_gamma_each, CRG_FN(gamma_prep), CRG_FN(std_gamma_other_c),
               CRG_FN(std_gamma_c), CRG_SHAPE_ZERO)
CRG_BATCH_FILL(std_gamma, CRG_FN(gamma_prep), crg_gamma1_mt,
               CRG_FN(std_gamma_c), CRG_FN(std_gamma_rounds),
               CRG_FN(no_rounds_each))
CRG_CONT_FILL(std_gamma_f, CRG_FN(std_gamma_prep_f), CRG_FN(std_gamma_draw_f),
              float)
CRG_GAMMA_EACH(gamma_each, CRG_FN(gamma_prep), CRG_FN(gamma_other_c),
               CRG_FN(gamma_c), CRG_SHAPE_ZERO)
CRG_BATCH_FILL(gamma, CRG_FN(gamma_prep), crg_gamma1_mt, CRG_FN(gamma_c),
               CRG_FN(gamma_rounds), CRG_FN(no_rounds_each))
CRG_GAMMA_EACH(chisquare_each, CRG_FN(chisquare_prep),
               CRG_FN(chisquare_other_c), CRG_FN(chisquare_c), CRG_DF_ZERO)
CRG_BATCH_FILL(chisquare, CRG_FN(chisquare_prep), crg_gamma1_mt,
               CRG_FN(chisquare_c), CRG_FN(chisquare_rounds),
               CRG_FN(no_rounds_each))
CRG_CONT_FILL(standard_t_each, CRG_FN(standard_t_prep),
              CRG_FN(standard_t_draw), double)
CRG_BATCH_FILL(standard_t, CRG_FN(standard_t_prep), crg_gamma1_mt,
               CRG_FN(standard_t_c), CRG_FN(no_rounds), CRG_FN(no_rounds_each))
CRG_CONT_FILL(f_each, CRG_FN(f_prep), CRG_FN(f_draw), double)
CRG_BATCH_FILL(f, CRG_FN(f_prep), crg_gamma2_mt, CRG_FN(f_c),
               CRG_FN(no_rounds), CRG_FN(no_rounds_each))
CRG_CONT_FILL(beta_each, CRG_FN(beta_prep), CRG_FN(beta_draw), double)
CRG_BATCH_FILL(beta, CRG_FN(beta_prep), crg_gamma2_mt, CRG_FN(beta_c),
               CRG_FN(beta_rounds), CRG_FN(beta_rounds_each))

/*
 * dirichlet: n rows of k = ia values each (one "value" of the fill is a
 * row), from the k alphas in pa (read again for each row: not advanced).
 * NumPy's Generator.dirichlet chooses the algorithm: for ib == 0, a row is
 * k gammas normalised by their sum (times 1 / sum); for ib != 0 (every
 * alpha below 0.1) it is stick-breaking by betas, with pb[j] the sum of
 * alpha[j..k-1] (summed right to left), and a row stops at the first
 * j with pb[j + 1] == 0, leaving the rest as the caller zeroed them.
 */
/* The gamma constants of up to this many alphas are prepared once per
 * call (on the stack), those of further alphas once per value. */
#define CRG_DIRICHLET_PREPARED 64

/* A row of stick-breaking betas (ib != 0), the constants of the first
 * `prepared_k` made ahead (prepared[j]: beta(alpha[j], csum[j + 1])). */
static inline void CRG_FN(dirichlet_betas)(CRG_STATE *s, double *row,
                                           const double *alpha,
                                           const double *csum,
                                           const crg_prep *prepared,
                                           size_t prepared_k, size_t k) {
    crg_prep g;
    double acc = 1.;
    size_t j;
    for (j = 0; j + 1 < k; j++) {
        double v;
        if (j < prepared_k) {
            v = CRG_FN(beta_draw)(s, &prepared[j]);
        } else {
            g.p[0] = alpha[j];
            g.p[1] = csum[j + 1];
            CRG_FN(beta_prep)(&g);
            v = CRG_FN(beta_draw)(s, &g);
        }
        row[j] = acc * v;
        acc *= (1. - v);
        if (csum[j + 1] == 0) {
            break;
        }
    }
    row[k - 1] = acc;
}

/* A row of k gammas, the first `prepared_k` from their prepared
 * constants; their sum returned. */
static inline double CRG_FN(dirichlet_gammas)(CRG_STATE *s, double *row,
                                              const double *alpha,
                                              const crg_gamma_prep *prepared,
                                              size_t prepared_k, size_t k) {
    double acc = 0.;
    size_t j;
    for (j = 0; j < prepared_k; j++) {
        row[j] = CRG_FN(std_gamma_draw_in_line)(s, &prepared[j]);
        acc = acc + row[j];
    }
    for (; j < k; j++) {
        const crg_gamma_prep gp = crg_gamma_prepare(alpha[j]);
        row[j] = CRG_FN(std_gamma_draw_g)(s, &gp);
        acc = acc + row[j];
    }
    return acc;
}

static inline void CRG_FN(dirichlet_scale)(double *row, double invacc,
                                           size_t k) {
    size_t j;
    for (j = 0; j < k; j++) {
        row[j] = row[j] * invacc;
    }
}

static void CRG_FN(dirichlet)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    double *row = (double *)out_;
    const double *alpha = a->pa;
    const size_t k = (size_t)a->ia;
    crg_gamma_prep prepared[CRG_DIRICHLET_PREPARED];
    double *last = NULL, last_inv = 0.;
    size_t r, j, prepared_k;
    if (a->ib) {
        /* every row's betas have the same parameters: their constants
         * are made once */
        crg_prep betas[CRG_DIRICHLET_PREPARED];
        prepared_k = k == 0 ? 0
                     : k - 1 < CRG_DIRICHLET_PREPARED ? k - 1
                                                      : CRG_DIRICHLET_PREPARED;
        for (j = 0; j < prepared_k; j++) {
            betas[j].p[0] = alpha[j];
            betas[j].p[1] = a->pb[j + 1];
            CRG_FN(beta_prep)(&betas[j]);
        }
        for (r = 0; r < n; r++, row += k) {
            CRG_FN(dirichlet_betas)(s, row, alpha, a->pb, betas, prepared_k,
                                    k);
        }
        return;
    }
    prepared_k = k < CRG_DIRICHLET_PREPARED ? k : CRG_DIRICHLET_PREPARED;
    for (j = 0; j < prepared_k; j++) {
        prepared[j] = crg_gamma_prepare(alpha[j]);
    }
    /* Each row is scaled by 1 / (its sum) once the next row is drawn, so
     * that the division's latency is spent drawing. */
    for (r = 0; r < n; r++, row += k) {
        const double inv =
            1. / CRG_FN(dirichlet_gammas)(s, row, alpha, prepared,
                                          prepared_k, k);
        if (last != NULL) {
            CRG_FN(dirichlet_scale)(last, last_inv, k);
        }
        last = row;
        last_inv = inv;
    }
    if (last != NULL) {
        CRG_FN(dirichlet_scale)(last, last_inv, k);
    }
}
