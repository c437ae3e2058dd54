/*
 * NumPy's discrete distributions, part of dists_template.h (included by it
 * after the uniform, normal and exponential draws it uses).
 *
 * Each fill writes int64 values and reproduces the function of NumPy's
 * distributions.c named in its comment: the same draws in the same order
 * and the same floating-point expressions in the same types, so that the
 * values and the words consumed are NumPy's.  The published algorithms:
 *
 *   Poisson     the multiplication method (lam < 10) and Hoermann's
 *               transformed rejection with squeeze, PTRS (Insurance:
 *               Mathematics and Economics 12, 1993) for lam >= 10;
 *   binomial    inversion (n p <= 30) and Kachitvichyanukul & Schmeiser's
 *               BTPE (Comm. ACM 31, 1988);
 *   geometric   sequential search (p >= 1/3), else inversion of an
 *               exponential draw;
 *   negative binomial   a Poisson draw of a gamma-distributed mean, the
 *               gamma by Marsaglia & Tsang (shape > 1) or Johnk-type
 *               rejection (shape < 1) as NumPy's random_standard_gamma.
 *
 * A parameter comes from the scalar in crg_args, or per value from its
 * broadcast array (pa, pb, pia) where one is set.
 *
 * Where NumPy changed a stream between releases, `ic` of crg_args holds
 * the variant bits (CRG_V_*, generator.h) of the running NumPy.
 */

/* floor(x), exactly, inline: below 2**52 in magnitude, the truncation
 * to an integer, one less where that is above x, with x's sign at zero
 * (floor(-0.0) is -0.0); beyond (and for infinities and NaN), x itself,
 * which is an integer.  BTPE's setup and the int64 floors of the trials
 * (floor_i64) measured faster with it than with libm's floor (a call,
 * to a rounding instruction where the CPU has one), HRUA's and zipf's
 * own floors slower: they keep libm's. */
CR_FORCE_INLINE double crg_floor(double x) {
    if (fabs(x) < 4503599627370496.0) {
        const double t = (double)(int64_t)x;
        return t > x ? t - 1.0 : copysign(t, x);
    }
    return x;
}

/* A double's floor as an int64, as a cast of an x86-64 compiler gives it:
 * values outside the int64 range (and NaN) become INT64_MIN.  NumPy casts
 * such values where the algorithm then rejects them; the explicit test
 * keeps the C defined here. */
CR_FORCE_INLINE int64_t CRG_FN(floor_i64)(double x) {
    double f = crg_floor(x);
    if (f >= -9223372036854775808.0 && f < 9223372036854775808.0) {
        return (int64_t)f;
    }
    return INT64_MIN;
}

/* random_loggam: log(Gamma(x)) from Stirling's series, shifted up to
 * x >= 7 first. */
static double CRG_FN(loggam)(double x) {
    static const double coef[10] = {
        8.333333333333333e-02, -2.777777777777778e-03,
        7.936507936507937e-04, -5.952380952380952e-04,
        8.417508417508418e-04, -1.917526917526918e-03,
        6.410256410256410e-03, -2.955065359477124e-02,
        1.796443723688307e-01, -1.39243221690590e+00};
    double x0, x2, series, result;
    int64_t shift, k;
    if (x == 1.0 || x == 2.0) {
        return 0.0;
    }
    shift = x < 7.0 ? (int64_t)(7 - x) : 0;
    x0 = x + (double)shift;
    x2 = (1.0 / x0) * (1.0 / x0);
    series = coef[9];
    for (k = 8; k >= 0; k--) {
        series *= x2;
        series += coef[k];
    }
    /* 1.8378770664093453 = log(2 pi) */
    result = series / x0 + 0.5 * 1.8378770664093453e+00 +
             (x0 - 0.5) * log(x0) - x0;
    if (x < 7.0) {
        for (k = 1; k <= shift; k++) {
            result -= log(x0 - 1.0);
            x0 -= 1.0;
        }
    }
    return result;
}

/* ---- Poisson: random_poisson ------------------------------------------ */

/* The Poisson draws read their uniforms from a cursor (dists_template.h):
 * over a batch of words in the fills whose every value takes at least one
 * word, over the state itself (state_cursor) elsewhere. */

/* random_poisson_mult: multiply uniforms until the product drops to
 * exp(-lam).  The products are compared with bounds around exp(-lam)
 * (poisson_bounds.h), and with exp(-lam) itself from the first that lies
 * between them: a lam that changes from value to value mostly costs no
 * exp. */
CR_FORCE_INLINE int64_t CRG_FN(poisson_mult)(CRG_FN(cursor) *c,
                                            double lam) {
    int64_t x = 0;
    double prod = 1.0, low, high;
    crg_exp_bounds(lam, &low, &high);
    for (;;) {
        prod *= CRG_FN(cursor_double)(c);
        if (prod > high) {
            x += 1;
        } else if (prod <= low) {
            return x;
        } else {
            low = high = exp(-lam);
            if (prod > high) {
                x += 1;
            } else {
                return x;
            }
        }
    }
}

/* What PTRS computes once per lam, and the values of loggam(k + 1) it has
 * needed, which do not depend on lam: a direct-mapped cache keyed by k.
 * Most draws end at the squeeze, which needs a, b and vr only: log(lam)
 * and invalpha are taken when a draw first reaches the final test, so a
 * lam that changes from value to value (negative_binomial) mostly costs
 * no logarithm. */
#define CRG_LOGGAM_CACHE 256
typedef struct {
    double lam, slam, a, b, vr;
    double invalpha;              /* when invalpha_ready */
    double loglam;                /* when loglam_ready */
    double log_invalpha;          /* one lam's, when log_invalpha_ready */
    int invalpha_ready, loglam_ready, log_invalpha_ready;
    int lam_varies; /* take poisson_bounds.h's verdicts (see poisson_ptrs) */
    int64_t cached_k[CRG_LOGGAM_CACHE];
    double cached_loggam[CRG_LOGGAM_CACHE];
} CRG_FN(ptrs_t);

/* No constants and no cached values yet; lam_varies where lam changes
 * from value to value. */
static void CRG_FN(ptrs_init)(CRG_FN(ptrs_t) *t, int lam_varies) {
    int i;
    t->lam = -1.0;
    t->lam_varies = lam_varies;
    for (i = 0; i < CRG_LOGGAM_CACHE; i++) {
        t->cached_k[i] = -1;
    }
}

/* random_loggam((double)k + 1), remembered. */
static inline double CRG_FN(loggam_k1)(CRG_FN(ptrs_t) *t, int64_t k) {
    const int slot = (int)(k & (CRG_LOGGAM_CACHE - 1));
    if (t->cached_k[slot] != k) {
        t->cached_k[slot] = k;
        t->cached_loggam[slot] = CRG_FN(loggam)((double)k + 1);
    }
    return t->cached_loggam[slot];
}

static void CRG_FN(ptrs_setup)(CRG_FN(ptrs_t) *t, double lam) {
    t->lam = lam;
    t->slam = sqrt(lam);
    t->b = 0.931 + 2.53 * t->slam;
    t->a = -0.059 + 0.02483 * t->b;
    t->vr = 0.9277 - 3.6224 / (t->b - 2);
    t->invalpha_ready = 0;
    t->loglam_ready = 0;
    t->log_invalpha_ready = 0;
}

