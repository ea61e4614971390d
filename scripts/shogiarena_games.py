#!/usr/bin/env python3
"""A ShogiArena tournament (PyPI `shogiarena`) of a USI engine in shogi mode, every game
then judged move by move by cshogi's Board (PyPI `cshogi`).

  shogiarena_games.py ENGINE [--games N] [--byoyomi MS] [--margin MS] [--max-plies N]
                      [--parallel N] [--seed S] [--random-plies N] [--out DIR]
                      [--option NAME=VALUE ...]
                      [--against PROGRAM [--against-option NAME=VALUE ...]]

ENGINE plays itself (two processes, `setoption name Variant value shogi` and `EnteringKingRule
CSARule27`, the rule cshogi's judge knows, plus the --option values), or PROGRAM when --against
is given (told only the --against-option values, so any USI shogi engine fits). `shogiarena run tournament` plays --games games at `byoyomi MS` (no
main time; ShogiArena's own clock with `expiry_margin_ms` = --margin decides time losses), from
openings of --random-plies random legal plies (each played with both colours), 千日手 at the
fourth occurrence, a draw after --max-plies plies. Then every game in the run's game.db is
replayed on cshogi.Board: each move must be legal, must be the `bestmove` the engine sent (the
USI transcripts), and the result must agree with the final position (mate, 千日手 with
perpetual check, declaration, the ply limit, or a resignation by the side to move). One line
per game, then a summary; the exit status is 1 on any illegal move, crash (an engine that
exits, or a game ShogiArena records as an error), time loss or disagreement.
"""
import argparse
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path

import cshogi
from rsshogi.core import Move

# The 千日手 rule of the cshogi judge, shared; no __pycache__ left in scripts/.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cshogi_games import perpetual  # noqa: E402


def engine_yaml(path, name, program, options):
    lines = [f'name: "{name}"', f'engine_path: "{program}"',
             f'working_directory: "{os.path.dirname(program)}"']
    if options:
        lines += ["options:"] + [f'  {k}: "{v}"' for k, v in options]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def openings(path, count, plies, seed):
    """`count` lines of `startpos moves …`, `plies` random legal plies each (no position
    twice, none where the game is already over)."""
    rng = random.Random(seed)
    seen, lines = set(), []
    while len(lines) < count:
        board = cshogi.Board()
        moves = []
        for _ in range(plies):
            legal = list(board.legal_moves)
            m = rng.choice(legal)
            moves.append(cshogi.move_to_usi(m))
            board.push(m)
        if board.is_game_over() or board.sfen() in seen:
            continue
        seen.add(board.sfen())
        lines.append("startpos moves " + " ".join(moves))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def tournament_yaml(path, args, openings_file):
    path.write_text(f"""experiment_name: "longjiang_shogiarena"
engines:
  - engine_path: "first.yaml"
    name: "{args.names[0]}"
    name_style: "short"
  - engine_path: "second.yaml"
    name: "{args.names[1]}"
    name_style: "short"
tournament:
  scheduler: "round_robin"
  games_per_pair: {args.games}
  num_parallel: {args.parallel}
  seed: {args.seed}
rules:
  time_control:
    time_ms: 0
    byoyomi_ms: {args.byoyomi}
    expiry_margin_ms: {args.margin}
  initial_positions:
    type: "file"
    source: "{openings_file}"
    flip_policy: "pair_both"
    selection_policy: "without_replacement"
  repetition_occurrences_to_draw: 4
  adjudication:
    max_plies: {args.max_plies}
    sync_max_plies_with_engine: false
dashboard:
  enabled: false
logging:
  usi_transcript: true
""", encoding="utf-8")


def sent_bestmoves(run_dir, game_name, role):
    """The `bestmove` answers an engine gave in one game, from its USI transcript."""
    path = run_dir / "transcripts" / f"game-{game_name}-{role}.log"
    if not path.exists():
        return None
    found = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        # `0000001234ms in waiting_for_bestmove bestmove 7g7f ponder 3c3d`
        fields = line.split()
        if len(fields) >= 4 and fields[1] == "in" and fields[3] == "bestmove":
            found.append(fields[4] if len(fields) > 4 else "")
    return found


