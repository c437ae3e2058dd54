/*
 * SIMD kernels of the counter-based methods (chacha_counter_<isa>.c), bit
 * for bit the element functions of chacha_transforms.h.  Each takes the
 * words of m elements and fills the longest prefix it can (whole vectors)
 * and returns its length; the caller's portable fill does the rest.
 * chacha_counter.c calls them when the CPU has the instruction set and
 * CHACHARAND_SIMD allows it.
 */
#ifndef CHACHARAND_CHACHA_COUNTER_SIMD_H
#define CHACHARAND_CHACHA_COUNTER_SIMD_H

#include <stddef.h>
#include <stdint.h>

#include "chacha_transforms.h"

size_t cr_counter_avx2_normal_f64(const uint32_t *w, double *out, size_t m,
                                  const cr_counter_params *p);
size_t cr_counter_avx2_exponential_f64(const uint32_t *w, double *out,
                                       size_t m,
                                       const cr_counter_params *p);

size_t cr_counter_avx2_normal_f32(const uint32_t *w, float *out, size_t m,
                                  const cr_counter_params *p);
size_t cr_counter_avx2_exponential_f32(const uint32_t *w, float *out,
                                       size_t m,
                                       const cr_counter_params *p);

#endif /* CHACHARAND_CHACHA_COUNTER_SIMD_H */
