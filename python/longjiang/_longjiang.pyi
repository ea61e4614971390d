"""Type stubs of the compiled module `longjiang._longjiang` (re-exported by `longjiang`)."""
from os import PathLike
from typing import Iterator, Optional, Union

VARIANTS: list[str]
"""The games: "longjiang" (龙将棋 with drops), "longjiang-nodrop", "shogi"."""

class Move:
    """A legal move. `usi` is its text: USI in shogi (`7g7f`, `P*5e`, `8h2b+`), RULES.md's
    ASCII in 龙将棋 (`f2f4`, `P*e5`, `e9e10+`, `e9e10q`, castling `f1i1`)."""
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
    def __init__(self, path: Union[str, PathLike[str]]) -> None: ...
    def __iter__(self) -> "DataFile": ...
    def __next__(self) -> tuple[str, int, float, int]: ...
    def __len__(self) -> int:
        """Positions not yet iterated."""

MoveLike = Union[str, Move]

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
        """The legal moves as text, in generation order."""
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
    def record(self, move: MoveLike) -> str:
        """A legal move in the record notation: Chinese (`骑七三`) in 龙将棋, KIF in shogi."""
    def push_record(self, text: str) -> Move:
        """Plays a move written in the record notation (shogi: KIF or USI) and returns it."""
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
