"""Search the counter-based transforms' log and cosine for their largest
errors, over their whole reduced argument ranges; record what it finds.

LN(k, m) = ln(k 2**-m) and COS2PI(t, m) = cos(2 pi t 2**-m) (docs/gpu.rst)
are computed by tests/_support/cuda_reference.py, which gives the C code's
bits (test_cuda_twin checks that), and compared with mpmath at 160 bits;
errors are in units in the last place of the exact value (math.ulp of it
rounded to double).

What is searched (m = 53 and m = 32):

* LN: every exponent e = floor(log2 k) from 0 to m - 1 (each gives the two
  reduced ranges M in [1, sqrt 2] and M in (sqrt 2 / 2, 1) of one E).  All
  k of the exponent when there are at most EXHAUSTIVE of them; else a grid
  of GRID evenly spaced k, the GRID_EDGE k nearest each end of the range
  (M near 1 from above and from below, where cancellation is worst) and
  log-spaced k in between; then every k within NEIGHBOURS of each of the
  WORST worst points found (local maximisation), then around the new
  points worse than all before, ROUNDS times at most.
* COS2PI: the reduced argument r = j 2**-(m-2) in [-1/2, 1/2), for the
  cosine and the sine branch (the quadrant only changes signs): every j
  with |j| <= EXHAUSTIVE, GRID evenly spaced and GRID log-spaced j, the
  GRID_EDGE j at each end, then the same local maximisation.

LN's inputs are exhausted for e <= 13 (k < 2**14) and COS2PI's for
|j| <= 8192; nowhere else is this exhaustive: it is a search that aims at
the worst cases (the ends of the ranges, then around every bad point),
not a proof.  The result, the largest error of each function and the
inputs that give it, goes to tests/data/transform_error_bounds.json; the
bound the docs and the tests state is the largest error rounded up to a
hundredth.

    python tools/transform_error_bounds.py [--quick]
"""
import argparse
import json
import math
import pathlib
import sys
import time

import mpmath

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from _support import cuda_reference as ref  # noqa: E402

OUT = ROOT / "tests" / "data" / "transform_error_bounds.json"
PREC = 160
mp = mpmath.mp


class Search:
    def __init__(self, exhaustive, grid, grid_edge, worst, neighbours,
                 rounds):
        self.exhaustive = exhaustive
        self.grid = grid
        self.grid_edge = grid_edge
        self.worst = worst
        self.neighbours = neighbours
        self.rounds = rounds


FULL = Search(exhaustive=8192, grid=2000, grid_edge=300, worst=8,
              neighbours=150, rounds=3)
QUICK = Search(exhaustive=64, grid=40, grid_edge=10, worst=2,
               neighbours=5, rounds=1)


def ulps(got, exact):
    """|got - exact| in ulps of the exact value rounded to double."""
    if exact == 0:
        return 0.0 if got == 0 else math.inf
    return float(abs(mp.mpf(got) - exact)) / math.ulp(float(exact))


def ln_error(k, m):
    exact = mp.log(mp.mpf(k) / mp.mpf(2) ** m)
    return ulps(ref.log_fixed(k, m), exact)


def cos_error(branch, j, g):
    """The error of COS2PI(t, g + 2) at the reduced argument r = j 2**-g,
    in its cosine branch (t = j mod 2**m: quadrant 0, cos(pi r / 2)) or
    its sine branch (t = j + 2**g: quadrant 1, -sin(pi r / 2)); the other
    quadrants only change the sign."""
    m = g + 2
    r = mp.mpf(j) / mp.mpf(2) ** g
    if branch == "cos":
        got = ref.cos_2pi_fixed(j % (1 << m), m)
        exact = mp.cos(mp.pi / 2 * r)
    else:
        got = ref.cos_2pi_fixed(j + (1 << g), m)
        exact = -mp.sin(mp.pi / 2 * r)
    if j == 0 and branch == "sin":
        return 0.0 if got == 0 else math.inf
    return ulps(got, exact)


def evenly(lo, hi, count):
    """About `count` integers evenly spread over [lo, hi)."""
    if hi - lo <= count:
        return range(lo, hi)
    step = (hi - lo) / count
    return sorted({lo + int(i * step) for i in range(count)})


def log_spaced(lo, hi, count):
    """About `count` integers spread geometrically over [lo, hi), lo >= 1."""
    ratio = (hi / lo) ** (1 / count)
    return sorted({min(hi - 1, int(lo * ratio ** i)) for i in range(count)})


