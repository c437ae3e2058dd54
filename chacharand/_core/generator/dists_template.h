/*
 * The fills of enum crg_method for one word source: a template, included
 * once per family after defining
 *
 *   CRG_NAME            the family's name (chacha, hc128, ...): the fills
 *                       are static, the table is crg_<NAME>_table
 *   CRG_STATE           the C state type
 *   CRG_NEXT64(s)       numpy's next_uint64 for this family (inline)
 *   CRG_NEXT32(s)       numpy's next_uint32 for this family (inline)
 *   CRG_FILL64(s, p, n) n CRG_NEXT64 values into uint64_t p[n], in bulk
 *   CRG_FILL32(s, p, n) n CRG_NEXT32 values into uint32_t p[n], in bulk
 *
 * Every fill reproduces NumPy's distributions.c for the method exactly:
 * the same words in the same order, the same floating-point expressions
 * evaluated in the same types (the C core is compiled without
 * floating-point contraction), libm's log1p/exp for the rare slow paths.
 * Comments name NumPy's functions so the two can be read side by side.
 */
#include <math.h>
#include <string.h>

#include "generator.h"
#include "ziggurat_tables.h"

#define CRG_CAT_(a, b) a##b
#define CRG_CAT(a, b) CRG_CAT_(a, b)
#define CRG_FN(name) CRG_CAT(CRG_CAT(crg_, CRG_NAME), CRG_CAT(_, name))

/* Values converted per bulk step: small enough for L1, large enough that
 * the source fills whole multiples of its blocks. */
#define CRG_SCRATCH 512

typedef CRG_STATE CRG_FN(state_t);

/* ---- the two uniform conversions (next_double, next_float) ----------- */

static inline double CRG_FN(next_double)(CRG_STATE *s) {
    return (double)(CRG_NEXT64(s) >> 11) * (1.0 / 9007199254740992.0);
}

static inline float CRG_FN(next_float)(CRG_STATE *s) {
    return (float)(CRG_NEXT32(s) >> 8) * (1.0f / 16777216.0f);
}

/* random(): next_double per value, here a bulk fill then a conversion
 * loop the compiler can vectorise. */
static void CRG_FN(random)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    double *out = (double *)out_;
    uint64_t words[CRG_SCRATCH];
    (void)a;
    while (n > 0) {
        size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH, i;
        CRG_FILL64(s, words, k);
        for (i = 0; i < k; i++) {
            /* (w >> 11) < 2**53: exact through int64_t, which x86-64 can
             * convert (uint64_t it cannot before AVX-512). */
            out[i] = (double)(int64_t)(words[i] >> 11) *
                     (1.0 / 9007199254740992.0);
        }
        out += k;
        n -= k;
    }
}

static void CRG_FN(random_f)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    float *out = (float *)out_;
    uint32_t words[CRG_SCRATCH];
    (void)a;
    while (n > 0) {
        size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH, i;
        CRG_FILL32(s, words, k);
        for (i = 0; i < k; i++) {
            out[i] = (float)(int32_t)(words[i] >> 8) * (1.0f / 16777216.0f);
        }
        out += k;
        n -= k;
    }
}

/* random_uniform: lower + range * next_double. */
static void CRG_FN(uniform)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    double *out = (double *)out_;
    const double low = a->a, range = a->b;
    uint64_t words[CRG_SCRATCH];
    while (n > 0) {
        size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH, i;
        CRG_FILL64(s, words, k);
        for (i = 0; i < k; i++) {
            double u = (double)(int64_t)(words[i] >> 11) *
                       (1.0 / 9007199254740992.0);
            out[i] = low + range * u;
        }
        out += k;
        n -= k;
    }
}

/* ---- normal: random_standard_normal / random_standard_normal_f -------- */

