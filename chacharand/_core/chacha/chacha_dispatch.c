/*
 * Backend table and run-time selection for the ChaCha kernels.
 *
 * The build defines CHACHARAND_HAVE_<ISA> here for each SIMD kernel file it
 * compiles in; this file itself is compiled without instruction-set flags.
 * Whether the CPU (and OS) can run a compiled-in kernel is asked of
 * cr_cpu_features(), which detects once and caches.
 */
#include "chacha_dispatch.h"

#include <string.h>

#include "../common/cpu_features.h"
#include "chacha_kernels.h"

#define KERNELS(isa) {chacha8_blocks_##isa, chacha12_blocks_##isa, \
                      chacha20_blocks_##isa}, chacha8rand_blocks_##isa, \
                     {chacha8_streams_##isa, chacha12_streams_##isa,    \
                      chacha20_streams_##isa}
#define NO_KERNELS {NULL, NULL, NULL}, NULL, {NULL, NULL, NULL}

typedef struct chacha_backend {
    const char *name;
    chacha_blocks_fn kernels[3]; /* 8, 12, 20 rounds; NULL if not built */
    chacha8rand_blocks_fn chacha8rand;
    chacha_streams_fn streams[3]; /* as kernels, streams in the lanes */
} chacha_backend;

static const chacha_backend backends[CHACHA_BACKEND_COUNT] = {
    {"portable",
     {chacha8_blocks_portable, chacha12_blocks_portable,
      chacha20_blocks_portable}, chacha8rand_blocks_portable,
     {chacha8_streams_portable, chacha12_streams_portable,
      chacha20_streams_portable}},
#if defined(CHACHARAND_HAVE_SSE2)
    {"sse2", KERNELS(sse2)},
#else
    {"sse2", NO_KERNELS},
#endif
#if defined(CHACHARAND_HAVE_AVX2)
    {"avx2", KERNELS(avx2)},
#else
    {"avx2", NO_KERNELS},
#endif
#if defined(CHACHARAND_HAVE_AVX512)
    {"avx512", KERNELS(avx512)},
#else
    {"avx512", NO_KERNELS},
#endif
#if defined(CHACHARAND_HAVE_NEON)
    {"neon", KERNELS(neon)},
#else
    {"neon", NO_KERNELS},
#endif
};

static int rounds_slot(int rounds) {
    switch (rounds) {
    case 8:
        return 0;
    case 12:
        return 1;
    case 20:
        return 2;
    default:
        return -1;
    }
}

const char *chacha_backend_name(int id) {
    if (id < 0 || id >= CHACHA_BACKEND_COUNT) {
        return NULL;
    }
    return backends[id].name;
}

/* Can this CPU and OS run the backend's instructions? */
static int cpu_supports(int id) {
    unsigned need;
    switch (id) {
    case CHACHA_BACKEND_PORTABLE:
        return 1;
    case CHACHA_BACKEND_SSE2:
        need = CR_CPU_SSE2;
        break;
    case CHACHA_BACKEND_AVX2:
        need = CR_CPU_AVX2;
        break;
    case CHACHA_BACKEND_AVX512:
        /* The file is built with -mavx512f, which lets the compiler use
         * AVX2 as well; every AVX-512F CPU has it, check anyway. */
        need = CR_CPU_AVX512F | CR_CPU_AVX2;
        break;
    case CHACHA_BACKEND_NEON:
        need = CR_CPU_NEON;
        break;
    default:
        return 0;
    }
    return (cr_cpu_features() & need) == need;
}

int chacha_backend_compiled(int id) {
    return id >= 0 && id < CHACHA_BACKEND_COUNT &&
           backends[id].kernels[0] != NULL;
}

int chacha_backend_available(int id) {
    return chacha_backend_compiled(id) && cpu_supports(id);
}

chacha_blocks_fn chacha_backend_kernel(int id, int rounds) {
    int slot = rounds_slot(rounds);
    if (slot < 0 || !chacha_backend_available(id)) {
        return NULL;
    }
    return backends[id].kernels[slot];
}

chacha8rand_blocks_fn chacha_backend_chacha8rand(int id) {
    if (!chacha_backend_available(id)) {
        return NULL;
    }
    return backends[id].chacha8rand;
}

chacha_streams_fn chacha_backend_streams(int id, int rounds) {
    int slot = rounds_slot(rounds);
    if (slot < 0 || !chacha_backend_available(id)) {
        return NULL;
    }
    return backends[id].streams[slot];
}

int chacha_backend_best(void) {
    int id;
    for (id = CHACHA_BACKEND_COUNT - 1; id > 0; id--) {
        if (chacha_backend_available(id)) {
            return id;
        }
    }
    return CHACHA_BACKEND_PORTABLE;
}

/* The width of each backend, in cr_simd_cap's units. */
static int backend_width(int id) {
    switch (id) {
    case CHACHA_BACKEND_SSE2:
    case CHACHA_BACKEND_NEON:
        return 1;
    case CHACHA_BACKEND_AVX2:
        return 2;
    case CHACHA_BACKEND_AVX512:
        return 3;
    default:
        return 0;
    }
}

int chacha_backend_default(int *status) {
    const char *name;
    int cap = cr_simd_cap(&name);
    int id, chosen = CHACHA_BACKEND_PORTABLE;

    if (status != NULL) {
        *status = CHACHA_CAP_TAKEN;
    }
    if (cap == CR_SIMD_NO_CAP || cap == CR_SIMD_UNKNOWN) {
        if (cap == CR_SIMD_UNKNOWN && status != NULL) {
            *status = CHACHA_CAP_UNKNOWN;
        }
        return chacha_backend_best();
    }
    for (id = 0; id < CHACHA_BACKEND_COUNT; id++) {
        if (strcmp(backends[id].name, name) == 0 &&
            chacha_backend_available(id)) {
            return id;
        }
    }
    if (status != NULL) {
        *status = CHACHA_CAP_UNAVAILABLE;
    }
    for (id = 0; id < CHACHA_BACKEND_COUNT; id++) {
        if (chacha_backend_available(id) && backend_width(id) <= cap &&
            backend_width(id) > backend_width(chosen)) {
            chosen = id;
        }
    }
    return chosen;
}
