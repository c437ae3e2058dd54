/*
 * The CPU twin of the CUDA kernel's draws (see chacha_twin.h).
 *
 * The keystream comes from the generator's own bulk fill
 * (chacha_fill_words, the SIMD kernels), a chunk at a time; the transforms
 * are the kernel's own functions.  Built with floating-point contraction
 * off, like the kernel, so that every operation rounds as written.
 */
#include "chacha_twin.h"

#include <float.h>
#include <string.h>

#include "chacha_transforms.h"

/* Each double operation must round to double, not to a wider format
 * (x87): the build uses SSE2 arithmetic on 32-bit x86. */
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD != 0 && FLT_EVAL_METHOD != -1
#error "chacha_twin.c needs FLT_EVAL_METHOD == 0 (e.g. -msse2 -mfpmath=sse)"
#endif

#define TWIN_CHUNK 1024u /* elements per keystream fill */

/* The next k * m keystream words, as numbers. */
static void twin_words(chacha_state *s, uint32_t *w, size_t nwords) {
    chacha_fill_words(s, (uint8_t *)w, nwords);
#if !CR_LITTLE_ENDIAN
    {
        size_t i;
        for (i = 0; i < nwords; i++) {
            w[i] = cr_load32_le((const uint8_t *)(w + i));
        }
    }
#endif
}

/* for each chunk of m elements: words for them into w, then BODY for
 * i < m, element `done + i` made of words w + K*i. */
#define TWIN_LOOP(K, BODY)                                   \
    do {                                                     \
        uint32_t w[(K) * TWIN_CHUNK];                        \
        size_t done, i, m;                                   \
        for (done = 0; done < n; done += m) {                \
            m = n - done < TWIN_CHUNK ? n - done : TWIN_CHUNK; \
            twin_words(s, w, (size_t)(K) * m);               \
            for (i = 0; i < m; i++) {                        \
                BODY;                                        \
            }                                                \
        }                                                    \
    } while (0)

/* In place: the 64-bit draws, then numpy's conversion of each. */
void chacha_twin_random_f64(chacha_state *s, double *out, size_t n) {
    size_t i;
    chacha_fill_uint64(s, (uint64_t *)(void *)out, n);
    for (i = 0; i < n; i++) {
        uint64_t x;
        memcpy(&x, out + i, sizeof x);
        out[i] = cr_unit_f64(x);
    }
}

void chacha_twin_random_f32(chacha_state *s, float *out, size_t n) {
    TWIN_LOOP(1, out[done + i] = cr_unit_f32(w[i]));
}

void chacha_twin_uniform_f64(chacha_state *s, double *out, size_t n,
                             double low, double span) {
    TWIN_LOOP(2, out[done + i] = low + span * cr_unit_f64(cr_words_u64(
                                                   w[2 * i], w[2 * i + 1])));
}

void chacha_twin_uniform_f32(chacha_state *s, float *out, size_t n,
                             double low, double span) {
    TWIN_LOOP(1, out[done + i] =
                     (float)(low + span * (double)cr_unit_f32(w[i])));
}

void chacha_twin_normal_f64(chacha_state *s, double *out, size_t n,
                            double loc, double scale, int affine) {
    TWIN_LOOP(4, {
        double z = cr_normal_f64(w + 4 * i);
        out[done + i] = affine ? loc + scale * z : z;
    });
}

void chacha_twin_normal_f32(chacha_state *s, float *out, size_t n,
                            double loc, double scale, int affine) {
    TWIN_LOOP(2, {
        double z = cr_normal_from_2_words(w + 2 * i);
        out[done + i] = (float)(affine ? loc + scale * z : z);
    });
}

/* The value's low `itemsize` bytes, in the machine's order. */
static void twin_store(void *out, size_t i, int itemsize, uint64_t v) {
    switch (itemsize) {
    case 1:
        ((uint8_t *)out)[i] = (uint8_t)v;
        break;
    case 2:
        ((uint16_t *)out)[i] = (uint16_t)v;
        break;
    case 4:
        ((uint32_t *)out)[i] = (uint32_t)v;
        break;
    default:
        ((uint64_t *)out)[i] = v;
        break;
    }
}

void chacha_twin_integers(chacha_state *s, void *out, size_t n,
                          int itemsize, uint64_t low, uint64_t rng) {
    if (rng <= CR_NARROW_RANGE_MAX) {
        TWIN_LOOP(2, twin_store(out, done + i, itemsize,
                                low + cr_bounded_narrow(w + 2 * i, rng)));
    } else {
        TWIN_LOOP(4, twin_store(out, done + i, itemsize,
                                low + cr_bounded_wide(w + 4 * i, rng)));
    }
}
