"""Random playouts per second from Python (issue 31's speed figure; not a test).

  python python/benches/playouts.py [GAMES]

Each playout: from the start position, legal moves + push of a seeded random one until no
move is left or 200 plies. longjiang against pyffish (10×10, the project's Fairy-Stockfish ini
from shared/reference/) and cshogi (shogi), whichever is installed.
"""
import pathlib
import random
import sys
import time

import longjiang

PLIES = 200
ROOT = pathlib.Path(__file__).resolve().parents[2]


def timed(name, games, play):
    rng = random.Random(1)
    start = time.perf_counter()
    plies = sum(play(rng) for _ in range(games))
    dt = time.perf_counter() - start
    print(f"{name:40s} {games / dt:9.1f} playouts/s {plies / dt:10.0f} plies/s")


def ours(variant):
    def play(rng):
        b = longjiang.Board(variant)
        for n in range(PLIES):
            moves = b.legal_moves
            if not moves:
                return n
            b.push(rng.choice(moves))
        return PLIES
    return play


def pyffish_game(sf, variant):
    fen = sf.start_fen(variant)

    def play(rng):
        moves = []
        for n in range(PLIES):
            legal = sf.legal_moves(variant, fen, moves)
            if not legal:
                return n
            moves.append(rng.choice(legal))
        return PLIES
    return play


def cshogi_game(cshogi):
    def play(rng):
        b = cshogi.Board()
        for n in range(PLIES):
            legal = list(b.legal_moves)
            if not legal:
                return n
            b.push(rng.choice(legal))
        return PLIES
    return play


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for v in ("longjiang", "longjiang-nodrop", "shogi"):
        timed(f"longjiang {v}", games, ours(v))
    try:
        import pyffish as sf
        for ini in (ROOT.parent / "shared/reference/fairy-stockfish-variants.ini",
                    pathlib.Path("/work/shared/reference/fairy-stockfish-variants.ini")):
            if ini.exists():
                sf.load_variant_config(ini.read_text())
                for v in ("longjiangqi", "longjiangqi-nodrop"):
                    timed(f"pyffish {v}", max(1, games // 10), pyffish_game(sf, v))
                break
    except ImportError:
        print("pyffish is not installed")
    try:
        import cshogi
        timed("cshogi shogi", games, cshogi_game(cshogi))
    except ImportError:
        print("cshogi is not installed")


if __name__ == "__main__":
    main()
