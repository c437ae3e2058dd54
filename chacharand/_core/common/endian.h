/*
 * Little-endian loads and stores, and rotations.
 *
 * Every algorithm of the family defines its output as little-endian words.
 * memcpy keeps unaligned access defined behaviour; compilers turn these into
 * single moves on little-endian targets.
 */
#ifndef CHACHARAND_COMMON_ENDIAN_H
#define CHACHARAND_COMMON_ENDIAN_H

#include <stdint.h>
#include <string.h>

#include "compiler.h"

#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__)
#define CR_LITTLE_ENDIAN (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
#elif defined(_MSC_VER) || defined(__x86_64__) || defined(__i386__) || \
    defined(__aarch64__)
#define CR_LITTLE_ENDIAN 1
#else
#define CR_LITTLE_ENDIAN 0
#endif

CR_INLINE uint32_t cr_load32_le(const uint8_t *p) {
#if CR_LITTLE_ENDIAN
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
#else
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
#endif
}

CR_INLINE uint64_t cr_load64_le(const uint8_t *p) {
#if CR_LITTLE_ENDIAN
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
#else
    return (uint64_t)cr_load32_le(p) | ((uint64_t)cr_load32_le(p + 4) << 32);
#endif
}

CR_INLINE void cr_store32_le(uint8_t *p, uint32_t v) {
#if CR_LITTLE_ENDIAN
    memcpy(p, &v, sizeof v);
#else
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
#endif
}

CR_INLINE void cr_store64_le(uint8_t *p, uint64_t v) {
    cr_store32_le(p, (uint32_t)v);
    cr_store32_le(p + 4, (uint32_t)(v >> 32));
}

CR_INLINE uint32_t cr_rotl32(uint32_t x, int n) {
    return (x << n) | (x >> (32 - n));
}

#endif /* CHACHARAND_COMMON_ENDIAN_H */
