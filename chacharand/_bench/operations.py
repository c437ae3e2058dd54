"""What ``chacharand bench`` times: one entry per operation, in table order.

An operation turns one contestant (see ``contestants.py``) into a call that
draws ``size`` values, or says it does not apply to it (None).  A row of
the table is a contestant, a column is an operation; new columns are new
entries of :data:`OPERATIONS`, new rows are new contestants.
"""
from dataclasses import dataclass
from typing import Callable, Optional, Tuple

import numpy as np

#: A timed call and the path it exercises ("Generator.random", ...).
Prepared = Optional[Tuple[Callable[[], object], str]]


@dataclass(frozen=True)
class Operation:
    """One column of the table.

    ``prepare(contestant, size)`` makes the call that draws ``size`` values
    on a fresh generator of the contestant, or returns None where the
    operation does not exist for it.  ``keystream`` marks the operations
    whose output is the raw keystream, also reported in GB/s.
    """

    name: str
    header: str
    timed: str
    unit: str
    prepare: Callable[..., Prepared]
    keystream: bool = False


def _random_raw(c, size):
    bitgen = c.make()
    return (lambda: bitgen.random_raw(size)), "BitGenerator.random_raw"


def _random_raw_into(c, size):
    if not c.raw_out:
        return None                 # numpy's random_raw has no out=
    bitgen = c.make()
    buf = np.empty(size, dtype=np.uint64)
    return ((lambda: bitgen.random_raw(out=buf)),
            "BitGenerator.random_raw(out=buffer)")


def _generator_method(method, *args):
    """An operation drawing through the contestant's Generator class."""
    def prepare(c, size):
        gen = c.generator(c.make())
        bound = getattr(gen, method)
        return ((lambda: bound(*args, size)),
                f"{type(gen).__name__}.{method}")
    return prepare


def _random_bytes(c, size):
    nbytes = 8 * size
    bitgen = c.make()
    if hasattr(bitgen, "random_bytes"):
        return ((lambda: bitgen.random_bytes(nbytes)),
                "BitGenerator.random_bytes")
    gen = c.generator(bitgen)
    return (lambda: gen.bytes(nbytes)), f"{type(gen).__name__}.bytes"


OPERATIONS = (
    Operation("random_raw", "raw", "random_raw(N)", "ns per 64-bit value",
              _random_raw, keystream=True),
    Operation("random_raw_into", "raw(out=)", "random_raw(out=buffer of N)",
              "ns per 64-bit value", _random_raw_into, keystream=True),
    Operation("random", "random", "Generator.random(N)", "ns per float64",
              _generator_method("random")),
    Operation("standard_normal", "normal", "Generator.standard_normal(N)",
              "ns per float64", _generator_method("standard_normal")),
    Operation("integers", "integers", "Generator.integers(0, 1000, N)",
              "ns per int64", _generator_method("integers", 0, 1000)),
    Operation("random_bytes", "bytes", "random_bytes(8*N)", "ns per 8 bytes",
              _random_bytes, keystream=True),
)

BY_NAME = {op.name: op for op in OPERATIONS}
