"""The exact rules of 龙将棋 (with and without drops) and shogi, their record notations, the
engine's search and its training data, from the longjiang engine (docs/python.md)."""

from ._longjiang import (BUCKETS, FEATURES, VARIANTS, Board, DataFile, Game, Move, Outcome,
                         SearchLine, parse_records, read_records, records_text,
                         training_arrays, write_records)

__all__ = ["BUCKETS", "FEATURES", "VARIANTS", "Board", "DataFile", "Game", "Move", "Outcome",
           "SearchLine", "parse_records", "read_datagen", "read_records", "records_text",
           "training_arrays", "write_records"]


def read_datagen(path):
    """Iterates a `longjiang datagen` file: one `(sfen, score, result, flags)` per position."""
    return DataFile(path)
