/*
 * NumPy's Generator methods over a ChaCha generator: words read inline
 * from the state's keystream buffer (chacha.h's hot path), bulk words
 * straight from the kernel into the caller's memory (chacha_fill_words).
 */
#include "../chacha/chacha.h"

#if CR_LITTLE_ENDIAN
/* Little-endian words are the values; two words make a uint64, the
 * earlier one low, as chacha_next_uint64. */
#define CRG_FILL64(s, p, n) chacha_fill_words((s), (uint8_t *)(p), 2u * (n))
#define CRG_FILL32(s, p, n) chacha_fill_words((s), (uint8_t *)(p), (n))
#else
static void crg_chacha_fill64(chacha_state *s, uint64_t *p, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) p[i] = chacha_next_uint64(s);
}
static void crg_chacha_fill32(chacha_state *s, uint32_t *p, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) p[i] = chacha_next_uint32(s);
}
#define CRG_FILL64(s, p, n) crg_chacha_fill64((s), (p), (n))
#define CRG_FILL32(s, p, n) crg_chacha_fill32((s), (p), (n))
#endif

#define CRG_NAME chacha
#define CRG_STATE chacha_state
#define CRG_NEXT64(s) chacha_next_uint64(s)
#define CRG_NEXT32(s) chacha_next_uint32(s)
#define CRG_FILL_BYTES(s, p, n) chacha_fill_bytes((s), (p), (n))
#include "dists_template.h"
