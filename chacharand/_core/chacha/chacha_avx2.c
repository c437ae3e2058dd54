/*
 * AVX2 ChaCha kernel: eight blocks at a time (the lane-parallel template,
 * chacha_lanes.h, over 256-bit vectors, with a round loop of its own).
 *
 * This is the only file compiled with AVX2 flags; nothing here runs unless
 * the dispatcher has seen AVX2 on the CPU and YMM state saved by the OS.
 *
 * Rotations by 16 and 8 are byte permutations (vpshufb), by 12 and 7 two
 * shifts and an or.  At the end the 16 x 8 word matrix is transposed back
 * to block order: a 4 x 4 transpose of 32-bit words inside each 128-bit
 * half, then the halves are recombined.
 *
 * The round loop is this file's own (ROUNDS below), not the template's four
 * quarter rounds at once, which GCC compiles to code about 20% slower here:
 * with sixteen YMM registers the state does not fit beside the temporaries,
 * so the loop follows a fixed register plan (see "Register budget" below),
 * in two forms: GNU inline assembly on x86-64 with GCC or Clang, and C
 * intrinsics everywhere else (or with CHACHARAND_NO_ASM defined).  GCC's
 * register allocator spills state words in the middle of the dependency
 * chains of the C form, which costs about 10% here; the assembly pins the
 * plan.  Both forms are tested against the portable kernel.
 */
#include <immintrin.h>

/* This file defines the kernels declared under this macro; the build
 * defines it for the dispatcher when the file is compiled in. */
#if !defined(CHACHARAND_HAVE_AVX2)
#define CHACHARAND_HAVE_AVX2 1
#endif
#include "chacha_kernels.h"

#define CHACHA_LANES_ISA avx2
#define VEC __m256i
#define LANES 8u

#define ADD(a, b) _mm256_add_epi32(a, b)
#define XOR(a, b) _mm256_xor_si256(a, b)
#define BCAST(w) _mm256_set1_epi32((int)(w))

/*
 * Register budget.  The state takes all sixteen YMM registers, and the
 * shifted rotations need a temporary each, so something has to live in
 * memory.  As hand-written ChaCha code commonly does, two quarter rounds run
 * side by side while the two `c' words (of x8..x11) they do not use wait in
 * memory, and vpshufb reads its masks from memory:
 *
 *   column round:   QR(0,4,8,12) + QR(1,5,9,13)       x8,  x9  in registers
 *                   QR(2,6,10,14) + QR(3,7,11,15)      x10, x11 in registers
 *   diagonal round: QR(0,5,10,15) + QR(1,6,11,12)      x10, x11 in registers
 *                   QR(2,7,8,13) + QR(3,4,9,14)        x8,  x9  in registers
 *
 * so each half round swaps one pair.  Registers: a = x0..x3 in ymm0-3,
 * b = x4..x7 in ymm4-7, d = x12..x15 in ymm8-11, the two c words in
 * ymm12-13, temporaries ymm14-15.
 */
#if !defined(CHACHARAND_NO_ASM) && defined(__x86_64__) && \
    (defined(__GNUC__) || defined(__clang__))
#define CHACHA_AVX2_ASM 1
#endif

#if defined(CHACHA_AVX2_ASM)

/* AT&T operand order: "op src, src2, dst".  y = y op x for two pairs. */
#define ASM_OP2(op, x0, y0, x1, y1)                  \
    op " %%" x0 ", %%" y0 ", %%" y0 "\n\t"           \
    op " %%" x1 ", %%" y1 ", %%" y1 "\n\t"
#define ASM_SHUF2(mask, d0, d1)                      \
    "vpshufb " mask ", %%" d0 ", %%" d0 "\n\t"       \
    "vpshufb " mask ", %%" d1 ", %%" d1 "\n\t"
/* Rotate left by n (r = 32 - n) through ymm14, ymm15. */
#define ASM_ROTL2(n, r, b0, b1)                      \
    "vpsrld $" r ", %%" b0 ", %%ymm14\n\t"           \
    "vpsrld $" r ", %%" b1 ", %%ymm15\n\t"           \
    "vpslld $" n ", %%" b0 ", %%" b0 "\n\t"          \
    "vpslld $" n ", %%" b1 ", %%" b1 "\n\t"          \
    "vpor %%ymm14, %%" b0 ", %%" b0 "\n\t"           \
    "vpor %%ymm15, %%" b1 ", %%" b1 "\n\t"