static double CRG_FN(gauss)(CRG_STATE *s) {
    for (;;) {
        uint64_t r = CRG_NEXT64(s);
        int idx = (int)(r & 0xff);
        uint64_t rabs;
        double x;
        r >>= 8;
        rabs = (r >> 1) & UINT64_C(0x000fffffffffffff);
        x = (double)rabs * crg_wi_double[idx];
        if (r & 1) {
            x = -x;
        }
        if (CR_LIKELY(rabs < crg_ki_double[idx])) {
            return x; /* about 99.3% of draws */
        }
        if (idx == 0) {
            /* The tail beyond r, from two more uniforms per try. */
            for (;;) {
                double xx = -crg_ziggurat_nor_inv_r *
                            log1p(-CRG_FN(next_double)(s));
                double yy = -log1p(-CRG_FN(next_double)(s));
                if (yy + yy > xx * xx) {
                    return ((rabs >> 8) & 0x1) ? -(crg_ziggurat_nor_r + xx)
                                               : crg_ziggurat_nor_r + xx;
                }
            }
        } else {
            double f = (crg_fi_double[idx - 1] - crg_fi_double[idx]) *
                           CRG_FN(next_double)(s) +
                       crg_fi_double[idx];
            if (f < exp(-0.5 * x * x)) {
                return x;
            }
        }
    }
}

static float CRG_FN(gauss_f)(CRG_STATE *s) {
    for (;;) {
        uint32_t r = CRG_NEXT32(s);
        int idx = (int)(r & 0xff);
        uint32_t rabs = (r >> 9) & 0x0007fffff;
        float x = (float)rabs * crg_wi_float[idx];
        if ((r >> 8) & 0x1) {
            x = -x;
        }
        if (CR_LIKELY(rabs < crg_ki_float[idx])) {
            return x;
        }
        if (idx == 0) {
            for (;;) {
                float xx = -crg_ziggurat_nor_inv_r_f *
                           log1pf(-CRG_FN(next_float)(s));
                float yy = -log1pf(-CRG_FN(next_float)(s));
                if (yy + yy > xx * xx) {
                    return ((rabs >> 8) & 0x1) ? -(crg_ziggurat_nor_r_f + xx)
                                               : crg_ziggurat_nor_r_f + xx;
                }
            }
        } else {
            /* float arithmetic compared with a double exp, as NumPy. */
            float f = (crg_fi_float[idx - 1] - crg_fi_float[idx]) *
                          CRG_FN(next_float)(s) +
                      crg_fi_float[idx];
            if (f < exp(-0.5 * x * x)) {
                return x;
            }
        }
    }
}

static void CRG_FN(std_normal)(void *st, void *out_, size_t n,
                               crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    double *out = (double *)out_;
    size_t i;
    (void)a;
    for (i = 0; i < n; i++) {
        out[i] = CRG_FN(gauss)(s);
    }
}

static void CRG_FN(std_normal_f)(void *st, void *out_, size_t n,
                                 crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    float *out = (float *)out_;
    size_t i;
    (void)a;
    for (i = 0; i < n; i++) {
        out[i] = CRG_FN(gauss_f)(s);
    }
}

/* random_normal: loc + scale * random_standard_normal. */
static void CRG_FN(normal)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    double *out = (double *)out_;
    const double loc = a->a, scale = a->b;
    size_t i;
    for (i = 0; i < n; i++) {
        out[i] = loc + scale * CRG_FN(gauss)(s);
    }
}

/* ---- exponential: random_standard_exponential(_f), and method="inv" --- */

static double CRG_FN(expo)(CRG_STATE *s) {
    for (;;) {
        uint64_t ri = CRG_NEXT64(s) >> 3;
        uint8_t idx = (uint8_t)(ri & 0xFF);
        double x;
        ri >>= 8;
        x = (double)ri * crg_we_double[idx];
        if (CR_LIKELY(ri < crg_ke_double[idx])) {
            return x; /* about 98.9% of draws */
        }
        if (idx == 0) {
            return crg_ziggurat_exp_r - log1p(-CRG_FN(next_double)(s));
        }
        if ((crg_fe_double[idx - 1] - crg_fe_double[idx]) *
                    CRG_FN(next_double)(s) +
                crg_fe_double[idx] <
            exp(-x)) {
            return x;
        }
        /* NumPy starts over with a fresh draw (a tail call there). */
    }
}

