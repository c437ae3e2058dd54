"""Write tests/data/stream_freeze.json from the reference implementations.

Run once, by hand; the file is committed and tests/test_stream_freeze.py
only reads it.  Nothing here runs chacharand's generators:

* the words come from the Rust crates rand_chacha 0.3.1, rand_hc 0.3.1 and
  rand_isaac 0.3.0, through the ``--words`` mode of tools/refdata, and for
  ChaCha8Rand from Go's math/rand/v2.ChaCha8, through the ``--words`` mode
  of tools/refdata_go;
* the keys behind ``seed=`` are numpy's ``SeedSequence`` words, little-endian,
  as many as the key holds (docs/seeding.rst); the keys behind the children
  of a keyed generator follow the documented rule for its derived
  ``SeedSequence``, written out again here;
* the ``Generator`` draws are numpy's own ``Generator`` driven by randomgen's
  ``UserBitGenerator``, fed with the reference words under rand_core's
  rules for mixing 32- and 64-bit draws: for the 32-bit families a 64-bit
  draw is the next two 32-bit words, low first; for ISAAC64 a 32-bit draw
  is the low half of a word and then its high half, and a 64-bit draw
  drops a half left over; for ChaCha8Rand a 32-bit draw is the upper half
  of one whole word, as Go's ``Rand.Uint32``.

Usage (needs cargo, the Debian crates of tools/refdata/README.md, Go 1.23 or
later, numpy and randomgen)::

    python tools/record_stream_freeze.py            # writes the data file
    python tools/record_stream_freeze.py --check    # compares, writes nothing
    # one family's cases only, merged into the committed file (a new
    # family is frozen without touching the others' cases):
    python tools/record_stream_freeze.py --only ChaCha8Rand
    # the counter-based methods' cases only (numpy alone):
    python tools/record_stream_freeze.py --counter

The counter-based cases (chacharand.CounterGenerator's methods) come from
the pure-Python reference of their documented definitions
(tests/_support/cuda_reference.py) over a pure-Python ChaCha keystream,
which is first checked against the committed Rust words of the raw cases.

The Go program runs as ``go run ./tools/refdata_go`` from the repository
root; set REFDATA_GO to another command that does the same (a Go in a
chroot, say) if needed.
"""
import argparse
import datetime
import json
import os
import pathlib
import shlex
import subprocess
import sys

import numpy as np
from numpy.random import SeedSequence

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "stream_freeze.json"
REFDATA = ROOT / "tools" / "refdata"



