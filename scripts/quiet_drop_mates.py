#!/usr/bin/env python3
"""Quiet-drop mates under a clock: is the shortest mate found within `go movetime`?

Each position is searched once per evaluation (classical, then the game's net) through the
USI dialogue (the engine driver of scripts/nodes_to_depth.py): one thread, a 64 MiB table
cleared by `usinewgame` before each position, `go movetime MS` (1,000 by default). A position
passes when the search ends with the shortest mate (`score mate 2n-1` for a mate in n moves)
and a first move of that mate. Printed per line: the verdict, the move, the score, the depth
and the time (ms) of the first `info` line that gave the final mate score, and the wall time
to `bestmove`.

Positions: the quiet-drop mates in two of crates/engine/tests/mate_threat_drops.rs (every
first move of them is a drop; that test proves each with the exhaustive prover), read from
that file so the two lists cannot part, and the two hand-built drop mates of
crates/engine/tests/search_mates.rs whose first move is quiet (a rook from hand; a king
step before the rook drop), with their mating first moves as that file gives them.

Usage:
  scripts/quiet_drop_mates.py --longjiang target/release/longjiang [--movetime 1000]
Exit status 1 when a position fails.
"""

import argparse
import os
import re
import sys
import time

from nodes_to_depth import Engine, exact_infos

DROP_TEST = "crates/engine/tests/mate_threat_drops.rs"
# (SFEN, mate in n moves, mating first moves), from crates/engine/tests/search_mates.rs.
HAND_BUILT = [
    (
        "6k3/10/5K4/10/10/10/10/10/10/10 b R - 00 1",
        2,
        ["R*h1", "R*h2", "R*h3", "R*h4", "R*h5", "R*h6", "R*h7", "R*h8"],
    ),
    ("6k3/10/10/5K4/10/10/10/10/10/10 b R - 00 1", 3, ["f7g8"]),
]


def quiet_drop_mates():
    """The SFENs of the test's `QUIET_DROP_MATES` list: mates in two, any drop first."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, DROP_TEST), encoding="utf-8") as f:
        text = f.read()
    block = re.search(r"const QUIET_DROP_MATES: &\[&str\] = &\[(.*?)\];", text, re.S)
    if block is None:
        sys.exit(f"{DROP_TEST}: no QUIET_DROP_MATES list")
    return [(s, 2, None) for s in re.findall(r'"([^"]+)"', block.group(1))]


def search(engine, sfen, movetime):
    """One clocked search on a cleared table: its exact-score `info` lines (as word lists),
    its move and the wall time to `bestmove` in ms."""
    engine.send("usinewgame")
    engine.send(f"position sfen {sfen}")
    engine.send("isready")
    engine.wait_for("readyok")
    start = time.monotonic()
    engine.send(f"go movetime {movetime}")
    lines = engine.wait_for("bestmove")
    wall = round((time.monotonic() - start) * 1000)
    return exact_infos(lines), lines[-1].split()[1], wall


def field(words, name, width=1):
    i = words.index(name)
    return " ".join(words[i + 1 : i + 1 + width])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--longjiang", required=True)
    ap.add_argument("--movetime", type=int, default=1000)
    args = ap.parse_args()
    positions = quiet_drop_mates() + HAND_BUILT
    failed = 0
    for nnue in ["false", "true"]:
        engine = Engine(args.longjiang, "usi", "usiok")
        for name, value in [
            ("Variant", "longjiang"),
            ("UseNNUE", nnue),
            ("Threads", "1"),
            ("USI_Hash", "64"),
        ]:
            engine.send(f"setoption name {name} value {value}")
        for sfen, n, firsts in positions:
            infos, best, wall = search(engine, sfen, args.movetime)
            want = f"mate {2 * n - 1}"
            score = field(infos[-1], "score", 2) if infos else "none"
            first = next((w for w in infos if field(w, "score", 2) == score), None)
            found_at = (
                f"depth {field(first, 'depth')} at {field(first, 'time')} ms" if first else "-"
            )
            good_move = "*" in best if firsts is None else best in firsts
            ok = score == want and good_move
            failed += not ok
            print(
                f"{'ok  ' if ok else 'FAIL'} nnue={nnue:5} mate in {n}: {best:6} {score:8} "
                f"first {found_at}, bestmove after {wall} ms | {sfen}"
            )
        engine.close()
    print(f"{failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
