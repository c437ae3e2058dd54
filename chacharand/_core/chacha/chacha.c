/*
 * ChaCha generator: initialisation, refill, seeking and bulk output.
 */
#include "chacha.h"

#include <string.h>

#include "../common/wipe.h"

/* "expand 32-byte k" */
static const uint32_t chacha_constants[4] = {0x61707865u, 0x3320646eu,
                                             0x79622d32u, 0x6b206574u};

void chacha_init(chacha_state *s, const uint8_t key[CHACHA_KEY_BYTES],
                 uint64_t stream, int rounds, chacha_blocks_fn blocks) {
    unsigned i;
    memset(s, 0, sizeof *s);
    for (i = 0; i < 4; i++) {
        s->input[i] = chacha_constants[i];
    }
    for (i = 0; i < 8; i++) {
        s->input[4 + i] = cr_load32_le(key + 4 * i);
    }
    s->input[14] = (uint32_t)stream;
    s->input[15] = (uint32_t)(stream >> 32);
    s->rounds = rounds;
    s->blocks = blocks;
    s->index = CHACHA_BUFFER_WORDS;
}

/* Kernels yield identical output, so switching keeps the stream: only the
 * blocks not yet generated come from the new kernel. */
void chacha_set_kernel(chacha_state *s, chacha_blocks_fn blocks) {
    s->blocks = blocks;
}

/*
 * Position the generator at word `word_in_block` (0..15) of block `block`.
 * At a block boundary nothing is generated until the next draw; inside a
 * block, the buffer is refilled from that block on so that the unread words
 * of the block are at hand.
 */
void chacha_seek(chacha_state *s, uint64_t block, unsigned word_in_block) {
    chacha_set_counter(s, block);
    s->index = CHACHA_BUFFER_WORDS;
    if (word_in_block % CHACHA_BLOCK_WORDS != 0) {
        chacha_refill(s);
        s->index = word_in_block % CHACHA_BLOCK_WORDS;
    }
}

void chacha_tell(const chacha_state *s, uint64_t *block,
                 unsigned *word_in_block) {
    uint64_t buffer_start = chacha_get_counter(s) - CHACHA_BUFFER_BLOCKS;
    *block = buffer_start + s->index / CHACHA_BLOCK_WORDS;
    *word_in_block = s->index % CHACHA_BLOCK_WORDS;
}

/* A new stream at the same word position, as rand_chacha's set_stream. */
void chacha_set_stream(chacha_state *s, uint64_t stream) {
    uint64_t block;
    unsigned word;
    chacha_tell(s, &block, &word);
    s->input[14] = (uint32_t)stream;
    s->input[15] = (uint32_t)(stream >> 32);
    chacha_seek(s, block, word);
}

uint64_t chacha_get_stream(const chacha_state *s) {
    return (uint64_t)s->input[14] | ((uint64_t)s->input[15] << 32);
}

void chacha_get_key(const chacha_state *s, uint8_t key[CHACHA_KEY_BYTES]) {
    unsigned i;
    for (i = 0; i < 8; i++) {
        cr_store32_le(key + 4 * i, s->input[4 + i]);
    }
}

/*
 * Write the next `nwords` keystream words to `out` as little-endian bytes:
 * first what the buffer holds, then whole blocks straight from the kernel,
 * then the tail through the buffer.
 */
void chacha_fill_words(chacha_state *s, uint8_t *out, size_t nwords) {
    size_t avail = CHACHA_BUFFER_WORDS - s->index;
    size_t take = nwords < avail ? nwords : avail;
    size_t nblocks;

    memcpy(out, s->buffer + 4u * s->index, 4u * take);
    s->index += (uint32_t)take;
    out += 4u * take;
    nwords -= take;
    if (nwords == 0) {
        return;
    }

    /* The buffer is empty here, so the counter is the next block to emit. */
    nblocks = nwords / CHACHA_BLOCK_WORDS;
    if (nblocks > 0) {
        s->blocks(s->input, out, nblocks);
        chacha_set_counter(s, chacha_get_counter(s) + (uint64_t)nblocks);
        out += nblocks * CHACHA_BLOCK_BYTES;
        nwords -= nblocks * CHACHA_BLOCK_WORDS;
    }
    if (nwords > 0) {
        chacha_refill(s);
        memcpy(out, s->buffer, 4u * nwords);
        s->index = (uint32_t)nwords;
    }
}

void chacha_fill_uint64(chacha_state *s, uint64_t *out, size_t n) {
#if CR_LITTLE_ENDIAN
    chacha_fill_words(s, (uint8_t *)out, 2u * n);
#else
    size_t i;
    for (i = 0; i < n; i++) {
        out[i] = chacha_next_uint64(s);
    }
#endif
}

/* Whole words are consumed: the unused bytes of a last partial word are
 * dropped, as rand_chacha's fill_bytes does. */
void chacha_fill_bytes(chacha_state *s, uint8_t *out, size_t nbytes) {
    size_t whole = nbytes / 4u;
    size_t rest = nbytes % 4u;
    chacha_fill_words(s, out, whole);
    if (rest) {
        uint8_t last[4];
        cr_store32_le(last, chacha_next_uint32(s));
        memcpy(out + 4u * whole, last, rest);
        cr_wipe(last, sizeof last);
    }
}

void chacha_wipe(chacha_state *s) { cr_wipe(s, sizeof *s); }
