"""What numpy does with a bit generator's state, ours take: RandomState
wrapping (and its pickles), any mapping as a state, and the keys numpy's
RandomState adds to it.
"""
import copy
import pickle
import types

import numpy as np
import pytest
from numpy.random import RandomState

from _support.families import class_params, same_stream

pytestmark = pytest.mark.numpy_protocol


# ---- RandomState ----------------------------------------------------------------
@class_params
def test_random_state_pickles_and_restores(cls):
    rs = RandomState(cls(21))
    rs.standard_normal()            # a cached Gaussian: has_gauss = 1
    clone = pickle.loads(pickle.dumps(rs))
    np.testing.assert_array_equal(clone.standard_normal(5),
                                  rs.standard_normal(5))
    saved = rs.get_state(legacy=False)
    assert {"has_gauss", "gauss"} <= set(saved)
    first = rs.random_sample(4)
    rs.set_state(saved)
    np.testing.assert_array_equal(rs.random_sample(4), first)
    with pytest.warns(RuntimeWarning, match="legacy"):
        legacy = rs.get_state()
    other = RandomState(cls(22))
    other.set_state(legacy)
    np.testing.assert_array_equal(other.random_sample(4),
                                  rs.random_sample(4))


# ---- state mappings -------------------------------------------------------------
@class_params
def test_state_setter_takes_any_mapping_and_numpys_extra_keys(cls):
    source = cls(31)
    source.random_raw(3)
    state = source.state
    proxy = types.MappingProxyType(
        {**state, "state": types.MappingProxyType(state["state"])})
    for value in (proxy, {**state, "has_gauss": 1, "gauss": 0.25}):
        target = cls(32)
        target.state = value
        same_stream(target, copy.deepcopy(source))


@class_params
def test_state_with_other_extra_keys_is_refused_unchanged(cls):
    target, twin = cls(33), cls(33)
    for extra in ({"has_uint32": 0}, {"uinteger": 0}, {"junk": 1}):
        with pytest.raises(ValueError, match="keys"):
            target.state = {**cls(34).state, **extra}
    same_stream(target, twin)
