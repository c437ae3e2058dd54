/*
 * Counter-based draws on the CPU (see chacha_counter.h).
 *
 * The keystream comes from the state's block kernel (the SIMD one), a
 * chunk of elements at a time, into a buffer on the stack -- or, for an
 * element as wide as its words, straight into the output, where each
 * element is then made from its own words (in_place below); the elements
 * are the transforms' own functions (chacha_transforms.h), or, for a
 * prefix of each chunk, the SIMD kernels made from them
 * (chacha_counter_lanes.h), which give the same bits.  Built with
 * floating-point contraction off, like the GPU kernel, so that every
 * operation rounds as written.
 *
 * Where the time goes (measured on an AVX2 machine): mostly the keystream
 * and the transform; the chunk's words stay in L1, and CHUNK 256 or 4096
 * measured the same as 1024.  For random, uniform and integers the
 * keystream is most of it; for normal and exponential the transform's
 * division, square root and polynomials.
 */
#include "chacha_counter.h"

#include <float.h>
#include <stdint.h>
#include <string.h>

#include "../common/once_word.h"
#include "../common/wipe.h"
#include "chacha_counter_simd.h"
#include "chacha_dispatch.h"

/* Each double operation must round to double, not to a wider format
 * (x87, FLT_EVAL_METHOD 2): the build uses SSE2 arithmetic on 32-bit x86.
 * 1 (s390x's GCC: float evaluated as double) is fine: the transforms do
 * their arithmetic in double, and the one conversion to float rounds as
 * any cast does. */
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD != 0 && \
    FLT_EVAL_METHOD != 1 && FLT_EVAL_METHOD != -1
#error "chacha_counter.c needs FLT_EVAL_METHOD 0 or 1 (e.g. -msse2 -mfpmath=sse)"
#endif

/* Elements per keystream call: K * CHUNK words, a whole number of blocks
 * for every K (1, 2, 4), so that chunk c starts at the same word of its
 * block as the draw does. */
#define CHUNK 1024u
#define MAX_K 4u
#define CHUNK_BLOCKS ((MAX_K * CHUNK) / CHACHA_BLOCK_WORDS + 1u)

/* ---- the method table, from CR_COUNTER_METHODS ---------------------------
 * One fill per method: its element function over m elements. */
#define CR_KIND(T) ((T)0.5 == 0 ? 'u' : 'f')
#define CR_FILL(name, K, T)                                                  \
    static void fill_##name(const uint32_t *w, void *out, size_t m,          \
                            const cr_counter_params *p) {                    \
        T *o = (T *)out;                                                     \
        size_t i;                                                            \
        for (i = 0; i < m; i++) {                                            \
            o[i] = cr_el_##name(w + (size_t)(K) * i, p);                     \
        }                                                                    \
    }
CR_COUNTER_METHODS(CR_FILL)

#define CR_ENTRY(name, K, T) {#name, K, sizeof(T), CR_KIND(T), fill_##name},
const cr_counter_method cr_counter_methods[] = {
    CR_COUNTER_METHODS(CR_ENTRY)
};
const int cr_counter_method_count =
    (int)(sizeof cr_counter_methods / sizeof cr_counter_methods[0]);

/* ---- SIMD kernels -------------------------------------------------------
 * A method's SIMD kernel, if any, fills a prefix, the portable fill the
 * rest.  The kernels of one instruction set at a time: by default the
 * widest that is compiled in and that the CPU and OS run, capped by
 * CHACHARAND_SIMD -- the keystream's choice (chacha_backend_default),
 * made once per process -- or, for tests and benchmarks, any available
 * set by name (cr_counter_simd_use). */

/* Each keystream backend's counter kernels, where compiled in. */
static const cr_counter_kernels *backend_kernels(int backend) {
    switch (backend) {
#if defined(CHACHARAND_HAVE_SSE2)
    case CHACHA_BACKEND_SSE2:
        return &cr_counter_kernels_sse2;
#endif
#if defined(CHACHARAND_HAVE_AVX2)
    case CHACHA_BACKEND_AVX2:
        return &cr_counter_kernels_avx2;
#endif
#if defined(CHACHARAND_HAVE_AVX512)
    case CHACHA_BACKEND_AVX512:
        return &cr_counter_kernels_avx512;
#endif
#if defined(CHACHARAND_HAVE_NEON)
    case CHACHA_BACKEND_NEON:
        return &cr_counter_kernels_neon;
#endif
    default:
        return NULL;
    }
}

