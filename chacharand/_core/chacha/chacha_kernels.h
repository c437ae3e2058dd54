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

#define CHACHA_DECLARE_KERNELS(isa)                                         \
    void chacha8_blocks_##isa(const uint32_t input[16], uint8_t *out,      \
                              size_t nblocks);                             \
    void chacha12_blocks_##isa(const uint32_t input[16], uint8_t *out,     \
                               size_t nblocks);                            \
    void chacha20_blocks_##isa(const uint32_t input[16], uint8_t *out,     \
                               size_t nblocks);                            \
    void chacha8rand_blocks_##isa(const uint32_t input[16], uint8_t *out);

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
