/*
 * Buffered output of a block generator, shared by HC-128, ISAAC and
 * ISAAC-64 (the part rand_core 0.6's BlockRng / BlockRng64 does for them).
 *
 * Such a generator makes `words` words (32 or 64 bits) at a time.  It keeps
 * the current block in a buffer as word VALUES in read order (a Python
 * layer saves and restores them as they are), with `index`, the next
 * unread word (`words`: used up, the next draw refills).
 *
 * Its block function writes whole blocks as little-endian BYTES, so bulk
 * output goes from it straight into the caller's memory: any alignment,
 * no aliasing question, and on little-endian hosts the bytes of n words
 * are the n words themselves, so uint32/uint64 arrays are filled the same
 * way.  Only a refill of the buffer has to turn bytes into values, and
 * only on a big-endian host.
 */
#ifndef CHACHARAND_COMMON_WORD_BUFFER_H
#define CHACHARAND_COMMON_WORD_BUFFER_H

#include <stddef.h>
#include <stdint.h>

#include "compiler.h"

/* Writes the next `nblocks` blocks of generator `gen` to `out` as
 * little-endian words.  `out` never overlaps the generator's tables. */
typedef void (*cr_blocks_fn)(void *gen, uint8_t *out, size_t nblocks);

/* Where a generator keeps its buffer: built by each algorithm's wiring
 * functions on the stack, never stored (states hold plain data only). */
typedef struct cr_word_buffer {
    void *gen;            /* passed to blocks */
    cr_blocks_fn blocks;
    void *buffer;         /* uint32_t or uint64_t [words], values */
    uint32_t *index;      /* next unread word of buffer, 0..words */
    uint32_t words;       /* words per block */
    uint32_t word_bytes;  /* 4 or 8 */
} cr_word_buffer;

/* A new block into the buffer, index 0. */
void cr_wb_refill(const cr_word_buffer *b);
/* The next `nwords` words as little-endian bytes: buffered words, whole
 * blocks straight from the block function, the tail through the buffer. */
void cr_wb_fill_le(const cr_word_buffer *b, uint8_t *out, size_t nwords);
/* `n` 32-bit words (32-bit generators only). */
void cr_wb_fill_uint32(const cr_word_buffer *b, uint32_t *out, size_t n);
/* `n` uint64: one word each, or two for a 32-bit generator (the earlier
 * one the low half, also across a refill). */
void cr_wb_fill_uint64(const cr_word_buffer *b, uint64_t *out, size_t n);
/* Whole words as little-endian bytes; the unused bytes of a last partial
 * word are dropped, as rand_core's fill_bytes does. */
void cr_wb_fill_bytes(const cr_word_buffer *b, uint8_t *out, size_t nbytes);

/*
 * The wiring of a block generator to the functions above, written once:
 * defines `static cr_word_buffer PREFIX_words(STATE_T *s)`, the buffer of
 * a STATE_T whose block function is BLOCKS, whose buffer is the array BUF
 * of WORDS words of WORD_BYTES bytes and whose next unread word is
 * `index`.  CR_WORD_BUFFER_FILLS then defines the generator's public
 * PREFIX_refill, PREFIX_fill_uint64 and PREFIX_fill_bytes (and
 * PREFIX_fill_uint32, for 32-bit words) as plain calls through it; a
 * generator with rules of its own (ISAAC-64's pending half word) writes
 * those itself over PREFIX_words.
 */
#define CR_WORD_BUFFER_WIRING(prefix, state_t, blocks_fn, buf, nwords,     \
                              nbytes)                                      \
    static cr_word_buffer prefix##_words(state_t *s) {                     \
        cr_word_buffer b;                                                  \
        b.gen = s;                                                         \
        b.blocks = blocks_fn;                                              \
        b.buffer = s->buf;                                                 \
        b.index = &s->index;                                               \
        b.words = (nwords);                                                \
        b.word_bytes = (nbytes);                                           \
        return b;                                                          \
    }

#define CR_WORD_BUFFER32_FILLS(prefix, state_t)                             \
    void prefix##_refill(state_t *s) {                                     \
        cr_word_buffer b = prefix##_words(s);                              \
        cr_wb_refill(&b);                                                  \
    }                                                                      \
    void prefix##_fill_uint32(state_t *s, uint32_t *out, size_t n) {       \
        cr_word_buffer b = prefix##_words(s);                              \
        cr_wb_fill_uint32(&b, out, n);                                     \
    }                                                                      \
    void prefix##_fill_uint64(state_t *s, uint64_t *out, size_t n) {       \
        cr_word_buffer b = prefix##_words(s);                              \
        cr_wb_fill_uint64(&b, out, n);                                     \
    }                                                                      \
    void prefix##_fill_bytes(state_t *s, uint8_t *out, size_t nbytes) {    \
        cr_word_buffer b = prefix##_words(s);                              \
        cr_wb_fill_bytes(&b, out, nbytes);                                 \
    }

/*
 * The hot path of a 32-bit block generator (BlockRng's next_u32/next_u64):
 * defines PREFIX_next_uint32, PREFIX_next_uint64 (two consecutive words,
 * the earlier one the low half, also across a refill) and
 * PREFIX_next_double (the top 53 bits of next_uint64, in [0, 1)) for a
 * STATE_T with a uint32_t array BUF of WORDS words and a uint32_t `index`.
 * Buffer reads only; PREFIX_refill(s) is called when the buffer is used up.
 * A macro because C has no generics and the reads must stay inline.
 */
#define CR_WORD_BUFFER32_HOT_PATH(prefix, state_t, buf, words)               \
    CR_INLINE uint32_t prefix##_next_uint32(state_t *s) {                    \
        if (CR_UNLIKELY(s->index >= (words))) {                              \
            prefix##_refill(s);                                              \
        }                                                                    \
        return s->buf[s->index++];                                           \
    }                                                                        \
                                                                             \
    CR_INLINE uint64_t prefix##_next_uint64(state_t *s) {                    \
        if (CR_LIKELY(s->index + 2u <= (words))) {                           \
            uint64_t lo = s->buf[s->index];                                  \
            uint64_t hi = s->buf[s->index + 1u];                             \
            s->index += 2u;                                                  \
            return lo | (hi << 32);                                          \
        } else {                                                             \
            uint64_t lo = prefix##_next_uint32(s);                           \
            uint64_t hi = prefix##_next_uint32(s);                           \
            return lo | (hi << 32);                                          \
        }                                                                    \
    }                                                                        \
                                                                             \
    CR_INLINE double prefix##_next_double(state_t *s) {                      \
        return (double)(prefix##_next_uint64(s) >> 11) *                     \
               (1.0 / 9007199254740992.0);                                   \
    }

#endif /* CHACHARAND_COMMON_WORD_BUFFER_H */
