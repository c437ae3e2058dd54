/*
 * BTPE's and PTRS's constants, four values at a time with AVX2
 * (piece_constants.h): the operations of dists_discrete.h's btpe_setup
 * and ptrs_setup, in their order, with no fused multiply-add (the build
 * keeps contraction off, and these are separate multiplications and
 * additions).
 */
#include <immintrin.h>
#include <stddef.h>

#include "piece_constants.h"

#define CRG_V1(c) _mm256_set1_pd(c)

void crg_btpe_constants_avx2(crg_btpe_piece *o, const double *n,
                             const double *p, size_t k) {
    size_t i;
    for (i = 0; i < k; i += 4) {
        const __m256d nd = _mm256_loadu_pd(n + i);
        const __m256d pv = _mm256_loadu_pd(p + i);
        const __m256d one_p = _mm256_sub_pd(CRG_V1(1.0), pv);
        /* r = p < 1 - p ? p : 1 - p */
        const __m256d r =
            _mm256_blendv_pd(one_p, pv, _mm256_cmp_pd(pv, one_p, _CMP_LT_OQ));
        const __m256d q = _mm256_sub_pd(CRG_V1(1.0), r);
        const __m256d fm = _mm256_add_pd(_mm256_mul_pd(nd, r), r);
        const __m256d m = _mm256_floor_pd(fm);
        const __m256d nrq = _mm256_mul_pd(_mm256_mul_pd(nd, r), q);
        /* floor(2.195 * sqrt(n r q) - 4.6 q) + 0.5 */
        const __m256d p1 = _mm256_add_pd(
            _mm256_floor_pd(
                _mm256_sub_pd(_mm256_mul_pd(CRG_V1(2.195), _mm256_sqrt_pd(nrq)),
                              _mm256_mul_pd(CRG_V1(4.6), q))),
            CRG_V1(0.5));
        const __m256d xm = _mm256_add_pd(m, CRG_V1(0.5));
        const __m256d xl = _mm256_sub_pd(xm, p1);
        const __m256d xr = _mm256_add_pd(xm, p1);
        const __m256d c = _mm256_add_pd(
            CRG_V1(0.134),
            _mm256_div_pd(CRG_V1(20.5), _mm256_add_pd(CRG_V1(15.3), m)));
        /* a (1 + a / 2), a = (fm - xl) / (fm - xl r), then
         * a = (xr - fm) / (xr q); a / 2 is a * 0.5 exactly */
        const __m256d al = _mm256_div_pd(
            _mm256_sub_pd(fm, xl), _mm256_sub_pd(fm, _mm256_mul_pd(xl, r)));
        const __m256d laml = _mm256_mul_pd(
            al, _mm256_add_pd(CRG_V1(1.0), _mm256_mul_pd(al, CRG_V1(0.5))));
        const __m256d ar = _mm256_div_pd(_mm256_sub_pd(xr, fm),
                                         _mm256_mul_pd(xr, q));
        const __m256d lamr = _mm256_mul_pd(
            ar, _mm256_add_pd(CRG_V1(1.0), _mm256_mul_pd(ar, CRG_V1(0.5))));
        const __m256d p2 = _mm256_mul_pd(
            p1, _mm256_add_pd(CRG_V1(1.0), _mm256_mul_pd(CRG_V1(2.0), c)));
        const __m256d p3 = _mm256_add_pd(p2, _mm256_div_pd(c, laml));
        const __m256d p4 = _mm256_add_pd(p3, _mm256_div_pd(c, lamr));
        _mm256_storeu_pd(o->r + i, r);
        _mm256_storeu_pd(o->q + i, q);
        _mm256_storeu_pd(o->fm + i, fm);
        _mm256_storeu_pd(o->m + i, m);
        _mm256_storeu_pd(o->p1 + i, p1);
        _mm256_storeu_pd(o->xm + i, xm);
        _mm256_storeu_pd(o->xl + i, xl);
        _mm256_storeu_pd(o->xr + i, xr);
        _mm256_storeu_pd(o->c + i, c);
        _mm256_storeu_pd(o->laml + i, laml);
        _mm256_storeu_pd(o->lamr + i, lamr);
        _mm256_storeu_pd(o->p2 + i, p2);
        _mm256_storeu_pd(o->p3 + i, p3);
        _mm256_storeu_pd(o->p4 + i, p4);
        _mm256_storeu_pd(o->nrq + i, nrq);
    }
}

void crg_ptrs_constants_avx2(crg_ptrs_piece *o, const double *lam,
                             size_t k) {
    size_t i;
    for (i = 0; i < k; i += 4) {
        const __m256d slam = _mm256_sqrt_pd(_mm256_loadu_pd(lam + i));
        const __m256d b =
            _mm256_add_pd(CRG_V1(0.931), _mm256_mul_pd(CRG_V1(2.53), slam));
        const __m256d a =
            _mm256_add_pd(CRG_V1(-0.059), _mm256_mul_pd(CRG_V1(0.02483), b));
        /* 0.9277 - 3.6224 / (b - 2), 1.1239 + 1.1328 / (b - 3.4) */
        const __m256d vr = _mm256_sub_pd(
            CRG_V1(0.9277),
            _mm256_div_pd(CRG_V1(3.6224), _mm256_sub_pd(b, CRG_V1(2.0))));
        const __m256d invalpha = _mm256_add_pd(
            CRG_V1(1.1239),
            _mm256_div_pd(CRG_V1(1.1328), _mm256_sub_pd(b, CRG_V1(3.4))));
        _mm256_storeu_pd(o->slam + i, slam);
        _mm256_storeu_pd(o->b + i, b);
        _mm256_storeu_pd(o->a + i, a);
        _mm256_storeu_pd(o->vr + i, vr);
        _mm256_storeu_pd(o->invalpha + i, invalpha);
    }
}
