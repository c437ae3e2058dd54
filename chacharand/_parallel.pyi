from typing import Literal, overload

from numpy.random import BitGenerator, Generator as _NumPyGenerator, SeedSequence
from numpy.typing import ArrayLike

from chacharand._generator import Generator
from chacharand._registry import FamilyName

_Seed = None | int | ArrayLike | SeedSequence | BitGenerator | _NumPyGenerator
_Family = type[BitGenerator] | FamilyName

__all__ = ["parallel_generators"]

@overload
def parallel_generators(
    n: int,
    seed: _Seed = ...,
    *,
    bit_generator: _Family | None = ...,
    generators: Literal[True] = ...,
) -> list[Generator]: ...
@overload
def parallel_generators(
    n: int,
    seed: _Seed = ...,
    *,
    bit_generator: _Family | None = ...,
    generators: Literal[False],
) -> list[BitGenerator]: ...
