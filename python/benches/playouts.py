"""Random playouts per second from Python (docs/python.md's speed figure; a benchmark, not a test).

  python python/benches/playouts.py [ROUNDS] [GAMES]

Each playout: from the start position, the legal moves and a push of a seeded random one,
until no move is left or 200 plies. The contenders run in turns, round after round in the
same process, so that a busy machine slows them alike; the figures are medians over the
rounds of plies per second, and of each round's ratio. longjiang against cshogi in shogi and
against pyffish (Fairy-Stockfish, with the project's ini from shared/reference/) in 龙将棋,
whichever is installed. pyffish is driven as fast as its API allows: one FEN per ply
(`get_fen` after each move), not the whole move list replayed on every call.
"""
import pathlib
import random
import statistics
import sys
import time

import longjiang

PLIES = 200
ROOT = pathlib.Path(__file__).resolve().parents[2]
INIS = [ROOT.parent / "shared/reference/fairy-stockfish-variants.ini",
        pathlib.Path("/work/shared/reference/fairy-stockfish-variants.ini")]


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
    start = sf.start_fen(variant)

    def play(rng):
        fen = start
        for n in range(PLIES):
            legal = sf.legal_moves(variant, fen, [])
            if not legal:
                return n
            fen = sf.get_fen(variant, fen, [rng.choice(legal)])
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


def rate(play, games, seed):
    rng = random.Random(seed)
    start = time.perf_counter()
    plies = sum(play(rng) for _ in range(games))
    return plies / (time.perf_counter() - start)


def contenders():
    """(name, play, games per round, the name it is compared with)."""
    out = [("longjiang shogi", ours("shogi"), 1, None),
           ("longjiang longjiang", ours("longjiang"), 1, None),
           ("longjiang longjiang-nodrop", ours("longjiang-nodrop"), 1, None)]
    try:
        import cshogi
        out.append(("cshogi shogi", cshogi_game(cshogi), 1, "longjiang shogi"))
    except ImportError:
        print("cshogi is not installed")
    try:
        import pyffish as sf
        ini = next((p for p in INIS if p.exists()), None)
        if ini is None:
            print("the Fairy-Stockfish ini is not beside the checkout")
        else:
            sf.load_variant_config(ini.read_text())
            out.append(("pyffish longjiangqi", pyffish_game(sf, "longjiangqi"), 0.2,
                        "longjiang longjiang"))
            out.append(("pyffish longjiangqi-nodrop", pyffish_game(sf, "longjiangqi-nodrop"), 0.2,
                        "longjiang longjiang-nodrop"))
    except ImportError:
        print("pyffish is not installed")
    return out


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    runs = contenders()
    rates = {name: [] for name, *_ in runs}
    for r in range(rounds):
        for name, play, share, _ in runs:
            rates[name].append(rate(play, max(1, int(games * share)), seed=r))
    print(f"{rounds} rounds of {games} playouts (pyffish {max(1, int(games * 0.2))}), "
          f"medians of plies per second")
    for name, _, _, versus in runs:
        line = f"{name:28s} {statistics.median(rates[name]):10.0f} plies/s"
        if versus:
            ratios = [o / t for o, t in zip(rates[versus], rates[name])]
            line += f"   {versus} / this: {statistics.median(ratios):.2f}x"
            line += f" (rounds {min(ratios):.2f} … {max(ratios):.2f})"
        print(line)


if __name__ == "__main__":
    main()
