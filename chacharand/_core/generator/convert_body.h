/*
 * The conversion loops of convert.h, included by convert.c (portable, as
 * crg_convert_*_portable) and convert_avx512.c (as *_avx512), each
 * compiled with its own instruction-set flags and without floating-point
 * contraction, so both give NumPy's results bit for bit.
 *
 * (w >> 11) * 2**-53 is formed exactly from operations every SIMD width
 * has (x86-64 converts packed uint64 to double only with AVX-512DQ): the
 * 53 bits split into a high 32 and a low 21, each read exactly as a
 * double by the 2**52 exponent trick; their sum (below 2**53) and the
 * scaling are exact too.  memcpy keeps the in-place reinterpretation of
 * each word as a double defined.
 */
#include <stdint.h>
#include <string.h>

#define CRG_CONVERT_CAT_(a, b) a##b
#define CRG_CONVERT_CAT(a, b) CRG_CONVERT_CAT_(a, b)
#define CRG_CONVERT_FN(name) CRG_CONVERT_CAT(name, CRG_CONVERT_SUFFIX)

static inline double CRG_CONVERT_FN(crg_u53_)(uint64_t w) {
    const uint64_t magic = UINT64_C(0x4330000000000000); /* 2**52 */
    uint64_t hi = (w >> 32) | magic;
    uint64_t lo = ((w >> 11) & UINT64_C(0x1FFFFF)) | magic;
    double dh, dl;
    memcpy(&dh, &hi, sizeof dh);
    memcpy(&dl, &lo, sizeof dl);
    return ((dh - 0x1p52) * 0x1p21 + (dl - 0x1p52)) * 0x1p-53;
}

void CRG_CONVERT_FN(crg_convert_double_)(double *out, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        uint64_t w;
        memcpy(&w, out + i, sizeof w);
        out[i] = CRG_CONVERT_FN(crg_u53_)(w);
    }
}

void CRG_CONVERT_FN(crg_convert_uniform_)(double *out, size_t n, double low,
                                          double range) {
    size_t i;
    for (i = 0; i < n; i++) {
        uint64_t w;
        memcpy(&w, out + i, sizeof w);
        out[i] = low + range * CRG_CONVERT_FN(crg_u53_)(w);
    }
}
