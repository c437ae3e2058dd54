"""Independent generators for parallel workers, for every family.

ChaCha gets its parallel streams from the cipher itself: one key has 2**64
streams that never overlap, so worker ``i`` takes stream ``i``.  HC-128 and
the ISAACs cannot seek, so their workers get keys of their own, from the
children of a SeedSequence.  :func:`parallel_generators` hides the
difference.
"""
import numpy as np
from numpy.random import BitGenerator, Generator, SeedSequence
from numpy.random.bit_generator import (
    ISpawnableSeedSequence,
    SeedlessSeedSequence,
)

from chacharand._base import KeyedBitGenerator
from chacharand._chacha import ChaCha8, ChaCha12, ChaCha20, ChaChaBitGenerator
from chacharand._hc128 import HC128
from chacharand._isaac import ISAAC, ISAAC64
from chacharand._validation import as_bounded_int

__all__ = ["parallel_generators"]

FAMILIES = {cls.__name__: cls
            for cls in (ChaCha8, ChaCha12, ChaCha20, HC128, ISAAC, ISAAC64)}

# As for seed=None in the generators themselves: a 256-bit entropy pool,
# at least as large as every family's key.
_ENTROPY_POOL_WORDS = 8

# ChaCha streams are taken modulo 2**64; more than 2**64 - 1 children of
# one generator would wrap around onto its own stream.
_STREAM_COUNT = 2 ** 64


def _family(bit_generator):
    """The class named or given by `bit_generator`."""
    if isinstance(bit_generator, str):
        try:
            return FAMILIES[bit_generator]
        except KeyError:
            raise ValueError(
                f"bit_generator must be one of {sorted(FAMILIES)}, got "
                f"{bit_generator!r}") from None
    if isinstance(bit_generator, type):
        if issubclass(bit_generator, KeyedBitGenerator) and \
                bit_generator is not ChaChaBitGenerator:
            return bit_generator
        raise ValueError(
            "bit_generator must be a chacharand generator class "
            f"({', '.join(FAMILIES)}), got {bit_generator.__name__}")
    raise TypeError(
        "bit_generator must be a class or a class name (str), not "
        f"{type(bit_generator).__name__}")


