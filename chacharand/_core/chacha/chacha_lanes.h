/*
 * The lane-parallel ChaCha kernel, as a template.
 *
 * Each SIMD kernel file (chacha_sse2.c, chacha_neon.c, chacha_avx2.c,
 * chacha_avx512.c) defines its vector type and a few primitives, then
 * includes this file, which defines from them the block body, the
 * multi-block driver and the file's three kernels, chacha8_blocks_<isa>,
 * chacha12_blocks_<isa> and chacha20_blocks_<isa> (and ChaCha8Rand's,
 * chacha8rand_blocks_<isa>, where the file defines CHACHA8RAND_STORE),
 * and the streams kernels chacha8_streams_<isa> ... chacha20_streams_<isa>
 * (chacha_kernels.h).
 * Being a header, it is compiled only as part of that file, with that
 * file's instruction-set flags.  (libsodium's "dolbeau" ChaCha20
 * kernels share their fragments the same way.)  No include guard: it is
 * meant to be included once per kernel file.
 *
 * Layout: vector xi holds word i of LANES blocks, block k of the batch in
 * 32-bit lane k, so the rounds are lane-wise arithmetic with no shuffling
 * between rounds; only the store transposes the 16 x LANES word matrix back
 * to block order.  The block kernels put consecutive counters of one stream
 * in the lanes (rows 12-13 differ from lane to lane), the streams kernels
 * the same counter of LANES streams (rows 14-15 differ); one block body,
 * chacha_rows_, serves both.
 *
 * The including file defines:
 *
 *   CHACHA_LANES_ISA   the kernels' name suffix (sse2, ...)
 *   VEC, LANES         the vector type, and its number of 32-bit lanes
 *   ADD(a, b), XOR(a, b)
 *                      lane-wise addition and xor
 *   ROTL16(x), ROTL12(x), ROTL8(x), ROTL7(x)
 *                      lane-wise rotations left (unless it defines ROUNDS)
 *   BCAST(w)           the 32-bit word w in every lane
 *   LANE_COUNTERS(ctr, lo, hi)
 *                      set lo and hi to the low and high words of the block
 *                      counter ctr + k (mod 2^64) in lane k: the low words
 *                      wrap modulo 2^32, and a lane whose low word wrapped
 *                      (became smaller than ctr's) carries one into its high
 *                      word
 *
 * and one of, by its number of lanes, to transpose a group of LANES rows of
 * the final state (which gives 4 LANES bytes of every block) and store it:
 *
 *   STORE_QUARTER(out, r0, r1, r2, r3)
 *                      four lanes: rows r0..r3 hold words w..w+3 of the four
 *                      blocks; write bytes 4w..4w+15 of each block
 *   STORE_HALF(out, r0, ..., r7)
 *                      eight lanes: rows r0..r7 hold words w..w+7 of the
 *                      eight blocks; write bytes 4w..4w+31 of each block
 *   STORE_FIRST_BLOCKS(out, n, x0, ..., x15)
 *                      sixteen lanes: write the first n blocks (1 <= n <=
 *                      16) of the whole state, so that a short last batch
 *                      needs no scratch buffer
 *
 * and, for the ChaCha8Rand kernel (chacha8rand_blocks_<isa>, see the end of
 * this file), CHACHA8RAND_STORE(out, x0, ..., x15),
 *
 * and may define ROUNDS(rounds, x0, ..., x15), its own form of the round
 * loop (`rounds` is even), instead of the one here.  For the x86 kernels,
 * TRANSPOSE4 below transposes 4 x 4 words within each 128-bit lane, given
 * UNPACKLO32, UNPACKHI32, UNPACKLO64 and UNPACKHI64 (the unpack
 * instructions of that width).
 *
 * All of these, and this file's own macros, are #undef'd at the end, so
 * that they do not leak into a file that includes a kernel file
 * (test_chacha.c does, for chacha_avx512.c over a plain-C model of the
 * intrinsics).
 */
#include "chacha_kernels.h"

#include "../common/wipe.h"

#define CL_CAT_(a, b) a##b
#define CL_CAT(a, b) CL_CAT_(a, b)
/* name_ and the ISA suffix pasted into one identifier, which is expanded
 * again: test_chacha.c and the Makefile's avx2-noasm build rename the
 * kernels with macros. */
