"""Argument checks shared by every generator of the package.

Each check names the argument it rejects and says what was expected, so a
user never has to guess which of several arguments was wrong.
"""
from collections.abc import Mapping
import operator

import numpy as np


def as_int(value, name):
    """Return `value` as a Python int, or raise TypeError naming `name`.

    Anything with ``__index__`` (Python and NumPy integers) is accepted;
    bool is refused because ``True`` as a position or stream id is a bug.
    """
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be an integer, not bool")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(
            f"{name} must be an integer, not {type(value).__name__}"
        ) from None


def as_bounded_int(value, name, upper, lower=0):
    """An int in ``[lower, upper)``; TypeError or ValueError naming `name`."""
    value = as_int(value, name)
    if not lower <= value < upper:
        raise ValueError(
            f"{name} must be in [{lower}, {_power_text(upper)}), got {value}"
        )
    return value


def as_key_bytes(key, name, max_length, exact=False):
    """Bytes of a bytes-like `key`: exactly or at most `max_length` long.

    bytes, bytearray and buffers of 1-byte items (a memoryview of bytes, a
    uint8 array) are accepted.  A buffer of wider items (a float64 array,
    say) is refused rather than read as its raw bytes, and so are bool
    and masked arrays.
    """
    if not _is_bytes_like(key):
        raise TypeError(
            f"{name} must be bytes, bytearray or a buffer of 1-byte items "
            f"(such as a uint8 array), not {_describe(key)}"
        )
    data = bytes(memoryview(key))
    if exact and len(data) != max_length:
        raise ValueError(
            f"{name} must be exactly {max_length} bytes, got {len(data)}"
        )
    if len(data) > max_length:
        raise ValueError(
            f"{name} must be at most {max_length} bytes, got {len(data)}"
        )
    return data


def as_size(size, name="size"):
    """A NumPy output shape from an int, a tuple of ints or None."""
    if size is None:
        return None
    if isinstance(size, (tuple, list)):
        dims = tuple(as_int(d, name) for d in size)
    else:
        dims = (as_int(size, name),)
    if any(d < 0 for d in dims):
        # numpy's words (np.empty's, which its random_raw checks by from
        # numpy 2.5), and the argument's name.
        raise ValueError(
            f"negative dimensions are not allowed: {name} must be "
            f"non-negative, got {size!r}")
    return dims


# The keys numpy's RandomState adds to a bit generator's state (its cached
# Gaussian) before handing the state back to the bit generator's setter.
NUMPY_STATE_KEYS = frozenset({"has_gauss", "gauss"})


def state_fields(state, bit_generator, fields):
    """The inner mapping of a state, checked for its generator and fields.

    `state` may be any mapping.  Besides ``'bit_generator'`` and
    ``'state'`` it may hold the keys numpy's RandomState adds (ignored, as
    numpy's own generators ignore them); any other key is a ValueError.
    `fields` is the exact set of keys the inner ``'state'`` mapping must
    have; anything missing or extra is a ValueError naming it.
    """
    if not isinstance(state, Mapping):
        raise TypeError(
            f"state must be a dict (a mapping), not {type(state).__name__}")
    keys = set(state)
    if not {"bit_generator", "state"} <= keys <= \
            {"bit_generator", "state"} | NUMPY_STATE_KEYS:
        raise ValueError(
            "state must have exactly the keys 'bit_generator' and 'state' "
            f"(and those numpy's RandomState adds: "
            f"{sorted(NUMPY_STATE_KEYS)}), got {sorted(map(str, keys))}"
        )
    if state["bit_generator"] != bit_generator:
        raise ValueError(
            f"state['bit_generator'] must be {bit_generator!r}, "
            f"got {state['bit_generator']!r}"
        )
    inner = state["state"]
    if not isinstance(inner, Mapping):
        raise TypeError(
            "state['state'] must be a dict (a mapping), not "
            f"{type(inner).__name__}"
        )
    missing = set(fields) - set(inner)
    extra = set(inner) - set(fields)
    if missing or extra:
        raise ValueError(
            "state['state'] has the wrong fields: "
            f"missing {sorted(missing)}, unexpected {sorted(map(str, extra))}"
        )
    return inner


def _describe(obj):
    """The type of `obj`, with its dtype for arrays and buffers."""
    if isinstance(obj, np.ndarray):
        return f"{type(obj).__name__} of {obj.dtype}"
    return type(obj).__name__


def _is_bytes_like(obj):
    if isinstance(obj, (bytes, bytearray)):
        return True
    if isinstance(obj, (str, np.ma.MaskedArray)):
        return False
    if isinstance(obj, np.ndarray) and obj.dtype != np.uint8:
        return False
    try:
        view = memoryview(obj)
    except TypeError:
        return False
    return view.itemsize == 1 and view.format in ("B", "b", "c")


def _power_text(n):
    """2**k for powers of two, so limits read as the spec states them."""
    if n > 1 and n & (n - 1) == 0:
        return f"2**{n.bit_length() - 1}"
    return str(n)


def table_state(inner, spec, prefix="state['state']"):
    """Check and convert the fields of a table generator's state.

    `spec` is the family's registry entry ``state``: it maps each field to
    a :class:`~chacharand._registry.StateField` whose ``length`` is None
    for a scalar (returned as an int), else that of a 1-D array (returned
    as a contiguous array of its ``dtype``).  Values must fit the dtype
    exactly.
    """
    out = {}
    for field, (dtype, length, _) in spec.items():
        name = f"{prefix}[{field!r}]"
        info = np.iinfo(dtype)
        if length is None:
            out[field] = as_bounded_int(inner[field], name, info.max + 1)
            continue
        out[field] = _integer_array(inner[field], name, dtype, length)
    return out


def _integer_array(value, name, dtype, length):
    """A contiguous 1-D array of `length` values of `dtype`, checked.

    Integer arrays, and lists or tuples of Python ints (as JSON gives
    them), are accepted when every value fits `dtype`.  Bools, floats,
    masked arrays (their mask would be dropped silently) and object arrays
    are refused: they only look like integers.
    """
    if isinstance(value, np.ma.MaskedArray):
        raise TypeError(f"{name} must be a plain array of integers, not a "
                        "masked array")
    if isinstance(value, np.ndarray):
        if value.dtype.kind not in "iu":
            raise TypeError(
                f"{name} must be an array of integers, not {value.dtype}")
        values = value
    elif isinstance(value, (list, tuple)):
        values = [as_int(v, f"every item of {name}") for v in value]
    else:
        raise TypeError(f"{name} must be an array or a list of integers, "
                        f"not {type(value).__name__}")
    shape = np.shape(values)
    if shape != (length,):
        raise ValueError(f"{name} must have shape ({length},), got {shape}")
    info = np.iinfo(dtype)
    if length and (int(min(values)) < 0 or int(max(values)) > info.max):
        raise ValueError(f"{name} values must be in [0, {info.max}]")
    # Every value fits `dtype` now, so the conversion is exact.
    return np.ascontiguousarray(values, dtype=dtype)
