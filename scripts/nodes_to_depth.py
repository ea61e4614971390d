#!/usr/bin/env python3
"""Nodes to reach each depth: longjiang against Fairy-Stockfish, position by position.

Both engines search each position with one thread, a fresh 64 MiB table and `go depth D`;
the nodes at the end of each iteration are read from their `info` lines (the last line of
each depth that carries a score and a node count). One-thread node counts do not depend on
the machine's load, so this may run niced beside other work.

Positions: the bench set (read from crates/core/src/rules/samples.rs) and positions from
real games: every `--every`-th ply of the records of `--records` files (the `games.txt` that
`longjiang match` writes), up to `--per-game` positions per game kind.

Usage:
  scripts/nodes_to_depth.py --longjiang target/release/longjiang --fsf $FSF \\
      --ini ../shared/reference/fairy-stockfish-variants.ini --depth 16 \\
      --records nodrop-games.txt --records drop-games.txt [--out notes/x.md]

Fairy-Stockfish is not part of this project: give the path of a largeboards build.
"""

import argparse
import math
import os
import queue
import re
import subprocess
import sys
import threading
import time

# longjiang's game names and Fairy-Stockfish's for them.
GAMES = {"longjiang": "longjiangqi", "longjiang-nodrop": "longjiangqi-nodrop"}
SAMPLES = "crates/core/src/rules/samples.rs"
VARIANT_OF_RUST = {"Longjiang": "longjiang", "LongjiangNoDrop": "longjiang-nodrop"}


