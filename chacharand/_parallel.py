"""Independent generators for parallel workers, for every family.

ChaCha gets its parallel streams from the cipher itself: one key has 2**64
streams that never overlap, so worker ``i`` takes stream ``i``.  HC-128 and
the ISAACs cannot seek, so their workers get keys of their own, from the
children of a SeedSequence.  :func:`parallel_generators` hides the
difference.
"""
import numpy as np
from numpy.random import BitGenerator, Generator as NumPyGenerator
from numpy.random.bit_generator import (
    ISpawnableSeedSequence,
    SeedlessSeedSequence,
)

from chacharand._base import KeyedBitGenerator
from chacharand._generator import Generator
from chacharand._registry import DEFAULT_FAMILY, FAMILIES, family
from chacharand._seeding import seed_sequence
from chacharand._validation import as_bounded_int

__all__ = ["parallel_generators"]

# ChaCha streams are taken modulo 2**64; more than 2**64 - 1 children of
# one generator would wrap around onto its own stream.
_STREAM_COUNT = 2 ** 64
_NAMES = ", ".join(f.name for f in FAMILIES)


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
        The family, as the class or its name: any chacharand generator
        (the families table of the documentation lists them).  Defaults to
        ChaCha20 (as :func:`chacharand.default_rng`), or to the class of
        `seed` when `seed` is a generator; giving a different one then is a
        ValueError.
    generators : bool, optional
        If True (the default), return :class:`chacharand.Generator`
        objects (a :class:`numpy.random.Generator` that draws NumPy's own
        numbers, faster); if False, the bit generators themselves.

    Returns
    -------
    list
        `n` generators, one per worker.  The same arguments give the same
        generators, in the same order.

    Raises
    ------
    TypeError
        An argument of the wrong type.
    ValueError
        A negative `n`, an unknown family, or a `bit_generator` that is not
        the class of `seed`.

    Notes
    -----
    **Families with streams** (``stream`` and ``jumped``: ChaCha8, ChaCha12
    and ChaCha20; streams of one key, disjoint by construction):

    * from a seed, the key is the one ``ChaCha20(seed)`` has, and
      generator ``i`` is on stream ``i``: it is
      ``ChaCha20(key=ChaCha20(seed).key, stream=i)``, children included,
      for ``i = 0 .. n-1``.  ``ChaCha20(seed, stream=i)`` draws the same
      words, and for ``i >= 1`` spawns the same children; on stream 0 it
      spawns the seed's own (see the parallel page);
    * from an existing generator ``g``, generator ``i`` (counting from 1)
      is ``g.jumped(i)``: the same key and word position, stream
      ``g.stream + i`` modulo 2**64.  The workers never repeat the
      parent's own stream, and ``g`` is not changed.

    Two streams of one key never share a block of keystream, however much
    each worker draws (2**68 words per stream).  The children are built
    from their key, stream and position; their SeedSequence is derived
    from the key and stream (see the seeding guide), so they can
    ``spawn`` too, and ``jumped`` derives sub-streams.

    **Families without streams** (HC128 and the others that have no
    ``jumped``; independent keys):

    * from a seed, generator ``i`` is ``cls(s.spawn(n)[i])``, where ``s``
      is the SeedSequence ``cls(seed)`` would have (a SeedSequence passed
      as `seed` is spawned from, which advances its
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

    parent = seed.bit_generator if isinstance(seed, NumPyGenerator) else seed
    if isinstance(parent, BitGenerator):
        if not isinstance(parent, KeyedBitGenerator):
            raise TypeError(
                f"seed must be a seed or a chacharand generator ({_NAMES}), "
                f"not a {type(parent).__name__}")
        if bit_generator is not None and \
                family(bit_generator) is not family(type(parent)):
            raise ValueError(
                f"bit_generator is {family(bit_generator).name} but seed is "
                f"a {type(parent).__name__}; leave bit_generator out to use "
                "the class of seed")
        bitgens = _children(parent, n)
    else:
        spec = family(DEFAULT_FAMILY if bit_generator is None
                      else bit_generator)
        bitgens = _from_seed(spec, seed, n)

    if generators:
        return [Generator(b) for b in bitgens]
    return bitgens


def _children(parent, n):
    """`n` generators from an existing one: streams, or spawned keys."""
    if family(type(parent)).has_streams:
        return [parent.jumped(i) for i in range(1, n + 1)]
    return parent.spawn(n)


def _from_seed(spec, seed, n):
    """`n` generators of the family `spec` from a seed."""
    if isinstance(seed, SeedlessSeedSequence):
        raise TypeError(
            f"seed cannot be a {type(seed).__name__}: it holds no entropy "
            "to derive keys from.  Pass None, an int, a sequence of ints or "
            "a SeedSequence")
    cls = spec.cls
    if spec.has_streams:
        # The key cls(seed) has; one stream per worker.
        key = cls(seed).key
        return [cls(key=key, stream=i) for i in range(n)]
    if not isinstance(seed, ISpawnableSeedSequence):
        seed = seed_sequence(seed)
    return [cls(child) for child in seed.spawn(n)]
