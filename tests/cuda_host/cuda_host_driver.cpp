/*
 * chacha_cuda.cu's kernels run on the host over emulated thread indices.
 *
 *   cuda_host_driver KERNEL GRID BLOCK FIRST_WORD N P1 P2 P3 W0 ... W15
 *
 * runs kernel KERNEL (an extern "C" name of chacha_cuda.cu) with GRID
 * blocks of BLOCK threads, on the kernel input words W0..W15 (constants,
 * key, counter, stream) from word FIRST_WORD, for N elements, and writes
 * the output array's bytes to stdout.  P1..P3 are the kernel's parameters
 * (unused ones are ignored): doubles for uniform/normal (low, span / loc,
 * scale, affine; scale for exponential), integers for integers (low,
 * rng).
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
    const char *p[3];
};

typedef std::function<void(unsigned, unsigned, const Args &, void *)> Launch;

static double d(const char *s) { return std::strtod(s, nullptr); }
static unsigned long long u(const char *s) {
    return std::strtoull(s, nullptr, 0);
}

#define PLAIN(name, T)                                                       \
    kernels[#name] = {sizeof(T), [](unsigned g, unsigned b, const Args &a,  \
                                    void *out) {                             \
        shim_launch(g, b, [&] {                                              \
            name(a.input, a.first_word, a.n, (T *)out);                      \
        });                                                                  \
    }}
#define FLOATS(name, T)                                                      \
    kernels[#name] = {sizeof(T), [](unsigned g, unsigned b, const Args &a,  \
                                    void *out) {                             \
        shim_launch(g, b, [&] {                                              \
            name(a.input, a.first_word, a.n, d(a.p[0]), d(a.p[1]), (T *)out); \
        });                                                                  \
    }}
#define NORMAL(name, T)                                                      \
    kernels[#name] = {sizeof(T), [](unsigned g, unsigned b, const Args &a,  \
                                    void *out) {                             \
        shim_launch(g, b, [&] {                                              \
            name(a.input, a.first_word, a.n, d(a.p[0]), d(a.p[1]),           \
                 (int)u(a.p[2]), (T *)out);                                  \
        });                                                                  \
    }}
#define SCALE(name, T)                                                       \
    kernels[#name] = {sizeof(T), [](unsigned g, unsigned b, const Args &a,  \
                                    void *out) {                             \
        shim_launch(g, b, [&] {                                              \
            name(a.input, a.first_word, a.n, d(a.p[0]), (T *)out);           \
        });                                                                  \
    }}
#define INTS(name, T)                                                        \
    kernels[#name] = {sizeof(T), [](unsigned g, unsigned b, const Args &a,  \
                                    void *out) {                             \
        shim_launch(g, b, [&] {                                              \
            name(a.input, a.first_word, a.n, u(a.p[0]), u(a.p[1]), (T *)out); \
        });                                                                  \
    }}
#define INT_KERNELS(R, T, suffix)                                            \
    INTS(chacha##R##_integers_narrow_##suffix, T);                           \
    INTS(chacha##R##_integers_wide_##suffix, T)
#define ROUND_KERNELS(R)                                                     \
    PLAIN(chacha##R##_words32, uint32_t);                                    \
    PLAIN(chacha##R##_raw64, uint64_t);                                      \
    PLAIN(chacha##R##_random_f64, double);                                   \
    PLAIN(chacha##R##_random_f32, float);                                    \
    FLOATS(chacha##R##_uniform_f64, double);                                 \
    FLOATS(chacha##R##_uniform_f32, float);                                  \
    NORMAL(chacha##R##_normal_f64, double);                                  \
    NORMAL(chacha##R##_normal_f32, float);                                   \
    SCALE(chacha##R##_exponential_f64, double);                              \
    SCALE(chacha##R##_exponential_f32, float);                               \
    INT_KERNELS(R, uint8_t, u8);                                             \
    INT_KERNELS(R, uint16_t, u16);                                           \
    INT_KERNELS(R, uint32_t, u32);                                           \
    INT_KERNELS(R, uint64_t, u64)

int main(int argc, char **argv) {
    std::map<std::string, std::pair<size_t, Launch>> kernels;
    ROUND_KERNELS(8);
    ROUND_KERNELS(12);
    ROUND_KERNELS(20);
    if (argc != 25) {
        std::fprintf(stderr, "usage: %s KERNEL GRID BLOCK FIRST_WORD N "
                             "P1 P2 P3 W0..W15\n", argv[0]);
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
        input[i] = (uint32_t)u(argv[9 + i]);
    }
    Args a = {input, (uint32_t)u(argv[4]), u(argv[5]),
              {argv[6], argv[7], argv[8]}};
    size_t size = found->second.first;
    std::vector<unsigned char> out(size * a.n + 1);
    found->second.second(grid, block, a, out.data());
    std::fwrite(out.data(), size, a.n, stdout);
    return 0;
}
