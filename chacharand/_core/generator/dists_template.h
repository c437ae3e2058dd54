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
 *   CRG_FILL_BYTES(s, p, n)  the generator's random_bytes: n bytes of whole
 *                       words into uint8_t p[n] (the rest of a last word
 *                       dropped)
 *
 * Every fill reproduces NumPy's distributions.c for the method exactly:
 * the same words in the same order, the same floating-point expressions
 * evaluated in the same types (the C core is compiled without
 * floating-point contraction), libm's log1p/exp for the rare slow paths.
 * Comments name NumPy's functions so the two can be read side by side.
 */
#include <math.h>
#include <string.h>

#include "../common/compiler.h"
#include "../common/endian.h"
#include "piece_constants.h"
#include "convert.h"
#include "generator.h"
#include "johnk_bounds.h"
#include "pow_shortcut.h"
#include "poisson_bounds.h"
#include "ziggurat_tables.h"

#define CRG_CAT_(a, b) a##b
#define CRG_CAT(a, b) CRG_CAT_(a, b)
#define CRG_FN(name) CRG_CAT(CRG_CAT(crg_, CRG_NAME), CRG_CAT(_, name))

/* Values converted per bulk step: small enough for L1, large enough that
 * the source fills whole multiples of its blocks. */
#define CRG_SCRATCH 512

typedef CRG_STATE CRG_FN(state_t);

/* ---- the two uniform conversions (next_double, next_float) ----------- */

CR_FORCE_INLINE double CRG_FN(next_double)(CRG_STATE *s) {
    return (double)(CRG_NEXT64(s) >> 11) * (1.0 / 9007199254740992.0);
}

static inline float CRG_FN(next_float)(CRG_STATE *s) {
    return (float)(CRG_NEXT32(s) >> 8) * (1.0f / 16777216.0f);
}

/* ---- words taken in batches ---------------------------------------------
 *
 * A fill that reads the state's next word for every value makes the
 * state's index a chain of loads and stores through the whole loop.  The
 * ziggurat fills (CRG_ZIGGURAT_FILL below) and the gamma fills
 * (dists_gamma.h's CRG_BATCH_FILL) take their words from a batch of
 * CRG_FILL64 instead (the same words, in order): at most as many words as
 * values are left, the one in progress included, each of which takes at
 * least one more word, so a batch never holds a word the call would not
 * take, and the bit generator ends where NumPy's loop leaves it.  In the
 * ziggurat fills the batch's position lives in the fill's locals, and the
 * rare draws that need more than their first word continue through a
 * cursor over the same batch; the gamma fills draw through the cursor
 * throughout.  A cursor with no batch (words NULL) reads the state
 * itself.
 */
typedef struct {
    CRG_STATE *s;
    uint64_t *words;    /* the batch, or NULL */
    size_t next, end;   /* the batch's unread words: words[next:end] */
    size_t left;        /* values left, the one in progress included */
} CRG_FN(cursor);

static inline uint64_t CRG_FN(cursor_next64)(CRG_FN(cursor) *c) {
    if (c->next == c->end) {
        if (c->words == NULL) {
            return CRG_NEXT64(c->s);
        }
        c->end = c->left < CRG_SCRATCH ? c->left : CRG_SCRATCH;
        CRG_FILL64(c->s, c->words, c->end);
        c->next = 0;
    }
    return c->words[c->next++];
}

/* A cursor with no batch: it reads the state itself. */
static inline CRG_FN(cursor) CRG_FN(state_cursor)(CRG_STATE *s) {
    CRG_FN(cursor) c;
    c.s = s;
    c.words = NULL;
    c.next = c.end = c.left = 0;
    return c;
}

/* A cursor over a batch of words (words: CRG_SCRATCH of them; the fill
 * sets left before each value). */
static inline CRG_FN(cursor) CRG_FN(batch_cursor)(CRG_STATE *s,
                                                  uint64_t *words) {
    CRG_FN(cursor) c;
    c.s = s;
    c.words = words;
    c.next = c.end = c.left = 0;
    return c;
}

/* next_double from the cursor. */
static inline double CRG_FN(cursor_double)(CRG_FN(cursor) *c) {
    return (double)(CRG_FN(cursor_next64)(c) >> 11) *
           (1.0 / 9007199254740992.0);
}

/* ---- rejections' trials in rounds --------------------------------------
 *
 * Where each trial of a rejection draws the same words whichever trials
 * came before, and the trials NumPy's loop makes do not depend on which
 * of them it accepts (gamma below shape 1, Johnk's beta, BTPE, zipf), the
 * stream is a sequence of trials, each giving a value or none.  With k
 * values left, NumPy's loop makes at least k more trials: a round draws
 * the words of min(k, CRG_TRIALS) trials at once, works the trials out in
 * passes (one libm function per loop, as CRG_PASS in dists_simple.h) and
 * keeps the accepted values in order.  No round draws a word NumPy's loop
 * would not.
 */
