/*
 * The constants of a piece of broadcast draws with the AVX2 kernels,
 * where the build has them, the CPU and OS support AVX2, and
 * CHACHARAND_SIMD caps nothing below avx2 (piece_constants.h).
 */
#include <stddef.h>

#include "../common/cpu_features.h"
#include "piece_constants.h"

#if defined(CHACHARAND_HAVE_AVX2)
#define CRG_PIECE_KERNEL 1
void crg_btpe_constants_avx2(crg_btpe_piece *piece, const double *n,
                             const double *p, size_t k);
void crg_ptrs_constants_avx2(crg_ptrs_piece *piece, const double *lam,
                             size_t k);
#else
#define CRG_PIECE_KERNEL 0
#endif

/* 2 where the AVX2 kernels run, else 1 (value by value). */
static unsigned crg_piece_decided = 0;

static unsigned crg_piece_choose(void) {
#if CRG_PIECE_KERNEL
    return cr_kernel_runs(&crg_piece_decided, CR_CPU_AVX2, 2) ? 2 : 1;
#else
    (void)crg_piece_decided;
    return 1;
#endif
}

int crg_btpe_constants(crg_btpe_piece *piece, const double *n,
                       const double *p, size_t k) {
#if CRG_PIECE_KERNEL
    if (crg_piece_choose() == 2) {
        crg_btpe_constants_avx2(piece, n, p, k);
        return 1;
    }
#endif
    (void)piece;
    (void)n;
    (void)p;
    (void)k;
    return 0;
}

int crg_ptrs_constants(crg_ptrs_piece *piece, const double *lam, size_t k) {
#if CRG_PIECE_KERNEL
    if (crg_piece_choose() == 2) {
        crg_ptrs_constants_avx2(piece, lam, k);
        return 1;
    }
#endif
    (void)piece;
    (void)lam;
    (void)k;
    return 0;
}

const char *crg_piece_constants_backend(void) {
    return crg_piece_choose() == 2 ? "avx2" : "scalar";
}