/* Kernels that this build has and this CPU and OS run (the keystream
 * dispatch's check: the OS must save the registers too). */
static int kernels_available(int backend) {
    return backend == CHACHA_BACKEND_PORTABLE ||
           (backend_kernels(backend) != NULL &&
            chacha_backend_available(backend));
}

/* The backend whose kernels are in use, plus one; 0 not chosen yet. */
static unsigned simd_choice;

static int simd_backend(void) {
    unsigned choice = cr_once_load(&simd_choice);
    if (choice == 0) {
        int backend = chacha_backend_default(NULL);
        /* A cap may name a keystream backend with no counter kernels:
         * the widest narrower one that has them. */
        while (!kernels_available(backend)) {
            backend = backend == CHACHA_BACKEND_AVX512 ? CHACHA_BACKEND_AVX2
                      : backend == CHACHA_BACKEND_AVX2 ? CHACHA_BACKEND_SSE2
                                                       : CHACHA_BACKEND_PORTABLE;
        }
        choice = (unsigned)backend + 1u;
        cr_once_store(&simd_choice, choice);
    }
    return (int)choice - 1;
}

const char *cr_counter_simd(int allow) {
    cr_once_store(&simd_choice, allow ? 0u : CHACHA_BACKEND_PORTABLE + 1u);
    return chacha_backend_name(simd_backend());
}

const char *cr_counter_simd_kernels(int backend) {
    return backend >= 0 && backend < CHACHA_BACKEND_COUNT &&
                   kernels_available(backend)
               ? chacha_backend_name(backend)
               : NULL;
}

const char *cr_counter_simd_use(int backend) {
    if (cr_counter_simd_kernels(backend) == NULL) {
        return NULL;
    }
    cr_once_store(&simd_choice, (unsigned)backend + 1u);
    return chacha_backend_name(backend);
}

static cr_counter_simd_fn simd_fill(int method) {
    const cr_counter_kernels *k = backend_kernels(simd_backend());
    return k != NULL ? k->fill[method] : NULL;
}

void cr_counter_apply(int method, const uint32_t *w, void *out, size_t m,
                      const cr_counter_params *p) {
    const cr_counter_method *info = &cr_counter_methods[method];
#if CR_LITTLE_ENDIAN
    /* The raw words and 64-bit values are the words' own bytes here. */
    if (method == CR_COUNTER_ID(words32) || method == CR_COUNTER_ID(raw64)) {
        memcpy(out, w, m * info->itemsize);
        return;
    }
#endif
    cr_counter_simd_fn simd = simd_fill(method);
    size_t done = simd != NULL ? simd(w, out, m, p) : 0;
    info->fill(w + (size_t)info->words * done,
               (uint8_t *)out + done * info->itemsize, m - done, p);
}

/* ---- positions ------------------------------------------------------------ */

cr_word_pos cr_counter_offset(cr_word_pos pos, unsigned k,
                              uint64_t elements) {
    /* K * elements words, K = 2**shift, without overflowing 64 bits. */
    unsigned shift = k == 4u ? 2u : k == 2u ? 1u : 0u;
    uint64_t low = (elements << shift) & 15u;
    uint64_t word = pos.word + low;
    cr_word_pos out;
    out.block = pos.block + (elements >> (4u - shift)) + (word >> 4);
    out.word = (unsigned)(word & 15u);
    return out;
}

/* ---- draws ---------------------------------------------------------------- */

/* Whether the words of elements at `pos` can be written straight to
 * `out` and turned into the elements where they lie: an element as wide
 * as its words (element i's words are then its own bytes, which each fill
 * reads before it writes them), the words in memory order, and a draw
 * that starts on a block.  This saves the copy through the stack buffer,
 * about a quarter of the time of random_raw and a tenth of random's. */
