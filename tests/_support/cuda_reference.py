"""chacharand.CounterGenerator's counter-based transforms in pure Python,
written from their definitions in docs/counter.rst (not from the C code).

Python floats are IEEE doubles whose + - * / and math.sqrt round
correctly, so following the documented steps gives the exact bits; float32
results round once with numpy's float32 conversion (round to nearest
even).  Each function maps the keystream words of one element (ints) to
its value.
"""
import math

import numpy as np

TWO_M53 = 2.0**-53

# ln: the documented constants.
LN2_HI = 0.6931471805598903
LN2_LO = 5.497923018708371e-14
SQRT2 = 1.4142135623730951
# sin(pi/2 r) = r * S(r*r), S's coefficients from r**0 up.
SIN_COEFFS = (1.5707963267948966, -0.6459640975062463, 0.07969262624616705,
              -0.004681754135318688, 0.00016044118478735983,
              -3.598843235212085e-06, 5.692172921967927e-08,
              -6.688035109811468e-10, 6.0669357311061955e-12)
# cos(pi/2 r) = 1 + z * C(z), z = r*r, C's coefficients from z**0 up.
COS_COEFFS = (-1.2337005501361697, 0.25366950790104803, -0.02086348076335296,
              0.0009192602748394266, -2.5202042373060607e-05,
              4.710874778818172e-07, -6.386603083791852e-09,
              6.565963114979473e-11, -5.294400200734623e-13)


def u64(lo, hi):
    return lo | (hi << 32)


def horner(coeffs, z):
    """c0 + z*(c1 + z*(...)), evaluated from the innermost term out."""
    p = coeffs[-1]
    for c in reversed(coeffs[:-1]):
        p = c + z * p
    return p


def log_fixed(k, bits):
    """The documented ln(k * 2**-bits), 1 <= k <= 2**bits."""
    if k == 1 << bits:
        return 0.0
    e = k.bit_length() - 1
    m = float(k << (52 - e)) * 2.0**-52
    E = e - bits
    if m > SQRT2:
        m = m * 0.5
        E += 1
    f = m - 1.0
    s = f / (2.0 + f)
    z = s * s
    R = horner([2.0 / (2 * j + 1) for j in range(1, 12)], z)
    R = z * R
    hf = 0.5 * f * f
    return float(E) * LN2_HI + (float(E) * LN2_LO + (f - (hf - s * (hf + R))))


def cos_2pi_fixed(t, bits):
    """The documented cos(2 pi t 2**-bits)."""
    g = bits - 2
    q = (t + (1 << (g - 1))) >> g
    r = float(t - (q << g)) * 2.0**-g
    z = r * r
    sin_q = r * horner(SIN_COEFFS, z)
    cos_q = 1.0 + z * horner(COS_COEFFS, z)
    return (cos_q, -sin_q, -cos_q, sin_q)[q % 4]


def normal_f64(w):
    a, b = u64(w[0], w[1]), u64(w[2], w[3])
    radius = math.sqrt(-2.0 * log_fixed((a >> 11) + 1, 53))
    return radius * cos_2pi_fixed(b >> 11, 53)


def normal_from_2_words(w):
    radius = math.sqrt(-2.0 * log_fixed(w[0] + 1, 32))
    return radius * cos_2pi_fixed(w[1], 32)


def normal(dtype, loc=None, scale=None):
    """The element function of standard_normal (loc None) or normal."""
    def one(w):
        if dtype == np.float64:
            z = normal_f64(w)
        else:
            z = normal_from_2_words(w)
        if loc is not None:
            z = loc + scale * z
        return z if dtype == np.float64 else np.float32(z)
    return one, (4 if dtype == np.float64 else 2)


def uniform(dtype, low, high):
    span = high - low
    if dtype == np.float64:
        return (lambda w: low + span * ((u64(w[0], w[1]) >> 11) * TWO_M53)), 2
    return (lambda w: np.float32(low + span * ((w[0] >> 8) * 2.0**-24))), 1


def integers(low, top):
    """Values in [low, top]: Lemire's multiply-shift, no rejection."""
    s = top - low + 1
    if s <= 2**32:
        return (lambda w: low + ((u64(w[0], w[1]) * s) >> 64)), 2
    return (lambda w: low + ((u64(w[0], w[1]) | (u64(w[2], w[3]) << 64))
                             * s >> 128)), 4


