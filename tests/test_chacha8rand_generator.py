"""chacharand.Generator over ChaCha8Rand: its C fills, exactly numpy's
numbers, the bit generator left where numpy leaves it (the family-wide
identity tests run it too; this checks the fast path is the one taken)."""
import numpy as np
import pytest

import chacharand
from chacharand import ChaCha8Rand

CALLS = [
    ("random", (1001,), {}),
    ("random", (1001,), {"dtype": np.float32}),
    ("standard_normal", (5001,), {}),
    ("standard_exponential", (3001,), {"dtype": np.float32}),
    ("integers", (0, 1000, 3001), {}),
    ("integers", (0, 2**32, 301), {"dtype": np.uint32}),
    ("integers", (-100, 100, 3001), {"dtype": np.int8}),
    ("bytes", (1013,), {}),
]


def test_the_fast_path_is_taken():
    assert chacharand.Generator(ChaCha8Rand(1))._source is not None


@pytest.mark.parametrize("skip", [0, 1, 123, 124, 125])
def test_fills_equal_numpy_across_iterations(skip):
    ours = chacharand.Generator(ChaCha8Rand(key=bytes(range(32))))
    numpys = np.random.Generator(ChaCha8Rand(key=bytes(range(32))))
    for g in (ours, numpys):
        g.bit_generator.random_raw(skip, output=False)
    for method, args, kwargs in CALLS:
        got = getattr(ours, method)(*args, **kwargs)
        want = getattr(numpys, method)(*args, **kwargs)
        if method == "bytes":
            assert got == want
        else:
            np.testing.assert_array_equal(got, want)
        assert ours.bit_generator.state == numpys.bit_generator.state
