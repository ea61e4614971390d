#!/usr/bin/env python3
"""The independent shogi reference of the tests: python-shogi (PyPI, pure Python).

  shogi_reference.py moves          reads one USI SFEN a line on stdin and writes, for each,
                                    one line: its legal moves in USI, sorted, space-separated
                                    (an empty line when there is none)
  shogi_reference.py perft SFEN N   prints the perft counts of depths 1..N

  shogi_reference.py mateline       reads lines "SFEN | MOVE MOVE ..." on stdin and writes, for
                                    each, "ok" when the line is a mate by checks (every move
                                    legal, each of the first player's a check, the last
                                    position checkmate), else "bad: " and why

tests/shogi_reference.rs drives the first form, tests/tsume.rs the third (scripts/test installs python-shogi into
target/shogi-venv); the second produced the python-shogi counts of
crates/core/tests/perft/shogi.txt.
"""
import sys

import shogi


def perft(board, depth):
    moves = list(board.legal_moves)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        board.push(m)
        total += perft(board, depth - 1)
        board.pop()
    return total


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "perft":
        board = shogi.Board(sys.argv[2])
        depth = int(sys.argv[3])
        print(" ".join(str(perft(board, d)) for d in range(1, depth + 1)))
        return
    if len(sys.argv) == 2 and sys.argv[1] == "moves":
        for line in sys.stdin:
            sfen = line.strip()
            if not sfen:
                continue
            board = shogi.Board(sfen)
            print(" ".join(sorted(m.usi() for m in board.legal_moves)), flush=False)
        sys.stdout.flush()
        return
    if len(sys.argv) == 2 and sys.argv[1] == "mateline":
        for line in sys.stdin:
            if "|" not in line:
                continue
            sfen, moves = line.split("|", 1)
            print(mate_line(shogi.Board(sfen.strip()), moves.split()))
        sys.stdout.flush()
        return
    sys.exit(__doc__)


def mate_line(board, moves):
    if len(moves) % 2 == 0:
        return "bad: an even number of moves"
    for i, text in enumerate(moves):
        move = shogi.Move.from_usi(text)
        if move not in board.legal_moves:
            return f"bad: move {i + 1} ({text}) is illegal"
        board.push(move)
        if i % 2 == 0 and not board.is_check():
            return f"bad: move {i + 1} ({text}) is no check"
    if not board.is_checkmate():
        return "bad: the last position is not checkmate"
    return "ok"


if __name__ == "__main__":
    main()
