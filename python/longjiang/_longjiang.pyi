"""Type stubs of the compiled module `longjiang._longjiang` (re-exported by `longjiang`)."""
from os import PathLike
from typing import Any, Iterator, Mapping, Optional, Sequence, Union

import numpy

VARIANTS: list[str]
"""The games: "longjiang" (龙将棋 with drops), "longjiang-nodrop", "shogi"."""
FEATURES: int
"""The NNUE's input features (indices 0 … FEATURES-1), as the engine numbers them."""
BUCKETS: int
"""The NNUE's output buckets."""

Path = Union[str, PathLike[str]]
Tags = Union[Mapping[str, str], Sequence[tuple[str, str]]]

class Move:
    """A legal move. `usi` is its text: USI in shogi (`7g7f`, `P*5e`, `8h2b+`), RULES.md's
    ASCII in 龙将棋 (`f2f4`, `P*e5`, `e9e10+`, `e9e10q`, castling `f1i1`). Read-only; its
    parts are worked out when asked for."""
    usi: str
    bits: int
    """The engine's 32-bit encoding."""
    from_square: Optional[str]
    """The origin square (`f2`, `7g`); None for a drop."""
    to_square: str
    drop: Optional[str]
    """The dropped piece's letter, None for a board move."""
    promotion: Optional[str]
    """The promoted piece's letter, None if the move does not promote."""
    is_castle: bool
    def __str__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Outcome:
    """How a game ended, as the rules core judges it."""
    winner: Optional[int]
    """0 (the first player), 1 (the second), None (a draw)."""
    reason: str
    """"checkmate", "stalemate", "repetition", "perpetual check" or "declaration"."""

class SearchLine:
    """One line of a search's answer, scores from the side to move's point of view."""
    cp: Optional[int]
    """Centipawns; None for a mate score."""
    mate: Optional[int]
    """Plies to mate (> 0: the side to move mates); None for a centipawn score."""
    depth: int
    nodes: int
    pv: list[str]
    """The principal variation, move texts."""
    @property
    def best(self) -> Optional[str]:
        """The first move of the principal variation."""

class DataFile(Iterator[tuple[str, int, float, int]]):
    """The finished games' positions of a `longjiang datagen` file, in file order:
    `(sfen, score, result, flags)` with the search score in centipawns and the result (1.0,
    0.5, 0.0) from the first player's view, and the flag bits (1 in check, 2 capture,
    4 promotion, 8 mate score, 16 adjudicated). ValueError if the file is not one."""
    header: str
    positions: int
    games: int
    def __init__(self, path: Path) -> None: ...
    def __iter__(self) -> "DataFile": ...
    def __next__(self) -> tuple[str, int, float, int]: ...
    def __len__(self) -> int:
        """Positions not yet iterated."""

MoveLike = Union[str, Move]

class Game:
    """One game record: variant, start position, moves and tags (Black, White, Result,
    Reason, Date, …). Written as KIF for shogi, in the project's format (protocol.md, "Game
    records") otherwise; equal when variant, start, moves and tags are."""
    def __init__(self, variant: str = "longjiang", sfen: Optional[str] = None,
                 moves: Sequence[str] = (), tags: Optional[Tags] = None) -> None:
        """Moves in ASCII/USI or the record notation (`六四`, `７六歩(77)`), each checked; a
        game the rules ended gets its Result and Reason unless the tags give them, and a
        Result of `*` while it goes on. ValueError for an illegal move, a move after the end,
        a bad tag or a result that contradicts the final position."""
    @property
    def variant(self) -> str: ...
    @property
    def start_sfen(self) -> Optional[str]:
        """None when the game starts from its game's start position."""
    @property
    def moves(self) -> list[str]:
        """The moves in ASCII/USI."""
    @property
    def tags(self) -> list[tuple[str, str]]:
        """The tags other than Variant, SFEN and Moves, in order."""
    @property
    def result(self) -> str:
        """`1-0`, `0-1`, `1/2-1/2` or `*`."""
    def tag(self, key: str) -> Optional[str]: ...
    def start_board(self) -> "Board": ...
    def board(self) -> "Board":
        """The final position, the moves on its move stack."""
    def move_objects(self) -> list[Move]: ...
    def text(self, kif: Optional[bool] = None) -> str:
        """The record: KIF for shogi by default; kif=False writes the project's format."""
    def __len__(self) -> int:
        """The number of moves."""
    def __eq__(self, other: object) -> bool: ...

