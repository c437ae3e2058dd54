from collections.abc import Mapping
from typing import Any, Literal, TypedDict

from typing_extensions import disjoint_base

import numpy as np
from numpy.typing import NDArray

from chacharand._base import KeyBytes as _Bytes, KeyedBitGenerator, Seed as _Seed

__all__ = ["HC128"]

class HC128InnerState(TypedDict):
    p: NDArray[np.uint32]
    q: NDArray[np.uint32]
    buffer: NDArray[np.uint32]
    counter: int
    index: int

class HC128State(TypedDict):
    bit_generator: Literal["HC128"]
    state: HC128InnerState

@disjoint_base
class HC128(KeyedBitGenerator):
    def __init__(self, seed: _Seed = ..., *, key: _Bytes | None = ...) -> None: ...
    @property
    def state(self) -> HC128State: ...
    @state.setter
    def state(self, value: Mapping[str, Any]) -> None: ...
