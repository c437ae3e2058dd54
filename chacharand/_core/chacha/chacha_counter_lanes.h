/*
 * The SIMD kernels of the counter-based methods, as a template.
 *
 * Each kernel file (chacha_counter_sse2.c, _avx2.c, _avx512.c, _neon.c)
 * defines its vector types and a few primitives, then includes this file,
 * which defines from them the vector forms of chacha_transforms.h's
 * element functions and the file's kernel table,
 * cr_counter_kernels_<isa>.  Being a header, it is compiled only as part
 * of that file, with that file's instruction-set flags (chacha_lanes.h
 * does the same for the keystream).  No include guard: it is meant to be
 * included once per kernel file.
 *
 * Bit for bit the portable element functions: every floating-point step
 * is the scalar code's, in its order, as a lane-wise operation that rounds
 * the same way (add, sub, mul, div and sqrt on packed doubles are
 * correctly rounded like their scalar forms; the build turns contraction
 * into fused multiply-adds off for these files as for the others).
 * Integer-to-double conversions are exact by construction (each 32-bit
 * half through the 2**52 bias).  Only what the scalar code does with
 * integer operations -- the exponent of k, the quadrant, the sign -- is
 * done here on bit patterns instead.
 *
 * The including file defines, as macros, the types VD (LANES doubles), VI
 * (LANES unsigned 64-bit integers) and VM (a lane mask, the result of a
 * comparison), and:
 *
 *   CR_COUNTER_ISA      the table's name suffix (sse2, ...)
 *   LANES               lanes per vector
 *   D_SET(x), I_SET(x)  x in every lane (x a double; a uint64_t)
 *   D_ADD, D_SUB, D_MUL, D_DIV (a, b), D_SQRT(a)
 *   I_ADD, I_SUB, I_AND, I_OR, I_XOR (a, b)
 *   I_SRL(a, n), I_SLL(a, n)   shifts by an int n (0 < n < 64)
 *   D_AS_I(d), I_AS_D(i)       the same bits as the other type
 *   D_GT(a, b), I_EQ(a, b)     masks of a > b (ordered), of a == b
 *   D_SELECT(m, a, b)          b where m, else a (doubles)
 *   I_WHERE(m, a)              a where m, else 0 (integers)
 *   I_LOAD64(w)                LANES u64 values from 2 LANES words, each
 *                              pair earlier word low
 *   I_LOAD64_PAIRS(w, a, b)    2 LANES u64 values from 4 LANES words:
 *                              the even ones into *a, the odd into *b
 *   I_LOAD32(w)                LANES words, zero-extended
 *   I_MUL32(a, b)              the 64-bit products of the low 32 bits
 *                              of each lane
 *   D_STORE(out, d)            LANES doubles to out
 *   I_STORE(out, i)            LANES u64 values to out
 *   D_STORE_F32(out, d)        LANES doubles rounded to float32 (to
 *                              nearest, subnormals kept: as a scalar
 *                              (float) conversion) to out
 *
 * and, 1 or 0, which of the cheap methods get kernels: one stays only
 * where it was measured to beat the portable loop (scalar conversions and
 * multiply-highs are cheap; the keystream is most of these draws' time):
 *
 *   CR_COUNTER_UNIT_KERNELS     random and uniform, float64 and float32
 *   CR_COUNTER_INTEGER_KERNELS  integers_narrow_u64 (int64/uint64 draws
 *                               of at most 2**32 values)
 *
 * The normal and exponential kernels are always made.  Everything the
 * including file and this one define is #undef'd at the end.
 */
#include "chacha_counter_simd.h"

#define CT_CAT_(a, b) a##b
#define CT_CAT(a, b) CT_CAT_(a, b)
#define CT_KERNELS CT_CAT(cr_counter_kernels_, CR_COUNTER_ISA)

/* Exact doubles of u64 lanes up to 2**53: each 32-bit half through the
 * 2**52 bias, then hi * 2**32 + lo (exact: the sum is the integer
 * itself, which a double holds). */
