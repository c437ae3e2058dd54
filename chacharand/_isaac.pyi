from typing import Literal, TypedDict, overload

import numpy as np
from numpy.random import BitGenerator, SeedSequence
from numpy.typing import ArrayLike, NDArray

_Seed = None | int | ArrayLike | SeedSequence
_Bytes = bytes | bytearray | memoryview

class ISAACInnerState(TypedDict):
    mem: NDArray[np.uint32]
    rsl: NDArray[np.uint32]
    a: int
    b: int
    c: int
    index: int

class ISAACState(TypedDict):
    bit_generator: Literal["ISAAC"]
    state: ISAACInnerState

class ISAAC64InnerState(TypedDict):
    mem: NDArray[np.uint64]
    rsl: NDArray[np.uint64]
    a: int
    b: int
    c: int
    index: int
    half_used: int

class ISAAC64State(TypedDict):
    bit_generator: Literal["ISAAC64"]
    state: ISAAC64InnerState

class _IsaacFamily(BitGenerator):
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

class ISAAC(_IsaacFamily):
    def spawn(self, n_children: int) -> list[ISAAC]: ...
    @property
    def state(self) -> ISAACState: ...
    @state.setter
    def state(self, value: ISAACState) -> None: ...

class ISAAC64(_IsaacFamily):
    def spawn(self, n_children: int) -> list[ISAAC64]: ...
    @property
    def state(self) -> ISAAC64State: ...
    @state.setter
    def state(self, value: ISAAC64State) -> None: ...
