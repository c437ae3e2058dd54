# The shared shell of every chacharand bit generator: state memory, seeding,
# the family's fill table, bulk output under the lock, spawning.
# Subclasses supply the algorithm: its C state and its fill table.
from libc.stdint cimport int64_t, uint8_t, uint32_t, uint64_t

from numpy.random cimport BitGenerator

cdef extern from "common/wipe.h" nogil:
    void cr_wipe(void *p, size_t n)

# A family's fills (_core/generator/generator.h): numpy's Generator methods
# and the bit generator's own bulk output, one C function each.
cdef extern from "generator/generator.h" nogil:
    ctypedef struct crg_args:
        double a, b, c
        uint64_t off, rng
        int64_t ia, ib, ic
        const double *pa
        const double *pb
        const double *pc
        const int64_t *pia
        const int64_t *pib
        const int64_t *pic
        uint32_t buf
        int bcnt

    ctypedef void (*crg_fill_fn)(void *state, void *out, size_t n,
                                 crg_args *args)

    enum crg_method:
        CRG_RANDOM
        CRG_RANDOM_F
        CRG_UNIFORM
        CRG_STD_NORMAL
        CRG_STD_NORMAL_F
        CRG_NORMAL
        CRG_STD_EXP
        CRG_STD_EXP_F
        CRG_STD_EXP_INV
        CRG_STD_EXP_INV_F
        CRG_BOUNDED_U64
        CRG_BOUNDED_U32
        CRG_BOUNDED_U16
        CRG_BOUNDED_U8
        CRG_BOUNDED_BOOL
        CRG_RAW_UINT64
        CRG_RAW_BYTES
        # discrete distributions
        CRG_POISSON
        CRG_GEOMETRIC
        CRG_BINOMIAL
        CRG_NEG_BINOMIAL
        CRG_SHUFFLE
        CRG_FLOYD
        CRG_LOGSERIES
        CRG_ZIPF
        CRG_HYPERGEOMETRIC
        CRG_MULTINOMIAL
        CRG_MVHG
        # continuous distributions
        CRG_EXPONENTIAL
        CRG_LOGNORMAL
        CRG_LAPLACE
        CRG_LOGISTIC
        CRG_GUMBEL
        CRG_WEIBULL
        CRG_RAYLEIGH
        CRG_PARETO
        CRG_POWER
        CRG_STD_CAUCHY
        CRG_WALD
        CRG_TRIANGULAR
        CRG_VONMISES
        CRG_STD_GAMMA
        CRG_STD_GAMMA_F
        CRG_GAMMA
        CRG_CHISQUARE
        CRG_STANDARD_T
        CRG_F
        CRG_BETA
        CRG_NC_CHISQUARE
        CRG_NC_F
        CRG_DIRICHLET
        CRG_METHOD_COUNT

    enum:
        CRG_V_BINOMIAL_LOG1P
        CRG_V_BTPE_STIRLING_FIXED
        CRG_V_ZIPF_UMIN

    ctypedef struct crg_shuffle_job:
        char *data
        const int64_t *lane_offsets
        int64_t len, first, itemsize, stride
        int64_t lane, i
        int lemire

    ctypedef struct crg_floyd_job:
        int64_t *out
        uint64_t *set
        uint64_t mask
        int64_t pop, size, done

    ctypedef struct crg_mvhg_job:
        int64_t *variates
        const int64_t *colors
        int64_t *choices
        int64_t total, num_colors, nsample, done

    ctypedef struct crg_table:
        crg_fill_fn fill[CRG_METHOD_COUNT]


cdef class KeyedBitGenerator(BitGenerator):
    cdef void *_allocation
    cdef void *_state
    cdef size_t _state_size
    # The family's fills, set by _wire (NULL until the generator is keyed).
    cdef const crg_table *_fills

    cdef int _allocate_state(self, size_t size) except -1
    cdef bytes _key_from_seed(self, object seed, object key,
                              object stream=*)
    cdef void _wire(self, uint64_t (*next_uint64)(void *) noexcept nogil,
                    uint32_t (*next_uint32)(void *) noexcept nogil,
                    double (*next_double)(void *) noexcept nogil,
                    const crg_table *fills)

    # Interruptible bulk work: the one fill loop.  _fill takes the lock,
    # the *_locked ones expect the caller to hold it.
    cdef void *_snapshot(self) except NULL
    cdef void _drop_snapshot(self, void *copy, bint restore) noexcept
    cdef int _fill(self, int method, void *out, size_t n, size_t itemsize,
                   crg_args *args) except -1
    cdef int _fill_locked(self, int method, void *out, size_t n,
                          size_t itemsize, crg_args *args) except -1
    cdef int _fill_fn_locked(self, crg_fill_fn fill, void *out, size_t n,
                             size_t itemsize, crg_args *args) except -1
    cdef int _discard_locked(self, object count) except -1


# The words of a C state array as a new numpy array of `dtype`, the first
# `consumed` of them zero (output already read: a state depends on the
# position only and holds no past output).
cdef object state_words(const void *words, size_t nbytes, str dtype,
                        size_t consumed)
# ImportError unless the registry's array lengths (in `state`) match the C
# struct's field sizes in bytes (`sizes`): the two descriptions of a state.
cdef int check_layout(str name, dict state, dict sizes) except -1
