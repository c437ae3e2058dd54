/*
 * NumPy's Generator methods as bulk fills straight from a bit generator's
 * buffer: the C side of chacharand.Generator.
 *
 * Each fill computes exactly what numpy/random/src/distributions/
 * distributions.c computes for the same method (same algorithm, same
 * order of draws, same floating-point expressions), but reads the words
 * inline from the generator's state instead of calling numpy's bitgen_t
 * function pointers once per value.  The transforms are written once
 * (dists_template.h) over a tiny "word source" interface and instantiated
 * per family (gen_<family>.c), which makes that family's crg_table.
 *
 * The table is all a bit generator's shell needs to draw in bulk: its own
 * random_raw and random_bytes are two more of its fills (CRG_RAW_UINT64,
 * CRG_RAW_BYTES), so one loop (chacharand/_base.pyx) serves every bulk
 * call of every family.
 *
 * A fill may be called several times for one Python call (chunks, so the
 * call stays interruptible): what must carry over between chunks -- the
 * 32-bit buffer numpy's 8/16-bit and bool draws keep for one call -- lives
 * in crg_args, zeroed by the caller once per call.
 */
#ifndef CHACHARAND_GENERATOR_H
#define CHACHARAND_GENERATOR_H

#include <stddef.h>
#include <stdint.h>

typedef struct crg_args {
    double a, b;       /* uniform: low, high - low; normal: loc, scale */
    double c;          /* a distribution's third real parameter */
    uint64_t off, rng; /* integers: low, high - low (inclusive), as utype */
    int64_t ia, ib, ic;  /* a distribution's integer parameters */
    /* Broadcast parameters.  Where one is set, value i of the fill uses
     * pa[i] (pb[i], ..., pic[i]) instead of the scalar a (b, ..., ic).
     * Each array is C-contiguous with one value per output value; a fill
     * advances the pointers it reads past the values it wrote, so that a
     * call the fill loop splits into chunks reads on where it stopped. */
    const double *pa, *pb, *pc;
    const int64_t *pia, *pib, *pic;
    uint32_t buf;      /* numpy's buffered 32-bit word (8/16-bit, bool) */
    int bcnt;          /* draws left in buf */
} crg_args;

/* NumPy's changes of a stream (binomial's ic): which form the running
 * NumPy draws. */
#define CRG_V_BINOMIAL_LOG1P 1       /* 2.4: inversion's q**n by log1p(-p) */
#define CRG_V_BTPE_STIRLING_FIXED 2  /* 2.5: BTPE's Stirling terms fixed */
#define CRG_V_ZIPF_UMIN 4            /* 2.1: zipf's uniform from (Umin, 1] */

/* A shuffle in place (CRG_SHUFFLE): lanes of `len` items, each a
 * Fisher-Yates pass from index len - 1 down to `first`.  Lane k starts at
 * data + lane_offsets[k]; its items are `stride` bytes apart.  `lane` and
 * `i` are the progress (the lane being shuffled, the next index to swap):
 * start them at 0 and len - 1.  `lemire` picks the index draw: 0 for
 * NumPy's random_interval (shuffle, permuted), 1 for its
 * random_bounded_uint64 (choice's shuffles). */
typedef struct crg_shuffle_job {
    char *data;
    const int64_t *lane_offsets;
    int64_t len, first, itemsize, stride;
    int64_t lane, i;
    int lemire;
} crg_shuffle_job;

/* Floyd's sample (CRG_FLOYD) of `size` distinct indices of [0, pop) into
 * out[0, size): `set` holds mask + 1 words, all UINT64_MAX at the start;
 * `done` counts the indices drawn (start it at 0). */
typedef struct crg_floyd_job {
    int64_t *out;
    uint64_t *set;
    uint64_t mask;
    int64_t pop, size, done;
} crg_floyd_job;

/* Variates of NumPy's multivariate_hypergeometric (CRG_MVHG) into
 * variates[done * num_colors ...] (zeroed by the caller).  `choices` is
 * NULL for method "marginals"; for "count" it holds `total` colour
 * indices (each colour's index colors[i] times, in order), which the
 * draws keep permuting from one variate to the next.  Start `done` at 0. */
typedef struct crg_mvhg_job {
    int64_t *variates;
    const int64_t *colors;
    int64_t *choices;
    int64_t total, num_colors, nsample, done;
} crg_mvhg_job;

/* One fill: `n` values of the method's type into `out`. */
typedef void (*crg_fill_fn)(void *state, void *out, size_t n,
                            crg_args *args);

