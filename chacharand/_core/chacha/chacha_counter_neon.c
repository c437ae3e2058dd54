/*
 * NEON kernels of the counter-based methods (AArch64): two float64
 * elements at a time (the template chacha_counter_lanes.h over 128-bit
 * vectors).  AArch64 has fused multiply-adds in its base set: contraction
 * is off for this file as for every core file, and the template's
 * operations are separate multiplies and adds.
 */
#include <arm_neon.h>

#include "chacha_counter_simd.h"

#if defined(__AARCH64EB__) || defined(__ARM_BIG_ENDIAN)
#error "the NEON counter kernels read words as little-endian 64-bit lanes"
#endif

#define CR_COUNTER_ISA neon
/* Only the logarithm and cosine methods: AArch64's scalar conversions
 * (ucvtf) and multiply-high (umulh) are single instructions, as on x86
 * where two lanes lose or barely win; not measured on an AArch64 CPU. */
#define CR_COUNTER_UNIT_KERNELS 0
#define CR_COUNTER_INTEGER_KERNELS 0
#define LANES 2
#define VD float64x2_t
#define VI uint64x2_t
#define VM uint64x2_t

#define D_SET(x) vdupq_n_f64(x)
#define I_SET(x) vdupq_n_u64((uint64_t)(x))
#define D_ADD(a, b) vaddq_f64(a, b)
#define D_SUB(a, b) vsubq_f64(a, b)
#define D_MUL(a, b) vmulq_f64(a, b)
#define D_DIV(a, b) vdivq_f64(a, b)
#define D_SQRT(a) vsqrtq_f64(a)
#define I_ADD(a, b) vaddq_u64(a, b)
#define I_SUB(a, b) vsubq_u64(a, b)
#define I_AND(a, b) vandq_u64(a, b)
#define I_OR(a, b) vorrq_u64(a, b)
#define I_XOR(a, b) veorq_u64(a, b)
/* Shifts by a register count (negative: right), so that n need not be a
 * literal. */
#define I_SRL(a, n) vshlq_u64(a, vdupq_n_s64(-(int64_t)(n)))
#define I_SLL(a, n) vshlq_u64(a, vdupq_n_s64((int64_t)(n)))
#define D_AS_I(d) vreinterpretq_u64_f64(d)
#define I_AS_D(i) vreinterpretq_f64_u64(i)
#define D_GT(a, b) vcgtq_f64(a, b)
#define I_EQ(a, b) vceqq_u64(a, b)
#define D_SELECT(m, a, b) vbslq_f64(m, b, a)
#define I_WHERE(m, a) vandq_u64(m, a)
#define I_LOAD64(w) vreinterpretq_u64_u32(vld1q_u32(w))
CR_FORCE_INLINE void neon_load_pairs(const uint32_t *w, uint64x2_t *a,
                                     uint64x2_t *b) {
    uint64x2_t v0 = I_LOAD64(w), v1 = I_LOAD64(w + 4); /* [a0 b0], [a1 b1] */
    *a = vzip1q_u64(v0, v1);
    *b = vzip2q_u64(v0, v1);
}
#define I_LOAD64_PAIRS(w, a, b) neon_load_pairs(w, a, b)
#define I_LOAD32(w) vmovl_u32(vld1_u32(w))
#define I_MUL32(a, b) vmull_u32(vmovn_u64(a), vmovn_u64(b))
#define I_STORE(out, i) vst1q_u64(out, i)
#define D_STORE(out, d) vst1q_f64(out, d)
/* fcvtn rounds by FPCR, to nearest unless changed, as the scalar fcvt of
 * the portable code does. */
#define D_STORE_F32(out, d) vst1_f32(out, vcvt_f32_f64(d))

#include "chacha_counter_lanes.h"