#define CRG_TRIALS 256

/* The trials of the next round, with `left` values left. */
static inline size_t crg_round_trials(size_t left) {
    return left < CRG_TRIALS ? left : CRG_TRIALS;
}

/*
 * CRG_ZIGGURAT_FILL(name, try_, rest, value): a fill of n doubles, each
 * `value` (an expression of the draw x and the parameters pa = a->a,
 * pb = a->b) of one ziggurat draw: try_(r, &x) is the draw's first try
 * from word r (nonzero when it is accepted), rest(&cursor, r, x) the
 * rest of a draw whose first try was refused.
 */
#define CRG_ZIGGURAT_FILL(name, try_, rest, value)                          \
    static void CRG_FN(name)(void *st, void *out_, size_t n, crg_args *a) { \
        CRG_STATE *s = (CRG_STATE *)st;                                      \
        double *out = (double *)out_;                                        \
        const double pa = a->a, pb = a->b;                                   \
        uint64_t words[CRG_SCRATCH];                                         \
        size_t i = 0, next = 0, end = 0;                                     \
        (void)pa;                                                            \
        (void)pb;                                                            \
        while (i < n) {                                                      \
            uint64_t r;                                                      \
            double x;                                                        \
            if (next == end) {                                               \
                end = n - i < CRG_SCRATCH ? n - i : CRG_SCRATCH;             \
                CRG_FILL64(s, words, end);                                   \
                next = 0;                                                    \
            }                                                                \
            r = words[next++];                                               \
            if (CR_UNLIKELY(!try_(r, &x))) {                                 \
                CRG_FN(cursor) c;                                            \
                c.s = s;                                                     \
                c.words = words;                                             \
                c.next = next;                                               \
                c.end = end;                                                 \
                c.left = n - i;                                              \
                x = rest(&c, r, x);                                          \
                next = c.next;                                               \
                end = c.end;                                                 \
            }                                                                \
            out[i++] = (value);                                              \
        }                                                                    \
    }


/* random(), random(dtype=float32) and uniform(): the words go straight
 * into the output array (a double or float is the size of its word) and
 * are converted in place, a cache-sized piece at a time, by vectorised
 * loops (convert.h for the doubles); memcpy keeps the in-place
 * reinterpretation defined. */
static void CRG_FN(random)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    double *out = (double *)out_;
    (void)a;
    while (n > 0) {
        size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH;
        CRG_FILL64(s, (uint64_t *)(void *)out, k);
        crg_convert_double(out, k);
        out += k;
        n -= k;
    }
}

static void CRG_FN(random_f)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    float *out = (float *)out_;
    (void)a;
    while (n > 0) {
        size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH, i;
        CRG_FILL32(s, (uint32_t *)(void *)out, k);
        for (i = 0; i < k; i++) {
            uint32_t w;
            memcpy(&w, out + i, sizeof w);
            /* (w >> 8) < 2**24: exact as a float, via int32 (packed). */
            out[i] = (float)(int32_t)(w >> 8) * (1.0f / 16777216.0f);
        }
        out += k;
        n -= k;
    }
}

/* The value of parameter `scalar` or, for a broadcast parameter, of the
 * `array`'s element i. */
#define CRG_PARAM(array, scalar, i) ((array) != NULL ? (array)[i] : (scalar))

/* A broadcast parameter's array read on to the next chunk's values. */
static inline void crg_params_advance(crg_args *a, size_t n) {
    if (a->pa != NULL) {
        a->pa += n;
    }
    if (a->pb != NULL) {
        a->pb += n;
    }
    if (a->pc != NULL) {
        a->pc += n;
    }
}

/* random_uniform: lower + range * next_double (lower in a or pa, range in
 * b or pb). */
static void CRG_FN(uniform)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    double *out = (double *)out_;
    const double low = a->a, range = a->b;
    const double *lows = a->pa, *ranges = a->pb;
    crg_params_advance(a, n);
    while (n > 0) {
        size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH, i;
        CRG_FILL64(s, (uint64_t *)(void *)out, k);
        if (lows == NULL && ranges == NULL) {
            crg_convert_uniform(out, k, low, range);
        } else {
            crg_convert_double(out, k);
            for (i = 0; i < k; i++) {
                out[i] = CRG_PARAM(lows, low, i) +
                         CRG_PARAM(ranges, range, i) * out[i];
            }
            lows = lows != NULL ? lows + k : NULL;
            ranges = ranges != NULL ? ranges + k : NULL;
        }
        out += k;
        n -= k;
    }
}

