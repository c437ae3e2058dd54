"""The families as the tests parametrize them, from the registry."""
import numpy as np
import pytest

from chacharand._registry import FAMILIES

CLASSES = [f.cls for f in FAMILIES]
SEEKABLE = [f.cls for f in FAMILIES if f.seekable]
WITH_STREAMS = [f.cls for f in FAMILIES if f.has_streams]
ids = [f.name for f in FAMILIES]
family_params = pytest.mark.parametrize("spec", FAMILIES, ids=ids)
class_params = pytest.mark.parametrize("cls", CLASSES, ids=ids)


def same_stream(a, b, n=40):
    """Assert that `a` and `b` draw the same `n` raw values next."""
    np.testing.assert_array_equal(a.random_raw(n), b.random_raw(n))