CR_FORCE_INLINE VD ct_u64_to_f64(VI k) {
    const VI bias_bits = I_SET(0x4330000000000000ull);
    const VD bias = D_SET(4503599627370496.0); /* 2**52 */
    VD lo = D_SUB(I_AS_D(I_OR(I_AND(k, I_SET(0xFFFFFFFFull)), bias_bits)),
                  bias);
    VD hi = D_SUB(I_AS_D(I_OR(I_SRL(k, 32), bias_bits)), bias);
    return D_ADD(D_MUL(hi, D_SET(4294967296.0)), lo);
}

/* Exact doubles of u64 lanes below 2**52 (one bias). */
CR_FORCE_INLINE VD ct_small_u64_to_f64(VI k) {
    return D_SUB(I_AS_D(I_OR(k, I_SET(0x4330000000000000ull))),
                 D_SET(4503599627370496.0));
}

/* Exact doubles of signed 64-bit lanes of magnitude below 2**51. */
CR_FORCE_INLINE VD ct_small_i64_to_f64(VI x) {
    return D_SUB(I_AS_D(I_ADD(x, I_SET(0x4338000000000000ull))),
                 D_SET(6755399441055744.0)); /* 2**52 + 2**51 */
}

/* The logarithm and cosine kernels work on CT_U vectors side by side:
 * their polynomials are chains of dependent operations, and independent
 * chains interleaved keep the floating-point pipelines busy (the order of
 * each lane's operations is the scalar code's all the same).  Four: on
 * the development machine (Zen, AVX2) two gave 1.2x, four 1.35x (normal)
 * and 1.6x (exponential) over one; SSE2 gains the same way. */
#define CT_U 4
#define CT_EACH(j) for (j = 0; j < CT_U; j++)
/* One Horner step on every vector: acc = c + x acc. */
#define CT_HORNER(acc, x, c) \
    CT_EACH(j) { acc[j] = D_ADD(D_SET(c), D_MUL(x[j], acc[j])); }

/* cr_log_fixed(k, bits) lane-wise, 1 <= k <= 2**bits, bits <= 53. */
CR_FORCE_INLINE void ct_log_fixed(const VI *k, int bits, VD *out) {
    VD m[CT_U], f[CT_U], s[CT_U], z[CT_U], R[CT_U], hf[CT_U], Ed[CT_U];
    VI E[CT_U];
    int j;
    CT_EACH(j) {
        VI kb = D_AS_I(ct_u64_to_f64(k[j]));
        /* e = floor(log2 k), kd's exponent; m = k 2**-e in [1, 2), exact
         * (the scalar code's (k << (52 - e)) 2**-52): kd's mantissa under
         * the exponent of 1.0. */
        VM big;
        E[j] = I_SUB(I_SRL(kb, 52), I_SET(1023u + (uint64_t)bits));
        m[j] = I_AS_D(I_OR(I_AND(kb, I_SET(0x000FFFFFFFFFFFFFull)),
                           I_SET(0x3FF0000000000000ull)));
        big = D_GT(m[j], D_SET(CR_SQRT2));
        m[j] = D_SELECT(big, m[j], D_MUL(m[j], D_SET(0.5)));
        E[j] = I_ADD(E[j], I_WHERE(big, I_SET(1)));
    }
    CT_EACH(j) {
        Ed[j] = ct_small_i64_to_f64(E[j]);
        f[j] = D_SUB(m[j], D_SET(1.0));
        s[j] = D_DIV(f[j], D_ADD(D_SET(2.0), f[j]));
        z[j] = D_MUL(s[j], s[j]);
        R[j] = D_SET(2.0 / 23.0);
    }
    CT_HORNER(R, z, 2.0 / 21.0)
    CT_HORNER(R, z, 2.0 / 19.0)
    CT_HORNER(R, z, 2.0 / 17.0)
    CT_HORNER(R, z, 2.0 / 15.0)
    CT_HORNER(R, z, 2.0 / 13.0)
    CT_HORNER(R, z, 2.0 / 11.0)
    CT_HORNER(R, z, 2.0 / 9.0)
    CT_HORNER(R, z, 2.0 / 7.0)
    CT_HORNER(R, z, 2.0 / 5.0)
    CT_HORNER(R, z, 2.0 / 3.0)
    CT_EACH(j) {
        VD r;
        R[j] = D_MUL(z[j], R[j]);
        hf[j] = D_MUL(D_MUL(D_SET(0.5), f[j]), f[j]);
        r = D_SUB(f[j], D_SUB(hf[j], D_MUL(s[j], D_ADD(hf[j], R[j]))));
        r = D_ADD(D_MUL(Ed[j], D_SET(CR_LN2_LO)), r);
        r = D_ADD(D_MUL(Ed[j], D_SET(CR_LN2_HI)), r);
        /* k == 2**bits: 0.0, as the scalar code returns. */
        out[j] = D_SELECT(I_EQ(k[j], I_SET((uint64_t)1 << bits)), r,
                          D_SET(0.0));
    }
}

