//! Moves that press the enemy king: quiet moves and drops whose piece, once it stands on its
//! destination, attacks a square next to the enemy king. A drop may not give check in 龙将棋,
//! so every drop mate starts with such a move; pruning and reductions must not treat them as
//! any quiet move (issue 29, docs/mates.md).

use crate::geometry::Bitboard;
use crate::geometry::attacks::king_attacks;
use crate::movegen::{check_squares, count_legal, generate, has_legal_move, piece_attacks};
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

/// Whether the side to move mates at once: some legal check leaves the opponent no legal
/// move.
pub(crate) fn mates_in_one(pos: &mut Position) -> bool {
    let mut checks: arrayvec::ArrayVec<Move, 128> = arrayvec::ArrayVec::new();
    generate(pos, |set| {
        for m in set {
            if pos.gives_check(m) && checks.try_push(m).is_err() {
                return true;
            }
        }
        false
    });
    checks.into_iter().any(|m| check_mates(pos, m))
}

/// Whether the check `m` mates: the opponent has no legal move after it.
pub(crate) fn check_mates(pos: &mut Position, m: Move) -> bool {
    pos.play(m);
    let mated = !has_legal_move(pos);
    pos.undo();
    mated
}

/// A boxed-in opponent with at most this many replies is tested reply by reply
/// (`threatens_mate`).
const FEW_REPLIES: u64 = 8;

/// Whether `m` (not a check) threatens mate in one: were the opponent to pass after it, the
/// side to move would mate at once; or the opponent has at most `FEW_REPLIES` replies and each
/// of them allows a mate at once (a mate by zugzwang). A position the prune-by-evaluation
/// steps must not cut (docs/mates.md).
pub(crate) fn threatens_mate(pos: &mut Position, m: Move) -> bool {
    pos.play(m);
    pos.play_null();
    let mut t = mates_in_one(pos);
    pos.undo_null();
    if !t && count_legal(pos) <= FEW_REPLIES {
        let replies = crate::movegen::legal_moves(pos);
        t = !replies.is_empty()
            && replies.into_iter().all(|r| {
                pos.play(r);
                let mate = mates_in_one(pos);
                pos.undo();
                mate
            });
    }
    pos.undo();
    t
}
