"""asv benchmarks: chacharand.Generator against numpy.random.Generator.

Each method is timed three ways, side by side in asv's report:
``numpy.random.Generator(PCG64)`` (NumPy's default), NumPy's Generator
over the chacharand generator, and ``chacharand.Generator`` over it.  The
calls are those of ``chacharand._bench.generator`` (which prints the same
comparison as ratios measured in one run).
"""
import numpy as np

import chacharand
from chacharand._bench.generator import METHODS, SCALAR_METHODS
from chacharand._registry import FAMILIES

SEED = 12345
LARGE = 2**20
FAMILY_NAMES = [f.name for f in FAMILIES]
WRAPPERS = ["numpy-PCG64", "numpy", "chacharand"]


def _generator(wrapper, family):
    if wrapper == "numpy-PCG64":
        return np.random.Generator(np.random.PCG64(SEED))
    bitgen = getattr(chacharand, family)(SEED)
    if wrapper == "numpy":
        return np.random.Generator(bitgen)
    return chacharand.Generator(bitgen)


class GeneratorBulk:
    """2**20 values per call."""

    params = [FAMILY_NAMES, list(METHODS), WRAPPERS]
    param_names = ["family", "method", "generator"]

    def setup(self, family, method, wrapper):
        if wrapper == "numpy-PCG64" and family != FAMILY_NAMES[0]:
            # PCG64 does not depend on the family: timed once.
            raise NotImplementedError("PCG64 is timed with the first family")
        self.gen = _generator(wrapper, family)
        self.call = METHODS[method]

    def time_bulk(self, family, method, wrapper):
        self.call(self.gen, LARGE)


class GeneratorScalar:
    """size=None: one value per call, the per-call overhead."""

    params = [FAMILY_NAMES, list(SCALAR_METHODS), WRAPPERS[1:]]
    param_names = ["family", "method", "generator"]

    def setup(self, family, method, wrapper):
        self.gen = _generator(wrapper, family)
        self.call = SCALAR_METHODS[method]

    def time_scalar(self, family, method, wrapper):
        self.call(self.gen)