enum crg_method {
    CRG_RANDOM,         /* double: next_double */
    CRG_RANDOM_F,       /* float: next_float */
    CRG_UNIFORM,        /* double: a + b * next_double */
    CRG_STD_NORMAL,     /* double ziggurat */
    CRG_STD_NORMAL_F,   /* float ziggurat */
    CRG_NORMAL,         /* double: a + b * standard normal */
    CRG_STD_EXP,        /* double ziggurat */
    CRG_STD_EXP_F,      /* float ziggurat */
    CRG_STD_EXP_INV,    /* double: -log1p(-next_double) */
    CRG_STD_EXP_INV_F,  /* float: -log1p(-next_float), in double */
    CRG_BOUNDED_U64,    /* uint64/int64: Lemire, off + [0, rng] */
    CRG_BOUNDED_U32,
    CRG_BOUNDED_U16,
    CRG_BOUNDED_U8,
    CRG_BOUNDED_BOOL,
    CRG_RAW_UINT64,     /* uint64: next_uint64 (random_raw) */
    CRG_RAW_BYTES,      /* bytes: n bytes of whole words (random_bytes) */
    /* ---- discrete distributions (dists_discrete.h, dists_shuffle.h) ---- */
    CRG_POISSON,        /* int64: lam = a (pa) */
    CRG_GEOMETRIC,      /* int64: p = a (pa) */
    CRG_BINOMIAL,       /* int64: p = a (pa), n = ia (pia), ic = CRG_V_* */
    CRG_NEG_BINOMIAL,   /* int64: n = a (pa), p = b (pb) */
    CRG_SHUFFLE,        /* in place: out is a crg_shuffle_job, n steps */
    CRG_FLOYD,          /* in place: out is a crg_floyd_job, n indices */
    CRG_LOGSERIES,      /* int64: p = a (pa) */
    CRG_ZIPF,           /* int64: a = a (pa), ic = CRG_V_* */
    CRG_HYPERGEOMETRIC, /* int64: ngood, nbad, nsample = ia, ib, ic (pi*) */
    CRG_MULTINOMIAL,    /* int64 rows of ib: n = ia, pvals = pa[0, ib) */
    CRG_MVHG,           /* in place: out is a crg_mvhg_job, n variates */
    /* continuous distributions: double (std_gamma_f: float) values from
     * the real parameters a, b, c (or their broadcast arrays pa, pb, pc),
     * in the order of NumPy's random_<name>(a, b, c) */
    CRG_EXPONENTIAL,    /* scale */
    CRG_LOGNORMAL,      /* mean, sigma */
    CRG_LAPLACE,        /* loc, scale */
    CRG_LOGISTIC,       /* loc, scale */
    CRG_GUMBEL,         /* loc, scale */
    CRG_WEIBULL,        /* a */
    CRG_RAYLEIGH,       /* scale */
    CRG_PARETO,         /* a */
    CRG_POWER,          /* a */
    CRG_STD_CAUCHY,     /* (none) */
    CRG_WALD,           /* mean, scale */
    CRG_TRIANGULAR,     /* left, mode, right */
    CRG_VONMISES,       /* mu, kappa */
    CRG_STD_GAMMA,      /* shape */
    CRG_STD_GAMMA_F,    /* shape (a float32 value) */
    CRG_GAMMA,          /* shape, scale */
    CRG_CHISQUARE,      /* df */
    CRG_STANDARD_T,     /* df */
    CRG_F,              /* dfnum, dfden */
    CRG_BETA,           /* a, b */
    CRG_NC_CHISQUARE,   /* df, nonc (no case that draws a Poisson variate) */
    CRG_NC_F,           /* dfnum, dfden, nonc (likewise) */
    CRG_DIRICHLET,      /* rows of ia values: alphas pa, algorithm ib,
                           their right-to-left sums pb (dists_gamma.h) */
    CRG_METHOD_COUNT
};

/* The fills of one family, indexed by enum crg_method.  Each family's
 * gen_<family>.c defines one, crg_<family>_table; the family's Cython
 * module declares it (CRG_DECLARE_TABLE) and hands it to the shell when
 * it wires numpy's bitgen_t.  Nothing else names it. */
typedef struct crg_table {
    crg_fill_fn fill[CRG_METHOD_COUNT];
} crg_table;

#define CRG_DECLARE_TABLE(name) extern const crg_table crg_##name##_table

#endif /* CHACHARAND_GENERATOR_H */
