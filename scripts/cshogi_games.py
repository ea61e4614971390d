#!/usr/bin/env python3
"""Whole shogi games of a USI engine against itself, driven by cshogi's USI client
(cshogi.usi.Engine) and judged move by move by cshogi's Board (PyPI `cshogi`).

  cshogi_games.py ENGINE [--games N] [--byoyomi MS] [--margin MS] [--maxmoves N]
                         [--seed S] [--random-plies N] [--option NAME=VALUE ...]

Each game starts from the standard position after --random-plies random legal moves (so that
games differ), both sides at `go btime 0 wtime 0 byoyomi MS`. Every answer is judged: a move
must be legal (cshogi), `bestmove win` must be a valid entering-king declaration (the engine is
told `EnteringKingRule CSARule27`, the rule of cshogi's `is_nyugyoku`), a reply
later than byoyomi + margin is a time loss, an engine that exits or stops answering is a
crash. Games end by checkmate (the mated side resigns or is mated), 千日手 (fourfold
repetition; perpetual check loses), declaration, or --maxmoves (a draw). One line per game,
then a summary; the exit status is 1 when any game had an illegal move, a crash or a time
loss.
"""
import argparse
import os
import random
import sys
import time
from collections import Counter

import cshogi
import cshogi.usi


def start_engine(cmd, options):
    engine = cshogi.usi.Engine(os.path.abspath(cmd))
    engine.setoption("Variant", "shogi")
    # The judge is cshogi's is_nyugyoku, the CSA 27-point rule; the engine's default is the
    # seed's count, so it is told the judge's rule (an --option given later overrides it).
    engine.setoption("EnteringKingRule", "CSARule27")
    for name, value in options:
        engine.setoption(name, value)
    engine.isready()
    return engine


def perpetual(checks, first, last, side_moved_first):
    """Whether the side whose moves are checks[first+1], checks[first+3], ... gave check with
    every one of its moves between the two occurrences."""
    return all(checks[i] for i in range(first + 1 + side_moved_first, last + 1, 2))


def play_game(engines, args, rng):
    board = cshogi.Board()
    moves = []
    for _ in range(args.random_plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        m = rng.choice(legal)
        moves.append(cshogi.move_to_usi(m))
        board.push(m)
    for e in engines:
        e.usinewgame()
        e.isready()
    seen = Counter({board.zobrist_hash(): 1})
    history = [board.zobrist_hash()]
    checks = [False]
    overrun = 0
    while True:
        mover = board.turn  # 0 = black (sente), 1 = white (gote)
        engine = engines[mover]
        if board.is_game_over():
            return ("white" if mover == 0 else "black", "checkmate", overrun, len(moves))
        if len(moves) >= args.maxmoves:
            return ("draw", "max moves", overrun, len(moves))
        engine.position(moves=moves)
        began = time.monotonic()
        try:
            best, _ = engine.go(btime=0, wtime=0, byoyomi=args.byoyomi)
        except (EOFError, BrokenPipeError, OSError) as e:
            return ("crash", f"engine died: {e}", overrun, len(moves))
        elapsed = (time.monotonic() - began) * 1000
        overrun = max(overrun, elapsed - args.byoyomi)
        if engine.proc.poll() is not None:
            return ("crash", "engine exited", overrun, len(moves))
        if elapsed > args.byoyomi + args.margin:
            return ("timeloss", f"{best} after {elapsed:.0f} ms", overrun, len(moves))
        me = "black" if mover == 0 else "white"  # the side that answers now
        them = "white" if mover == 0 else "black"
        if best == "resign":
            reason = "resignation (mated)" if board.is_game_over() else "resignation"
            return (them, reason, overrun, len(moves))
        if best == "win":
            if board.is_nyugyoku():
                return (me, "declaration", overrun, len(moves))
            return ("illegal", f"bestmove win without a valid declaration in {board.sfen()}",
                    overrun, len(moves))
        move = board.move_from_usi(best)
        if move == 0 or move not in list(board.legal_moves):
            return ("illegal", f"{best} in {board.sfen()}", overrun, len(moves))
        board.push(move)
        moves.append(best)
        key = board.zobrist_hash()
        seen[key] += 1
        history.append(key)
        checks.append(board.is_check())
        if seen[key] >= 4:
            first = history.index(key)
            last = len(history) - 1
            # Moves after `first`: the one into state first+1 was made by the side not to
            # move at `first`; the mover of state i is the side to move at i-1.
            by_mover = perpetual(checks, first, last, 0 if (last - first) % 2 == 1 else 1)
            by_other = perpetual(checks, first, last, 1 if (last - first) % 2 == 1 else 0)
            if by_mover and not by_other:
                return (them, "perpetual check", overrun, len(moves))
            if by_other and not by_mover:
                return (me, "perpetual check", overrun, len(moves))
            return ("draw", "sennichite", overrun, len(moves))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("engine")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--byoyomi", type=int, default=100)
    p.add_argument("--margin", type=int, default=500)
    p.add_argument("--maxmoves", type=int, default=256)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--random-plies", type=int, default=4)
    p.add_argument("--option", action="append", default=[])
    args = p.parse_args()
    options = [tuple(o.split("=", 1)) for o in args.option]
    rng = random.Random(args.seed)
    engines = [start_engine(args.engine, options), start_engine(args.engine, options)]
    tally = Counter()
    worst = 0.0
    plies = 0
    for g in range(1, args.games + 1):
        result, reason, overrun, n = play_game(engines, args, rng)
        tally[result] += 1
        worst = max(worst, overrun)
        plies += n
        print(f"game {g}: {result} ({reason}), {n} plies, worst overrun {overrun:.0f} ms",
              flush=True)
        if result in ("crash", "illegal", "timeloss"):
            for i, e in enumerate(engines):
                if e.proc.poll() is not None:
                    engines[i] = start_engine(args.engine, options)
    for e in engines:
        try:
            e.quit()
        except OSError:
            pass
    bad = tally["illegal"] + tally["crash"] + tally["timeloss"]
    print(f"games {args.games}: black {tally['black']}, white {tally['white']}, "
          f"draws {tally['draw']}; illegal {tally['illegal']}, crashes {tally['crash']}, "
          f"time losses {tally['timeloss']}; {plies} plies; worst overrun {worst:.0f} ms "
          f"(byoyomi {args.byoyomi} ms, margin {args.margin} ms)")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
