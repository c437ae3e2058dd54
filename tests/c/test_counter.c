/*
 * C tests of the counter-based methods' SIMD kernels (chacha_counter_<isa>.c):
 * every kernel that this build has and this CPU runs, through the
 * dispatch (cr_counter_simd_use, cr_counter_apply), against the portable
 * element functions (the method table's fills), bit for bit, on words at
 * the edges of the logarithm and the cosine and on random words, for
 * every parameter form, and for every length (whole vectors and a
 * remainder).  Under `make cross-aarch64` this is the NEON kernels' test.
 *
 * The AVX-512 kernels are also compiled here a second time over a plain-C
 * model of the AVX-512F intrinsics they use (as test_chacha.c does for the
 * keystream), so that their lane logic -- masks, blends, the pair
 * permutation -- is checked on any machine; the model's arithmetic is the
 * scalar IEEE operation of each lane, which is what the instructions
 * compute.  Define CHACHARAND_NO_EMU512 to leave that out.
 *
 * Last line: "N passed, N failed"; the exit status is 1 on any failure.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chacha/chacha_counter.h"
#include "chacha/chacha_counter_simd.h"
#include "chacha/chacha_dispatch.h"

#define CHECK_RNG_SEED 0x3C6EF372FE94F82Bull
#include "check.h"

#if !defined(CHACHARAND_NO_EMU512)
/* ---- a plain-C model of the AVX-512F intrinsics of the kernels ------- */
typedef struct {
    double d[8];
} emu_pd;
typedef struct {
    uint64_t q[8];
} emu_epi64;
typedef struct {
    uint32_t w[8];
} emu_epi32x8;
typedef unsigned emu_mask8;
typedef int emu_count;

#define EMU_LANEWISE(T, field, expr) \
    T r;                             \
    int i;                           \
    for (i = 0; i < 8; i++) {        \
        r.field[i] = (expr);         \
    }                                \
    return r

static emu_pd emu_set1_pd(double x) { EMU_LANEWISE(emu_pd, d, x); }
static emu_epi64 emu_set1_epi64(long long x) {
    EMU_LANEWISE(emu_epi64, q, (uint64_t)x);
}
static emu_pd emu_add_pd(emu_pd a, emu_pd b) {
    EMU_LANEWISE(emu_pd, d, a.d[i] + b.d[i]);
}
static emu_pd emu_sub_pd(emu_pd a, emu_pd b) {
    EMU_LANEWISE(emu_pd, d, a.d[i] - b.d[i]);
}
static emu_pd emu_mul_pd(emu_pd a, emu_pd b) {
    EMU_LANEWISE(emu_pd, d, a.d[i] * b.d[i]);
}
static emu_pd emu_div_pd(emu_pd a, emu_pd b) {
    EMU_LANEWISE(emu_pd, d, a.d[i] / b.d[i]);
}
static emu_pd emu_sqrt_pd(emu_pd a) { EMU_LANEWISE(emu_pd, d, sqrt(a.d[i])); }
static emu_epi64 emu_add_epi64(emu_epi64 a, emu_epi64 b) {
    EMU_LANEWISE(emu_epi64, q, a.q[i] + b.q[i]);
}
static emu_epi64 emu_sub_epi64(emu_epi64 a, emu_epi64 b) {
    EMU_LANEWISE(emu_epi64, q, a.q[i] - b.q[i]);
}
static emu_epi64 emu_and(emu_epi64 a, emu_epi64 b) {
    EMU_LANEWISE(emu_epi64, q, a.q[i] & b.q[i]);
}
static emu_epi64 emu_or(emu_epi64 a, emu_epi64 b) {
    EMU_LANEWISE(emu_epi64, q, a.q[i] | b.q[i]);
}
static emu_epi64 emu_xor(emu_epi64 a, emu_epi64 b) {
    EMU_LANEWISE(emu_epi64, q, a.q[i] ^ b.q[i]);
}
static emu_count emu_cvtsi32_si128(int n) { return n; }
/* Counts of 64 or more give 0, as vpsrlq/vpsllq do. */
static emu_epi64 emu_srl_epi64(emu_epi64 a, emu_count n) {
    EMU_LANEWISE(emu_epi64, q, n > 63 ? 0 : a.q[i] >> n);
}
static emu_epi64 emu_sll_epi64(emu_epi64 a, emu_count n) {
    EMU_LANEWISE(emu_epi64, q, n > 63 ? 0 : a.q[i] << n);
}
static emu_epi64 emu_castpd_si512(emu_pd a) {
    emu_epi64 r;
    memcpy(r.q, a.d, sizeof r.q);
    return r;
}
static emu_pd emu_castsi512_pd(emu_epi64 a) {
    emu_pd r;
    memcpy(r.d, a.q, sizeof r.d);
    return r;
}
/* _CMP_GT_OQ only: false when either side is a NaN. */
static emu_mask8 emu_cmp_pd_mask(emu_pd a, emu_pd b, int predicate) {
    unsigned m = 0;
    int i;
    (void)predicate;
    for (i = 0; i < 8; i++) {
        m |= (a.d[i] > b.d[i] ? 1u : 0u) << i;
    }
    return m;
}
static emu_mask8 emu_cmpeq_epi64_mask(emu_epi64 a, emu_epi64 b) {
    unsigned m = 0;
    int i;
    for (i = 0; i < 8; i++) {
        m |= (a.q[i] == b.q[i] ? 1u : 0u) << i;
    }
    return m;
}
static emu_pd emu_mask_blend_pd(emu_mask8 m, emu_pd a, emu_pd b) {
    EMU_LANEWISE(emu_pd, d, (m >> i) & 1u ? b.d[i] : a.d[i]);
}
static emu_epi64 emu_maskz_mov_epi64(emu_mask8 m, emu_epi64 a) {
    EMU_LANEWISE(emu_epi64, q, (m >> i) & 1u ? a.q[i] : 0u);
}
/* The kernels load words only: a lane is two of them, the earlier low, as
 * a little-endian CPU sees them (on any host, s390x included). */
