from collections.abc import Mapping
from typing import Any, Literal, TypedDict

from typing_extensions import Self, disjoint_base

from chacharand._base import KeyBytes as _Bytes, KeyedBitGenerator, Seed as _Seed


class ChaChaInnerState(TypedDict):
    key: bytes
    stream: int
    word_pos: int

class ChaChaState(TypedDict):
    bit_generator: Literal["ChaCha8", "ChaCha12", "ChaCha20"]
    state: ChaChaInnerState

__all__ = ["ChaCha8", "ChaCha12", "ChaCha20"]

@disjoint_base
class ChaChaBitGenerator(KeyedBitGenerator):
    def __init__(
        self,
        seed: _Seed = ...,
        *,
        key: _Bytes | None = ...,
        stream: int = ...,
        word_pos: int = ...,
    ) -> None: ...
    @property
    def rounds(self) -> int: ...
    @property
    def key(self) -> bytes: ...
    @property
    def stream(self) -> int: ...
    @stream.setter
    def stream(self, value: int) -> None: ...
    @property
    def word_pos(self) -> int: ...
    @word_pos.setter
    def word_pos(self, value: int) -> None: ...
    @property
    def backend(self) -> str: ...
    @backend.setter
    def backend(self, name: str) -> None: ...
    def advance(self, delta: int) -> Self: ...
    def jumped(self, jumps: int = ...) -> Self: ...
    @property
    def state(self) -> ChaChaState: ...
    @state.setter
    def state(self, value: Mapping[str, Any]) -> None: ...

class ChaCha8(ChaChaBitGenerator): ...
class ChaCha12(ChaChaBitGenerator): ...
class ChaCha20(ChaChaBitGenerator): ...
