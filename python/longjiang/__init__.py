"""The exact rules of 龙将棋 (with and without drops) and shogi, their record notations, the
engine's search and its training data, from the longjiang engine (docs/python.md)."""

from ._longjiang import VARIANTS, Board, DataFile, Move, Outcome, SearchLine

__all__ = ["VARIANTS", "Board", "DataFile", "Move", "Outcome", "SearchLine", "read_datagen"]


def read_datagen(path):
    """Iterates a `longjiang datagen` file: one `(sfen, score, result, flags)` per position."""
    return DataFile(path)
