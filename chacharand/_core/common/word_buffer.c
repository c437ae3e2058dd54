/*
 * Buffered output of a block generator: refill and bulk output (see
 * word_buffer.h).  One copy for every generator; the block function is
 * called once per bulk request for all the whole blocks it asks for, so
 * the indirect call costs nothing per word.
 */
#include "word_buffer.h"

#include <string.h>

#include "endian.h"
#include "wipe.h"

/* `count` buffered word values from `src` to `out` as little-endian
 * bytes: a copy on little-endian hosts. */
static void store_le(uint8_t *out, const void *src, size_t count,
                     uint32_t word_bytes) {
#if CR_LITTLE_ENDIAN
    memcpy(out, src, count * word_bytes);
#else
    size_t i;
    for (i = 0; i < count; i++) {
        if (word_bytes == 4u) {
            cr_store32_le(out + 4u * i, ((const uint32_t *)src)[i]);
        } else {
            cr_store64_le(out + 8u * i, ((const uint64_t *)src)[i]);
        }
    }
#endif
}

/* The inverse, in place: `count` little-endian words at p to values
 * (nothing to do on little-endian hosts).  Reading the bytes through
 * cr_load*_le keeps it free of aliasing questions. */
static void le_to_values(void *p, size_t count, uint32_t word_bytes) {
#if CR_LITTLE_ENDIAN
    (void)p;
    (void)count;
    (void)word_bytes;
#else
    const uint8_t *bytes = (const uint8_t *)p;
    size_t i;
    for (i = 0; i < count; i++) {
        if (word_bytes == 4u) {
            ((uint32_t *)p)[i] = cr_load32_le(bytes + 4u * i);
        } else {
            ((uint64_t *)p)[i] = cr_load64_le(bytes + 8u * i);
        }
    }
#endif
}

/* The block function writes bytes; the buffer holds values. */
void cr_wb_refill(const cr_word_buffer *b) {
    b->blocks(b->gen, (uint8_t *)b->buffer, 1);
    le_to_values(b->buffer, b->words, b->word_bytes);
    *b->index = 0;
}

void cr_wb_fill_le(const cr_word_buffer *b, uint8_t *out, size_t nwords) {
    const uint8_t *buffer = (const uint8_t *)b->buffer;
    size_t avail = b->words - *b->index;
    size_t take = nwords < avail ? nwords : avail;
    size_t nblocks;

    if (nwords == 0) {
        return; /* `out` may then be NULL */
    }
    store_le(out, buffer + (size_t)b->word_bytes * *b->index, take,
             b->word_bytes);
    *b->index += (uint32_t)take;
    out += take * b->word_bytes;
    nwords -= take;
    if (nwords == 0) {
        return;
    }

    /* The buffer is used up here: whole blocks need not pass through it. */
    nblocks = nwords / b->words;
    if (nblocks > 0) {
        b->blocks(b->gen, out, nblocks);
        out += nblocks * b->words * b->word_bytes;
        nwords -= nblocks * b->words;
    }
    if (nwords > 0) {
        cr_wb_refill(b);
        store_le(out, buffer, nwords, b->word_bytes);
        *b->index = (uint32_t)nwords;
    }
}

void cr_wb_fill_uint32(const cr_word_buffer *b, uint32_t *out, size_t n) {
    cr_wb_fill_le(b, (uint8_t *)out, n);
    le_to_values(out, n, 4u);
}

/* Two 32-bit words as little-endian bytes are, read as one little-endian
 * uint64, the earlier word in the low half. */
void cr_wb_fill_uint64(const cr_word_buffer *b, uint64_t *out, size_t n) {
    cr_wb_fill_le(b, (uint8_t *)out, n * (8u / b->word_bytes));
    le_to_values(out, n, 8u);
}

void cr_wb_fill_bytes(const cr_word_buffer *b, uint8_t *out, size_t nbytes) {
    size_t whole = nbytes / b->word_bytes;
    size_t rest = nbytes % b->word_bytes;
    cr_wb_fill_le(b, out, whole);
    if (rest > 0) {
        uint8_t last[8];
        cr_wb_fill_le(b, last, 1);
        memcpy(out + whole * b->word_bytes, last, rest);
        cr_wipe(last, sizeof last);
    }
}
