# The ChaCha kernels' backends ("portable", "sse2", "avx2", "avx512",
# "neon"), by name and by id: the one table that ChaCha8/12/20 and
# ChaCha8Rand (and any Cython package that cimports it) choose from.  The
# ids are chacha_dispatch.h's; chacha_backend_kernel() and
# chacha_backend_chacha8rand() give a backend's kernels.
cdef extern from "chacha/chacha_dispatch.h" nogil:
    enum:
        CHACHA_BACKEND_PORTABLE
    const char *chacha_backend_name(int id)

# The id of the available backend called `name`: TypeError for a name that
# is not a str, ValueError naming the choices for any other name or for
# one this build or CPU cannot run.
cdef int backend_id(object name) except -1

# The id of the backend new generators use (default_chacha_backend()).
cdef int default_backend_id() noexcept

# The name of backend `backend`.
cdef str backend_name(int backend)