/* ---- normal: random_standard_normal / random_standard_normal_f -------- */

/* x, or -x if `negate` (0 or 1): IEEE negation is a flip of the sign bit. */
static inline double CRG_FN(flip)(double x, uint64_t negate) {
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    bits ^= negate << 63;
    memcpy(&x, &bits, sizeof x);
    return x;
}

static inline float CRG_FN(flip_f)(float x, uint32_t negate) {
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    bits ^= negate << 31;
    memcpy(&x, &bits, sizeof x);
    return x;
}

/* random_standard_normal's first try from word r: the value in *x, and
 * whether the try accepts it (about 99.3% of draws). */
static inline int CRG_FN(gauss_try)(uint64_t r, double *x) {
    const int idx = (int)(r & 0xff);
    const uint64_t rabs = ((r >> 8) >> 1) & UINT64_C(0x000fffffffffffff);
    /* -x when the sign bit is set, as a bit flip: a branch here would be
     * mispredicted on every other draw. */
    *x = CRG_FN(flip)((double)rabs * crg_wi_double[idx], (r >> 8) & 1);
    return rabs < crg_ki_double[idx];
}

/* The rest of a draw whose try from word r (value x) was refused, as
 * NumPy goes on: the tail beyond r or the wedge's test, then fresh tries.
 * Kept out of the loops that call the try. */
static CR_NOINLINE double CRG_FN(gauss_rest)(CRG_FN(cursor) *c, uint64_t r,
                                             double x) {
    for (;;) {
        const int idx = (int)(r & 0xff);
        const uint64_t rabs = ((r >> 8) >> 1) &
                              UINT64_C(0x000fffffffffffff);
        if (idx == 0) {
            /* The tail beyond r, from two more uniforms per try. */
            for (;;) {
                double xx = -crg_ziggurat_nor_inv_r *
                            log1p(-CRG_FN(cursor_double)(c));
                double yy = -log1p(-CRG_FN(cursor_double)(c));
                if (yy + yy > xx * xx) {
                    return ((rabs >> 8) & 0x1) ? -(crg_ziggurat_nor_r + xx)
                                               : crg_ziggurat_nor_r + xx;
                }
            }
        } else {
            double f = (crg_fi_double[idx - 1] - crg_fi_double[idx]) *
                           CRG_FN(cursor_double)(c) +
                       crg_fi_double[idx];
            if (f < exp(-0.5 * x * x)) {
                return x;
            }
        }
        r = CRG_FN(cursor_next64)(c);
        if (CRG_FN(gauss_try)(r, &x)) {
            return x;
        }
    }
}

/* CRG_CURSOR_DRAW(name, try_, rest): the function `name` drawing one
 * ziggurat value from a cursor: a first try, and the rest of the draw
 * where the try is refused. */
#define CRG_CURSOR_DRAW(name, try_, rest)                                    \
    static inline double CRG_FN(name)(CRG_FN(cursor) * c) {                  \
        const uint64_t r = CRG_FN(cursor_next64)(c);                         \
        double x;                                                            \
        if (CR_LIKELY(try_(r, &x))) {                                        \
            return x;                                                        \
        }                                                                    \
        return rest(c, r, x);                                                \
    }

/* random_standard_normal, one value from the cursor. */
CRG_CURSOR_DRAW(cursor_gauss, CRG_FN(gauss_try), CRG_FN(gauss_rest))

/* random_standard_normal, one value from the state. */
static double CRG_FN(gauss)(CRG_STATE *s) {
    const uint64_t r = CRG_NEXT64(s);
    double x;
    if (CR_LIKELY(CRG_FN(gauss_try)(r, &x))) {
        return x;
    } else {
        CRG_FN(cursor) c = CRG_FN(state_cursor)(s);
        return CRG_FN(gauss_rest)(&c, r, x);
    }
}

