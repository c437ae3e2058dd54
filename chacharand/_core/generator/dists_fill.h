/*
 * The fill loop of a continuous distribution with up to three real
 * parameters, part of dists_template.h (included by it, after the word
 * source, the uniforms, the normal and exponential ziggurats).
 *
 * A distribution is written as NumPy writes it: one value at a time,
 * from its parameters.  What NumPy recomputes from the parameters for
 * every value (gamma's b and c, ...) is computed by a `prep` function
 * into a crg_prep; the `draw` function makes one value from the word
 * source and the crg_prep.  Computing such constants once or once per
 * value gives the same bits (they depend on the parameters only), so a
 * fill with scalar parameters prepares once per call, and a fill with
 * broadcast parameters (crg_args' pa, pb, pc) once per value.
 */

/* The constants of one gamma draw of `shape` (dists_gamma.h): Marsaglia
 * and Tsang's b and c, and 1 / shape for a shape below 1. */
typedef struct crg_gamma_prep {
    double shape, b, c, inv_shape;
} crg_gamma_prep;

/* The parameters of one value (p), and what is derived from them: the
 * constants of up to two gamma draws (g1, g2), and others (k). */
typedef struct crg_prep {
    double p[3];
    crg_gamma_prep g1, g2;
    double k[3];
} crg_prep;

/* The default prep: the parameters only. */
static inline void crg_prep_params(crg_prep *g) {
    (void)g;
}

/*
 * CRG_CONT_FILL(name, prep, draw, out_t): a fill `name` of out_t values
 * (double, or float for the float32 methods), value i being
 * draw(s, &g) with g's parameters value i's a, b, c.  Never in line: the
 * batch fills that fall back to it (dists_gamma.h's CRG_BATCH_FILL) keep
 * their own loop lean (chisquare(3) 0.53 -> 0.46 of PCG64's time, AVX2
 * EPYC).
 */
#define CRG_CONT_FILL(name, prep, draw, out_t)                                \
    static CR_NOINLINE void CRG_FN(name)(void *st, void *out_, size_t n,     \
                                         crg_args *a) {                      \
        CRG_STATE *s = (CRG_STATE *)st;                                       \
        out_t *out = (out_t *)out_;                                           \
        crg_prep g;                                                           \
        size_t i;                                                             \
        g.p[0] = a->a;                                                        \
        g.p[1] = a->b;                                                        \
        g.p[2] = a->c;                                                        \
        if (a->pa == NULL && a->pb == NULL && a->pc == NULL) {                \
            prep(&g);                                                         \
            for (i = 0; i < n; i++) {                                         \
                out[i] = draw(s, &g);                                         \
            }                                                                 \
            return;                                                           \
        }                                                                     \
        for (i = 0; i < n; i++) {                                             \
            if (a->pa) g.p[0] = a->pa[i];                                     \
            if (a->pb) g.p[1] = a->pb[i];                                     \
            if (a->pc) g.p[2] = a->pc[i];                                     \
            prep(&g);                                                         \
            out[i] = draw(s, &g);                                             \
        }                                                                     \
        /* The next chunk reads on where this one stopped. */                 \
        if (a->pa) a->pa += n;                                                \
        if (a->pb) a->pb += n;                                                \
        if (a->pc) a->pc += n;                                                \
    }