static float CRG_FN(expo_f)(CRG_STATE *s) {
    for (;;) {
        uint32_t ri = CRG_NEXT32(s) >> 1;
        uint8_t idx = (uint8_t)(ri & 0xFF);
        float x;
        ri >>= 8;
        x = (float)ri * crg_we_float[idx];
        if (CR_LIKELY(ri < crg_ke_float[idx])) {
            return x;
        }
        if (idx == 0) {
            return crg_ziggurat_exp_r_f - log1pf(-CRG_FN(next_float)(s));
        }
        if ((crg_fe_float[idx - 1] - crg_fe_float[idx]) *
                    CRG_FN(next_float)(s) +
                crg_fe_float[idx] <
            expf(-x)) {
            return x;
        }
    }
}

static void CRG_FN(std_exp)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    double *out = (double *)out_;
    size_t i;
    (void)a;
    for (i = 0; i < n; i++) {
        out[i] = CRG_FN(expo)(s);
    }
}

static void CRG_FN(std_exp_f)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    float *out = (float *)out_;
    size_t i;
    (void)a;
    for (i = 0; i < n; i++) {
        out[i] = CRG_FN(expo_f)(s);
    }
}

static void CRG_FN(std_exp_inv)(void *st, void *out_, size_t n,
                                crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    double *out = (double *)out_;
    size_t i;
    (void)a;
    for (i = 0; i < n; i++) {
        out[i] = -log1p(-CRG_FN(next_double)(s));
    }
}

static void CRG_FN(std_exp_inv_f)(void *st, void *out_, size_t n,
                                  crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    float *out = (float *)out_;
    size_t i;
    (void)a;
    for (i = 0; i < n; i++) {
        /* NumPy takes the double log1p of the float draw. */
        out[i] = (float)-log1p(-(double)CRG_FN(next_float)(s));
    }
}

/* ---- integers: random_bounded_*_fill with Lemire's rejection ---------- */

/* buffered_uint16 / buffered_uint8 / the bool draw: pieces of one 32-bit
 * word, low bits first; the word and the count of pieces left carry over
 * between the chunks of one call (crg_args), not between calls. */
static inline uint16_t CRG_FN(piece16)(CRG_STATE *s, crg_args *a) {
    if (a->bcnt == 0) {
        a->buf = CRG_NEXT32(s);
        a->bcnt = 1;
    } else {
        a->buf >>= 16;
        a->bcnt -= 1;
    }
    return (uint16_t)a->buf;
}

static inline uint8_t CRG_FN(piece8)(CRG_STATE *s, crg_args *a) {
    if (a->bcnt == 0) {
        a->buf = CRG_NEXT32(s);
        a->bcnt = 3;
    } else {
        a->buf >>= 8;
        a->bcnt -= 1;
    }
    return (uint8_t)a->buf;
}

/* Lemire's multiply-and-reject in [0, rng], rng < 2**32 - 1: the draw is
 * rejected only when the low half of the product falls below
 * (2**32 - rng_excl) mod rng_excl; that threshold is computed only when
 * the cheap bound leftover < rng_excl says it might matter. */
