/*
 * Continuous distributions by transformation of one uniform, normal or
 * exponential draw (or two): part of dists_template.h, which includes it
 * after dists_fill.h.  Each draw function follows the NumPy function of
 * distributions.c named in its comment: the same draws in the same
 * order, the same expressions (parenthesised as C groups NumPy's), the
 * same libm functions.
 */

/* M_PI, which strict C99 does not define. */
#define CRG_PI 3.14159265358979323846

/* a where `take_a`, else b, by masking their bits: a select that the
 * compiler cannot turn back into a branch. */
static inline double crg_pick(int take_a, double a, double b) {
    const uint64_t mask = (uint64_t)0 - (uint64_t)(take_a != 0);
    uint64_t ba, bb, r;
    double out;
    memcpy(&ba, &a, sizeof ba);
    memcpy(&bb, &b, sizeof bb);
    r = (ba & mask) | (bb & ~mask);
    memcpy(&out, &r, sizeof out);
    return out;
}

/* laplace's value of a uniform u > 0: NumPy's two branches as selects
 * (u >= 0.5 is a coin toss, which a branch mispredicts half the time).
 * log's argument is 2 - u - u or u + u, and the value loc - scale * l or
 * loc + scale * l: the same operations on the same operands. */
static inline double crg_laplace_of(double u, double loc, double scale) {
    const int upper = u >= 0.5;
    const double t = scale * log(crg_pick(upper, 2.0 - u - u, u + u));
    return crg_pick(upper, loc - t, loc + t);
}

/* The exponent 1 / a of weibull and power, made once for a scalar a. */
static inline void CRG_FN(inverse_prep)(crg_prep *g) {
    g->k[0] = 1. / g->p[0];
}

/* random_weibull: E ** (1 / a); a == 0 gives 0 and draws nothing. */
static inline double CRG_FN(weibull_draw)(CRG_STATE *s, const crg_prep *g) {
    if (g->p[0] == 0.0) {
        return 0.0;
    }
    return crg_pow(CRG_FN(expo)(s), g->k[0]);
}

/* random_rayleigh: mode * sqrt(2 E). */
static inline double CRG_FN(rayleigh_draw)(CRG_STATE *s, const crg_prep *g) {
    return g->p[0] * sqrt(2.0 * CRG_FN(expo)(s));
}

/* random_standard_cauchy: the ratio of two normals, numerator first. */
static inline double CRG_FN(cauchy_draw)(CRG_STATE *s, const crg_prep *g) {
    const double num = CRG_FN(gauss)(s);
    const double den = CRG_FN(gauss)(s);
    (void)g;
    return num / den;
}

/* random_wald: Michael, Schucany and Haas's method, in the form of NumPy
 * 2.3.4 and later (X from d = 1 + sqrt(1 + 4 scale / Y), which does not
 * cancel); then one uniform picks X or mean**2 / X.  From a cursor: every
 * value draws a normal and a uniform, two words at least, so the fill
 * takes its words in batches (see dists_template.h). */
static inline double CRG_FN(wald_c)(CRG_FN(cursor) *c, double mean,
                                    double scale) {
    double y = CRG_FN(cursor_gauss)(c), d, x;
    y = mean * y * y;
    d = 1 + sqrt(1 + 4 * scale / y);
    x = mean * (1 - 2 / d);
    if (CRG_FN(cursor_double)(c) <= mean / (mean + x)) {
        return x;
    }
    return mean * mean / x;
}

/* random_triangular: inversion of one uniform, with the ratio and the two
 * products NumPy computes from the parameters (k). */
static inline void CRG_FN(triangular_prep)(crg_prep *g) {
    const double left = g->p[0], mode = g->p[1], right = g->p[2];
    const double base = right - left, leftbase = mode - left;
    g->k[0] = leftbase / base;
    g->k[1] = leftbase * base;
    g->k[2] = (right - mode) * base;
}

static inline double CRG_FN(triangular_draw)(CRG_STATE *s,
                                             const crg_prep *g) {
    const double u = CRG_FN(next_double)(s);
    if (u <= g->k[0]) {
        return g->p[0] + sqrt(u * g->k[1]);
    }
    return g->p[2] - sqrt((1.0 - u) * g->k[2]);
}

/* random_vonmises: Best and Fisher's rejection for moderate kappa (its
 * s from kappa in k[0]), a uniform angle for tiny kappa, a wrapped
 * normal for huge kappa; NaN kappa gives NaN and draws nothing. */
