#!/usr/bin/env python3
"""Quiet-drop mates under a clock: is the shortest mate found within `go movetime`?

Each position is searched once per evaluation (classical, then the game's net) through the
USI dialogue: one thread, a 64 MiB table, `go movetime MS` (1,000 by default). A position
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
import re
import subprocess
import sys
import time

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
    text = open(DROP_TEST, encoding="utf-8").read()
    block = re.search(r"const QUIET_DROP_MATES: &\[&str\] = &\[(.*?)\];", text, re.S)
    if block is None:
        sys.exit(f"{DROP_TEST}: no QUIET_DROP_MATES list")
    return [(s, 2, None) for s in re.findall(r'"([^"]+)"', block.group(1))]


def search(binary, sfen, nnue, movetime):
    """One clocked search; returns (final info line fields, bestmove, first time of its score, wall ms)."""
    p = subprocess.Popen(
        [binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )

    def send(line):
        p.stdin.write(line + "\n")

    def read_until(prefix):
        for line in p.stdout:
            if line.startswith(prefix):
                return line
        sys.exit(f"{binary}: the engine closed before '{prefix}'")

    send("usi")
    read_until("usiok")
    for name, value in [
        ("Variant", "longjiang"),
        ("UseNNUE", nnue),
        ("Threads", "1"),
        ("USI_Hash", "64"),
    ]:
        send(f"setoption name {name} value {value}")
    send("isready")
    read_until("readyok")
    send("usinewgame")
    send(f"position sfen {sfen}")
    start = time.monotonic()
    send(f"go movetime {movetime}")
    infos = []
    for line in p.stdout:
        words = line.split()
        if words and words[0] == "info" and "score" in words:
            infos.append(words)
        elif words and words[0] == "bestmove":
            wall = round((time.monotonic() - start) * 1000)
            send("quit")
            p.wait()
            return infos, words[1], wall
    sys.exit(f"{binary}: no bestmove for {sfen}")


def field(words, name, width=1):
    i = words.index(name)
    return " ".join(words[i + 1 : i + 1 + width])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--longjiang", required=True)
    ap.add_argument("--movetime", type=int, default=1000)
    args = ap.parse_args()
    failed = 0
    for nnue in ["false", "true"]:
        for sfen, n, firsts in quiet_drop_mates() + HAND_BUILT:
            infos, best, wall = search(args.longjiang, sfen, nnue, args.movetime)
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
    print(f"{failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
