/*
 * A word of process-wide state set once, at first use, by whichever thread
 * gets there first: CPU feature detection and the conversion-loop choice.
 *
 * Every writer stores the same value (the answer does not depend on the
 * thread), so no lock is needed; only the load and the store must be
 * atomic, so that with many threads and no GIL a reader sees either 0
 * ("not yet") or the whole answer, and ThreadSanitizer sees no data race.
 * Relaxed ordering is enough: the word carries its own meaning and
 * publishes nothing else.  The core is C99, so these are the compilers'
 * atomics rather than <stdatomic.h>.
 */
#ifndef CHACHARAND_COMMON_ONCE_WORD_H
#define CHACHARAND_COMMON_ONCE_WORD_H

#include "compiler.h"

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#endif

CR_INLINE unsigned cr_once_load(const unsigned *word) {
#if defined(__GNUC__) || defined(__clang__)
    return __atomic_load_n(word, __ATOMIC_RELAXED);
#elif defined(_MSC_VER)
    /* MSVC's relaxed atomic load on every target (x64, ARM64). */
    return (unsigned)__iso_volatile_load32((const volatile int *)word);
#else
    return *(const volatile unsigned *)word;
#endif
}

CR_INLINE void cr_once_store(unsigned *word, unsigned value) {
#if defined(__GNUC__) || defined(__clang__)
    __atomic_store_n(word, value, __ATOMIC_RELAXED);
#elif defined(_MSC_VER)
    __iso_volatile_store32((volatile int *)word, (int)value);
#else
    *(volatile unsigned *)word = value;
#endif
}

#endif
