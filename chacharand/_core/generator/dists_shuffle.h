/*
 * NumPy's permutations, part of dists_template.h: shuffle, permuted and
 * the draws of choice without replacement.
 *
 * These work in place on a job that the caller describes
 * (crg_shuffle_job, crg_floyd_job in generator.h).  The job comes as the
 * fill's `out` and the fill loop is given an item size of 0, so that every
 * chunk of a long call gets the same job; `n` counts steps (one index
 * drawn each) and the job records how far it has come.
 *
 * The draws are NumPy's:
 *   shuffle, permuted     Fisher-Yates from the last index down, each
 *                         index by random_interval (a masked draw of a
 *                         32-bit word, or a 64-bit one past 2**32 - 1,
 *                         redrawn while above the bound);
 *   choice's tail shuffle and the shuffle after Floyd's algorithm
 *                         Fisher-Yates on int64 indices with
 *                         random_bounded_uint64 (Lemire's method, words
 *                         not buffered);
 *   choice's Floyd sample Floyd's algorithm (Bentley & Floyd, Comm. ACM
 *                         30, 1987) with NumPy's open-addressing hash set.
 */

/* random_interval: uniform in [0, max] by masking and redrawing. */
static inline uint64_t CRG_FN(interval)(CRG_STATE *s, uint64_t max) {
    uint64_t mask = max, value;
    if (max == 0) {
        return 0;
    }
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    mask |= mask >> 32;
    if (max <= 0xffffffffu) {
        const uint32_t m32 = (uint32_t)mask, max32 = (uint32_t)max;
        uint32_t w;
        while ((w = CRG_NEXT32(s) & m32) > max32) {
        }
        return w;
    }
    while ((value = CRG_NEXT64(s) & mask) > max) {
    }
    return value;
}

/* random_bounded_uint64(off 0, rng, no mask, no buffer): Lemire's method
 * on 32-bit words for a 32-bit range, on 64-bit words beyond. */
static inline uint64_t CRG_FN(bounded_one)(CRG_STATE *s, uint64_t rng) {
    if (rng == 0) {
        return 0;
    }
    if (rng <= 0xFFFFFFFFu) {
        uint32_t rng_excl;
        uint64_t m;
        uint32_t leftover;
        if (rng == 0xFFFFFFFFu) {
            return CRG_NEXT32(s);
        }
        rng_excl = (uint32_t)rng + 1;
        m = (uint64_t)CRG_NEXT32(s) * rng_excl;
        leftover = (uint32_t)m;
        if (leftover < rng_excl) {
            const uint32_t threshold = (uint32_t)(UINT32_MAX - rng) % rng_excl;
            while (leftover < threshold) {
                m = (uint64_t)CRG_NEXT32(s) * rng_excl;
                leftover = (uint32_t)m;
            }
        }
        return m >> 32;
    }
    if (rng == UINT64_MAX) {
        return CRG_NEXT64(s);
    }
#if defined(__SIZEOF_INT128__)
    {
        const uint64_t rng_excl = rng + 1;
        __uint128_t m = (__uint128_t)CRG_NEXT64(s) * rng_excl;
        uint64_t leftover = (uint64_t)m;
        if (leftover < rng_excl) {
            const uint64_t threshold = (UINT64_MAX - rng) % rng_excl;
            while (leftover < threshold) {
                m = (__uint128_t)CRG_NEXT64(s) * rng_excl;
                leftover = (uint64_t)m;
            }
        }
        return (uint64_t)(m >> 64);
    }
#else
    return CRG_FN(lemire64_slow)(s, rng);
#endif
}

/* Swap items i and j of a lane: typed for the common item sizes (the
 * memcpy calls of a fixed size compile to loads and stores). */
#define CRG_SWAP_AS(bytes)                                                    \
    do {                                                                      \
        char tmp[bytes];                                                      \
        memcpy(tmp, pj, bytes);                                               \
        memcpy(pj, pi, bytes);                                                \
        memcpy(pi, tmp, bytes);                                               \
    } while (0)

static inline void CRG_FN(swap_items)(char *pi, char *pj, int64_t itemsize) {
    if (pi == pj) {
        return; /* NumPy copies the item onto itself */
    }
    switch (itemsize) {
    case 8: CRG_SWAP_AS(8); break;
    case 4: CRG_SWAP_AS(4); break;
    case 1: CRG_SWAP_AS(1); break;
    case 2: CRG_SWAP_AS(2); break;
    case 16: CRG_SWAP_AS(16); break;
    default: {
        /* as NumPy: one item-sized buffer, in pieces here */
        char tmp[64];
        int64_t done = 0;
        while (done < itemsize) {
            int64_t k = itemsize - done < 64 ? itemsize - done : 64;
            memcpy(tmp, pj + done, (size_t)k);
            memcpy(pj + done, pi + done, (size_t)k);
            memcpy(pi + done, tmp, (size_t)k);
            done += k;
        }
    }
    }
}