/* ptrs_setup's constants, and invalpha, from a piece's (lane i). */
static inline void CRG_FN(ptrs_take)(CRG_FN(ptrs_t) *t, double lam,
                                     const crg_ptrs_piece *made, size_t i) {
    t->lam = lam;
    t->slam = made->slam[i];
    t->b = made->b[i];
    t->a = made->a[i];
    t->vr = made->vr[i];
    t->invalpha = made->invalpha[i];
    t->invalpha_ready = 1;
    t->loglam_ready = 0;
    t->log_invalpha_ready = 0;
}

/* invalpha, when a draw first needs it. */
static inline double CRG_FN(ptrs_invalpha)(CRG_FN(ptrs_t) *t) {
    if (!t->invalpha_ready) {
        t->invalpha = 1.1239 + 1.1328 / (t->b - 3.4);
        t->invalpha_ready = 1;
    }
    return t->invalpha;
}

/* random_poisson_ptrs.  Where lam changes from value to value, the final
 * test is decided from one logarithm where it can be (poisson_bounds.h):
 * NumPy's takes log(lam) for each value and three logarithms for each
 * final test, log(invalpha) among them.  For one lam, log(lam) and
 * log(invalpha) are made once, and the other two (independent, so
 * overlapping) measured faster than the verdict's quotient and
 * logarithm.  A test the verdict leaves takes NumPy's expression from the
 * values the verdict was given (log(invalpha) made there where lam
 * varies, rather than kept for a lam that has changed). */
static int64_t CRG_FN(poisson_ptrs)(CRG_FN(cursor) *c, CRG_FN(ptrs_t) *t) {
    const double lam = t->lam;
    for (;;) {
        double u = CRG_FN(cursor_double)(c) - 0.5;
        double v = CRG_FN(cursor_double)(c);
        double us = 0.5 - fabs(u), q, rhs;
        int64_t k = CRG_FN(floor_i64)((2 * t->a / us + t->b) * u + lam + 0.43);
        int verdict;
        if (us >= 0.07 && v <= t->vr) {
            return k; /* the squeeze: most draws end here */
        }
        if (k < 0 || (us < 0.013 && v > us)) {
            continue;
        }
        if (!t->loglam_ready) {
            t->loglam = log(lam);
            t->loglam_ready = 1;
        }
        q = t->a / (us * us) + t->b;
        rhs = -lam + (double)k * t->loglam - CRG_FN(loggam_k1)(t, k);
        verdict = t->lam_varies ? crg_ptrs_verdict(
                                      v, q, CRG_FN(ptrs_invalpha)(t), rhs)
                                : -1;
        if (verdict < 0) {
            double log_invalpha;
            if (t->lam_varies) {
                log_invalpha = log(t->invalpha);
            } else {
                if (!t->log_invalpha_ready) {
                    t->log_invalpha = log(CRG_FN(ptrs_invalpha)(t));
                    t->log_invalpha_ready = 1;
                }
                log_invalpha = t->log_invalpha;
            }
            verdict = log(v) + log_invalpha - log(q) <= rhs;
        }
        if (verdict) {
            return k;
        }
    }
}

/* One Poisson draw for a lam that may change from call to call: the
 * PTRS constants are kept in *t while lam stays the same. */
static inline int64_t CRG_FN(poisson_one)(CRG_FN(cursor) *c, double lam,
                                          CRG_FN(ptrs_t) *t) {
    if (lam >= 10) {
        if (lam != t->lam) {
            CRG_FN(ptrs_setup)(t, lam);
        }
        return CRG_FN(poisson_ptrs)(c, t);
    }
    if (lam == 0) {
        return 0;
    }
    return CRG_FN(poisson_mult)(c, lam);
}

/* random_poisson_mult for n values of one lam, its uniforms converted
 * from words made in bulk (the words next_double would take, in order).
 * Every value takes at least one word, so a batch of as many words as
 * values are left (the one in progress included) never holds a word the
 * values would not take. */
static void CRG_FN(poisson_mult_fill)(CRG_STATE *s, int64_t *out, size_t n,
                                      double enlam) {
    uint64_t words[CRG_SCRATCH];
    size_t done = 0, k = 0, w = 0;
    int64_t x = 0;
    double prod = 1.0;
    while (done < n) {
        if (w == k) {
            k = n - done < CRG_SCRATCH ? n - done : CRG_SCRATCH;
            CRG_FILL64(s, words, k);
            w = 0;
        }
        prod *= (double)(words[w++] >> 11) * (1.0 / 9007199254740992.0);
        if (prod > enlam) {
            x += 1;
        } else {
            out[done++] = x;
            x = 0;
            prod = 1.0;
        }
    }
}

/* Whether none of the n values is 0. */
static inline int crg_none_zero(const double *values, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        if (values[i] == 0.0) {
            return 0;
        }
    }
    return 1;
}

static void CRG_FN(poisson)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    int64_t *out = (int64_t *)out_;
    CRG_FN(ptrs_t) t;
    CRG_FN(cursor) c = CRG_FN(state_cursor)(s);
    uint64_t words[CRG_SCRATCH];
    size_t i;
    if (a->pa == NULL && a->a < 10 && a->a != 0) {
        CRG_FN(poisson_mult_fill)(s, out, n, exp(-a->a));
        return;
    }
    CRG_FN(ptrs_init)(&t, a->pa != NULL);
    if (a->pa == NULL ? a->a >= 10 : crg_none_zero(a->pa, n)) {
        /* Every value takes a word at least (PTRS two or more): a batch.
         * (A lam of 0 draws nothing: such calls stay on the state.) */
        c.words = words;
    }
    if (a->pa == NULL) {
        for (i = 0; i < n; i++) {
            c.left = n - i;
            out[i] = CRG_FN(poisson_one)(&c, a->a, &t);
        }
    } else {
        /* A lam per value: PTRS's constants of a piece first (four at a
         * time where piece_constants.h's kernel runs), then its draws. */
        crg_ptrs_piece made;
        double lams[CRG_PIECE];
        for (i = 0; i < n; i += CRG_PIECE) {
            const size_t k = n - i < CRG_PIECE ? n - i : CRG_PIECE;
            size_t j;
            int vector;
            for (j = 0; j < k; j++) {
                lams[j] = a->pa[i + j];
            }
            for (; j % 4 != 0; j++) {
                lams[j] = 10.0;
            }
            vector = crg_ptrs_constants(&made, lams, k);
            for (j = 0; j < k; j++) {
                const double lam = lams[j];
                if (vector && lam >= 10 && lam != t.lam) {
                    CRG_FN(ptrs_take)(&t, lam, &made, j);
                }
                c.left = n - i - j;
                out[i + j] = CRG_FN(poisson_one)(&c, lam, &t);
            }
        }
    }
    if (a->pa) {
        a->pa += n;
    }
}

/* ---- geometric: random_geometric -------------------------------------- */

/* random_geometric_search: the first k whose cumulative probability
 * reaches a uniform draw. */
static inline int64_t CRG_FN(geometric_search_u)(double p, double u) {
    const double q = 1.0 - p;
    double sum = p, prod = p;
    int64_t x = 1;
    while (u > sum) {
        prod *= q;
        sum += prod;
        x++;
    }
    return x;
}

