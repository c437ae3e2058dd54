from typing import Literal, TypedDict, overload

import numpy as np
from numpy.random import BitGenerator, SeedSequence
from numpy.typing import ArrayLike, NDArray

_Seed = None | int | ArrayLike | SeedSequence
_Bytes = bytes | bytearray | memoryview

class HC128InnerState(TypedDict):
    p: NDArray[np.uint32]
    q: NDArray[np.uint32]
    buffer: NDArray[np.uint32]
    counter: int
    index: int

class HC128State(TypedDict):
    bit_generator: Literal["HC128"]
    state: HC128InnerState

class HC128(BitGenerator):
    def __init__(self, seed: _Seed = ..., *, key: _Bytes | None = ...) -> None: ...
    @overload
    def random_raw(self, size: None = ..., output: Literal[True] = ...) -> int: ...
    @overload
    def random_raw(
        self, size: int | tuple[int, ...], output: Literal[True] = ...
    ) -> NDArray[np.uint64]: ...
    @overload
    def random_raw(self, size: None | int | tuple[int, ...], output: Literal[False]) -> None: ...
    @overload
    def random_raw(
        self, size: None = ..., output: Literal[True] = ..., *, out: NDArray[np.uint64]
    ) -> NDArray[np.uint64]: ...
    def random_bytes(self, length: int) -> bytes: ...
    def spawn(self, n_children: int) -> list[HC128]: ...
    @property
    def state(self) -> HC128State: ...
    @state.setter
    def state(self, value: HC128State) -> None: ...
