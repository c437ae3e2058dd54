"""Argument checks shared by every generator of the package.

Each check names the argument it rejects and says what was expected, so a
user never has to guess which of several arguments was wrong.
"""
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
    """Bytes of a bytes-like `key`: exactly or at most `max_length` long."""
    if isinstance(key, str) or not _is_bytes_like(key):
        raise TypeError(
            f"{name} must be bytes-like (bytes, bytearray, memoryview), "
            f"not {type(key).__name__}"
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
        raise ValueError(f"{name} must be non-negative, got {size!r}")
    return dims


def state_fields(state, bit_generator, fields):
    """The inner dict of a state, checked for its generator and fields.

    `fields` is the exact set of keys the inner ``'state'`` dict must have;
    anything missing or extra is a ValueError naming it.
    """
    if not isinstance(state, dict):
        raise TypeError(f"state must be a dict, not {type(state).__name__}")
    if set(state) != {"bit_generator", "state"}:
        raise ValueError(
            "state must have exactly the keys 'bit_generator' and 'state', "
            f"got {sorted(map(str, state))}"
        )
    if state["bit_generator"] != bit_generator:
        raise ValueError(
            f"state['bit_generator'] must be {bit_generator!r}, "
            f"got {state['bit_generator']!r}"
        )
    inner = state["state"]
    if not isinstance(inner, dict):
        raise TypeError(
            f"state['state'] must be a dict, not {type(inner).__name__}"
        )
    missing = set(fields) - set(inner)
    extra = set(inner) - set(fields)
    if missing or extra:
        raise ValueError(
            "state['state'] has the wrong fields: "
            f"missing {sorted(missing)}, unexpected {sorted(map(str, extra))}"
        )
    return inner


def _is_bytes_like(obj):
    try:
        memoryview(obj)
    except TypeError:
        return False
    return not isinstance(obj, np.ndarray) or obj.dtype == np.uint8


def _power_text(n):
    """2**k for powers of two, so limits read as the spec states them."""
    if n > 1 and n & (n - 1) == 0:
        return f"2**{n.bit_length() - 1}"
    return str(n)


def table_state(inner, spec, prefix="state['state']"):
    """Check and convert the fields of a table generator's state.

    `spec` maps each field to ``(dtype, length)``: length None for a scalar
    (returned as an int), else a 1-D array of that length (returned as a
    contiguous array of `dtype`).  Values must fit `dtype` exactly.
    """
    out = {}
    for field, (dtype, length) in spec.items():
        name = f"{prefix}[{field!r}]"
        info = np.iinfo(dtype)
        if length is None:
            out[field] = as_bounded_int(inner[field], name, info.max + 1)
            continue
        try:
            values = np.asarray(inner[field])
        except (TypeError, ValueError) as exc:
            raise TypeError(f"{name} must be an array of integers") from exc
        if values.dtype.kind not in "iu" and not (
                values.dtype == object and all(
                    isinstance(v, int) for v in values.ravel().tolist())):
            raise TypeError(
                f"{name} must be an array of integers, not {values.dtype}")
        if values.shape != (length,):
            raise ValueError(
                f"{name} must have shape ({length},), got {values.shape}")
        if values.size and (int(values.min()) < 0 or
                            int(values.max()) > info.max):
            raise ValueError(f"{name} values must be in [0, {info.max}]")
        out[field] = np.ascontiguousarray(values.astype(dtype))
    return out
