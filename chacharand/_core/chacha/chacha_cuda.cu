/*
 * ChaCha on CUDA: keystream draws and their transforms, into device memory.
 *
 * Compiled at run time by NVRTC (chacharand.cuda, with --fmad=false) and,
 * in the tests, by nvcc and as host C++ over emulated thread indices.  The
 * block function and the transforms are the C core's (chacha_block.h,
 * chacha_transforms.h), so the output is the CPU's, bit for bit.
 *
 * A draw of n elements, element i made of K consecutive keystream words,
 * starts at word `first_word` (0-15) of the block whose counter is in
 * input[12..13]: element i is words first_word + K*i .. + K-1 from there.
 * The work is cut into tiles of blockDim.x * CHACHA_CUDA_ILP blocks; a CUDA
 * block takes tiles in a grid-stride loop.  For each tile:
 *   1. every thread makes CHACHA_CUDA_ILP whole keystream blocks into
 *      shared memory, rows padded to 17 words so that the threads hit
 *      distinct banks; an element cut by the tile's end needs the next
 *      block too, which thread 0 makes;
 *   2. after a barrier, consecutive threads compute consecutive elements
 *      of the tile from shared memory and store them: coalesced.
 * What element i holds depends only on i and the stream, never on the grid,
 * the block size or the GPU.
 *
 * What the compiler makes of step 1 (NVRTC 13 with CuPy's options, sm_90,
 * read from the SASS; ChaCha8 and ChaCha20 alike): the CHACHA_CUDA_ILP
 * blocks of a thread are made one after the other, not interleaved.  The
 * loop over them is unrolled, but each copy holds its own loop over the
 * double rounds, which stays a loop (trip count rounds / 2, not
 * unrolled); the parallelism inside a thread is the four independent
 * quarter-rounds of each column or diagonal round.  The kernels use 79-80
 * registers a thread (cuobjdump -res-usage), so with 128 threads and the
 * 34.9 KB tile a multiprocessor holds 6 CUDA blocks (24 of its 64 warps),
 * by registers and by shared memory alike.  CHACHA_CUDA_ILP = 4, the
 * rolled rounds loop and 128 threads have not been measured against other
 * choices on a GPU; they are left as they are until they can be.
 */
#include "chacha_block.h"
#include "chacha_transforms.h"

#ifndef CHACHA_CUDA_ILP
#define CHACHA_CUDA_ILP 4 /* keystream blocks per thread per tile */
#endif
#define CHACHA_ROW 17     /* shared-memory words per keystream block */

/* Shared memory per CUDA block: the tile and one spare block. */
#define CHACHA_CUDA_SHARED_WORDS(threads)                                    \
    (((threads) * CHACHA_CUDA_ILP + 1) * CHACHA_ROW)

extern __shared__ uint32_t chacha_tile[];

template <int ROUNDS, int K, class Transform>
__device__ void chacha_draw(const uint32_t *input_g, uint32_t first_word,
                            uint64_t n, typename Transform::value_type *out,
                            const Transform transform) {
    uint32_t input[CHACHA_WORDS];
    for (int i = 0; i < CHACHA_WORDS; i++) {
        input[i] = input_g[i];
    }
    const uint64_t start_block = cr_words_u64(input[12], input[13]);
    const uint32_t threads = blockDim.x;
    const uint32_t tid = threadIdx.x;
    const uint64_t tile_blocks = (uint64_t)threads * CHACHA_CUDA_ILP;
    const uint64_t tile_words = tile_blocks * CHACHA_WORDS;
    const uint64_t total_words = first_word + (uint64_t)K * n;
    const uint64_t tiles = (total_words + tile_words - 1) / tile_words;
    /* Elements can run past a tile's end only when K does not divide
     * first_word (K divides 16). */
    const bool straddles = (first_word % K) != 0;

    for (uint64_t tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
        const uint64_t tile_block = start_block + tile * tile_blocks;
        uint32_t x[CHACHA_CUDA_ILP][CHACHA_WORDS];
#pragma unroll
        for (int j = 0; j < CHACHA_CUDA_ILP; j++) {
            chacha_block(input, tile_block + tid + (uint64_t)j * threads,
                         x[j], ROUNDS);
        }
#pragma unroll
        for (int j = 0; j < CHACHA_CUDA_ILP; j++) {
            uint32_t *row = chacha_tile + (tid + j * threads) * CHACHA_ROW;
            for (int w = 0; w < CHACHA_WORDS; w++) {
                row[w] = x[j][w];
            }
        }
        if (straddles && tid == 0) {
            uint32_t *row = chacha_tile + tile_blocks * CHACHA_ROW;
            chacha_block(input, tile_block + tile_blocks, x[0], ROUNDS);
            for (int w = 0; w < CHACHA_WORDS; w++) {
                row[w] = x[0][w];
            }
        }
        __syncthreads();

        /* Elements whose first word lies in this tile. */
        const uint64_t tile_start = tile * tile_words;
        const uint64_t lo = tile_start > first_word
            ? (tile_start - first_word + K - 1) / K : 0;
        uint64_t hi = (tile_start + tile_words - first_word + K - 1) / K;
        if (hi > n) {
            hi = n;
        }
        for (uint64_t i = lo + tid; i < hi; i += threads) {
            const uint64_t local = first_word + K * i - tile_start;
            uint32_t w[K];
            for (int k = 0; k < K; k++) {
                const uint64_t q = local + k;
                w[k] = chacha_tile[(q / CHACHA_WORDS) * CHACHA_ROW +
                                   q % CHACHA_WORDS];
            }
            out[i] = transform(w);
        }
        __syncthreads();
    }
}

