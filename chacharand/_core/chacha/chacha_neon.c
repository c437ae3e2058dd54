/*
 * NEON ChaCha kernel for AArch64 (little-endian): four blocks at a time.
 *
 * Advanced SIMD is mandatory on AArch64, so no flag is needed; the file is
 * still kept apart so that the build decides whether it exists.
 *
 * Layout: vector x[i] holds word i of four consecutive blocks, block k of
 * the batch in 32-bit lane k, so the rounds are lane-wise arithmetic with no
 * shuffling between rounds.  Rotation by 16 reverses the 16-bit halves of
 * each word (rev32), by 8 is a table lookup (tbl), by 12 and 7 a shift left
 * followed by a shift-right-and-insert (sri).  At the end a 4 x 4 transpose
 * of each group of four rows gives 16 bytes of each block.
 */
#include <arm_neon.h>

#if defined(__AARCH64EB__) || defined(__ARM_BIG_ENDIAN)
#error "chacha_neon.c stores lanes as little-endian bytes: little-endian only"
#endif

/* This file defines the kernels declared under this macro; the build
 * defines it for the dispatcher when the file is compiled in. */
#if !defined(CHACHARAND_HAVE_NEON)
#define CHACHARAND_HAVE_NEON 1
#endif
#include "chacha_kernels.h"

#include "../common/wipe.h"

#define LANES 4u

#define ADD(a, b) vaddq_u32(a, b)
#define XOR(a, b) veorq_u32(a, b)
#define ROT16(x) vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)))
#define ROT8(x) \
    vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(x), rot8))
#define ROTS(x, n) vsriq_n_u32(vshlq_n_u32(x, n), x, 32 - (n))

/* Four quarter rounds side by side, step by step, for instruction-level
 * parallelism. */
#define QUARTER_ROUNDS(a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3,   \
                       b3, c3, d3)                                            \
    do {                                                                      \
        a0 = ADD(a0, b0); a1 = ADD(a1, b1); a2 = ADD(a2, b2); a3 = ADD(a3, b3); \
        d0 = XOR(d0, a0); d1 = XOR(d1, a1); d2 = XOR(d2, a2); d3 = XOR(d3, a3); \
        d0 = ROT16(d0); d1 = ROT16(d1); d2 = ROT16(d2); d3 = ROT16(d3);       \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1); c2 = ADD(c2, d2); c3 = ADD(c3, d3); \
        b0 = XOR(b0, c0); b1 = XOR(b1, c1); b2 = XOR(b2, c2); b3 = XOR(b3, c3); \
        b0 = ROTS(b0, 12); b1 = ROTS(b1, 12); b2 = ROTS(b2, 12);              \
        b3 = ROTS(b3, 12);                                                    \
        a0 = ADD(a0, b0); a1 = ADD(a1, b1); a2 = ADD(a2, b2); a3 = ADD(a3, b3); \
        d0 = XOR(d0, a0); d1 = XOR(d1, a1); d2 = XOR(d2, a2); d3 = XOR(d3, a3); \
        d0 = ROT8(d0); d1 = ROT8(d1); d2 = ROT8(d2); d3 = ROT8(d3);           \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1); c2 = ADD(c2, d2); c3 = ADD(c3, d3); \
        b0 = XOR(b0, c0); b1 = XOR(b1, c1); b2 = XOR(b2, c2); b3 = XOR(b3, c3); \
        b0 = ROTS(b0, 7); b1 = ROTS(b1, 7); b2 = ROTS(b2, 7); b3 = ROTS(b3, 7); \
    } while (0)

#define STOREU(p, v) vst1q_u8((p), vreinterpretq_u8_u32(v))
#define STORE64(p, v) STOREU(p, vreinterpretq_u32_u64(v))

/*
 * Rows r0..r3 hold words w..w+3 of the four blocks; transpose them and write
 * bytes 4w..4w+15 of each block.
 */
#define STORE_QUARTER(out, r0, r1, r2, r3)                                  \
    do {                                                                    \
        uint64x2_t t0_ = vreinterpretq_u64_u32(vtrn1q_u32(r0, r1));         \
        uint64x2_t t1_ = vreinterpretq_u64_u32(vtrn2q_u32(r0, r1));         \
        uint64x2_t t2_ = vreinterpretq_u64_u32(vtrn1q_u32(r2, r3));         \
        uint64x2_t t3_ = vreinterpretq_u64_u32(vtrn2q_u32(r2, r3));         \
        STORE64((out) + 0 * 64, vtrn1q_u64(t0_, t2_));                      \
        STORE64((out) + 1 * 64, vtrn1q_u64(t1_, t3_));                      \
        STORE64((out) + 2 * 64, vtrn2q_u64(t0_, t2_));                      \
        STORE64((out) + 3 * 64, vtrn2q_u64(t1_, t3_));                      \
    } while (0)

