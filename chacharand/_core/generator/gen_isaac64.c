/* NumPy's Generator methods over ISAAC-64: inline buffer reads
 * (isaac64.h's hot path).  Its 32-bit draws are half words with a
 * pending high half (rand_core's BlockRng64), so bulk 32-bit output goes
 * through next_uint32 itself; 64-bit bulk through the core's fill. */
#include "../isaac/isaac64.h"

static void crg_isaac64_fill32(isaac64_state *s, uint32_t *p, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) {
        p[i] = isaac64_next_uint32(s);
    }
}

#define CRG_NAME isaac64
#define CRG_STATE isaac64_state
#define CRG_NEXT64(s) isaac64_next_uint64(s)
#define CRG_NEXT32(s) isaac64_next_uint32(s)
#define CRG_FILL64(s, p, n) isaac64_fill_uint64((s), (p), (n))
#define CRG_FILL32(s, p, n) crg_isaac64_fill32((s), (p), (n))
#define CRG_FILL_BYTES(s, p, n) isaac64_fill_bytes((s), (p), (n))
#include "dists_template.h"
