/*
 * chacha_cuda.cu's kernels run on the host over emulated thread indices.
 *
 *   cuda_host_driver KERNEL GRID BLOCK FIRST_WORD N A B LOW RNG FLAG W0..W15
 *
 * runs kernel KERNEL (an extern "C" name of chacha_cuda.cu) with GRID
 * blocks of BLOCK threads, on the kernel input words W0..W15 (constants,
 * key, counter, stream) from word FIRST_WORD, for N elements, and writes
 * the output array's bytes to stdout.  A B LOW RNG FLAG are the kernel's
 * parameters, the fields of cr_counter_params (two doubles, two integers
 * and an int; a method ignores those it does not use).  The kernels are
 * the methods of CR_COUNTER_METHODS, as chacha_cuda.cu defines them.
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "cuda_host_shim.h"
#include "chacha_cuda.cu"

uint32_t chacha_tile[CHACHA_CUDA_SHARED_WORDS(1024)];

struct Args {
    const uint32_t *input;
    uint32_t first_word;
    unsigned long long n;
    double a, b;
    unsigned long long low, rng;
    int flag;
};

typedef std::function<void(unsigned, unsigned, const Args &, void *)> Launch;

static unsigned long long u(const char *s) {
    return std::strtoull(s, nullptr, 0);
}

#define KERNEL(R, name, T)                                                   \
    kernels["chacha" #R "_" #name] = {                                       \
        sizeof(T), [](unsigned g, unsigned b, const Args &a, void *out) {    \
            shim_launch(g, b, [&] {                                          \
                chacha##R##_##name(a.input, a.first_word, a.n, a.a, a.b,     \
                                   a.low, a.rng, a.flag, (T *)out);          \
            });                                                              \
        }};
#define KERNEL_8(name, K, T) KERNEL(8, name, T)
#define KERNEL_12(name, K, T) KERNEL(12, name, T)
#define KERNEL_20(name, K, T) KERNEL(20, name, T)

int main(int argc, char **argv) {
    std::map<std::string, std::pair<size_t, Launch>> kernels;
    CR_COUNTER_METHODS(KERNEL_8)
    CR_COUNTER_METHODS(KERNEL_12)
    CR_COUNTER_METHODS(KERNEL_20)
    if (argc != 27) {
        std::fprintf(stderr, "usage: %s KERNEL GRID BLOCK FIRST_WORD N "
                             "A B LOW RNG FLAG W0..W15\n", argv[0]);
        return 2;
    }
    auto found = kernels.find(argv[1]);
    if (found == kernels.end()) {
        std::fprintf(stderr, "no kernel %s\n", argv[1]);
        return 2;
    }
    unsigned grid = (unsigned)u(argv[2]), block = (unsigned)u(argv[3]);
    if (block == 0 || block > 1024 || grid == 0) {
        std::fprintf(stderr, "bad launch shape\n");
        return 2;
    }
    uint32_t input[16];
    for (int i = 0; i < 16; i++) {
        input[i] = (uint32_t)u(argv[11 + i]);
    }
    Args a = {input, (uint32_t)u(argv[4]), u(argv[5]),
              std::strtod(argv[6], nullptr), std::strtod(argv[7], nullptr),
              u(argv[8]), u(argv[9]), (int)u(argv[10])};
    size_t size = found->second.first;
    std::vector<unsigned char> out(size * a.n + 1);
    found->second.second(grid, block, a, out.data());
    std::fwrite(out.data(), size, a.n, stdout);
    return 0;
}
