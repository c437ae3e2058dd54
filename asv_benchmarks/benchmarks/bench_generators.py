"""asv benchmarks: chacharand's bit generators against numpy's and others.

The calls are ``chacharand bench``'s own: its rows (``contestants``: every
family, ChaCha8 and ChaCha20 on each SIMD backend, chacharand.Generator,
numpy's generators, OpenSSL's ChaCha20 and randomgen when installed) and
its columns (``operations``), so that asv tracks over time exactly what
the command measures in one run.  Plain classes, importable with only
numpy and chacharand (asv finds the ``time_*`` methods; ``params`` and
``param_names`` parametrize them).  A benchmark whose ``setup`` raises
``NotImplementedError`` is skipped: that is how the optional comparisons,
the SIMD backends this CPU lacks and the operations a row does not have
are left out.

Sizes: ``SMALL`` values per call shows the per-call overhead, ``LARGE``
(2**20) the throughput.  ``random_bytes`` draws 8 bytes per value.
"""
import numpy as np

from chacharand._bench.contestants import contestants
from chacharand._bench.operations import OPERATIONS
from chacharand._registry import FAMILIES

SEED = 12345
SMALL = 100
LARGE = 2**20
SIZES = [SMALL, LARGE]

#: name -> BitGenerator class, chacharand's first, then numpy's.
GENERATORS = {
    **{f.name: f.cls for f in FAMILIES},
    "PCG64": np.random.PCG64,
    "SFC64": np.random.SFC64,
    "Philox": np.random.Philox,
}
NAMES = list(GENERATORS)

#: Every ChaCha backend chacharand knows; the CPU may lack some (skipped).
BACKENDS = ["portable", "sse2", "avx2", "avx512", "neon"]

#: The bench's rows, by name (made once: they only describe how to make
#: each generator); the rows this machine lacks are skipped.
ROWS = {c.name: c for c in contestants([], {})}
#: Every row a run can have, whatever the machine: the per-backend rows
#: for every backend, OpenSSL and randomgen whether installed or not.
ROW_NAMES = (NAMES[:len(FAMILIES)]
             + [f"{f.name}[{b}]" for f in FAMILIES if f.simd_kernels
                for b in BACKENDS]
             + [f"{f.name} Generator" for f in FAMILIES]
             + NAMES[len(FAMILIES):]
             + ["OpenSSL ChaCha20"]
             + [f"randomgen {n}" for n in ("ChaCha8", "ChaCha12", "ChaCha20",
                                            "HC128")])


class Construction:
    """Constructing a seeded bit generator (key set-up, first block)."""

    params = [NAMES]
    param_names = ["generator"]

    def setup(self, name):
        self.cls = GENERATORS[name]

    def time_construct(self, name):
        self.cls(SEED)

    def time_construct_generator(self, name):
        np.random.Generator(self.cls(SEED))


class Bench:
    """One cell of ``chacharand bench``'s table: a row (generator) and a
    column (operation), at ``n`` values per call."""

    params = [ROW_NAMES, [op.name for op in OPERATIONS], SIZES]
    param_names = ["generator", "operation", "n"]

    def setup(self, name, operation, n):
        row = ROWS.get(name)
        if row is None:
            raise NotImplementedError(f"{name} is not available here")
        op = next(op for op in OPERATIONS if op.name == operation)
        prepared = row.prepare(op, n)
        if prepared is None:
            raise NotImplementedError(f"{name} has no {operation}")
        self.call = prepared[0]

    def time_call(self, name, operation, n):
        self.call()
