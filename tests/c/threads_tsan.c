/*
 * The core's shared paths under many threads, built with ThreadSanitizer
 * (make -C tests/c tsan).
 *
 * 16 threads are released at once into the process's first calls of CPU
 * feature detection, the ChaCha backend choice and the conversion-loop
 * choice, which each thread of a free-threaded Python may make first.
 * Then each runs generators of its own (every ChaCha round count with the
 * widest kernel, HC-128, ISAAC, ISAAC-64) and the conversions, and checks
 * them: ChaCha20 with the zero key against RFC 8439's test vector (A.1,
 * #1), every ChaCha against the portable kernel, the table generators
 * against the same generator run by the main thread alone afterwards, the
 * conversions against their definition.  ThreadSanitizer stops the
 * program on any data race (halt_on_error); the last line is
 * "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "chacha/chacha.h"
#include "chacha/chacha_dispatch.h"
#include "common/cpu_features.h"
#include "generator/convert.h"
#include "hc128/hc128.h"
#include "isaac/isaac.h"
#include "isaac/isaac64.h"

#define THREADS 16
#define WORDS 3000 /* 64-bit draws per generator: several buffer refills */

/* RFC 8439 A.1 test vector #1: ChaCha20, zero key, nonce and counter. */
static const uint8_t RFC8439_A1_1[16] = {
    0x76, 0xb8, 0xe0, 0xad, 0xa0, 0xf1, 0x3d, 0x90,
    0x40, 0x5d, 0x6a, 0xe5, 0x53, 0x86, 0xbd, 0x28};

typedef struct worker {
    int id;
    unsigned features;
    int best;
    const char *convert;
    int failures;
    uint64_t hc128[WORDS], isaac[WORDS], isaac64[WORDS];
} worker;

static pthread_barrier_t start;
static worker workers[THREADS];

static void key_of(int id, uint8_t key[32]) {
    int i;
    for (i = 0; i < 32; i++) {
        key[i] = (uint8_t)(id * 37 + i);
    }
}

static int same_chacha(int rounds, int backend, const uint8_t key[32],
                       uint64_t stream) {
    chacha_state wide, portable;
    uint64_t a[WORDS], b[WORDS];
    chacha_init(&wide, key, stream, rounds,
                chacha_backend_kernel(backend, rounds));
    chacha_init(&portable, key, stream, rounds,
                chacha_backend_kernel(CHACHA_BACKEND_PORTABLE, rounds));
    chacha_fill_uint64(&wide, a, WORDS);
    chacha_fill_uint64(&portable, b, WORDS);
    return memcmp(a, b, sizeof a) == 0;
}

static void *work(void *arg) {
    worker *w = (worker *)arg;
    uint8_t key[32], zero[32] = {0}, block[16];
    chacha_state rfc;
    hc128_state hc;
    isaac_state is;
    isaac64_state is64;
    double d[WORDS];
    uint64_t bits[WORDS];
    int i, rounds;

    pthread_barrier_wait(&start);
    /* The first calls, raced. */
    w->features = cr_cpu_features();
    w->best = chacha_backend_best();
    w->convert = crg_convert_backend();

    chacha_init(&rfc, zero, 0, 20, chacha_backend_kernel(w->best, 20));
    chacha_fill_bytes(&rfc, block, sizeof block);
    w->failures += memcmp(block, RFC8439_A1_1, sizeof block) != 0;

    key_of(w->id, key);
    for (rounds = 8; rounds <= 20; rounds += rounds == 8 ? 4 : 8) {
        w->failures += !same_chacha(rounds, w->best, key, (uint64_t)w->id);
    }

    hc128_init(&hc, key);
    hc128_fill_uint64(&hc, w->hc128, WORDS);
    isaac_init(&is, key, sizeof key);
    isaac_fill_uint64(&is, w->isaac, WORDS);
    isaac64_init(&is64, key, sizeof key);
    isaac64_fill_uint64(&is64, w->isaac64, WORDS);

    for (i = 0; i < WORDS; i++) {
        bits[i] = w->isaac64[i];
    }
    memcpy(d, bits, sizeof d);
    crg_convert_double(d, WORDS);
    for (i = 0; i < WORDS; i++) {
        if (d[i] != (double)(bits[i] >> 11) * (1.0 / 9007199254740992.0)) {
            w->failures++;
            break;
        }
    }
    return NULL;
}

int main(void) {
    pthread_t threads[THREADS];
    int i, passed = 0, failed = 0;
    uint64_t want[WORDS];
    uint8_t key[32];

    pthread_barrier_init(&start, NULL, THREADS);
    for (i = 0; i < THREADS; i++) {
        workers[i].id = i;
        if (pthread_create(&threads[i], NULL, work, &workers[i]) != 0) {
            printf("cannot start thread %d\n", i);
            return 1;
        }
    }
    for (i = 0; i < THREADS; i++) {
        pthread_join(threads[i], NULL);
    }
    pthread_barrier_destroy(&start);

    for (i = 0; i < THREADS; i++) {
        worker *w = &workers[i];
        hc128_state hc;
        isaac_state is;
        isaac64_state is64;
        int ok = w->failures == 0 && w->features == cr_cpu_features() &&
                 w->best == chacha_backend_best() &&
                 strcmp(w->convert, crg_convert_backend()) == 0;
        key_of(i, key);
        hc128_init(&hc, key);
        hc128_fill_uint64(&hc, want, WORDS);
        ok = ok && memcmp(want, w->hc128, sizeof want) == 0;
        isaac_init(&is, key, sizeof key);
        isaac_fill_uint64(&is, want, WORDS);
        ok = ok && memcmp(want, w->isaac, sizeof want) == 0;
        isaac64_init(&is64, key, sizeof key);
        isaac64_fill_uint64(&is64, want, WORDS);
        ok = ok && memcmp(want, w->isaac64, sizeof want) == 0;
        if (ok) {
            passed++;
        } else {
            failed++;
            printf("FAIL thread %d\n", i);
        }
    }
    printf("%d threads, ChaCha backend %s, conversions %s\n", THREADS,
           chacha_backend_name(chacha_backend_best()),
           crg_convert_backend());
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