def _families():
    """The registry's table, read from its file without importing the
    package (and so without loading any generator)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "_registry", ROOT / "chacharand" / "_registry.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.FAMILIES


FAMILIES = _families()

SEEDS = [0, 1, 12345, 2**64 + 5, [2024, 7, 1]]
WORDS = 8                       # 64-bit words recorded per case
FAR_SKIP = 1 << 20              # 64-bit words skipped by the "far" cases
P68 = 1 << 68


def seed_key(spec, seed):
    """The key a ``seed=`` builds: SeedSequence words, little-endian."""
    seq = seed if isinstance(seed, SeedSequence) else SeedSequence(seed)
    words = seq.generate_state(spec.seed_words, spec.seed_dtype)
    return words.astype(np.dtype(spec.seed_dtype).newbyteorder("<")).tobytes()


def derived_seed_sequence(name, key, stream=None):
    """The SeedSequence of a keyed generator, from the documented rule."""
    data = b"chacharand:" + name.encode("ascii") + b":"
    if stream is not None:
        data += stream.to_bytes(8, "little")
    return SeedSequence(int.from_bytes(data + key.rstrip(b"\0"), "little"))


def pattern_key(spec, n=None):
    n = spec.key_bytes if n is None else n
    return bytes((7 * i + 3 + len(spec.name)) % 256 for i in range(n))


#: The families whose reference is Go (tools/refdata_go); the others' is
#: the Rust crates (tools/refdata).
GO_FAMILIES = {"ChaCha8Rand"}


def _ask(command, cwd, requests):
    lines = "".join(f"{n} {k.hex()} {s} {p} {skip} {c}\n"
                    for n, k, s, p, skip, c in requests)
    out = subprocess.run(command, cwd=cwd, input=lines, capture_output=True,
                         text=True, check=True).stdout.splitlines()
    assert len(out) == len(requests)
    return [[int(w) for w in line.split()] for line in out]


def reference_words(requests):
    """The words of each (name, key, stream, pos, skip, count) request,
    from tools/refdata (Rust) or tools/refdata_go (Go), in order."""
    go = [r for r in requests if r[0] in GO_FAMILIES]
    rust = [r for r in requests if r[0] not in GO_FAMILIES]
    answers = {}
    if rust:
        answers["rust"] = iter(_ask(
            ["cargo", "run", "--quiet", "--release", "--offline", "--",
             "--words"], REFDATA, rust))
    if go:
        command = shlex.split(os.environ.get(
            "REFDATA_GO", "go run ./tools/refdata_go")) + ["--words"]
        answers["go"] = iter(_ask(command, ROOT, go))
    return [next(answers["go" if r[0] in GO_FAMILIES else "rust"])
            for r in requests]


# ---- numpy's Generator over reference words ------------------------------

class WordFeed:
    """rand_core's BlockRng (32-bit families) or BlockRng64 (ISAAC64)
    semantics over a list of reference next_u64 results, or Go's (a 32-bit
    draw is the upper half of one word) for ChaCha8Rand."""

    def __init__(self, words, word_bits, upper_half_uint32=False):
        self.used = 0
        self.exhausted = False
        self.upper_half_uint32 = upper_half_uint32
        if word_bits == 32:
            self.halves = [h for w in words for h in (w & 0xFFFFFFFF, w >> 32)]
        else:
            self.words = list(words)
            self.index = 0
            self.half_used = False
        self.word_bits = word_bits

    def _take(self, seq, i):
        if i >= len(seq):
            self.exhausted = True      # exceptions would be swallowed
            return 0
        return seq[i]

    def next_32(self, _):
        if self.upper_half_uint32:      # Go's Rand.Uint32
            return self.next_64(None) >> 32
        if self.word_bits == 32:
            self.used += 1
            return self._take(self.halves, self.used - 1)
        if self.half_used:
            self.half_used = False
            return self._take(self.words, self.index - 1) >> 32
        self.index += 1
        self.half_used = True
        return self._take(self.words, self.index - 1) & 0xFFFFFFFF

    def next_64(self, _):
        if self.word_bits == 32:
            lo, hi = self.next_32(None), self.next_32(None)
            return lo | (hi << 32)
        self.half_used = False
        self.index += 1
        return self._take(self.words, self.index - 1)

    def next_double(self, _):
        return (self.next_64(None) >> 11) * (1.0 / 9007199254740992.0)

    def generator(self):
        from randomgen import UserBitGenerator
        bitgen = UserBitGenerator(self.next_64, 64, next_64=self.next_64,
                                  next_32=self.next_32,
                                  next_double=self.next_double)
        return np.random.Generator(bitgen)


#: Generator draws: (label, list of (method, args, kwargs)).  Each is drawn
#: from a fresh generator; the last mixes 32- and 64-bit draws.
DRAWS = [
    ("random", [("random", (6,), {})]),
    ("standard_normal", [("standard_normal", (6,), {})]),
    ("integers", [("integers", (0, 1000, 6), {})]),
    ("integers_int32", [("integers", (0, 2**31 - 1, 6),
                         {"dtype": "int32"})]),
    ("random_float32", [("random", (6,), {"dtype": "float32"})]),
    ("mixed", [("random", (1,), {}),
               ("integers", (0, 2**32, 3), {"dtype": "uint32"}),
               ("standard_normal", (2,), {}),
               ("integers", (0, 2**16, 3), {"dtype": "uint16"}),
               ("integers", (-(2**62), 2**62, 2), {})]),
]
DRAW_WORDS = 512                # reference words behind each draw case


def draw(rng, calls):
    out = []
    for method, args, kwargs in calls:
        values = getattr(rng, method)(*args, **kwargs)
        out.append([v.hex() if isinstance(v, float) else int(v)
                    for v in values.astype(float if values.dtype.kind == "f"
                                            else object).tolist()])
    return out


# ---- the cases -------------------------------------------------------------

def raw_cases(spec):
    """(case, request) pairs for the raw words of one family."""
    name, cases = spec.name, []

    def add(label, key, how, stream=0, word_pos=0, skip=0):
        cases.append(({"family": name, "label": label, "how": how,
                       "stream": stream, "word_pos": word_pos,
                       "skip": skip},
                      (name, key, stream, word_pos, skip, WORDS)))

    for seed in SEEDS:
        key = seed_key(spec, seed)
        add(f"seed={seed}", key, {"seed": seed})
    key = seed_key(spec, 12345)
    add("seed=12345 far", key, {"seed": 12345}, skip=FAR_SKIP)
    add("key", pattern_key(spec), {"key": pattern_key(spec).hex()})
    if not spec.key_exact:
        short = pattern_key(spec, 32)
        add("short key", short, {"key": short.hex()})
    if spec.has_streams and spec.seekable:
        for stream, word_pos in [(1, 0), (7, 3), (2**64 - 1, 2**40 + 1),
                                 (123456789, P68 - 2 * WORDS - 6)]:
            add(f"seed=12345 stream={stream} word_pos={word_pos}", key,
                {"seed": 12345}, stream, word_pos)
            add(f"key stream={stream} word_pos={word_pos}",
                pattern_key(spec), {"key": pattern_key(spec).hex()},
                stream, word_pos)
    # Children of a keyed generator: keys from its derived SeedSequence.
    stream = 5 if spec.seekable else None
    parent = derived_seed_sequence(name, pattern_key(spec), stream)
    for i, child in enumerate(parent.spawn(2)):
        how = {"spawn_of_key": pattern_key(spec).hex(), "child": i}
        if stream is not None:
            how["parent_stream"] = stream
        add(f"child {i} of key", seed_key(spec, child), how)
    # parallel_generators(3, seed=99): ChaCha workers are streams 0..2 of
    # the seed's key, the others the seed's spawned children (its docs).
    for i, child in enumerate(SeedSequence(99).spawn(3)):
        how = {"parallel_generators": 3, "seed": 99, "worker": i}
        if spec.seekable:
            add(f"parallel worker {i}", seed_key(spec, 99), how, stream=i)
        else:
            add(f"parallel worker {i}", seed_key(spec, child), how)
    return cases


def draw_cases(spec):
    cases = []
    for seed in (2024, [3, 1, 4]):
        key = seed_key(spec, seed)
        for label, calls in DRAWS:
            cases.append(({"family": spec.name, "label": f"{label} seed={seed}",
                           "seed": seed,
                           "calls": [[m, list(a), k] for m, a, k in calls]},
                          (spec.name, key, 0, 0, 0, DRAW_WORDS)))
    return cases


def record(families=FAMILIES):
    raw = [c for spec in families for c in raw_cases(spec)]
    draws = [c for spec in families for c in draw_cases(spec)]
    words = reference_words([r for _, r in raw + draws])
    raw_out = []
    for (case, _), w in zip(raw, words[:len(raw)]):
        raw_out.append({**case, "words": [str(x) for x in w]})
    draw_out = []
    bits = {f.name: f.word_bits for f in FAMILIES}
    for (case, _), w in zip(draws, words[len(raw):]):
        feed = WordFeed(w, bits[case["family"]],
                        upper_half_uint32=case["family"] in GO_FAMILIES)
        values = draw(feed.generator(), [(m, tuple(a), k)
                                         for m, a, k in case["calls"]])
        assert not feed.exhausted, case
        draw_out.append({**case, "values": values})
    import randomgen
    return {
        "about": (
            "Frozen streams: what chacharand must keep producing. Recorded "
            "once by tools/record_stream_freeze.py from the Rust crates "
            "(tools/refdata --words) and Go (tools/refdata_go --words, for "
            "ChaCha8Rand), numpy's SeedSequence and numpy's "
            "Generator over randomgen's UserBitGenerator; never regenerated "
            "from chacharand. Raw cases: words = random_raw results (decimal) "
            "after skipping `skip` of them. Floats are float.hex()."),
        "recorded": datetime.date.today().isoformat(),
        "references": "rand_chacha 0.3.1, rand_hc 0.3.1, rand_isaac 0.3.0 "
                      "(rand_core 0.6.3); Go's math/rand/v2.ChaCha8 for "
                      "ChaCha8Rand",
        "numpy": np.__version__,
        "randomgen": randomgen.__version__,
        "raw": raw_out,
        "draws": draw_out,
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true",
                        help="compare with the committed file, write nothing")
    parser.add_argument("--only", metavar="FAMILY", action="append",
                        help="record this family's cases only and merge "
                             "them into the committed file (repeatable)")
    parser.add_argument("--counter", action="store_true",
                        help="record the counter-based methods' cases only "
                             "and put them in the committed file")
    args = parser.parse_args()
    if args.counter:
        return record_counter(args.check)
    if args.only:
        return merge(args.only, args.check)
    data = record()
    if args.check:
        old = json.loads(OUT.read_text())
        same = old["raw"] == data["raw"] and old["draws"] == data["draws"]
        print("same as the committed file" if same else "DIFFERENT")
        return 0 if same else 1
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(data['raw'])} raw cases, "
          f"{len(data['draws'])} draw cases")
    return 0


def merge(names, check):
    """Record `names`' cases, and check them or put them in place of
    theirs in the committed file, leaving every other case as it is."""
    unknown = set(names) - {f.name for f in FAMILIES}
    if unknown:
        raise SystemExit(f"unknown families: {sorted(unknown)}")
    new = record([f for f in FAMILIES if f.name in names])
    old = json.loads(OUT.read_text())
    order = {f.name: i for i, f in enumerate(FAMILIES)}
    if check:
        same = all([c for c in old[part] if c["family"] in names]
                   == new[part] for part in ("raw", "draws"))
        print("same as the committed file" if same else "DIFFERENT")
        return 0 if same else 1
    for part in ("raw", "draws"):
        kept = [c for c in old[part] if c["family"] not in names]
        old[part] = sorted(kept + new[part],
                           key=lambda c: order[c["family"]])
    old["about"], old["references"] = new["about"], new["references"]
    old.setdefault("recorded_families", {}).update(
        {name: new["recorded"] for name in names})
    OUT.write_text(json.dumps(old, indent=1) + "\n")
    print(f"merged {sorted(names)} into {OUT.relative_to(ROOT)}")
    return 0


# ---- the counter-based methods (chacharand.CounterGenerator) --------------

COUNTER_FAMILIES = {"ChaCha8": 8, "ChaCha12": 12, "ChaCha20": 20}
COUNTER_PLACES = [(0, 0), (7, 3), (2**64 - 1, (2**32 - 1) * 16 + 11),
                  (123456789, P68 - 37)]
COUNTER_N = 5                   # elements per call


def _counter_reference():
    sys.path.insert(0, str(ROOT / "tests"))
    from _support import cuda_reference
    return cuda_reference


def _check_keystream(ref, old):
    """The Python keystream equals the committed Rust words wherever a raw
    case of the file gives a pattern key, stream and position."""
    checked = 0
    for case in old["raw"]:
        rounds = COUNTER_FAMILIES.get(case["family"])
        if rounds is None or "key" not in case["how"] or case["skip"]:
            continue
        words = ref.keystream_words(rounds, bytes.fromhex(case["how"]["key"]),
                                    case["stream"], case["word_pos"],
                                    2 * len(case["words"]))
        got = [str(words[2 * i] | words[2 * i + 1] << 32)
               for i in range(len(case["words"]))]
        assert got == case["words"], case["label"]
        checked += 1
    assert checked >= 3 * len(COUNTER_FAMILIES), checked


def counter_cases(ref):
    cases = []
    calls = [[m, a, k] for m, a, k, _ in ref.counter_calls(COUNTER_N)]
    for name, rounds in COUNTER_FAMILIES.items():
        key = bytes(range(7, 39))
        for stream, word_pos in COUNTER_PLACES:
            words = ref.keystream_words(rounds, key, stream, word_pos, 1024)
            values, used = ref.counter_values(words, COUNTER_N)
            cases.append({"family": name,
                          "label": f"stream={stream} word_pos={word_pos}",
                          "key": key.hex(), "stream": stream,
                          "word_pos": word_pos, "calls": calls,
                          "values": values,
                          "word_pos_after": (word_pos + used) % P68})
    return cases


def record_counter(check):
    ref = _counter_reference()
    old = json.loads(OUT.read_text())
    _check_keystream(ref, old)
    new = counter_cases(ref)
    if check:
        same = old.get("counter") == new
        print("same as the committed file" if same else "DIFFERENT")
        return 0 if same else 1
    old["counter"] = new
    old.setdefault("recorded_families", {})["counter"] = \
        datetime.date.today().isoformat()
    OUT.write_text(json.dumps(old, indent=1) + "\n")
    print(f"wrote {len(new)} counter-based cases into "
          f"{OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
