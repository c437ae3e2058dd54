/*
 * NEON ChaCha kernel for AArch64 (little-endian): four blocks at a time
 * (the lane-parallel template, chacha_lanes.h, over 128-bit vectors).
 *
 * Advanced SIMD is mandatory on AArch64, so no flag is needed; the file is
 * still kept apart so that the build decides whether it exists.
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

#define CHACHA_LANES_ISA neon
#define VEC uint32x4_t
#define LANES 4u

#define ADD(a, b) vaddq_u32(a, b)
#define XOR(a, b) veorq_u32(a, b)
#define BCAST(w) vdupq_n_u32(w)

/* Rotation by 16 reverses the 16-bit halves of each word (rev32), by 8 is a
 * byte table lookup (tbl; the compiler keeps the table in a register across
 * the rounds), by 12 and 7 a shift left followed by a shift right and insert
 * (sri). */
static const uint8_t rot8_table[16] = {3,  0, 1, 2,  7,  4,  5,  6,
                                       11, 8, 9, 10, 15, 12, 13, 14};
#define ROTL16(x) vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)))
#define ROTL8(x) vreinterpretq_u32_u8( \
    vqtbl1q_u8(vreinterpretq_u8_u32(x), vld1q_u8(rot8_table)))
#define ROTL_SRI(x, n) vsriq_n_u32(vshlq_n_u32(x, n), x, 32 - (n))
#define ROTL12(x) ROTL_SRI(x, 12)
#define ROTL7(x) ROTL_SRI(x, 7)

/* The unsigned compare yields all ones (= -1) in the lanes that wrapped, so
 * subtracting it carries one into the high words. */
static const uint32_t lane_index[4] = {0, 1, 2, 3};
#define LANE_COUNTERS(ctr, lo, hi)                                    \
    do {                                                              \
        const uint32x4_t lo0_ = BCAST((uint32_t)(ctr));               \
        lo = ADD(lo0_, vld1q_u32(lane_index));                        \
        hi = vsubq_u32(BCAST((uint32_t)((ctr) >> 32)),                \
                       vcltq_u32(lo, lo0_));                          \
    } while (0)

/* A 4 x 4 transpose by trn1/trn2 of 32-bit, then 64-bit elements. */
#define STORE64(p, v) vst1q_u8((p), vreinterpretq_u8_u64(v))
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

#define STORE_ROW(out, i, v) vst1q_u8((out) + 16 * (i), vreinterpretq_u8_u32(v))
/* ChaCha8Rand's order (chacha_lanes.h) is this layout itself: the rows as
 * they are, word i of the four blocks at byte 16 i. */
#define CHACHA8RAND_STORE(out, x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10,  \
                          x11, x12, x13, x14, x15)                          \
    do {                                                                    \
        STORE_ROW(out, 0, x0); STORE_ROW(out, 1, x1);                       \
        STORE_ROW(out, 2, x2); STORE_ROW(out, 3, x3);                       \
        STORE_ROW(out, 4, x4); STORE_ROW(out, 5, x5);                       \
        STORE_ROW(out, 6, x6); STORE_ROW(out, 7, x7);                       \
        STORE_ROW(out, 8, x8); STORE_ROW(out, 9, x9);                       \
        STORE_ROW(out, 10, x10); STORE_ROW(out, 11, x11);                   \
        STORE_ROW(out, 12, x12); STORE_ROW(out, 13, x13);                   \
        STORE_ROW(out, 14, x14); STORE_ROW(out, 15, x15);                   \
    } while (0)

#include "chacha_lanes.h"
