/*
 * The constants of a piece of draws whose parameters change from value
 * to value (broadcast binomial and poisson), made for the whole piece
 * before it draws.
 *
 * BTPE's setup (binomial) is a chain of five divisions and a square root,
 * PTRS's (poisson) a square root and two divisions; one value at a time
 * they keep the divider busy for much of a value's time.
 * piece_constants_avx2.c makes four values' constants per instruction,
 * with the same operations in the same order as dists_discrete.h's
 * btpe_setup and ptrs_setup (IEEE division, square root and floor round
 * as the scalar ones do), so the same bits; where the CPU lacks AVX2, the
 * caller makes them one by one.
 */
#ifndef CHACHARAND_PIECE_CONSTANTS_H
#define CHACHARAND_PIECE_CONSTANTS_H

#include <stddef.h>

/* The values of a piece: the broadcast fills take their draws in pieces
 * of this many. */
#define CRG_PIECE 32

/* BTPE's constants of a piece's values, value i at [i] (names as in
 * btpe_setup; m is floor(fm), as a double). */
typedef struct {
    double r[CRG_PIECE], q[CRG_PIECE], fm[CRG_PIECE], m[CRG_PIECE];
    double p1[CRG_PIECE], xm[CRG_PIECE], xl[CRG_PIECE], xr[CRG_PIECE];
    double c[CRG_PIECE], laml[CRG_PIECE], lamr[CRG_PIECE];
    double p2[CRG_PIECE], p3[CRG_PIECE], p4[CRG_PIECE], nrq[CRG_PIECE];
} crg_btpe_piece;

/* PTRS's constants of a piece's values (names as in ptrs_setup). */
typedef struct {
    double slam[CRG_PIECE], b[CRG_PIECE], a[CRG_PIECE], vr[CRG_PIECE];
    double invalpha[CRG_PIECE];
} crg_ptrs_piece;

/* The constants of k <= CRG_PIECE values into piece: BTPE's of n[i] and
 * p[i] (p <= 1/2, as btpe_setup takes it), PTRS's of lam[i].  The arrays
 * hold k values rounded up to a multiple of 4 (the lanes past k are made
 * and ignored).  Each returns 0, having made nothing, where no vector
 * kernel runs here. */
int crg_btpe_constants(crg_btpe_piece *piece, const double *n,
                       const double *p, size_t k);
int crg_ptrs_constants(crg_ptrs_piece *piece, const double *lam, size_t k);

/* "avx2" or "scalar": which way the broadcast fills make their
 * constants. */
const char *crg_piece_constants_backend(void);

#endif /* CHACHARAND_PIECE_CONSTANTS_H */