#define CL_NAME(name_) CL_CAT(name_, CHACHA_LANES_ISA)

/* Four quarter rounds side by side, step by step, for instruction-level
 * parallelism. */
#define QUARTER_ROUNDS(a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3,   \
                       b3, c3, d3)                                            \
    do {                                                                      \
        a0 = ADD(a0, b0); a1 = ADD(a1, b1); a2 = ADD(a2, b2); a3 = ADD(a3, b3); \
        d0 = XOR(d0, a0); d1 = XOR(d1, a1); d2 = XOR(d2, a2); d3 = XOR(d3, a3); \
        d0 = ROTL16(d0); d1 = ROTL16(d1); d2 = ROTL16(d2); d3 = ROTL16(d3);   \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1); c2 = ADD(c2, d2); c3 = ADD(c3, d3); \
        b0 = XOR(b0, c0); b1 = XOR(b1, c1); b2 = XOR(b2, c2); b3 = XOR(b3, c3); \
        b0 = ROTL12(b0); b1 = ROTL12(b1); b2 = ROTL12(b2); b3 = ROTL12(b3);   \
        a0 = ADD(a0, b0); a1 = ADD(a1, b1); a2 = ADD(a2, b2); a3 = ADD(a3, b3); \
        d0 = XOR(d0, a0); d1 = XOR(d1, a1); d2 = XOR(d2, a2); d3 = XOR(d3, a3); \
        d0 = ROTL8(d0); d1 = ROTL8(d1); d2 = ROTL8(d2); d3 = ROTL8(d3);       \
        c0 = ADD(c0, d0); c1 = ADD(c1, d1); c2 = ADD(c2, d2); c3 = ADD(c3, d3); \
        b0 = XOR(b0, c0); b1 = XOR(b1, c1); b2 = XOR(b2, c2); b3 = XOR(b3, c3); \
        b0 = ROTL7(b0); b1 = ROTL7(b1); b2 = ROTL7(b2); b3 = ROTL7(b3);       \
    } while (0)

/* x86: in each 128-bit lane, rows a, b, c, d become columns. */
#define TRANSPOSE4(a, b, c, d)         \
    do {                               \
        VEC t0_ = UNPACKLO32(a, b);    \
        VEC t1_ = UNPACKLO32(c, d);    \
        VEC t2_ = UNPACKHI32(a, b);    \
        VEC t3_ = UNPACKHI32(c, d);    \
        a = UNPACKLO64(t0_, t1_);      \
        b = UNPACKHI64(t0_, t1_);      \
        c = UNPACKLO64(t2_, t3_);      \
        d = UNPACKHI64(t2_, t3_);      \
    } while (0)

/* Input word i in every lane. */
#define IN(i) BCAST(input[i])

/* The feed-forward of four rows: add the input words ja..jd. */
#define FEED4(a, b, c, d, ja, jb, jc, jd) \
    do {                                  \
        a = ADD(a, ja);                   \
        b = ADD(b, jb);                   \
        c = ADD(c, jc);                   \
        d = ADD(d, jd);                   \
    } while (0)

/* `rounds` rounds on the state in the variables x0..x15: the ISA's own
 * loop if it has one, else column and diagonal rounds, four quarter rounds
 * at a time. */
#if defined(ROUNDS)
#define CL_ROUNDS(rounds)                                                  \
    ROUNDS(rounds, x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12,  \
           x13, x14, x15)
#else
#define CL_ROUNDS(rounds)                                                  \
    do {                                                                   \
        int i_;                                                            \
        for (i_ = 0; i_ < (rounds); i_ += 2) {                             \
            QUARTER_ROUNDS(x0, x4, x8, x12, x1, x5, x9, x13, x2, x6, x10,  \
                           x14, x3, x7, x11, x15);                         \
            QUARTER_ROUNDS(x0, x5, x10, x15, x1, x6, x11, x12, x2, x7, x8, \
                           x13, x3, x4, x9, x14);                          \
        }                                                                  \
    } while (0)
#endif

/* LANES blocks whose input words 12..15 (the counter and the stream, which
 * may differ from lane to lane) are the rows w12..w15, the other words
 * input's; the first n of them are written to out.  The two lane layouts
 * below differ only in these rows. */
