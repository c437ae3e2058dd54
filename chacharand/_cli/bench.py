"""``chacharand bench``: throughput on this machine, like ``openssl speed``.

Prints ns per value for every generator and operation with the ratio to
numpy's PCG64, the keystream rate against OpenSSL's ChaCha20 and the
machine; ``--json`` gives every figure and sample to a script.  A progress
line goes to stderr when it is a terminal.
"""
import argparse
import json
import os
import sys

DESCRIPTION = ("Time chacharand's generators against numpy's PCG64, SFC64 "
               "and Philox, and OpenSSL's ChaCha20 (the cryptography "
               "package) and randomgen when they are installed, in one "
               "process.  A full run takes a minute or two.")

DEFAULT_SIZE = 2**20
DEFAULT_REPEAT = 11
QUICK_SIZE = 2**12
QUICK_REPEAT = 3
DEFAULT_CUDA_SIZE = 2**26
# --generator: about 60 methods, three generators each.
GENERATOR_SIZE = 2**18
# --threads: calls per thread and samples.
THREADS_CALLS = 20000
THREADS_REPEAT = 5
QUICK_THREADS_CALLS = 200


def _positive_int(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected an integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected >= 1, got {value}")
    return value


def _writable_file(text):
    """--json FILE: checked before the run, which takes minutes, so that a
    path that cannot be written is a usage error at once, not a traceback
    at the end.  A file the check creates is removed again."""
    if text == "-":
        return text
    existed = os.path.lexists(text)
    try:
        with open(text, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise argparse.ArgumentTypeError(
            f"cannot write {text!r}: {exc.strerror or exc}") from None
    if not existed:
        os.remove(text)
    return text


def _family_name(text):
    from chacharand._registry import FAMILIES
    names = [f.name for f in FAMILIES]
    if text not in names:
        raise argparse.ArgumentTypeError(
            f"expected one of {', '.join(names)}, got {text!r}")
    return text


def add_arguments(parser):
    parser.add_argument(
        "--json", nargs="?", const="-", metavar="FILE", type=_writable_file,
        help="JSON with every figure, sample and the machine: to FILE "
             "(the table still goes to stdout), or alone to stdout")
    parser.add_argument("--size", type=_positive_int, metavar="N",
                        help=f"values per call (default {DEFAULT_SIZE}; "
                             f"random_bytes draws 8*N bytes); with "
                             f"--threads, calls per thread (default "
                             f"{THREADS_CALLS})")
    parser.add_argument("--repeat", type=_positive_int, metavar="R",
                        help=f"samples per figure, the median is reported "
                             f"(default {DEFAULT_REPEAT})")
    parser.add_argument("--quick", action="store_true",
                        help=f"a rough run in seconds: N={QUICK_SIZE}, "
                             f"R={QUICK_REPEAT} unless given")
    # Each is a run of its own, with its own table: one at a time.
    what = parser.add_mutually_exclusive_group()
    what.add_argument(
        "--cuda", action="store_true",
        help="chacharand.cuda instead: GB/s on the CUDA device against "
             "CuPy's generators and a device copy, and the CPU twin "
             "(without a device, the CPU rows and why the GPU ones could "
             "not run)")
    what.add_argument(
        "--counter", action="store_true",
        help="chacharand.CounterGenerator(ChaCha8) instead: each method "
             "against numpy's Generator(PCG64), and 64 streams in one "
             "call against one stream")
    what.add_argument(
        "--generator", action="store_true",
        help=f"chacharand.Generator instead: every method (distributions, "
             f"shuffles, choice) over --family against numpy's "
             f"Generator(PCG64) and numpy's Generator over the same family "
             f"(default {GENERATOR_SIZE} values per call)")
    what.add_argument(
        "--threads", action="store_true",
        help="instead: small batches (random(64), integers(0, 100, 16)) "
             "from 1, 2, 4, ... threads, each with a generator of its own, "
             "and the scaling over one thread")
    parser.add_argument("--family", type=_family_name,
                        help="with --generator: the bit generator family "
                             "(default ChaCha8)")
    parser.add_argument("--cuda-size", type=_positive_int, metavar="N",
                        help=f"values per GPU call with --cuda (default "
                             f"{DEFAULT_CUDA_SIZE})")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction,
                        help="a progress line on stderr (default: when "
                             "stderr is a terminal)")


def _threads_report(args, progress):
    from chacharand._bench import threads
    calls = args.size or (QUICK_THREADS_CALLS if args.quick
                          else THREADS_CALLS)
    repeat = args.repeat or (QUICK_REPEAT if args.quick else THREADS_REPEAT)
    return threads.run(calls, repeat, progress=progress), threads.format_text


def run(args):
    from chacharand._bench import format_text, run as run_bench
    if args.family and not args.generator:
        # Said rather than ignored: the run would time something else.
        print("chacharand bench: error: --family goes with --generator",
              file=sys.stderr)
        return 2
    progress = args.progress
    if progress is None:
        progress = sys.stderr is not None and sys.stderr.isatty()
    if args.threads:
        # --size is the calls per thread here.
        report, format_text = _threads_report(args, progress)
        return _emit(report, format_text, args.json)
    default_size = GENERATOR_SIZE if args.generator else DEFAULT_SIZE
    size = args.size or (QUICK_SIZE if args.quick else default_size)
    repeat = args.repeat or (QUICK_REPEAT if args.quick else DEFAULT_REPEAT)
    min_sample_ns = 2e5 if args.quick else 5e6
    if args.counter:
        from chacharand._bench import counter
        report = counter.run(size, repeat, min_sample_ns)
        return _emit(report, counter.format_text, args.json)
    if args.generator:
        from chacharand._bench import generator
        report = generator.run(size, repeat, min_sample_ns,
                               args.family or "ChaCha8")
        return _emit(report, generator.format_text, args.json)
    if args.cuda:
        from chacharand._bench import cuda
        cuda_size = args.cuda_size or (QUICK_SIZE if args.quick
                                       else DEFAULT_CUDA_SIZE)
        report = cuda.run(cuda_size, size, repeat, min_sample_ns)
        return _emit(report, cuda.format_text, args.json)
    report = run_bench(size, repeat, min_sample_ns,
                       progress=progress, quick=args.quick)
    return _emit(report, format_text, args.json)


def _emit(report, format_text, json_to):
    """The table on stdout, and the JSON to `json_to` ("-": stdout only)."""
    if json_to == "-":
        json.dump(report, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    print(format_text(report))
    if json_to:
        try:
            with open(json_to, "w", encoding="utf-8") as f:
                json.dump(report, f, indent=1)
                f.write("\n")
        except OSError as exc:
            # Checked before the run; this is a disk that filled up since.
            print(f"chacharand bench: error: cannot write {json_to!r}: "
                  f"{exc.strerror or exc}", file=sys.stderr)
            return 1
        print(f"\nWrote {json_to}")
    return 0
