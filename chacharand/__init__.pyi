from chacharand._chacha import (
    ChaCha8 as ChaCha8,
    ChaCha12 as ChaCha12,
    ChaCha20 as ChaCha20,
)
from chacharand._chacha_backends import (
    chacha_backends as chacha_backends,
    default_chacha_backend as default_chacha_backend,
)

__version__: str
__all__ = ["ChaCha8", "ChaCha12", "ChaCha20", "ChaCha8Rand", "HC128", "ISAAC",
           "ISAAC64",
           "CounterGenerator", "Generator", "chacha_backends", "default_chacha_backend",
           "default_rng", "get_include", "parallel_generators"]

def get_include() -> str: ...
from chacharand._chacha8rand import ChaCha8Rand as ChaCha8Rand
from chacharand._counter_generator import CounterGenerator as CounterGenerator
from chacharand._generator import Generator as Generator
from chacharand._generator import default_rng as default_rng
from chacharand._hc128 import HC128 as HC128
from chacharand._isaac import ISAAC as ISAAC, ISAAC64 as ISAAC64
from chacharand._parallel import parallel_generators as parallel_generators
from chacharand import random as random