def apply(element, k, words, n):
    """n elements, element i from words[k*i : k*i + k]."""
    words = [int(x) for x in words[:k * n]]
    return [element(words[k * i:k * i + k]) for i in range(n)]


def exponential(dtype, scale=1.0):
    """The element function of standard_exponential / exponential(scale):
    scale * (0.0 - LN(k, bits)), k = (u64 >> 11) + 1 with bits 53 from two
    words (float64), k = w + 1 with bits 32 from one word (float32)."""
    if dtype == np.float64:
        return (lambda w: scale * (0.0 - log_fixed(
            (u64(w[0], w[1]) >> 11) + 1, 53))), 2
    return (lambda w: np.float32(scale * (0.0 - log_fixed(w[0] + 1, 32)))), 1


def keystream_words(rounds, key, stream, word_pos, count):
    """`count` 32-bit keystream words of ChaCha<rounds> from `word_pos`:
    Bernstein's layout (constants, key, 64-bit block counter, 64-bit
    stream), the block function of tests/_support/chacha8rand_ref.py's
    quarter round, written from the definition (not from our C)."""
    import struct

    from _support.chacha8rand_ref import CONSTANTS, MASK, _quarter_round

    out = []
    block, skip = divmod(word_pos, 16)
    while len(out) < skip + count:
        counter = block % 2**64
        words = list(CONSTANTS) + list(struct.unpack("<8I", key)) + [
            counter & MASK, counter >> 32, stream & MASK, stream >> 32]
        x = list(words)
        for _ in range(rounds // 2):
            _quarter_round(x, 0, 4, 8, 12)
            _quarter_round(x, 1, 5, 9, 13)
            _quarter_round(x, 2, 6, 10, 14)
            _quarter_round(x, 3, 7, 11, 15)
            _quarter_round(x, 0, 5, 10, 15)
            _quarter_round(x, 1, 6, 11, 12)
            _quarter_round(x, 2, 7, 8, 13)
            _quarter_round(x, 3, 4, 9, 14)
        out += [(a + b) & MASK for a, b in zip(x, words)]
        block += 1
    return out[skip:skip + count]


# Every counter-based method and dtype, as calls of CounterGenerator:
# (method, args, kwargs, the reference's element function and K).
def counter_calls(n):
    calls = [("random_raw", [n], {}, (lambda w: u64(w[0], w[1]), 2)),
             ("random", [n], {}, (lambda w: (u64(w[0], w[1]) >> 11)
                                  * TWO_M53, 2)),
             ("random", [n], {"dtype": "float32"},
              (lambda w: np.float32((w[0] >> 8) * 2.0**-24), 1))]
    for dtype, dt in (("float64", np.float64), ("float32", np.float32)):
        kw = {"dtype": dtype}
        calls += [
            ("uniform", [-1.5, 4.0, n], kw, uniform(dt, -1.5, 4.0)),
            ("standard_normal", [n], kw, normal(dt)),
            ("normal", [3.0, 0.25, n], kw, normal(dt, 3.0, 0.25)),
            ("standard_exponential", [n], kw, exponential(dt)),
            ("exponential", [2.5, n], kw, exponential(dt, 2.5)),
        ]
    for dtype in ("int8", "int16", "int32", "int64", "uint8", "uint16",
                  "uint32", "uint64"):
        info = np.iinfo(dtype)
        low, top = int(info.min) + 3, int(info.max) // 3
        calls.append(("integers", [low, top + 1, n], {"dtype": dtype},
                      integers(low, top)))
        calls.append(("integers", [int(info.min), int(info.max), n],
                      {"dtype": dtype, "endpoint": True},
                      integers(int(info.min), int(info.max))))
    return calls


def counter_values(words, n):
    """The values of counter_calls(n) drawn in order from `words` (ints),
    JSON-ready: ints as ints (two's complement wrapped into the dtype),
    floats as float.hex()."""
    at, out = 0, []
    for method, args, kwargs, (element, k) in counter_calls(n):
        vals = apply(element, k, words[at:], n)
        at += k * n
        dtype = np.dtype(kwargs.get("dtype", "uint64" if method ==
                                    "random_raw" else "float64"))
        if dtype.kind in "iu":
            bits = 8 * dtype.itemsize
            vals = [v % 2**bits for v in vals]
            if dtype.kind == "i":
                vals = [v - 2**bits if v >= 2**(bits - 1) else v
                        for v in vals]
        else:
            vals = [float(v).hex() for v in vals]
        out.append(vals)
    return out, at