static inline int64_t CRG_FN(geometric_search)(CRG_STATE *s, double p) {
    return CRG_FN(geometric_search_u)(p, CRG_FN(next_double)(s));
}

/* random_geometric_inversion, with log1p(-p) given. */
static inline int64_t CRG_FN(geometric_inversion)(CRG_STATE *s,
                                                  double log1p_neg_p) {
    double z = ceil(-CRG_FN(expo)(s) / log1p_neg_p);
    /* 9.223372036854776e18: the least double above INT64_MAX */
    if (z >= 9.223372036854776e+18) {
        return INT64_MAX;
    }
    return (int64_t)z;
}

static void CRG_FN(geometric)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    int64_t *out = (int64_t *)out_;
    size_t i;
    if (a->pa == NULL) {
        const double p = a->a;
        if (p >= 0.333333333333333333333333) {
            /* One uniform a value: its words in bulk. */
            uint64_t words[CRG_SCRATCH];
            while (n > 0) {
                const size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH;
                CRG_FILL64(s, words, k);
                for (i = 0; i < k; i++) {
                    out[i] = CRG_FN(geometric_search_u)(
                        p, (double)(words[i] >> 11) *
                               (1.0 / 9007199254740992.0));
                }
                out += k;
                n -= k;
            }
        } else {
            const double l = log1p(-p);
            for (i = 0; i < n; i++) {
                out[i] = CRG_FN(geometric_inversion)(s, l);
            }
        }
        return;
    }
    for (i = 0; i < n; i++) {
        const double p = a->pa[i];
        out[i] = p >= 0.333333333333333333333333
                     ? CRG_FN(geometric_search)(s, p)
                     : CRG_FN(geometric_inversion)(s, log1p(-p));
    }
    a->pa += n;
}

/* ---- binomial: random_binomial ---------------------------------------- */

/* Step 5.1's tables, for many values of one (n, p) (binomial_btpe_rounds;
 * made for every value of a broadcast p, they would cost more than they
 * save).  ratio[i - m + 20]: the factors a / i - sr for i from m - 20 to
 * m + 20, the same values the recursion divides out for each draw that
 * reaches it: with them its loops are a chain of multiplications or
 * divisions alone.  near_f[y - m + 21]: the ratio f(y)/f(m) for
 * |y - m| <= 20, from running products of the same factors.  It differs
 * from the recursion's value by fewer than 50 roundings, so where the
 * uniform lies further than CRG_NEAR_F from it, it decides the test as
 * the recursion would. */
typedef struct {
    double ratio[41];
    double near_f[42];
} CRG_FN(btpe_table);

/* The relative distance beyond which near_f, or a product of at most
 * CRG_NEAR_F_STEPS factors, decides step 5.1's test in place of the
 * recursion's value: they differ by fewer than 2 CRG_NEAR_F_STEPS + 2
 * roundings, below 2.3e-13 of the value. */
#define CRG_NEAR_F 1e-12
#define CRG_NEAR_F_STEPS 1000

/* What inversion or BTPE computes once per (n, p): NumPy's binomial_t. */
typedef struct {
    int64_t n;
    double p;
    int ready;
    /* inversion */
    double q, qn, np_;
    int64_t bound;
    /* BTPE (nrq: what NumPy recomputes on the way, the same
     * values) */
    double r, fm, p1, xm, xl, xr, c, laml, lamr, p2, p3, p4, nrq;
    int64_t m;
    const CRG_FN(btpe_table) *table; /* or NULL */
} CRG_FN(binomial_t);

/* random_binomial_inversion with the probabilities P(X = x), x <= bound,
 * already in table[] (binomial_table): the same subtractions and tests,
 * without the division per step. */
static inline int64_t CRG_FN(binomial_inversion_table)(CRG_STATE *s,
                                                       const double *table,
                                                       int64_t bound) {
    int64_t x = 0;
    double u = CRG_FN(next_double)(s);
    while (u > table[x]) {
        x++;
        if (x > bound) {
            x = 0;
            u = CRG_FN(next_double)(s);
        } else {
            u -= table[x - 1];
        }
    }
    return x;
}

/* The px values of random_binomial_inversion, by its recursion, into
 * table[0, bound]: returns bound, or -1 when bound is too large for the
 * table (it is at most n p + 10 sqrt(n p q + 1) + 1 <= 87 for n p <= 30,
 * so only NaN-free tiny cases come near). */
#define CRG_BINOMIAL_TABLE 128
static int64_t CRG_FN(binomial_table)(CRG_FN(binomial_t) *t, int64_t n,
                                      double p, double *table, int64_t v);

/* What random_binomial_inversion computes once per (n, p). */
static inline int CRG_FN(binomial_inversion_setup)(CRG_FN(binomial_t) *t,
                                                   int64_t n, double p,
                                                   int64_t v) {
    double bound;
    if (t->ready && t->n == n && t->p == p) {
        return 0;
    }
    t->n = n;
    t->p = p;
    t->ready = 1;
    t->q = 1.0 - p;
    /* NumPy 2.4 takes log1p(-p), exact for tiny p; before, log(q). */
    t->qn = (v & CRG_V_BINOMIAL_LOG1P) ? exp((double)n * log1p(-p))
                                       : exp((double)n * log(t->q));
    t->np_ = (double)n * p;
    bound = t->np_ + 10.0 * sqrt(t->np_ * t->q + 1);
    t->bound = (int64_t)((double)n < bound ? (double)n : bound);
    return 1;
}

/* random_binomial_inversion: p <= 0.5, n p <= 30. */
static int64_t CRG_FN(binomial_inversion)(CRG_STATE *s, int64_t n, double p,
                                          CRG_FN(binomial_t) *t, int64_t v) {
    double px, u;
    int64_t x;
    CRG_FN(binomial_inversion_setup)(t, n, p, v);
    x = 0;
    px = t->qn;
    u = CRG_FN(next_double)(s);
    while (u > px) {
        x++;
        if (x > t->bound) {
            x = 0;
            px = t->qn;
            u = CRG_FN(next_double)(s);
        } else {
            u -= px;
            px = ((double)(n - x + 1) * p * px) / ((double)x * t->q);
        }
    }
    return x;
}

static int64_t CRG_FN(binomial_table)(CRG_FN(binomial_t) *t, int64_t n,
                                      double p, double *table, int64_t v) {
    int64_t x;
    double px;
    /* The constants, as binomial_inversion keeps them. */
    t->ready = 0;
    (void)CRG_FN(binomial_inversion_setup)(t, n, p, v);
    if (t->bound < 0 || t->bound >= CRG_BINOMIAL_TABLE) {
        return -1;
    }
    px = t->qn;
    table[0] = px;
    for (x = 1; x <= t->bound; x++) {
        px = ((double)(n - x + 1) * p * px) / ((double)x * t->q);
        table[x] = px;
    }
    return t->bound;
}

/* One of the four terms of the Stirling correction of BTPE's final test:
 * (13860 - (462 - (132 - (99 - 140/y2)/y2)/y2)/y2) / y / 166320.  The
 * paper printed 13680; NumPy used it before 2.5. */
