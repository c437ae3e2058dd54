/* NumPy's Generator methods over ISAAC: inline buffer reads (isaac.h's
 * hot path), bulk words through the core's fills. */
#include "../isaac/isaac.h"

#define CRG_NAME isaac
#define CRG_STATE isaac_state
#define CRG_NEXT64(s) isaac_next_uint64(s)
#define CRG_NEXT32(s) isaac_next_uint32(s)
#define CRG_FILL64(s, p, n) isaac_fill_uint64((s), (p), (n))
#define CRG_FILL32(s, p, n) isaac_fill_uint32((s), (p), (n))
#define CRG_FILL_BYTES(s, p, n) isaac_fill_bytes((s), (p), (n))
#include "dists_template.h"
