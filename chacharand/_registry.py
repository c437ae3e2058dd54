"""The one table of chacharand's generator families and what each can do.

Everything that lists the families iterates :data:`FAMILIES`: the package
namespace, :func:`~chacharand.parallel_generators`, the command line, the
benchmarks, the tests and the documentation's tables.  A new family is a
module of its own plus one entry here.

The classes are imported on first use (:attr:`Family.cls`), so the modules
that define them can read their own entry from this table.
"""
from dataclasses import dataclass
import importlib

__all__ = ["DEFAULT_FAMILY", "FAMILIES", "Family", "family"]


@dataclass(frozen=True)
class Family:
    """What one generator family is and can do.

    Attributes
    ----------
    name : str
        The class name, also ``state['bit_generator']``.
    module : str
        The module that defines the class.
    seekable : bool
        Whether it has ``advance``, ``jumped`` and independent streams of
        one key (ChaCha); the others make parallel streams with ``spawn``.
    key_bytes : int
        The longest key accepted, in bytes.
    key_exact : bool
        Whether a key must be exactly ``key_bytes`` long (shorter keys are
        zero-padded otherwise).
    seed_dtype : str
        ``"uint32"`` or ``"uint64"``: the words a SeedSequence yields for
        the key.
    seed_words : int
        How many such words a seed fills (the whole key).
    state_fields : tuple of str
        The keys of ``state['state']``.
    word_bits : int
        The width of the words the algorithm outputs (32 or 64).
    summary : str
        One line for listings.
    """

    name: str
    module: str
    seekable: bool
    key_bytes: int
    key_exact: bool
    seed_dtype: str
    seed_words: int
    state_fields: tuple
    word_bits: int
    summary: str

    @property
    def cls(self):
        """The generator class."""
        return getattr(importlib.import_module(self.module), self.name)

    @property
    def seed_bits(self):
        """Bits of key material a seed fills."""
        return self.seed_words * (32 if self.seed_dtype == "uint32" else 64)


_CHACHA_STATE = ("key", "stream", "word_pos")
_ISAAC_STATE = ("mem", "rsl", "a", "b", "c", "index")

FAMILIES = (
    Family("ChaCha8", "chacharand._chacha", True, 32, True, "uint32", 8,
           _CHACHA_STATE, 32, "ChaCha, 8 rounds: the fastest, for simulation"),
    Family("ChaCha12", "chacharand._chacha", True, 32, True, "uint32", 8,
           _CHACHA_STATE, 32, "ChaCha, 12 rounds"),
    Family("ChaCha20", "chacharand._chacha", True, 32, True, "uint32", 8,
           _CHACHA_STATE, 32, "ChaCha, 20 rounds, as in RFC 8439"),
    Family("HC128", "chacharand._hc128", False, 32, True, "uint32", 8,
           ("p", "q", "buffer", "counter", "index"), 32,
           "HC-128 (eSTREAM portfolio), 128-bit key and IV"),
    Family("ISAAC", "chacharand._isaac", False, 1024, False, "uint32", 256,
           _ISAAC_STATE, 32, "ISAAC (Jenkins), 32-bit words"),
    Family("ISAAC64", "chacharand._isaac", False, 2048, False, "uint64", 256,
           _ISAAC_STATE + ("half_used",), 64,
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