static inline uint32_t CRG_FN(lemire32)(CRG_STATE *s, uint32_t rng) {
    const uint32_t rng_excl = rng + 1;
    uint64_t m = (uint64_t)CRG_NEXT32(s) * rng_excl;
    uint32_t leftover = (uint32_t)m;
    if (CR_UNLIKELY(leftover < rng_excl)) {
        const uint32_t threshold = (UINT32_MAX - rng) % rng_excl;
        while (leftover < threshold) {
            m = (uint64_t)CRG_NEXT32(s) * rng_excl;
            leftover = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

static inline uint64_t CRG_FN(lemire64)(CRG_STATE *s, uint64_t rng) {
    const uint64_t rng_excl = rng + 1;
#if defined(__SIZEOF_INT128__)
    __uint128_t m = (__uint128_t)CRG_NEXT64(s) * rng_excl;
    uint64_t leftover = (uint64_t)m;
    if (CR_UNLIKELY(leftover < rng_excl)) {
        const uint64_t threshold = (UINT64_MAX - rng) % rng_excl;
        while (leftover < threshold) {
            m = (__uint128_t)CRG_NEXT64(s) * rng_excl;
            leftover = (uint64_t)m;
        }
    }
    return (uint64_t)(m >> 64);
#else
    /* No 128-bit type: the low half by wrapping multiplication, the high
     * half by 32-bit pieces (NumPy does the same where it lacks one). */
    uint64_t x = CRG_NEXT64(s);
    uint64_t leftover = x * rng_excl;
    uint64_t x0, x1, r0, r1, w0, w1, w2, t;
    if (leftover < rng_excl) {
        const uint64_t threshold = (UINT64_MAX - rng) % rng_excl;
        while (leftover < threshold) {
            x = CRG_NEXT64(s);
            leftover = x * rng_excl;
        }
    }
    x0 = x & 0xFFFFFFFFu;
    x1 = x >> 32;
    r0 = rng_excl & 0xFFFFFFFFu;
    r1 = rng_excl >> 32;
    w0 = x0 * r0;
    t = x1 * r0 + (w0 >> 32);
    w1 = (t & 0xFFFFFFFFu) + x0 * r1;
    w2 = t >> 32;
    return x1 * r1 + w2 + (w1 >> 32);
#endif
}

static inline uint16_t CRG_FN(lemire16)(CRG_STATE *s, uint16_t rng,
                                        crg_args *a) {
    const uint16_t rng_excl = (uint16_t)(rng + 1);
    uint32_t m = (uint32_t)CRG_FN(piece16)(s, a) * rng_excl;
    uint16_t leftover = (uint16_t)m;
    if (leftover < rng_excl) {
        const uint16_t threshold = (uint16_t)((UINT16_MAX - rng) % rng_excl);
        while (leftover < threshold) {
            m = (uint32_t)CRG_FN(piece16)(s, a) * rng_excl;
            leftover = (uint16_t)m;
        }
    }
    return (uint16_t)(m >> 16);
}

static inline uint8_t CRG_FN(lemire8)(CRG_STATE *s, uint8_t rng,
                                      crg_args *a) {
    const uint8_t rng_excl = (uint8_t)(rng + 1);
    uint16_t m = (uint16_t)((uint16_t)CRG_FN(piece8)(s, a) * rng_excl);
    uint8_t leftover = (uint8_t)m;
    if (leftover < rng_excl) {
        const uint8_t threshold = (uint8_t)((UINT8_MAX - rng) % rng_excl);
        while (leftover < threshold) {
            m = (uint16_t)((uint16_t)CRG_FN(piece8)(s, a) * rng_excl);
            leftover = (uint8_t)m;
        }
    }
    return (uint8_t)(m >> 8);
}

/* n full-range 32-bit draws plus off (a uint32_t array or, widened, a
 * uint64_t one): bulk, as no draw is ever rejected. */
static void CRG_FN(words32_plus)(CRG_STATE *s, void *out_, size_t n,
                                 uint64_t off, int wide) {
    uint32_t words[CRG_SCRATCH];
    while (n > 0) {
        size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH, i;
        CRG_FILL32(s, words, k);
        if (wide) {
            uint64_t *out = (uint64_t *)out_;
            for (i = 0; i < k; i++) {
                out[i] = off + words[i];
            }
            out_ = out + k;
        } else {
            uint32_t *out = (uint32_t *)out_;
            for (i = 0; i < k; i++) {
                out[i] = (uint32_t)off + words[i];
            }
            out_ = out + k;
        }
        n -= k;
    }
}

/* random_bounded_uint64_fill */
static void CRG_FN(bounded_u64)(void *st, void *out_, size_t n,
                                crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    uint64_t *out = (uint64_t *)out_;
    const uint64_t off = a->off, rng = a->rng;
    size_t i;
    if (rng == 0) {
        for (i = 0; i < n; i++) {
            out[i] = off;
        }
    } else if (rng == 0xFFFFFFFFu) {
        CRG_FN(words32_plus)(s, out, n, off, 1);
    } else if (rng < 0xFFFFFFFFu) {
        for (i = 0; i < n; i++) {
            out[i] = off + CRG_FN(lemire32)(s, (uint32_t)rng);
        }
    } else if (rng == UINT64_MAX) {
        while (n > 0) {
            size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH;
            CRG_FILL64(s, out, k);
            for (i = 0; i < k; i++) {
                out[i] += off;
            }
            out += k;
            n -= k;
        }
    } else {
        for (i = 0; i < n; i++) {
            out[i] = off + CRG_FN(lemire64)(s, rng);
        }
    }
}

/* random_bounded_uint32_fill */
static void CRG_FN(bounded_u32)(void *st, void *out_, size_t n,
                                crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    uint32_t *out = (uint32_t *)out_;
    const uint32_t off = (uint32_t)a->off, rng = (uint32_t)a->rng;
    size_t i;
    if (rng == 0) {
        for (i = 0; i < n; i++) {
            out[i] = off;
        }
    } else if (rng == 0xFFFFFFFFu) {
        CRG_FN(words32_plus)(s, out, n, off, 0);
    } else {
        for (i = 0; i < n; i++) {
            out[i] = off + CRG_FN(lemire32)(s, rng);
        }
    }
}

/* random_bounded_uint16_fill */
static void CRG_FN(bounded_u16)(void *st, void *out_, size_t n,
                                crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    uint16_t *out = (uint16_t *)out_;
    const uint16_t off = (uint16_t)a->off, rng = (uint16_t)a->rng;
    size_t i;
    if (rng == 0) {
        for (i = 0; i < n; i++) {
            out[i] = off;
        }
    } else if (rng == 0xFFFFu) {
        for (i = 0; i < n; i++) {
            out[i] = (uint16_t)(off + CRG_FN(piece16)(s, a));
        }
    } else {
        for (i = 0; i < n; i++) {
            out[i] = (uint16_t)(off + CRG_FN(lemire16)(s, rng, a));
        }
    }
}

/* random_bounded_uint8_fill */
static void CRG_FN(bounded_u8)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    uint8_t *out = (uint8_t *)out_;
    const uint8_t off = (uint8_t)a->off, rng = (uint8_t)a->rng;
    size_t i;
    if (rng == 0) {
        for (i = 0; i < n; i++) {
            out[i] = off;
        }
    } else if (rng == 0xFFu) {
        for (i = 0; i < n; i++) {
            out[i] = (uint8_t)(off + CRG_FN(piece8)(s, a));
        }
    } else {
        for (i = 0; i < n; i++) {
            out[i] = (uint8_t)(off + CRG_FN(lemire8)(s, rng, a));
        }
    }
}

/* random_bounded_bool_fill: one bit of the buffered word per value. */
static void CRG_FN(bounded_bool)(void *st, void *out_, size_t n,
                                 crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    uint8_t *out = (uint8_t *)out_;
    size_t i;
    if (a->rng == 0) {
        memset(out, (int)(uint8_t)a->off, n);
        return;
    }
    for (i = 0; i < n; i++) {
        if (a->bcnt == 0) {
            a->buf = CRG_NEXT32(s);
            a->bcnt = 31;
        } else {
            a->buf >>= 1;
            a->bcnt -= 1;
        }
        out[i] = (uint8_t)(a->buf & 1u);
    }
}

const crg_table CRG_CAT(CRG_CAT(crg_, CRG_NAME), _table) = {{
    CRG_FN(random),
    CRG_FN(random_f),
    CRG_FN(uniform),
    CRG_FN(std_normal),
    CRG_FN(std_normal_f),
    CRG_FN(normal),
    CRG_FN(std_exp),
    CRG_FN(std_exp_f),
    CRG_FN(std_exp_inv),
    CRG_FN(std_exp_inv_f),
    CRG_FN(bounded_u64),
    CRG_FN(bounded_u32),
    CRG_FN(bounded_u16),
    CRG_FN(bounded_u8),
    CRG_FN(bounded_bool),
}};