CR_FORCE_INLINE void CL_NAME(chacha_rows_)(const uint32_t input[16],
                                           const VEC w12, const VEC w13,
                                           const VEC w14, const VEC w15,
                                           uint8_t *out, const size_t n,
                                           const int rounds) {
    VEC x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15;

    (void)n; /* unused unless the ISA stores short batches itself */
    x0 = IN(0); x1 = IN(1); x2 = IN(2); x3 = IN(3);
    x4 = IN(4); x5 = IN(5); x6 = IN(6); x7 = IN(7);
    x8 = IN(8); x9 = IN(9); x10 = IN(10); x11 = IN(11);
    x12 = w12; x13 = w13; x14 = w14; x15 = w15;

    CL_ROUNDS(rounds);

    /* Each group of rows is fed forward just before its store: `out` may
     * alias `input` as far as the compiler knows, and reading all the input
     * words ahead of the first store costs register moves. */
#if defined(STORE_QUARTER)
    FEED4(x0, x1, x2, x3, IN(0), IN(1), IN(2), IN(3));
    STORE_QUARTER(out, x0, x1, x2, x3);
    FEED4(x4, x5, x6, x7, IN(4), IN(5), IN(6), IN(7));
    STORE_QUARTER(out + 16, x4, x5, x6, x7);
    FEED4(x8, x9, x10, x11, IN(8), IN(9), IN(10), IN(11));
    STORE_QUARTER(out + 32, x8, x9, x10, x11);
    FEED4(x12, x13, x14, x15, w12, w13, w14, w15);
    STORE_QUARTER(out + 48, x12, x13, x14, x15);
#elif defined(STORE_HALF)
    FEED4(x0, x1, x2, x3, IN(0), IN(1), IN(2), IN(3));
    FEED4(x4, x5, x6, x7, IN(4), IN(5), IN(6), IN(7));
    STORE_HALF(out, x0, x1, x2, x3, x4, x5, x6, x7);
    FEED4(x8, x9, x10, x11, IN(8), IN(9), IN(10), IN(11));
    FEED4(x12, x13, x14, x15, w12, w13, w14, w15);
    STORE_HALF(out + 32, x8, x9, x10, x11, x12, x13, x14, x15);
#else
    FEED4(x0, x1, x2, x3, IN(0), IN(1), IN(2), IN(3));
    FEED4(x4, x5, x6, x7, IN(4), IN(5), IN(6), IN(7));
    FEED4(x8, x9, x10, x11, IN(8), IN(9), IN(10), IN(11));
    FEED4(x12, x13, x14, x15, w12, w13, w14, w15);
    STORE_FIRST_BLOCKS(out, n, x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10,
                       x11, x12, x13, x14, x15);
#endif
}

/* LANES blocks of one stream, counters ctr .. ctr + LANES - 1 (mod 2^64) in
 * the lanes; the first n of them are written to out. */
CR_FORCE_INLINE void CL_NAME(chacha_lanes_)(const uint32_t input[16],
                                            uint64_t ctr, uint8_t *out,
                                            const size_t n,
                                            const int rounds) {
    VEC ctr_lo, ctr_hi;
    /* Counters first, then the broadcasts: GCC's register allocation of the
     * SSE2 rounds (whose state does not fit in sixteen XMM registers) is
     * sensitive to the order, by about 5%. */
    LANE_COUNTERS(ctr, ctr_lo, ctr_hi);
    CL_NAME(chacha_rows_)(input, ctr_lo, ctr_hi, IN(14), IN(15), out, n,
                          rounds);
}

/* `rounds` is a constant at every call site, so each kernel below gets its
 * own copy with a fixed trip count. */
CR_FORCE_INLINE void CL_NAME(chacha_blocks_)(const uint32_t input[16],
                                             uint8_t *out, size_t nblocks,
                                             const int rounds) {
    uint64_t ctr = (uint64_t)input[12] | ((uint64_t)input[13] << 32);

    for (; nblocks >= LANES; nblocks -= LANES) {
        CL_NAME(chacha_lanes_)(input, ctr, out, LANES, rounds);
        ctr += LANES;
        out += LANES * CHACHA_BLOCK_BYTES;
    }
    if (nblocks > 0) {
#if defined(STORE_FIRST_BLOCKS)
        /* A short batch: compute LANES blocks, store the first nblocks. */
        CL_NAME(chacha_lanes_)(input, ctr, out, nblocks, rounds);
#else
        /* A short batch goes through a scratch buffer: LANES blocks are as
         * many bytes as sixteen vectors, aligned as one. */
        VEC tmp[16];
        CL_NAME(chacha_lanes_)(input, ctr, (uint8_t *)tmp, LANES, rounds);
        memcpy(out, tmp, nblocks * CHACHA_BLOCK_BYTES);
        cr_wipe(tmp, sizeof tmp);
#endif
    }
}

