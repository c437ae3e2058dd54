/*
 * The portable ChaCha8Rand kernel: the spec's steps, literally, over the
 * portable ChaCha8 keystream -- sixteen standard blocks, the constants and
 * the counter subtracted again from words 0..3 and 12 of each, then the
 * bytes permuted into groups of four blocks.  The SIMD kernels
 * (chacha_lanes.h) skip those additions instead and store their rows as
 * they are; this one is the reference they are tested against.
 */
#include "../chacha/chacha_kernels.h"
#include "../common/wipe.h"

void chacha8rand_blocks_portable(const uint32_t input[16], uint8_t *out) {
    uint8_t stream[16 * CHACHA_BLOCK_BYTES];
    unsigned b, i;
    chacha8_blocks_portable(input, stream, 16);
    for (b = 0; b < 16; b++) {
        for (i = 0; i < 16; i++) {
            uint32_t w = cr_load32_le(stream + 64u * b + 4u * i);
            if (i < 4) {
                w -= input[i];
            } else if (i == 12) {
                w -= b;
            }
            /* Group b / 4, word i of its four blocks, block b % 4. */
            cr_store32_le(out + 256u * (b / 4u) + 16u * i + 4u * (b % 4u), w);
        }
    }
    cr_wipe(stream, sizeof stream);
}
