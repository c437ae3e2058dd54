"""ChaCha draws on the GPU (CuPy arrays) and the same numbers on the CPU.

``Generator(bit_generator)`` draws from a ChaCha8/12/20 bit generator's own
stream, at its key, stream and word position, on the current CUDA device
through CuPy; ``Generator(bit_generator, device="cpu")`` computes the same
numbers on the CPU into numpy arrays, without CuPy.  After a draw the bit
generator has moved past exactly the words the draw used.

* ``random_raw``, ``random`` (float64, float32) and ``bytes`` are the CPU's
  numbers bit for bit: ``bit_generator.random_raw``,
  ``numpy.random.Generator(bit_generator).random`` and ``random_bytes``,
  leaving the bit generator where they would.
* ``standard_normal``, ``normal``, ``uniform`` and ``integers`` are
  counter-based: element i is a fixed function of fixed keystream words,
  so that any GPU thread can make any element.  Their definitions are
  frozen and documented (docs/gpu.rst); they are not numpy's numbers.

The output never depends on the device, the launch shape or the GPU model.
CuPy is imported on the first GPU generator, never by ``import
chacharand`` or ``import chacharand.cuda``.
"""
from typing import Any

import numpy as np

from chacharand import _cuda_kernels, _cuda_twin
from chacharand._chacha import ChaChaBitGenerator
from chacharand._validation import as_int

__all__ = ["CudaUnavailable", "Generator"]

CudaUnavailable = _cuda_kernels.CudaUnavailable

_FLOAT_DTYPES = (np.dtype(np.float64), np.dtype(np.float32))
_INT_DTYPES = tuple(np.dtype(t) for t in (
    np.int8, np.int16, np.int32, np.int64,
    np.uint8, np.uint16, np.uint32, np.uint64))
_UNSIGNED_SUFFIX = {1: "u8", 2: "u16", 4: "u32", 8: "u64"}
_NARROW_RANGE_MAX = 2**32 - 1  # integers: rng <= this takes two words


def _shape(size):
    """numpy's reading of `size`: None is a 0-d result."""
    if size is None:
        return ()
    if isinstance(size, (bool, np.bool_)):
        raise TypeError("size must be an int or a tuple of ints, not bool")
    try:
        dims = (as_int(size, "size"),)
    except TypeError:
        try:
            dims = tuple(as_int(d, "size") for d in size)
        except TypeError:
            raise TypeError(
                "size must be None, an int or a tuple of ints, not "
                f"{type(size).__name__}") from None
    if any(d < 0 for d in dims):
        raise ValueError("negative dimensions are not allowed")
    return dims


def _float_dtype(dtype, method):
    try:
        dt = np.dtype(dtype)
    except TypeError:
        raise TypeError(
            f"dtype must be float64 or float32 for {method}, "
            f"got {dtype!r}") from None
    if dt not in _FLOAT_DTYPES:
        raise TypeError(f"Unsupported dtype {dt.name!r} for {method}: "
                        "float64 or float32")
    return dt


def _real(value, name):
    if isinstance(value, (bool, np.bool_)) or np.ndim(value) != 0:
        raise TypeError(f"{name} must be a real number (a scalar), "
                        f"not {type(value).__name__}")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a real number, "
                        f"not {type(value).__name__}") from None


def _check_out_alignment(out, dtype):
    """ValueError unless `out`'s data starts at a multiple of its item
    size (the kernels and the twin store whole items)."""
    interface = getattr(out, "__cuda_array_interface__", None)
    if interface is not None:
        address = interface["data"][0]
        aligned = address % dtype.itemsize == 0
    else:
        address = out.ctypes.data
        aligned = out.flags.aligned
    if not aligned:
        raise ValueError(
            f"out must be aligned to its item size ({dtype.itemsize} bytes "
            f"for {dtype.name}); its data starts at {address:#x}")


class _Draw:
    """One method call: what to make, and its kernel."""

    def __init__(self, kernel, shape, dtype, words_per_element,
                 params=(), twin=None, twin_params=()):
        self.kernel = kernel              # chacha<R>_<kernel> on the GPU
        self.shape = shape
        self.dtype = dtype
        self.k = words_per_element
        self.params = params              # the kernel's extra arguments
        self.twin = twin                  # the CPU twin's fill
        self.twin_params = twin_params