#define BCAST(i) vdupq_n_u32(input[i])

static const uint32_t lane_index[4] = {0, 1, 2, 3};
static const uint8_t rot8_table[16] = {3,  0, 1, 2,  7,  4,  5,  6,
                                       11, 8, 9, 10, 15, 12, 13, 14};

/* Four blocks, counters ctr .. ctr+3 (mod 2^64), to out[0..255]. */
CR_FORCE_INLINE void chacha_neon_x4(const uint32_t input[16], uint64_t ctr,
                                    uint8_t *out, const int rounds) {
    const uint8x16_t rot8 = vld1q_u8(rot8_table);
    /* Lane counters: the low words wrap modulo 2^32, and a lane whose low
     * word wrapped (became smaller) carries one into its high word; the
     * compare yields all ones (= -1) there. */
    const uint32x4_t lo0 = vdupq_n_u32((uint32_t)ctr);
    const uint32x4_t ctr_lo = ADD(lo0, vld1q_u32(lane_index));
    const uint32x4_t carry = vcltq_u32(ctr_lo, lo0);
    const uint32x4_t ctr_hi =
        vsubq_u32(vdupq_n_u32((uint32_t)(ctr >> 32)), carry);
    uint32x4_t x0 = BCAST(0), x1 = BCAST(1), x2 = BCAST(2), x3 = BCAST(3);
    uint32x4_t x4 = BCAST(4), x5 = BCAST(5), x6 = BCAST(6), x7 = BCAST(7);
    uint32x4_t x8 = BCAST(8), x9 = BCAST(9), x10 = BCAST(10), x11 = BCAST(11);
    uint32x4_t x12 = ctr_lo, x13 = ctr_hi, x14 = BCAST(14), x15 = BCAST(15);
    int i;

    for (i = 0; i < rounds; i += 2) {
        QUARTER_ROUNDS(x0, x4, x8, x12, x1, x5, x9, x13, x2, x6, x10, x14, x3,
                       x7, x11, x15);
        QUARTER_ROUNDS(x0, x5, x10, x15, x1, x6, x11, x12, x2, x7, x8, x13,
                       x3, x4, x9, x14);
    }

    x0 = ADD(x0, BCAST(0));
    x1 = ADD(x1, BCAST(1));
    x2 = ADD(x2, BCAST(2));
    x3 = ADD(x3, BCAST(3));
    STORE_QUARTER(out, x0, x1, x2, x3);
    x4 = ADD(x4, BCAST(4));
    x5 = ADD(x5, BCAST(5));
    x6 = ADD(x6, BCAST(6));
    x7 = ADD(x7, BCAST(7));
    STORE_QUARTER(out + 16, x4, x5, x6, x7);
    x8 = ADD(x8, BCAST(8));
    x9 = ADD(x9, BCAST(9));
    x10 = ADD(x10, BCAST(10));
    x11 = ADD(x11, BCAST(11));
    STORE_QUARTER(out + 32, x8, x9, x10, x11);
    x12 = ADD(x12, ctr_lo);
    x13 = ADD(x13, ctr_hi);
    x14 = ADD(x14, BCAST(14));
    x15 = ADD(x15, BCAST(15));
    STORE_QUARTER(out + 48, x12, x13, x14, x15);
}

CR_FORCE_INLINE void chacha_blocks_neon(const uint32_t input[16],
                                        uint8_t *out, size_t nblocks,
                                        const int rounds) {
    uint64_t ctr = (uint64_t)input[12] | ((uint64_t)input[13] << 32);

    for (; nblocks >= LANES; nblocks -= LANES) {
        chacha_neon_x4(input, ctr, out, rounds);
        ctr += LANES;
        out += LANES * CHACHA_BLOCK_BYTES;
    }
    if (nblocks > 0) {
        /* A short batch goes through a scratch buffer. */
        CR_ALIGN(16) uint8_t tmp[LANES * CHACHA_BLOCK_BYTES];
        chacha_neon_x4(input, ctr, tmp, rounds);
        memcpy(out, tmp, nblocks * CHACHA_BLOCK_BYTES);
        cr_wipe(tmp, sizeof tmp);
    }
}

void chacha8_blocks_neon(const uint32_t input[16], uint8_t *out,
                         size_t nblocks) {
    chacha_blocks_neon(input, out, nblocks, 8);
}

void chacha12_blocks_neon(const uint32_t input[16], uint8_t *out,
                          size_t nblocks) {
    chacha_blocks_neon(input, out, nblocks, 12);
}

void chacha20_blocks_neon(const uint32_t input[16], uint8_t *out,
                          size_t nblocks) {
    chacha_blocks_neon(input, out, nblocks, 20);
}
