from dataclasses import dataclass
from typing import Literal, NamedTuple

from numpy.random import BitGenerator

FamilyName = Literal["ChaCha8", "ChaCha12", "ChaCha20", "ChaCha8Rand",
                     "HC128", "ISAAC", "ISAAC64"]

class StateField(NamedTuple):
    dtype: str
    length: int | None = ...
    limit: int | None = ...

@dataclass(frozen=True, eq=False)
class Family:
    name: FamilyName
    module: str
    seekable: bool
    has_streams: bool
    key_bytes: int
    key_exact: bool
    word_bits: Literal[32, 64]
    state: dict[str, StateField]
    summary: str
    simd_kernels: bool = ...
    counter_based: bool = ...
    @property
    def cls(self) -> type[BitGenerator]: ...
    @property
    def state_fields(self) -> tuple[str, ...]: ...
    @property
    def seed_dtype(self) -> Literal["uint32", "uint64"]: ...
    @property
    def seed_words(self) -> int: ...

__all__ = ["DEFAULT_FAMILY", "FAMILIES", "Family", "StateField", "family",
           "names"]

DEFAULT_FAMILY: FamilyName
FAMILIES: tuple[Family, ...]

def family(
    which: str | type[BitGenerator], argument: str = ...
) -> Family: ...
def names() -> str: ...
