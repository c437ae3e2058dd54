/*
 * ISAAC-64 as a random number generator: state, hot path, C API.
 *
 * Bob Jenkins' ISAAC-64 (isaac64.c), keyed as his randinit(TRUE): the key
 * is up to 256 little-endian 64-bit words (up to 2048 bytes, zero-padded; a
 * partial last word takes its bytes as its low bytes), mixed into mem[] in
 * two passes.  rand_isaac 0.3's Isaac64Rng::from_seed(seed) is the 32-byte
 * key `seed` (key words 0..3, the rest zero).
 *
 * Read-out order (rand_isaac 0.3, src/isaac64.rs, Isaac64Core::generate):
 * the first block of output is the results of the isaac64() call that ends
 * randinit, and each block is read from randrsl[255] down to randrsl[0].
 * The block function stores result n at rsl[255 - n] so the generator reads
 * rsl[] forwards; rsl[k] here is Jenkins' randrsl[255 - k].
 *
 * ISAAC-64 is a 64-bit generator; the 32-bit rules are rand_core 0.6's
 * BlockRng64 (src/block.rs), which Isaac64Rng uses:
 *   - next_uint64 takes one word and drops any pending high half.
 *   - next_uint32 takes the LOW half of a fresh word and leaves its high
 *     half pending (half_used = 1); the next next_uint32 returns that high
 *     half.  So u32,u32,u64,u32,u64 = lo(w0), hi(w0), w1, lo(w2), w3.
 *   - fill_bytes first drops any pending high half, then consumes whole
 *     64-bit words, little-endian, dropping the unused bytes of a last
 *     partial word (also when asked for 0 bytes, the pending half is
 *     dropped).
 *
 * State (plain integers and arrays, for a Python layer to save/restore):
 *
 *   mem[256]    the internal state (Jenkins' mm).
 *   rsl[256]    the current block of results, in read order (see above).
 *   a, b, c     randa, randb, randc; any values.
 *   index       next unread word of rsl: 0..256, 256 = block used up.  A
 *               half-used word counts as read: it is rsl[index - 1].
 *   half_used   1 if the high half of rsl[index - 1] is pending, else 0.
 *
 * isaac64_state_is_valid() checks index <= 256, half_used in {0, 1}, and
 * half_used == 1 only with index >= 1.  Any other contents are valid.
 */
#ifndef CHACHARAND_ISAAC64_H
#define CHACHARAND_ISAAC64_H

#include <stddef.h>
#include <stdint.h>

#include "../common/compiler.h"

#define ISAAC64_WORDS 256u            /* RANDSIZ: words of mem and per block */
#define ISAAC64_KEY_BYTES_MAX 2048u   /* 256 words */

typedef struct isaac64_state {
    CR_ALIGN(64) uint64_t mem[ISAAC64_WORDS];
    CR_ALIGN(64) uint64_t rsl[ISAAC64_WORDS]; /* rsl[k] = randrsl[255 - k] */
    uint64_t a, b, c;
    uint32_t index;     /* next unread word of rsl, 0..256 */
    uint32_t half_used; /* 1: high half of rsl[index - 1] pending */
} isaac64_state;

/* Cold path (isaac64.c). */
/* 0 on success, -1 (state untouched) if keylen > ISAAC64_KEY_BYTES_MAX.
 * key may be NULL when keylen is 0 (the all-zero key). */
int isaac64_init(isaac64_state *s, const uint8_t *key, size_t keylen);
void isaac64_refill(isaac64_state *s);
int isaac64_state_is_valid(const isaac64_state *s); /* 1 if valid, else 0 */
void isaac64_fill_uint64(isaac64_state *s, uint64_t *out, size_t n);
void isaac64_fill_bytes(isaac64_state *s, uint8_t *out, size_t nbytes);
void isaac64_wipe(isaac64_state *s);

/* Hot path: buffer reads, a function call only at refill. */
CR_INLINE uint64_t isaac64_next_uint64(isaac64_state *s) {
    if (CR_UNLIKELY(s->index >= ISAAC64_WORDS)) {
        isaac64_refill(s);
    }
    s->half_used = 0;
    return s->rsl[s->index++];
}

/* Low half of a fresh word, keeping the high half for the next call. */
CR_INLINE uint32_t isaac64_next_uint32(isaac64_state *s) {
    if (s->half_used) {
        s->half_used = 0;
        return (uint32_t)(s->rsl[s->index - 1u] >> 32);
    }
    if (CR_UNLIKELY(s->index >= ISAAC64_WORDS)) {
        isaac64_refill(s);
    }
    s->half_used = 1;
    return (uint32_t)s->rsl[s->index++];
}

/* The top 53 bits of next_uint64, in [0, 1). */
CR_INLINE double isaac64_next_double(isaac64_state *s) {
    return (double)(isaac64_next_uint64(s) >> 11) *
           (1.0 / 9007199254740992.0);
}

#endif /* CHACHARAND_ISAAC64_H */
