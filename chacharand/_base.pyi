from typing import Literal, overload

from typing_extensions import Self, disjoint_base

import numpy as np
from numpy.random import BitGenerator, SeedSequence
from numpy._typing import _ShapeLike
from numpy.typing import ArrayLike, NDArray

Seed = None | int | ArrayLike | SeedSequence
KeyBytes = bytes | bytearray | memoryview

@disjoint_base
class KeyedBitGenerator(BitGenerator):
    def __init__(self, *args: object, **kwargs: object) -> None: ...
    @overload
    def random_raw(
        self, /, size: None = None, output: Literal[True] = True, *, out: None = None
    ) -> int: ...
    @overload
    def random_raw(
        self, /, size: _ShapeLike, output: Literal[True] = True, *, out: None = None
    ) -> NDArray[np.uint64]: ...
    @overload
    def random_raw(
        self, /, size: _ShapeLike | None, output: Literal[False], *,
        out: NDArray[np.uint64] | None = None,
    ) -> None: ...
    @overload
    def random_raw(
        self, /, size: _ShapeLike | None = None, *, output: Literal[False],
        out: NDArray[np.uint64] | None = None,
    ) -> None: ...
    @overload
    def random_raw(
        self, /, size: None = None, output: Literal[True] = True, *,
        out: NDArray[np.uint64],
    ) -> NDArray[np.uint64]: ...
    def random_bytes(self, length: int) -> bytes: ...
    def spawn(self, n_children: int) -> list[Self]: ...
