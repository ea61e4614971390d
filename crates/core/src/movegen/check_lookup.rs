//! The squares from which each kind would check the enemy king, found once for a position and
//! kept by kind (Stockfish's `checkSquares`): a move's check test is then one lookup. Its slow
//! twin is [`Position::gives_check`], which a test compares it with on every legal move.

use super::check_squares as squares_of;
use crate::geometry::{Bitboard, Square};
use crate::rules::piece::KINDS;
use crate::rules::{Color, Move, PieceKind, Position};

/// One position's check squares, computed kind by kind on first use. A move picker keeps one
/// for its node and asks it about each move it hands out.
#[derive(Clone, Debug)]
pub struct CheckSquares {
    king: Square,
    by: Color,
    occupied: Bitboard,
    discoverers: Bitboard,
    known: u32,
    squares: [Bitboard; KINDS],
}

impl CheckSquares {
    /// The check squares of `pos` against the king of the side not to move (none computed
    /// yet).
    #[inline]
    pub fn new(pos: &Position) -> CheckSquares {
        let by = pos.side_to_move();
        CheckSquares {
            king: pos.king(!by),
            by,
            occupied: pos.occupied(),
            discoverers: pos.state().discoverers,
            known: 0,
            squares: [Bitboard::EMPTY; KINDS],
        }
    }

    /// The squares from which a piece of `kind` of the side to move attacks the enemy king.
    #[inline]
    fn of(&mut self, kind: PieceKind) -> Bitboard {
        let i = kind.index();
        if self.known & (1 << i) == 0 {
            self.known |= 1 << i;
            self.squares[i] = squares_of(kind, self.by, self.king, self.occupied);
        }
        self.squares[i]
    }

    /// Whether the legal move `m` of `pos` (the position this was made for) gives check: the
    /// same answer as `pos.gives_check(m)`. A move whose piece lands on a check square checks
    /// directly: the square it leaves cannot open a path from there, since its piece would
    /// then already attack the king. Castling, promotions and moves of a discoverer take the
    /// slow path.
    #[inline]
    pub fn gives_check(&mut self, pos: &Position, m: Move) -> bool {
        let Some(from) = m.from() else {
            let kind = m.drop_kind().unwrap_or(PieceKind::Pawn);
            return self.of(kind).has(m.to());
        };
        if m.is_castle() || m.promotion_kind().is_some() || self.discoverers.has(from) {
            return pos.gives_check(m);
        }
        match pos.piece_at(from) {
            Some(piece) => self.of(piece.kind).has(m.to()),
            None => false,
        }
    }
}