/* cr_cos_2pi_fixed(t, bits, quarter_ulp) lane-wise, 0 <= t < 2**bits.
 * A lane needs one of the two polynomials, sin(pi/2 r) / r for odd q and
 * (cos(pi/2 r) - 1) / r**2 for even q: one Horner chain, each step's
 * coefficient picked lane by lane, runs the same operations as the
 * scalar code's chosen polynomial at half the cost of running both. */
#define CT_HORNER2(acc, x, odd, cs, cc) \
    CT_EACH(j) {                                                           \
        acc[j] = D_ADD(D_SELECT(odd[j], D_SET(cc), D_SET(cs)),             \
                       D_MUL(x[j], acc[j]));                               \
    }
CR_FORCE_INLINE void ct_cos_2pi_fixed(const VI *t, int bits,
                                      double quarter_ulp, VD *out) {
    const int g = bits - 2;
    const VI one = I_SET(1);
    VI q[CT_U];
    VM odd[CT_U];
    VD r[CT_U], z[CT_U], p[CT_U];
    int j;
    CT_EACH(j) {
        q[j] = I_SRL(I_ADD(t[j], I_SET((uint64_t)1 << (g - 1))), g);
        odd[j] = I_EQ(I_AND(q[j], one), one);
        r[j] = D_MUL(ct_small_i64_to_f64(I_SUB(t[j], I_SLL(q[j], g))),
                     D_SET(quarter_ulp));
        z[j] = D_MUL(r[j], r[j]);
        p[j] = D_SELECT(odd[j], D_SET(-5.294400200734623e-13),
                        D_SET(6.0669357311061955e-12));
    }
    CT_HORNER2(p, z, odd, -6.688035109811468e-10, 6.565963114979473e-11)
    CT_HORNER2(p, z, odd, 5.692172921967927e-08, -6.386603083791852e-09)
    CT_HORNER2(p, z, odd, -3.598843235212085e-06, 4.710874778818172e-07)
    CT_HORNER2(p, z, odd, 0.00016044118478735983, -2.5202042373060607e-05)
    CT_HORNER2(p, z, odd, -0.004681754135318688, 0.0009192602748394266)
    CT_HORNER2(p, z, odd, 0.07969262624616705, -0.02086348076335296)
    CT_HORNER2(p, z, odd, -0.6459640975062463, 0.25366950790104803)
    CT_HORNER2(p, z, odd, 1.5707963267948966, -1.2337005501361697)
    CT_EACH(j) {
        VD sin_q = D_MUL(r[j], p[j]);
        VD cos_q = D_ADD(D_SET(1.0), D_MUL(z[j], p[j]));
        /* q mod 4 = 0, 1, 2, 3: cos, -sin, -cos, sin.  Odd q takes sin;
         * the sign flips for q mod 4 in {1, 2}, i.e. when bit 0 of
         * (q + 1) >> 1 is set (negation flips the sign bit, as the scalar
         * minus does). */
        VI sign = I_SLL(I_AND(I_SRL(I_ADD(q[j], one), 1), one), 63);
        out[j] = I_AS_D(I_XOR(D_AS_I(D_SELECT(odd[j], cos_q, sin_q)), sign));
    }
}
#undef CT_HORNER2

