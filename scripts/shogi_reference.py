#!/usr/bin/env python3
"""The independent shogi reference of the tests: python-shogi (PyPI, pure Python).

  shogi_reference.py moves          reads one USI SFEN a line on stdin and writes, for each,
                                    one line: its legal moves in USI, sorted, space-separated
                                    (an empty line when there is none)
  shogi_reference.py perft SFEN N   prints the perft counts of depths 1..N

tests/shogi_reference.rs drives the first form (scripts/test installs python-shogi into
target/shogi-venv); the second produced the python-shogi counts of tests/perft/shogi.txt.
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
    sys.exit(__doc__)


if __name__ == "__main__":
    main()
