"""The registry describes each family as it is: its class, its state's
fields and their layout, its key, what it can seek, how a seed fills it.
"""
import numpy as np
import pytest
from numpy.random import SeedSequence

import chacharand
from _support.families import family_params, same_stream

pytestmark = pytest.mark.numpy_protocol


@family_params
def test_registry_describes_each_family(spec):
    cls = spec.cls
    assert cls.__name__ == spec.name and spec.name in chacharand.__all__
    assert getattr(chacharand, spec.name) is cls
    assert set(cls(1).state["state"]) == set(spec.state_fields)
    assert hasattr(cls, "jumped") == hasattr(cls, "stream") == \
        spec.has_streams
    assert hasattr(cls, "advance") == hasattr(cls, "word_pos") == \
        spec.seekable
    assert hasattr(cls, "backend") == spec.simd_kernels
    assert spec.counter_based <= (spec.seekable and spec.has_streams)
    if spec.counter_based:
        chacharand.CounterGenerator(cls(1)).random(3)
    else:
        with pytest.raises(TypeError, match="bit_generator must be"):
            chacharand.CounterGenerator(cls(1))
    # The registry's state layout is the state's: each array its dtype and
    # length, each key its length, each int below its limit.
    for name, field in spec.state.items():
        value = cls(1).state["state"][name]
        if field.dtype == "bytes" and field.length is None:
            assert isinstance(value, bytes) and len(value) < field.limit
        elif field.dtype == "bytes":
            assert isinstance(value, bytes) and len(value) == field.length
        elif field.dtype == "int":
            assert isinstance(value, int) and 0 <= value < field.limit
        elif field.length is None:
            assert isinstance(value, int)
            assert 0 <= value <= np.iinfo(field.dtype).max
        else:
            assert value.dtype == field.dtype
            assert value.shape == (field.length,)
    # A seed fills the whole key with SeedSequence words, little-endian.
    words = SeedSequence(5).generate_state(spec.seed_words, spec.seed_dtype)
    key = words.astype(np.dtype(spec.seed_dtype).newbyteorder("<")).tobytes()
    assert len(key) == spec.key_bytes
    same_stream(cls(5), cls(key=key))
    with pytest.raises(ValueError, match="key"):
        cls(key=bytes(spec.key_bytes + 1))
    if spec.key_exact:
        with pytest.raises(ValueError, match="key"):
            cls(key=bytes(spec.key_bytes - 1))
    chacharand.parallel_generators(1, 1, bit_generator=spec.name)
