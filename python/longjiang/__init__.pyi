from ._longjiang import VARIANTS as VARIANTS, Board as Board, DataFile as DataFile, Move as Move
from ._longjiang import Outcome as Outcome, SearchLine as SearchLine
from os import PathLike
from typing import Union

def read_datagen(path: Union[str, PathLike[str]]) -> DataFile:
    """Iterates a `longjiang datagen` file: one (sfen, score, result, flags) per position."""
