/*
 * Portable ChaCha kernel: one block at a time, in plain C99.
 *
 * It is the reference every SIMD kernel is tested against, and the kernel
 * used where no SIMD backend is compiled in or supported.
 */
#include "chacha_kernels.h"

#define QUARTER_ROUND(a, b, c, d) \
    do {                          \
        a += b;                   \
        d = cr_rotl32(d ^ a, 16); \
        c += d;                   \
        b = cr_rotl32(b ^ c, 12); \
        a += b;                   \
        d = cr_rotl32(d ^ a, 8);  \
        c += d;                   \
        b = cr_rotl32(b ^ c, 7);  \
    } while (0)

/* `rounds` is a constant at every call site, so each instantiation below
 * gets a loop with a fixed trip count. */
CR_FORCE_INLINE void chacha_blocks_portable(const uint32_t input[16],
                                            uint8_t *out, size_t nblocks,
                                            const int rounds) {
    uint64_t counter =
        (uint64_t)input[12] | ((uint64_t)input[13] << 32);
    size_t b;
    for (b = 0; b < nblocks; b++, counter++, out += CHACHA_BLOCK_BYTES) {
        uint32_t x[16], j[16];
        int i;
        memcpy(j, input, sizeof j);
        j[12] = (uint32_t)counter;
        j[13] = (uint32_t)(counter >> 32);
        memcpy(x, j, sizeof x);
        for (i = 0; i < rounds; i += 2) {
            QUARTER_ROUND(x[0], x[4], x[8], x[12]);
            QUARTER_ROUND(x[1], x[5], x[9], x[13]);
            QUARTER_ROUND(x[2], x[6], x[10], x[14]);
            QUARTER_ROUND(x[3], x[7], x[11], x[15]);
            QUARTER_ROUND(x[0], x[5], x[10], x[15]);
            QUARTER_ROUND(x[1], x[6], x[11], x[12]);
            QUARTER_ROUND(x[2], x[7], x[8], x[13]);
            QUARTER_ROUND(x[3], x[4], x[9], x[14]);
        }
        for (i = 0; i < 16; i++) {
            cr_store32_le(out + 4 * i, x[i] + j[i]);
        }
    }
}

void chacha8_blocks_portable(const uint32_t input[16], uint8_t *out,
                             size_t nblocks) {
    chacha_blocks_portable(input, out, nblocks, 8);
}

void chacha12_blocks_portable(const uint32_t input[16], uint8_t *out,
                              size_t nblocks) {
    chacha_blocks_portable(input, out, nblocks, 12);
}

void chacha20_blocks_portable(const uint32_t input[16], uint8_t *out,
                              size_t nblocks) {
    chacha_blocks_portable(input, out, nblocks, 20);
}
