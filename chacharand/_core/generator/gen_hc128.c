/* NumPy's Generator methods over HC-128: inline buffer reads
 * (hc128.h's hot path), bulk words through the core's fills. */
#include "../hc128/hc128.h"

#define CRG_NAME hc128
#define CRG_STATE hc128_state
#define CRG_NEXT64(s) hc128_next_uint64(s)
#define CRG_NEXT32(s) hc128_next_uint32(s)
#define CRG_FILL64(s, p, n) hc128_fill_uint64((s), (p), (n))
#define CRG_FILL32(s, p, n) hc128_fill_uint32((s), (p), (n))
#define CRG_FILL_BYTES(s, p, n) hc128_fill_bytes((s), (p), (n))
#include "dists_template.h"