static inline double CRG_FN(stirling)(double y, double y2, double lead) {
    return (lead - (462. - (132. - (99. - 140. / y2) / y2) / y2) / y2) / y /
           166320.;
}

/* random_binomial_btpe's constants for (n, p), made once per (n, p);
 * step 5.1's tables too, into `table` where it is not NULL. */
static void CRG_FN(btpe_setup)(CRG_FN(binomial_t) *t, int64_t n, double p,
                               CRG_FN(btpe_table) *table) {
    int64_t k;
    double a, sr, sa;
    t->n = n;
    t->p = p;
    t->ready = 1;
    t->r = p < 1.0 - p ? p : 1.0 - p;
    t->q = 1.0 - t->r;
    t->fm = (double)n * t->r + t->r;
    t->m = (int64_t)crg_floor(t->fm);
    t->p1 = crg_floor(2.195 * sqrt((double)n * t->r * t->q) - 4.6 * t->q) +
            0.5;
    t->xm = (double)t->m + 0.5;
    t->xl = t->xm - t->p1;
    t->xr = t->xm + t->p1;
    t->c = 0.134 + 20.5 / (15.3 + (double)t->m);
    a = (t->fm - t->xl) / (t->fm - t->xl * t->r);
    t->laml = a * (1.0 + a / 2.0);
    a = (t->xr - t->fm) / (t->xr * t->q);
    t->lamr = a * (1.0 + a / 2.0);
    t->p2 = t->p1 * (1.0 + 2.0 * t->c);
    t->p3 = t->p2 + t->c / t->laml;
    t->p4 = t->p3 + t->c / t->lamr;
    t->nrq = (double)n * t->r * t->q;
    t->table = table;
    if (table == NULL) {
        return;
    }
    sr = t->r / t->q;
    sa = sr * (double)(n + 1);
    for (k = 0; k < 41; k++) {
        /* i >= 1: m >= 30 here (n p > 30) */
        table->ratio[k] = sa / (double)(t->m - 20 + k) - sr;
    }
    table->near_f[21] = 1.0;
    for (k = 22; k < 42; k++) {
        table->near_f[k] = table->near_f[k - 1] * table->ratio[k - 1];
    }
    for (k = 20; k >= 0; k--) {
        table->near_f[k] = table->near_f[k + 1] / table->ratio[k];
    }
}

/*
 * One trial of random_binomial_btpe (p <= 0.5, n p > 30; the steps are
 * the paper's) from its two uniforms: u = p4 times the first, w_ the
 * second.  Returns the value it accepts, or -1 where NumPy's loop draws
 * a new trial (an accepted value lies in [xl, n], and xl > 0 for
 * n p > 30).  A trial draws nothing else, so the trials NumPy makes do
 * not depend on which it accepts.
 */
CR_FORCE_INLINE int64_t CRG_FN(btpe_trial)(const CRG_FN(binomial_t) *t,
                                           int64_t n, double u, double w_,
                                           int64_t v) {
    const double r = t->r, q = t->q, p1 = t->p1, xm = t->xm, xl = t->xl;
    const double xr = t->xr, c = t->c, laml = t->laml, lamr = t->lamr;
    const double p2 = t->p2, p3 = t->p3, nrq = t->nrq;
    const int64_t m = t->m;
    double x, A;
    int64_t y, k;
    /* Step 1: the triangle */
    if (u <= p1) {
        return CRG_FN(floor_i64)(xm - p1 * w_ + u);
    }
    if (u <= p2) {
        /* Step 2: the parallelograms */
        x = xl + (u - p1) / c;
        w_ = w_ * c + 1.0 - fabs((double)m - x + 0.5) / p1;
        if (w_ > 1.0) {
            return -1;
        }
        y = CRG_FN(floor_i64)(x);
    } else if (u <= p3) {
        /* Step 3: the left exponential tail */
        y = CRG_FN(floor_i64)(xl + log(w_) / laml);
        if (y < 0 || w_ == 0.0) {
            return -1;
        }
        w_ = w_ * (u - p2) * laml;
    } else {
        /* Step 4: the right exponential tail */
        y = CRG_FN(floor_i64)(xr - log(w_) / lamr);
        if (y > n || w_ == 0.0) {
            return -1;
        }
        w_ = w_ * (u - p3) * lamr;
    }
    /* Step 5.0: explicit evaluation or the squeeze */
    k = y - m;
    if (k < 0) {
        k = -k;
    }
    if (!(k > 20 && (double)k < nrq / 2.0 - 1)) {
        /* Step 5.1: the ratio f(y)/f(m) by recursion (its factors
         * from the table, where there is one and k <= 20, as it mostly
         * is) */
        /* NumPy's s and a, made where they are needed: a setup per
         * value (broadcast p) mostly does without them */
        const double sr = r / q, a = sr * (double)(n + 1);
        const CRG_FN(btpe_table) *table = t->table;
        double F = 1.0;
        int64_t i;
        if (table != NULL && k <= 20) {
            /* far from f(y)/f(m): decided without the recursion's
             * chain (divisions, where y < m) */
            const double near = table->near_f[y - m + 21];
            if (near > 1e-300 && near < 1e300) {
                if (w_ > near * (1.0 + CRG_NEAR_F)) {
                    return -1;
                }
                if (w_ < near * (1.0 - CRG_NEAR_F)) {
                    return y;
                }
            }
        }
        if (k > 20 || table == NULL) {
            if (m < y) {
                for (i = m + 1; i <= y; i++) {
                    F *= (a / (double)i - sr);
                }
            } else {
                if (k <= CRG_NEAR_F_STEPS) {
                    /* The recursion divides by each factor in turn, a
                     * chain of divisions; the inverse of their product
                     * (a chain of multiplications) decides the test
                     * wherever w_ lies further than CRG_NEAR_F from it */
                    double prod = 1.0, near;
                    for (i = y + 1; i <= m; i++) {
                        prod *= (a / (double)i - sr);
                    }
                    near = 1.0 / prod;
                    if (near > 1e-300 && near < 1e300) {
                        if (w_ > near * (1.0 + CRG_NEAR_F)) {
                            return -1;
                        }
                        if (w_ < near * (1.0 - CRG_NEAR_F)) {
                            return y;
                        }
                    }
                }
                for (i = y + 1; i <= m; i++) {
                    F /= (a / (double)i - sr);
                }
            }
        } else if (m < y) {
            for (i = m + 1; i <= y; i++) {
                F *= table->ratio[i - m + 20];
            }
        } else if (m > y) {
            for (i = y + 1; i <= m; i++) {
                F /= table->ratio[i - m + 20];
            }
        }
        if (w_ > F) {
            return -1;
        }
        return y;
    } else {
        /* Step 5.2: the squeeze on log f(y)/f(m), then Stirling */
        const double kd = (double)k;
        /* -k * k in integers, as NumPy (wrapping, which it never
         * reaches: k < n r q / 2) */
        const double kk = (double)(int64_t)(0 - (uint64_t)k * (uint64_t)k);
        double rho = (kd / nrq) *
                     ((kd * (kd / 3.0 + 0.625) + 0.16666666666666666) /
                          nrq +
                      0.5);
        double tt = kk / (2 * nrq);
        double x1, f1, z, w, x2, f2, z2, w2, bound;
        A = log(w_);
        if (A < tt - rho) {
            return y;
        }
        if (A > tt + rho) {
            return -1;
        }
        x1 = (double)y + 1;
        f1 = (double)m + 1;
        z = (double)n + 1 - (double)m;
        w = (double)n - (double)y + 1;
        x2 = x1 * x1;
        f2 = f1 * f1;
        z2 = z * z;
        w2 = w * w;
        bound = xm * log(f1 / x1) + ((double)(n - m) + 0.5) * log(z / w) +
                (double)(y - m) * log(w * r / (x1 * q));
        if (v & CRG_V_BTPE_STIRLING_FIXED) {
            /* NumPy 2.5: the corrected terms, the last two taken off */
            bound = bound + CRG_FN(stirling)(f1, f2, 13860.) +
                    CRG_FN(stirling)(z, z2, 13860.) -
                    CRG_FN(stirling)(x1, x2, 13860.) -
                    CRG_FN(stirling)(w, w2, 13860.);
        } else {
            bound = bound + CRG_FN(stirling)(f1, f2, 13680.) +
                    CRG_FN(stirling)(z, z2, 13680.) +
                    CRG_FN(stirling)(x1, x2, 13680.) +
                    CRG_FN(stirling)(w, w2, 13680.);
        }
        if (A > bound) {
            return -1;
        }
        return y;
    }
}

