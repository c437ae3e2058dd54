/* NumPy's Generator methods over ChaCha8Rand: inline reads of the
 * iteration buffer (chacha8rand.h's hot path), bulk 64-bit values through
 * the core's fill.  A 32-bit draw is the upper half of a whole value (Go's
 * Rand.Uint32), so 32-bit bulk output is one value per word; random_bytes
 * is Go's Read. */
#include "../chacha8rand/chacha8rand.h"

#define CRG_NAME chacha8rand
#define CRG_STATE chacha8rand_state
#define CRG_NEXT64(s) chacha8rand_next_uint64(s)
#define CRG_NEXT32(s) chacha8rand_next_uint32(s)
#define CRG_FILL64(s, p, n) chacha8rand_fill_uint64((s), (p), (n))
#define CRG_FILL32(s, p, n) chacha8rand_fill_uint32((s), (p), (n))
#define CRG_FILL_BYTES(s, p, n) chacha8rand_fill_bytes((s), (p), (n))
#include "dists_template.h"