/* cr_unit_f64 lane-wise: the top 53 bits times 2**-53, as the top 52
 * under the exponent of 1.0, less 1.0 (exact), plus 2**-53 where the 53rd
 * bit is set (exact: the sum is a multiple of 2**-53 below 1).  Three
 * operations fewer than converting the 53-bit integer. */
CR_FORCE_INLINE VD ct_unit_f64(VI x) {
    const VI bit53 = I_SET((uint64_t)1 << 11);
    VD top52 = D_SUB(I_AS_D(I_OR(I_SRL(x, 12), I_SET(0x3FF0000000000000ull))),
                     D_SET(1.0));
    VD last = I_AS_D(I_WHERE(I_EQ(I_AND(x, bit53), bit53),
                             I_SET(0x3CA0000000000000ull))); /* 2**-53 */
    return D_ADD(top52, last);
}

/* cr_unit24_f64 lane-wise, of words zero-extended to 64 bits. */
CR_FORCE_INLINE VD ct_unit24_f64(VI w) {
    return D_MUL(ct_small_u64_to_f64(I_SRL(w, 8)), D_SET(CR_TWO_M24));
}

/* loc + scale z where the draw asks for it (cr_el_normal_*). */
CR_FORCE_INLINE VD ct_scaled(VD z, const cr_counter_params *p) {
    return p->flag ? D_ADD(D_SET(p->a), D_MUL(D_SET(p->b), z)) : z;
}

/* Each kernel below fills CT_U vectors per step. */
#define CT_STEP (CT_U * LANES)

/* The normal kernels, float64 and float32: LOAD(e, &k, &t) gives element
 * e's logarithm argument k (1 <= k <= 2**bits) and cosine argument t
 * (0 <= t < 2**bits), and sqrt(-2 ln) cos, scaled where the draw asks,
 * is stored by STORE. */
#define CT_NORMAL(name, T, bits, quarter_ulp, LOAD, STORE)                 \
    static size_t name(const uint32_t *w, void *out, size_t m,             \
                       const cr_counter_params *p) {                       \
        T *o = (T *)out;                                                   \
        size_t i;                                                          \
        int j;                                                             \
        for (i = 0; i + CT_STEP <= m; i += CT_STEP) {                      \
            VI k[CT_U], t[CT_U];                                           \
            VD ln[CT_U], cs[CT_U];                                         \
            CT_EACH(j) {                                                   \
                LOAD(i + (size_t)j * LANES, &k[j], &t[j]);                 \
            }                                                              \
            ct_log_fixed(k, bits, ln);                                     \
            ct_cos_2pi_fixed(t, bits, quarter_ulp, cs);                    \
            CT_EACH(j) {                                                   \
                VD radius = D_SQRT(D_MUL(D_SET(-2.0), ln[j]));             \
                STORE(o + i + (size_t)j * LANES,                           \
                      ct_scaled(D_MUL(radius, cs[j]), p));                 \
            }                                                              \
        }                                                                  \
        return i;                                                          \
    }
/* float64: four words an element, the top 53 bits of each pair. */
CR_FORCE_INLINE void ct_normal_words53(const uint32_t *w, VI *k, VI *t) {
    I_LOAD64_PAIRS(w, k, t);
    *k = I_ADD(I_SRL(*k, 11), I_SET(1));
    *t = I_SRL(*t, 11);
}
/* float32: two words an element, one for each argument. */
CR_FORCE_INLINE void ct_normal_words32(const uint32_t *w, VI *k, VI *t) {
    VI x = I_LOAD64(w);
    *k = I_ADD(I_AND(x, I_SET(0xFFFFFFFFull)), I_SET(1));
    *t = I_SRL(x, 32);
}
#define CT_W53(e, k, t) ct_normal_words53(w + 4 * (e), k, t)
#define CT_W32(e, k, t) ct_normal_words32(w + 2 * (e), k, t)
CT_NORMAL(ct_normal_f64, double, 53, CR_TWO_M51, CT_W53, D_STORE)
CT_NORMAL(ct_normal_f32, float, 32, CR_TWO_M30, CT_W32, D_STORE_F32)
#undef CT_W53
#undef CT_W32
#undef CT_NORMAL

