/*
 * ChaCha keystream throughput per backend and round count (not a test).
 *
 *   make -C tests/c bench [BENCH_ARGS="seconds"]
 *
 * "bulk" calls the kernel for 256 blocks (16 KiB, stays in L1/L2) at a time;
 * "refill" calls it for CHACHA_BUFFER_BLOCKS blocks, as the generator's
 * refill does.  Each figure (GiB/s, 2^30 bytes per second, as the usual
 * Python one-liner for OpenSSL reports) is the best of several runs.
 */
#define _POSIX_C_SOURCE 199309L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chacha/chacha.h"
#include "chacha/chacha_dispatch.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static volatile uint8_t sink;

#define RUNS 15
#define GIB (1024.0 * 1024.0 * 1024.0)

/* GiB/s of `k` writing `nblocks` per call: the best of RUNS short runs,
 * which filters out time slices lost to other processes. */
static double measure(chacha_blocks_fn k, size_t nblocks, double seconds) {
    static uint8_t buf[256 * CHACHA_BLOCK_BYTES];
    uint32_t input[16];
    double best = 0.0;
    int rep, i;
    size_t calls = 1;

    for (i = 0; i < 16; i++) {
        input[i] = 0x01010101u * (uint32_t)(i + 1);
    }
    /* Calibrate: enough calls for seconds/RUNS per run. */
    for (;;) {
        double t0 = now(), t;
        size_t c;
        for (c = 0; c < calls; c++) {
            k(input, buf, nblocks);
            input[12] += (uint32_t)nblocks;
        }
        t = now() - t0;
        if (t > seconds / (4 * RUNS)) {
            calls = (size_t)((double)calls * (seconds / RUNS) / t) + 1;
            break;
        }
        calls *= 2;
    }
    for (rep = 0; rep < RUNS; rep++) {
        double t0 = now(), t, rate;
        size_t c;
        for (c = 0; c < calls; c++) {
            k(input, buf, nblocks);
            input[12] += (uint32_t)nblocks;
        }
        t = now() - t0;
        sink ^= buf[nblocks * CHACHA_BLOCK_BYTES - 1];
        rate = (double)calls * (double)nblocks * CHACHA_BLOCK_BYTES / t / GIB;
        if (rate > best) {
            best = rate;
        }
    }
    return best;
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 0.5;
    static const int rounds[3] = {8, 12, 20};
    int id, r;

    if (seconds <= 0) {
        seconds = 0.5;
    }
    printf("GiB/s, best of %d runs; bulk = 256 blocks per call, "
           "refill = %u blocks per call\n",
           RUNS, (unsigned)CHACHA_BUFFER_BLOCKS);
    printf("%-10s %8s %8s %8s   %8s %8s %8s\n", "backend", "bulk8", "bulk12",
           "bulk20", "refill8", "refill12", "refill20");
    for (id = 0; id < CHACHA_BACKEND_COUNT; id++) {
        double bulk[3], refill[3];
        if (!chacha_backend_available(id)) {
            continue;
        }
        for (r = 0; r < 3; r++) {
            chacha_blocks_fn k = chacha_backend_kernel(id, rounds[r]);
            bulk[r] = measure(k, 256, seconds);
            refill[r] = measure(k, CHACHA_BUFFER_BLOCKS, seconds);
        }
        printf("%-10s %8.2f %8.2f %8.2f   %8.2f %8.2f %8.2f\n",
               chacha_backend_name(id), bulk[0], bulk[1], bulk[2], refill[0],
               refill[1], refill[2]);
        fflush(stdout);
    }
    return 0;
}
