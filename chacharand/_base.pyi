from typing import Literal, TypeVar, overload

import numpy as np
from numpy.random import BitGenerator, SeedSequence
from numpy._typing import _ShapeLike
from numpy.typing import ArrayLike, NDArray

Seed = None | int | ArrayLike | SeedSequence
KeyBytes = bytes | bytearray | memoryview
_G = TypeVar("_G", bound="KeyedBitGenerator")

class KeyedBitGenerator(BitGenerator):
    @overload
    def random_raw(self, /, size: None = None, output: Literal[True] = True) -> int: ...
    @overload
    def random_raw(
        self, /, size: _ShapeLike, output: Literal[True] = True
    ) -> NDArray[np.uint64]: ...
    @overload
    def random_raw(self, /, size: _ShapeLike | None, output: Literal[False]) -> None: ...
    @overload
    def random_raw(
        self, /, size: _ShapeLike | None = None, *, output: Literal[False]
    ) -> None: ...
    @overload
    def random_raw(
        self, /, size: None = None, output: Literal[True] = True, *,
        out: NDArray[np.uint64],
    ) -> NDArray[np.uint64]: ...
    def random_bytes(self, length: int) -> bytes: ...
    def spawn(self: _G, n_children: int) -> list[_G]: ...
