#!/usr/bin/env python3
"""cshogi's entering-king verdicts (PyPI `cshogi`), the judge of the shogi client tests.

  cshogi_nyugyoku.py    reads one USI SFEN a line on stdin and writes, for each, one line:
                        "27" when Board.is_nyugyoku(LAW_27) holds, else "-", a space, then
                        "24" when Board.is_nyugyoku(LAW_24) holds, else "-"

tests/cshogi_declaration.rs compares these with the engine's CSARule27 and CSARule24.
"""
import sys

import cshogi


def main():
    board = cshogi.Board()
    for line in sys.stdin:
        board.set_sfen(line.strip())
        law27 = "27" if board.is_nyugyoku(cshogi.LAW_27) else "-"
        law24 = "24" if board.is_nyugyoku(cshogi.LAW_24) else "-"
        print(f"{law27} {law24}")


if __name__ == "__main__":
    main()
