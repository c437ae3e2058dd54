/*
 * The noncentral chi-square and F distributions: part of dists_template.h,
 * which includes it after dists_gamma.h and dists_discrete.h (they draw
 * gammas and, for df <= 1, a Poisson variate).
 *
 * random_noncentral_chisquare(df, nonc), by the three cases NumPy tests
 * in this order: NaN nonc gives NaN (no draw); nonc == 0 is
 * chi-square(df); df > 1 is chi-square(df - 1) + (normal + sqrt(nonc))**2;
 * any other df (df <= 1, NaN) is chi-square(df + 2 i) of a Poisson
 * variate i of mean nonc / 2 (the Poisson mixture of chi-squares).
 * chi-square(d) is 2 * standard gamma(d / 2) throughout.
 */

/* What a noncentral chi-square fill keeps across values: the gamma
 * constants and sqrt(nonc) of the first two cases (made once for scalar
 * parameters), and the Poisson's PTRS constants and cache. */
typedef struct {
    double df, nonc, sqrt_nonc;
    crg_gamma_prep g;
    CRG_FN(ptrs_t) poisson;
} CRG_FN(nc_chisquare_t);

static inline void CRG_FN(nc_chisquare_setup)(CRG_FN(nc_chisquare_t) *t,
                                              double df, double nonc) {
    t->df = df;
    t->nonc = nonc;
    t->g = crg_gamma_prepare((nonc == 0 ? df : df - 1) / 2.0);
    t->sqrt_nonc = sqrt(nonc);
}

static inline double CRG_FN(nc_chisquare_one)(CRG_STATE *s,
                                              CRG_FN(nc_chisquare_t) *t) {
    const double df = t->df, nonc = t->nonc;
    if (isnan(nonc)) {
        return NAN; /* NumPy's NaN, not nonc's payload */
    }
    if (nonc == 0) {
        return 2.0 * CRG_FN(std_gamma_draw_g)(s, &t->g);
    }
    if (1 < df) {
        const double chi2 = 2.0 * CRG_FN(std_gamma_draw_g)(s, &t->g);
        const double n = CRG_FN(gauss)(s) + t->sqrt_nonc;
        return chi2 + n * n;
    } else {
        CRG_FN(cursor) c = CRG_FN(state_cursor)(s);
        const int64_t i = CRG_FN(poisson_one)(&c, nonc / 2.0, &t->poisson);
        /* NumPy forms 2 * i in int64 arithmetic: for i beyond 2**62 (a
         * huge nonc) it wraps, as an x86-64 or arm64 multiply does. */
        const int64_t two_i = (int64_t)((uint64_t)i * 2u);
        const crg_gamma_prep g = crg_gamma_prepare((df + (double)two_i) / 2.0);
        return 2.0 * CRG_FN(std_gamma_draw_g)(s, &g);
    }
}

/* nc_chisquare_one's second case (1 < df, 0 < nonc) from a cursor: the
 * same draws, the same expressions. */
static inline double CRG_FN(nc_chisquare_c)(CRG_FN(cursor) *c,
                                            const CRG_FN(nc_chisquare_t) *t) {
    const double chi2 = 2.0 * CRG_FN(std_gamma_c_g)(c, &t->g);
    const double n = CRG_FN(cursor_gauss)(c) + t->sqrt_nonc;
    return chi2 + n * n;
}

/* Whether scalar parameters take that case for every value, each drawing
 * a gamma (of shape (df - 1) / 2 > 0) and a normal, two words at least:
 * then the fills take their words in batches (see dists_template.h). */
static inline int crg_nc_batched(const crg_args *a, double df,
                                 double nonc) {
    return a->pa == NULL && a->pb == NULL && a->pc == NULL && 1 < df &&
           nonc > 0;
}

/* noncentral_chisquare(df, nonc): a = df (pa), b = nonc (pb). */
static void CRG_FN(nc_chisquare)(void *st, void *out_, size_t n,
                                 crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    double *out = (double *)out_;
    CRG_FN(nc_chisquare_t) t;
    size_t i;
    CRG_FN(ptrs_init)(&t.poisson, a->pb != NULL);
    CRG_FN(nc_chisquare_setup)(&t, a->a, a->b);
    if (crg_nc_batched(a, a->a, a->b)) {
        uint64_t words[CRG_SCRATCH];
        CRG_FN(cursor) c = CRG_FN(batch_cursor)(s, words);
        for (i = 0; i < n; i++) {
            c.left = n - i;
            out[i] = CRG_FN(nc_chisquare_c)(&c, &t);
        }
        return;
    }
    for (i = 0; i < n; i++) {
        if (a->pa || a->pb) {
            CRG_FN(nc_chisquare_setup)(&t, a->pa ? a->pa[i] : a->a,
                                       a->pb ? a->pb[i] : a->b);
        }
        out[i] = CRG_FN(nc_chisquare_one)(s, &t);
    }
    /* The next chunk reads on where this one stopped. */
    if (a->pa) a->pa += n;
    if (a->pb) a->pb += n;
}

/* random_noncentral_f: noncentral chi-square(dfnum, nonc) * dfden over
 * chi-square(dfden) * dfnum, the numerator drawn first.
 * noncentral_f(dfnum, dfden, nonc): a, b, c (pa, pb, pc). */
static void CRG_FN(nc_f)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    double *out = (double *)out_;
    CRG_FN(nc_chisquare_t) t;
    crg_gamma_prep den = crg_gamma_prepare(a->b / 2.0);
    double dfden = a->b;
    size_t i;
    CRG_FN(ptrs_init)(&t.poisson, a->pc != NULL);
    CRG_FN(nc_chisquare_setup)(&t, a->a, a->c);
    if (crg_nc_batched(a, a->a, a->c)) {
        /* and a gamma of shape dfden / 2 > 0 a value */
        uint64_t words[CRG_SCRATCH];
        CRG_FN(cursor) c = CRG_FN(batch_cursor)(s, words);
        for (i = 0; i < n; i++) {
            double num;
            c.left = n - i;
            num = CRG_FN(nc_chisquare_c)(&c, &t) * dfden;
            out[i] = num / (2.0 * CRG_FN(std_gamma_c_g)(&c, &den) * t.df);
        }
        return;
    }
    for (i = 0; i < n; i++) {
        double num;
        if (a->pa || a->pc) {
            CRG_FN(nc_chisquare_setup)(&t, a->pa ? a->pa[i] : a->a,
                                       a->pc ? a->pc[i] : a->c);
        }
        if (a->pb) {
            dfden = a->pb[i];
            den = crg_gamma_prepare(dfden / 2.0);
        }
        num = CRG_FN(nc_chisquare_one)(s, &t) * dfden;
        out[i] = num / (2.0 * CRG_FN(std_gamma_draw_g)(s, &den) * t.df);
    }
    if (a->pa) a->pa += n;
    if (a->pb) a->pb += n;
    if (a->pc) a->pc += n;
}