static inline void CRG_FN(btpe_ready)(CRG_FN(binomial_t) *t, int64_t n,
                                      double p) {
    if (!t->ready || t->n != n || t->p != p) {
        CRG_FN(btpe_setup)(t, n, p, NULL);
    }
}

/* random_binomial_btpe: trials until one is accepted. */
static int64_t CRG_FN(binomial_btpe)(CRG_STATE *s, int64_t n, double p,
                                     CRG_FN(binomial_t) *t, int64_t v) {
    CRG_FN(btpe_ready)(t, n, p);
    for (;;) {
        const double u = CRG_FN(next_double)(s) * t->p4;
        const double w_ = CRG_FN(next_double)(s);
        const int64_t y = CRG_FN(btpe_trial)(t, n, u, w_, v);
        if (y >= 0) {
            return y;
        }
    }
}

/*
 * n_out BTPE values of one (n, p), each n - value where `flip` (p was
 * above 0.5), in rounds of trials (see dists_template.h): a round draws
 * the 2 uniforms of each of its trials at once, decides the triangle's
 * trials (about two in three) in one pass and the others one by one,
 * then keeps the accepted values in order.
 */
static void CRG_FN(binomial_btpe_rounds)(CRG_STATE *s, int64_t *out,
                                         size_t n_out, int64_t n, double p,
                                         int flip, CRG_FN(binomial_t) *t,
                                         int64_t v) {
    double uw[2 * CRG_TRIALS];
    int64_t y[CRG_TRIALS];
    unsigned short others[CRG_TRIALS];
    CRG_FN(btpe_table) table;
    size_t done = 0;
    CRG_FN(btpe_setup)(t, n, p, &table);
    while (done < n_out) {
        const size_t m = crg_round_trials(n_out - done);
        size_t j, o, nothers = 0;
        CRG_FN(random)(s, uw, 2 * m, NULL); /* u, w_, u, w_, ... */
        for (j = 0; j < m; j++) {
            const double u = uw[2 * j] * t->p4, w_ = uw[2 * j + 1];
            uw[2 * j] = u;
            /* Step 1, the triangle's value (kept where u <= p1) */
            y[j] = CRG_FN(floor_i64)(t->xm - t->p1 * w_ + u);
            others[nothers] = (unsigned short)j;
            nothers += !(u <= t->p1);
        }
        for (o = 0; o < nothers; o++) {
            j = others[o];
            y[j] = CRG_FN(btpe_trial)(t, n, uw[2 * j], uw[2 * j + 1], v);
        }
        for (j = 0; j < m; j++) {
            /* done + (m - j) <= n_out: out[done] is in the array */
            out[done] = flip ? n - y[j] : y[j];
            done += y[j] >= 0;
        }
    }
    t->table = NULL; /* the table ends here */
}

/* random_binomial */
static inline int64_t CRG_FN(binomial_one)(CRG_STATE *s, double p, int64_t n,
                                           CRG_FN(binomial_t) *t, int64_t v) {
    if (n == 0 || p == 0.0f) {
        return 0;
    }
    if (p <= 0.5) {
        if (p * (double)n <= 30.0) {
            return CRG_FN(binomial_inversion)(s, n, p, t, v);
        }
        return CRG_FN(binomial_btpe)(s, n, p, t, v);
    } else {
        const double q = 1.0 - p;
        if (q * (double)n <= 30.0) {
            return n - CRG_FN(binomial_inversion)(s, n, q, t, v);
        }
        return n - CRG_FN(binomial_btpe)(s, n, q, t, v);
    }
}

/* The constants binomial_one's draw of (n, p) takes (inversion's or
 * BTPE's), made ahead of it into t; BTPE's from `made` (lane i) where
 * that is not NULL. */
static inline void CRG_FN(binomial_prepare)(double p, int64_t n,
                                            CRG_FN(binomial_t) *t,
                                            const crg_btpe_piece *made,
                                            size_t i, int64_t v) {
    const double pq = p <= 0.5 ? p : 1.0 - p;
    t->ready = 0;
    if (n == 0 || p == 0.0f) {
        return;
    }
    if (pq * (double)n <= 30.0) {
        (void)CRG_FN(binomial_inversion_setup)(t, n, pq, v);
    } else if (made == NULL) {
        CRG_FN(btpe_setup)(t, n, pq, NULL);
    } else {
        t->n = n;
        t->p = pq;
        t->ready = 1;
        t->r = made->r[i];
        t->q = made->q[i];
        t->fm = made->fm[i];
        t->m = (int64_t)made->m[i];
        t->p1 = made->p1[i];
        t->xm = made->xm[i];
        t->xl = made->xl[i];
        t->xr = made->xr[i];
        t->c = made->c[i];
        t->laml = made->laml[i];
        t->lamr = made->lamr[i];
        t->p2 = made->p2[i];
        t->p3 = made->p3[i];
        t->p4 = made->p4[i];
        t->nrq = made->nrq[i];
        t->table = NULL;
    }
}

/* binomial with broadcast parameters, CRG_PIECE values at a time:
 * the constants of a piece's values first (they do not depend on the
 * stream: BTPE's four at a time where piece_constants.h's kernel runs, and
 * otherwise their chains of divisions, square root and logarithms
 * overlap from value to value), then the draws, which find them made. */
