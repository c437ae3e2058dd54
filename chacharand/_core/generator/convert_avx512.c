/* The conversions of convert.h with AVX-512F (this file alone is compiled
 * with -mavx512f), eight doubles per instruction. */
#define CRG_CONVERT_SUFFIX avx512
#include "convert_body.h"
