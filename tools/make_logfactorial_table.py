"""Write chacharand/_core/generator/logfactorial_table.h: log(k!) for
k = 0 .. 125, each the double nearest the exact value.

NumPy's logfactorial() reads these values from a table below 126 and uses
Stirling's series above; its table holds exactly the nearest doubles, so
the same values computed here make the same draws.  The logarithms come
from the decimal module at 60 digits (correctly rounded there), then the
nearest double.

    python tools/make_logfactorial_table.py
"""
import decimal
import math
import pathlib

COUNT = 126
OUT = (pathlib.Path(__file__).resolve().parent.parent / "chacharand" /
       "_core" / "generator" / "logfactorial_table.h")


def values():
    ctx = decimal.Context(prec=60)
    return [float(ctx.ln(decimal.Decimal(math.factorial(k))))
            if k > 1 else 0.0 for k in range(COUNT)]


def main():
    lines = ["/* log(k!) for k = 0 .. 125, the nearest doubles: written by",
             " * tools/make_logfactorial_table.py (do not edit). */",
             "#ifndef CHACHARAND_LOGFACTORIAL_TABLE_H",
             "#define CHACHARAND_LOGFACTORIAL_TABLE_H", "",
             f"#define CRG_LOGFACTORIAL_TABLE_SIZE {COUNT}", "",
             "static const double crg_logfactorial_table[] = {"]
    lines += [f"    {v!r}," for v in values()]
    lines += ["};", "", "#endif", ""]
    OUT.write_text("\n".join(lines))


if __name__ == "__main__":
    main()
