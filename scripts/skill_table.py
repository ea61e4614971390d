#!/usr/bin/env python3
"""The levels' Elo table from calibration matches (docs/levels.md, notes/levels.md).

Reads the `summary.json` of each match `longjiang match` wrote for the pairs "L<a>" vs
"L<b>" under DIR (one directory per match, named VARIANT-A-B) and prints, per game:
each step's W-D-L and Elo with its 95 % error (a level against the nearest level above it
that was played, at most four up), the chain (level 20 = 0, each level the sum of the steps above it, errors added in
quadrature), the direct matches against level
20 beside it, and the monotone fit (pool-adjacent-violators, weighted by 1/error^2) that
`search/skill.rs`'s LEVEL_ELO takes (3000 + fit, rounded to 10).

Usage: scripts/skill_table.py DIR
"""
import json
import math
import os
import sys


def load(root):
    out = {}
    for d in sorted(os.listdir(root)):
        path = os.path.join(root, d, "summary.json")
        if not os.path.isfile(path):
            continue
        parts = d.rsplit("-", 2)
        if len(parts) != 3 or not (parts[1].isdigit() and parts[2].isdigit()):
            continue
        variant, a, b = parts
        s = json.load(open(path))
        enc = s["encounters"][0]
        g = enc["games"]
        out[(variant, int(a), int(b))] = (g["wins"], g["draws"], g["losses"],
                                          enc["elo"], enc["elo_error"])
    return out


def pava(values, weights):
    """Increasing fit of values (least squares, weighted)."""
    blocks = [[v, w, 1] for v, w in zip(values, weights)]
    i = 0
    while i < len(blocks) - 1:
        if blocks[i][0] > blocks[i + 1][0]:
            v1, w1, n1 = blocks[i]
            v2, w2, n2 = blocks[i + 1]
            blocks[i] = [(v1 * w1 + v2 * w2) / (w1 + w2), w1 + w2, n1 + n2]
            del blocks[i + 1]
            i = max(i - 1, 0)
        else:
            i += 1
    fit = []
    for v, _, n in blocks:
        fit += [v] * n
    return fit


def main():
    data = load(sys.argv[1])
    for variant in sorted({k[0] for k in data}):
        print(f"## {variant}")
        print("step | W-D-L (lower level first) | Elo of the lower level ± 95 %")
        chain = {20: (0.0, 0.0)}
        for a in range(19, -1, -1):
            steps = [b for (v, x, b) in data if v == variant and x == a and b in chain
                     and b - a <= 4]
            if not steps:
                continue
            b = min(steps)
            w, d, l, elo, err = data[(variant, a, b)]
            print(f"{a} vs {b} | {w}-{d}-{l} | {elo if elo is None else round(elo)} ± "
                  f"{err if err is None else round(err)}")
            if elo is None:
                continue
            up, upe = chain[b]
            chain[a] = (up + elo, math.sqrt(upe ** 2 + err ** 2))
        print()
        print("level | chained Elo vs 20 ± 95 % | direct vs 20 (W-D-L, Elo ± 95 %) | fit")
        levels = sorted(chain)
        fit = pava([chain[l][0] for l in levels],
                   [1.0 / max(chain[l][1], 1.0) ** 2 if l != 20 else 1e6 for l in levels])
        fitted = dict(zip(levels, fit))
        for l in levels:
            c, e = chain[l]
            direct = data.get((variant, l, 20))
            dtext = ""
            if direct:
                w, d, lo, elo, err = direct
                if elo is None:
                    dtext = f"{w}-{d}-{lo}, no finite estimate"
                elif err is None:
                    dtext = f"{w}-{d}-{lo}, {elo:+.0f}, no finite error"
                else:
                    dtext = f"{w}-{d}-{lo}, {elo:+.0f} ± {err:.0f}"
            print(f"{l} | {c:+.0f} ± {e:.0f} | {dtext} | {fitted[l] - fitted[20]:+.0f}")
        table = [int(round((3000 + fitted[l] - fitted[20]) / 10.0)) * 10 for l in levels]
        print()
        print("LEVEL_ELO:", table)
        print()


if __name__ == "__main__":
    main()
