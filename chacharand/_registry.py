"""The one table of chacharand's generator families and what each can do.

Everything that lists the families iterates :data:`FAMILIES`: the package
namespace, :func:`~chacharand.parallel_generators`, the command line, the
benchmarks, the tests and the documentation's tables.  Each entry is the
one place its family's key size and state layout are written: the
generator modules read them from here.

The classes are imported on first use (:attr:`Family.cls`), so the modules
that define them can read their own entry from this table.
"""
from dataclasses import dataclass
import importlib
from typing import NamedTuple, Optional

__all__ = ["DEFAULT_FAMILY", "FAMILIES", "Family", "StateField", "family",
           "names"]


class StateField(NamedTuple):
    """One field of ``state['state']``.

    ``dtype`` is ``"bytes"`` (a key of ``length`` bytes, or, with
    ``limit`` instead, a byte string shorter than ``limit``), ``"int"`` (a
    Python int in ``[0, limit)``) or a numpy integer dtype name: a 1-D
    array of ``length`` values, or a scalar when ``length`` is None.
    """

    dtype: str
    length: Optional[int] = None
    limit: Optional[int] = None


def _words(dtype, length):
    return StateField(dtype, length)


def _scalar(dtype):
    return StateField(dtype)


@dataclass(frozen=True, eq=False)
class Family:
    """What one generator family is and can do.

    Attributes
    ----------
    name : str
        The class name, also ``state['bit_generator']``.
    module : str
        The module that defines the class.
    seekable : bool
        Whether it moves in its stream in O(1): ``advance`` and
        ``word_pos``.
    has_streams : bool
        Whether one key holds many disjoint streams (``stream``,
        ``jumped``); parallel work then takes streams of one key, else
        keys of its own from ``spawn``.
    key_bytes : int
        The longest key accepted, in bytes.
    key_exact : bool
        Whether a key must be exactly ``key_bytes`` long (shorter keys are
        zero-padded otherwise).
    word_bits : int
        The width of the words the algorithm outputs (32 or 64); a seed
        fills the whole key with SeedSequence words of this width.
    state : dict
        ``state['state']``'s fields, in order: name -> :class:`StateField`.
    summary : str
        One line for listings.
    simd_kernels : bool
        Whether its keystream runs on SIMD kernels picked at run time
        (``backend``, :func:`~chacharand.chacha_backends`).
    counter_based : bool
        Whether :class:`~chacharand.CounterGenerator` (and
        ``chacharand.cuda``) draws from it: element i of a draw is a fixed
        function of (key, stream, position + K*i), computed alone on any
        device.  It needs O(1) seeking to any word and streams of one key.
    """

    name: str
    module: str
    seekable: bool
    has_streams: bool
    key_bytes: int
    key_exact: bool
    word_bits: int
    state: dict
    summary: str
    simd_kernels: bool = False
    counter_based: bool = False

    @property
    def cls(self):
        """The generator class."""
        return getattr(importlib.import_module(self.module), self.name)

    @property
    def state_fields(self):
        """The keys of ``state['state']``."""
        return tuple(self.state)

    @property
    def seed_dtype(self):
        """The dtype of the SeedSequence words a seed fills the key with."""
        return f"uint{self.word_bits}"

    @property
    def seed_words(self):
        """How many such words a seed fills (the whole key)."""
        return self.key_bytes * 8 // self.word_bits


_CHACHA_STATE = {
    "key": StateField("bytes", 32),
    "stream": StateField("int", limit=2**64),
    "word_pos": StateField("int", limit=2**68),
}


def _isaac_state(word, words=256):
    return {"mem": _words(word, words), "rsl": _words(word, words),
            "a": _scalar(word), "b": _scalar(word), "c": _scalar(word),
            "index": _scalar("uint32")}


def _chacha(rounds, summary):
    return Family(f"ChaCha{rounds}", "chacharand._chacha", True, True, 32,
                  True, 32, _CHACHA_STATE, summary, simd_kernels=True,
                  counter_based=True)


FAMILIES = (
    _chacha(8, "ChaCha, 8 rounds: the fastest, for simulation"),
    _chacha(12, "ChaCha, 12 rounds"),
    _chacha(20, "ChaCha, 20 rounds, as in RFC 8439"),
    Family("ChaCha8Rand", "chacharand._chacha8rand", False, False, 32, True,
           32,
           {"key": StateField("bytes", 32),
            "used": StateField("int", limit=125),
            "read_buffer": StateField("bytes", limit=9)},
           "Go's math/rand/v2.ChaCha8 (C2SP chacha8rand), bit for bit",
           simd_kernels=True),
    Family("HC128", "chacharand._hc128", False, False, 32, True, 32,
           {"p": _words("uint32", 512), "q": _words("uint32", 512),
            "buffer": _words("uint32", 16), "counter": _scalar("uint32"),
            "index": _scalar("uint32")},
           "HC-128 (eSTREAM portfolio), 128-bit key and IV"),
    Family("ISAAC", "chacharand._isaac", False, False, 1024, False, 32,
           _isaac_state("uint32"), "ISAAC (Jenkins), 32-bit words"),
    Family("ISAAC64", "chacharand._isaac", False, False, 2048, False, 64,
           {**_isaac_state("uint64"), "half_used": _scalar("uint32")},
           "ISAAC-64 (Jenkins), 64-bit words"),
)

_BY_NAME = {f.name: f for f in FAMILIES}

# The family chacharand.default_rng and parallel_generators use when none is
# named: ChaCha20, the RFC 8439 cipher, whose full 20 rounds leave the widest
# margin over the best attacks (7 rounds), whose streams any ChaCha20
# library reproduces, and which parallel_generators has used since 0.1.0.
DEFAULT_FAMILY = "ChaCha20"


def family(which, argument="bit_generator"):
    """The :class:`Family` of a generator class or a class name.

    A subclass of a family's class belongs to that family.  Anything else
    is a TypeError or ValueError naming `argument`.
    """
    if isinstance(which, str):
        try:
            return _BY_NAME[which]
        except KeyError:
            raise ValueError(
                f"{argument} must be one of {list(_BY_NAME)}, got "
                f"{which!r}") from None
    if not isinstance(which, type):
        raise TypeError(
            f"{argument} must be a chacharand generator class or a class "
            f"name, not {type(which).__name__}")
    for entry in FAMILIES:
        if issubclass(which, entry.cls):
            return entry
    raise ValueError(
        f"{argument} must be a chacharand generator class "
        f"({', '.join(_BY_NAME)}), got {which.__name__}")


def names():
    """The family names, comma-separated, for messages and help texts."""
    return ", ".join(_BY_NAME)