/*
 * random_interval's passes for i <= 2**32 - 1 over items of a fixed size
 * (1, 2, 4, 8, 16 bytes), without a branch per draw: the 32-bit words
 * come in bulk (as many as swaps are left, so never one NumPy would not
 * draw), and each word either gives index i its partner (j = w & mask
 * <= i) or is rejected, when the "swap" is of item i with itself and i
 * stays.  The mask follows i: the least all-ones mask covering it.  It
 * changes only where i falls to a power of two, so the words are taken
 * in runs of one mask: the chain from one word to the next is then the
 * comparison j <= i and i's decrement alone.  Partners are prefetched a
 * few words ahead only in lanes too long for the L1 cache.
 * Returns the next index to swap.
 */
#define CRG_SWAP_STEP(item_t, prefetch)                                       \
    do {                                                                      \
        const uint32_t j = words[w] & mask;                                   \
        const uint64_t ok = j <= (uint32_t)i;                                 \
        /* t = ok ? j : i, as arithmetic: a branch here would be            \
         * mispredicted on every rejection. */                               \
        const int64_t t = (int64_t)((uint64_t)i ^                             \
                                    (((uint64_t)i ^ j) & (0 - ok)));          \
        item_t vi, vt;                                                        \
        if (prefetch) {                                                       \
            /* the partner a few draws on, most likely at this mask */     \
            const uint32_t ahead = words[w + CRG_PREFETCH_AHEAD] & mask;      \
            __builtin_prefetch(lane + (int64_t)(ahead < (uint32_t)i           \
                                                    ? ahead                   \
                                                    : (uint32_t)i) *          \
                                          stride);                            \
        }                                                                     \
        memcpy(&vi, lane + i * stride, sizeof vi);                            \
        memcpy(&vt, lane + t * stride, sizeof vt);                            \
        memcpy(lane + t * stride, &vi, sizeof vi);                            \
        memcpy(lane + i * stride, &vt, sizeof vt);                            \
        i -= (int64_t)ok;                                                     \
    } while (0)

#define CRG_SWAP_BATCH(item_t)                                                \
    do {                                                                      \
        uint32_t words[CRG_SCRATCH + CRG_PREFETCH_AHEAD];                     \
        const uint64_t bytes_per_index =                                      \
            (uint64_t)(stride < 0 ? -stride : stride);                        \
        /* Batches while they are long enough to pay for the bulk fill;     \
         * the last few swaps go one draw at a time (the caller's loop). */  \
        while (i - stop + 1 >= CRG_SWAP_BATCH_MIN) {                          \
            size_t k = (size_t)(i - stop + 1), w = 0;                         \
            const int far = (uint64_t)i * bytes_per_index > CRG_PREFETCH_FROM; \
            if (k > CRG_SCRATCH) {                                            \
                k = CRG_SCRATCH;                                              \
            }                                                                 \
            CRG_FILL32(s, words, k);                                          \
            memset(words + k, 0, sizeof(uint32_t) * CRG_PREFETCH_AHEAD);      \
            while (w < k) {                                                   \
                /* i >= 1: k words never take i below stop >= 1 */          \
                const uint32_t mask =                                         \
                    UINT32_MAX >> (unsigned)__builtin_clz((uint32_t)i);       \
                const uint32_t half = mask >> 1; /* i stays above it */       \
                if (far) {                                                    \
                    for (; w < k && (uint32_t)i > half; w++) {                \
                        CRG_SWAP_STEP(item_t, 1);                             \
                    }                                                         \
                } else {                                                      \
                    for (; w < k && (uint32_t)i > half; w++) {                \
                        CRG_SWAP_STEP(item_t, 0);                             \
                    }                                                         \
                }                                                             \
            }                                                                 \
        }                                                                     \
    } while (0)

typedef struct {
    uint64_t lo, hi;
} CRG_FN(item16_t);

#define CRG_SWAP_BATCH_MIN 4
#define CRG_PREFETCH_AHEAD 8
/* Lanes longer than this many bytes have their partners prefetched. */
#define CRG_PREFETCH_FROM 32768

#if defined(__GNUC__) || defined(__clang__)
#define CRG_HAVE_SWAP_BATCH 1
static int64_t CRG_FN(interval_pass)(CRG_STATE *s, char *lane, int64_t i,
                                     int64_t stop, int64_t itemsize,
                                     int64_t stride) {
    switch (itemsize) {
    case 8: CRG_SWAP_BATCH(uint64_t); break;
    case 4: CRG_SWAP_BATCH(uint32_t); break;
    case 1: CRG_SWAP_BATCH(uint8_t); break;
    case 2: CRG_SWAP_BATCH(uint16_t); break;
    case 16: CRG_SWAP_BATCH(CRG_FN(item16_t)); break;
    default: return i;
    }
    return i;
}