#define ASM_QUARTER_ROUND2(a0, b0, c0, d0, a1, b1, c1, d1) \
    ASM_OP2("vpaddd", b0, a0, b1, a1)                \
    ASM_OP2("vpxor", a0, d0, a1, d1)                 \
    ASM_SHUF2("(%[rot16])", d0, d1)                  \
    ASM_OP2("vpaddd", d0, c0, d1, c1)                \
    ASM_OP2("vpxor", c0, b0, c1, b1)                 \
    ASM_ROTL2("12", "20", b0, b1)                    \
    ASM_OP2("vpaddd", b0, a0, b1, a1)                \
    ASM_OP2("vpxor", a0, d0, a1, d1)                 \
    ASM_SHUF2("(%[rot8])", d0, d1)                   \
    ASM_OP2("vpaddd", d0, c0, d1, c1)                \
    ASM_OP2("vpxor", c0, b0, c1, b1)                 \
    ASM_ROTL2("7", "25", b0, b1)
/* x[i] is at byte offset 32 i. */
#define ASM_LOAD(i, r) "vmovdqa " #i "*32(%[x]), %%" r "\n\t"
#define ASM_STORE(r, i) "vmovdqa %%" r ", " #i "*32(%[x])\n\t"

#else /* !CHACHA_AVX2_ASM */

/* The C form of the same plan.  With GCC or Clang, empty asm statements
 * make the spill slots and the mask pointers opaque, so that the compiler
 * keeps the plan instead of hoisting the masks into registers and spilling
 * state words; other compilers get the plain C. */
#if defined(__GNUC__) || defined(__clang__)
#define OPAQUE_PTR(p) __asm__("" : "+r"(p))
#define IN_MEMORY(m) __asm__("" : "+m"(m))
#else
#define OPAQUE_PTR(p) ((void)0)
#define IN_MEMORY(m) ((void)0)
#endif

#endif /* CHACHA_AVX2_ASM */

/* The intrinsics form: rotations (masks from memory, see above), and two
 * quarter rounds side by side, step by step. */
#define ROTL16(x) _mm256_shuffle_epi8(x, _mm256_load_si256(rot16))
#define ROTL8(x) _mm256_shuffle_epi8(x, _mm256_load_si256(rot8))
#define ROTL_SHIFTS(x, n) \
    _mm256_or_si256(_mm256_slli_epi32(x, n), _mm256_srli_epi32(x, 32 - (n)))
#define ROTL12(x) ROTL_SHIFTS(x, 12)
#define ROTL7(x) ROTL_SHIFTS(x, 7)
#define QUARTER_ROUND2(a0, b0, c0, d0, a1, b1, c1, d1)           \
    do {                                                         \
        a0 = ADD(a0, b0); a1 = ADD(a1, b1);                      \
        d0 = XOR(d0, a0); d1 = XOR(d1, a1);                      \
        d0 = ROTL16(d0); d1 = ROTL16(d1);                        \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1);                      \
        b0 = XOR(b0, c0); b1 = XOR(b1, c1);                      \
        b0 = ROTL12(b0); b1 = ROTL12(b1);                        \
        a0 = ADD(a0, b0); a1 = ADD(a1, b1);                      \
        d0 = XOR(d0, a0); d1 = XOR(d1, a1);                      \
        d0 = ROTL8(d0); d1 = ROTL8(d1);                          \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1);                      \
        b0 = XOR(b0, c0); b1 = XOR(b1, c1);                      \
        b0 = ROTL7(b0); b1 = ROTL7(b1);                          \
    } while (0)

/* vpshufb masks: in each 32-bit word, byte k takes byte (k - 2) mod 4 for
 * a rotation left by 16, byte (k - 1) mod 4 for a rotation by 8. */
static const CR_ALIGN(32) uint8_t rot16_table[32] = {
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13};
static const CR_ALIGN(32) uint8_t rot8_table[32] = {
    3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
    3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};

