from numpy.random import BitGenerator, RandomState, SeedSequence
from numpy.random import Generator as _NumPyGenerator
from numpy.typing import ArrayLike

__all__ = ["Generator", "default_rng"]

FAST_METHODS: tuple[str, ...]
CONTINUOUS_METHODS: tuple[str, ...]

class Generator(_NumPyGenerator):
    def __init__(self, bit_generator: BitGenerator) -> None: ...

def default_rng(
    seed: None | int | ArrayLike | SeedSequence | BitGenerator
    | _NumPyGenerator | RandomState = ...,
) -> Generator: ...
def deferred_methods() -> frozenset[str]: ...
def fast_path_calls(generator: _NumPyGenerator) -> int: ...
def conversion_backend() -> str: ...
def pow_backend() -> str: ...
