"""chacharand.CounterGenerator: arrays whose element i depends on (key,
stream, position, i) only.

A draw of n elements that starts at word position p makes element i from
the keystream words p + K*i .. p + K*i + K - 1 alone, K fixed by the method
and dtype (the C core's table, chacha_transforms.h).  So the same numbers
come from the CPU and the GPU, from any slice computed alone
(``gen.part[index]``), from any chunking of a Dask array (``gen.dask``) and
row by row from a draw on many streams (``gen.streams(ids)``).

``random_raw``, ``random``, ``bytes`` and float64 ``uniform`` are numpy's
numbers; the other methods are frozen definitions of our own
(docs/counter.rst).  CuPy is imported on the first GPU generator only.
"""
from typing import Any, NamedTuple

import numpy as np

from chacharand import _counter
from chacharand._registry import family as _family
from chacharand._validation import as_int

__all__ = ["CounterGenerator", "METHODS"]

#: The C core's method table: name -> (id, words per element, item size,
#: kind).  Every method, dtype and words-per-element fact below is read
#: from it.
METHODS = _counter.methods()
NARROW_RANGE_MAX = _counter.narrow_range_max()

_FLOAT_DTYPES = (np.dtype(np.float64), np.dtype(np.float32))
_INT_DTYPES = tuple(np.dtype(t) for t in (
    np.int8, np.int16, np.int32, np.int64,
    np.uint8, np.uint16, np.uint32, np.uint64))
_FLOAT_SUFFIX = {8: "f64", 4: "f32"}
_UNSIGNED_SUFFIX = {1: "u8", 2: "u16", 4: "u32", 8: "u64"}
WORD_POS_LIMIT = 2**68


class Params(NamedTuple):
    """A draw's parameters, as the C core's cr_counter_params (its fields,
    in its order): every method takes all of them and ignores those it
    does not use, on the CPU and the GPU alike."""

    a: float = 0.0
    b: float = 0.0
    low: int = 0
    rng: int = 0
    flag: int = 0

    def as_c(self):
        """The fields as cr_counter_params's C types: the GPU kernels'
        arguments after (input, first_word, n)."""
        return (np.float64(self.a), np.float64(self.b), np.uint64(self.low),
                np.uint64(self.rng), np.int32(self.flag))


class Draw(NamedTuple):
    """One method call: which C method, the shape, dtype and parameters.

    Plain data (it travels in Dask graphs to other processes)."""

    method: str
    shape: tuple
    dtype: np.dtype
    params: Params = Params()

    @property
    def words_per_element(self):
        return METHODS[self.method][1]

    @property
    def size(self):
        return int(np.prod(self.shape, dtype=object))

    def run_cpu(self, bg, out):
        _counter.fill(bg, METHODS[self.method][0], out, *self.params)


# ---- argument checks -------------------------------------------------------