/* `rounds` rounds on the state x[0..15], in place. */
CR_FORCE_INLINE void chacha_avx2_rounds(__m256i x[16], const int rounds) {
#if defined(CHACHA_AVX2_ASM)
    size_t n = (size_t)rounds / 2; /* >= 1 */
    __asm__ __volatile__(
        ASM_LOAD(0, "ymm0") ASM_LOAD(1, "ymm1") ASM_LOAD(2, "ymm2")
        ASM_LOAD(3, "ymm3") ASM_LOAD(4, "ymm4") ASM_LOAD(5, "ymm5")
        ASM_LOAD(6, "ymm6") ASM_LOAD(7, "ymm7") ASM_LOAD(8, "ymm12")
        ASM_LOAD(9, "ymm13") ASM_LOAD(12, "ymm8") ASM_LOAD(13, "ymm9")
        ASM_LOAD(14, "ymm10") ASM_LOAD(15, "ymm11")
        "1:\n\t"
        ASM_QUARTER_ROUND2("ymm0", "ymm4", "ymm12", "ymm8",
                           "ymm1", "ymm5", "ymm13", "ymm9")
        ASM_STORE("ymm12", 8) ASM_STORE("ymm13", 9)
        ASM_LOAD(10, "ymm12") ASM_LOAD(11, "ymm13")
        ASM_QUARTER_ROUND2("ymm2", "ymm6", "ymm12", "ymm10",
                           "ymm3", "ymm7", "ymm13", "ymm11")
        ASM_QUARTER_ROUND2("ymm0", "ymm5", "ymm12", "ymm11",
                           "ymm1", "ymm6", "ymm13", "ymm8")
        ASM_STORE("ymm12", 10) ASM_STORE("ymm13", 11)
        ASM_LOAD(8, "ymm12") ASM_LOAD(9, "ymm13")
        ASM_QUARTER_ROUND2("ymm2", "ymm7", "ymm12", "ymm9",
                           "ymm3", "ymm4", "ymm13", "ymm10")
        "dec %[n]\n\t"
        "jnz 1b\n\t"
        ASM_STORE("ymm0", 0) ASM_STORE("ymm1", 1) ASM_STORE("ymm2", 2)
        ASM_STORE("ymm3", 3) ASM_STORE("ymm4", 4) ASM_STORE("ymm5", 5)
        ASM_STORE("ymm6", 6) ASM_STORE("ymm7", 7) ASM_STORE("ymm12", 8)
        ASM_STORE("ymm13", 9) ASM_STORE("ymm8", 12) ASM_STORE("ymm9", 13)
        ASM_STORE("ymm10", 14) ASM_STORE("ymm11", 15)
        : [n] "+r"(n)
        : [x] "r"(x), [rot16] "r"(rot16_table), [rot8] "r"(rot8_table)
        : "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",
          "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12",
          "xmm13", "xmm14", "xmm15");
#else
    const __m256i *rot16 = (const __m256i *)(const void *)rot16_table;
    const __m256i *rot8 = (const __m256i *)(const void *)rot8_table;
    __m256i x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
    __m256i x4 = x[4], x5 = x[5], x6 = x[6], x7 = x[7];
    __m256i x8 = x[8], x9 = x[9], x10, x11;
    __m256i x12 = x[12], x13 = x[13], x14 = x[14], x15 = x[15];
    int i;

    /* x[10], x[11] already hold x10, x11: x[8..11] are the spill slots. */
    IN_MEMORY(x[10]);
    IN_MEMORY(x[11]);
    for (i = 0; i < rounds; i += 2) {
        OPAQUE_PTR(rot16);
        OPAQUE_PTR(rot8);
        QUARTER_ROUND2(x0, x4, x8, x12, x1, x5, x9, x13);
        x[8] = x8;
        x[9] = x9;
        IN_MEMORY(x[8]);
        IN_MEMORY(x[9]);
        x10 = x[10];
        x11 = x[11];
        QUARTER_ROUND2(x2, x6, x10, x14, x3, x7, x11, x15);
        QUARTER_ROUND2(x0, x5, x10, x15, x1, x6, x11, x12);
        x[10] = x10;
        x[11] = x11;
        IN_MEMORY(x[10]);
        IN_MEMORY(x[11]);
        x8 = x[8];
        x9 = x[9];
        QUARTER_ROUND2(x2, x7, x8, x13, x3, x4, x9, x14);
    }
    x[0] = x0; x[1] = x1; x[2] = x2; x[3] = x3;
    x[4] = x4; x[5] = x5; x[6] = x6; x[7] = x7;
    x[8] = x8; x[9] = x9;
    x[12] = x12; x[13] = x13; x[14] = x14; x[15] = x15;
#endif
}

/* The template keeps the state in sixteen variables; the round loop works
 * on it in an aligned array, which holds the spill slots. */
