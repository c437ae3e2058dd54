/*
 * The ChaCha block function, shared by the C core and the CUDA kernel.
 *
 * One definition of the quarter-round and the block, so that the portable
 * C kernel (chacha_portable.c), the CUDA kernel (chacha_cuda.cu, compiled by
 * nvcc or NVRTC) and the host build of that kernel all compute the same
 * function.  Plain C99 and CUDA C++: no headers beyond <stdint.h> (and not
 * even that under NVRTC, which has none).
 *
 * CR_HD marks a function for both sides: `__host__ __device__` under CUDA,
 * a forced-inline static function in C.  The round count is a parameter
 * that every caller passes as a constant (a template argument in CUDA), so
 * each instantiation has a loop of fixed trip count.
 */
#ifndef CHACHARAND_CHACHA_BLOCK_H
#define CHACHARAND_CHACHA_BLOCK_H

#if defined(__CUDACC_RTC__)
/* NVRTC has no C library headers: the fixed-width types it needs. */
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
typedef int int32_t;
typedef long long int64_t;
#else
#include <stdint.h>
#endif

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define CR_HD static __host__ __device__ __forceinline__
#elif defined(_MSC_VER)
#define CR_HD static __forceinline
#else
#define CR_HD static inline __attribute__((always_inline))
#endif

#define CHACHA_WORDS 16

CR_HD uint32_t chacha_rotl(uint32_t x, int n) {
    return (x << n) | (x >> (32 - n));
}

CR_HD void chacha_quarter_round(uint32_t *a, uint32_t *b, uint32_t *c,
                                uint32_t *d) {
    *a += *b;
    *d = chacha_rotl(*d ^ *a, 16);
    *c += *d;
    *b = chacha_rotl(*b ^ *c, 12);
    *a += *b;
    *d = chacha_rotl(*d ^ *a, 8);
    *c += *d;
    *b = chacha_rotl(*b ^ *c, 7);
}

/* One column round and one diagonal round. */
CR_HD void chacha_double_round(uint32_t x[CHACHA_WORDS]) {
    chacha_quarter_round(&x[0], &x[4], &x[8], &x[12]);
    chacha_quarter_round(&x[1], &x[5], &x[9], &x[13]);
    chacha_quarter_round(&x[2], &x[6], &x[10], &x[14]);
    chacha_quarter_round(&x[3], &x[7], &x[11], &x[15]);
    chacha_quarter_round(&x[0], &x[5], &x[10], &x[15]);
    chacha_quarter_round(&x[1], &x[6], &x[11], &x[12]);
    chacha_quarter_round(&x[2], &x[7], &x[8], &x[13]);
    chacha_quarter_round(&x[3], &x[4], &x[9], &x[14]);
}

/*
 * The keystream block at `counter` (words 12-13 of the input, low word
 * first) as 16 words: `input` holds the constants, key and stream (its
 * words 12-13 are not read).
 */
CR_HD void chacha_block(const uint32_t input[CHACHA_WORDS], uint64_t counter,
                        uint32_t out[CHACHA_WORDS], const int rounds) {
    uint32_t j[CHACHA_WORDS];
    int i;
    for (i = 0; i < CHACHA_WORDS; i++) {
        j[i] = input[i];
    }
    j[12] = (uint32_t)counter;
    j[13] = (uint32_t)(counter >> 32);
    for (i = 0; i < CHACHA_WORDS; i++) {
        out[i] = j[i];
    }
    for (i = 0; i < rounds; i += 2) {
        chacha_double_round(out);
    }
    for (i = 0; i < CHACHA_WORDS; i++) {
        out[i] += j[i];
    }
}

#endif /* CHACHARAND_CHACHA_BLOCK_H */
