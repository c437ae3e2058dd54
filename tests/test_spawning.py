"""spawn, from any generator however it was made: reproducible children,
from the documented SeedSequence of a keyed generator.
"""
import copy

import numpy as np
import pytest
from numpy.random import Generator, SeedSequence
from numpy.random.bit_generator import ISeedSequence

import chacharand
from _support.families import WITH_STREAMS, class_params, same_stream
from _support.known_answers import documented_key_entropy

pytestmark = pytest.mark.numpy_protocol


@class_params
def test_every_generator_spawns_reproducibly(cls):
    key = bytes(range(40, 72))
    made = [cls(key=key), parallel_child(cls)]
    if hasattr(cls, "jumped"):
        made += [cls(7).jumped(1), cls(7).jumped(1).jumped(2)]
    for bitgen in made:
        twin = copy.deepcopy(bitgen)
        children = Generator(bitgen).spawn(2)
        again = Generator(twin).spawn(2)
        for a, b in zip(children, again):
            np.testing.assert_array_equal(a.random(3), b.random(3))


def parallel_child(cls):
    return chacharand.parallel_generators(2, 5, bit_generator=cls,
                                          generators=False)[1]


@class_params
def test_keyed_seed_sequence_is_the_documented_one(cls):
    key = bytes(range(1, 33))
    if hasattr(cls, "jumped"):
        bitgen = cls(key=key, stream=2**40 + 3)
        entropy = documented_key_entropy(cls.__name__, key, 2**40 + 3)
    else:
        bitgen = cls(key=key)
        entropy = documented_key_entropy(cls.__name__, key)
    assert bitgen.seed_seq.entropy == entropy
    child = bitgen.spawn(1)[0]
    same_stream(child, cls(SeedSequence(entropy).spawn(1)[0]))


def test_zero_padded_isaac_keys_share_their_seed_sequence():
    a = chacharand.ISAAC(key=b"\x01\x02")
    b = chacharand.ISAAC(key=b"\x01\x02" + bytes(30))
    same_stream(a, b)
    same_stream(a.spawn(1)[0], b.spawn(1)[0])


@pytest.mark.parametrize("cls", WITH_STREAMS, ids=lambda c: c.__name__)
def test_streams_of_one_key_spawn_different_children(cls):
    first = cls(key=bytes(32), stream=0).spawn(1)[0]
    second = cls(key=bytes(32), stream=1).spawn(1)[0]
    assert first.key != second.key


class GenerateOnlySeedSequence:
    """An ``ISeedSequence`` that generates words but cannot spawn, as in
    numpy's own test_direct.py (``test_non_spawnable``)."""

    def generate_state(self, n_words, dtype=np.uint32):
        return np.arange(1, n_words + 1, dtype=dtype)


ISeedSequence.register(GenerateOnlySeedSequence)


def numpys_error(call):
    """The exception numpy's PCG64 raises for `call(bit_generator)`."""
    with pytest.raises(Exception) as raised:
        call(np.random.PCG64(GenerateOnlySeedSequence()))
    return raised.value


@class_params
def test_a_seed_sequence_that_cannot_spawn_raises_numpys_error(cls):
    """numpy: TypeError("The underlying SeedSequence does not implement
    spawning."), from the bit generator and from the Generator."""
    made = [cls(GenerateOnlySeedSequence())]
    if hasattr(cls, "jumped"):
        made.append(cls(GenerateOnlySeedSequence(), stream=3))
    want = numpys_error(lambda bg: bg.spawn(2))
    assert type(want) is TypeError
    for bitgen in made:
        twin = copy.deepcopy(bitgen)
        for spawn in (bitgen.spawn, Generator(bitgen).spawn,
                      chacharand.Generator(bitgen).spawn):
            with pytest.raises(TypeError) as ours:
                spawn(2)
            assert str(ours.value) == str(want)
        same_stream(bitgen, twin)   # nothing was drawn or changed


@class_params
def test_a_negative_count_is_refused_before_the_seed_sequence(cls):
    """The count is checked first, as numpy 2.5 does (before 2.5 numpy's
    bit generators checked the sequence first, then SeedSequence.spawn the
    count)."""
    with pytest.raises(ValueError, match="n_children"):
        cls(GenerateOnlySeedSequence()).spawn(-1)
    if np.lib.NumpyVersion(np.__version__) >= "2.5.0":
        assert type(numpys_error(lambda bg: bg.spawn(-1))) is ValueError
