/*
 * Counter-based draws on the CPU: chacharand.CounterGenerator's fills.
 *
 * A draw of n elements of a method (chacha_transforms.h) starting at word
 * position P makes element i from the keystream words P + K*i ..
 * P + K*i + K - 1 only, K the method's words per element.  So every
 * function here takes a position and an element range, and computes just
 * that range: a slice of a draw, a chunk of a Dask array and a row of a
 * many-stream draw are the same computation at another position or
 * stream.  The keystream comes from the state's own block kernel (the
 * SIMD one chosen at run time), called on a copy of the ChaCha input: none
 * of these functions reads or writes the state's buffer, and only
 * chacha_counter_fill moves the state.
 */
#ifndef CHACHARAND_CHACHA_COUNTER_H
#define CHACHARAND_CHACHA_COUNTER_H

#include <stddef.h>
#include <stdint.h>

#include "chacha.h"
#include "chacha_kernels.h"
#include "chacha_transforms.h"

/* A method's fill of m elements from its words (K*m numbers at w). */
typedef void (*cr_counter_fill_fn)(const uint32_t *w, void *out, size_t m,
                                   const cr_counter_params *p);

typedef struct cr_counter_method {
    const char *name;       /* as in CR_COUNTER_METHODS */
    unsigned words;         /* K: keystream words per element */
    unsigned itemsize;      /* bytes per element */
    char kind;              /* 'u' unsigned integer, 'f' float */
    cr_counter_fill_fn fill;
} cr_counter_method;

/* Every method, in CR_COUNTER_METHODS's order; the index is its id. */
extern const cr_counter_method cr_counter_methods[];
extern const int cr_counter_method_count;

/* The id of method `name` (its index in cr_counter_methods). */
enum {
#define CR_ID_ENTRY(name, K, T) CR_COUNTER_ID_##name,
    CR_COUNTER_METHODS(CR_ID_ENTRY)
#undef CR_ID_ENTRY
    CR_COUNTER_METHOD_COUNT
};
#define CR_COUNTER_ID(name) CR_COUNTER_ID_##name

/* The method's fill of m elements from their words w (K*m numbers): the
 * SIMD kernel for a prefix where there is one, the portable code for the
 * rest -- the same bits either way. */
void cr_counter_apply(int method, const uint32_t *w, void *out, size_t m,
                      const cr_counter_params *p);

/* The SIMD kernels of the transforms, process-wide (for tests and
 * benchmarks; the bits are the same whichever is used).
 *
 * cr_counter_simd: allow 0, the portable fills from now on; 1, the
 * default choice (the widest the CPU and CHACHARAND_SIMD allow).  Returns
 * the name of the kernels in use ("portable", "sse2", "avx2", "avx512",
 * "neon").
 * cr_counter_simd_kernels: the name of keystream backend id `backend`
 * (chacha_dispatch.h) when this build has its counter kernels and the CPU
 * runs them ("portable" always), else NULL.
 * cr_counter_simd_use: uses that backend's kernels from now on; returns
 * their name, or NULL (and changes nothing) when they are unavailable. */
const char *cr_counter_simd(int allow);
const char *cr_counter_simd_kernels(int backend);
const char *cr_counter_simd_use(int backend);

/* A word position as (block, word in block): positions reach 2**68. */
typedef struct cr_word_pos {
    uint64_t block;
    unsigned word; /* 0-15 */
} cr_word_pos;

/* `pos` moved on by `elements` elements of K words (mod 2**68). */
cr_word_pos cr_counter_offset(cr_word_pos pos, unsigned k,
                              uint64_t elements);

/*
 * Elements [first, first + n) of a draw of `method` that starts at `pos`
 * on the stream of `input` (constants, key and stream words; its counter
 * words are ignored), into `out` (n elements), computed by `blocks`.
 */
void chacha_counter_draw(const uint32_t input[16], chacha_blocks_fn blocks,
                         cr_word_pos pos, int method,
                         const cr_counter_params *p, uint64_t first,
                         void *out, size_t n);

/* The same elements for each of `nstreams` streams: row j of `out` (rows
 * of `row_len` elements, elements [first, first + n) of each row written)
 * is the draw on stream streams[j].  The streams advance together, a
 * chunk of elements at a time; where each stream's chunk is a few blocks,
 * `lanes` computes them with the streams in its SIMD lanes.  `lanes` is
 * the streams kernel of the backend and round count of `blocks`
 * (chacha_backend_streams), or NULL: the same bits either way. */
void chacha_counter_draw_streams(const uint32_t input[16],
                                 chacha_blocks_fn blocks,
                                 chacha_streams_fn lanes, cr_word_pos pos,
                                 int method, const cr_counter_params *p,
                                 const uint64_t *streams, size_t nstreams,
                                 uint64_t first, void *out, size_t row_len,
                                 size_t n);

/* n elements from the state's position, and the state moved past their
 * K*n words. */
void chacha_counter_fill(chacha_state *s, int method,
                         const cr_counter_params *p, void *out, size_t n);

#endif /* CHACHARAND_CHACHA_COUNTER_H */