static emu_epi64 emu_loadu_si512(const void *p) {
    const uint32_t *w = (const uint32_t *)p;
    EMU_LANEWISE(emu_epi64, q, w[2 * i] | (uint64_t)w[2 * i + 1] << 32);
}
static emu_epi32x8 emu_loadu_si256(const void *p) {
    emu_epi32x8 r;
    memcpy(r.w, p, sizeof r.w);
    return r;
}
static emu_epi64 emu_cvtepu32_epi64(emu_epi32x8 a) {
    EMU_LANEWISE(emu_epi64, q, a.w[i]);
}
/* _mm512_set_epi64 lists lanes from the highest down. */
static emu_epi64 emu_set_epi64(long long e7, long long e6, long long e5,
                               long long e4, long long e3, long long e2,
                               long long e1, long long e0) {
    emu_epi64 r;
    r.q[0] = (uint64_t)e0; r.q[1] = (uint64_t)e1; r.q[2] = (uint64_t)e2;
    r.q[3] = (uint64_t)e3; r.q[4] = (uint64_t)e4; r.q[5] = (uint64_t)e5;
    r.q[6] = (uint64_t)e6; r.q[7] = (uint64_t)e7;
    return r;
}
/* Index bits 0-2 pick a lane, bit 3 picks b over a. */
static emu_epi64 emu_permutex2var_epi64(emu_epi64 a, emu_epi64 idx,
                                        emu_epi64 b) {
    emu_epi64 r;
    int i;
    for (i = 0; i < 8; i++) {
        const emu_epi64 *src = idx.q[i] & 8u ? &b : &a;
        r.q[i] = src->q[idx.q[i] & 7u];
    }
    return r;
}
static emu_epi64 emu_mul_epu32(emu_epi64 a, emu_epi64 b) {
    EMU_LANEWISE(emu_epi64, q, (a.q[i] & 0xFFFFFFFFu) * (b.q[i] & 0xFFFFFFFFu));
}
static void emu_storeu_si512(void *p, emu_epi64 a) {
    memcpy(p, a.q, sizeof a.q);
}
static void emu_storeu_pd(double *p, emu_pd a) {
    memcpy(p, a.d, sizeof a.d);
}
static emu_epi32x8 emu_cvtpd_ps(emu_pd a) {
    emu_epi32x8 r;
    int i;
    for (i = 0; i < 8; i++) {
        float f = (float)a.d[i];
        memcpy(&r.w[i], &f, sizeof f);
    }
    return r;
}
static void emu_storeu_ps(float *p, emu_epi32x8 a) {
    memcpy(p, a.w, sizeof a.w);
}

