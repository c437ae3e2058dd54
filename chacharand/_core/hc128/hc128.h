/*
 * HC-128 as a random number generator: state, hot path, and the C API.
 *
 * HC-128 is Hongjun Wu's eSTREAM stream cipher.  The generator is keyed as
 * rand_hc 0.3's Hc128Rng::from_seed: a 32-byte seed is the 16-byte key
 * followed by the 16-byte IV, each read as four little-endian 32-bit words.
 * The output is the keystream s_0, s_1, ... as 32-bit words; as bytes, each
 * word is little-endian.
 *
 * HC-128 is a 32-bit generator: next_uint32 takes one word, next_uint64
 * takes two consecutive words, the earlier one being the low half (also
 * across a refill), and fill_bytes consumes whole words, dropping the unused
 * bytes of a last partial word -- all as rand_core 0.6's BlockRng.
 *
 * State (every field is a plain integer or array, so that a Python layer
 * can save and restore it as is):
 *
 *   p[512], q[512]  the two secret tables P and Q.
 *   buffer[16]      the last generated block of 16 keystream words.
 *   counter         the step number i mod 1024 of the first word of the
 *                   NEXT block to generate: 0..1023, a multiple of 16.  Steps
 *                   0..511 update P, steps 512..1023 update Q.  (The buffered
 *                   block, if any, holds steps counter-16 .. counter-1.)
 *   index           next unread word of buffer: 0..16, 16 = buffer used up.
 *
 * hc128_state_is_valid() checks the ranges above; any table contents are
 * valid.
 */
#ifndef CHACHARAND_HC128_H
#define CHACHARAND_HC128_H

#include <stddef.h>
#include <stdint.h>

#include "../common/compiler.h"
#include "../common/word_buffer.h"

#define HC128_KEY_BYTES 32u   /* 16-byte key followed by 16-byte IV */
#define HC128_TABLE_WORDS 512u
#define HC128_BLOCK_WORDS 16u /* keystream words per refill */

typedef struct hc128_state {
    CR_ALIGN(64) uint32_t p[HC128_TABLE_WORDS];
    CR_ALIGN(64) uint32_t q[HC128_TABLE_WORDS];
    uint32_t buffer[HC128_BLOCK_WORDS];
    uint32_t counter; /* step (mod 1024) of the next block; multiple of 16 */
    uint32_t index;   /* next unread word of buffer, 0..16 */
} hc128_state;

/* Cold path (hc128.c). */
void hc128_init(hc128_state *s, const uint8_t key[HC128_KEY_BYTES]);
void hc128_refill(hc128_state *s);
int hc128_state_is_valid(const hc128_state *s); /* 1 if valid, else 0 */
void hc128_fill_uint32(hc128_state *s, uint32_t *out, size_t n);
void hc128_fill_uint64(hc128_state *s, uint64_t *out, size_t n);
void hc128_fill_bytes(hc128_state *s, uint8_t *out, size_t nbytes);
void hc128_wipe(hc128_state *s);

/* Hot path: hc128_next_uint32, hc128_next_uint64, hc128_next_double --
 * buffer reads, a function call only at refill. */
CR_WORD_BUFFER32_HOT_PATH(hc128, hc128_state, buffer, HC128_BLOCK_WORDS)

#endif /* CHACHARAND_HC128_H */
