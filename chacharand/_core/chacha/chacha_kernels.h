/*
 * The ChaCha kernels, one set per instruction set, and the backend table.
 *
 * Each chacha<R>_blocks_<isa> follows the chacha_blocks_fn contract of
 * chacha.h.  The SIMD ones live in their own .c file, the only file compiled
 * with that instruction set's flags; they exist in a build only when the
 * matching CHACHARAND_HAVE_<ISA> macro is defined by the build system.
 */
#ifndef CHACHARAND_CHACHA_KERNELS_H
#define CHACHARAND_CHACHA_KERNELS_H

#include <string.h>

#include "chacha.h"

void chacha8_blocks_portable(const uint32_t input[16], uint8_t *out,
                             size_t nblocks);
void chacha12_blocks_portable(const uint32_t input[16], uint8_t *out,
                              size_t nblocks);
void chacha20_blocks_portable(const uint32_t input[16], uint8_t *out,
                              size_t nblocks);
/* In chacha8rand/chacha8rand.c: the spec's steps over the portable ChaCha8
 * keystream, the reference the SIMD forms are tested against. */
void chacha8rand_blocks_portable(const uint32_t input[16], uint8_t *out);

/* One ChaCha8Rand iteration (chacha8rand/chacha8rand.h): 1024 bytes. */
typedef void (*chacha8rand_blocks_fn)(const uint32_t input[16], uint8_t *out);

/*
 * The same blocks of many streams: for k < nstreams, the nblocks blocks
 * from the counter in input[12..13] on stream streams[k] (in place of
 * input words 14-15), at out + 64 * nblocks * k.  That is what the block
 * kernel writes for each stream in turn; the SIMD forms put the streams in
 * their lanes instead of consecutive counters, which pays when each stream
 * has only a few blocks.  `input` is not modified.
 */
typedef void (*chacha_streams_fn)(const uint32_t input[16],
                                  const uint64_t *streams, size_t nstreams,
                                  uint8_t *out, size_t nblocks);

void chacha8_streams_portable(const uint32_t input[16],
                              const uint64_t *streams, size_t nstreams,
                              uint8_t *out, size_t nblocks);
void chacha12_streams_portable(const uint32_t input[16],
                               const uint64_t *streams, size_t nstreams,
                               uint8_t *out, size_t nblocks);
void chacha20_streams_portable(const uint32_t input[16],
                               const uint64_t *streams, size_t nstreams,
                               uint8_t *out, size_t nblocks);

#define CHACHA_DECLARE_KERNELS(isa)                                         \
    void chacha8_blocks_##isa(const uint32_t input[16], uint8_t *out,      \
                              size_t nblocks);                             \
    void chacha12_blocks_##isa(const uint32_t input[16], uint8_t *out,     \
                               size_t nblocks);                            \
    void chacha20_blocks_##isa(const uint32_t input[16], uint8_t *out,     \
                               size_t nblocks);                            \
    void chacha8rand_blocks_##isa(const uint32_t input[16], uint8_t *out); \
    void chacha8_streams_##isa(const uint32_t input[16],                   \
                               const uint64_t *streams, size_t nstreams,   \
                               uint8_t *out, size_t nblocks);              \
    void chacha12_streams_##isa(const uint32_t input[16],                  \
                                const uint64_t *streams, size_t nstreams,  \
                                uint8_t *out, size_t nblocks);             \
    void chacha20_streams_##isa(const uint32_t input[16],                  \
                                const uint64_t *streams, size_t nstreams,  \
                                uint8_t *out, size_t nblocks);

#if defined(CHACHARAND_HAVE_SSE2)
CHACHA_DECLARE_KERNELS(sse2) /* 4 blocks per step, chacha_sse2.c */
#endif
#if defined(CHACHARAND_HAVE_AVX2)
CHACHA_DECLARE_KERNELS(avx2) /* 8 blocks per step, chacha_avx2.c */
#endif
#if defined(CHACHARAND_HAVE_AVX512)
CHACHA_DECLARE_KERNELS(avx512) /* 16 blocks per step, chacha_avx512.c */
#endif
#if defined(CHACHARAND_HAVE_NEON)
CHACHA_DECLARE_KERNELS(neon) /* 4 blocks per step, chacha_neon.c */
#endif

#endif /* CHACHARAND_CHACHA_KERNELS_H */