/* The same for the Lemire draws of choice's shuffles (int64 indices,
 * i < 2**32 - 1): a word w gives j = (w (i + 1)) >> 32 unless its low
 * half falls below NumPy's threshold (rare, and only then is the
 * threshold's modulo taken), when i stays for the next word. */
static int64_t CRG_FN(lemire_pass)(CRG_STATE *s, int64_t *d, int64_t i,
                                   int64_t stop) {
    uint32_t words[CRG_SCRATCH + CRG_PREFETCH_AHEAD];
    while (i - stop + 1 >= CRG_SWAP_BATCH_MIN) {
        size_t k = (size_t)(i - stop + 1), w;
        if (k > CRG_SCRATCH) {
            k = CRG_SCRATCH;
        }
        CRG_FILL32(s, words, k);
        memset(words + k, 0, sizeof(uint32_t) * CRG_PREFETCH_AHEAD);
        for (w = 0; w < k; w++) {
            const uint32_t rng_excl = (uint32_t)i + 1;
            const uint64_t m = (uint64_t)words[w] * rng_excl;
            const uint32_t leftover = (uint32_t)m;
            const uint64_t ahead =
                ((uint64_t)words[w + CRG_PREFETCH_AHEAD] * rng_excl) >> 32;
            uint64_t ok = 1;
            int64_t t, vi, vt;
            __builtin_prefetch(d + ahead);
            if (CR_UNLIKELY(leftover < rng_excl)) {
                ok = leftover >= (uint32_t)(UINT32_MAX - (uint32_t)i) %
                                     rng_excl;
            }
            t = (int64_t)((uint64_t)i ^ (((uint64_t)i ^ (m >> 32)) & (0 - ok)));
            vi = d[i];
            vt = d[t];
            d[t] = vi;
            d[i] = vt;
            i -= (int64_t)ok;
        }
    }
    return i;
}
#endif

/* Steps of a shuffle job: n swaps, lane after lane. */
static void CRG_FN(shuffle)(void *st, void *job_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    crg_shuffle_job *job = (crg_shuffle_job *)job_;
    (void)a;
    while (n > 0) {
        char *lane = job->data + job->lane_offsets[job->lane];
        const int64_t room = job->i - job->first + 1;
        const int64_t steps = (int64_t)n < room ? (int64_t)n : room;
        const int64_t stop = job->i - steps + 1;
        int64_t i = job->i;
#if defined(CRG_HAVE_SWAP_BATCH)
        if (!job->lemire && i <= (int64_t)0xffffffff) {
            i = CRG_FN(interval_pass)(s, lane, i, stop, job->itemsize,
                                      job->stride);
        } else if (job->lemire && i < (int64_t)0xffffffff &&
                   job->itemsize == 8 && job->stride == 8) {
            i = CRG_FN(lemire_pass)(s, (int64_t *)(void *)lane, i, stop);
        }
#endif
        for (; i >= stop; i--) {
            const uint64_t j = job->lemire
                                   ? CRG_FN(bounded_one)(s, (uint64_t)i)
                                   : CRG_FN(interval)(s, (uint64_t)i);
            CRG_FN(swap_items)(lane + i * job->stride,
                               lane + (int64_t)j * job->stride,
                               job->itemsize);
        }
        n -= (size_t)steps;
        job->i = stop - 1;
        if (job->i < job->first) {
            job->lane += 1;
            job->i = job->len - 1;
        }
    }
}

/* Floyd's sample of `size` distinct indices of [0, pop): for j from
 * pop - size up, draw v in [0, j]; keep v unless taken, else keep j.
 * The set is NumPy's: open addressing, linear probing, empty = ~0. */
static void CRG_FN(floyd)(void *st, void *job_, size_t n, crg_args *a) {
    CRG_STATE *s = (CRG_STATE *)st;
    crg_floyd_job *job = (crg_floyd_job *)job_;
    uint64_t *set = job->set;
    const uint64_t mask = job->mask, empty = UINT64_MAX;
    int64_t j = job->pop - job->size + job->done;
    const int64_t end = j + (int64_t)n;
    (void)a;
    for (; j < end; j++) {
        const uint64_t val = CRG_FN(bounded_one)(s, (uint64_t)j);
        uint64_t loc = val & mask;
        while (set[loc] != empty && set[loc] != val) {
            loc = (loc + 1) & mask;
        }
        if (set[loc] == empty) {
            set[loc] = val;
            job->out[job->done] = (int64_t)val;
        } else {
            loc = (uint64_t)j & mask;
            while (set[loc] != empty) {
                loc = (loc + 1) & mask;
            }
            set[loc] = (uint64_t)j;
            job->out[job->done] = j;
        }
        job->done += 1;
    }
}
