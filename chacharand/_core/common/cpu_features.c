/*
 * Run-time CPU feature detection: cpuid + xgetbv on x86, fixed answers
 * elsewhere.  This file is compiled without any instruction-set flag.
 */
#include "cpu_features.h"
#include "once_word.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64) || \
    defined(_M_IX86)
#define CR_CPU_X86 1
#if defined(_MSC_VER)
#include <intrin.h>
#else
#include <cpuid.h>
#endif
#if defined(__APPLE__)
#include <stddef.h>
#include <sys/types.h>
#include <sys/sysctl.h>
#endif
#endif

/* Set in the cached word once detection has run, so that 0 means "not yet". */
#define CR_CPU_DETECTED (1u << 31)

#if defined(CR_CPU_X86)

/* Highest basic cpuid leaf, 0 if the cpuid instruction is missing. */
static unsigned cpuid_max_leaf(void) {
#if defined(_MSC_VER)
    int r[4];
    __cpuid(r, 0);
    return (unsigned)r[0];
#else
    return __get_cpuid_max(0, (unsigned *)0);
#endif
}

static void cpuid_count(unsigned leaf, unsigned sub, unsigned r[4]) {
#if defined(_MSC_VER)
    int v[4];
    __cpuidex(v, (int)leaf, (int)sub);
    r[0] = (unsigned)v[0];
    r[1] = (unsigned)v[1];
    r[2] = (unsigned)v[2];
    r[3] = (unsigned)v[3];
#else
    unsigned a, b, c, d;
    __cpuid_count(leaf, sub, a, b, c, d);
    r[0] = a;
    r[1] = b;
    r[2] = c;
    r[3] = d;
#endif
}

/* XCR0: which register states the OS saves.  Only call when cpuid reports
 * OSXSAVE.  Encoded as bytes so that no -mxsave flag is needed. */
static unsigned long long xgetbv0(void) {
#if defined(_MSC_VER)
    return _xgetbv(0);
#else
    unsigned lo, hi;
    __asm__ __volatile__(".byte 0x0f, 0x01, 0xd0"
                         : "=a"(lo), "=d"(hi)
                         : "c"(0));
    return ((unsigned long long)hi << 32) | lo;
#endif
}

static unsigned detect(void) {
    unsigned features = 0;
    unsigned max_leaf = cpuid_max_leaf();
    unsigned r1[4], r7[4] = {0, 0, 0, 0};
    unsigned long long xcr0 = 0;
    int ymm_saved, zmm_saved;

    if (max_leaf < 1) {
        return 0;
    }
    cpuid_count(1, 0, r1);
    if (max_leaf >= 7) {
        cpuid_count(7, 0, r7);
    }
    if (r1[3] & (1u << 26)) {
        features |= CR_CPU_SSE2;
    }
    if (r1[2] & (1u << 9)) {
        features |= CR_CPU_SSSE3;
    }
    if (r1[2] & (1u << 27)) { /* OSXSAVE: xgetbv is usable */
        xcr0 = xgetbv0();
    }
    /* XCR0 bit 1 = SSE (XMM), 2 = AVX (upper YMM), 5 = opmask,
     * 6 = upper ZMM0-15, 7 = ZMM16-31. */
    ymm_saved = (xcr0 & 0x06u) == 0x06u;
    zmm_saved = (xcr0 & 0xE6u) == 0xE6u;
#if defined(__APPLE__)
    /* macOS turns the AVX-512 state on for a thread at its first AVX-512
     * instruction, so XCR0 may not show it yet; the kernel says whether it
     * supports it. */
    if (!zmm_saved && ymm_saved && (r7[1] & (1u << 16))) {
        int v = 0;
        size_t len = sizeof v;
        if (sysctlbyname("hw.optional.avx512f", &v, &len, NULL, 0) == 0 &&
            v != 0) {
            zmm_saved = 1;
        }
    }
#endif
    if ((r1[2] & (1u << 28)) && ymm_saved) {
        features |= CR_CPU_AVX;
        if (r1[2] & (1u << 12)) {
            features |= CR_CPU_FMA;
        }
        if (r7[1] & (1u << 5)) {
            features |= CR_CPU_AVX2;
            if ((r7[1] & (1u << 16)) && zmm_saved) {
                features |= CR_CPU_AVX512F;
            }
        }
    }
    return features;
}

#elif defined(__aarch64__) || defined(_M_ARM64)

/* Advanced SIMD is a mandatory part of AArch64. */
static unsigned detect(void) { return CR_CPU_NEON; }

#else

static unsigned detect(void) { return 0; }

#endif

/* 0 until detection has run; detection gives every thread the same
 * answer, so two first calls racing each other store the same word. */
static unsigned cached_features;

unsigned cr_cpu_features(void) {
    unsigned f = cr_once_load(&cached_features);
    if (f == 0) {
        f = detect() | CR_CPU_DETECTED;
        cr_once_store(&cached_features, f);
    }
    return f & ~CR_CPU_DETECTED;
}

/* The backend names CHACHARAND_SIMD may hold, and their widths. */
static const struct {
    const char *name;
    int width;
} simd_caps[] = {
    {"portable", 0}, {"sse2", 1}, {"neon", 1}, {"avx2", 2}, {"avx512", 3},
};

static int is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Whether text[0..len) is `want`, in any case (ASCII). */
static int same_name(const char *text, size_t len, const char *want) {
    size_t i;
    for (i = 0; i < len; i++) {
        char c = text[i];
        if (c >= 'A' && c <= 'Z') {
            c = (char)(c - 'A' + 'a');
        }
        if (want[i] == '\0' || c != want[i]) {
            return 0;
        }
    }
    return want[len] == '\0';
}

int cr_simd_cap(const char **name) {
    const char *value = getenv("CHACHARAND_SIMD");
    size_t len, i;
    if (name != NULL) {
        *name = NULL;
    }
    if (value == NULL) {
        return CR_SIMD_NO_CAP;
    }
    while (is_space(*value)) {
        value++;
    }
    len = strlen(value);
    while (len > 0 && is_space(value[len - 1])) {
        len--;
    }
    if (len == 0) {
        return CR_SIMD_NO_CAP;
    }
    for (i = 0; i < sizeof simd_caps / sizeof simd_caps[0]; i++) {
        if (same_name(value, len, simd_caps[i].name)) {
            if (name != NULL) {
                *name = simd_caps[i].name;
            }
            return simd_caps[i].width;
        }
    }
    return CR_SIMD_UNKNOWN;
}

int cr_simd_allows(int width) {
    const int cap = cr_simd_cap(NULL);
    return cap == CR_SIMD_NO_CAP || cap == CR_SIMD_UNKNOWN || cap >= width;
}

int cr_kernel_runs(unsigned *decided, unsigned need, int width) {
    unsigned d = cr_once_load(decided);
    if (d == 0) {
        d = (cr_cpu_features() & need) == need && cr_simd_allows(width) ? 2
                                                                        : 1;
        cr_once_store(decided, d);
    }
    return d == 2;
}