#define _CMP_GT_OQ 30
#define __m512d emu_pd
#define __m512i emu_epi64
#define __m256i emu_epi32x8
#define __mmask8 emu_mask8
#define _mm_cvtsi32_si128 emu_cvtsi32_si128
#define _mm512_set1_pd emu_set1_pd
#define _mm512_set1_epi64 emu_set1_epi64
#define _mm512_add_pd emu_add_pd
#define _mm512_sub_pd emu_sub_pd
#define _mm512_mul_pd emu_mul_pd
#define _mm512_div_pd emu_div_pd
#define _mm512_sqrt_pd emu_sqrt_pd
#define _mm512_add_epi64 emu_add_epi64
#define _mm512_sub_epi64 emu_sub_epi64
#define _mm512_and_si512 emu_and
#define _mm512_or_si512 emu_or
#define _mm512_xor_si512 emu_xor
#define _mm512_srl_epi64 emu_srl_epi64
#define _mm512_sll_epi64 emu_sll_epi64
#define _mm512_castpd_si512 emu_castpd_si512
#define _mm512_castsi512_pd emu_castsi512_pd
#define _mm512_cmp_pd_mask emu_cmp_pd_mask
#define _mm512_cmpeq_epi64_mask emu_cmpeq_epi64_mask
#define _mm512_mask_blend_pd emu_mask_blend_pd
#define _mm512_maskz_mov_epi64 emu_maskz_mov_epi64
#define _mm512_loadu_si512 emu_loadu_si512
#define _mm256_loadu_si256 emu_loadu_si256
#define _mm512_cvtepu32_epi64 emu_cvtepu32_epi64
#define _mm512_set_epi64 emu_set_epi64
#define _mm512_permutex2var_epi64 emu_permutex2var_epi64
#define _mm512_storeu_pd emu_storeu_pd
#define _mm512_mul_epu32 emu_mul_epu32
#define _mm512_storeu_si512 emu_storeu_si512
#define _mm512_cvtpd_ps emu_cvtpd_ps
#define _mm256_storeu_ps emu_storeu_ps
#define CHACHARAND_AVX512_EMULATION 1
#define cr_counter_kernels_avx512 emu_counter_kernels_avx512
extern const cr_counter_kernels emu_counter_kernels_avx512;
#include "chacha/chacha_counter_avx512.c"
#undef cr_counter_kernels_avx512
#endif /* !CHACHARAND_NO_EMU512 */

/* ---- words ----------------------------------------------------------- */

#define MAX_WORDS 20000u
static uint32_t words[MAX_WORDS];
static size_t n_words;

static void put64(uint64_t x) {
    words[n_words++] = (uint32_t)x;
    words[n_words++] = (uint32_t)(x >> 32);
}

/* Edge words for 4-word elements (a, b): k = (a >> 11) + 1 from 1 to
 * 2**53, t = b >> 11 at and beside the quadrant boundaries; then for
 * 2-word elements (u, t) and 1-word ones, the same in 32 bits; then
 * random words.  Each method reads them from the start, K at a time. */
static void make_words(void) {
    static const uint64_t a64[] = {0, ~0ull, (1ull << 11) - 1, 1ull << 11,
                                   1ull << 63, (1ull << 63) - 1};
    static const uint64_t t53[] = {0, 1, (1ull << 50) - 1, 1ull << 50,
                                   (1ull << 51) - 1, 1ull << 51, 1ull << 52,
                                   3ull << 50, 3ull << 51, (1ull << 53) - 1};
    static const uint32_t u32[] = {0, 1, 1u << 31, 0xFFFFFFFEu, 0xFFFFFFFFu};
    static const uint32_t t32[] = {0, 1, (1u << 29) - 1, 1u << 29,
                                   (1u << 30) - 1, 1u << 30, 1u << 31,
                                   3u << 29, 3u << 30, 0xFFFFFFFFu};
    size_t i, j;
    for (i = 0; i < sizeof a64 / sizeof a64[0]; i++) {
        for (j = 0; j < sizeof t53 / sizeof t53[0]; j++) {
            put64(a64[i]);
            put64(t53[j] << 11);
            put64(a64[i]); /* 2-word methods: k's edges too */
            put64(~a64[i]);
        }
    }
    for (i = 0; i < sizeof u32 / sizeof u32[0]; i++) {
        for (j = 0; j < sizeof t32 / sizeof t32[0]; j++) {
            words[n_words++] = u32[i];
            words[n_words++] = t32[j];
        }
    }
    while (n_words < MAX_WORDS) {
        put64(rnd64());
    }
}

