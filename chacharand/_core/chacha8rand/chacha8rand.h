/*
 * ChaCha8Rand (C2SP chacha8rand): Go's math/rand/v2.ChaCha8, bit for bit.
 *
 * Each iteration takes a 32-byte key and computes sixteen ChaCha8 blocks
 * (counters 0..15, nonce zero, the feed-forward on the key words only),
 * interleaved in groups of four blocks: 1024 bytes, of which the first 992
 * are output, read as 124 little-endian uint64 values (Go's Uint64), and
 * the last 32 are the next iteration's key.  The old key is overwritten
 * then, so the generator cannot go back, nor seek.
 *
 * The state is what Go's MarshalBinary holds: the current iteration's key
 * (Go calls it the seed) and how many of its values have been read, plus
 * the bytes of a partly read value that Go's Read keeps for the next Read.
 * The buffer is always the iteration computed from `key`, so nothing else
 * defines the stream: any kernel gives the same bytes.
 */
#ifndef CHACHARAND_CHACHA8RAND_H
#define CHACHARAND_CHACHA8RAND_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../chacha/chacha_kernels.h"
#include "../common/compiler.h"
#include "../common/endian.h"
#include "../common/wipe.h"

#define CHACHA8RAND_KEY_BYTES 32u
#define CHACHA8RAND_ITERATION_BYTES 1024u
/* uint64 values out per iteration: 992 bytes. */
#define CHACHA8RAND_VALUES 124u
#define CHACHA8RAND_READ_BUFFER 8u

typedef struct chacha8rand_state {
    /* The iteration computed from `key`: values, then the next key. */
    CR_ALIGN(64) uint8_t buffer[CHACHA8RAND_ITERATION_BYTES];
    uint8_t key[CHACHA8RAND_KEY_BYTES];
    uint32_t used;              /* values read of this iteration, 0..124 */
    /* Go's Read: the last read_len bytes of read_buf are still to be
     * served, 0 <= read_len <= 8. */
    uint32_t read_len;
    uint8_t read_buf[CHACHA8RAND_READ_BUFFER];
    chacha8rand_blocks_fn blocks;
} chacha8rand_state;

/* Cold path (chacha8rand.c). */
void chacha8rand_init(chacha8rand_state *s,
                      const uint8_t key[CHACHA8RAND_KEY_BYTES],
                      chacha8rand_blocks_fn blocks);
/* Any state Go's UnmarshalBinary accepts: used <= 124, read_len <= 8
 * (pending: the read_len bytes still to be served).  0 when out of range,
 * leaving s as it was; 1 when set. */
int chacha8rand_set(chacha8rand_state *s,
                    const uint8_t key[CHACHA8RAND_KEY_BYTES], uint32_t used,
                    const uint8_t *pending, uint32_t read_len);
void chacha8rand_set_kernel(chacha8rand_state *s,
                            chacha8rand_blocks_fn blocks);
void chacha8rand_fill_uint64(chacha8rand_state *s, uint64_t *out, size_t n);
void chacha8rand_fill_uint32(chacha8rand_state *s, uint32_t *out, size_t n);
void chacha8rand_fill_bytes(chacha8rand_state *s, uint8_t *out, size_t n);
void chacha8rand_wipe(chacha8rand_state *s);

/* The ChaCha input block of an iteration: "expand 32-byte k", the key,
 * counter and nonce zero. */
CR_INLINE void chacha8rand_input(const uint8_t key[CHACHA8RAND_KEY_BYTES],
                                 uint32_t input[16]) {
    unsigned i;
    input[0] = 0x61707865u;
    input[1] = 0x3320646eu;
    input[2] = 0x79622d32u;
    input[3] = 0x6b206574u;
    for (i = 0; i < 8; i++) {
        input[4 + i] = cr_load32_le(key + 4 * i);
    }
    input[12] = input[13] = input[14] = input[15] = 0;
}

/* The iteration of `key` into the buffer.  Inline, like the rest of the
 * hot path, so that code which only includes this header can draw without
 * linking the core: the kernel is reached through the state's pointer. */
CR_INLINE void chacha8rand_compute(chacha8rand_state *s) {
    uint32_t input[16];
    chacha8rand_input(s->key, input);
    s->blocks(input, s->buffer);
    cr_wipe(input, sizeof input);
}

/* The next iteration: its key is the last 32 bytes of this one, which
 * overwrite the old key. */
CR_INLINE void chacha8rand_rekey(chacha8rand_state *s) {
    memcpy(s->key, s->buffer + CHACHA8RAND_VALUES * 8u,
           CHACHA8RAND_KEY_BYTES);
    chacha8rand_compute(s);
    s->used = 0;
}

/* Go's Uint64: the next little-endian 8 bytes of output. */
CR_INLINE uint64_t chacha8rand_next_uint64(chacha8rand_state *s) {
    if (CR_UNLIKELY(s->used >= CHACHA8RAND_VALUES)) {
        chacha8rand_rekey(s);
    }
    return cr_load64_le(s->buffer + 8u * s->used++);
}

/* Go's Rand.Uint32: the upper half of one Uint64. */
CR_INLINE uint32_t chacha8rand_next_uint32(chacha8rand_state *s) {
    return (uint32_t)(chacha8rand_next_uint64(s) >> 32);
}

/* The top 53 bits of next_uint64, in [0, 1), as NumPy's generators. */
CR_INLINE double chacha8rand_next_double(chacha8rand_state *s) {
    return (double)(chacha8rand_next_uint64(s) >> 11) *
           (1.0 / 9007199254740992.0);
}

#endif /* CHACHARAND_CHACHA8RAND_H */