static void CRG_FN(binomial_broadcast)(CRG_STATE *s, int64_t *out,
                                       size_t n_out, crg_args *a) {
    CRG_FN(binomial_t) t[CRG_PIECE];
    crg_btpe_piece made;
    /* n and min(p, 1 - p) of each value, to a multiple of 4 */
    double nd[CRG_PIECE], pq[CRG_PIECE];
    size_t done = 0;
    while (done < n_out) {
        const size_t k = n_out - done < CRG_PIECE ? n_out - done
                                                       : CRG_PIECE;
        size_t i;
        int btpe = 0, vector = 0;
        for (i = 0; i < k; i++) {
            const double p = a->pa ? a->pa[done + i] : a->a;
            nd[i] = (double)(a->pia ? a->pia[done + i] : a->ia);
            pq[i] = p <= 0.5 ? p : 1.0 - p;
            btpe |= pq[i] * nd[i] > 30.0;
        }
        for (; i % 4 != 0; i++) {
            nd[i] = 0.0;
            pq[i] = 0.5;
        }
        if (btpe) {
            vector = crg_btpe_constants(&made, nd, pq, k);
        }
        for (i = 0; i < k; i++) {
            CRG_FN(binomial_prepare)(a->pa ? a->pa[done + i] : a->a,
                                     a->pia ? a->pia[done + i] : a->ia, &t[i],
                                     vector ? &made : NULL, i, a->ic);
        }
        for (i = 0; i < k; i++) {
            out[done + i] = CRG_FN(binomial_one)(
                s, a->pa ? a->pa[done + i] : a->a,
                a->pia ? a->pia[done + i] : a->ia, &t[i], a->ic);
        }
        done += k;
    }
}

/* binomial(n, p): a = p (pa), ia = n (pia), ic = variant bits. */
static void CRG_FN(binomial)(void *st, void *out_, size_t n_out,
                             crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    int64_t *out = (int64_t *)out_;
    CRG_FN(binomial_t) t;
    size_t i;
    t.ready = 0;
    if (a->pa == NULL && a->pia == NULL && a->ia != 0 && a->a != 0.0) {
        /* One (n, p) for the whole call: inversion from a table of its
         * probabilities (n p <= 30), else BTPE as below. */
        const int64_t n = a->ia;
        const int flip = a->a > 0.5;
        const double p = flip ? 1.0 - a->a : a->a;
        if (p * (double)n <= 30.0) {
            double table[CRG_BINOMIAL_TABLE];
            const int64_t bound = CRG_FN(binomial_table)(&t, n, p, table,
                                                         a->ic);
            if (bound >= 0) {
                for (i = 0; i < n_out; i++) {
                    const int64_t x =
                        CRG_FN(binomial_inversion_table)(s, table, bound);
                    out[i] = flip ? n - x : x;
                }
                return;
            }
        } else {
            /* BTPE straight away: random_binomial's tests are settled */
            CRG_FN(binomial_btpe_rounds)(s, out, n_out, n, p, flip, &t,
                                         a->ic);
            return;
        }
    }
    CRG_FN(binomial_broadcast)(s, out, n_out, a);
    if (a->pa) {
        a->pa += n_out;
    }
    if (a->pia) {
        a->pia += n_out;
    }
}

/* ---- negative binomial: random_negative_binomial ---------------------- */

/* negative_binomial(n, p): a = n (pa), b = p (pb); a Poisson draw of a
 * gamma(n, (1 - p) / p) mean (random_gamma is scale * standard gamma,
 * dists_gamma.h's, its constants made once for a scalar n). */
static void CRG_FN(neg_binomial)(void *st, void *out_, size_t n_out,
                                 crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    int64_t *out = (int64_t *)out_;
    CRG_FN(ptrs_t) t;
    CRG_FN(cursor) c = CRG_FN(state_cursor)(s);
    uint64_t words[CRG_SCRATCH];
    size_t i;
    crg_gamma_prep g = crg_gamma_prepare(a->a);
    double odds = (1 - a->b) / a->b; /* the gamma's scale */
    CRG_FN(ptrs_init)(&t, 1);
    if (a->pa == NULL && a->pb == NULL && !(g.shape <= 1.0)) {
        /* Marsaglia and Tsang's gamma takes two words or more a value,
         * and then the Poisson draw: the words in batches. */
        c.words = words;
        for (i = 0; i < n_out; i++) {
            c.left = n_out - i;
            out[i] = CRG_FN(poisson_one)(
                &c, odds * CRG_FN(gamma_mt_c)(&c, &g), &t);
        }
        return;
    }
    for (i = 0; i < n_out; i++) {
        double lam;
        if (a->pa) {
            g = crg_gamma_prepare(a->pa[i]);
        }
        if (a->pb) {
            odds = (1 - a->pb[i]) / a->pb[i];
        }
        lam = odds * CRG_FN(std_gamma_draw_g)(s, &g);
        out[i] = CRG_FN(poisson_one)(&c, lam, &t);
    }
    if (a->pa) {
        a->pa += n_out;
    }
    if (a->pb) {
        a->pb += n_out;
    }
}

/* ---- logarithmic series: random_logseries ----------------------------- */

/* logseries(p): a = p (pa).  Kemp's second accelerated generator (LK). */
static inline int64_t CRG_FN(logseries_one)(CRG_STATE *s, double p,
                                            double r) {
    for (;;) {
        const double v = CRG_FN(next_double)(s);
        double u, q;
        if (v >= p) {
            return 1;
        }
        u = CRG_FN(next_double)(s);
        q = -expm1(r * u);
        if (v <= q * q) {
            const int64_t result = CRG_FN(floor_i64)(1 + log(v) / log(q));
            if (result < 1 || v == 0.0) {
                continue;
            }
            return result;
        }
        if (v >= q) {
            return 1;
        }
        return 2;
    }
}

static void CRG_FN(logseries)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    int64_t *out = (int64_t *)out_;
    size_t i;
    if (a->pa == NULL) {
        const double r = log1p(-a->a);
        for (i = 0; i < n; i++) {
            out[i] = CRG_FN(logseries_one)(s, a->a, r);
        }
        return;
    }
    for (i = 0; i < n; i++) {
        out[i] = CRG_FN(logseries_one)(s, a->pa[i], log1p(-a->pa[i]));
    }
    a->pa += n;
}

/* ---- Zipf: random_zipf ------------------------------------------------ */

/* Devroye's rejection method (Non-Uniform Random Variate Generation,
 * X.6.1), truncated to int64.  From NumPy 2.1 (CRG_V_ZIPF_UMIN) the
 * uniform is drawn from (Umin, 1] so that no draw gives an X beyond the
 * range, and a >= 1025 gives 1 at once. */
/* What random_zipf computes once per a. */
typedef struct {
    double a, am1, b, umin;
} CRG_FN(zipf_t);

static void CRG_FN(zipf_setup)(CRG_FN(zipf_t) *t, double a, int64_t v) {
    t->a = a;
    t->am1 = a - 1.0;
    t->b = pow(2.0, t->am1);
    t->umin = (v & CRG_V_ZIPF_UMIN) ? pow(9.223372036854775807e18, -t->am1)
                                    : 0.0;
}

/* random_zipf's trial: its U from the first uniform u01, and whether x
 * (floor(U ** (-1 / (a - 1)))), with tt = (1 + 1 / x) ** (a - 1) and the
 * second uniform w, is accepted. */
static inline double crg_zipf_u(const CRG_FN(zipf_t) *t, double u01,
                                int64_t v) {
    if (v & CRG_V_ZIPF_UMIN) {
        return u01 * t->umin + (1 - u01);
    }
    return 1.0 - u01;
}

static inline int crg_zipf_accepts(const CRG_FN(zipf_t) *t, double x,
                                   double tt, double w) {
    if (x > 9.223372036854775807e18 || x < 1.0) {
        return 0;
    }
    return w * x * (tt - 1.0) / (t->b - 1.0) <= tt / t->b;
}

