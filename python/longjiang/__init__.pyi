from ._longjiang import BUCKETS as BUCKETS, FEATURES as FEATURES, VARIANTS as VARIANTS
from ._longjiang import Board as Board, DataFile as DataFile, Game as Game, Move as Move
from ._longjiang import Outcome as Outcome, SearchLine as SearchLine
from ._longjiang import parse_records as parse_records, read_records as read_records
from ._longjiang import records_text as records_text, write_records as write_records
from ._longjiang import training_arrays as training_arrays
from os import PathLike
from typing import Union

def read_datagen(path: Union[str, PathLike[str]]) -> DataFile:
    """Iterates a `longjiang datagen` file: one (sfen, score, result, flags) per position."""
