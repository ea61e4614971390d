//! A first evaluation for standard shogi, the game whose rules name weight set
//! [`SHOGI_SET`]: material on the board and in hand, a small piece-square term (pieces
//! advanced toward the enemy camp, the king kept home), and king safety (own golds and silvers
//! beside the king, enemy pieces near it). Hand-set values in the scale of YaneuraOu's
//! material table; not tuned yet (docs/shogi.md).

use crate::geometry::{Square, attacks};
use crate::rules::{Color, PieceKind, Position};

/// The weight set index shogi's rule description names.
pub const SHOGI_SET: usize = 2;

/// Material by `PieceKind::index` (0 for the 龙将棋 kinds, which shogi never has, except the
/// shared bishop, rook and king).
const VALUE: [i32; crate::rules::KINDS] = [
    0, 0, 855, 990, 0, 0, 0, 0, 90, 315, 405, 495, 540, 540, 540, 540, 540, 945, 1395,
];

/// Pieces in hand are worth a little more than on the board (they can go anywhere).
const HAND_BONUS_PERCENT: i32 = 10;

/// Rank index counted from `color`'s own back rank (0..=8).
fn relative_rank(color: Color, sq: Square) -> i32 {
    let r = sq.rank().index() as i32;
    match color {
        Color::Black => r,
        Color::White => 8 - r,
    }
}

fn side_score(pos: &Position, us: Color) -> i32 {
    let them = !us;
    let mut score = 0;
    for &kind in pos.rules().officers {
        for sq in pos.pieces(us, kind) {
            score += VALUE[kind.index()];
            let rank = relative_rank(us, sq);
            score += match kind {
                // Pawns, silvers and golds gain a little as they advance; the slow pieces lose
                // a little deep in the enemy camp where they cannot come back.
                PieceKind::ShogiPawn | PieceKind::Silver => 4 * rank,
                PieceKind::ShogiKnight | PieceKind::Lance => 2 * rank.min(6),
                PieceKind::Tokin => 3 * rank,
                _ => 0,
            };
        }
    }
    let hand = pos.hand(us);
    for kind in hand.kinds() {
        let v = VALUE[kind.index()];
        score += hand.count(kind) as i32 * (v + v * HAND_BONUS_PERCENT / 100);
    }
    let king = pos.king(us);
    score -= 12 * relative_rank(us, king).min(4);
    let near = attacks::king_attacks(king);
    let ring = near | attacks::guard_two_step_ring(king);
    let guards = pos.pieces(us, PieceKind::Gold) | pos.pieces(us, PieceKind::Silver);
    score += 25 * (guards & near).len() as i32 + 10 * (guards & ring & !near).len() as i32;
    let attackers = pos.side_pieces(them) & ring & !pos.pieces(them, PieceKind::ShogiPawn);
    score -= 30 * attackers.len() as i32;
    let enemy_slider_lines = (attacks::rook_rays(king)
        & (pos.pieces(them, PieceKind::Rook) | pos.pieces(them, PieceKind::Dragon)))
        | (attacks::bishop_rays(king)
            & (pos.pieces(them, PieceKind::Bishop) | pos.pieces(them, PieceKind::Horse)));
    score -= 15 * enemy_slider_lines.len() as i32;
    score
}

/// The score of `pos` in centipawns, from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    side_score(pos, us) - side_score(pos, !us) + 20
}
