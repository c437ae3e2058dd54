"""Replaying a reference program's draws through chacharand's public API.

A case (see tools/refdata) is a key and a list of operations with the
outputs the reference produced.  Each draw goes through the path a NumPy
user would take: ``Generator.integers(0, 2**32, dtype=uint32)`` for 32-bit
words (numpy's ``next_uint32``), ``random_raw`` for 64-bit words
(``next_uint64``) and ``random_bytes`` for bytes.
"""
import numpy as np
import pytest

WORD_POS_LIMIT = 2**68


def replay(bitgen, ops):
    """Run `ops` on `bitgen`; assert each output equals the recorded one."""
    gen = np.random.Generator(bitgen)
    for step, op in enumerate(ops):
        kind = op["op"]
        where = f"op #{step} ({kind})"
        if kind == "u32":
            got = gen.integers(0, 2**32, size=op["n"], dtype=np.uint32)
            want = np.array([int(h, 16) for h in op["out"]], dtype=np.uint32)
            np.testing.assert_array_equal(got, want, err_msg=where)
        elif kind == "u64":
            got = bitgen.random_raw(op["n"])
            want = np.array([int(h, 16) for h in op["out"]], dtype=np.uint64)
            np.testing.assert_array_equal(got, want, err_msg=where)
        elif kind == "bytes":
            assert bitgen.random_bytes(op["n"]).hex() == op["out"], where
        elif kind == "set_stream":
            bitgen.stream = int(op["value"])
        elif kind == "set_word_pos":
            value = int(op["value"])
            if value >= WORD_POS_LIMIT:
                # rand_chacha reduces such positions modulo 2**68; chacharand
                # refuses them, so a slip in a caller's arithmetic shows.
                with pytest.raises(ValueError, match="word_pos"):
                    bitgen.word_pos = value
                value %= WORD_POS_LIMIT
            bitgen.word_pos = value
        elif kind == "get_word_pos":
            assert bitgen.word_pos == int(op["out"]), where
        elif kind == "get_stream":
            assert bitgen.stream == int(op["out"]), where
        else:
            raise AssertionError(f"unknown operation {kind!r} in {where}")