def maximise(error, points, lo, hi, search):
    """{point: error} over `points`, then every point within
    search.neighbours of each of the worst, again around the new points
    that are worse than all before (search.rounds times at most)."""
    seen = {p: error(p) for p in points}
    frontier = sorted(seen, key=seen.get, reverse=True)[:search.worst]
    for _ in range(search.rounds):
        if not frontier:
            break
        best = max(seen.values())
        new = []
        for p in frontier:
            for q in range(max(lo, p - search.neighbours),
                           min(hi, p + search.neighbours + 1)):
                if q not in seen:
                    seen[q] = error(q)
                    new.append(q)
        worse = [q for q in new if seen[q] > best]
        frontier = sorted(worse, key=seen.get, reverse=True)[:search.worst]
    return seen


def search_ln(m, search):
    results = []
    for e in range(m):
        lo, hi = 1 << e, 1 << (e + 1)
        if hi - lo <= search.exhaustive:
            points = range(lo, hi)
        else:
            span = hi - lo
            edge = search.grid_edge
            points = set(evenly(lo, hi, search.grid))
            points |= set(range(lo, lo + edge)) | set(range(hi - edge, hi))
            points |= {lo + d for d in log_spaced(edge, span, search.grid)}
            points |= {hi - d for d in log_spaced(edge, span, search.grid)}
            # M = sqrt 2, where the reduction switches E.
            mid = int(lo * math.sqrt(2))
            points |= set(range(mid - edge, mid + edge))
        seen = maximise(lambda k: ln_error(k, m), points, lo, hi, search)
        results += seen.items()
    # k = 2**m gives exactly 0.
    assert ref.log_fixed(1 << m, m) == 0.0
    return sorted(results, key=lambda r: r[1], reverse=True)


def search_cos(m, search):
    g = m - 2
    lo, hi = -(1 << (g - 1)), 1 << (g - 1)
    results = {}
    for branch in ("cos", "sin"):
        points = set(range(-search.exhaustive, search.exhaustive + 1))
        points |= set(evenly(lo, hi, search.grid))
        spaced = log_spaced(search.exhaustive, hi, search.grid)
        points |= set(spaced) | {-p for p in spaced}
        points |= set(range(hi - search.grid_edge, hi))
        points |= set(range(lo, lo + search.grid_edge))
        seen = maximise(lambda j: cos_error(branch, j, g), points, lo, hi,
                        search)
        results[branch] = sorted(seen.items(), key=lambda r: r[1],
                                 reverse=True)
    return results


def bound(worst):
    """The largest error rounded up to a hundredth of an ulp."""
    return math.ceil(worst * 100) / 100


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="a small search (seconds), to try the tool")
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args(argv)
    search = QUICK if args.quick else FULL
    start = time.monotonic()
    record = {"method": __doc__.split("\n\n")[1].strip(),
              "precision_bits": PREC, "search": vars(search), "ln": {},
              "cos2pi": {}}
    with mp.workprec(PREC):
        for m in (53, 32):
            ln = search_ln(m, search)
            record["ln"][str(m)] = {
                "evaluated": len(ln),
                "worst": [{"k": k, "ulps": round(u, 4)} for k, u in ln[:5]]}
            print(f"LN m={m}: {len(ln)} inputs, worst {ln[0][1]:.4f} ulp "
                  f"at k={ln[0][0]}", flush=True)
            cos = search_cos(m, search)
            record["cos2pi"][str(m)] = {}
            for branch, found in cos.items():
                record["cos2pi"][str(m)][branch] = {
                    "evaluated": len(found),
                    "worst": [{"j": j, "ulps": round(u, 4)}
                              for j, u in found[:5]]}
                print(f"COS2PI m={m} {branch}: {len(found)} inputs, worst "
                      f"{found[0][1]:.4f} ulp at j={found[0][0]}", flush=True)
    ln_worst = max(r["worst"][0]["ulps"] for r in record["ln"].values())
    cos_worst = max(b["worst"][0]["ulps"] for r in record["cos2pi"].values()
                    for b in r.values())
    record["bounds_ulp"] = {"ln": bound(ln_worst), "cos2pi": bound(cos_worst)}
    record["seconds"] = round(time.monotonic() - start)
    pathlib.Path(args.out).write_text(json.dumps(record, indent=1) + "\n",
                                      encoding="utf-8")
    print(f"bounds: LN {record['bounds_ulp']['ln']} ulp, COS2PI "
          f"{record['bounds_ulp']['cos2pi']} ulp; wrote {args.out}")


if __name__ == "__main__":
    main()
