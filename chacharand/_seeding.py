"""Where a generator's SeedSequence comes from.

A generator made from a seed keeps that seed's SeedSequence, as numpy's do.
Two cases need more:

* ``seed=None``: numpy's default entropy pool holds 128 bits, less than any
  of our keys, so the OS entropy goes into a 256-bit pool instead.
* a generator made from an explicit key (``key=``, ``jumped``, the ChaCha
  workers of ``parallel_generators``) has no seed.  It gets a SeedSequence
  derived from what defines its stream, so that ``spawn`` -- and everything
  built on it, such as ``dask.array.random`` -- works for it too, and gives
  the same children every time.
"""
from numpy.random import SeedSequence

__all__ = ["ENTROPY_POOL_WORDS", "os_entropy", "key_seed_sequence"]

# 32-bit words of OS entropy behind seed=None: 256 bits, at least as many
# as every family's key holds.
ENTROPY_POOL_WORDS = 8


def os_entropy():
    """A SeedSequence with 256 bits of fresh OS entropy."""
    return SeedSequence(pool_size=ENTROPY_POOL_WORDS)


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