static inline void CRG_FN(vonmises_prep)(crg_prep *g) {
    const double kappa = g->p[1];
    if (kappa < 1e-5) {
        /* second order Taylor expansion around kappa = 0 */
        g->k[0] = 1. / kappa + kappa;
    } else if (kappa <= 1e6) {
        const double r = 1 + sqrt(1 + 4 * kappa * kappa);
        const double rho = (r - sqrt(2 * r)) / (2 * kappa);
        g->k[0] = (1 + rho * rho) / (2 * rho);
    }
}

/* Best and Fisher's rejection (kappa from 1e-8 to 1e6): the accepted
 * w, and in *u the uniform drawn after it, which picks the sign. */
static inline double CRG_FN(vonmises_w)(CRG_STATE *s, const crg_prep *g,
                                        double *u) {
    const double kappa = g->p[1], sv = g->k[0];
    double w;
    for (;;) {
        double z, y, v;
        *u = CRG_FN(next_double)(s);
        z = cos(CRG_PI * *u);
        w = (1 + sv * z) / (sv + z);
        y = kappa * (sv - w);
        v = CRG_FN(next_double)(s);
        /* v == 0 is fine: y >= 0 accepts at the first test, y < 0
         * rejects at both */
        if ((y * (2 - y) - v >= 0) || (log(y / v) + 1 - y >= 0)) {
            break;
        }
    }
    *u = CRG_FN(next_double)(s);
    return w;
}

/* The value of an accepted w's angle acos(w), the sign's uniform u and
 * mu: the angle signed, moved by mu and wrapped into [-pi, pi]. */
static inline double crg_vonmises_of(double angle, double u, double mu) {
    double result = angle, mod;
    int neg;
    if (u < 0.5) {
        result = -result;
    }
    result += mu;
    neg = (result < 0);
    mod = fabs(result);
    mod = (fmod(mod + CRG_PI, 2 * CRG_PI) - CRG_PI);
    if (neg) {
        mod *= -1;
    }
    return mod;
}

/* Whether vonmises draws by Best and Fisher's rejection. */
static inline int crg_vonmises_rejects(double kappa) {
    return !isnan(kappa) && !(kappa < 1e-8) && !(kappa > 1e6);
}

static inline double CRG_FN(vonmises_draw)(CRG_STATE *s, const crg_prep *g) {
    const double mu = g->p[0], kappa = g->p[1];
    double u, w;
    if (isnan(kappa)) {
        return NAN; /* NumPy's NaN, not kappa's payload */
    }
    if (kappa < 1e-8) {
        return CRG_PI * (2 * CRG_FN(next_double)(s) - 1);
    }
    if (kappa > 1e6) {
        double result = mu + sqrt(1. / kappa) * CRG_FN(gauss)(s);
        if (result < -CRG_PI) {
            result += 2 * CRG_PI;
        }
        if (result > CRG_PI) {
            result -= 2 * CRG_PI;
        }
        return result;
    }
    w = CRG_FN(vonmises_w)(s, g, &u);
    return crg_vonmises_of(acos(w), u, mu);
}

/*
 * Fills in passes.  A value made by libm calls in a row (-expm1 then pow,
 * log then log) is a chain of dependent latencies, longer than the
 * processor can look ahead past; a loop with one call per value lets it
 * overlap the calls of neighbouring values.  So the fills below draw a
 * piece of standard values into out, then run each step over the whole
 * piece: `first`, then `then`, each an expression of the value v it
 * replaces (and of the parameters pa = a->a, pb = a->b).  Every value
 * meets the same operations in the same order as in NumPy's loop.
 */
#define CRG_PASS(out, k, step)                                               \
    do {                                                                     \
        size_t i_;                                                           \
        for (i_ = 0; i_ < (k); i_++) {                                       \
            const double v = (out)[i_];                                      \
            (out)[i_] = (step);                                              \
        }                                                                    \
    } while (0)

/* CRG_PASS with parameters pa and pb each value's own where pas (pbs) is
 * an array, else a->a (a->b). */
#define CRG_PASS_EACH_AB(out, pas, pbs, a, k, step)                          \
    do {                                                                     \
        size_t i_;                                                           \
        for (i_ = 0; i_ < (k); i_++) {                                       \
            const double pa = CRG_PARAM(pas, (a)->a, i_);                    \
            const double pb = CRG_PARAM(pbs, (a)->b, i_);                    \
            const double v = (out)[i_];                                      \
            (void)pa;                                                        \
            (void)pb;                                                        \
            (out)[i_] = (step);                                              \
        }                                                                    \
    } while (0)

