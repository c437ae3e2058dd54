from collections.abc import Mapping
from typing import Any, Literal, TypedDict

from typing_extensions import Self, disjoint_base

from chacharand._base import KeyBytes as _Bytes, KeyedBitGenerator, Seed as _Seed

__all__ = ["ChaCha8Rand"]

class ChaCha8RandInnerState(TypedDict):
    key: bytes
    used: int
    read_buffer: bytes

class ChaCha8RandState(TypedDict):
    bit_generator: Literal["ChaCha8Rand"]
    state: ChaCha8RandInnerState

@disjoint_base
class ChaCha8Rand(KeyedBitGenerator):
    def __init__(self, seed: _Seed = ..., *, key: _Bytes | None = ...) -> None: ...
    @property
    def backend(self) -> str: ...
    @backend.setter
    def backend(self, name: str) -> None: ...
    @property
    def state(self) -> ChaCha8RandState: ...
    @state.setter
    def state(self, value: Mapping[str, Any]) -> None: ...
    def random_bytes(self, length: int) -> bytes: ...
    def marshal_binary(self) -> bytes: ...
    def unmarshal_binary(self, data: _Bytes) -> None: ...
    @classmethod
    def from_marshaled(cls, data: _Bytes) -> Self: ...
