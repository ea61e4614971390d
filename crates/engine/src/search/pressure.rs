//! Moves that press the enemy king: quiet moves and drops whose piece, once it stands on its
//! destination, attacks a square next to the enemy king. A drop may not give check in 龙将棋,
//! so every drop mate starts with such a move; pruning and reductions must not treat them as
//! any quiet move (issue 29, docs/mates.md).

use crate::geometry::Bitboard;
use crate::geometry::attacks::king_attacks;
use crate::movegen::{check_squares, piece_attacks};
use crate::rules::{Move, Position};

/// Whether `m` (not yet played, not a capture) attacks the enemy king's neighbourhood from its
/// destination.
#[inline]
pub(crate) fn presses_king(pos: &Position, m: Move) -> bool {
    let us = pos.side_to_move();
    let kind = match (m.drop_kind(), m.promotion_kind(), m.from()) {
        (Some(k), _, _) => k,
        (None, Some(k), _) => k,
        (None, None, Some(f)) => match pos.piece_at(f) {
            Some(p) => p.kind,
            None => return false,
        },
        _ => return false,
    };
    let zone = king_attacks(pos.king(!us));
    let mut occ = pos.occupied().with(m.to());
    if let Some(f) = m.from() {
        occ = occ.without(f);
    }
    (piece_attacks(kind, us, m.to(), occ) & zone).any()
}

/// The squares a piece of `kind` dropped by the side to move would attack the enemy king's
/// neighbourhood from.
#[inline]
pub(crate) fn pressing_drop_squares(pos: &Position, kind: crate::rules::PieceKind) -> Bitboard {
    let us = pos.side_to_move();
    let occ = pos.occupied();
    let mut b = Bitboard::EMPTY;
    for z in king_attacks(pos.king(!us)) {
        b |= check_squares(kind, us, z, occ);
    }
    b
}