def parse_records(text: str) -> list[Game]:
    """The games of a record text: one KIF game, PGN (as `longjiang match` and XBoard write
    it), or any number in the project's format, told apart as `longjiang record` does.
    ValueError naming the game and line of the first fault."""
def read_records(path: Path) -> list[Game]:
    """The games of a record file (the project's format, PGN or KIF), UTF-8 or Shift_JIS (as
    .kif files often are)."""
def records_text(games: Sequence[Game]) -> str:
    """The text of a file of games: one shogi game as KIF, any other set in the project's
    format, one game after the other."""
def write_records(path: Path, games: Sequence[Game]) -> None:
    """Writes records_text(games) to path."""

def training_arrays(path: Path, variant: Optional[str] = None,
                    pad: int = -1) -> dict[str, numpy.ndarray[Any, Any]]:
    """The positions of a datagen file (text or binary, finished games only, file order) as
    numpy arrays of N rows, for training a net:
    - `features` int32 (N, 2, K): the active NNUE input features (the engine's indices,
      ascending) from the side to move's view ([:, 0]) and the other side's ([:, 1]), padded
      with `pad` to K, the most any position has (pad=FEATURES suits an EmbeddingBag with a
      padding row);
    - `count` int32: features per row; `stm` uint8: the side to move (0 the first player);
    - `bucket` uint8: the output bucket the net uses for the position;
    - `score` int32 (centipawns) and `result` float32 (1, 0.5, 0), both from the first
      player's view as datagen writes them (the side to move's view:
      `np.where(stm == 0, score, -score)`);
    - `flags` uint8, `ply` uint32, `game` uint64.
    The variant is the header's unless given; ValueError for a game without a feature set
    (shogi), a damaged file or a variant that contradicts the header."""

