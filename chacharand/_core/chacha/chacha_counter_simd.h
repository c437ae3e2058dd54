/*
 * SIMD kernels of the counter-based methods (chacha_counter_<isa>.c, made
 * from the template chacha_counter_lanes.h), bit for bit the element
 * functions of chacha_transforms.h.  A kernel takes the words of m
 * elements, fills the longest prefix it can (whole vectors) and returns
 * its length; the portable fill does the rest.  Each kernel file gives a
 * table of its kernels by method id, NULL for a method it leaves to the
 * portable code; chacha_counter.c picks a table once at run time.
 */
#ifndef CHACHARAND_CHACHA_COUNTER_SIMD_H
#define CHACHARAND_CHACHA_COUNTER_SIMD_H

#include <stddef.h>
#include <stdint.h>

#include "../common/compiler.h"
#include "chacha_counter.h"

typedef size_t (*cr_counter_simd_fn)(const uint32_t *w, void *out, size_t m,
                                     const cr_counter_params *p);

typedef struct cr_counter_kernels {
    cr_counter_simd_fn fill[CR_COUNTER_METHOD_COUNT];
} cr_counter_kernels;

extern const cr_counter_kernels cr_counter_kernels_sse2;
extern const cr_counter_kernels cr_counter_kernels_avx2;
extern const cr_counter_kernels cr_counter_kernels_avx512;
extern const cr_counter_kernels cr_counter_kernels_neon;

#endif /* CHACHARAND_CHACHA_COUNTER_SIMD_H */
