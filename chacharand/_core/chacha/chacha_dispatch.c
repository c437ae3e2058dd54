/*
 * Backend table and run-time selection for the ChaCha kernels.
 */
#include "chacha_dispatch.h"

#include "chacha_kernels.h"

typedef struct chacha_backend {
    const char *name;
    chacha_blocks_fn kernels[3]; /* 8, 12, 20 rounds; NULL if not built */
} chacha_backend;

static const chacha_backend backends[CHACHA_BACKEND_COUNT] = {
    {"portable",
     {chacha8_blocks_portable, chacha12_blocks_portable,
      chacha20_blocks_portable}},
    {"sse2", {NULL, NULL, NULL}},
    {"avx2", {NULL, NULL, NULL}},
    {"avx512", {NULL, NULL, NULL}},
    {"neon", {NULL, NULL, NULL}},
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

static int cpu_supports(int id) {
    return id == CHACHA_BACKEND_PORTABLE;
}

int chacha_backend_available(int id) {
    if (id < 0 || id >= CHACHA_BACKEND_COUNT || backends[id].kernels[0] == NULL) {
        return 0;
    }
    return cpu_supports(id);
}

chacha_blocks_fn chacha_backend_kernel(int id, int rounds) {
    int slot = rounds_slot(rounds);
    if (slot < 0 || !chacha_backend_available(id)) {
        return NULL;
    }
    return backends[id].kernels[slot];
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
