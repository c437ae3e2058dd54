/*
 * The conversions of convert.h: the portable loops, and the choice, made
 * once, of the AVX-512 ones when the build has them and the CPU and OS
 * support them.  CHACHARAND_SIMD (read by common/cpu_features.c) capped
 * below avx512 keeps the portable loops, so they can be tested on any
 * machine.  Both give the same bits.
 */
#include "../common/cpu_features.h"
#include "../common/once_word.h"
#include "convert.h"

#define CRG_CONVERT_SUFFIX portable
#include "convert_body.h"

#if defined(CHACHARAND_HAVE_AVX512)
void crg_convert_double_avx512(double *out, size_t n);
void crg_convert_uniform_avx512(double *out, size_t n, double low,
                                double range);
#endif

typedef void (*crg_double_fn)(double *, size_t);
typedef void (*crg_uniform_fn)(double *, size_t, double, double);

/* 0: not chosen yet, 1: portable, 2: AVX-512.  Choosing twice gives the
 * same answer, so two first calls racing each other store the same word
 * (atomically: see once_word.h). */
static unsigned crg_convert_choice = 0;

static unsigned crg_choose(void) {
    unsigned choice = cr_once_load(&crg_convert_choice);
    if (choice == 0) {
        choice = 1;
#if defined(CHACHARAND_HAVE_AVX512)
        if ((cr_cpu_features() & CR_CPU_AVX512F) && cr_simd_allows(3)) {
            choice = 2;
        }
#endif
        cr_once_store(&crg_convert_choice, choice);
    }
    return choice;
}

void crg_convert_double(double *out, size_t n) {
#if defined(CHACHARAND_HAVE_AVX512)
    if (crg_choose() == 2) {
        crg_convert_double_avx512(out, n);
        return;
    }
#endif
    crg_convert_double_portable(out, n);
}

void crg_convert_uniform(double *out, size_t n, double low, double range) {
#if defined(CHACHARAND_HAVE_AVX512)
    if (crg_choose() == 2) {
        crg_convert_uniform_avx512(out, n, low, range);
        return;
    }
#endif
    crg_convert_uniform_portable(out, n, low, range);
}

/* Which loops are in use, for the tests: "portable" or "avx512". */
const char *crg_convert_backend(void) {
    return crg_choose() == 2 ? "avx512" : "portable";
}