class Generator:
    """Draws from a ChaCha bit generator's stream on a CUDA device or the CPU.

    Parameters
    ----------
    bit_generator : ChaCha8, ChaCha12 or ChaCha20
        The stream to draw from.  It is advanced by every draw, by exactly
        the words the draw used, under its ``lock``.
    device : {None, "cuda", "cpu"}, optional
        ``"cuda"`` (the default, same as None): the current CuPy device,
        results are CuPy arrays.  ``"cpu"``: the same numbers as numpy
        arrays, computed in C, without CuPy.

    Raises
    ------
    TypeError
        If `bit_generator` is not a ChaCha bit generator (HC128 and the
        ISAACs cannot seek, so their stream cannot be split across GPU
        threads), or `device` is not a string.
    ValueError
        If `device` is not one of the names above.
    ImportError
        For ``device="cuda"`` when CuPy is not installed.
    CudaUnavailable
        For ``device="cuda"`` when CuPy finds no usable CUDA device (a
        RuntimeError, with CuPy's reason).
    """

    def __init__(self, bit_generator, *, device=None):
        if not isinstance(bit_generator, ChaChaBitGenerator) or \
                bit_generator.rounds not in (8, 12, 20):
            name = type(bit_generator).__name__
            raise TypeError(
                "bit_generator must be a ChaCha8, ChaCha12 or ChaCha20 bit "
                f"generator, not {name}: a GPU draw splits the stream across "
                "threads by seeking, and only ChaCha can seek")
        if device is None:
            device = "cuda"
        if not isinstance(device, str):
            raise TypeError(
                f"device must be 'cuda' or 'cpu', not {type(device).__name__}")
        if device not in ("cuda", "cpu"):
            raise ValueError(f"device must be 'cuda' or 'cpu', got {device!r}")
        self._bit_generator = bit_generator
        self._rounds = bit_generator.rounds
        self._device = device
        self._cupy: Any = None
        if device == "cuda":
            self._cupy = _cuda_kernels.import_cupy()
            _cuda_kernels.check_device(self._cupy)

    @property
    def bit_generator(self):
        """The ChaCha bit generator drawn from."""
        return self._bit_generator

    @property
    def device(self):
        """``"cuda"`` or ``"cpu"``."""
        return self._device

    def __repr__(self):
        return (f"chacharand.cuda.Generator("
                f"{type(self._bit_generator).__name__}, "
                f"device={self._device!r})")

    # ---- identical to the CPU ---------------------------------------------

    def random_raw(self, size=None, out=None):
        """The bit generator's 64-bit words: ``bit_generator.random_raw``.

        Parameters
        ----------
        size : int or tuple of ints, optional
            Output shape; None gives a 0-d array.
        out : array of uint64, optional
            A C-contiguous array to fill instead (on the generator's
            device: a CuPy array or anything with
            ``__cuda_array_interface__`` for "cuda", a numpy array for
            "cpu"); `size`, if given, must be its shape.

        Returns
        -------
        cupy.ndarray or numpy.ndarray of uint64
        """
        dtype = np.dtype(np.uint64)
        shape = self._out_shape(size, out, dtype)
        return self._run(_Draw("raw64", shape, dtype, 2,
                               twin=_cuda_twin.fill_raw), out)

    def random(self, size=None, dtype=np.float64, out=None):
        """Floats in [0, 1): ``numpy.random.Generator(bg).random``.

        float64 takes one 64-bit draw (two words), ``(x >> 11) * 2**-53``;
        float32 one 32-bit word, ``(w >> 8) * 2**-24``.

        Parameters
        ----------
        size : int or tuple of ints, optional
        dtype : {float64, float32}, optional
        out : array of `dtype`, optional

        Returns
        -------
        cupy.ndarray or numpy.ndarray
        """
        dt = _float_dtype(dtype, "random")
        shape = self._out_shape(size, out, dt)
        if dt == np.float64:
            draw = _Draw("random_f64", shape, dt, 2,
                         twin=_cuda_twin.fill_random)
        else:
            draw = _Draw("random_f32", shape, dt, 1,
                         twin=_cuda_twin.fill_random)
        return self._run(draw, out)

    def bytes(self, length):
        """`length` bytes of keystream: ``bit_generator.random_bytes``.

        Whole 32-bit words are used, as ``random_bytes`` does (the rest of
        a last partial word is dropped).

        Returns
        -------
        cupy.ndarray or numpy.ndarray of uint8
            ``.tobytes()`` of it equals ``random_bytes(length)``.
        """
        length = as_int(length, "length")
        if length < 0:
            raise ValueError(f"length must be >= 0, got {length}")
        if self._device == "cpu":
            out = np.empty(length, dtype=np.uint8)
            return _cuda_twin.fill_bytes(self._bit_generator, out)
        words = self._run(_Draw("words32", (-(-length // 4),),
                                np.dtype(np.uint32), 1), None)
        return words.view(np.uint8)[:length]

    # ---- counter-based transforms (frozen definitions, docs/gpu.rst) -------

    def standard_normal(self, size=None, dtype=np.float64, out=None):
        """Standard normals by Box-Muller, element i from fixed words.

        float64: four words per element; float32: two words, computed in
        double and rounded once.  Not numpy's numbers (its ziggurat uses a
        variable number of words).

        Parameters
        ----------
        size : int or tuple of ints, optional
        dtype : {float64, float32}, optional
        out : array of `dtype`, optional
        """
        dt = _float_dtype(dtype, "standard_normal")
        shape = self._out_shape(size, out, dt)
        return self._run(self._normal(shape, dt, 0.0, 1.0, False), out)

    def normal(self, loc=0.0, scale=1.0, size=None, dtype=np.float64):
        """``loc + scale * z`` for the normals z of :meth:`standard_normal`,
        in double (float32 rounds the result once).

        `loc` and `scale` are scalars; ``scale >= 0``.
        """
        loc = _real(loc, "loc")
        scale = _real(scale, "scale")
        if not scale >= 0:
            raise ValueError(f"scale must be >= 0, got {scale}")
        dt = _float_dtype(dtype, "normal")
        return self._run(self._normal(_shape(size), dt, loc, scale, True),
                         None)

    def uniform(self, low=0.0, high=1.0, size=None, dtype=np.float64):
        """``low + (high - low) * u`` in double, u of :meth:`random`.

        float64 uses two words per element, as :meth:`random`; float32
        one word, ``u = (w >> 8) * 2**-24``, the result rounded once to
        float32.  float64 is numpy's ``uniform`` bit for bit.
        """
        low = _real(low, "low")
        high = _real(high, "high")
        span = high - low
        if not np.isfinite(span):
            raise ValueError(
                f"high - low must be finite, got low={low}, high={high}")
        dt = _float_dtype(dtype, "uniform")
        shape = _shape(size)
        params = (np.float64(low), np.float64(span))
        if dt == np.float64:
            draw = _Draw("uniform_f64", shape, dt, 2, params,
                         _cuda_twin.fill_uniform, (low, span))
        else:
            draw = _Draw("uniform_f32", shape, dt, 1, params,
                         _cuda_twin.fill_uniform, (low, span))
        return self._run(draw, None)

    def integers(self, low, high=None, size=None, dtype=np.int64,
                 endpoint=False):
        """Integers in [low, high) (or [low, high] with `endpoint`), by
        Lemire's multiply-shift without rejection on a fixed number of
        words.

        With ``s`` values in the range: two words (a 64-bit x) and
        ``floor(x*s / 2**64)`` when ``s <= 2**32``, four words (a 128-bit
        x) and ``floor(x*s / 2**128)`` otherwise.  Each value's probability
        is within ``2**-64`` (resp. ``2**-128``) of ``1/s``: a relative
        bias below ``s / 2**64 <= 2**-32`` (resp. ``s / 2**128 <=
        2**-64``).  `high` None means [0, low).
        """
        low = as_int(low, "low")
        if high is None:
            low, high = 0, low
        else:
            high = as_int(high, "high")
        try:
            dt = np.dtype(dtype)
        except TypeError:
            raise TypeError(f"dtype must be an integer type, got {dtype!r}") \
                from None
        if dt not in _INT_DTYPES:
            raise TypeError(f"Unsupported dtype {dt.name!r} for integers")
        info = np.iinfo(dt)
        top = high if endpoint else high - 1
        if low < info.min:
            raise ValueError(f"low is out of bounds for {dt.name}")
        if top > info.max:
            raise ValueError(f"high is out of bounds for {dt.name}")
        if low > top:
            raise ValueError("low > high" if endpoint else "low >= high")
        rng = top - low
        shape = _shape(size)
        params = (np.uint64(low % 2**64), np.uint64(rng))
        width = "narrow" if rng <= _NARROW_RANGE_MAX else "wide"
        draw = _Draw(f"integers_{width}_{_UNSIGNED_SUFFIX[dt.itemsize]}",
                     shape, dt, 2 if width == "narrow" else 4, params,
                     _cuda_twin.fill_integers, (low % 2**64, rng))
        return self._run(draw, None)

    # ---- machinery ----------------------------------------------------------

    def _normal(self, shape, dt, loc, scale, affine):
        params = (np.float64(loc), np.float64(scale), np.int32(affine))
        if dt == np.float64:
            return _Draw("normal_f64", shape, dt, 4, params,
                         _cuda_twin.fill_normal, (loc, scale, affine))
        return _Draw("normal_f32", shape, dt, 2, params,
                     _cuda_twin.fill_normal, (loc, scale, affine))

    def _out_shape(self, size, out, dtype):
        """The result's shape, and `out` checked for it (None: no out)."""
        shape = _shape(size)
        if out is None:
            return shape
        on_gpu = hasattr(out, "__cuda_array_interface__")
        if self._device == "cpu" and (on_gpu or
                                      not isinstance(out, np.ndarray)):
            raise TypeError(
                "out must be a numpy array for device='cpu', not "
                f"{type(out).__name__}")
        if self._device == "cuda" and not on_gpu:
            raise TypeError(
                "out must be a CUDA array (CuPy, or anything with "
                f"__cuda_array_interface__) for device='cuda', not "
                f"{type(out).__name__}")
        if out.dtype != dtype:
            raise TypeError(f"out must have dtype {dtype.name}, "
                            f"got {np.dtype(out.dtype).name}")
        _check_out_alignment(out, dtype)
        if size is not None and tuple(out.shape) != shape:
            raise ValueError(f"size must match out.shape when used together:"
                             f" size={shape}, out.shape={tuple(out.shape)}")
        return tuple(out.shape)

    def _run(self, draw, out):
        if self._device == "cpu":
            return self._run_cpu(draw, out)
        return self._run_cuda(draw, out)

    def _run_cpu(self, draw, out):
        if out is None:
            result = np.empty(draw.shape, dtype=draw.dtype)
        else:
            if not (out.flags.c_contiguous and out.flags.writeable):
                raise ValueError("out must be C-contiguous and writeable")
            result = out
        draw.twin(self._bit_generator, result, *draw.twin_params)
        return result

    def _run_cuda(self, draw, out):
        cupy = self._cupy
        device = cupy.cuda.Device()
        if out is None:
            result = target = cupy.empty(draw.shape, dtype=draw.dtype)
        else:
            result = out
            target = cupy.asarray(out)
            if target.data.device_id != device.id:
                raise ValueError(
                    f"out is on CUDA device {target.data.device_id}, the "
                    f"current device is {device.id}")
            if not target.flags.c_contiguous:
                raise ValueError("out must be C-contiguous")
        n = target.size
        # Compiled before the bit generator moves, so that a failed
        # compile leaves it where it was.
        function = _cuda_kernels.kernel(cupy, self._rounds, draw.kernel)
        _cuda_kernels.draw(cupy, self._bit_generator, function, n, draw.k,
                           draw.params, target)
        return result