/*
 * The streams layout: lane k holds stream streams[k] (input words 14-15)
 * at the same counter, so that many streams of a few blocks each fill the
 * lanes as well as one long stream does.
 */

/* LANES 32-bit words, word k into lane k (every ISA here numbers its lanes
 * in memory order). */
CR_FORCE_INLINE VEC CL_NAME(chacha_load_lanes_)(const uint32_t w[LANES]) {
    VEC v;
    memcpy(&v, w, sizeof v);
    return v;
}

/* Blocks ctr .. ctr + nblocks - 1 (mod 2^64) of `lanes` streams (1 <= lanes
 * <= LANES), stream k's at out + 64 (k nblocks + b): one block of every
 * stream per step.  A step's blocks are stored in place when they are
 * consecutive in `out` (one block per stream); otherwise they go through a
 * scratch buffer and are copied to their rows. */
CR_FORCE_INLINE void CL_NAME(chacha_stream_group_)(
    const uint32_t input[16], uint64_t ctr, const uint64_t *streams,
    size_t lanes, uint8_t *out, size_t nblocks, const int rounds) {
    uint32_t lo[LANES], hi[LANES];
    VEC s_lo, s_hi;
    size_t k, b;

    /* Lanes past the last stream repeat it; their blocks are not stored. */
    for (k = 0; k < LANES; k++) {
        uint64_t id = streams[k < lanes ? k : lanes - 1];
        lo[k] = (uint32_t)id;
        hi[k] = (uint32_t)(id >> 32);
    }
    s_lo = CL_NAME(chacha_load_lanes_)(lo);
    s_hi = CL_NAME(chacha_load_lanes_)(hi);
#if defined(STORE_FIRST_BLOCKS)
    if (nblocks == 1) {
        CL_NAME(chacha_rows_)(input, BCAST((uint32_t)ctr),
                              BCAST((uint32_t)(ctr >> 32)), s_lo, s_hi, out,
                              lanes, rounds);
        return;
    }
#else
    if (nblocks == 1 && lanes == LANES) {
        CL_NAME(chacha_rows_)(input, BCAST((uint32_t)ctr),
                              BCAST((uint32_t)(ctr >> 32)), s_lo, s_hi, out,
                              LANES, rounds);
        return;
    }
#endif
    {
        VEC tmp[16]; /* LANES blocks, aligned as a vector */
        for (b = 0; b < nblocks; b++, ctr++) {
            CL_NAME(chacha_rows_)(input, BCAST((uint32_t)ctr),
                                  BCAST((uint32_t)(ctr >> 32)), s_lo, s_hi,
                                  (uint8_t *)tmp, LANES, rounds);
            for (k = 0; k < lanes; k++) {
                memcpy(out + (k * nblocks + b) * CHACHA_BLOCK_BYTES,
                       (const uint8_t *)tmp + k * CHACHA_BLOCK_BYTES,
                       CHACHA_BLOCK_BYTES);
            }
        }
        cr_wipe(tmp, sizeof tmp);
    }
}

/* The chacha_streams_fn contract (chacha_kernels.h), LANES streams at a
 * time. */
CR_FORCE_INLINE void CL_NAME(chacha_streams_)(const uint32_t input[16],
                                              const uint64_t *streams,
                                              size_t nstreams, uint8_t *out,
                                              size_t nblocks,
                                              const int rounds) {
    uint64_t ctr = (uint64_t)input[12] | ((uint64_t)input[13] << 32);
    size_t s;

    for (s = 0; s < nstreams; s += LANES) {
        size_t lanes = nstreams - s < LANES ? nstreams - s : LANES;
        CL_NAME(chacha_stream_group_)(input, ctr, streams + s, lanes,
                                      out + s * nblocks * CHACHA_BLOCK_BYTES,
                                      nblocks, rounds);
    }
}

