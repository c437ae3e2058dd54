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
#else
#define CR_INLINE static inline
#define CR_FORCE_INLINE static inline __attribute__((always_inline))
#define CR_ALIGN(n) __attribute__((aligned(n)))
#define CR_LIKELY(x) __builtin_expect(!!(x), 1)
#define CR_UNLIKELY(x) __builtin_expect(!!(x), 0)
#endif

#endif /* CHACHARAND_COMMON_COMPILER_H */
