/*
 * Portable ChaCha kernel: one block at a time, in plain C99.
 *
 * It is the reference every SIMD kernel is tested against, and the kernel
 * used where no SIMD backend is compiled in or supported.
 */
#include "chacha_block.h"
#include "chacha_kernels.h"

#include "../common/wipe.h"

/* `rounds` is a constant at every call site, so each instantiation below
 * gets a loop with a fixed trip count.  The block function is the one the
 * CUDA kernel uses (chacha_block.h). */
CR_FORCE_INLINE void chacha_blocks_portable(const uint32_t input[16],
                                            uint8_t *out, size_t nblocks,
                                            const int rounds) {
    uint64_t counter =
        (uint64_t)input[12] | ((uint64_t)input[13] << 32);
    size_t b;
    for (b = 0; b < nblocks; b++, counter++, out += CHACHA_BLOCK_BYTES) {
        uint32_t x[16];
        int i;
        chacha_block(input, counter, x, rounds);
        for (i = 0; i < 16; i++) {
            cr_store32_le(out + 4 * i, x[i]);
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

/* One stream after another, each through the block kernel: the reference
 * the SIMD streams kernels are tested against. */
CR_FORCE_INLINE void chacha_streams_portable(const uint32_t input[16],
                                             const uint64_t *streams,
                                             size_t nstreams, uint8_t *out,
                                             size_t nblocks,
                                             const int rounds) {
    uint32_t in[16];
    size_t k;
    memcpy(in, input, sizeof in);
    for (k = 0; k < nstreams; k++, out += nblocks * CHACHA_BLOCK_BYTES) {
        in[14] = (uint32_t)streams[k];
        in[15] = (uint32_t)(streams[k] >> 32);
        chacha_blocks_portable(in, out, nblocks, rounds);
    }
    cr_wipe(in, sizeof in);
}

void chacha8_streams_portable(const uint32_t input[16],
                              const uint64_t *streams, size_t nstreams,
                              uint8_t *out, size_t nblocks) {
    chacha_streams_portable(input, streams, nstreams, out, nblocks, 8);
}

void chacha12_streams_portable(const uint32_t input[16],
                               const uint64_t *streams, size_t nstreams,
                               uint8_t *out, size_t nblocks) {
    chacha_streams_portable(input, streams, nstreams, out, nblocks, 12);
}

void chacha20_streams_portable(const uint32_t input[16],
                               const uint64_t *streams, size_t nstreams,
                               uint8_t *out, size_t nblocks) {
    chacha_streams_portable(input, streams, nstreams, out, nblocks, 20);
}