def judge(db, run_dir, gid, name, sfen, result, max_plies):
    """(verdict, reason, plies, worst move time) of one game; verdict is black, white, draw
    or one of illegal, crash, timeloss, disagree."""
    board = cshogi.Board(sfen)
    rows = db.execute("select next_move, wall_time_ms from game_move where game_id = ? "
                      "order by ply", (gid,)).fetchall()
    moves, worst = [], 0
    seen = Counter({board.zobrist_hash(): 1})
    history, checks = [board.zobrist_hash()], [False]
    repetition = None
    for value, wall in rows:
        if value == int(Move.MOVE_END):
            break
        usi = Move(value).to_usi()
        m = board.move_from_usi(usi)
        if m == 0 or not board.is_legal(m) or repetition is not None:
            return ("illegal", f"ply {len(moves) + 1}: {usi} in {board.sfen()}", len(moves), worst)
        board.push(m)
        moves.append(usi)
        worst = max(worst, wall or 0)
        key = board.zobrist_hash()
        seen[key] += 1
        history.append(key)
        checks.append(board.is_check())
        if seen[key] >= 4:
            first, last = history.index(key), len(history) - 1
            by_mover = perpetual(checks, first, last, 0 if (last - first) % 2 == 1 else 1)
            by_other = perpetual(checks, first, last, 1 if (last - first) % 2 == 1 else 0)
            # `me` made the move that completed the repetition (board.turn moves next).
            me, them = ("white", "black") if board.turn == 0 else ("black", "white")
            repetition = them if by_mover and not by_other else me if by_other and not by_mover \
                else "draw"
    n = len(moves)
    # What the engines said must be what was recorded (black moves first unless the SFEN
    # says w; a game that ended by time or resignation has no bestmove for its end).
    said = {r: sent_bestmoves(run_dir, name, r) for r in ("black", "white")}
    if all(v is not None for v in said.values()):
        black_first = cshogi.Board(sfen).turn == 0
        by_role = {"black": moves[0::2] if black_first else moves[1::2],
                   "white": moves[1::2] if black_first else moves[0::2]}
        for role, answers in said.items():
            answers = [a for a in answers if a not in ("resign", "win")]
            if answers[:len(by_role[role])] != by_role[role]:
                return ("disagree", f"{role}'s bestmoves differ from the record", n, worst)
    mover = "black" if board.turn == 0 else "white"
    other = "white" if mover == "black" else "black"
    if result.endswith("_BY_TIMEOUT"):
        return ("timeloss", result, n, worst)
    if result.endswith("_BY_ILLEGAL_MOVE"):
        return ("illegal", result, n, worst)
    if result in ("ERROR", "INVALID", "PAUSED") or result.endswith("_BY_FORFEIT"):
        return ("crash", result, n, worst)
    winner = "black" if result.startswith("BLACK_WIN") else \
        "white" if result.startswith("WHITE_WIN") else "draw"
    if result in ("BLACK_WIN", "WHITE_WIN"):
        if board.is_game_over():
            ok, why = winner == other, "checkmate"
        elif repetition in ("black", "white"):
            ok, why = winner == repetition, "perpetual check"
        else:
            ok, why = winner == other, "resignation"
    elif result.endswith("_BY_DECLARATION"):
        ok, why = winner == mover and board.is_nyugyoku(), "declaration"
    elif result == "DRAW_BY_REPETITION":
        ok, why = repetition == "draw", "sennichite"
    elif result == "DRAW_BY_MAX_PLIES":
        # The limit may count the opening's plies (the SFEN's move number) too.
        fields = sfen.split()
        before = int(fields[3]) - 1 if len(fields) > 3 else 0
        ok, why = n >= max_plies - before and not board.is_game_over(), "max plies"
    else:
        ok, why = False, "unexpected result"
    if not ok:
        return ("disagree", f"{result} but cshogi sees otherwise ({why}?)", n, worst)
    return (winner, f"{why}, {result}", n, worst)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("engine")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--byoyomi", type=int, default=200)
    p.add_argument("--margin", type=int, default=500)
    p.add_argument("--max-plies", type=int, default=320)
    p.add_argument("--parallel", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--random-plies", type=int, default=4)
    p.add_argument("--out", default=None)
    p.add_argument("--option", action="append", default=[])
    p.add_argument("--against", default=None)
    p.add_argument("--against-option", action="append", default=[])
    args = p.parse_args()
    args.games += args.games % 2
    out = Path(args.out or f"target/shogiarena-{os.getpid()}").resolve()
    run_dir = out / "run"
    if run_dir.exists():
        sys.exit(f"{run_dir} exists: choose another --out")
    out.mkdir(parents=True, exist_ok=True)
    engine = os.path.abspath(args.engine)
    # cshogi judges declarations by the CSA 27-point rule, not the engine's default seed count.
    ours = [("Variant", "shogi"), ("EnteringKingRule", "CSARule27")]
    ours += [tuple(o.split("=", 1)) for o in args.option]
    engine_yaml(out / "first.yaml", "longjiang", engine, ours)
    if args.against:
        theirs = [tuple(o.split("=", 1)) for o in args.against_option]
        engine_yaml(out / "second.yaml", Path(args.against).name,
                    os.path.abspath(args.against), theirs)
    else:
        engine_yaml(out / "second.yaml", "longjiang-2", engine, ours)
    args.names = ["longjiang", Path(args.against).name if args.against else "longjiang-2"]
    openings(out / "openings.txt", args.games // 2, args.random_plies, args.seed)
    tournament_yaml(out / "tournament.yaml", args, out / "openings.txt")
    # The console script beside this interpreter (a venv), else the one on PATH.
    arena = Path(sys.executable).with_name("shogiarena")
    if not arena.exists():
        arena = Path(shutil.which("shogiarena") or "shogiarena")
    run = subprocess.run([str(arena), "--log-level", "WARNING", "run", "tournament",
                          str(out / "tournament.yaml"), "--run-dir", str(run_dir)],
                         cwd=out, capture_output=True, text=True)
    (out / "shogiarena.log").write_text(run.stdout + run.stderr, encoding="utf-8")
    if run.returncode != 0:
        print(run.stdout + run.stderr)
        sys.exit(f"shogiarena exited with status {run.returncode} (log: {out}/shogiarena.log)")
    status = json.loads((run_dir / "completion_status.json").read_text(encoding="utf-8"))
    db = sqlite3.connect(run_dir / "game.db")
    players = dict(db.execute("select id, player_name from player"))
    games = db.execute("select id, game_name, initial_position_sfen, game_result, "
                       "black_player_id, white_player_id from game order by id").fetchall()
    tally, worst, plies = Counter(), 0, 0
    for i, (gid, name, sfen, result, black, white) in enumerate(games, 1):
        verdict, reason, n, slowest = judge(db, run_dir, gid, name, sfen, result,
                                            args.max_plies)
        tally[verdict] += 1
        worst = max(worst, slowest)
        plies += n
        print(f"game {i}: {players[black]} - {players[white]}: {verdict} ({reason}), "
              f"{n} plies, slowest move {slowest} ms", flush=True)
    errors = status.get("error_games", 0) + status.get("not_played", 0)
    tally["crash"] += errors + max(0, args.games - len(games) - errors)
    bad = tally["illegal"] + tally["crash"] + tally["timeloss"] + tally["disagree"]
    print(f"games {len(games)} of {args.games}: black {tally['black']}, white {tally['white']}, "
          f"draws {tally['draw']}; illegal {tally['illegal']}, crashes {tally['crash']}, "
          f"time losses {tally['timeloss']}, disagreements {tally['disagree']}; {plies} plies; "
          f"slowest move {worst} ms (byoyomi {args.byoyomi} ms, margin {args.margin} ms); "
          f"run {run_dir}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
