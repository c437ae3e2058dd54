"""Signatures and strict input: every parameter shows in the signature,
keys are bytes or one-byte buffers, states refuse what only looks like
integers, sizes too large are clear errors.
"""
import copy
import inspect

import numpy as np
import pytest

from chacharand._registry import FAMILIES
from _support.families import class_params, same_stream

pytestmark = pytest.mark.numpy_protocol


# ---- introspection --------------------------------------------------------------
@class_params
def test_signatures_show_every_parameter(cls):
    params = list(inspect.signature(cls).parameters)
    assert params[:2] == ["seed", "key"]
    if hasattr(cls, "jumped"):
        assert params == ["seed", "key", "stream", "word_pos"]
        assert list(inspect.signature(cls.advance).parameters) == \
            ["self", "delta"]
        assert list(inspect.signature(cls.jumped).parameters) == \
            ["self", "jumps"]
    assert list(inspect.signature(cls.random_raw).parameters) == \
        ["self", "size", "output", "out"]
    assert list(inspect.signature(cls.random_bytes).parameters) == \
        ["self", "length"]
    assert list(inspect.signature(cls.spawn).parameters) == \
        ["self", "n_children"]
    assert "key" in (cls.__doc__ or "")


# ---- strict input ---------------------------------------------------------------
@class_params
@pytest.mark.parametrize("key", [
    memoryview(np.ones(4)), np.ones(32, bool), np.zeros(32, np.int8),
    np.ma.masked_array(np.zeros(32, np.uint8)), "x" * 32, 7, None.__class__,
], ids=["float64-buffer", "bool-array", "int8-array", "masked", "str", "int",
        "type"])
def test_keys_are_bytes_or_one_byte_buffers(cls, key):
    with pytest.raises(TypeError, match="key"):
        cls(key=key)


@class_params
def test_one_byte_buffers_are_keys(cls):
    key = bytes(range(32))
    want = cls(key=key)
    for form in (bytearray(key), memoryview(key), np.frombuffer(key, np.uint8),
                 memoryview(np.frombuffer(key, np.int8))):
        same_stream(cls(key=form), copy.deepcopy(want))


# The families whose state holds word tables (arrays), from the registry.
TABLE_STATES = [f.cls for f in FAMILIES
                if any(field.dtype not in ("bytes", "int")
                       and field.length is not None
                       for field in f.state.values())]


@pytest.mark.parametrize("cls", TABLE_STATES, ids=lambda c: c.__name__)
def test_table_states_refuse_what_only_looks_like_integers(cls):
    good = cls(61).state
    field = next(k for k, v in good["state"].items()
                 if isinstance(v, np.ndarray))
    n = good["state"][field].size
    bad_values = [
        np.ones(n, bool),
        [True] * n,
        np.ma.masked_array(good["state"][field]),
        np.array([1] * n, dtype=object),
        good["state"][field].astype(float),
    ]
    target, twin = cls(62), cls(62)
    for value in bad_values:
        with pytest.raises(TypeError, match=field):
            target.state = {**good, "state": {**good["state"], field: value}}
    same_stream(target, twin)
    # JSON gives lists of Python ints: accepted, up to the word's maximum.
    as_lists = {**good, "state": {
        k: v.tolist() if isinstance(v, np.ndarray) else v
        for k, v in good["state"].items()}}
    target.state = as_lists
    same_stream(target, cls(61))


@class_params
def test_sizes_too_large_are_clear_errors(cls):
    bitgen = cls(71)
    with pytest.raises(ValueError, match="length"):
        bitgen.random_bytes(2**63)
    with pytest.raises(MemoryError, match="length"):
        bitgen.random_bytes(2**62)
    with pytest.raises((ValueError, MemoryError), match="size"):
        bitgen.random_raw((2**40, 2**40))
    with pytest.raises((ValueError, MemoryError), match="size"):
        bitgen.random_raw(2**61)
    same_stream(bitgen, cls(71))


@class_params
@pytest.mark.parametrize("size", [-1, (-1, 5), (3, -2)])
@pytest.mark.parametrize("output", [True, False])
def test_negative_sizes_are_numpys_value_error(cls, size, output):
    """numpy's message, whether the values are returned or not (numpy 2.5
    checks both; before, random_raw(output=False) summed the size)."""
    if output:
        with pytest.raises(ValueError) as numpys:
            np.random.PCG64(71).random_raw(size)
        assert "negative dimensions are not allowed" in str(numpys.value)
    bitgen = cls(71)
    with pytest.raises(ValueError,
                       match="negative dimensions are not allowed: size"):
        bitgen.random_raw(size, output=output)
    same_stream(bitgen, cls(71))
