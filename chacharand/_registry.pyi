from dataclasses import dataclass
from typing import Literal

from numpy.random import BitGenerator

FamilyName = Literal["ChaCha8", "ChaCha12", "ChaCha20", "HC128", "ISAAC", "ISAAC64"]

@dataclass(frozen=True)
class Family:
    name: FamilyName
    module: str
    seekable: bool
    key_bytes: int
    key_exact: bool
    seed_dtype: Literal["uint32", "uint64"]
    seed_words: int
    state_fields: tuple[str, ...]
    word_bits: Literal[32, 64]
    summary: str
    @property
    def cls(self) -> type[BitGenerator]: ...
    @property
    def seed_bits(self) -> int: ...

__all__ = ["DEFAULT_FAMILY", "FAMILIES", "Family", "family"]

DEFAULT_FAMILY: FamilyName
FAMILIES: tuple[Family, ...]

def family(
    which: str | type[BitGenerator], argument: str = ...
) -> Family: ...
