/*
 * C tests of the ChaCha core: known answers, and every compiled-in and
 * supported backend against the portable kernel for 8, 12 and 20 rounds.
 *
 * Built and run by tests/c/Makefile (make -C tests/c test | sanitize |
 * cross-aarch64).  The AVX-512 kernel is also compiled here a second time
 * over a plain-C model of the AVX-512F intrinsics it uses, so its logic
 * (lane counters, carries, transposition, short batches) is checked on any
 * machine, whether or not the CPU has AVX-512; define CHACHARAND_NO_EMU512
 * to leave that out.  With CHACHARAND_TEST_AVX2_NOASM, the intrinsics form
 * of the AVX2 rounds is tested too (linked in under other names).
 *
 * Last line: "N passed, N failed"; the exit status is 1 on any failure.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chacha/chacha.h"
#include "chacha/chacha_dispatch.h"
#include "chacha/chacha_kernels.h"
#include "common/cpu_features.h"
#include "pv_chacha.h" /* generated: make_vectors.py */

#define CHECK_RNG_SEED 0x243F6A8885A308D3ull
#include "check.h"

static size_t rnd_below(size_t n) { return (size_t)(rnd64() % n); }

static void hex_decode(const char *hex, uint8_t *out, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

static void make_input(uint32_t input[16], const uint8_t key[32],
                       uint64_t counter, uint64_t stream) {
    static const uint32_t sigma[4] = {0x61707865u, 0x3320646eu, 0x79622d32u,
                                      0x6b206574u};
    int i;
    for (i = 0; i < 4; i++) {
        input[i] = sigma[i];
    }
    for (i = 0; i < 8; i++) {
        input[4 + i] = cr_load32_le(key + 4 * i);
    }
    input[12] = (uint32_t)counter;
    input[13] = (uint32_t)(counter >> 32);
    input[14] = (uint32_t)stream;
    input[15] = (uint32_t)(stream >> 32);
}

static void random_key(uint8_t key[32]) {
    int i;
    for (i = 0; i < 32; i++) {
        key[i] = (uint8_t)rnd64();
    }
}

static chacha_blocks_fn portable_kernel(int rounds) {
    return rounds == 8 ? chacha8_blocks_portable
         : rounds == 12 ? chacha12_blocks_portable
                        : chacha20_blocks_portable;
}

static size_t first_diff(const uint8_t *a, const uint8_t *b, size_t n) {
    size_t i;
    for (i = 0; i < n && a[i] == b[i]; i++) {
    }
    return i;
}

/* ---- the backends under test ----------------------------------------- */

typedef struct backend {
    const char *name;
    chacha_blocks_fn k[3];   /* 8, 12, 20 rounds */
    chacha_streams_fn st[3]; /* its streams kernels (chacha_kernels.h) */
} backend;

static backend backends[CHACHA_BACKEND_COUNT + 2];
static int n_backends;

static chacha_blocks_fn kernel_of(const backend *b, int rounds) {
    return b->k[rounds == 8 ? 0 : rounds == 12 ? 1 : 2];
}

#if !defined(CHACHARAND_NO_EMU512)
/*
 * A plain-C model of the AVX-512F intrinsics used by chacha_avx512.c, each
 * written from its documented definition, then the kernel file itself
 * compiled over it under other names.
 */
typedef struct emu512 {
    uint32_t w[16];
} emu512;
typedef uint16_t emu_mask16;

static emu512 emu_set1(int x) {
    emu512 r;
    int i;
    for (i = 0; i < 16; i++) r.w[i] = (uint32_t)x;
    return r;
}
static emu512 emu_setr(int e0, int e1, int e2, int e3, int e4, int e5,
                       int e6, int e7, int e8, int e9, int e10, int e11,
                       int e12, int e13, int e14, int e15) {
    emu512 r;
    r.w[0] = (uint32_t)e0; r.w[1] = (uint32_t)e1; r.w[2] = (uint32_t)e2;
    r.w[3] = (uint32_t)e3; r.w[4] = (uint32_t)e4; r.w[5] = (uint32_t)e5;
    r.w[6] = (uint32_t)e6; r.w[7] = (uint32_t)e7; r.w[8] = (uint32_t)e8;
    r.w[9] = (uint32_t)e9; r.w[10] = (uint32_t)e10; r.w[11] = (uint32_t)e11;
    r.w[12] = (uint32_t)e12; r.w[13] = (uint32_t)e13;
    r.w[14] = (uint32_t)e14; r.w[15] = (uint32_t)e15;
    return r;
}
static emu512 emu_add(emu512 a, emu512 b) {
    int i;
    for (i = 0; i < 16; i++) a.w[i] += b.w[i];
    return a;
}
static emu512 emu_xor(emu512 a, emu512 b) {
    int i;
    for (i = 0; i < 16; i++) a.w[i] ^= b.w[i];
    return a;
}
static emu512 emu_rol(emu512 a, int n) {
    int i;
    for (i = 0; i < 16; i++) a.w[i] = cr_rotl32(a.w[i], n);
    return a;
}
static emu_mask16 emu_cmplt_epu32(emu512 a, emu512 b) {
    emu_mask16 k = 0;
    int i;
    for (i = 0; i < 16; i++) {
        if (a.w[i] < b.w[i]) k = (emu_mask16)(k | (1u << i));
    }
    return k;
}
static emu512 emu_mask_add(emu512 src, emu_mask16 k, emu512 a, emu512 b) {
    int i;
    for (i = 0; i < 16; i++) {
        if (k & (1u << i)) src.w[i] = a.w[i] + b.w[i];
    }
    return src;
}
/* Within each 128-bit lane L (words 4L..4L+3). */
static emu512 emu_unpack32(emu512 a, emu512 b, int hi) {
    emu512 r;
    int L, o = hi ? 2 : 0;
    for (L = 0; L < 4; L++) {
        r.w[4 * L + 0] = a.w[4 * L + o];
        r.w[4 * L + 1] = b.w[4 * L + o];
        r.w[4 * L + 2] = a.w[4 * L + o + 1];
        r.w[4 * L + 3] = b.w[4 * L + o + 1];
    }
    return r;
}
static emu512 emu_unpack64(emu512 a, emu512 b, int hi) {
    emu512 r;
    int L, o = hi ? 2 : 0;
    for (L = 0; L < 4; L++) {
        r.w[4 * L + 0] = a.w[4 * L + o];
        r.w[4 * L + 1] = a.w[4 * L + o + 1];
        r.w[4 * L + 2] = b.w[4 * L + o];
        r.w[4 * L + 3] = b.w[4 * L + o + 1];
    }
    return r;
}
static emu512 emu_shuffle_i32x4(emu512 a, emu512 b, int imm) {
    emu512 r;
    int L, j;
    for (L = 0; L < 4; L++) {
        const emu512 *src = L < 2 ? &a : &b;
        int sel = (imm >> (2 * L)) & 3;
        for (j = 0; j < 4; j++) r.w[4 * L + j] = src->w[4 * sel + j];
    }
    return r;
}
static void emu_storeu(void *p, emu512 v) {
    int i;
    for (i = 0; i < 16; i++) cr_store32_le((uint8_t *)p + 4 * i, v.w[i]);
}

#define CHACHARAND_AVX512_EMULATION 1
#define __m512i emu512
#define __mmask16 emu_mask16
#define _mm512_set1_epi32 emu_set1
#define _mm512_setr_epi32 emu_setr
#define _mm512_add_epi32 emu_add
#define _mm512_xor_si512 emu_xor
#define _mm512_rol_epi32 emu_rol
#define _mm512_cmplt_epu32_mask emu_cmplt_epu32
#define _mm512_mask_add_epi32 emu_mask_add
#define _mm512_unpacklo_epi32(a, b) emu_unpack32(a, b, 0)
#define _mm512_unpackhi_epi32(a, b) emu_unpack32(a, b, 1)
#define _mm512_unpacklo_epi64(a, b) emu_unpack64(a, b, 0)
#define _mm512_unpackhi_epi64(a, b) emu_unpack64(a, b, 1)
#define _mm512_shuffle_i32x4 emu_shuffle_i32x4
#define _mm512_storeu_si512 emu_storeu
#define chacha8_blocks_avx512 emu_chacha8_blocks_avx512
#define chacha12_blocks_avx512 emu_chacha12_blocks_avx512
#define chacha20_blocks_avx512 emu_chacha20_blocks_avx512
#define chacha8rand_blocks_avx512 emu_chacha8rand_blocks_avx512
#define chacha8_streams_avx512 emu_chacha8_streams_avx512
#define chacha12_streams_avx512 emu_chacha12_streams_avx512
#define chacha20_streams_avx512 emu_chacha20_streams_avx512
void emu_chacha8rand_blocks_avx512(const uint32_t input[16], uint8_t *out);
void emu_chacha8_blocks_avx512(const uint32_t input[16], uint8_t *out,
                               size_t nblocks);
void emu_chacha12_blocks_avx512(const uint32_t input[16], uint8_t *out,
                                size_t nblocks);
void emu_chacha20_blocks_avx512(const uint32_t input[16], uint8_t *out,
                                size_t nblocks);
void emu_chacha8_streams_avx512(const uint32_t input[16],
                                const uint64_t *streams, size_t nstreams,
                                uint8_t *out, size_t nblocks);
void emu_chacha12_streams_avx512(const uint32_t input[16],
                                 const uint64_t *streams, size_t nstreams,
                                 uint8_t *out, size_t nblocks);
void emu_chacha20_streams_avx512(const uint32_t input[16],
                                 const uint64_t *streams, size_t nstreams,
                                 uint8_t *out, size_t nblocks);
#include "chacha/chacha_avx512.c"
#undef LANES
#undef ADD
#undef XOR
#undef ROT
#undef QUARTER_ROUNDS
#undef TRANSPOSE4
#undef STOREU
#undef STORE_COLUMN
#undef BCAST
#undef chacha8_blocks_avx512
#undef chacha12_blocks_avx512
#undef chacha20_blocks_avx512
#undef chacha8rand_blocks_avx512
#undef chacha8_streams_avx512
#undef chacha12_streams_avx512
#undef chacha20_streams_avx512
#endif /* !CHACHARAND_NO_EMU512 */

#if defined(CHACHARAND_TEST_AVX2_NOASM)
/* chacha_avx2.c built again with CHACHARAND_NO_ASM (see the Makefile). */
void chacha8_blocks_avx2_noasm(const uint32_t input[16], uint8_t *out,
                               size_t nblocks);
void chacha12_blocks_avx2_noasm(const uint32_t input[16], uint8_t *out,
                                size_t nblocks);
void chacha20_blocks_avx2_noasm(const uint32_t input[16], uint8_t *out,
                                size_t nblocks);
void chacha8_streams_avx2_noasm(const uint32_t input[16],
                                const uint64_t *streams, size_t nstreams,
                                uint8_t *out, size_t nblocks);
void chacha12_streams_avx2_noasm(const uint32_t input[16],
                                 const uint64_t *streams, size_t nstreams,
                                 uint8_t *out, size_t nblocks);
void chacha20_streams_avx2_noasm(const uint32_t input[16],
                                 const uint64_t *streams, size_t nstreams,
                                 uint8_t *out, size_t nblocks);
#endif

static void collect_backends(void) {
    int id;
    for (id = 0; id < CHACHA_BACKEND_COUNT; id++) {
        if (id != CHACHA_BACKEND_PORTABLE && chacha_backend_available(id)) {
            backend *b = &backends[n_backends++];
            b->name = chacha_backend_name(id);
            b->k[0] = chacha_backend_kernel(id, 8);
            b->k[1] = chacha_backend_kernel(id, 12);
            b->k[2] = chacha_backend_kernel(id, 20);
            b->st[0] = chacha_backend_streams(id, 8);
            b->st[1] = chacha_backend_streams(id, 12);
            b->st[2] = chacha_backend_streams(id, 20);
        }
    }
#if defined(CHACHARAND_TEST_AVX2_NOASM)
    if (chacha_backend_available(CHACHA_BACKEND_AVX2)) {
        backend *b = &backends[n_backends++];
        b->name = "avx2-noasm";
        b->k[0] = chacha8_blocks_avx2_noasm;
        b->k[1] = chacha12_blocks_avx2_noasm;
        b->k[2] = chacha20_blocks_avx2_noasm;
        b->st[0] = chacha8_streams_avx2_noasm;
        b->st[1] = chacha12_streams_avx2_noasm;
        b->st[2] = chacha20_streams_avx2_noasm;
    }
#endif
#if !defined(CHACHARAND_NO_EMU512)
    {
        backend *b = &backends[n_backends++];
        b->name = "avx512-emulated";
        b->k[0] = emu_chacha8_blocks_avx512;
        b->k[1] = emu_chacha12_blocks_avx512;
        b->k[2] = emu_chacha20_blocks_avx512;
        b->st[0] = emu_chacha8_streams_avx512;
        b->st[1] = emu_chacha12_streams_avx512;
        b->st[2] = emu_chacha20_streams_avx512;
    }
#endif
}

/* ---- dispatch -------------------------------------------------------- */

static void test_dispatch(void) {
    int id, best = chacha_backend_best();
    unsigned f = cr_cpu_features();

    printf("cpu features:%s%s%s%s%s%s\n", f & CR_CPU_SSE2 ? " sse2" : "",
           f & CR_CPU_SSSE3 ? " ssse3" : "", f & CR_CPU_AVX ? " avx" : "",
           f & CR_CPU_AVX2 ? " avx2" : "", f & CR_CPU_AVX512F ? " avx512f" : "",
           f & CR_CPU_NEON ? " neon" : "");
    for (id = 0; id < CHACHA_BACKEND_COUNT; id++) {
        printf("backend %-8s compiled=%d available=%d%s\n",
               chacha_backend_name(id), chacha_backend_compiled(id),
               chacha_backend_available(id), id == best ? "  (best)" : "");
    }
    CHECK(cr_cpu_features() == f, "feature detection is not stable");
    CHECK(chacha_backend_available(CHACHA_BACKEND_PORTABLE),
          "portable must be available");
    CHECK(chacha_backend_available(best), "best backend %d not available",
          best);
    CHECK(chacha_backend_name(-1) == NULL &&
              chacha_backend_name(CHACHA_BACKEND_COUNT) == NULL,
          "names out of range");
    CHECK(!chacha_backend_available(-1) &&
              !chacha_backend_available(CHACHA_BACKEND_COUNT),
          "availability out of range");
    for (id = 0; id < CHACHA_BACKEND_COUNT; id++) {
        int r;
        if (id > best) {
            CHECK(!chacha_backend_available(id) || id == CHACHA_BACKEND_NEON,
                  "best is not the widest");
        }
        CHECK(chacha_backend_kernel(id, 7) == NULL &&
                  chacha_backend_kernel(id, 0) == NULL &&
                  chacha_backend_streams(id, 7) == NULL,
              "kernel for bad rounds");
        for (r = 8; r <= 20; r += 4) {
            if (r == 16) continue;
            CHECK((chacha_backend_kernel(id, r) != NULL) ==
                      chacha_backend_available(id),
                  "kernel(%d, %d) presence", id, r);
            CHECK((chacha_backend_streams(id, r) != NULL) ==
                      chacha_backend_available(id),
                  "streams kernel(%d, %d) presence", id, r);
            if (chacha_backend_available(id) && !chacha_backend_compiled(id)) {
                CHECK(0, "available but not compiled: %d", id);
            }
        }
    }
    CHECK(chacha_backend_streams(-1, 8) == NULL &&
              chacha_backend_streams(CHACHA_BACKEND_COUNT, 8) == NULL,
          "streams kernels out of range");
#if defined(__x86_64__) || defined(_M_X64)
    CHECK((f & CR_CPU_SSE2) != 0, "x86-64 without SSE2?");
#endif
#if defined(__aarch64__)
    CHECK((f & CR_CPU_NEON) != 0, "aarch64 without NEON?");
#endif
    if (f & CR_CPU_AVX512F) {
        CHECK((f & CR_CPU_AVX2) != 0, "AVX-512F without AVX2");
    }
}

/* ---- known answers --------------------------------------------------- */

/* The published vectors of 256-bit keys (tests/data/published_vectors.json,
 * through tests/c/make_vectors.py): RFC 8439 and draft-strombergson, for
 * 8, 12 and 20 rounds. */
typedef pv_chacha kat;
#define kats pv_chacha_vectors

static void test_kat_one(const kat *t, const char *bname, chacha_blocks_fn k) {
    uint8_t key[32], expect[128], got[128 + 1];
    uint32_t input[16];
    size_t nbytes = strlen(t->keystream_hex) / 2;
    size_t nblocks = nbytes / 64;
    chacha_state *s;

    hex_decode(t->key_hex, key, 32);
    hex_decode(t->keystream_hex, expect, nbytes);
    make_input(input, key, t->counter, t->stream);

    /* The kernel, to an odd address. */
    memset(got, 0, sizeof got);
    k(input, got + 1, nblocks);
    CHECK(memcmp(got + 1, expect, nbytes) == 0, "%s kernel %s", t->id, bname);

    /* The generator, word by word and in bulk. */
    s = (chacha_state *)malloc(sizeof *s);
    if (s == NULL) {
        CHECK(0, "out of memory");
        return;
    }
    chacha_init(s, key, t->stream, t->rounds, k);
    chacha_seek(s, t->counter, 0);
    {
        size_t i;
        int ok = 1;
        for (i = 0; i < nbytes / 4; i++) {
            ok &= chacha_next_uint32(s) == cr_load32_le(expect + 4 * i);
        }
        CHECK(ok, "%s next_uint32 %s", t->id, bname);
    }
    chacha_seek(s, t->counter, 0);
    chacha_fill_bytes(s, got, nbytes);
    CHECK(memcmp(got, expect, nbytes) == 0, "%s fill_bytes %s", t->id, bname);
    chacha_wipe(s);
    free(s);
}

static void test_kats(void) {
    size_t i;
    int b;
    for (i = 0; i < sizeof kats / sizeof kats[0]; i++) {
        test_kat_one(&kats[i], "portable", portable_kernel(kats[i].rounds));
        for (b = 0; b < n_backends; b++) {
            test_kat_one(&kats[i], backends[b].name,
                         kernel_of(&backends[b], kats[i].rounds));
        }
    }
}

/* ---- kernel parity --------------------------------------------------- */

#define GUARD 64u

/* Backend vs portable for one input and block count, written at an address
 * `misalign` bytes past a 64-byte boundary; checks that nothing outside the
 * blocks is written and that the input is left alone.  Returns 1 if ok. */
static int parity_once(const backend *b, int rounds, const uint32_t input[16],
                       size_t nblocks, size_t misalign) {
    size_t nbytes = nblocks * CHACHA_BLOCK_BYTES;
    uint8_t *ref = (uint8_t *)malloc(nbytes + 1);
    size_t rawsize = nbytes + 2 * GUARD + 128;
    uint8_t *raw = (uint8_t *)malloc(rawsize);
    uint8_t *out;
    uint32_t in_copy[16];
    size_t i;
    int ok = 1;

    if (ref == NULL || raw == NULL) {
        free(ref);
        free(raw);
        CHECK(0, "out of memory");
        return 0;
    }
    /* misalign < 64: out + nbytes + GUARD stays inside raw */
    out = raw + GUARD + ((64 - (uintptr_t)(raw + GUARD) % 64) % 64) + misalign;
    memset(raw, 0xA5, rawsize);
    portable_kernel(rounds)(input, ref, nblocks);
    memcpy(in_copy, input, sizeof in_copy);
    kernel_of(b, rounds)(in_copy, out, nblocks);

    if (memcmp(out, ref, nbytes) != 0) {
        size_t d = first_diff(out, ref, nbytes);
        ok = 0;
        CHECK(0,
              "%s r%d nblocks=%zu counter=%08x%08x misalign=%zu: first "
              "difference at byte %zu (block %zu)",
              b->name, rounds, nblocks, (unsigned)input[13],
              (unsigned)input[12], misalign, d, d / 64);
    }
    for (i = 0; i < GUARD; i++) {
        if (out[-1 - (ptrdiff_t)i] != 0xA5 || out[nbytes + i] != 0xA5) {
            ok = 0;
            CHECK(0, "%s r%d nblocks=%zu wrote outside its output", b->name,
                  rounds, nblocks);
            break;
        }
    }
    if (memcmp(in_copy, input, sizeof in_copy) != 0) {
        ok = 0;
        CHECK(0, "%s r%d modified its input", b->name, rounds);
    }
    free(ref);
    free(raw);
    return ok;
}

static void test_parity(void) {
    static const size_t large[] = {63, 64, 65, 100, 127, 128, 129, 255, 256,
                                   257, 1000};
    uint64_t counters[54];
    size_t nctr = 0, ci, n;
    int b, r;
    uint64_t k;

    counters[nctr++] = 0;
    for (k = 0; k <= 20; k++) {
        counters[nctr++] = 0xFFFFFFFFull - k; /* carry into word 13 */
    }
    for (k = 0; k <= 20; k++) {
        counters[nctr++] = 0xFFFFFFFFFFFFFFFFull - k; /* wrap mod 2^64 */
    }
    counters[nctr++] = 0x00000007FFFFFFF5ull; /* carry with word 13 != 0 */
    counters[nctr++] = 0x7FFFFFFFFFFFFFF9ull;
    counters[nctr++] = 0x000000007FFFFFFAull; /* 2^31 crossing, no carry */
    while (nctr < sizeof counters / sizeof counters[0]) {
        counters[nctr++] = rnd64();
    }

    for (b = 0; b < n_backends; b++) {
        for (r = 8; r <= 20; r += (r == 12 ? 8 : 4)) {
            unsigned long fails_before = n_failed, checks = 0;
            for (ci = 0; ci < nctr; ci++) {
                uint8_t key[32];
                uint32_t input[16];
                random_key(key);
                make_input(input, key, counters[ci], rnd64());
                for (n = 0; n <= 40; n++) {
                    checks++;
                    if (parity_once(&backends[b], r, input, n, (n + ci) % 5)) {
                        n_passed++;
                    }
                }
                if (ci % 4 == 0 || ci == 21 || ci == 42) {
                    for (n = 0; n < sizeof large / sizeof large[0]; n++) {
                        checks++;
                        if (parity_once(&backends[b], r, input, large[n],
                                        ci % 3)) {
                            n_passed++;
                        }
                    }
                }
            }
            printf("parity %-16s r%-2d: %lu cases, %s\n", backends[b].name,
                   r, checks, n_failed == fails_before ? "ok" : "FAILED");
        }
    }
}

/* ---- streams kernels ------------------------------------------------- */

/* A streams kernel (the portable one or a backend's) vs the portable block
 * kernel run on each stream alone, for one input, nstreams and nblocks,
 * written `misalign` bytes past a 64-byte boundary; checks that nothing
 * outside the output is written and that the input and the stream list are
 * left alone.  Returns 1 if ok. */
#define MAX_TEST_STREAMS 19u /* the widest lanes (16) and three more */
#define MAX_TEST_BLOCKS 5u

static int streams_once(const char *name, chacha_streams_fn kernel,
                        int rounds, const uint32_t input[16],
                        const uint64_t *streams, size_t nstreams,
                        size_t nblocks, size_t misalign) {
    enum { MAX_BYTES = MAX_TEST_STREAMS * MAX_TEST_BLOCKS * 64 };
    static uint8_t ref[MAX_BYTES], raw[MAX_BYTES + 2 * GUARD + 128];
    size_t nbytes = nstreams * nblocks * CHACHA_BLOCK_BYTES, i;
    uint64_t ids[MAX_TEST_STREAMS];
    uint32_t one[16], in_copy[16];
    uint8_t *out;
    int ok = 1;

    /* One stream at a time through the portable block kernel. */
    memcpy(one, input, sizeof one);
    for (i = 0; i < nstreams; i++) {
        one[14] = (uint32_t)streams[i];
        one[15] = (uint32_t)(streams[i] >> 32);
        portable_kernel(rounds)(one, ref + i * nblocks * CHACHA_BLOCK_BYTES,
                                nblocks);
    }
    out = raw + GUARD + ((64 - (uintptr_t)(raw + GUARD) % 64) % 64) + misalign;
    memset(raw, 0xA5, sizeof raw);
    memcpy(in_copy, input, sizeof in_copy);
    memcpy(ids, streams, nstreams * sizeof ids[0]);
    kernel(in_copy, ids, nstreams, out, nblocks);

    if (memcmp(out, ref, nbytes) != 0) {
        size_t d = first_diff(out, ref, nbytes);
        ok = 0;
        CHECK(0,
              "%s streams r%d nstreams=%zu nblocks=%zu counter=%08x%08x: "
              "first difference at byte %zu (stream %zu, block %zu)",
              name, rounds, nstreams, nblocks, (unsigned)input[13],
              (unsigned)input[12], d, d / 64 / nblocks, d / 64 % nblocks);
    }
    for (i = 0; i < GUARD; i++) {
        if (out[-1 - (ptrdiff_t)i] != 0xA5 || out[nbytes + i] != 0xA5) {
            ok = 0;
            CHECK(0, "%s streams r%d nstreams=%zu nblocks=%zu wrote outside "
                  "its output", name, rounds, nstreams, nblocks);
            break;
        }
    }
    if (memcmp(in_copy, input, sizeof in_copy) != 0 ||
        memcmp(ids, streams, nstreams * sizeof ids[0]) != 0) {
        ok = 0;
        CHECK(0, "%s streams r%d modified its input", name, rounds);
    }
    return ok;
}

/* 1 .. MAX_TEST_STREAMS streams (whole and partial lane groups of every
 * width), 0 .. MAX_TEST_BLOCKS blocks each, at counters whose blocks cross
 * the carry into word 13 and the wrap modulo 2^64. */
static void test_streams_kernel(const char *name, const chacha_streams_fn st[3]) {
    static const uint64_t counters[] = {
        0, 0xFFFFFFFFull, 0xFFFFFFFEull, 0xFFFFFFFDull, 0x00000007FFFFFFFCull,
        0xFFFFFFFFFFFFFFFFull, 0xFFFFFFFFFFFFFFFDull, 0x2545F4914F6CDD1Dull};
    static const int rounds[3] = {8, 12, 20};
    int slot;
    for (slot = 0; slot < 3; slot++) {
        int r = rounds[slot];
        unsigned long fails_before = n_failed, checks = 0;
        size_t ci, ns, nb, i;
        for (ci = 0; ci < sizeof counters / sizeof counters[0]; ci++) {
            uint8_t key[32];
            uint32_t input[16];
            uint64_t ids[MAX_TEST_STREAMS];
            random_key(key);
            make_input(input, key, counters[ci], rnd64());
            for (i = 0; i < MAX_TEST_STREAMS; i++) {
                /* Stream ids with either half zero or all ones too. */
                ids[i] = i % 4 == 0 ? i : i % 4 == 1 ? ~(uint64_t)i
                         : i % 4 == 2 ? rnd64() << 32 : rnd64();
            }
            for (ns = 1; ns <= MAX_TEST_STREAMS; ns++) {
                for (nb = 0; nb <= MAX_TEST_BLOCKS; nb++) {
                    checks++;
                    if (streams_once(name, st[slot], r, input, ids, ns, nb,
                                     (ns + nb) % 5)) {
                        n_passed++;
                    }
                }
            }
        }
        printf("streams %-15s r%-2d: %lu cases, %s\n", name, r, checks,
               n_failed == fails_before ? "ok" : "FAILED");
    }
}

static void test_streams(void) {
    static const chacha_streams_fn portable[3] = {
        chacha8_streams_portable, chacha12_streams_portable,
        chacha20_streams_portable};
    int b;
    test_streams_kernel("portable", portable);
    for (b = 0; b < n_backends; b++) {
        test_streams_kernel(backends[b].name, backends[b].st);
    }
}

/* ---- the generator API over each backend ----------------------------- */

#define REF_BLOCKS 160u

/*
 * Random sequences of next_uint32 / next_uint64 / fill_words / fill_bytes /
 * fill_uint64 from a position, with a backend's kernel, against the
 * portable keystream of that position.
 */
static void api_sequence(const backend *b, int rounds, uint64_t block,
                         unsigned word) {
    uint8_t key[32];
    uint64_t stream = rnd64();
    uint32_t input[16];
    uint8_t *ref = (uint8_t *)malloc(REF_BLOCKS * CHACHA_BLOCK_BYTES);
    uint8_t *buf = (uint8_t *)malloc(REF_BLOCKS * CHACHA_BLOCK_BYTES + 16);
    uint64_t *u64 = (uint64_t *)malloc(REF_BLOCKS * CHACHA_BLOCK_BYTES);
    chacha_state *s = (chacha_state *)malloc(sizeof *s);
    size_t pos = word; /* words consumed from the start of `ref` */
    size_t limit = REF_BLOCKS * CHACHA_BLOCK_WORDS;
    int ok = 1, step;

    if (ref == NULL || buf == NULL || u64 == NULL || s == NULL) {
        CHECK(0, "out of memory");
        goto done;
    }
    random_key(key);
    make_input(input, key, block, stream);
    portable_kernel(rounds)(input, ref, REF_BLOCKS);
    chacha_init(s, key, stream, rounds, kernel_of(b, rounds));
    chacha_seek(s, block, word);

    for (step = 0; step < 60 && ok; step++) {
        size_t room = limit - pos, n, off, i;
        int op = (int)rnd_below(5);
        uint64_t tb;
        unsigned tw;

        if (room < 8) {
            break;
        }
        switch (op) {
        case 0: /* a few next_uint32 */
            n = 1 + rnd_below(20);
            for (i = 0; i < n && i < room; i++) {
                ok &= chacha_next_uint32(s) == cr_load32_le(ref + 4 * (pos + i));
            }
            pos += i;
            break;
        case 1: /* a few next_uint64 */
            n = 1 + rnd_below(20);
            for (i = 0; i + 2 <= room && i < 2 * n; i += 2) {
                ok &= chacha_next_uint64(s) == cr_load64_le(ref + 4 * (pos + i));
            }
            pos += i;
            break;
        case 2: /* fill_words to an odd address */
            n = rnd_below(room < 700 ? room : 700);
            off = 1 + rnd_below(15);
            chacha_fill_words(s, buf + off, n);
            ok &= memcmp(buf + off, ref + 4 * pos, 4 * n) == 0;
            pos += n;
            break;
        case 3: /* fill_bytes, any length, odd address */
            n = rnd_below(4 * (room < 700 ? room : 700) - 3);
            off = 1 + rnd_below(15);
            chacha_fill_bytes(s, buf + off, n);
            ok &= memcmp(buf + off, ref + 4 * pos, n) == 0;
            pos += (n + 3) / 4; /* a partial last word is consumed whole */
            break;
        default: /* fill_uint64 */
            n = rnd_below((room < 700 ? room : 700) / 2);
            chacha_fill_uint64(s, u64, n);
            for (i = 0; i < n; i++) {
                ok &= u64[i] == cr_load64_le(ref + 4 * (pos + 2 * i));
            }
            pos += 2 * n;
            break;
        }
        chacha_tell(s, &tb, &tw);
        ok &= tb == block + pos / 16 && tw == pos % 16;
        if (!ok) {
            CHECK(0, "%s r%d api op %d at step %d (start block %016llx word %u)",
                  b->name, rounds, op, step, (unsigned long long)block, word);
        }
    }
    if (ok) {
        n_passed++;
    }
done:
    if (s != NULL) {
        chacha_wipe(s);
    }
    free(s);
    free(ref);
    free(buf);
    free(u64);
}

static void test_api(void) {
    static const uint64_t starts[] = {0,
                                      5,
                                      0xFFFFFFFFull - 3,
                                      0xFFFFFFFFull - 40,
                                      0x1FFFFFFF0ull,
                                      0xFFFFFFFFFFFFFFFFull - 2,
                                      0xFFFFFFFFFFFFFFFFull - 70};
    int b, r, rep;
    size_t i;
    for (b = 0; b < n_backends; b++) {
        for (r = 8; r <= 20; r += (r == 12 ? 8 : 4)) {
            unsigned long fails_before = n_failed;
            for (i = 0; i < sizeof starts / sizeof starts[0]; i++) {
                for (rep = 0; rep < 4; rep++) {
                    api_sequence(&backends[b], r, starts[i],
                                 (unsigned)(rep == 0 ? 0 : rnd_below(16)));
                }
            }
            for (rep = 0; rep < 8; rep++) {
                api_sequence(&backends[b], r, rnd64(),
                             (unsigned)rnd_below(16));
            }
            printf("api    %-16s r%-2d: %s\n", backends[b].name, r,
                   n_failed == fails_before ? "ok" : "FAILED");
        }
    }
}

#if !defined(CHACHARAND_NO_EMU512)
/* The emulated AVX-512 ChaCha8Rand kernel against the portable one (the
 * real kernels are tested in test_chacha8rand.c). */
static void test_chacha8rand_emulated(void) {
    uint32_t input[16] = {0x61707865u, 0x3320646eu, 0x79622d32u,
                          0x6b206574u};
    uint8_t want[1024], got[1024];
    int trial, i;
    for (trial = 0; trial < 8; trial++) {
        for (i = 4; i < 12; i++) input[i] = (uint32_t)rnd64();
        chacha8rand_blocks_portable(input, want);
        emu_chacha8rand_blocks_avx512(input, got);
        CHECK(memcmp(want, got, sizeof want) == 0,
              "avx512-emulated chacha8rand, trial %d", trial);
    }
}
#endif

int main(void) {
    collect_backends();
    test_dispatch();
    test_kats();
    test_parity();
    test_streams();
    test_api();
#if !defined(CHACHARAND_NO_EMU512)
    test_chacha8rand_emulated();
#endif
    return report();
}