/*
 * CRG_UNIFORM_FILL(name, steps, last): the fill `name` of a distribution
 * that inverts one uniform and draws it again while it is 0 (laplace,
 * logistic, gumbel).  A piece of uniforms goes straight into out
 * (random's fill: as many words as values are left, each value taking at
 * least one), the zeros are dropped, and the rest become values:
 * steps(piece, k) works on the piece in passes that need no parameters,
 * then the step `last` (an expression of v, pa = loc and pb = scale) with
 * scalar parameters or each value's own; or, with scalar parameters,
 * fused(piece, k, pa, pb) (an expression: 1 where it took both, else 0:
 * laplace's and logistic's logs four at a time, pow_shortcut.h) in one
 * pass.  The values a zero leaves out
 * come from the next piece.  So the same words make the same values as
 * NumPy's loop, and the bit generator ends in the same place.
 */
#define CRG_UNIFORM_FILL(name, steps, last, fused)                           \
    static void CRG_FN(name)(void *st, void *out_, size_t n, crg_args *a) {  \
        double *out = (double *)out_;                                        \
        const double pa = a->a, pb = a->b;                                   \
        const double *pas = a->pa, *pbs = a->pb;                             \
        size_t done = 0;                                                     \
        crg_params_advance(a, n);                                            \
        while (done < n) {                                                   \
            double *piece = out + done;                                      \
            size_t k = n - done < CRG_SCRATCH ? n - done : CRG_SCRATCH;      \
            size_t i, kept = 0;                                              \
            CRG_FN(random)(st, piece, k, a);                                 \
            for (i = 0; i < k; i++) {                                        \
                if (CR_LIKELY(piece[i] != 0.0)) {                            \
                    piece[kept++] = piece[i];                                \
                }                                                            \
            }                                                                \
            if (pas == NULL && pbs == NULL && fused(piece, kept, pa, pb)) {  \
                /* the steps and the last, in one pass */                    \
            } else if (pas == NULL && pbs == NULL) {                         \
                steps(piece, kept);                                          \
                CRG_PASS(piece, kept, last);                                 \
            } else {                                                         \
                steps(piece, kept);                                          \
                const double *ps = pas != NULL ? pas + done : NULL;          \
                const double *qs = pbs != NULL ? pbs + done : NULL;          \
                CRG_PASS_EACH_AB(piece, ps, qs, a, kept, last);              \
            }                                                                \
            done += kept;                                                    \
        }                                                                    \
    }

/*
 * CRG_ZIGGURAT_PASSES(name, fill, first, then): the fill `name` of a
 * distribution of one standard exponential or normal (fill: std_exp or
 * std_normal, whose calls piece by piece take the words one call takes)
 * whose parameters never spare the draw: a piece of the standard values,
 * then the two passes, with scalar parameters or each value's own.
 */
#define CRG_ZIGGURAT_PASSES(name, fill, first, then)                         \
    static void CRG_FN(name)(void *st, void *out_, size_t n, crg_args *a) {  \
        double *out = (double *)out_;                                        \
        const double pa = a->a, pb = a->b;                                   \
        const double *pas = a->pa, *pbs = a->pb;                             \
        crg_params_advance(a, n);                                            \
        while (n > 0) {                                                      \
            const size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH;              \
            CRG_FN(fill)(st, out, k, a);                                     \
            if (pas == NULL && pbs == NULL) {                                \
                (void)pb;                                                    \
                CRG_PASS(out, k, first);                                     \
                CRG_PASS(out, k, then);                                      \
            } else {                                                         \
                CRG_PASS_EACH_AB(out, pas, pbs, a, k, first);                \
                CRG_PASS_EACH_AB(out, pas, pbs, a, k, then);                 \
                pas = pas != NULL ? pas + k : NULL;                          \
                pbs = pbs != NULL ? pbs + k : NULL;                          \
            }                                                                \
            out += k;                                                        \
            n -= k;                                                          \
        }                                                                    \
    }