class Engine:
    """One engine process spoken to line by line."""

    def __init__(self, cmd, hello, ready):
        self.p = subprocess.Popen(
            [cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        # A reader thread: `select` on a buffered pipe misses lines already read ahead.
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send(hello)
        self.wait_for(ready)

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def readline(self, timeout=None):
        """The next line, `""` on timeout; raises when the engine has exited."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            return ""
        if line is None:
            raise RuntimeError("the engine exited")
        return line

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, word):
        lines = []
        while True:
            line = self.readline()
            lines.append(line)
            if line.split()[:1] == [word]:
                return lines

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def exact_infos(lines):
    """The `info` lines with an exact score (not a bound), each as its list of words."""
    return [
        t
        for t in map(str.split, lines)
        if t[:1] == ["info"] and "score" in t and "lowerbound" not in t and "upperbound" not in t
    ]


def depth_nodes(lines):
    """{depth: nodes at the last scored info line of that depth}."""
    out = {}
    for t in exact_infos(lines):
        if "nodes" not in t or "depth" not in t:
            continue
        d = int(t[t.index("depth") + 1])
        out[d] = int(t[t.index("nodes") + 1])
    return out


def search(engine, position, depth, cap_s, isready):
    engine.send(position)
    engine.send(isready[0])
    engine.wait_for(isready[1])
    engine.send(f"go depth {depth}")
    start = time.time()
    lines = []
    stopped = False
    while True:
        left = cap_s - (time.time() - start)
        if left <= 0 and not stopped:
            engine.send("stop")
            stopped = True
        line = engine.readline(timeout=max(left, 0.1) if not stopped else 5)
        lines.append(line)
        if line.startswith("bestmove"):
            return depth_nodes(lines)


def bench_positions(root):
    text = open(os.path.join(root, SAMPLES), encoding="utf-8").read()
    found = re.findall(r"Variant::(\w+),\s*\"([^\"]+)\"", text)
    return [(VARIANT_OF_RUST[v], "sfen " + s, "bench") for v, s in found if v in VARIANT_OF_RUST]


def record_positions(path, every, limit):
    """Positions every `every` plies of each record of a `games.txt`, as `startpos moves`."""
    out = []
    variant = None
    for line in open(path, encoding="utf-8"):
        m = re.match(r'\[Variant "([^"]+)"\]', line)
        if m:
            variant = m.group(1)
        m = re.match(r'\[Moves "([^"]*)"\]', line)
        if m and variant in GAMES:
            moves = m.group(1).split()
            for ply in range(every, len(moves) - 10, every):
                out.append((variant, "startpos moves " + " ".join(moves[:ply]), f"{os.path.basename(os.path.dirname(path) or path)}:{ply}"))
    by_game = {}
    for p in out:
        by_game.setdefault(p[0], []).append(p)
    picked = []
    for game, ps in by_game.items():
        step = max(1, len(ps) // limit)
        picked += ps[::step][:limit]
    return picked


def fen_of(lj, variant, sfen):
    """Fairy-Stockfish's FEN of an SFEN, from longjiang's `d`."""
    lj.send(f"setoption name Variant value {variant}")
    lj.send(f"position {sfen}")
    lj.send("d")
    lj.send("isready")
    for line in lj.wait_for("readyok"):
        if line.startswith("Fen:"):
            return line[4:].strip()
    raise RuntimeError(f"no FEN for {sfen}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--longjiang", required=True)
    ap.add_argument("--fsf", required=True, help="a largeboards Fairy-Stockfish binary")
    ap.add_argument("--ini", required=True, help="../shared/reference/fairy-stockfish-variants.ini")
    ap.add_argument("--depth", type=int, default=16)
    ap.add_argument("--min-depth", type=int, default=10)
    ap.add_argument("--records", action="append", default=[])
    ap.add_argument("--every", type=int, default=16, help="plies between positions of a record")
    ap.add_argument("--per-game", type=int, default=24, help="record positions per game")
    ap.add_argument("--cap", type=float, default=120.0, help="seconds per search before stop")
    ap.add_argument("--games", default="longjiang,longjiang-nodrop")
    ap.add_argument("--out", help="also write the markdown report here")
    ap.add_argument("--lj-option", action="append", default=[], metavar="NAME=VALUE",
                    help="a USI option for longjiang, e.g. spsa_lmr_non_pv=1 (repeatable)")
    a = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    games = a.games.split(",")

    positions = bench_positions(root)
    for r in a.records:
        positions += record_positions(r, a.every, a.per_game)
    positions = [p for p in positions if p[0] in games]

    lj = Engine(a.longjiang, "usi", "usiok")
    lj.send("setoption name USI_Hash value 64")
    lj.send("setoption name Threads value 1")
    for o in a.lj_option:
        name, _, value = o.partition("=")
        lj.send(f"setoption name {name} value {value}")
    lj.send("isready")
    for line in lj.wait_for("readyok"):
        if "error" in line:
            sys.exit(f"longjiang: {line}")
    fsf = Engine(a.fsf, "uci", "uciok")
    fsf.send(f"setoption name VariantPath value {a.ini}")
    fsf.send("setoption name Hash value 64")
    fsf.send("setoption name Threads value 1")

    rows = []
    for n, (variant, pos, origin) in enumerate(positions, 1):
        # Fairy-Stockfish gets every position as a FEN: its move words differ from ours.
        fsf_pos = "position fen " + fen_of(lj, variant, pos)
        lj.send(f"setoption name Variant value {variant}")
        lj.send("usinewgame")
        ours = search(lj, "position " + pos, a.depth, a.cap, ("isready", "readyok"))
        fsf.send(f"setoption name UCI_Variant value {GAMES[variant]}")
        fsf.send("ucinewgame")
        theirs = search(fsf, fsf_pos, a.depth, a.cap, ("isready", "readyok"))
        rows.append((variant, origin, ours, theirs))
        reached = max(ours, default=0), max(theirs, default=0)
        print(f"[{n}/{len(positions)}] {variant} {origin}: depth {reached[0]} / {reached[1]}, "
              f"nodes {ours.get(a.depth, '-')} / {theirs.get(a.depth, '-')}", file=sys.stderr, flush=True)
    lj.close()
    fsf.close()

    opts = f" longjiang options: {', '.join(a.lj_option)}." if a.lj_option else ""
    out = [f"Nodes to depth, longjiang / Fairy-Stockfish (geometric mean of per-position ratios; "
           f"positions where both reached the depth). One thread, Hash 64, `go depth {a.depth}`, "
           f"cap {a.cap:.0f} s a search.{opts}", ""]
    for variant in games:
        vr = [r for r in rows if r[0] == variant]
        out.append(f"### {variant} ({len(vr)} positions)")
        out.append("")
        out.append("| depth | positions | ratio (geo. mean) | median ratio | longjiang nodes (sum) | Fairy-Stockfish nodes (sum) |")
        out.append("|---:|---:|---:|---:|---:|---:|")
        for d in range(a.min_depth, a.depth + 1):
            both = [(r[2][d], r[3][d]) for r in vr if d in r[2] and d in r[3] and r[3][d] > 0]
            if not both:
                continue
            ratios = sorted(x / y for x, y in both)
            geo = math.exp(sum(math.log(q) for q in ratios) / len(ratios))
            med = ratios[len(ratios) // 2]
            out.append(f"| {d} | {len(both)} | {geo:.2f} | {med:.2f} | {sum(x for x, _ in both)} | {sum(y for _, y in both)} |")
        out.append("")
    text = "\n".join(out)
    print(text)
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
