/*
 * BTPE's constants (random_binomial_btpe's setup) for a piece of values
 * at once, where each value has its own (n, p): binomial with broadcast
 * parameters.
 *
 * The setup is a chain of five divisions and a square root, which one
 * value at a time keeps the divider busy for most of a value's time.
 * btpe_avx2.c makes four values' constants per instruction, with the same
 * operations in the same order as dists_discrete.h's btpe_setup (IEEE
 * division, square root and floor round as the scalar ones do), so the
 * same bits; where the CPU lacks AVX2, the caller makes them one by one.
 */
#ifndef CHACHARAND_BTPE_SETUP_H
#define CHACHARAND_BTPE_SETUP_H

#include <stddef.h>

/* The values of a piece: binomial's broadcast fill takes its draws in
 * pieces of this many. */
#define CRG_BTPE_PIECE 32

/* The constants of a piece's values, value i at [i] (names as in
 * btpe_setup; m is floor(fm), as a double). */
typedef struct {
    double r[CRG_BTPE_PIECE], q[CRG_BTPE_PIECE], fm[CRG_BTPE_PIECE];
    double m[CRG_BTPE_PIECE], p1[CRG_BTPE_PIECE], xm[CRG_BTPE_PIECE];
    double xl[CRG_BTPE_PIECE], xr[CRG_BTPE_PIECE], c[CRG_BTPE_PIECE];
    double laml[CRG_BTPE_PIECE], lamr[CRG_BTPE_PIECE];
    double p2[CRG_BTPE_PIECE], p3[CRG_BTPE_PIECE], p4[CRG_BTPE_PIECE];
    double nrq[CRG_BTPE_PIECE];
} crg_btpe_piece;

/* The constants of k <= CRG_BTPE_PIECE values, n[i] and p[i] (p <= 1/2,
 * as btpe_setup takes it), into piece; both arrays hold k values rounded
 * up to a multiple of 4 (the lanes past k are made and ignored).
 * Returns 0, having made nothing, where no vector kernel runs here. */
int crg_btpe_constants(crg_btpe_piece *piece, const double *n,
                       const double *p, size_t k);

/* "avx2" or "scalar": which way binomial's broadcast fill makes BTPE's
 * constants. */
const char *crg_btpe_backend(void);

#endif /* CHACHARAND_BTPE_SETUP_H */
