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
 * chains of the C form, which costs about 15% here (319 against 266
 * cycles per eight ChaCha8 blocks on Zen 2); the assembly pins the plan.
 * Both forms are tested against the portable kernel.
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
 * memory: the four `a' words (x0..x3).  Each is used once per half
 * quarter round (a += b, then d ^= a), so it is read from memory into a
 * working register by the add itself and written back at once.  That
 * frees the b, c and d words of all four quarter rounds of a round to
 * stay in registers, and lets the two pairs of quarter rounds interleave
 * by halves:
 *
 *   QR0 + QR1 first half, QR2 + QR3 first half,
 *   QR0 + QR1 second half, QR2 + QR3 second half
 *
 * so that the out-of-order core sees all four chains of a round at once.
 * The earlier plan (two pairs one after the other, the c words of the
 * idle pair in memory) ran ChaCha8 at 309 cycles per eight blocks on the
 * development machine (Zen 2, AVX2), this one at 287; interleaving all
 * four quarter rounds step by step measured 294.  vpshufb reads its
 * masks from memory.  Registers: b, c and d (x4..x15) in twelve that the
 * compiler picks among ymm0-11 (the asm statement's operands, so that
 * they stay in registers from the template's variables and back: 280 ->
 * 266 cycles against a round trip through memory), the working a words
 * ymm12-13, temporaries ymm14-15.
 */
#if !defined(CHACHARAND_NO_ASM) && defined(__x86_64__) && \
    (defined(__GNUC__) || defined(__clang__))
#define CHACHA_AVX2_ASM 1
#endif

/* vpshufb masks: in each 32-bit word, byte k takes byte (k - 2) mod 4 for
 * a rotation left by 16, byte (k - 1) mod 4 for a rotation by 8. */
static const CR_ALIGN(32) uint8_t rot16_table[32] = {
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13};
static const CR_ALIGN(32) uint8_t rot8_table[32] = {
    3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
    3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};

#if defined(CHACHA_AVX2_ASM)

/* The assembly works on the asm statement's own operands: the b, c and d
 * words are register operands (%[x4] .. %[x15], which the compiler keeps
 * in registers around it), the a words 32 bytes each at %[a].  AT&T
 * operand order: "op src, src2, dst"; y = y op x for two pairs. */
#define ASM_OP2(op, x0, y0, x1, y1)                                       \
    op " " x0 ", " y0 ", " y0 "\n\t"                                      \
    op " " x1 ", " y1 ", " y1 "\n\t"
#define ASM_SHUF2(mask, d0, d1)                                           \
    "vpshufb " mask ", " d0 ", " d0 "\n\t"                                \
    "vpshufb " mask ", " d1 ", " d1 "\n\t"
/* Rotate left by n (r = 32 - n) through ymm14, ymm15. */
#define ASM_ROTL2(n, r, b0, b1)                                           \
    "vpsrld $" r ", " b0 ", %%ymm14\n\t"                                  \
    "vpsrld $" r ", " b1 ", %%ymm15\n\t"                                  \
    "vpslld $" n ", " b0 ", " b0 "\n\t"                                   \
    "vpslld $" n ", " b1 ", " b1 "\n\t"                                   \
    "vpor %%ymm14, " b0 ", " b0 "\n\t"                                    \
    "vpor %%ymm15, " b1 ", " b1 "\n\t"
/* Half a quarter round on two quarter rounds side by side (a words ia,
 * ja in memory; b, c, d operands): a += b into ymm12-13 and back to
 * memory, then the rest in registers. */
#define ASM_HALF2(ia, ib, ic, id, ja, jb, jc, jd, mask, n, r)             \
    "vpaddd " #ia "*32(%[a]), " ib ", %%ymm12\n\t"                        \
    "vpaddd " #ja "*32(%[a]), " jb ", %%ymm13\n\t"                        \
    "vmovdqa %%ymm12, " #ia "*32(%[a])\n\t"                               \
    "vmovdqa %%ymm13, " #ja "*32(%[a])\n\t"                               \
    ASM_OP2("vpxor", "%%ymm12", id, "%%ymm13", jd)                        \
    ASM_SHUF2(mask, id, jd)                                               \
    ASM_OP2("vpaddd", id, ic, jd, jc)                                     \
    ASM_OP2("vpxor", ic, ib, jc, jb)                                      \
    ASM_ROTL2(n, r, ib, jb)
/* A round: quarter rounds 0 and 1, then 2 and 3, by halves. */
#define ASM_ROUND(b0, c0, d0, b1, c1, d1, b2, c2, d2, b3, c3, d3)          \
    ASM_HALF2(0, b0, c0, d0, 1, b1, c1, d1, "(%[rot16])", "12", "20")     \
    ASM_HALF2(2, b2, c2, d2, 3, b3, c3, d3, "(%[rot16])", "12", "20")     \
    ASM_HALF2(0, b0, c0, d0, 1, b1, c1, d1, "(%[rot8])", "7", "25")       \
    ASM_HALF2(2, b2, c2, d2, 3, b3, c3, d3, "(%[rot8])", "7", "25")

/* The template keeps the state in sixteen variables: twelve go into the
 * asm statement as register operands, the a words through an aligned
 * array. */
#define ROUNDS(rounds, x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11,   \
               x12, x13, x14, x15)                                         \
    do {                                                                   \
        CR_ALIGN(32) __m256i a_[4];                                        \
        size_t n_ = (size_t)(rounds) / 2; /* >= 1 */                       \
        a_[0] = x0; a_[1] = x1; a_[2] = x2; a_[3] = x3;                    \
        __asm__ __volatile__(                                              \
            "1:\n\t"                                                       \
            /* columns (0,4,8,12) (1,5,9,13) (2,6,10,14) (3,7,11,15) */    \
            ASM_ROUND("%[x4]", "%[x8]", "%[x12]", "%[x5]", "%[x9]",        \
                      "%[x13]", "%[x6]", "%[x10]", "%[x14]", "%[x7]",      \
                      "%[x11]", "%[x15]")                                  \
            /* diagonals (0,5,10,15) (1,6,11,12) (2,7,8,13) (3,4,9,14) */  \
            ASM_ROUND("%[x5]", "%[x10]", "%[x15]", "%[x6]", "%[x11]",      \
                      "%[x12]", "%[x7]", "%[x8]", "%[x13]", "%[x4]",       \
                      "%[x9]", "%[x14]")                                   \
            "dec %[n]\n\t"                                                 \
            "jnz 1b\n\t"                                                   \
            : [n] "+r"(n_), [x4] "+x"(x4), [x5] "+x"(x5), [x6] "+x"(x6),   \
              [x7] "+x"(x7), [x8] "+x"(x8), [x9] "+x"(x9),                 \
              [x10] "+x"(x10), [x11] "+x"(x11), [x12] "+x"(x12),           \
              [x13] "+x"(x13), [x14] "+x"(x14), [x15] "+x"(x15)            \
            : [a] "r"(a_), [rot16] "r"(rot16_table),                       \
              [rot8] "r"(rot8_table)                                       \
            : "cc", "memory", "xmm12", "xmm13", "xmm14", "xmm15");         \
        x0 = a_[0]; x1 = a_[1]; x2 = a_[2]; x3 = a_[3];                    \
    } while (0)

#else /* !CHACHA_AVX2_ASM */

/* The C form of the same plan.  With GCC or Clang, empty asm statements
 * make the a words' slots and the mask pointers opaque, so that the
 * compiler keeps the plan instead of hoisting the masks into registers
 * and spilling state words; other compilers get the plain C. */
#if defined(__GNUC__) || defined(__clang__)
#define OPAQUE_PTR(p) __asm__("" : "+r"(p))
#define IN_MEMORY(m) __asm__("" : "+m"(m))
#else
#define OPAQUE_PTR(p) ((void)0)
#define IN_MEMORY(m) ((void)0)
#endif

/* The intrinsics form: rotations (masks from memory, see above), and half
 * of two quarter rounds side by side, their a words in memory (am0, am1:
 * read, added to and written back, as the assembly does). */
#define ROTL16(x) _mm256_shuffle_epi8(x, _mm256_load_si256(rot16))
#define ROTL8(x) _mm256_shuffle_epi8(x, _mm256_load_si256(rot8))
#define ROTL_SHIFTS(x, n) \
    _mm256_or_si256(_mm256_slli_epi32(x, n), _mm256_srli_epi32(x, 32 - (n)))
#define ROTL12(x) ROTL_SHIFTS(x, 12)
#define ROTL7(x) ROTL_SHIFTS(x, 7)
#define HALF2(am0, b0, c0, d0, am1, b1, c1, d1, ROTD, ROTB)      \
    do {                                                         \
        __m256i a0_ = ADD(am0, b0), a1_ = ADD(am1, b1);          \
        am0 = a0_; am1 = a1_;                                    \
        IN_MEMORY(am0); IN_MEMORY(am1);                          \
        d0 = XOR(d0, a0_); d1 = XOR(d1, a1_);                    \
        d0 = ROTD(d0); d1 = ROTD(d1);                            \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1);                      \
        b0 = XOR(b0, c0); b1 = XOR(b1, c1);                      \
        b0 = ROTB(b0); b1 = ROTB(b1);                            \
    } while (0)

/* `rounds` rounds on the state x[0..15], in place. */
CR_FORCE_INLINE void chacha_avx2_rounds(__m256i x[16], const int rounds) {
    const __m256i *rot16 = (const __m256i *)(const void *)rot16_table;
    const __m256i *rot8 = (const __m256i *)(const void *)rot8_table;
    __m256i x4 = x[4], x5 = x[5], x6 = x[6], x7 = x[7];
    __m256i x8 = x[8], x9 = x[9], x10 = x[10], x11 = x[11];
    __m256i x12 = x[12], x13 = x[13], x14 = x[14], x15 = x[15];
    int i;

    /* x[0..3] hold the a words throughout. */
    for (i = 0; i < rounds; i += 2) {
        OPAQUE_PTR(rot16);
        OPAQUE_PTR(rot8);
        HALF2(x[0], x4, x8, x12, x[1], x5, x9, x13, ROTL16, ROTL12);
        HALF2(x[2], x6, x10, x14, x[3], x7, x11, x15, ROTL16, ROTL12);
        HALF2(x[0], x4, x8, x12, x[1], x5, x9, x13, ROTL8, ROTL7);
        HALF2(x[2], x6, x10, x14, x[3], x7, x11, x15, ROTL8, ROTL7);
        HALF2(x[0], x5, x10, x15, x[1], x6, x11, x12, ROTL16, ROTL12);
        HALF2(x[2], x7, x8, x13, x[3], x4, x9, x14, ROTL16, ROTL12);
        HALF2(x[0], x5, x10, x15, x[1], x6, x11, x12, ROTL8, ROTL7);
        HALF2(x[2], x7, x8, x13, x[3], x4, x9, x14, ROTL8, ROTL7);
    }
    x[4] = x4; x[5] = x5; x[6] = x6; x[7] = x7;
    x[8] = x8; x[9] = x9; x[10] = x10; x[11] = x11;
    x[12] = x12; x[13] = x13; x[14] = x14; x[15] = x15;
}

/* The template keeps the state in sixteen variables; the round loop works
 * on it in an aligned array, which holds the a words' slots. */
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

#endif /* CHACHA_AVX2_ASM */

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
