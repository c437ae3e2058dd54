/*
 * ChaCha8Rand: initialisation, state, and bulk output in Go's orders.
 */
#include "chacha8rand.h"

void chacha8rand_init(chacha8rand_state *s,
                      const uint8_t key[CHACHA8RAND_KEY_BYTES],
                      chacha8rand_blocks_fn blocks) {
    cr_wipe(s, sizeof *s);
    s->blocks = blocks;
    memcpy(s->key, key, CHACHA8RAND_KEY_BYTES);
    chacha8rand_compute(s);
}

int chacha8rand_set(chacha8rand_state *s,
                    const uint8_t key[CHACHA8RAND_KEY_BYTES], uint32_t used,
                    const uint8_t *pending, uint32_t read_len) {
    if (used > CHACHA8RAND_VALUES || read_len > CHACHA8RAND_READ_BUFFER) {
        return 0;
    }
    chacha8rand_init(s, key, s->blocks);
    s->used = used;
    s->read_len = read_len;
    memcpy(s->read_buf + CHACHA8RAND_READ_BUFFER - read_len, pending,
           read_len);
    return 1;
}

/* Kernels yield identical bytes, so switching keeps the stream. */
void chacha8rand_set_kernel(chacha8rand_state *s,
                            chacha8rand_blocks_fn blocks) {
    s->blocks = blocks;
}

/*
 * The next `n` values as little-endian bytes: what the buffer holds, then
 * whole iterations computed straight into `out` while 1024 bytes fit there
 * (each one's key is taken from its last 32 bytes before the next
 * iteration overwrites them), then the tail through the buffer.
 */
static void fill_values(chacha8rand_state *s, uint8_t *out, size_t n) {
    for (;;) {
        size_t avail = CHACHA8RAND_VALUES - s->used;
        size_t take = n < avail ? n : avail;
        memcpy(out, s->buffer + 8u * s->used, 8u * take);
        s->used += (uint32_t)take;
        out += 8u * take;
        n -= take;
        if (n == 0) {
            return;
        }
        /* The buffer is used up: its tail is the next key. */
        if (n >= CHACHA8RAND_ITERATION_BYTES / 8u) {
            uint32_t input[16];
            memcpy(s->key, s->buffer + CHACHA8RAND_VALUES * 8u,
                   CHACHA8RAND_KEY_BYTES);
            while (n >= CHACHA8RAND_ITERATION_BYTES / 8u) {
                chacha8rand_input(s->key, input);
                s->blocks(input, out);
                memcpy(s->key, out + CHACHA8RAND_VALUES * 8u,
                       CHACHA8RAND_KEY_BYTES);
                out += CHACHA8RAND_VALUES * 8u;
                n -= CHACHA8RAND_VALUES;
            }
            cr_wipe(input, sizeof input);
            /* n >= 4 here, so the key bytes left in `out` are overwritten
             * below. */
            chacha8rand_compute(s);
            s->used = 0;
        } else {
            chacha8rand_rekey(s);
        }
    }
}

void chacha8rand_fill_uint64(chacha8rand_state *s, uint64_t *out, size_t n) {
#if CR_LITTLE_ENDIAN
    fill_values(s, (uint8_t *)out, n);
#else
    size_t i;
    for (i = 0; i < n; i++) {
        out[i] = chacha8rand_next_uint64(s);
    }
#endif
}

void chacha8rand_fill_uint32(chacha8rand_state *s, uint32_t *out, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        out[i] = chacha8rand_next_uint32(s);
    }
}

/*
 * Go's ChaCha8.Read: first the bytes a previous Read left of its last
 * value, then whole values, little-endian; of a last, partly used value
 * the rest is kept for the next Read (Uint64 calls in between do not touch
 * it).
 */
void chacha8rand_fill_bytes(chacha8rand_state *s, uint8_t *out, size_t n) {
    size_t rest;
    if (s->read_len > 0) {
        size_t take = n < s->read_len ? n : s->read_len;
        memcpy(out, s->read_buf + CHACHA8RAND_READ_BUFFER - s->read_len,
               take);
        s->read_len -= (uint32_t)take;
        out += take;
        n -= take;
    }
    fill_values(s, out, n / 8u);
    out += 8u * (n / 8u);
    rest = n % 8u;
    if (rest > 0) {
        cr_store64_le(s->read_buf, chacha8rand_next_uint64(s));
        memcpy(out, s->read_buf, rest);
        s->read_len = (uint32_t)(CHACHA8RAND_READ_BUFFER - rest);
    }
}

void chacha8rand_wipe(chacha8rand_state *s) { cr_wipe(s, sizeof *s); }