static int in_place(const cr_counter_method *method, cr_word_pos pos,
                    const void *out) {
    return CR_LITTLE_ENDIAN && pos.word == 0 &&
           method->words * 4u == method->itemsize &&
           (uintptr_t)out % method->itemsize == 0;
}

/* `m` <= CHUNK elements from `pos`: their words by the kernel, then the
 * method's fill.  `buffer` holds CHUNK_BLOCKS blocks. */
static void draw_chunk(const uint32_t input[16], chacha_blocks_fn blocks,
                       cr_word_pos pos, const cr_counter_method *method,
                       const cr_counter_params *p, void *out, size_t m,
                       uint32_t *buffer) {
    uint32_t in[16];
    size_t nwords = (size_t)method->words * m;
    size_t nblocks = (pos.word + nwords + CHACHA_BLOCK_WORDS - 1u) /
                     CHACHA_BLOCK_WORDS;
    memcpy(in, input, sizeof in);
    in[12] = (uint32_t)pos.block;
    in[13] = (uint32_t)(pos.block >> 32);
    if (in_place(method, pos, out)) {
        /* The whole blocks in place; a last part block through the
         * buffer, below. */
        size_t whole = nwords / CHACHA_BLOCK_WORDS;
        size_t done = whole * CHACHA_BLOCK_WORDS / method->words;
        blocks(in, (uint8_t *)out, whole);
        if (method != &cr_counter_methods[CR_COUNTER_ID(words32)] &&
            method != &cr_counter_methods[CR_COUNTER_ID(raw64)]) {
            cr_counter_apply((int)(method - cr_counter_methods),
                             (const uint32_t *)out, out, done, p);
        }
        if (done == m) {
            cr_wipe(in, sizeof in);
            return;
        }
        pos.block += whole;
        in[12] = (uint32_t)pos.block;
        in[13] = (uint32_t)(pos.block >> 32);
        out = (uint8_t *)out + done * method->itemsize;
        m -= done;
        nblocks = 1u;
    }
    blocks(in, (uint8_t *)buffer, nblocks);
#if !CR_LITTLE_ENDIAN
    {
        size_t i;
        for (i = 0; i < nblocks * CHACHA_BLOCK_WORDS; i++) {
            buffer[i] = cr_load32_le((const uint8_t *)(buffer + i));
        }
    }
#endif
    cr_counter_apply((int)(method - cr_counter_methods), buffer + pos.word,
                     out, m, p);
    cr_wipe(in, sizeof in);
}

void chacha_counter_draw(const uint32_t input[16], chacha_blocks_fn blocks,
                         cr_word_pos pos, int method,
                         const cr_counter_params *p, uint64_t first,
                         void *out, size_t n) {
    CR_ALIGN(64) uint32_t buffer[CHUNK_BLOCKS * CHACHA_BLOCK_WORDS];
    const cr_counter_method *m = &cr_counter_methods[method];
    uint8_t *at = (uint8_t *)out;
    size_t done, step;
    for (done = 0; done < n; done += step) {
        step = n - done < CHUNK ? n - done : CHUNK;
        draw_chunk(input, blocks, cr_counter_offset(pos, m->words,
                                                    first + done),
                   m, p, at + done * m->itemsize, step, buffer);
    }
    cr_wipe(buffer, sizeof buffer);
}

/* Streams whose chunk takes at most this many blocks each are drawn
 * together, their blocks computed by the backend's streams kernel (the
 * streams in the SIMD lanes, chacha_kernels.h), a group of streams per call;
 * longer chunks fill the lanes of the block kernel themselves.  Measured
 * (4096 streams of random_raw, AVX2 and SSE2): up to 8 blocks the streams
 * kernel is ahead (about 6x at one block); at 16 blocks the block kernel's
 * lanes are full and it is ahead, as the streams kernel also copies its
 * blocks to their rows. */
#define LANES_MAX_BLOCKS 8u
/* Streams per call of the streams kernel: as many as `buffer` holds,
 * rounded down to whole groups of the widest lanes (sixteen). */
#define STREAM_GROUP(nblocks) ((CHUNK_BLOCKS / (nblocks)) & ~(size_t)15u)