def _shape(size):
    """numpy's reading of `size`: None is a 0-d result."""
    if size is None:
        return ()
    if type(size) is int and size >= 0:     # the common call, at once
        return (size,)
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
    if dtype is np.float64 or dtype is np.float32:   # without np.dtype()
        return _FLOAT_DTYPES[dtype is np.float32]
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
    size (the kernels and the CPU fills store whole items)."""
    if isinstance(out, np.ndarray):
        if out.flags.aligned:
            return
        address = out.ctypes.data
    else:
        address = out.__cuda_array_interface__["data"][0]
        if address % dtype.itemsize == 0:
            return
    raise ValueError(
        f"out must be aligned to its item size ({dtype.itemsize} bytes "
        f"for {dtype.name}); its data starts at {address:#x}")


def _float_method(name, dt):
    return f"{name}_{_FLOAT_SUFFIX[dt.itemsize]}"


# ---- the methods, defined once for every face -------------------------------

class _Methods:
    """The counter-based methods.  Each builds its Draw and hands it to the
    face's ``_execute(draw, out)``: at the generator's position, a part of
    a draw, many streams, or a Dask graph."""

    def _size_shape(self, size, out):
        """The draw's shape from `size` (and `out`, where the face allows)."""
        return _shape(size)

    def random_raw(self, size=None, out=None):
        """The bit generator's 64-bit words, ``bit_generator.random_raw``
        (two words each).

        Parameters
        ----------
        size : int or tuple of ints, optional
            Output shape; None gives a 0-d array.
        out : array of uint64, optional
            A C-contiguous array to fill instead (on the generator's
            device); `size`, if given, must be its shape.
        """
        return self._execute(Draw("raw64", self._size_shape(size, out),
                                  np.dtype(np.uint64)), out)

    def random(self, size=None, dtype=np.float64, out=None):
        """Floats in [0, 1): ``numpy.random.Generator(bg).random``.

        float64 takes two words, ``(u64 >> 11) * 2**-53``; float32 one
        word, ``(w >> 8) * 2**-24``.
        """
        dt = _float_dtype(dtype, "random")
        return self._execute(Draw(_float_method("random", dt),
                                  self._size_shape(size, out), dt), out)

    def uniform(self, low=0.0, high=1.0, size=None, dtype=np.float64,
                out=None):
        """``low + (high - low) * u`` in double, u as in :meth:`random`.

        float64 (two words) is numpy's ``uniform`` bit for bit; float32
        takes one word, ``u = (w >> 8) * 2**-24``, and rounds the double
        result once (it can round up to `high`).  `low` and `high` are
        scalars.
        """
        low = _real(low, "low")
        high = _real(high, "high")
        span = high - low
        if not np.isfinite(span):
            raise ValueError(
                f"high - low must be finite, got low={low}, high={high}")
        dt = _float_dtype(dtype, "uniform")
        return self._execute(Draw(_float_method("uniform", dt),
                                  self._size_shape(size, out), dt,
                                  Params(a=low, b=span)), out)

    def standard_normal(self, size=None, dtype=np.float64, out=None):
        """Standard normals by Box-Muller (cosine branch) on fixed words:
        four per float64, two per float32 (computed in double, rounded
        once).  Not numpy's numbers."""
        dt = _float_dtype(dtype, "standard_normal")
        return self._execute(Draw(_float_method("normal", dt),
                                  self._size_shape(size, out), dt,
                                  Params(a=0.0, b=1.0, flag=0)), out)

    def normal(self, loc=0.0, scale=1.0, size=None, dtype=np.float64,
               out=None):
        """``loc + scale * z`` in double for the normals z of
        :meth:`standard_normal` (the same words); `loc` and `scale` are
        scalars, ``scale >= 0``."""
        loc = _real(loc, "loc")
        scale = _real(scale, "scale")
        if not scale >= 0:
            raise ValueError(f"scale must be >= 0, got {scale}")
        dt = _float_dtype(dtype, "normal")
        return self._execute(Draw(_float_method("normal", dt),
                                  self._size_shape(size, out), dt,
                                  Params(a=loc, b=scale, flag=1)), out)

    def standard_exponential(self, size=None, dtype=np.float64, out=None):
        """Standard exponentials ``-ln(u)``, u in (0, 1] from fixed words:
        two per float64 (``u = ((u64 >> 11) + 1) * 2**-53``), one per
        float32 (``u = (w + 1) * 2**-32``, in double, rounded once); never
        infinite.  Not numpy's numbers (its ziggurat)."""
        dt = _float_dtype(dtype, "standard_exponential")
        return self._execute(Draw(_float_method("exponential", dt),
                                  self._size_shape(size, out), dt,
                                  Params(a=1.0)), out)

    def exponential(self, scale=1.0, size=None, dtype=np.float64, out=None):
        """``scale * e`` in double for the exponentials e of
        :meth:`standard_exponential` (the same words); `scale` is a
        scalar, ``scale >= 0``."""
        scale = _real(scale, "scale")
        if not scale >= 0:
            raise ValueError(f"scale must be >= 0, got {scale}")
        dt = _float_dtype(dtype, "exponential")
        return self._execute(Draw(_float_method("exponential", dt),
                                  self._size_shape(size, out), dt,
                                  Params(a=scale)), out)

    def integers(self, low, high=None, size=None, dtype=np.int64,
                 endpoint=False, out=None):
        """Integers in [low, high) (or [low, high] with `endpoint`), by
        Lemire's multiply-shift without rejection on a fixed number of
        words.

        With ``s`` values in the range: two words (a 64-bit x) and
        ``floor(x*s / 2**64)`` when ``s <= 2**32``, four words (a 128-bit
        x) and ``floor(x*s / 2**128)`` otherwise.  Each value's probability
        is within ``2**-64`` (resp. ``2**-128``) of ``1/s``.  `high` None
        means [0, low).  Every integer dtype, int8 to uint64.
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
        width = "narrow" if rng <= NARROW_RANGE_MAX else "wide"
        method = f"integers_{width}_{_UNSIGNED_SUFFIX[dt.itemsize]}"
        return self._execute(Draw(method, self._size_shape(size, out), dt,
                                  Params(low=low % 2**64, rng=rng)), out)


# ---- the generator and its faces ----------------------------------------------

class CounterGenerator(_Methods):
    """Counter-based draws from a ChaCha8, ChaCha12 or ChaCha20 stream, on
    the CPU or a CUDA GPU, identical on both.

    Every draw starts at the bit generator's key, stream and ``word_pos``
    and moves it on by exactly the words the draw used (under its
    ``lock``), so draws here, on the bit generator itself and in
    :class:`numpy.random.Generator` continue one stream.

    Parameters
    ----------
    bit_generator : ChaCha8, ChaCha12 or ChaCha20
        The stream to draw from.
    device : {"cpu", "cuda"}, optional
        ``"cpu"`` (the default): numpy arrays, computed in C.  ``"cuda"``:
        the current CuPy device, CuPy arrays (CuPy is imported then).

    Attributes
    ----------
    part
        ``gen.part[index].method(size, ...)`` is
        ``gen.method(size, ...)[index]`` computed alone (at a cost in
        proportion to the part), without moving the bit generator.
    dask
        ``gen.dask.method(size, ..., chunks=...)``: a Dask array equal to
        ``gen.method(size, ...)`` whatever the chunks.

    Raises
    ------
    TypeError
        If `bit_generator` is not a counter-based family (the registry's
        ``counter_based``: ChaCha8, ChaCha12, ChaCha20), or `device` is
        not a string.
    ValueError
        If `device` is not one of the names above.
    ImportError
        For ``device="cuda"`` when CuPy is not installed.
    chacharand.cuda.CudaUnavailable
        For ``device="cuda"`` when CuPy finds no usable CUDA device.
    """

    _DEFAULT_DEVICE = "cpu"

    def __init__(self, bit_generator, *, device=None):
        try:
            counter_based = _family(type(bit_generator)).counter_based
        except ValueError:
            counter_based = False
        if not counter_based:
            name = type(bit_generator).__name__
            raise TypeError(
                "bit_generator must be a ChaCha8, ChaCha12 or ChaCha20 bit "
                f"generator, not {name}: a counter-based draw computes each "
                "element at its own position, and only ChaCha can seek")
        if device is None:
            device = self._DEFAULT_DEVICE
        if not isinstance(device, str):
            raise TypeError(
                f"device must be 'cpu' or 'cuda', not {type(device).__name__}")
        if device not in ("cuda", "cpu"):
            raise ValueError(f"device must be 'cpu' or 'cuda', got {device!r}")
        self._bit_generator = bit_generator
        self._device = device
        self._cupy: Any = None
        if device == "cuda":
            from chacharand import _cuda_kernels
            self._cupy = _cuda_kernels.import_cupy()
            _cuda_kernels.check_device(self._cupy)

    @property
    def bit_generator(self):
        """The ChaCha bit generator drawn from."""
        return self._bit_generator

    @property
    def device(self):
        """``"cpu"`` or ``"cuda"``."""
        return self._device

    def __repr__(self):
        return (f"{type(self).__module__.split('._')[0]}."
                f"{type(self).__qualname__}("
                f"{type(self._bit_generator).__name__}, "
                f"device={self._device!r})")

    @property
    def part(self):
        """Index it (``gen.part[index]``) for a face whose methods compute
        only ``[index]`` of the draw they would make now: ints and slices,
        one per dimension or fewer.  The bit generator does not move."""
        return _PartIndexer(self)

    @property
    def dask(self):
        """The Dask face: each method takes ``chunks=`` (as
        ``dask.array.random``, default ``"auto"``) and returns a Dask array
        equal to this generator's draw of the same call, for any chunks.
        Building it moves the bit generator past the draw's words."""
        from chacharand._counter_dask import DaskFace
        return DaskFace(self)

    def streams(self, streams):
        """A face that draws on many streams of the same key in one call:
        ``gen.streams(ids).method(size, ...)`` has shape
        ``(len(ids),) + size``, row j the draw on stream ``ids[j]`` from the
        bit generator's position.  The bit generator then moves on by one
        row's words.

        Parameters
        ----------
        streams : 1-D sequence of ints in [0, 2**64)
        """
        return _Streams(self, streams)

    def bytes(self, length):
        """`length` bytes of keystream: ``bit_generator.random_bytes``.

        Whole 32-bit words are used, as ``random_bytes`` does (the rest of
        a last partial word is dropped).

        Returns
        -------
        numpy.ndarray or cupy.ndarray of uint8
            ``.tobytes()`` of it equals ``random_bytes(length)``.
        """
        length = as_int(length, "length")
        if length < 0:
            raise ValueError(f"length must be >= 0, got {length}")
        words = self._execute(Draw("words32", (-(-length // 4),),
                                   np.dtype(np.uint32)), None)
        if self._device == "cpu":
            words = words.astype("<u4", copy=False)
        return words.view(np.uint8)[:length]

    # ---- machinery ----------------------------------------------------------

    def _size_shape(self, size, out):
        shape = _shape(size)
        if out is None:
            return shape
        self._check_out_kind(out)
        if size is None:
            return tuple(out.shape)
        if tuple(out.shape) != shape:
            raise ValueError(f"size must match out.shape when used together:"
                             f" size={shape}, out.shape={tuple(out.shape)}")
        return shape

    def _check_out_kind(self, out):
        on_gpu = hasattr(out, "__cuda_array_interface__")
        if self._device == "cpu":
            if on_gpu or not isinstance(out, np.ndarray):
                raise TypeError(
                    "out must be a numpy array for device='cpu', not "
                    f"{type(out).__name__}")
        elif not on_gpu:
            raise TypeError(
                "out must be a CUDA array (CuPy, or anything with "
                f"__cuda_array_interface__) for device='cuda', not "
                f"{type(out).__name__}")

    def _result(self, shape, dtype, out):
        """`out` checked, or a new array of `shape` on the device."""
        if out is None:
            if self._device == "cpu":
                return np.empty(shape, dtype=dtype)
            return self._cupy.empty(shape, dtype=dtype)
        self._check_out_kind(out)
        if out.dtype != dtype:
            raise TypeError(f"out must have dtype {dtype.name}, "
                            f"got {np.dtype(out.dtype).name}")
        _check_out_alignment(out, dtype)
        if tuple(out.shape) != tuple(shape):
            raise ValueError(f"out must have shape {tuple(shape)}, got "
                             f"{tuple(out.shape)}")
        if self._device == "cpu" and not (out.flags.c_contiguous and
                                          out.flags.writeable):
            raise ValueError("out must be C-contiguous and writeable")
        return out

    def _execute(self, draw, out):
        result = self._result(draw.shape, draw.dtype, out)
        if self._device == "cpu":
            draw.run_cpu(self._bit_generator, result)
            return result
        return self._execute_cuda(draw, out, result)

    def _execute_cuda(self, draw, out, result):
        from chacharand import _cuda_kernels
        cupy = self._cupy
        target = self._cuda_target(out, result)
        n = target.size
        # Compiled before the bit generator moves, so that a failed
        # compile leaves it where it was.
        function = _cuda_kernels.kernel(cupy, self._bit_generator.rounds,
                                        draw.method)
        # A launch that fails at once gives the claimed words back.
        _cuda_kernels.draw(cupy, self._bit_generator, function, n,
                           draw.words_per_element, draw.params, target)
        return result

    def _cuda_target(self, out, result):
        """The CuPy array a kernel writes: `result`, or a view of `out`."""
        if out is None:
            return result
        cupy = self._cupy
        target = cupy.asarray(out)
        device = cupy.cuda.Device()
        if target.data.device_id != device.id:
            raise ValueError(
                f"out is on CUDA device {target.data.device_id}, the "
                f"current device is {device.id}")
        if not target.flags.c_contiguous:
            raise ValueError("out must be C-contiguous")
        return target

    def _launch_runs(self, draw, target, stream, word_pos, offsets, run_len):
        """GPU: run r of `offsets` (elements offsets[r] .. + run_len - 1 of
        a draw at `word_pos` on `stream`) into target's flat run r."""
        from chacharand import _cuda_kernels
        function = _cuda_kernels.kernel(self._cupy,
                                        self._bit_generator.rounds,
                                        draw.method)
        flat = target.reshape(-1)
        k = draw.words_per_element
        for r, first in enumerate(offsets.tolist()):
            words, first_word = _counter.input_words(
                self._bit_generator, stream, word_pos + k * first)
            if run_len:
                _cuda_kernels.launch(
                    self._cupy, function, words, first_word, run_len, k,
                    draw.params,
                    flat[r * run_len:(r + 1) * run_len])


class _PartIndexer:
    def __init__(self, gen):
        self._gen = gen

    def __getitem__(self, index):
        return _Part(self._gen, index)


def _region(shape, index):
    """The part `index` of a C-ordered array of `shape`, as runs of
    consecutive elements: (result shape, run starts (uint64), run length).
    Costs in proportion to the number of runs, never to the whole."""
    if not isinstance(index, tuple):
        index = (index,)
    if len(index) > len(shape):
        raise IndexError(f"too many indices for a draw of shape {shape}: "
                         f"{len(index)}")
    ranges, result_shape = [], []
    for axis, (dim, item) in enumerate(zip(shape, index + (slice(None),) *
                                           (len(shape) - len(index)))):
        if isinstance(item, slice):
            r = range(*item.indices(dim))
            result_shape.append(len(r))
        elif isinstance(item, (bool, np.bool_)) or \
                not hasattr(item, "__index__"):
            raise TypeError(
                "part indices must be ints or slices, not "
                f"{type(item).__name__}")
        else:
            i = item.__index__()
            if not -dim <= i < dim:
                raise IndexError(f"index {i} is out of bounds for axis "
                                 f"{axis} with size {dim}")
            r = range(i % dim, i % dim + 1)
        ranges.append(r)
    strides = [1] * len(shape)
    for axis in range(len(shape) - 2, -1, -1):
        strides[axis] = strides[axis + 1] * shape[axis + 1]
    if ranges and ranges[-1].step == 1:
        run_len = len(ranges[-1])
        lead = ranges[:-1] + [range(ranges[-1].start, ranges[-1].start + 1)]
    else:
        run_len = 1
        lead = ranges
    starts = np.zeros((), dtype=np.uint64)
    for r, stride in zip(lead, strides):
        axis_starts = np.asarray([i * stride for i in r], dtype=np.uint64)
        starts = np.add.outer(starts, axis_starts)
    if run_len == 0:
        starts = np.zeros(0, dtype=np.uint64)
    return tuple(result_shape), np.ascontiguousarray(starts.reshape(-1)), \
        run_len


class _Part(_Methods):
    """``gen.part[index]``: methods that return ``draw[index]`` of the draw
    the generator would make now, without moving it."""

    def __init__(self, gen, index, word_pos=None):
        self._gen = gen
        self._index = index
        self._word_pos = word_pos

    def _execute(self, draw, out):
        gen = self._gen
        shape, starts, run_len = _region(draw.shape, self._index)
        result = gen._result(shape, draw.dtype, out)
        word_pos = self._word_pos
        if word_pos is None:
            word_pos = _counter.tell(gen.bit_generator)
        if gen.device == "cpu":
            _counter.fill_runs(gen.bit_generator, METHODS[draw.method][0],
                               result, word_pos, starts, run_len,
                               *draw.params)
            return result
        gen._launch_runs(draw, gen._cuda_target(out, result), None, word_pos,
                         starts, run_len)
        return result


def _stream_ids(streams):
    try:
        ids = [as_int(s, "streams") for s in streams]
    except TypeError:
        if isinstance(streams, (str, bytes)) or not hasattr(streams,
                                                            "__iter__"):
            raise TypeError("streams must be a 1-D sequence of ints, not "
                            f"{type(streams).__name__}") from None
        raise
    if np.ndim(streams) != 1:
        raise ValueError("streams must be 1-D")
    for s in ids:
        if not 0 <= s < 2**64:
            raise ValueError(f"streams must be in [0, 2**64), got {s}")
    return np.asarray(ids, dtype=np.uint64)


class _Streams(_Methods):
    """``gen.streams(ids)``: row j the draw on stream ids[j]."""

    def __init__(self, gen, streams):
        self._gen = gen
        self._ids = _stream_ids(streams)

    def _execute(self, draw, out):
        gen = self._gen
        row_len = draw.size
        shape = (len(self._ids),) + draw.shape
        result = gen._result(shape, draw.dtype, out)
        k = draw.words_per_element
        if gen.device == "cpu":
            _counter.fill_streams(gen.bit_generator, METHODS[draw.method][0],
                                  result, self._ids, row_len, *draw.params)
            return result
        if result.size == 0:
            _counter.claim_position(gen.bit_generator, k * row_len)
            return result
        target = gen._cuda_target(out, result).reshape(len(self._ids), -1)
        word_pos = _counter.tell(gen.bit_generator)
        for j, stream in enumerate(self._ids.tolist()):
            gen._launch_runs(draw, target[j], stream, word_pos,
                             np.zeros(1, dtype=np.uint64), row_len)
        _counter.claim_position(gen.bit_generator, k * row_len)
        return result