def parallel_generators(n, seed=None, *, bit_generator=None,
                        generators=True):
    """`n` independent, reproducible generators for parallel workers.

    Parameters
    ----------
    n : int
        Number of generators, >= 0.
    seed : None, int, array_like[ints], SeedSequence, BitGenerator or Generator, optional
        Where the generators come from.  A seed (None draws 256 bits of OS
        entropy) is used as the generators' own constructors use it.  An
        existing chacharand bit generator, or a
        :class:`numpy.random.Generator` around one, is used as the parent
        (see Notes); the family is then the parent's.
    bit_generator : type or str, optional
        The family: `ChaCha8`, `ChaCha12`, `ChaCha20`, `HC128`, `ISAAC` or
        `ISAAC64`, as the class or its name.  Defaults to ChaCha20, or to
        the class of `seed` when `seed` is a generator; giving a different
        one then is a ValueError.
    generators : bool, optional
        If True (the default), return :class:`numpy.random.Generator`
        objects; if False, the bit generators themselves.

    Returns
    -------
    list
        `n` generators, one per worker.  The same arguments give the same
        generators, in the same order.

    Raises
    ------
    TypeError
        An argument of the wrong type, or a parent table generator built
        from an explicit key (it has no SeedSequence to spawn from).
    ValueError
        A negative `n`, an unknown family, or a `bit_generator` that is not
        the class of `seed`.

    Notes
    -----
    **ChaCha** (streams of one key, disjoint by construction):

    * from a seed, the key is the one ``ChaCha20(seed)`` has, and
      generator ``i`` is on stream ``i``: it equals
      ``ChaCha20(seed, stream=i)``, for ``i = 0 .. n-1``;
    * from an existing generator ``g``, generator ``i`` (counting from 1)
      is ``g.jumped(i)``: the same key and word position, stream
      ``g.stream + i`` modulo 2**64.  The workers never repeat the
      parent's own stream, and ``g`` is not changed.

    Two streams of one key never share a block of keystream, however much
    each worker draws (2**68 words per stream).  The children are built
    from their key, stream and position, so they have no SeedSequence:
    their ``spawn`` raises TypeError; derive sub-streams with ``jumped``.

    **HC128, ISAAC, ISAAC64** (independent keys):

    * from a seed, generator ``i`` is ``cls(SeedSequence(seed).spawn(n)[i])``
      (a SeedSequence passed as `seed` is spawned from, which advances its
      ``n_children_spawned``, as with NumPy);
    * from an existing generator ``g``, the generators are ``g.spawn(n)``;
      this advances ``g.seed_seq.n_children_spawned``, so a second call
      with the same ``g`` gives new generators.

    The children's keys come from distinct SeedSequence spawn keys; two of
    them collide, or their outputs overlap, only with negligible
    probability (the keys are 256 bits).

    Never share one generator between processes started by ``fork``: each
    child gets a copy of its state and repeats the parent's numbers.
    Create the generators in the parent with this function and hand one
    to each task (they pickle exactly), or pass the task its index and
    build its generator there.

    Examples
    --------
    >>> import chacharand
    >>> rngs = chacharand.parallel_generators(4, seed=2024)
    >>> [g.bit_generator.stream for g in rngs]
    [0, 1, 2, 3]
    >>> hc = chacharand.parallel_generators(2, seed=2024, bit_generator="HC128")
    >>> type(hc[0].bit_generator).__name__
    'HC128'
    """
    n = as_bounded_int(n, "n", _STREAM_COUNT)
    if not isinstance(generators, (bool, np.bool_)):
        raise TypeError(
            f"generators must be a bool, not {type(generators).__name__}")

    parent = seed.bit_generator if isinstance(seed, Generator) else seed
    if isinstance(parent, BitGenerator):
        if not isinstance(parent, KeyedBitGenerator):
            raise TypeError(
                "seed must be a seed or a chacharand generator "
                f"({', '.join(FAMILIES)}), not a {type(parent).__name__}")
        family = type(parent)
        if bit_generator is not None and _family(bit_generator) is not family:
            wanted = _family(bit_generator).__name__
            raise ValueError(
                f"bit_generator is {wanted} but seed is a {family.__name__}; "
                "leave bit_generator out to use the class of seed")
        bitgens = _children(parent, n)
    else:
        family = _family("ChaCha20" if bit_generator is None
                         else bit_generator)
        bitgens = _from_seed(family, seed, n)

    if generators:
        return [Generator(b) for b in bitgens]
    return bitgens


def _children(parent, n):
    """`n` generators from an existing one: streams, or spawned keys."""
    if isinstance(parent, ChaChaBitGenerator):
        return [parent.jumped(i) for i in range(1, n + 1)]
    if isinstance(parent.seed_seq, SeedlessSeedSequence):
        raise TypeError(
            f"seed is a {type(parent).__name__} built from an explicit key: "
            "it has no SeedSequence to spawn children from.  Pass a seed "
            "(an int or a SeedSequence) instead")
    return parent.spawn(n)


def _from_seed(family, seed, n):
    """`n` generators of `family` from a seed (None, ints, SeedSequence)."""
    if isinstance(seed, SeedlessSeedSequence):
        raise TypeError(
            f"seed cannot be a {type(seed).__name__}: it holds no entropy "
            "to derive keys from.  Pass None, an int, a sequence of ints or "
            "a SeedSequence")
    if issubclass(family, ChaChaBitGenerator):
        # The key family(seed) has; one stream per worker.
        key = family(seed).key
        return [family(key=key, stream=i) for i in range(n)]
    if seed is None:
        seed = SeedSequence(pool_size=_ENTROPY_POOL_WORDS)
    elif not isinstance(seed, ISpawnableSeedSequence):
        seed = SeedSequence(seed)
    return [family(child) for child in seed.spawn(n)]
