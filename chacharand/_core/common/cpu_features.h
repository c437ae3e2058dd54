/*
 * Run-time CPU feature detection.
 *
 * A feature is reported only when both the processor has it and the
 * operating system preserves the registers it uses across context switches
 * (on x86, XGETBV tells which register files the OS saves).  The result is
 * computed once per process and cached; computing it twice gives the same
 * value, so a race between two first calls is harmless.
 */
#ifndef CHACHARAND_COMMON_CPU_FEATURES_H
#define CHACHARAND_COMMON_CPU_FEATURES_H

#define CR_CPU_SSE2 (1u << 0)
#define CR_CPU_SSSE3 (1u << 1)
#define CR_CPU_AVX (1u << 2)
#define CR_CPU_AVX2 (1u << 3)
#define CR_CPU_AVX512F (1u << 4)
#define CR_CPU_NEON (1u << 5)
#define CR_CPU_FMA (1u << 6)

/* Bit set of CR_CPU_* flags for the running CPU and OS. */
unsigned cr_cpu_features(void);

/*
 * CHACHARAND_SIMD, read here and nowhere else: the widest instruction set
 * chacharand's kernels may use.  Its value is a backend name ("portable",
 * "sse2", "neon", "avx2", "avx512"; any case, spaces around ignored).
 * Returns the name's width -- 0 portable, 1 SSE2 or NEON, 2 AVX2, 3
 * AVX-512 -- and sets *name (if not NULL) to the name in lower case;
 * CR_SIMD_NO_CAP when the variable is unset or blank, CR_SIMD_UNKNOWN for
 * any other value (then *name is NULL).  Read at each call: callers decide
 * once and keep their choice.
 */
#define CR_SIMD_NO_CAP (-1)
#define CR_SIMD_UNKNOWN (-2)
int cr_simd_cap(const char **name);

/* Whether CHACHARAND_SIMD lets a kernel of `width` (as cr_simd_cap's)
 * run: unset, blank or unknown, it caps nothing. */
int cr_simd_allows(int width);

/* Whether a kernel that needs the CPU features `need` (CR_CPU_* bits)
 * and has CHACHARAND_SIMD's `width` runs here: the CPU and OS have them
 * and the variable allows the width.  Decided at the first call and kept
 * in *decided (a static 0 before: 1 no, 2 yes; deciding twice gives the
 * same answer, see once_word.h). */
int cr_kernel_runs(unsigned *decided, unsigned need, int width);

#endif /* CHACHARAND_COMMON_CPU_FEATURES_H */