/*
 * CRG_ONE_OR_EACH(name, drawn): the fill `name` of a distribution that is
 * a function of one ziggurat draw: with scalar parameters for which
 * `drawn` (an expression of a) holds, name_one (CRG_ZIGGURAT_FILL: each
 * value made as it is drawn), otherwise name_each (CRG_ZIGGURAT_PASSES,
 * or value by value: CRG_CONT_FILL).  The same values either way.
 * (weibull with a == 0 draws nothing, so it has no batch.)
 */
#define CRG_ONE_OR_EACH(name, drawn)                                         \
    static void CRG_FN(name)(void *st, void *out, size_t n, crg_args *a) {   \
        if (a->pa == NULL && a->pb == NULL && a->pc == NULL && (drawn)) {    \
            CRG_FN(name##_one)(st, out, n, a);                               \
        } else {                                                             \
            CRG_FN(name##_each)(st, out, n, a);                              \
        }                                                                    \
    }

/* random_exponential: scale * standard exponential. */
CRG_ZIGGURAT_PASSES(exponential_each, std_exp, pa * v, v)
CRG_ZIGGURAT_FILL(exponential_one, CRG_FN(expo_try), CRG_FN(expo_rest),
                  pa * x)
CRG_ONE_OR_EACH(exponential, 1)
/* random_lognormal: exp(mean + sigma * standard normal). */
CRG_ZIGGURAT_PASSES(lognormal_each, std_normal, exp(pa + pb * v), v)
CRG_ZIGGURAT_FILL(lognormal_one, CRG_FN(gauss_try), CRG_FN(gauss_rest),
                  exp(pa + pb * x))
CRG_ONE_OR_EACH(lognormal, 1)
/* The steps before laplace's last (none), logistic's (log(u / (1 - u)),
 * by crg_log_odds_pass, whose loc + scale * v with scalar parameters takes
 * the last too; 0 + 1 * v is v, log giving no -0.0) and gumbel's
 * (log(-log(1 - u)), logs by crg_log_pass). */
#define CRG_NO_STEPS(piece, k) ((void)(piece), (void)(k))
#define CRG_LOGISTIC_STEPS(piece, k)                                         \
    crg_log_odds_pass(piece, piece, k, 0.0, 1.0)
#define CRG_NOT_FUSED(piece, k, pa, pb) 0
#define CRG_LOGISTIC_FUSED(piece, k, pa, pb)                                 \
    (crg_log_odds_pass(piece, piece, k, pa, pb), 1)
#define CRG_GUMBEL_STEPS(piece, k)                                           \
    do {                                                                     \
        CRG_PASS(piece, k, 1.0 - v);                                         \
        crg_log_pass(piece, piece, k);                                       \
        CRG_PASS(piece, k, -v);                                              \
        crg_log_pass(piece, piece, k);                                       \
    } while (0)
#define CRG_LAPLACE_FUSED(piece, k, pa, pb)                                  \
    crg_laplace_pass(piece, piece, k, pa, pb)
CRG_UNIFORM_FILL(laplace, CRG_NO_STEPS, crg_laplace_of(v, pa, pb),
                 CRG_LAPLACE_FUSED)
CRG_UNIFORM_FILL(logistic, CRG_LOGISTIC_STEPS, pa + pb * v,
                 CRG_LOGISTIC_FUSED)
CRG_UNIFORM_FILL(gumbel, CRG_GUMBEL_STEPS, pa - pb * v, CRG_NOT_FUSED)
CRG_CONT_FILL(weibull_each, CRG_FN(inverse_prep), CRG_FN(weibull_draw),
              double)
/* weibull of a scalar a != 0: a piece of standard exponentials, then
 * their powers in one pass. */
static void CRG_FN(weibull_one)(void *st, void *out_, size_t n,
                                crg_args *a) {
    double *out = (double *)out_;
    const double exponent = 1. / a->a;
    while (n > 0) {
        const size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH;
        CRG_FN(std_exp)(st, out, k, a);
        crg_pow_pass(out, out, 1, k, exponent);
        out += k;
        n -= k;
    }
}
CRG_ONE_OR_EACH(weibull, a->a != 0.0)
CRG_CONT_FILL(rayleigh_each, crg_prep_params, CRG_FN(rayleigh_draw), double)
/* rayleigh of a scalar mode: a piece of standard exponentials, then
 * mode * sqrt(2 E) in one pass (crg_rayleigh_pass). */
static void CRG_FN(rayleigh_one)(void *st, void *out_, size_t n,
                                 crg_args *a) {
    double *out = (double *)out_;
    while (n > 0) {
        const size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH;
        CRG_FN(std_exp)(st, out, k, a);
        crg_rayleigh_pass(out, k, a->a);
        out += k;
        n -= k;
    }
}
CRG_ONE_OR_EACH(rayleigh, 1)
/* random_pareto: expm1(E / a). */
CRG_ZIGGURAT_PASSES(pareto, std_exp, expm1(v / pa), v)
/* random_power: (1 - exp(-E)) ** (1 / a), as -expm1(-E); a scalar a
 * takes the powers in one pass. */
CRG_ZIGGURAT_PASSES(power_each, std_exp, -expm1(-v), crg_pow(v, 1. / pa))
static void CRG_FN(power)(void *st, void *out_, size_t n, crg_args *a) {
    double *out = (double *)out_;
    const double exponent = 1. / a->a;
    if (a->pa != NULL) {
        CRG_FN(power_each)(st, out_, n, a);
        return;
    }
    while (n > 0) {
        const size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH;
        CRG_FN(std_exp)(st, out, k, a);
        CRG_PASS(out, k, -expm1(-v));
        crg_pow_pass(out, out, 1, k, exponent);
        out += k;
        n -= k;
    }
}
CRG_CONT_FILL(std_cauchy, crg_prep_params, CRG_FN(cauchy_draw), double)
/* wald(mean, scale): a = mean (pa), b = scale (pb). */
static void CRG_FN(wald)(void *st, void *out_, size_t n, crg_args *a) {
    double *out = (double *)out_;
    uint64_t words[CRG_SCRATCH];
    CRG_FN(cursor) c = CRG_FN(batch_cursor)((CRG_STATE *)st, words);
    size_t i;
    for (i = 0; i < n; i++) {
        c.left = n - i;
        out[i] = CRG_FN(wald_c)(&c, CRG_PARAM(a->pa, a->a, i),
                                CRG_PARAM(a->pb, a->b, i));
    }
    crg_params_advance(a, n);
}
CRG_CONT_FILL(triangular, CRG_FN(triangular_prep), CRG_FN(triangular_draw),
              double)
CRG_CONT_FILL(vonmises_each, CRG_FN(vonmises_prep), CRG_FN(vonmises_draw),
              double)

/* vonmises by rejection (every kappa from 1e-8 to 1e6), its parameters
 * scalar or each value's own: a piece of accepted w (in out) and their
 * signs' uniforms, then acos and the wrapping in passes (see CRG_PASS),
 * which the rejection's chain of cos and divisions no longer waits on. */
static void CRG_FN(vonmises_rejecting)(CRG_STATE *s, double *out, size_t n,
                                       crg_args *a) {
    const double *mus = a->pa, *kappas = a->pb;
    double u[CRG_SCRATCH];
    crg_prep g;
    g.p[0] = a->a;
    g.p[1] = a->b;
    g.k[0] = 0.0;
    CRG_FN(vonmises_prep)(&g);
    while (n > 0) {
        const size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH;
        size_t i;
        for (i = 0; i < k; i++) {
            if (kappas != NULL) {
                g.p[1] = kappas[i];
                CRG_FN(vonmises_prep)(&g);
            }
            out[i] = CRG_FN(vonmises_w)(s, &g, &u[i]);
        }
        CRG_PASS(out, k, acos(v));
        for (i = 0; i < k; i++) {
            out[i] = crg_vonmises_of(out[i], u[i], CRG_PARAM(mus, a->a, i));
        }
        mus = mus != NULL ? mus + k : NULL;
        kappas = kappas != NULL ? kappas + k : NULL;
        out += k;
        n -= k;
    }
}

/* Whether every kappa of the call (b, or pb's n values) is the
 * rejection's. */
static inline int crg_vonmises_all_reject(const crg_args *a, size_t n) {
    size_t i;
    if (a->pb == NULL) {
        return crg_vonmises_rejects(a->b);
    }
    for (i = 0; i < n; i++) {
        if (!crg_vonmises_rejects(a->pb[i])) {
            return 0;
        }
    }
    return 1;
}

static void CRG_FN(vonmises)(void *st, void *out_, size_t n, crg_args *a) {
    if (!crg_vonmises_all_reject(a, n)) {
        CRG_FN(vonmises_each)(st, out_, n, a);
        return;
    }
    CRG_FN(vonmises_rejecting)((CRG_STATE *)st, (double *)out_, n, a);
    crg_params_advance(a, n);
}


