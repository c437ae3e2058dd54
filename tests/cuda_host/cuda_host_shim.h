/*
 * Just enough of CUDA to run a kernel's body on the host, for tests.
 *
 * A launch runs the grid's blocks one after the other; the threads of a
 * block are real threads, so that __syncthreads() is a real barrier and
 * shared memory (one static array) is shared as on the device.  Blocks
 * never talk to each other in chacha_cuda.cu, so their order is free.
 */
#ifndef CHACHARAND_CUDA_HOST_SHIM_H
#define CHACHARAND_CUDA_HOST_SHIM_H

#include <pthread.h>

#include <thread>
#include <vector>

struct dim3 {
    unsigned x, y, z;
};

static thread_local dim3 threadIdx;
static dim3 blockIdx, blockDim, gridDim;
static pthread_barrier_t shim_barrier;

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __shared__

static inline void __syncthreads() { pthread_barrier_wait(&shim_barrier); }

/* kernel(): the body, called once per thread of every block. */
template <class Kernel>
void shim_launch(unsigned grid, unsigned block, Kernel kernel) {
    gridDim = dim3{grid, 1, 1};
    blockDim = dim3{block, 1, 1};
    for (unsigned b = 0; b < grid; b++) {
        blockIdx = dim3{b, 0, 0};
        pthread_barrier_init(&shim_barrier, nullptr, block);
        std::vector<std::thread> threads;
        for (unsigned t = 0; t < block; t++) {
            threads.emplace_back([t, &kernel] {
                threadIdx = dim3{t, 0, 0};
                kernel();
            });
        }
        for (auto &th : threads) {
            th.join();
        }
        pthread_barrier_destroy(&shim_barrier);
    }
}

#endif /* CHACHARAND_CUDA_HOST_SHIM_H */
