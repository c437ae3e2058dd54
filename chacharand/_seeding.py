"""Where a generator's SeedSequence comes from.

A generator made from a seed keeps that seed's SeedSequence, as numpy's do.
Three cases need more:

* ``seed=None``: numpy's default entropy pool holds 128 bits, less than any
  of our keys, so the OS entropy (256 bits) goes into a pool of 8 words.
  An integer seed of 2**128 or more gets the same pool, so that NumPy's
  idiom of recording ``seed_seq.entropy`` and passing it back as the seed
  rebuilds the same generator (a 4-word pool could not hold it anyway).
* a generator made from an explicit key (``key=``, ``jumped``, the ChaCha
  workers of ``parallel_generators``) has no seed.  It gets a SeedSequence
  derived from what defines its stream, so that ``spawn`` -- and everything
  built on it, such as ``dask.array.random`` -- works for it too, and gives
  the same children every time.
* a ChaCha generator made from a seed on a stream other than 0 keeps its
  seed's key, but spawns the children a keyed generator on that key and
  stream would (:class:`StreamSeedSequence`): workers on different streams
  of one seed never share children.
"""
import operator
import secrets

from numpy.random import SeedSequence

__all__ = ["ENTROPY_POOL_WORDS", "StreamSeedSequence", "key_seed_sequence",
           "seed_sequence", "stream_seed_sequence"]

# 32-bit words of OS entropy behind seed=None: 256 bits, at least as many
# as every family's key holds.
ENTROPY_POOL_WORDS = 8
ENTROPY_BITS = 32 * ENTROPY_POOL_WORDS

# numpy's default pool (4 words) holds integers below this exactly.
_DEFAULT_POOL_LIMIT = 2 ** 128


def seed_sequence(seed):
    """The SeedSequence a `seed` (anything but a SeedSequence) makes.

    None draws 256 bits of OS entropy; an integer of 2**128 or more gets a
    pool of 8 words; anything else gets numpy's ``SeedSequence(seed)``.
    The rule depends on the entropy alone, so ``SeedSequence(entropy)``
    rebuilt from a recorded ``seed_seq.entropy`` has the same pool.
    """
    if seed is None:
        seed = secrets.randbits(ENTROPY_BITS)
    if not isinstance(seed, bool):
        try:
            value = operator.index(seed)
        except TypeError:
            value = None
        if value is not None and value >= _DEFAULT_POOL_LIMIT:
            return SeedSequence(value, pool_size=ENTROPY_POOL_WORDS)
    return SeedSequence(seed)


def key_seed_sequence(name, key, stream=None):
    """The SeedSequence of a generator built from an explicit key.

    Its entropy is one integer: the little-endian reading of the bytes

        ``b"chacharand:" + name + b":"`` (ASCII)
        ``+ stream.to_bytes(8, "little")`` (ChaCha only)
        ``+ key`` without its trailing zero bytes

    Trailing zeros are dropped because a key shorter than the family's
    full length is zero-padded: keys that make the same generator get the
    same SeedSequence.  The prefix keeps the derived sequences apart from
    those of small integer seeds and from one family to another, and the
    stream makes each ChaCha stream of a key spawn children of its own.

    Parameters
    ----------
    name : str
        The generator's class name.
    key : bytes
        The key, as the generator was given it.
    stream : int, optional
        The ChaCha stream id, in [0, 2**64).

    Returns
    -------
    SeedSequence
    """
    data = b"chacharand:" + name.encode("ascii") + b":"
    if stream is not None:
        data += stream.to_bytes(8, "little")
    data += key.rstrip(b"\0")
    return SeedSequence(int.from_bytes(data, "little"))


class StreamSeedSequence(SeedSequence):
    """The SeedSequence of a ChaCha generator seeded on a stream other than 0.

    It is its seed's sequence (same entropy, spawn key and pool, so
    ``generate_state`` -- the key -- is unchanged), except for ``spawn``:
    the children are those of ``key_seed_sequence(name, key, stream)``, as
    for a keyed generator on that key and stream, numbered on from the
    seed's ``n_children_spawned``.  Children of different streams of one
    seed are therefore different, and ``dask.array.random``, which spawns
    from ``bit_generator.seed_seq``, gives each stream its own chunks.
    """

    def __init__(self, entropy=None, *, spawn_key=(), pool_size=4,
                 n_children_spawned=0, children_of=None):
        super().__init__(entropy, spawn_key=spawn_key, pool_size=pool_size)
        if children_of is None:
            raise TypeError(
                "StreamSeedSequence needs children_of, the SeedSequence "
                "its children come from")
        self.children_of = SeedSequence(
            children_of.entropy, spawn_key=children_of.spawn_key,
            pool_size=children_of.pool_size,
            n_children_spawned=n_children_spawned)

    @property
    def n_children_spawned(self):
        """How many children have been spawned (as numpy's)."""
        return self.children_of.n_children_spawned

    def spawn(self, n_children):
        """`n_children` children of ``children_of`` (see the class)."""
        return self.children_of.spawn(n_children)

    def plain(self):
        """The seed's own SeedSequence: same entropy, no stream."""
        return SeedSequence(self.entropy, spawn_key=self.spawn_key,
                            pool_size=self.pool_size,
                            n_children_spawned=self.n_children_spawned)

    def __repr__(self):
        return (f"StreamSeedSequence(entropy={self.entropy!r}, "
                f"spawn_key={self.spawn_key!r}, pool_size={self.pool_size}, "
                f"n_children_spawned={self.n_children_spawned}, "
                f"children_of={self.children_of!r})")


def stream_seed_sequence(seed_seq, name, key, stream):
    """The SeedSequence of a seeded ChaCha generator on `stream`.

    Stream 0 keeps the seed's own sequence (numpy's children, unchanged);
    any other stream gets a :class:`StreamSeedSequence` whose children are
    those of the keyed generator with the same key and stream.
    """
    if isinstance(seed_seq, StreamSeedSequence):
        seed_seq = seed_seq.plain()
    if stream == 0 or not isinstance(seed_seq, SeedSequence):
        # Stream 0, or a user's own ISeedSequence class: spawned as given.
        return seed_seq
    return StreamSeedSequence(
        seed_seq.entropy, spawn_key=seed_seq.spawn_key,
        pool_size=seed_seq.pool_size,
        n_children_spawned=seed_seq.n_children_spawned,
        children_of=key_seed_sequence(name, key, stream))
