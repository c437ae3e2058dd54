from collections.abc import Mapping
from typing import Any, Literal, TypedDict

from typing_extensions import disjoint_base

import numpy as np
from numpy.typing import NDArray

from chacharand._base import KeyBytes as _Bytes, KeyedBitGenerator, Seed as _Seed

__all__ = ["ISAAC", "ISAAC64", "IsaacBitGenerator"]

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

@disjoint_base
class IsaacBitGenerator(KeyedBitGenerator):
    def __init__(self, seed: _Seed = ..., *, key: _Bytes | None = ...) -> None: ...
    @property
    def state(self) -> ISAACState | ISAAC64State: ...
    @state.setter
    def state(self, value: Mapping[str, Any]) -> None: ...

class ISAAC(IsaacBitGenerator):
    @property
    def state(self) -> ISAACState: ...
    @state.setter
    def state(self, value: Mapping[str, Any]) -> None: ...

class ISAAC64(IsaacBitGenerator):
    @property
    def state(self) -> ISAAC64State: ...
    @state.setter
    def state(self, value: Mapping[str, Any]) -> None: ...