void CL_NAME(chacha8_blocks_)(const uint32_t input[16], uint8_t *out,
                              size_t nblocks) {
    CL_NAME(chacha_blocks_)(input, out, nblocks, 8);
}

void CL_NAME(chacha12_blocks_)(const uint32_t input[16], uint8_t *out,
                               size_t nblocks) {
    CL_NAME(chacha_blocks_)(input, out, nblocks, 12);
}

void CL_NAME(chacha20_blocks_)(const uint32_t input[16], uint8_t *out,
                               size_t nblocks) {
    CL_NAME(chacha_blocks_)(input, out, nblocks, 20);
}

void CL_NAME(chacha8_streams_)(const uint32_t input[16],
                               const uint64_t *streams, size_t nstreams,
                               uint8_t *out, size_t nblocks) {
    CL_NAME(chacha_streams_)(input, streams, nstreams, out, nblocks, 8);
}

void CL_NAME(chacha12_streams_)(const uint32_t input[16],
                                const uint64_t *streams, size_t nstreams,
                                uint8_t *out, size_t nblocks) {
    CL_NAME(chacha_streams_)(input, streams, nstreams, out, nblocks, 12);
}

void CL_NAME(chacha20_streams_)(const uint32_t input[16],
                                const uint64_t *streams, size_t nstreams,
                                uint8_t *out, size_t nblocks) {
    CL_NAME(chacha_streams_)(input, streams, nstreams, out, nblocks, 20);
}

/*
 * One iteration of ChaCha8Rand (C2SP chacha8rand), for the ISAs that define
 * CHACHA8RAND_STORE(out, x0, ..., x15): write the sixteen rows of LANES
 * blocks in the spec's order, which is the 4-lane layout itself -- for each
 * group of four blocks, word i of the four at byte 16 i of the group's 256.
 *
 * `input` is a ChaCha input block whose words 12..15 (counter and nonce)
 * are zero; blocks 0..15 are computed, eight rounds each, and only the key
 * words 4..11 are fed forward (the spec subtracts the constants and the
 * counter again, which is the same as never adding them).  1024 bytes are
 * written to out: 992 bytes of output, then the next iteration's key.
 */
#if defined(CHACHA8RAND_STORE)
void CL_NAME(chacha8rand_blocks_)(const uint32_t input[16], uint8_t *out) {
    uint64_t ctr;
    for (ctr = 0; ctr < 16; ctr += LANES) {
        VEC ctr_lo, ctr_hi;
        VEC x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14,
            x15;
        LANE_COUNTERS(ctr, ctr_lo, ctr_hi);
        x0 = IN(0); x1 = IN(1); x2 = IN(2); x3 = IN(3);
        x4 = IN(4); x5 = IN(5); x6 = IN(6); x7 = IN(7);
        x8 = IN(8); x9 = IN(9); x10 = IN(10); x11 = IN(11);
        x12 = ctr_lo; x13 = ctr_hi; x14 = IN(14); x15 = IN(15);
        CL_ROUNDS(8);
        FEED4(x4, x5, x6, x7, IN(4), IN(5), IN(6), IN(7));
        FEED4(x8, x9, x10, x11, IN(8), IN(9), IN(10), IN(11));
        CHACHA8RAND_STORE(out + ctr * CHACHA_BLOCK_BYTES, x0, x1, x2, x3, x4,
                          x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15);
    }
}
#endif

/* The parameters, then this file's own macros. */
#undef CHACHA_LANES_ISA
#undef VEC
#undef LANES
#undef ADD
#undef XOR
#undef ROTL16
#undef ROTL12
#undef ROTL8
#undef ROTL7
#undef BCAST
#undef LANE_COUNTERS
#undef STORE_QUARTER
#undef STORE_HALF
#undef STORE_FIRST_BLOCKS
#undef CHACHA8RAND_STORE
#undef ROUNDS
#undef UNPACKLO32
#undef UNPACKHI32
#undef UNPACKLO64
#undef UNPACKHI64
#undef CL_CAT_
#undef CL_CAT
#undef CL_NAME
#undef QUARTER_ROUNDS
#undef CL_ROUNDS
#undef TRANSPOSE4
#undef FEED4
#undef IN