#define ROUNDS(rounds, x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11,   \
               x12, x13, x14, x15)                                         \
    do {                                                                   \
        CR_ALIGN(32) __m256i s_[16];                                       \
        s_[0] = x0; s_[1] = x1; s_[2] = x2; s_[3] = x3;                    \
        s_[4] = x4; s_[5] = x5; s_[6] = x6; s_[7] = x7;                    \
        s_[8] = x8; s_[9] = x9; s_[10] = x10; s_[11] = x11;                \
        s_[12] = x12; s_[13] = x13; s_[14] = x14; s_[15] = x15;            \
        chacha_avx2_rounds(s_, rounds);                                    \
        x0 = s_[0]; x1 = s_[1]; x2 = s_[2]; x3 = s_[3];                    \
        x4 = s_[4]; x5 = s_[5]; x6 = s_[6]; x7 = s_[7];                    \
        x8 = s_[8]; x9 = s_[9]; x10 = s_[10]; x11 = s_[11];                \
        x12 = s_[12]; x13 = s_[13]; x14 = s_[14]; x15 = s_[15];            \
    } while (0)

/* AVX2 has no unsigned compare, so both sides are biased by 2^31 for a
 * signed one; it yields all ones (= -1) in the lanes that wrapped, so
 * subtracting it carries one into the high words. */
#define LANE_COUNTERS(ctr, lo, hi)                                         \
    do {                                                                   \
        const __m256i bias_ = BCAST(0x80000000u);                          \
        const __m256i lo0_ = BCAST((uint32_t)(ctr));                       \
        lo = ADD(lo0_, _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));         \
        hi = _mm256_sub_epi32(                                             \
            BCAST((uint32_t)((ctr) >> 32)),                                \
            _mm256_cmpgt_epi32(XOR(lo0_, bias_), XOR(lo, bias_)));         \
    } while (0)

/* After TRANSPOSE4 of each group of four rows, each 128-bit half holds four
 * words of one block (blocks 0-3 in the low halves, 4-7 in the high ones);
 * the matching halves of the two groups make 32 bytes of that block. */
#define UNPACKLO32(a, b) _mm256_unpacklo_epi32(a, b)
#define UNPACKHI32(a, b) _mm256_unpackhi_epi32(a, b)
#define UNPACKLO64(a, b) _mm256_unpacklo_epi64(a, b)
#define UNPACKHI64(a, b) _mm256_unpackhi_epi64(a, b)
#define STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define STORE_HALF(out, r0, r1, r2, r3, r4, r5, r6, r7)                   \
    do {                                                                  \
        TRANSPOSE4(r0, r1, r2, r3);                                       \
        TRANSPOSE4(r4, r5, r6, r7);                                       \
        STOREU((out) + 0 * 64, _mm256_permute2x128_si256(r0, r4, 0x20));  \
        STOREU((out) + 1 * 64, _mm256_permute2x128_si256(r1, r5, 0x20));  \
        STOREU((out) + 2 * 64, _mm256_permute2x128_si256(r2, r6, 0x20));  \
        STOREU((out) + 3 * 64, _mm256_permute2x128_si256(r3, r7, 0x20));  \
        STOREU((out) + 4 * 64, _mm256_permute2x128_si256(r0, r4, 0x31));  \
        STOREU((out) + 5 * 64, _mm256_permute2x128_si256(r1, r5, 0x31));  \
        STOREU((out) + 6 * 64, _mm256_permute2x128_si256(r2, r6, 0x31));  \
        STOREU((out) + 7 * 64, _mm256_permute2x128_si256(r3, r7, 0x31));  \
    } while (0)

/* ChaCha8Rand's order (chacha_lanes.h): the low halves of the rows are
 * the first group of four blocks, the high halves the second; two rows'
 * matching halves make 32 consecutive bytes of a group. */
#define STORE_ROW_PAIR(out, i, a, b)                                       \
    do {                                                                  \
        STOREU((out) + 16 * (i), _mm256_permute2x128_si256(a, b, 0x20));  \
        STOREU((out) + 256 + 16 * (i),                                    \
               _mm256_permute2x128_si256(a, b, 0x31));                    \
    } while (0)
#define CHACHA8RAND_STORE(out, x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10,  \
                          x11, x12, x13, x14, x15)                          \
    do {                                                                    \
        STORE_ROW_PAIR(out, 0, x0, x1); STORE_ROW_PAIR(out, 2, x2, x3);     \
        STORE_ROW_PAIR(out, 4, x4, x5); STORE_ROW_PAIR(out, 6, x6, x7);     \
        STORE_ROW_PAIR(out, 8, x8, x9); STORE_ROW_PAIR(out, 10, x10, x11);  \
        STORE_ROW_PAIR(out, 12, x12, x13);                                  \
        STORE_ROW_PAIR(out, 14, x14, x15);                                  \
    } while (0)

#include "chacha_lanes.h"