static float CRG_FN(gauss_f)(CRG_STATE *s) {
    for (;;) {
        uint32_t r = CRG_NEXT32(s);
        int idx = (int)(r & 0xff);
        uint32_t rabs = (r >> 9) & 0x0007fffff;
        float x = CRG_FN(flip_f)((float)rabs * crg_wi_float[idx],
                                 (r >> 8) & 0x1);
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

CRG_ZIGGURAT_FILL(std_normal, CRG_FN(gauss_try), CRG_FN(gauss_rest), x)

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

/* random_normal: loc + scale * random_standard_normal (loc in a or pa,
 * scale in b or pb).  With a broadcast parameter, a piece of standard
 * normals (whose fill takes, piece by piece, the words one call takes),
 * then each value's own loc and scale. */
CRG_ZIGGURAT_FILL(normal_one, CRG_FN(gauss_try), CRG_FN(gauss_rest),
                  pa + pb * x)

static void CRG_FN(normal)(void *st, void *out_, size_t n, crg_args *a) {
    double *out = (double *)out_;
    const double *locs = a->pa, *scales = a->pb;
    if (locs == NULL && scales == NULL) {
        CRG_FN(normal_one)(st, out_, n, a);
        return;
    }
    crg_params_advance(a, n);
    while (n > 0) {
        const size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH;
        size_t i;
        CRG_FN(std_normal)(st, out, k, a);
        for (i = 0; i < k; i++) {
            out[i] = CRG_PARAM(locs, a->a, i) +
                     CRG_PARAM(scales, a->b, i) * out[i];
        }
        locs = locs != NULL ? locs + k : NULL;
        scales = scales != NULL ? scales + k : NULL;
        out += k;
        n -= k;
    }
}

/* ---- exponential: random_standard_exponential(_f), and method="inv" --- */

/* random_standard_exponential's first try from word r: the value in *x,
 * and whether the try accepts it (about 98.9% of draws). */
static inline int CRG_FN(expo_try)(uint64_t r, double *x) {
    const uint64_t ri = r >> 3;
    const uint8_t idx = (uint8_t)(ri & 0xFF);
    *x = (double)(ri >> 8) * crg_we_double[idx];
    return (ri >> 8) < crg_ke_double[idx];
}

/* The rest of a draw whose try from word r (value x) was refused: the
 * tail, or the wedge's test, then (NumPy's tail call) fresh tries. */
static CR_NOINLINE double CRG_FN(expo_rest)(CRG_FN(cursor) *c, uint64_t r,
                                            double x) {
    for (;;) {
        const uint8_t idx = (uint8_t)((r >> 3) & 0xFF);
        if (idx == 0) {
            return crg_ziggurat_exp_r - log1p(-CRG_FN(cursor_double)(c));
        }
        if ((crg_fe_double[idx - 1] - crg_fe_double[idx]) *
                    CRG_FN(cursor_double)(c) +
                crg_fe_double[idx] <
            exp(-x)) {
            return x;
        }
        r = CRG_FN(cursor_next64)(c);
        if (CRG_FN(expo_try)(r, &x)) {
            return x;
        }
    }
}

/* random_standard_exponential, one value from the cursor. */
CRG_CURSOR_DRAW(cursor_expo, CRG_FN(expo_try), CRG_FN(expo_rest))

/* random_standard_exponential, one value from the state. */
static double CRG_FN(expo)(CRG_STATE *s) {
    const uint64_t r = CRG_NEXT64(s);
    double x;
    if (CR_LIKELY(CRG_FN(expo_try)(r, &x))) {
        return x;
    } else {
        CRG_FN(cursor) c = CRG_FN(state_cursor)(s);
        return CRG_FN(expo_rest)(&c, r, x);
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

CRG_ZIGGURAT_FILL(std_exp, CRG_FN(expo_try), CRG_FN(expo_rest), x)

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

/* ---- continuous distributions, grouped by family of algorithm ------- */

#include "dists_fill.h"
#include "dists_simple.h"
#include "dists_gamma.h"

/* ---- integers: random_bounded_*_fill with Lemire's rejection ---------- */

/*
 * Lemire's method in [0, rng] draws w, forms m = w * (rng + 1) and keeps
 * the high half unless the low half ("leftover") is below
 * threshold = (2**bits - (rng + 1)) mod (rng + 1); then it draws again.
 * NumPy first tests leftover < rng + 1 and only then computes the
 * threshold; as threshold < rng + 1 that is the same test, so here the
 * threshold is computed once per call.
 *
 * For 32- and 64-bit draws every attempt takes one word, so the outputs
 * are the accepted words in order: a batch of as many words as outputs
 * are still missing (never more than NumPy would draw) is filtered
 * without branches, and the next batch fills the gaps.
 */
#define CRG_LEMIRE_BATCH(word_t, fill, prod_t, shift, out_t)                  \
    do {                                                                      \
        const word_t rng_excl = (word_t)(rng + 1);                            \
        const word_t threshold = (word_t)((word_t)(0 - rng_excl) % rng_excl); \
        word_t words[CRG_SCRATCH];                                            \
        out_t *o = (out_t *)out_;                                             \
        while (n > 0) {                                                       \
            size_t k = n < CRG_SCRATCH ? n : CRG_SCRATCH, i, j = 0;           \
            fill(s, words, k);                                                \
            for (i = 0; i < k; i++) {                                         \
                prod_t m = (prod_t)words[i] * rng_excl;                       \
                o[j] = (out_t)(off + (out_t)(m >> shift));                    \
                j += ((word_t)m >= threshold);                                \
            }                                                                 \
            o += j;                                                           \
            n -= j;                                                           \
        }                                                                     \
    } while (0)

#if !defined(__SIZEOF_INT128__)
/* No 128-bit type: the low half by wrapping multiplication, the high half
 * from 32-bit pieces (NumPy does the same where it lacks one). */
static inline uint64_t CRG_FN(lemire64_slow)(CRG_STATE *s, uint64_t rng) {
    const uint64_t rng_excl = rng + 1;
    const uint64_t threshold = (UINT64_MAX - rng) % rng_excl;
    uint64_t x = CRG_NEXT64(s);
    uint64_t x0, x1, r0, r1, w0, w1, w2, t;
    while (x * rng_excl < threshold) {
        x = CRG_NEXT64(s);
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
}
#endif

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

/*
 * Broadcast bounds (CRG_OFF, CRG_RNG below): NumPy draws value by value,
 * as random_bounded_uint64 (64-bit dtypes) or random_buffered_bounded_*
 * (the others) do for one value, the 8- and 16-bit pieces and bool's bits from a word kept from
 * value to value.  Lemire's method tests leftover < rng + 1 first, and
 * only then computes the threshold ((2**bits - (rng + 1)) mod (rng + 1),
 * NumPy's (max - rng) % (rng + 1)) and draws again while below it.
 */
#define CRG_LEMIRE_ONE(word_t, prod_t, next, bits)                           \
    do {                                                                      \
        const word_t rng_excl = rng + 1;                                      \
        prod_t m = (prod_t)next(s) * rng_excl;                                \
        if ((word_t)m < rng_excl) {                                           \
            const word_t threshold = (word_t)(0 - rng_excl) % rng_excl;       \
            while ((word_t)m < threshold) {                                   \
                m = (prod_t)next(s) * rng_excl;                               \
            }                                                                 \
        }                                                                     \
        return (word_t)(m >> (bits));                                         \
    } while (0)

static inline uint32_t CRG_FN(lemire32_one)(CRG_STATE *s, uint32_t rng) {
    CRG_LEMIRE_ONE(uint32_t, uint64_t, CRG_NEXT32, 32);
}

static inline uint64_t CRG_FN(lemire64_one)(CRG_STATE *s, uint64_t rng) {
#if defined(__SIZEOF_INT128__)
    CRG_LEMIRE_ONE(uint64_t, __uint128_t, CRG_NEXT64, 64);
#else
    return CRG_FN(lemire64_slow)(s, rng);
#endif
}

/* random_bounded_uint64 for one value */
static inline uint64_t CRG_FN(bounded64_one)(CRG_STATE *s, uint64_t off,
                                             uint64_t rng) {
    if (rng == 0) {
        return off;
    }
    if (rng <= 0xFFFFFFFFu) {
        if (rng == 0xFFFFFFFFu) {
            return off + CRG_NEXT32(s);
        }
        return off + CRG_FN(lemire32_one)(s, (uint32_t)rng);
    }
    if (rng == UINT64_MAX) {
        return off + CRG_NEXT64(s);
    }
    return off + CRG_FN(lemire64_one)(s, rng);
}

/* Value i's off (its low, as the bits of a uint64) and rng (its high,
 * less 1 where the interval is open (ic), less low): the bounds are
 * int64, an array (pia, pib) or one for every value (ia, ib). */
#define CRG_LOW(a, i) ((uint64_t)((a)->pia != NULL ? (a)->pia[i] : (a)->ia))
#define CRG_OFF(a, i) CRG_LOW(a, i)
#define CRG_RNG(a, i)                                                         \
    ((uint64_t)((a)->pib != NULL ? (a)->pib[i] : (a)->ib) -                   \
     (uint64_t)(a)->ic - CRG_LOW(a, i))

/* A broadcast bound's array read on to the next chunk's values. */
static inline void crg_bounds_advance(crg_args *a, size_t n) {
    if (a->pia != NULL) {
        a->pia += n;
    }
    if (a->pib != NULL) {
        a->pib += n;
    }
}

/* Whether the bounds are broadcast (else the fill's off and rng hold). */
#define CRG_BOUNDS_EACH(a) ((a)->pia != NULL || (a)->pib != NULL)

static void CRG_FN(bounded_each_u64)(CRG_STATE *s, uint64_t *out, size_t n,
                                     crg_args *a) {
    size_t i;
    for (i = 0; i < n; i++) {
        out[i] = CRG_FN(bounded64_one)(s, CRG_OFF(a, i), CRG_RNG(a, i));
    }
    crg_bounds_advance(a, n);
}

static void CRG_FN(bounded_each_u32)(CRG_STATE *s, uint32_t *out, size_t n,
                                     crg_args *a) {
    size_t i;
    for (i = 0; i < n; i++) {
        const uint32_t off = (uint32_t)CRG_OFF(a, i);
        const uint32_t rng = (uint32_t)CRG_RNG(a, i);
        if (rng == 0) {
            out[i] = off;
        } else if (rng == 0xFFFFFFFFu) {
            out[i] = off + CRG_NEXT32(s);
        } else {
            out[i] = off + CRG_FN(lemire32_one)(s, rng);
        }
    }
    crg_bounds_advance(a, n);
}

/* random_bounded_uint64_fill */
static void CRG_FN(bounded_u64)(void *st, void *out_, size_t n,
                                crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    const uint64_t off = a->off, rng = a->rng;
    size_t i;
    if (CRG_BOUNDS_EACH(a)) {
        CRG_FN(bounded_each_u64)(s, (uint64_t *)out_, n, a);
    } else if (rng == 0) {
        uint64_t *out = (uint64_t *)out_;
        for (i = 0; i < n; i++) {
            out[i] = off;
        }
    } else if (rng == 0xFFFFFFFFu) {
        CRG_FN(words32_plus)(s, out_, n, off, 1);
    } else if (rng < 0xFFFFFFFFu) {
        /* 32-bit draws for a 32-bit range, as NumPy. */
        CRG_LEMIRE_BATCH(uint32_t, CRG_FILL32, uint64_t, 32, uint64_t);
    } else if (rng == UINT64_MAX) {
        uint64_t *out = (uint64_t *)out_;
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
#if defined(__SIZEOF_INT128__)
        CRG_LEMIRE_BATCH(uint64_t, CRG_FILL64, __uint128_t, 64, uint64_t);
#else
        uint64_t *out = (uint64_t *)out_;
        for (i = 0; i < n; i++) {
            out[i] = off + CRG_FN(lemire64_slow)(s, rng);
        }
#endif
    }
}

/* random_bounded_uint32_fill */
static void CRG_FN(bounded_u32)(void *st, void *out_, size_t n,
                                crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    const uint32_t off = (uint32_t)a->off, rng = (uint32_t)a->rng;
    size_t i;
    if (CRG_BOUNDS_EACH(a)) {
        CRG_FN(bounded_each_u32)(s, (uint32_t *)out_, n, a);
    } else if (rng == 0) {
        uint32_t *out = (uint32_t *)out_;
        for (i = 0; i < n; i++) {
            out[i] = off;
        }
    } else if (rng == 0xFFFFFFFFu) {
        CRG_FN(words32_plus)(s, out_, n, off, 0);
    } else {
        CRG_LEMIRE_BATCH(uint32_t, CRG_FILL32, uint64_t, 32, uint32_t);
    }
}

/*
 * 16- and 8-bit draws (buffered_uint16 / buffered_uint8, and the bool
 * draw) are pieces of one 32-bit word, low bits first; NumPy keeps the
 * word and the count of pieces left for one call (crg_args carries them
 * between chunks).  They are kept in locals here: stores through a byte
 * pointer could alias them, and reloading them per value is slow.
 */
#define CRG_PIECES(out_t, pieces, bits, body)                                 \
    do {                                                                      \
        out_t *out = (out_t *)out_;                                           \
        uint32_t buf = a->buf;                                                \
        int bcnt = a->bcnt;                                                   \
        size_t i;                                                             \
        for (i = 0; i < n; i++) {                                             \
            out_t piece;                                                      \
            body                                                              \
        }                                                                     \
        a->buf = buf;                                                         \
        a->bcnt = bcnt;                                                       \
    } while (0)

#define CRG_NEXT_PIECE(out_t, pieces, bits)                                   \
    if (bcnt == 0) {                                                          \
        buf = CRG_NEXT32(s);                                                  \
        bcnt = (pieces) - 1;                                                  \
    } else {                                                                  \
        buf >>= (bits);                                                       \
        bcnt -= 1;                                                            \
    }                                                                         \
    piece = (out_t)buf;

/* Broadcast 16- and 8-bit values (CRG_OFF, CRG_RNG), each from pieces of
 * the kept word, as random_buffered_bounded_uint16/8 draw one value. */
#define CRG_SMALL_EACH(out_t, prod_t, pieces, bits, maxval)                   \
    do {                                                                      \
        CRG_PIECES(out_t, pieces, bits, {                                     \
            const out_t off = (out_t)CRG_OFF(a, i);                           \
            const out_t rng = (out_t)CRG_RNG(a, i);                           \
            if (rng == 0) {                                                   \
                out[i] = off;                                                 \
                continue;                                                     \
            }                                                                 \
            CRG_NEXT_PIECE(out_t, pieces, bits)                               \
            if (rng != (maxval)) {                                            \
                const out_t rng_excl = (out_t)(rng + 1);                      \
                prod_t m = (prod_t)((prod_t)piece * rng_excl);                \
                if ((out_t)m < rng_excl) {                                    \
                    const out_t threshold =                                   \
                        (out_t)(((maxval) - rng) % rng_excl);                 \
                    while ((out_t)m < threshold) {                            \
                        CRG_NEXT_PIECE(out_t, pieces, bits)                   \
                        m = (prod_t)((prod_t)piece * rng_excl);               \
                    }                                                         \
                }                                                             \
                piece = (out_t)(m >> (bits));                                 \
            }                                                                 \
            out[i] = (out_t)(off + piece);                                    \
        });                                                                   \
        crg_bounds_advance(a, n);                                             \
    } while (0)

/* Lemire's method on 16- or 8-bit pieces.  A rejected piece is simply
 * skipped, so the outputs are the accepted pieces in order: whole words
 * are drawn in bulk (as many as the missing outputs need at the least, so
 * never one NumPy would not draw) and filtered without branches.  The
 * word being read when the last output is made stays in buf/bcnt, as in
 * NumPy's loop. */
#define CRG_SMALL_LEMIRE(out_t, prod_t, pieces, bits, maxval)                 \
    do {                                                                      \
        const out_t off = (out_t)a->off, rng = (out_t)a->rng;                 \
        const out_t rng_excl = (out_t)(rng + 1);                              \
        const out_t threshold = (out_t)(((maxval) - rng) % rng_excl);         \
        out_t *out = (out_t *)out_;                                           \
        uint32_t buf = a->buf, words[CRG_SCRATCH];                            \
        int bcnt = a->bcnt;                                                   \
        size_t j = 0, i;                                                      \
        while (j < n && bcnt > 0) { /* a word begun in an earlier chunk */    \
            prod_t m;                                                         \
            buf >>= (bits);                                                   \
            bcnt -= 1;                                                        \
            m = (prod_t)((prod_t)(out_t)buf * rng_excl);                      \
            out[j] = (out_t)(off + (out_t)(m >> (bits)));                     \
            j += ((out_t)m >= threshold);                                     \
        }                                                                     \
        while (j < n) {                                                       \
            size_t k = (n - j + (pieces) - 1) / (pieces);                     \
            if (k > CRG_SCRATCH) {                                            \
                k = CRG_SCRATCH;                                              \
            }                                                                 \
            CRG_FILL32(s, words, k);                                          \
            bcnt = 0;                                                         \
            for (i = 0; i < k; i++) {                                         \
                const uint32_t w = words[i];                                  \
                int t;                                                        \
                for (t = 0; t < (pieces); t++) {                              \
                    prod_t m = (prod_t)((prod_t)(out_t)(w >> ((bits) * t)) *  \
                                        rng_excl);                            \
                    out[j] = (out_t)(off + (out_t)(m >> (bits)));             \
                    j += ((out_t)m >= threshold);                             \
                    if (j == n) {                                             \
                        buf = w >> ((bits) * t);                              \
                        bcnt = (pieces) - 1 - t;                              \
                        goto done;                                            \
                    }                                                         \
                }                                                             \
            }                                                                 \
        }                                                                     \
    done:                                                                     \
        a->buf = buf;                                                         \
        a->bcnt = bcnt;                                                       \
    } while (0)

/* random_bounded_uint16_fill / random_bounded_uint8_fill: full range
 * takes pieces as they come, else Lemire's method on pieces. */
#define CRG_SMALL_FILL(out_t, prod_t, pieces, bits, maxval)                   \
    do {                                                                      \
        const out_t off = (out_t)a->off, rng = (out_t)a->rng;                 \
        if (n == 0) {                                                         \
            return;                                                           \
        } else if (rng == 0) {                                                \
            out_t *out = (out_t *)out_;                                       \
            size_t i;                                                         \
            for (i = 0; i < n; i++) {                                         \
                out[i] = off;                                                 \
            }                                                                 \
        } else if (rng == (maxval)) {                                         \
            CRG_PIECES(out_t, pieces, bits, {                                 \
                CRG_NEXT_PIECE(out_t, pieces, bits)                           \
                out[i] = (out_t)(off + piece);                                \
            });                                                               \
        } else {                                                              \
            CRG_SMALL_LEMIRE(out_t, prod_t, pieces, bits, maxval);            \
        }                                                                     \
    } while (0)

static void CRG_FN(bounded_u16)(void *st, void *out_, size_t n,
                                crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    if (CRG_BOUNDS_EACH(a)) {
        CRG_SMALL_EACH(uint16_t, uint32_t, 2, 16, 0xFFFFu);
        return;
    }
    CRG_SMALL_FILL(uint16_t, uint32_t, 2, 16, 0xFFFFu);
}

static void CRG_FN(bounded_u8)(void *st, void *out_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    if (CRG_BOUNDS_EACH(a)) {
        CRG_SMALL_EACH(uint8_t, uint16_t, 4, 8, 0xFFu);
        return;
    }
    CRG_SMALL_FILL(uint8_t, uint16_t, 4, 8, 0xFFu);
}

/* random_bounded_bool_fill: one bit of the buffered word per value, low
 * bits first.  Whole words go in bulk, 32 values each. */
static void CRG_FN(bounded_bool)(void *st, void *out_, size_t n,
                                 crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    uint8_t *out = (uint8_t *)out_;
    uint32_t words[CRG_SCRATCH];
    if (CRG_BOUNDS_EACH(a)) {
        /* random_buffered_bounded_bool, value by value: a bit a value */
        CRG_PIECES(uint8_t, 32, 1, {
            if (CRG_RNG(a, i) == 0) {
                out[i] = (uint8_t)CRG_OFF(a, i);
                continue;
            }
            CRG_NEXT_PIECE(uint8_t, 32, 1)
            out[i] = (uint8_t)(piece & 1u);
        });
        crg_bounds_advance(a, n);
        return;
    }
    if (a->rng == 0) {
        memset(out, (int)(uint8_t)a->off, n);
        return;
    }
    while (n > 0 && a->bcnt > 0) { /* a word begun in an earlier chunk */
        a->buf >>= 1;
        a->bcnt -= 1;
        *out++ = (uint8_t)(a->buf & 1u);
        n--;
    }
    while (n >= 32) {
        size_t k = n / 32, i;
        int t;
        if (k > CRG_SCRATCH) {
            k = CRG_SCRATCH;
        }
        CRG_FILL32(s, words, k);
        for (i = 0; i < k; i++) {
#if CR_LITTLE_ENDIAN
            /* Four bits at a time into four bytes: the multiplication
             * puts copies of the nibble 7 bits apart (no carries), so
             * bit j lands on bit 8j; the mask keeps those. */
            for (t = 0; t < 8; t++) {
                uint32_t nibble = (words[i] >> (4 * t)) & 0xFu;
                uint32_t bytes = (nibble * 0x00204081u) & 0x01010101u;
                memcpy(out + 32 * i + 4 * (size_t)t, &bytes, 4);
            }
#else
            for (t = 0; t < 32; t++) {
                out[32 * i + (size_t)t] = (uint8_t)((words[i] >> t) & 1u);
            }
#endif
        }
        out += 32 * k;
        n -= 32 * k;
    }
    if (n > 0) {
        const uint32_t w = CRG_NEXT32(s);
        size_t t;
        for (t = 0; t < n; t++) {
            out[t] = (uint8_t)((w >> t) & 1u);
        }
        a->buf = w >> (n - 1);
        a->bcnt = (int)(32 - n);
    }
}

/* The bit generator's own bulk output: random_raw and random_bytes. */
static void CRG_FN(raw_u64)(void *st, void *out, size_t n, crg_args *a) {
    (void)a;
    CRG_FILL64((CRG_STATE *)st, (uint64_t *)out, n);
}

static void CRG_FN(raw_bytes)(void *st, void *out, size_t n, crg_args *a) {
    (void)a;
    CRG_FILL_BYTES((CRG_STATE *)st, (uint8_t *)out, n);
}

#include "logfactorial_table.h"
#include "dists_shuffle.h"
#include "dists_discrete.h"
#include "dists_noncentral.h"

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
    CRG_FN(raw_u64),
    CRG_FN(raw_bytes),
    /* discrete distributions */
    CRG_FN(poisson),
    CRG_FN(geometric),
    CRG_FN(binomial),
    CRG_FN(neg_binomial),
    CRG_FN(shuffle),
    CRG_FN(floyd),
    CRG_FN(logseries),
    CRG_FN(zipf),
    CRG_FN(hypergeometric),
    CRG_FN(multinomial),
    CRG_FN(mvhg),
    /* continuous distributions */
    CRG_FN(exponential),
    CRG_FN(lognormal),
    CRG_FN(laplace),
    CRG_FN(logistic),
    CRG_FN(gumbel),
    CRG_FN(weibull),
    CRG_FN(rayleigh),
    CRG_FN(pareto),
    CRG_FN(power),
    CRG_FN(std_cauchy),
    CRG_FN(wald),
    CRG_FN(triangular),
    CRG_FN(vonmises),
    CRG_FN(std_gamma),
    CRG_FN(std_gamma_f),
    CRG_FN(gamma),
    CRG_FN(chisquare),
    CRG_FN(standard_t),
    CRG_FN(f),
    CRG_FN(beta),
    CRG_FN(nc_chisquare),
    CRG_FN(nc_f),
    CRG_FN(dirichlet),
}};