/* `m` <= CHUNK elements from `pos` on each of `nstreams` streams, row j
 * (at out + j * row_bytes) on stream streams[j]: the blocks of a group of
 * streams by the streams kernel into `buffer`, then the method's fill of
 * each stream's words.  Each stream's nblocks <= LANES_MAX_BLOCKS blocks
 * lie one after another in the buffer, as draw_chunk's do. */
static void draw_streams_chunk(const uint32_t input[16],
                               chacha_streams_fn kernel, cr_word_pos pos,
                               const cr_counter_method *method,
                               const cr_counter_params *p,
                               const uint64_t *streams, size_t nstreams,
                               uint8_t *out, size_t row_bytes, size_t m,
                               uint32_t *buffer) {
    uint32_t in[16];
    size_t nwords = (size_t)method->words * m;
    size_t nblocks = (pos.word + nwords + CHACHA_BLOCK_WORDS - 1u) /
                     CHACHA_BLOCK_WORDS;
    size_t group = STREAM_GROUP(nblocks), s, j;
    memcpy(in, input, sizeof in);
    in[12] = (uint32_t)pos.block;
    in[13] = (uint32_t)(pos.block >> 32);
    for (s = 0; s < nstreams; s += group) {
        size_t count = nstreams - s < group ? nstreams - s : group;
        kernel(in, streams + s, count, (uint8_t *)buffer, nblocks);
#if !CR_LITTLE_ENDIAN
        for (j = 0; j < count * nblocks * CHACHA_BLOCK_WORDS; j++) {
            buffer[j] = cr_load32_le((const uint8_t *)(buffer + j));
        }
#endif
        for (j = 0; j < count; j++) {
            cr_counter_apply((int)(method - cr_counter_methods),
                             buffer + j * nblocks * CHACHA_BLOCK_WORDS +
                                 pos.word,
                             out + (s + j) * row_bytes, m, p);
        }
    }
    cr_wipe(in, sizeof in);
}

void chacha_counter_draw_streams(const uint32_t input[16],
                                 chacha_blocks_fn blocks,
                                 chacha_streams_fn lanes, cr_word_pos pos,
                                 int method, const cr_counter_params *p,
                                 const uint64_t *streams, size_t nstreams,
                                 uint64_t first, void *out, size_t row_len,
                                 size_t n) {
    CR_ALIGN(64) uint32_t buffer[CHUNK_BLOCKS * CHACHA_BLOCK_WORDS];
    const cr_counter_method *m = &cr_counter_methods[method];
    uint32_t in[16];
    size_t done, step, j;
    memcpy(in, input, sizeof in);
    for (done = 0; done < n; done += step) {
        cr_word_pos at = cr_counter_offset(pos, m->words, first + done);
        step = n - done < CHUNK ? n - done : CHUNK;
        if (lanes != NULL &&
            at.word + (size_t)m->words * step <=
                LANES_MAX_BLOCKS * CHACHA_BLOCK_WORDS) {
            draw_streams_chunk(input, lanes, at, m, p, streams, nstreams,
                               (uint8_t *)out +
                                   ((size_t)first + done) * m->itemsize,
                               row_len * m->itemsize, step, buffer);
            continue;
        }
        for (j = 0; j < nstreams; j++) {
            in[14] = (uint32_t)streams[j];
            in[15] = (uint32_t)(streams[j] >> 32);
            draw_chunk(in, blocks, at, m, p,
                       (uint8_t *)out +
                           (j * row_len + (size_t)first + done) * m->itemsize,
                       step, buffer);
        }
    }
    cr_wipe(buffer, sizeof buffer);
    cr_wipe(in, sizeof in);
}

void chacha_counter_fill(chacha_state *s, int method,
                         const cr_counter_params *p, void *out, size_t n) {
    cr_word_pos pos, end;
    chacha_tell(s, &pos.block, &pos.word);
    chacha_counter_draw(s->input, s->blocks, pos, method, p, 0, out, n);
    end = cr_counter_offset(pos, cr_counter_methods[method].words, n);
    chacha_seek(s, end.block, end.word);
}