/* ---- the transforms ------------------------------------------------------
 * One functor for every method of CR_COUNTER_METHODS (chacha_transforms.h):
 * its element function, with the kernel's parameters. */

#define CHACHA_FUNCTOR(name, K, T)                                           \
    struct chacha_##name {                                                   \
        typedef T value_type;                                                \
        static const int words = K;                                          \
        cr_counter_params p;                                                 \
        __device__ T operator()(const uint32_t *w) const {                   \
            return cr_el_##name(w, &p);                                      \
        }                                                                    \
    };
CR_COUNTER_METHODS(CHACHA_FUNCTOR)

/* A draw of a method's functor, at its words per element. */
template <int ROUNDS, class Transform>
__device__ void chacha_run(const uint32_t *input_g, uint32_t first_word,
                           uint64_t n, typename Transform::value_type *out,
                           const Transform transform) {
    chacha_draw<ROUNDS, Transform::words>(input_g, first_word, n, out,
                                          transform);
}

/* ---- entry points ----------------------------------------------------------
 * chacha<R>_<name> for every method of CR_COUNTER_METHODS and round count R.
 * All take one parameter list: the draw (input words, first word, n), the
 * fields of cr_counter_params in its order (a method ignores the ones it
 * does not use, as the CPU fills do) and the output array. */

#define CHACHA_KERNEL(R, name, T)                                            \
    extern "C" __global__ void chacha##R##_##name(                           \
        const uint32_t *input, uint32_t first_word, unsigned long long n,    \
        double a, double b, unsigned long long low, unsigned long long rng,  \
        int flag, T *out) {                                                  \
        const cr_counter_params p = {a, b, low, rng, flag};                  \
        chacha_run<R>(input, first_word, n, out, chacha_##name{p});          \
    }
#define CHACHA_KERNEL_8(name, K, T) CHACHA_KERNEL(8, name, T)
#define CHACHA_KERNEL_12(name, K, T) CHACHA_KERNEL(12, name, T)
#define CHACHA_KERNEL_20(name, K, T) CHACHA_KERNEL(20, name, T)

/* CHACHA_CUDA_ROUNDS=R builds the kernels of one round count only (a third
 * of the compile time); without it, all three. */
#if !defined(CHACHA_CUDA_ROUNDS) || CHACHA_CUDA_ROUNDS == 8
CR_COUNTER_METHODS(CHACHA_KERNEL_8)
#endif
#if !defined(CHACHA_CUDA_ROUNDS) || CHACHA_CUDA_ROUNDS == 12
CR_COUNTER_METHODS(CHACHA_KERNEL_12)
#endif
#if !defined(CHACHA_CUDA_ROUNDS) || CHACHA_CUDA_ROUNDS == 20
CR_COUNTER_METHODS(CHACHA_KERNEL_20)
#endif