class Board:
    """A position of 龙将棋 (with or without drops) or shogi, and the moves pushed on it.
    Every bad text raises ValueError with the engine's message; nothing panics."""
    def __init__(self, variant: str = "longjiang", sfen: Optional[str] = None,
                 fen: Optional[str] = None) -> None:
        """The start position, an SFEN (six fields in 龙将棋, with cooldowns and the
        spearman; four in shogi) or a Fairy-Stockfish FEN."""
    @property
    def variant(self) -> str: ...
    @property
    def turn(self) -> int:
        """The side to move: 0 the first player (SFEN `b`), 1 the second (`w`)."""
    @property
    def move_number(self) -> int: ...
    @property
    def move_stack(self) -> list[Move]:
        """The moves pushed since the board was set up, oldest first."""
    @property
    def legal_moves(self) -> list[str]:
        """The legal moves as text, in generation order (shared strings: pushing one of
        them back needs no parsing)."""
    @property
    def castling_rights(self) -> str:
        """As SFEN writes them: `KQkq`, `-`."""
    def legal_move_objects(self) -> list[Move]: ...
    def is_legal(self, move: MoveLike) -> bool: ...
    def push(self, move: MoveLike) -> None:
        """Plays a legal move; ValueError with the engine's reason otherwise."""
    def push_moves(self, moves: str) -> None:
        """Plays space-separated moves, all or none."""
    def pop(self) -> Move:
        """Takes back the last pushed move; IndexError when there is none."""
    def sfen(self) -> str: ...
    def fen(self) -> str:
        """The Fairy-Stockfish FEN."""
    def is_check(self) -> bool: ...
    def outcome(self, claim_declaration: bool = False) -> Optional[Outcome]:
        """None while the game goes on; else checkmate, stalemate, repetition or perpetual
        check. With claim_declaration, an entering-king win the side to move may declare
        (入玉宣言) counts as its win."""
    def is_game_over(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def can_declare(self) -> bool:
        """Whether the side to move may declare an entering-king win now."""
    def hand(self, color: int) -> dict[str, int]:
        """The pieces in a hand as uppercase SFEN letter -> count."""
    def cooldown(self, color: int) -> int:
        """The drop cooldown (禁援): turns still to play without drops."""
    def copy(self) -> "Board": ...
    def perft(self, depth: int) -> int:
        """Leaves `depth` plies below, as `longjiang perft` counts them (the GIL released)."""
    def diagram(self, plain: bool = False) -> str:
        """The board as the engine's `d` draws it; plain=True: `d plain` (ASCII)."""
    def zobrist_hash(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int:
        """The hash of the game and the SFEN (what == compares); it changes with the position."""
    def san(self, move: MoveLike, form: str = "standard") -> str:
        """A legal move in SAN (`Nh8`, `cxd5`, `P@e5`, `O-O`, with `+`/`#`), as python-chess's
        Board.san; form="xboard" for XBoard's spelling. 龙将棋 only: ValueError in shogi."""
    def parse_san(self, san: str, form: str = "standard") -> Move:
        """The legal move a SAN word names, as python-chess's Board.parse_san; ValueError when
        none or several fit, or in shogi."""
    def push_san(self, san: str, form: str = "standard") -> Move:
        """Plays the move a SAN word names and returns it (python-chess's Board.push_san)."""
    def record(self, move: MoveLike) -> str:
        """A legal move in the record notation: Chinese (`骑七三`) in 龙将棋, KIF in shogi."""
    def push_record(self, text: str) -> Move:
        """Plays a move written in the record notation (Chinese in 龙将棋, KIF in shogi) or
        in ASCII/USI, and returns it."""
    def game(self, tags: Optional[Tags] = None) -> Game:
        """The moves pushed since the board was set up as a Game record, with tags."""
    def piece_map(self) -> dict[str, str]:
        """Square name -> SFEN letter (uppercase the first player's: `K`, `+P`, `p`)."""
    def svg(self, flipped: bool = False, letters: bool = False) -> str:
        """An SVG picture of the position drawn as the web board draws it: the pieces'
        names (letters=True: SFEN letters), the last move and a king in check marked, the
        hands and cooldowns in strips above and below; flipped puts the second player at
        the bottom. Every piece is a <g class="piece" data-sq data-piece data-color>."""
    def _repr_svg_(self) -> str:
        """The SVG picture (Jupyter shows it)."""
    def features(self, perspective: Optional[int] = None) -> list[int]:
        """The NNUE's active input features from a side's view (the side to move's by
        default), ascending, the engine's indices; ValueError in shogi (no feature set)."""
    def evaluate_nnue(self, eval_file: Optional[Path] = None) -> int:
        """The net's evaluation in centipawns for the side to move, computed from scratch:
        the game's built-in net or the net file eval_file (ValueError if it is for another
        game or damaged)."""
    def search(self, nodes: Optional[int] = None, depth: Optional[int] = None,
               movetime: Optional[float] = None, multipv: int = 1, threads: int = 1,
               hash: int = 16, nnue: Optional[bool] = None,
               eval_file: Optional[str] = None) -> list[SearchLine]:
        """Searches in process with the GIL released; at least one of nodes, depth,
        movetime (seconds). Best line first, then the other MultiPV lines. The game's default
        evaluation; nnue=False for the classical one, eval_file for a net file."""
    def mate(self, nodes: Optional[int] = None, movetime: Optional[float] = None,
             hash: int = 16) -> tuple[str, list[str], int]:
        """The df-pn mate solver (`go mate`): ("mate", line, nodes) with the whole forced
        line, or ("nomate", [], nodes), or ("timeout", [], nodes)."""
    def __str__(self) -> str:
        """The engine's `d` board."""
