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
