/*
 * Run-time choice of the ChaCha kernel.
 *
 * Backends are numbered; a backend is "available" when it is compiled into
 * this build and the CPU and operating system support it.  New generators
 * take chacha_backend_default(): the widest available one, capped by the
 * CHACHARAND_SIMD environment variable (common/cpu_features.h reads it);
 * Python may pick any available backend per generator.
 */
#ifndef CHACHARAND_CHACHA_DISPATCH_H
#define CHACHARAND_CHACHA_DISPATCH_H

#include "chacha.h"
#include "chacha_kernels.h"

typedef enum chacha_backend_id {
    CHACHA_BACKEND_PORTABLE = 0,
    CHACHA_BACKEND_SSE2 = 1,
    CHACHA_BACKEND_AVX2 = 2,
    CHACHA_BACKEND_AVX512 = 3,
    CHACHA_BACKEND_NEON = 4,
    CHACHA_BACKEND_COUNT = 5
} chacha_backend_id;

/* "portable", "sse2", "avx2", "avx512", "neon"; NULL outside the range. */
const char *chacha_backend_name(int id);

/* 1 when the backend's kernels are compiled into this build, else 0. */
int chacha_backend_compiled(int id);

/* 1 when compiled in and supported by this CPU and OS, else 0. */
int chacha_backend_available(int id);

/* The kernel of an available backend for 8, 12 or 20 rounds, else NULL. */
chacha_blocks_fn chacha_backend_kernel(int id, int rounds);

/* The ChaCha8Rand kernel of an available backend, else NULL. */
chacha8rand_blocks_fn chacha_backend_chacha8rand(int id);

/* The streams kernel (chacha_kernels.h) of an available backend for 8, 12
 * or 20 rounds, else NULL. */
chacha_streams_fn chacha_backend_streams(int id, int rounds);

/* The widest available backend. */
int chacha_backend_best(void);

/* How chacha_backend_default() read CHACHARAND_SIMD. */
typedef enum chacha_cap_status {
    CHACHA_CAP_TAKEN = 0,       /* unset, or the named backend is used */
    CHACHA_CAP_UNKNOWN = 1,     /* not a backend name: the widest is used */
    CHACHA_CAP_UNAVAILABLE = 2  /* named backend not available here: the
                                   widest one no wider than it is used */
} chacha_cap_status;

/* The backend new generators use: the widest available, capped by
 * CHACHARAND_SIMD (a cap admits its own width and the narrower ones).
 * *status (if not NULL) says how the variable was read. */
int chacha_backend_default(int *status);

#endif /* CHACHARAND_CHACHA_DISPATCH_H */