/* The exponential kernels, float64 and float32: k = LOAD(e) (element e's
 * k, 1 <= k <= 2**bits) and -scale * log(k / 2**bits) stored by STORE.
 * Two groups of CT_U vectors a step: the logarithm alone is a short
 * kernel, and two of its chains side by side keep more of the
 * floating-point pipelines busy (2.84 -> 2.45 ns per float64 value, AVX2
 * EPYC). */
#define CT_EXPONENTIAL(name, T, bits, LOAD, STORE)                         \
    static size_t name(const uint32_t *w, void *out, size_t m,             \
                       const cr_counter_params *p) {                       \
        T *o = (T *)out;                                                   \
        size_t i;                                                          \
        int h, j;                                                          \
        for (i = 0; i + 2 * CT_STEP <= m; i += 2 * CT_STEP) {              \
            VI k[2][CT_U];                                                 \
            VD ln[2][CT_U];                                                \
            for (h = 0; h < 2; h++) {                                      \
                CT_EACH(j) {                                               \
                    const size_t e = i + (size_t)(h * CT_U + j) * LANES;   \
                    k[h][j] = LOAD(e);                                     \
                }                                                          \
            }                                                              \
            ct_log_fixed(k[0], bits, ln[0]);                               \
            ct_log_fixed(k[1], bits, ln[1]);                               \
            for (h = 0; h < 2; h++) {                                      \
                CT_EACH(j) {                                               \
                    STORE(o + i + (size_t)(h * CT_U + j) * LANES,          \
                          D_MUL(D_SET(p->a), D_SUB(D_SET(0.0), ln[h][j])));  \
                }                                                          \
            }                                                              \
        }                                                                  \
        return i;                                                          \
    }
#define CT_K53(e) I_ADD(I_SRL(I_LOAD64(w + 2 * (e)), 11), I_SET(1))
#define CT_K32(e) I_ADD(I_LOAD32(w + (e)), I_SET(1))
CT_EXPONENTIAL(ct_exponential_f64, double, 53, CT_K53, D_STORE)
CT_EXPONENTIAL(ct_exponential_f32, float, 32, CT_K32, D_STORE_F32)
#undef CT_K53
#undef CT_K32
#undef CT_EXPONENTIAL

#if CR_COUNTER_UNIT_KERNELS
static size_t ct_random_f64(const uint32_t *w, void *out, size_t m,
                            const cr_counter_params *p) {
    double *o = (double *)out;
    size_t i;
    (void)p;
    for (i = 0; i + LANES <= m; i += LANES) {
        D_STORE(o + i, ct_unit_f64(I_LOAD64(w + 2 * i)));
    }
    return i;
}

static size_t ct_uniform_f64(const uint32_t *w, void *out, size_t m,
                             const cr_counter_params *p) {
    double *o = (double *)out;
    size_t i;
    for (i = 0; i + LANES <= m; i += LANES) {
        D_STORE(o + i, D_ADD(D_SET(p->a),
                             D_MUL(D_SET(p->b),
                                   ct_unit_f64(I_LOAD64(w + 2 * i)))));
    }
    return i;
}

static size_t ct_random_f32(const uint32_t *w, void *out, size_t m,
                            const cr_counter_params *p) {
    float *o = (float *)out;
    size_t i;
    (void)p;
    for (i = 0; i + LANES <= m; i += LANES) {
        D_STORE_F32(o + i, ct_unit24_f64(I_LOAD32(w + i)));
    }
    return i;
}

