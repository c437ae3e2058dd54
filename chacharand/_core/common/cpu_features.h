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

/* Bit set of CR_CPU_* flags for the running CPU and OS. */
unsigned cr_cpu_features(void);

#endif /* CHACHARAND_COMMON_CPU_FEATURES_H */