/* ---- the comparisons ------------------------------------------------- */

typedef struct {
    const char *what;
    cr_counter_params p;
} param_form;

/* Every parameter form of the float methods: a and b are loc and scale
 * (normal, with flag), the scale (exponential), low and span (uniform);
 * the tiny ones give subnormal results. */
static const param_form float_forms[] = {
    {"standard", {1.0, 1.0, 0, 0, 0}},
    {"loc 2 scale 0.5", {2.0, 0.5, 0, 0, 1}},
    {"scale 1e-310", {0.0, 1e-310, 0, 0, 1}},
    {"loc -1 scale 1e-40", {-1.0, 1e-40, 0, 0, 1}},
    {"a 2.5 b -3", {2.5, -3.0, 0, 0, 1}},
    {"a 1e-45", {1e-45, 1.0, 0, 0, 0}},
    {"a 1e-310", {1e-310, 2.0, 0, 0, 0}},
};

/* Every span form of the two-word integers: 1, 1000, 2**31, the widest
 * below 2**32 and 2**32 itself (x >> 32), lows that wrap modulo 2**64. */
static const param_form integer_forms[] = {
    {"span 1", {0, 0, 0, 0, 0}},
    {"low 5 span 1000", {0, 0, 5, 999, 0}},
    {"span 2**31", {0, 0, 0, 0x7FFFFFFFull, 0}},
    {"low -3 span 2**32-1", {0, 0, ~2ull, 0xFFFFFFFEull, 0}},
    {"span 2**32", {0, 0, 0, 0xFFFFFFFFull, 0}},
    {"low 2**63 span 2**32", {0, 0, 1ull << 63, 0xFFFFFFFFull, 0}},
};

#define MAX_ELEMENTS MAX_WORDS /* K = 1 */
static uint8_t expected[MAX_ELEMENTS * 8], actual[MAX_ELEMENTS * 8];

/* The portable fill of m elements, as the method table gives it. */
static void portable(int method, size_t m, const cr_counter_params *p) {
    memset(expected, 0xA5, sizeof expected);
    cr_counter_methods[method].fill(words, expected, m, p);
}

static void compare(const char *kernels, int method, const char *form,
                    size_t m) {
    const cr_counter_method *info = &cr_counter_methods[method];
    size_t i, bytes = m * info->itemsize;
    for (i = 0; i < bytes && expected[i] == actual[i]; i++) {
    }
    CHECK(i == bytes, "%s %s (%s), %zu elements: element %zu differs",
          kernels, info->name, form, m, i / info->itemsize);
}

/* Lengths: a few whole vectors and remainders, and all of the words. */
static const size_t lengths[] = {0, 1, 2, 3, 5, 8, 9, 15, 16, 17, 33};

/* `kernels`, a table, applied as cr_counter_apply does: the kernel's
 * prefix, then the portable fill. */
static void apply_table(const cr_counter_kernels *k, int method, size_t m,
                        const cr_counter_params *p) {
    const cr_counter_method *info = &cr_counter_methods[method];
    size_t done = k->fill[method](words, actual, m, p);
    info->fill(words + (size_t)info->words * done,
               actual + done * info->itemsize, m - done, p);
}

/* Every method that `k` has, every form, every length; through the
 * dispatch (cr_counter_apply) when `through_dispatch`. */
