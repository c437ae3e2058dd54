/*
 * The in-place conversions of random() and uniform(): whole arrays of
 * 64-bit words (as NumPy's next_uint64 gives them) into doubles, exactly
 * as NumPy's next_double and random_uniform compute them.  Bulk loops, so
 * they are compiled once portable and once with AVX-512 (convert_avx512.c)
 * and chosen at run time (convert.c).
 */
#ifndef CHACHARAND_GENERATOR_CONVERT_H
#define CHACHARAND_GENERATOR_CONVERT_H

#include <stddef.h>

/* out[i] = (w_i >> 11) * 2**-53, where w_i are the bits of out[i]. */
void crg_convert_double(double *out, size_t n);
/* out[i] = low + range * ((w_i >> 11) * 2**-53). */
void crg_convert_uniform(double *out, size_t n, double low, double range);
/* The loops in use: "portable" or "avx512". */
const char *crg_convert_backend(void);

#endif /* CHACHARAND_GENERATOR_CONVERT_H */
