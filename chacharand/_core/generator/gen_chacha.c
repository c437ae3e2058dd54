/*
 * NumPy's Generator methods over a ChaCha generator: words read inline
 * from the state's keystream buffer (chacha.h's hot path), bulk words
 * straight from the kernel into the caller's memory.
 */
#include <string.h>

#include "../chacha/chacha.h"

/* n 32-bit words, in stream order, as little-endian bytes: the rest of
 * the buffer, then whole blocks from the kernel into `out`, then the tail
 * through a refilled buffer -- the position advances exactly n words. */
static void crg_chacha_words(chacha_state *s, uint8_t *out, size_t n) {
    size_t avail = CHACHA_BUFFER_WORDS - s->index;
    size_t take = n < avail ? n : avail;
    size_t nblocks;
    memcpy(out, s->buffer + 4u * s->index, 4u * take);
    s->index += (uint32_t)take;
    out += 4u * take;
    n -= take;
    if (n == 0) {
        return;
    }
    /* The buffer is used up: the counter is the next block to emit. */
    nblocks = n / CHACHA_BLOCK_WORDS;
    if (nblocks > 0) {
        s->blocks(s->input, out, nblocks);
        chacha_set_counter(s, chacha_get_counter(s) + (uint64_t)nblocks);
        out += nblocks * CHACHA_BLOCK_BYTES;
        n -= nblocks * CHACHA_BLOCK_WORDS;
    }
    if (n > 0) {
        chacha_refill(s);
        memcpy(out, s->buffer, 4u * n);
        s->index = (uint32_t)n;
    }
}

#if CR_LITTLE_ENDIAN
/* Little-endian words are the values; two words make a uint64, the
 * earlier one low, as chacha_next_uint64. */
#define CRG_FILL64(s, p, n) crg_chacha_words((s), (uint8_t *)(p), 2u * (n))
#define CRG_FILL32(s, p, n) crg_chacha_words((s), (uint8_t *)(p), (n))
#else
static void crg_chacha_fill64(chacha_state *s, uint64_t *p, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) p[i] = chacha_next_uint64(s);
}
static void crg_chacha_fill32(chacha_state *s, uint32_t *p, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) p[i] = chacha_next_uint32(s);
}
#define CRG_FILL64(s, p, n) crg_chacha_fill64((s), (p), (n))
#define CRG_FILL32(s, p, n) crg_chacha_fill32((s), (p), (n))
#endif

#define CRG_NAME chacha
#define CRG_STATE chacha_state
#define CRG_NEXT64(s) chacha_next_uint64(s)
#define CRG_NEXT32(s) chacha_next_uint32(s)
#include "dists_template.h"
