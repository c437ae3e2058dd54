/*
 * ChaCha as a random number generator: state, hot path, and the C API.
 *
 * Layout (Bernstein's original, as in rand_chacha): input words 0-3 are the
 * constants, 4-11 the key, 12-13 one 64-bit block counter (low word first),
 * 14-15 a 64-bit stream id.  The output is the keystream read as
 * little-endian 32-bit words.
 *
 * The generator keeps a buffer of CHACHA_BUFFER_BLOCKS keystream blocks,
 * refilled by one call of a multi-block kernel (portable C or SIMD, chosen at
 * run time, see chacha_dispatch.h).  The position in the stream is
 *
 *     word_pos = 16 * (counter - CHACHA_BUFFER_BLOCKS) + index   (mod 2^68)
 *
 * where `counter` is the block the next refill starts at.  Nothing about the
 * buffer is ever part of the stream's definition: key, stream and word_pos
 * define it, whatever the kernel or buffer size.
 */
#ifndef CHACHARAND_CHACHA_H
#define CHACHARAND_CHACHA_H

#include <stddef.h>
#include <stdint.h>

#include "../common/compiler.h"
#include "../common/endian.h"

#define CHACHA_KEY_BYTES 32u
#define CHACHA_BLOCK_WORDS 16u
#define CHACHA_BLOCK_BYTES 64u
#define CHACHA_BUFFER_BLOCKS 16u
#define CHACHA_BUFFER_WORDS (CHACHA_BUFFER_BLOCKS * CHACHA_BLOCK_WORDS)
#define CHACHA_BUFFER_BYTES (CHACHA_BUFFER_BLOCKS * CHACHA_BLOCK_BYTES)

/*
 * A kernel writes `nblocks` consecutive keystream blocks to `out` as bytes,
 * the first at the counter in input[12..13], the counter wrapping modulo
 * 2^64.  It does not modify `input`.  One kernel per (instruction set,
 * round count); the round count is a compile-time constant inside each.
 */
typedef void (*chacha_blocks_fn)(const uint32_t input[16], uint8_t *out,
                                 size_t nblocks);

typedef struct chacha_state {
    CR_ALIGN(64) uint8_t buffer[CHACHA_BUFFER_BYTES];
    uint32_t input[16];     /* counter = first block of the next refill */
    uint32_t index;         /* next unread word of buffer */
    int rounds;             /* 8, 12 or 20 */
    chacha_blocks_fn blocks;
} chacha_state;

/* Cold path (chacha.c). */
void chacha_init(chacha_state *s, const uint8_t key[CHACHA_KEY_BYTES],
                 uint64_t stream, int rounds, chacha_blocks_fn blocks);
void chacha_set_kernel(chacha_state *s, chacha_blocks_fn blocks);
void chacha_seek(chacha_state *s, uint64_t block, unsigned word_in_block);
void chacha_tell(const chacha_state *s, uint64_t *block,
                 unsigned *word_in_block);
void chacha_set_stream(chacha_state *s, uint64_t stream);
uint64_t chacha_get_stream(const chacha_state *s);
void chacha_get_key(const chacha_state *s, uint8_t key[CHACHA_KEY_BYTES]);
void chacha_fill_words(chacha_state *s, uint8_t *out, size_t nwords);
void chacha_fill_uint64(chacha_state *s, uint64_t *out, size_t n);
void chacha_fill_bytes(chacha_state *s, uint8_t *out, size_t nbytes);
void chacha_wipe(chacha_state *s);

CR_INLINE uint64_t chacha_get_counter(const chacha_state *s) {
    return (uint64_t)s->input[12] | ((uint64_t)s->input[13] << 32);
}

CR_INLINE void chacha_set_counter(chacha_state *s, uint64_t counter) {
    s->input[12] = (uint32_t)counter;
    s->input[13] = (uint32_t)(counter >> 32);
}

/* The next CHACHA_BUFFER_BLOCKS blocks into the buffer.  Inline, like the
 * rest of the hot path, so that code which only includes this header (a
 * Cython package cimporting our .pxd) can draw without linking the core:
 * the kernel is reached through the state's function pointer. */
CR_INLINE void chacha_refill(chacha_state *s) {
    s->blocks(s->input, s->buffer, CHACHA_BUFFER_BLOCKS);
    chacha_set_counter(s, chacha_get_counter(s) + CHACHA_BUFFER_BLOCKS);
    s->index = 0;
}

/* Hot path: buffer reads, a kernel call only at refill. */
CR_INLINE uint32_t chacha_next_uint32(chacha_state *s) {
    if (CR_UNLIKELY(s->index >= CHACHA_BUFFER_WORDS)) {
        chacha_refill(s);
    }
    return cr_load32_le(s->buffer + 4u * s->index++);
}

/* Two consecutive words; the earlier one is the low half. */
CR_INLINE uint64_t chacha_next_uint64(chacha_state *s) {
    if (CR_LIKELY(s->index + 2u <= CHACHA_BUFFER_WORDS)) {
        uint64_t v = cr_load64_le(s->buffer + 4u * s->index);
        s->index += 2u;
        return v;
    } else {
        uint64_t lo = chacha_next_uint32(s);
        uint64_t hi = chacha_next_uint32(s);
        return lo | (hi << 32);
    }
}

/* The top 53 bits of next_uint64, in [0, 1). */
CR_INLINE double chacha_next_double(chacha_state *s) {
    return (double)(chacha_next_uint64(s) >> 11) * (1.0 / 9007199254740992.0);
}

#endif /* CHACHARAND_CHACHA_H */