static size_t ct_uniform_f32(const uint32_t *w, void *out, size_t m,
                             const cr_counter_params *p) {
    float *o = (float *)out;
    size_t i;
    for (i = 0; i + LANES <= m; i += LANES) {
        D_STORE_F32(o + i,
                    D_ADD(D_SET(p->a),
                          D_MUL(D_SET(p->b), ct_unit24_f64(I_LOAD32(w + i)))));
    }
    return i;
}

#endif /* CR_COUNTER_UNIT_KERNELS */

#if CR_COUNTER_INTEGER_KERNELS
/* cr_el_integers_narrow_u64 lane-wise: low + floor(x span / 2**64) for
 * span = rng + 1 <= 2**32, from 32 x 32 -> 64-bit products: with
 * x = xh 2**32 + xl, that is floor((xh span + floor(xl span / 2**32)) /
 * 2**32), and the sum stays below 2**64.  span = 2**32 is x >> 32. */
static size_t ct_integers_narrow_u64(const uint32_t *w, void *out, size_t m,
                                     const cr_counter_params *p) {
    uint64_t *o = (uint64_t *)out;
    const VI low = I_SET(p->low);
    const VI span = I_SET(p->rng + 1u);
    const int full = p->rng == 0xFFFFFFFFull;
    size_t i;
    for (i = 0; i + LANES <= m; i += LANES) {
        VI x = I_LOAD64(w + 2 * i), hi;
        if (full) {
            hi = I_SRL(x, 32);
        } else {
            hi = I_SRL(I_ADD(I_MUL32(I_SRL(x, 32), span),
                             I_SRL(I_MUL32(x, span), 32)),
                       32);
        }
        I_STORE(o + i, I_ADD(low, hi));
    }
    return i;
}
#endif /* CR_COUNTER_INTEGER_KERNELS */

/* The file's kernels, by method id; NULL: the portable fill alone. */
const cr_counter_kernels CT_KERNELS = {{
    [CR_COUNTER_ID(normal_f64)] = ct_normal_f64,
    [CR_COUNTER_ID(normal_f32)] = ct_normal_f32,
    [CR_COUNTER_ID(exponential_f64)] = ct_exponential_f64,
    [CR_COUNTER_ID(exponential_f32)] = ct_exponential_f32,
#if CR_COUNTER_UNIT_KERNELS
    [CR_COUNTER_ID(random_f64)] = ct_random_f64,
    [CR_COUNTER_ID(uniform_f64)] = ct_uniform_f64,
    [CR_COUNTER_ID(random_f32)] = ct_random_f32,
    [CR_COUNTER_ID(uniform_f32)] = ct_uniform_f32,
#endif
#if CR_COUNTER_INTEGER_KERNELS
    [CR_COUNTER_ID(integers_narrow_u64)] = ct_integers_narrow_u64,
#endif
}};

#undef CT_CAT_
#undef CT_CAT
#undef CT_KERNELS
#undef CT_U
#undef CT_EACH
#undef CT_HORNER
#undef CT_STEP
#undef CR_COUNTER_ISA
#undef LANES
#undef VD
#undef VI
#undef VM
#undef D_SET
#undef I_SET
#undef D_ADD
#undef D_SUB
#undef D_MUL
#undef D_DIV
#undef D_SQRT
#undef I_ADD
#undef I_SUB
#undef I_AND
#undef I_OR
#undef I_XOR
#undef I_SRL
#undef I_SLL
#undef D_AS_I
#undef I_AS_D
#undef D_GT
#undef I_EQ
#undef D_SELECT
#undef I_WHERE
#undef I_LOAD64
#undef I_LOAD64_PAIRS
#undef I_LOAD32
#undef I_MUL32
#undef CR_COUNTER_UNIT_KERNELS
#undef CR_COUNTER_INTEGER_KERNELS
#undef I_STORE
#undef D_STORE
#undef D_STORE_F32
