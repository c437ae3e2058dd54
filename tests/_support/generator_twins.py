"""Helpers for chacharand.Generator's tests: twin bit generators and the
comparison of one call through chacharand.Generator and NumPy's Generator.

NumPy's own Generator over an identical copy of the bit generator is the
reference: the values must be bit for bit the same (same type, dtype and
shape) and the two bit generators must end at the same position.
"""
import copy
import re

import numpy as np

from chacharand import Generator
from chacharand._generator import fast_path_calls
from chacharand._registry import FAMILIES

FAMILY_CLASSES = [f.cls for f in FAMILIES]


def positioned(cls, seed, words32):
    """A `cls(seed)` after `words32` 32-bit draws (next_uint32 through
    NumPy's Generator), so that later draws start at any word -- for
    ISAAC64, with a pending high half when `words32` is odd."""
    bitgen = cls(seed)
    if words32:
        np.random.Generator(bitgen).integers(0, 2**32, size=words32,
                                             dtype=np.uint32)
    return bitgen


def same_value(ours, theirs):
    """Bit for bit equality, including the Python or NumPy type."""
    assert type(ours) is type(theirs), (type(ours), type(theirs))
    if isinstance(ours, bytes):
        assert ours == theirs
        return
    a, b = np.asarray(ours), np.asarray(theirs)
    assert a.dtype == b.dtype and a.shape == b.shape, (a.dtype, b.dtype,
                                                       a.shape, b.shape)
    if a.dtype.kind == "O":
        assert a.tolist() == b.tolist()
    else:
        assert a.tobytes() == b.tobytes(), (a, b)


# The output buffer of a table generator, whose words before 'index' are
# used up: a bulk fill may write whole blocks straight to the caller and
# leave other (dead) words there than one-by-one draws would.
OUTPUT_BUFFERS = {"buffer", "rsl"}


def same_state(a, b):
    """`a` and `b` are at the same position: equal state dicts (but for
    the used-up words of an output buffer), and the same next raw output
    over more than a block (which moves them both on)."""
    sa, sb = a.state["state"], b.state["state"]
    assert sa.keys() == sb.keys()
    for key in sa:
        va, vb = np.asarray(sa[key]), np.asarray(sb[key])
        if key in OUTPUT_BUFFERS:
            live = int(sa["index"]) - int(sa.get("half_used", 0))
            va, vb = va[live:], vb[live:]
        assert np.array_equal(va, vb), key
    assert np.array_equal(a.random_raw(300), b.random_raw(300))


def outcome(call):
    """('ok', value) or ('raises', type, message)."""
    try:
        return ("ok", call())
    except Exception as exc:  # the comparison is the point
        return ("raises", type(exc), str(exc))


def check_twins(bitgen, method, /, *args, fast=None, **kwargs):
    """Call `method` through chacharand.Generator on `bitgen` and through
    NumPy's Generator on a deep copy; the results (values or errors) and
    the positions afterwards must be identical.  With `fast` True (False)
    the call must (must not) have taken chacharand's C path.  Returns our
    outcome."""
    twin = copy.deepcopy(bitgen)
    ours_gen = Generator(bitgen)
    before = fast_path_calls(ours_gen)
    ours = outcome(lambda: getattr(ours_gen, method)(*args, **kwargs))
    took_fast_path = fast_path_calls(ours_gen) > before
    theirs = outcome(lambda: getattr(np.random.Generator(twin), method)(
        *args, **kwargs))
    assert ours[0] == theirs[0], (ours, theirs)
    if ours[0] == "ok":
        same_value(ours[1], theirs[1])
    else:
        assert ours[1:] == theirs[1:]
    if fast is not None:
        assert took_fast_path == fast, (method, args, kwargs)
    same_state(bitgen, twin)
    return ours


def numpy_version():
    """The installed NumPy's (major, minor, micro)."""
    return tuple(int(x) for x in
                 re.match(r"(\d+)\.(\d+)\.(\d+)", np.__version__).groups())


def expected_deferrals():
    """(certain, possible): the methods that take NumPy's path on the
    installed NumPy because its algorithm differs from the C fills (which
    follow the newest NumPy).  NumPy 2.1 changed beta's underflow branch,
    2.3.4 wald's formula (dirichlet draws betas, so it follows beta); before 2.4 the order of the two draws of f and
    standard_cauchy was the compiler's choice."""
    version = numpy_version()
    certain, possible = set(), set()
    if version < (2, 1, 0):
        certain |= {"beta", "dirichlet"}     # dirichlet draws betas
    if version < (2, 3, 4):
        certain.add("wald")
    if version < (2, 4, 0):
        possible |= {"f", "standard_cauchy"}
    return certain, possible
