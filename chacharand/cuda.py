"""Counter-based draws on a CUDA GPU: chacharand.CounterGenerator's GPU face.

``Generator(bit_generator)`` is ``chacharand.CounterGenerator(bit_generator,
device="cuda")``: the same methods and numbers, into CuPy arrays on the
current CUDA device; ``device="cpu"`` gives numpy arrays, as
CounterGenerator does by default.  CuPy is imported on the first GPU
generator, never by ``import chacharand`` or ``import chacharand.cuda``.
"""
from chacharand import _cuda_kernels
from chacharand._counter_generator import CounterGenerator

__all__ = ["CudaUnavailable", "Generator"]

CudaUnavailable = _cuda_kernels.CudaUnavailable


class Generator(CounterGenerator):
    """:class:`chacharand.CounterGenerator` on the GPU by default.

    Parameters
    ----------
    bit_generator : ChaCha8, ChaCha12 or ChaCha20
    device : {None, "cuda", "cpu"}, optional
        ``"cuda"`` (the default, same as None) or ``"cpu"``.
    """

    _DEFAULT_DEVICE = "cuda"
