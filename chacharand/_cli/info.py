"""``chacharand info``: what this installation is, and a short demonstration.

The text is for a person; ``--json`` gives the same facts (and the demo's
values) to a script.  Families come from the registry.
"""
import json
import os
import platform
import sys

import numpy as np

import chacharand
from chacharand import ChaCha8, ChaCha20
from chacharand._registry import FAMILIES

DESCRIPTION = ("Print the version, the generator families, the ChaCha "
               "backends this CPU can run and a short demonstration.")


def add_arguments(parser):
    parser.add_argument("--json", action="store_true",
                        help="print the facts and the demo's values as JSON")


def facts():
    """Version, families and backends, as a JSON-able dict."""
    return {
        "chacharand": chacharand.__version__,
        "numpy": np.__version__,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "families": [{"name": f.name, "summary": f.summary,
                      "seekable": f.seekable,
                      "has_streams": f.has_streams, "key_bytes": f.key_bytes,
                      "word_bits": f.word_bits,
                      "simd_kernels": f.simd_kernels,
                      "counter_based": f.counter_based} for f in FAMILIES],
        "chacha_backends": chacharand.chacha_backends(),
        "default_chacha_backend": chacharand.default_chacha_backend(),
        "CHACHARAND_SIMD": os.environ.get("CHACHARAND_SIMD"),
        "include_dir": chacharand.get_include(),
    }


def _first_word(cls):
    gen = np.random.Generator(cls(key=bytes(32)))
    return f"{int(gen.integers(0, 2**32, dtype=np.uint32)):08x}"


def demo():
    """A few draws that show what the generators do, with known values."""
    rng = np.random.Generator(ChaCha20(12345))
    # RFC 8439 section 2.3.2: the block at counter 1 of its key and nonce
    # (stream and word_pos are the nonce and counter in rand_chacha's terms).
    rfc = ChaCha20(key=bytes(range(32)), stream=1241513984,
                   word_pos=10376293541461622800)
    seeker = ChaCha8(7)
    seeker.advance(10**18)
    return {
        "standard_normal": rng.standard_normal(4).tolist(),
        "rfc8439_2_3_2": rfc.random_bytes(16).hex(),
        "streams": [[f"{v:016x}" for v in ChaCha8(7).jumped(i).random_raw(2)]
                    for i in range(3)],
        "first_uint32_zero_key": {f.name: _first_word(f.cls)
                                  for f in FAMILIES},
        "advanced_word_pos": seeker.word_pos,
    }


def format_text(f, d):
    width = max(len(fam["name"]) for fam in f["families"]) + 2
    lines = [
        f"chacharand {f['chacharand']} (numpy {f['numpy']}, Python "
        f"{f['python']}, {f['machine']})",
        f"ChaCha backends: {', '.join(f['chacha_backends'])} "
        f"(default: {f['default_chacha_backend']})",
        "Generators:",
    ]
    lines += [f"  {fam['name']:<{width}}{fam['summary']}"
              for fam in f["families"]]
    normals = ", ".join(f"{x:.6f}" for x in d["standard_normal"])
    lines += [
        "",
        "Demo:",
        f"  Generator(ChaCha20(12345)).standard_normal(4) = [{normals}]",
        f"  RFC 8439 2.3.2 block, via key/stream/word_pos: "
        f"{d['rfc8439_2_3_2']} ...",
        "  Parallel streams of one key (ChaCha8(7).jumped(i)):",
    ]
    lines += [f"    stream {i}: {' '.join(words)}"
              for i, words in enumerate(d["streams"])]
    lines.append("  First 32-bit word of each generator keyed with 32 zero "
                 "bytes:")
    lines += [f"    {name:<{width}}{word}"
              for name, word in d["first_uint32_zero_key"].items()]
    lines += [
        f"  ChaCha8(7).advance(10**18).word_pos = {d['advanced_word_pos']}",
        "",
        "Throughput on this machine: chacharand bench",
    ]
    return "\n".join(lines)


def run(args):
    f, d = facts(), demo()
    if args.json:
        json.dump({**f, "demo": d}, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        print(format_text(f, d))
    return 0
