/*
 * Compiler portability macros shared by every C file of the core.
 *
 * The core is plain C99 and knows nothing of Python or NumPy, so it can be
 * compiled and tested on its own (see tests/c/).
 */
#ifndef CHACHARAND_COMMON_COMPILER_H
#define CHACHARAND_COMMON_COMPILER_H

#if defined(_MSC_VER)
#define CR_INLINE static __inline
#define CR_FORCE_INLINE static __forceinline
#define CR_ALIGN(n) __declspec(align(n))
#define CR_LIKELY(x) (x)
#define CR_UNLIKELY(x) (x)
#define CR_NOINLINE __declspec(noinline)
#else
#define CR_INLINE static inline
#define CR_FORCE_INLINE static inline __attribute__((always_inline))
#define CR_ALIGN(n) __attribute__((aligned(n)))
#define CR_LIKELY(x) __builtin_expect(!!(x), 1)
#define CR_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define CR_NOINLINE __attribute__((noinline))
#endif

/*
 * CR_PREFETCH_WRITE(p): ask for the cache line at p, to be written soon.
 * A hint only (nothing where the compiler has no builtin).
 */
#if defined(__GNUC__) || defined(__clang__)
#define CR_PREFETCH_WRITE(p) __builtin_prefetch((p), 1)
#else
#define CR_PREFETCH_WRITE(p) ((void)0)
#endif

/*
 * CR_OPAQUE(x): the compiler must have x's value as computed so far, in a
 * register, and cannot look through it afterwards.  It keeps an order of
 * additions chosen for a short dependency chain, which the optimiser's
 * reassociation would otherwise undo.  No code is emitted; where inline
 * asm is not available it is nothing, and only speed depends on it.
 */
#if defined(__GNUC__) || defined(__clang__)
#define CR_OPAQUE(x) __asm__("" : "+r"(x))
#else
#define CR_OPAQUE(x) ((void)0)
#endif

/*
 * CR_CTZ(x): the number of trailing zero bits of the unsigned x, which
 * must not be 0.
 */
#if defined(__GNUC__) || defined(__clang__)
#define CR_CTZ(x) __builtin_ctz(x)
#else
CR_INLINE int cr_ctz_portable(unsigned x) {
    int n = 0;
    while (!(x & 1u)) {
        x >>= 1;
        n++;
    }
    return n;
}
#define CR_CTZ(x) cr_ctz_portable(x)
#endif

#endif /* CHACHARAND_COMMON_COMPILER_H */