static inline int64_t CRG_FN(zipf_one)(CRG_STATE *s, const CRG_FN(zipf_t) *t,
                                       int64_t v) {
    if ((v & CRG_V_ZIPF_UMIN) && t->a >= 1025) {
        return 1;
    }
    for (;;) {
        const double u = crg_zipf_u(t, CRG_FN(next_double)(s), v);
        const double w = CRG_FN(next_double)(s);
        const double x = floor(pow(u, -1.0 / t->am1));
        double tt;
        if (x > 9.223372036854775807e18 || x < 1.0) {
            continue;
        }
        tt = pow(1.0 + 1.0 / x, t->am1);
        if (crg_zipf_accepts(t, x, tt, w)) {
            /* x may be 2**63 itself (the bound rounds to it): NumPy's
             * cast gives INT64_MIN there, as floor_i64. */
            return CRG_FN(floor_i64)(x);
        }
    }
}

/*
 * zipf of one a, in rounds of trials (see dists_template.h): a trial is
 * two uniforms.  A round runs its trials' two pow calls in passes and
 * keeps the accepted values in order.  An x out of range is refused
 * before its second pow in NumPy's loop; here its pow is made and not
 * looked at.
 */
static void CRG_FN(zipf_rounds)(CRG_STATE *s, int64_t *out, size_t n,
                                const CRG_FN(zipf_t) *t, int64_t v) {
    const double exponent = -1.0 / t->am1;
    double uw[2 * CRG_TRIALS], x[CRG_TRIALS], tt[CRG_TRIALS];
    size_t done = 0;
    while (done < n) {
        const size_t m = crg_round_trials(n - done);
        size_t j;
        CRG_FN(random)(s, uw, 2 * m, NULL); /* u01, w, u01, w, ... */
        for (j = 0; j < m; j++) {
            x[j] = pow(crg_zipf_u(t, uw[2 * j], v), exponent);
        }
        for (j = 0; j < m; j++) {
            x[j] = floor(x[j]);
            tt[j] = 1.0 + 1.0 / x[j];
        }
        for (j = 0; j < m; j++) {
            tt[j] = pow(tt[j], t->am1);
        }
        for (j = 0; j < m; j++) {
            /* done + (m - j) <= n: out[done] is in the array */
            out[done] = CRG_FN(floor_i64)(x[j]);
            done += crg_zipf_accepts(t, x[j], tt[j], uw[2 * j + 1]);
        }
    }
}

/* zipf(a): a = a (pa), ic = variant bits.  A broadcast a's constants
 * (two pow calls each) are made CRG_ZIPF_PIECE values ahead of their
 * draws, so that their latencies overlap. */
#define CRG_ZIPF_PIECE 32

static void CRG_FN(zipf)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    int64_t *out = (int64_t *)out_;
    CRG_FN(zipf_t) t[CRG_ZIPF_PIECE];
    size_t done = 0;
    if (a->pa == NULL) {
        CRG_FN(zipf_setup)(&t[0], a->a, a->ic);
        if ((a->ic & CRG_V_ZIPF_UMIN) && t[0].a >= 1025) {
            for (done = 0; done < n; done++) {
                out[done] = 1;
            }
            return;
        }
        CRG_FN(zipf_rounds)(s, out, n, &t[0], a->ic);
        return;
    }
    while (done < n) {
        const size_t k =
            n - done < CRG_ZIPF_PIECE ? n - done : CRG_ZIPF_PIECE;
        size_t i;
        for (i = 0; i < k; i++) {
            CRG_FN(zipf_setup)(&t[i], a->pa[done + i], a->ic);
        }
        for (i = 0; i < k; i++) {
            out[done + i] = CRG_FN(zipf_one)(s, &t[i], a->ic);
        }
        done += k;
    }
    a->pa += n;
}

/* ---- hypergeometric: random_hypergeometric ---------------------------- */

/* logfactorial: log(k!) from the table below 126, else Stirling's series
 * to the 1/k**3 term. */
static inline double CRG_FN(logfactorial)(int64_t k) {
    const double halfln2pi = 0.9189385332046728;
    const double kd = (double)k;
    if (k < CRG_LOGFACTORIAL_TABLE_SIZE) {
        return crg_logfactorial_table[k];
    }
    return (kd + 0.5) * log(kd) - kd +
           (halfln2pi + (1.0 / kd) * (1 / 12.0 - 1 / (360.0 * kd * kd)));
}

/* hypergeometric_sample: draw the smaller of the sample and its
 * complement one item at a time (random_interval over what is left). */
static int64_t CRG_FN(hypergeometric_sample)(CRG_STATE *s, int64_t good,
                                             int64_t bad, int64_t sample) {
    const int64_t total = good + bad;
    const int complement = sample > total / 2;
    int64_t todo = complement ? total - sample : sample;
    int64_t left = total, left_good = good;
    while (todo > 0 && left_good > 0 && left > left_good) {
        --left;
        if ((int64_t)CRG_FN(interval)(s, (uint64_t)left) < left_good) {
            --left_good;
        }
        --todo;
    }
    if (left == left_good) {
        left_good -= todo; /* only good ones are left */
    }
    return complement ? left_good : good - left_good;
}

/* What hypergeometric_hrua computes once per (good, bad, sample). */
typedef struct {
    int64_t good, bad, sample;
    int64_t n, mg, Mg;
    double a, h, g, b;
} CRG_FN(hrua_t);

static void CRG_FN(hrua_setup)(CRG_FN(hrua_t) *t, int64_t good, int64_t bad,
                               int64_t sample) {
    /* D1 = 2 sqrt(2/e), D2 = 3 - 2 sqrt(3/e) */
    const double d1 = 1.7155277699214135, d2 = 0.8989161620588988;
    const int64_t popsize = good + bad;
    const int64_t n = sample < popsize - sample ? sample : popsize - sample;
    const int64_t mg = good < bad ? good : bad;
    const int64_t Mg = good > bad ? good : bad;
    const double p = (double)mg / (double)popsize;
    const double q = (double)Mg / (double)popsize;
    const double mu = (double)n * p;
    const double a = mu + 0.5;
    const double var = ((double)(popsize - n) * (double)n * p * q /
                        (double)(popsize - 1));
    const double c = sqrt(var + 0.5);
    const int64_t m = (int64_t)floor((double)(n + 1) * (double)(mg + 1) /
                                     (double)(popsize + 2));
    const double support = (double)((n < mg ? n : mg) + 1);
    const double tail = floor(a + 16 * c);
    t->good = good;
    t->bad = bad;
    t->sample = sample;
    t->n = n;
    t->mg = mg;
    t->Mg = Mg;
    t->a = a;
    t->h = d1 * c + d2;
    t->g = (CRG_FN(logfactorial)(m) + CRG_FN(logfactorial)(mg - m) +
            CRG_FN(logfactorial)(n - m) + CRG_FN(logfactorial)(Mg - n + m));
    t->b = support < tail ? support : tail;
}

