from typing import Literal

from chacharand._chacha import ChaChaBitGenerator
from chacharand._counter_generator import CounterGenerator

__all__ = ["CudaUnavailable", "Generator"]

class CudaUnavailable(RuntimeError): ...

class Generator(CounterGenerator):
    def __init__(
        self, bit_generator: ChaChaBitGenerator, *,
        device: None | Literal["cuda", "cpu"] = ...,
    ) -> None: ...
