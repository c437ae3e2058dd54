/*
 * Wiping key material.
 *
 * A plain memset before free() may be removed by the optimiser as a dead
 * store; calling memset through a volatile function pointer cannot be.
 */
#ifndef CHACHARAND_COMMON_WIPE_H
#define CHACHARAND_COMMON_WIPE_H

#include <stddef.h>
#include <string.h>

#include "compiler.h"

CR_INLINE void cr_wipe(void *p, size_t n) {
    static void *(*const volatile wipe_memset)(void *, int, size_t) = memset;
    wipe_memset(p, 0, n);
}

#endif /* CHACHARAND_COMMON_WIPE_H */