/* hypergeometric_hrua: Stadlober's ratio-of-uniforms method (HRUA). */
static int64_t CRG_FN(hrua_draw)(CRG_STATE *s, const CRG_FN(hrua_t) *t) {
    const int64_t n = t->n, mg = t->mg, Mg = t->Mg;
    int64_t k;
    for (;;) {
        const double u = CRG_FN(next_double)(s);
        const double v = CRG_FN(next_double)(s);
        const double x = t->a + t->h * (v - 0.5) / u;
        double tt;
        if (x < 0.0 || x >= t->b) {
            continue;
        }
        k = (int64_t)floor(x);
        tt = t->g - (CRG_FN(logfactorial)(k) + CRG_FN(logfactorial)(mg - k) +
                     CRG_FN(logfactorial)(n - k) +
                     CRG_FN(logfactorial)(Mg - n + k));
        if ((u * (4.0 - u) - 3.0) <= tt) {
            break;
        }
        if (u * (u - tt) >= 1) {
            continue;
        }
        if (2.0 * log(u) <= tt) {
            break;
        }
    }
    if (t->good > t->bad) {
        k = n - k;
    }
    if (n < t->sample) {
        k = t->good - k;
    }
    return k;
}

/* random_hypergeometric: HRUA from 10 draws and 10 left over, else item
 * by item; the HRUA constants kept in *t while the counts stay. */
static inline int64_t CRG_FN(hypergeometric_one)(CRG_STATE *s, int64_t good,
                                                 int64_t bad, int64_t sample,
                                                 CRG_FN(hrua_t) *t) {
    if (sample >= 10 && sample <= good + bad - 10) {
        if (t->good != good || t->bad != bad || t->sample != sample) {
            CRG_FN(hrua_setup)(t, good, bad, sample);
        }
        return CRG_FN(hrua_draw)(s, t);
    }
    return CRG_FN(hypergeometric_sample)(s, good, bad, sample);
}

/* hypergeometric(ngood, nbad, nsample): ia, ib, ic (pia, pib, pic). */
static void CRG_FN(hypergeometric)(void *st, void *out_, size_t n,
                                   crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    int64_t *out = (int64_t *)out_;
    CRG_FN(hrua_t) t;
    size_t i;
    t.good = -1; /* no constants yet */
    for (i = 0; i < n; i++) {
        const int64_t good = a->pia ? a->pia[i] : a->ia;
        const int64_t bad = a->pib ? a->pib[i] : a->ib;
        const int64_t sample = a->pic ? a->pic[i] : a->ic;
        out[i] = CRG_FN(hypergeometric_one)(s, good, bad, sample, &t);
    }
    if (a->pia) {
        a->pia += n;
    }
    if (a->pib) {
        a->pib += n;
    }
    if (a->pic) {
        a->pic += n;
    }
}

/* ---- multinomial: random_multinomial ---------------------------------- */

#define CRG_MULTINOMIAL_CACHED 16

/* multinomial(n, pvals): `n` rows of d = ib counts each (zeroed by the
 * caller); ia = the trials, pa = the d probabilities, ic = binomial's
 * variant bits.  Broadcast, row r has its own trials pia[r] and its
 * probabilities at pa + pib[r].  Each count is a binomial draw of what is
 * left, with the probability renormalised. */
static void CRG_FN(multinomial)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    int64_t *out = (int64_t *)out_;
    const int64_t d = a->ib;
    /* The constants of each coordinate's binomial, kept from row to row:
     * the first coordinate's (n, p) is the same in every row, the others'
     * p too. */
    CRG_FN(binomial_t) t[CRG_MULTINOMIAL_CACHED];
    size_t row;
    int64_t j;
    for (j = 0; j < CRG_MULTINOMIAL_CACHED; j++) {
        t[j].ready = 0;
    }
    for (row = 0; row < n; row++) {
        int64_t *counts = out + (size_t)d * row;
        const double *pvals = a->pa + (a->pib != NULL ? a->pib[row] : 0);
        double remaining_p = 1.0;
        int64_t left = a->pia != NULL ? a->pia[row] : a->ia;
        for (j = 0; j < d - 1; j++) {
            CRG_FN(binomial_t) *tj =
                &t[j < CRG_MULTINOMIAL_CACHED ? j : CRG_MULTINOMIAL_CACHED - 1];
            counts[j] = CRG_FN(binomial_one)(s, pvals[j] / remaining_p, left,
                                             tj, a->ic);
            left -= counts[j];
            if (left <= 0) {
                break;
            }
            remaining_p -= pvals[j];
        }
        if (left > 0) {
            counts[d - 1] = left;
        }
    }
    if (a->pia != NULL) {
        a->pia += n;
    }
    if (a->pib != NULL) {
        a->pib += n;
    }
}

/* ---- multivariate hypergeometric -------------------------------------- */

/* random_multivariate_hypergeometric_marginals: each colour's count a
 * hypergeometric draw of what is left (of the complement past half). */
static void CRG_FN(mvhg_marginals_one)(CRG_STATE *s, crg_mvhg_job *job,
                                       int64_t *v, CRG_FN(hrua_t) *t) {
    const int64_t *colors = job->colors;
    const int64_t k = job->num_colors;
    const int complement = job->nsample > job->total / 2;
    int64_t todo = complement ? job->total - job->nsample : job->nsample;
    int64_t remaining = job->total, j;
    for (j = 0; todo > 0 && j + 1 < k; ++j) {
        int64_t r;
        remaining -= colors[j];
        r = CRG_FN(hypergeometric_one)(s, colors[j], remaining, todo,
                                       t);
        v[j] = r;
        todo -= r;
    }
    if (todo > 0) {
        v[k - 1] = todo;
    }
    if (complement) {
        for (j = 0; j < k; ++j) {
            v[j] = colors[j] - v[j];
        }
    }
}

/* random_multivariate_hypergeometric_count: a partial Fisher-Yates pass
 * over the items' colours (job->choices, kept from variate to variate),
 * then the colours of the first nsample counted. */
static void CRG_FN(mvhg_count_one)(CRG_STATE *s, crg_mvhg_job *job,
                                   int64_t *v) {
    int64_t *choices = job->choices;
    const int complement = job->nsample > job->total / 2;
    const int64_t todo = complement ? job->total - job->nsample : job->nsample;
    int64_t j;
    for (j = 0; j < todo; ++j) {
        const int64_t k =
            j + (int64_t)CRG_FN(interval)(s, (uint64_t)(job->total - j - 1));
        const int64_t tmp = choices[k];
        choices[k] = choices[j];
        choices[j] = tmp;
    }
    for (j = 0; j < todo; ++j) {
        v[choices[j]] += 1;
    }
    if (complement) {
        for (j = 0; j < job->num_colors; ++j) {
            v[j] = job->colors[j] - v[j];
        }
    }
}

/* multivariate_hypergeometric: n variates of a crg_mvhg_job (its out). */
static void CRG_FN(mvhg)(void *st, void *job_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    crg_mvhg_job *job = (crg_mvhg_job *)job_;
    CRG_FN(hrua_t) t;
    size_t i;
    (void)a;
    t.good = -1; /* no HRUA constants yet */
    for (i = 0; i < n; i++) {
        int64_t *v = job->variates + job->done * job->num_colors;
        if (job->choices != NULL) {
            CRG_FN(mvhg_count_one)(s, job, v);
        } else {
            CRG_FN(mvhg_marginals_one)(s, job, v, &t);
        }
        job->done += 1;
    }
}