static void test_kernels(const char *name, const cr_counter_kernels *k,
                         int through_dispatch) {
    int method, tested = 0;
    size_t f, l;
    for (method = 0; method < cr_counter_method_count; method++) {
        const cr_counter_method *info = &cr_counter_methods[method];
        size_t all = n_words / info->words;
        const param_form *forms;
        size_t n_forms;
        if (k->fill[method] == NULL) {
            continue;
        }
        forms = info->kind == 'f' ? float_forms : integer_forms;
        n_forms = info->kind == 'f'
                      ? sizeof float_forms / sizeof float_forms[0]
                      : sizeof integer_forms / sizeof integer_forms[0];
        tested++;
        for (f = 0; f < n_forms; f++) {
            const cr_counter_params *p = &forms[f].p;
            for (l = 0; l <= sizeof lengths / sizeof lengths[0]; l++) {
                size_t m = l < sizeof lengths / sizeof lengths[0]
                               ? lengths[l]
                               : all;
                portable(method, m, p);
                memset(actual, 0x5A, sizeof actual);
                if (through_dispatch) {
                    cr_counter_apply(method, words, actual, m, p);
                } else {
                    apply_table(k, method, m, p);
                }
                compare(name, method, forms[f].what, m);
            }
        }
    }
    printf("counter kernels %s: %d methods\n", name, tested);
    CHECK(tested >= 4, "%s lacks the normal and exponential kernels",
          name);
}

static void test_available_kernels(void) {
    int id, n = 0;
    CHECK(cr_counter_simd_kernels(CHACHA_BACKEND_PORTABLE) != NULL &&
              strcmp(cr_counter_simd_kernels(CHACHA_BACKEND_PORTABLE),
                     "portable") == 0,
          "portable is always available");
    CHECK(cr_counter_simd_kernels(-1) == NULL &&
              cr_counter_simd_kernels(CHACHA_BACKEND_COUNT) == NULL,
          "kernels out of range");
    for (id = 0; id < CHACHA_BACKEND_COUNT; id++) {
        const char *name = cr_counter_simd_kernels(id);
        if (id == CHACHA_BACKEND_PORTABLE || name == NULL) {
            continue;
        }
        CHECK(cr_counter_simd_use(id) != NULL &&
                  strcmp(cr_counter_simd_use(id), name) == 0,
              "%s kernels cannot be chosen", name);
        switch (id) {
#if defined(CHACHARAND_HAVE_SSE2)
        case CHACHA_BACKEND_SSE2:
            test_kernels(name, &cr_counter_kernels_sse2, 1);
            break;
#endif
#if defined(CHACHARAND_HAVE_AVX2)
        case CHACHA_BACKEND_AVX2:
            test_kernels(name, &cr_counter_kernels_avx2, 1);
            break;
#endif
#if defined(CHACHARAND_HAVE_AVX512)
        case CHACHA_BACKEND_AVX512:
            test_kernels(name, &cr_counter_kernels_avx512, 1);
            break;
#endif
#if defined(CHACHARAND_HAVE_NEON)
        case CHACHA_BACKEND_NEON:
            test_kernels(name, &cr_counter_kernels_neon, 1);
            break;
#endif
        default:
            CHECK(0, "%s kernels available but not tested", name);
        }
        n++;
    }
    printf("counter kernels available here: %d (and portable)\n", n);
    CHECK(strcmp(cr_counter_simd(0), "portable") == 0,
          "cr_counter_simd(0) is not portable");
    cr_counter_simd(1);
}

/* words32 and raw64 are copies of the words on a little-endian CPU
 * (cr_counter_apply's shortcut): the same as their element functions. */
static void test_raw_words(void) {
    static const int raw[] = {CR_COUNTER_ID(words32), CR_COUNTER_ID(raw64)};
    static const cr_counter_params none = {0, 0, 0, 0, 0};
    size_t r, l;
    for (r = 0; r < 2; r++) {
        for (l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
            portable(raw[r], lengths[l], &none);
            memset(actual, 0x5A, sizeof actual);
            cr_counter_apply(raw[r], words, actual, lengths[l], &none);
            compare("apply", raw[r], "raw", lengths[l]);
        }
    }
}

int main(void) {
    make_words();
    test_raw_words();
    test_available_kernels();
#if !defined(CHACHARAND_NO_EMU512)
    test_kernels("avx512-emulated", &emu_counter_kernels_avx512, 0);
#endif
    return report();
}
