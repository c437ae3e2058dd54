/*
 * The CPU twin of chacharand.cuda: the GPU kernel's draws, computed on the
 * CPU with the same transforms (chacha_transforms.h), from a generator's
 * own keystream.
 *
 * Each function takes `n` elements from the stream at the generator's
 * position and leaves the generator exactly the words used further on:
 * K words per element, K fixed by the method (and, for integers, by the
 * range), as in the kernel (chacha_cuda.cu).  random_raw and bytes need
 * nothing here: they are chacha_fill_uint64 and chacha_fill_bytes.
 */
#ifndef CHACHARAND_CHACHA_TWIN_H
#define CHACHARAND_CHACHA_TWIN_H

#include <stddef.h>
#include <stdint.h>

#include "chacha.h"

void chacha_twin_random_f64(chacha_state *s, double *out, size_t n);
void chacha_twin_random_f32(chacha_state *s, float *out, size_t n);
void chacha_twin_uniform_f64(chacha_state *s, double *out, size_t n,
                             double low, double span);
void chacha_twin_uniform_f32(chacha_state *s, float *out, size_t n,
                             double low, double span);
/* affine: loc + scale * z; otherwise z itself (standard_normal). */
void chacha_twin_normal_f64(chacha_state *s, double *out, size_t n,
                            double loc, double scale, int affine);
void chacha_twin_normal_f32(chacha_state *s, float *out, size_t n,
                            double loc, double scale, int affine);
/* low + an offset in [0, rng], stored in `itemsize` bytes (1, 2, 4 or 8:
 * the low bits, as a cast to that unsigned or signed type gives). */
void chacha_twin_integers(chacha_state *s, void *out, size_t n,
                          int itemsize, uint64_t low, uint64_t rng);

#endif /* CHACHARAND_CHACHA_TWIN_H */
