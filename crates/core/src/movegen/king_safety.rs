//! Where the king may step, for games of shogi's kinds: instead of asking `is_attacked` for
//! every destination, the enemy pieces near the king (within three king steps, the farthest a
//! shogi stepper reaches a square next to it from) give their attacks once, and only the
//! sliders further away are asked per destination, after a ray test that mostly fails. The
//! per-destination `is_attacked` walk is the slow twin a test compares it with.

use super::piece_attacks;
use crate::geometry::{Bitboard, Square, attacks};
use crate::rules::{Color, PieceKind, Position};

/// Of `candidates` (squares next to the king of the side to move), those no piece of `them`
/// attacks once the king stands there. Only for games of shogi's kinds.
#[inline(always)]
pub(super) fn shogi_safe_king_steps(
    pos: &Position,
    king: Square,
    them: Color,
    candidates: Bitboard,
) -> Bitboard {
    if candidates.is_empty() {
        return candidates;
    }
    let occ = pos.occupied().without(king);
    let theirs = pos.side_pieces(them);
    let near = theirs & attacks::within_three_steps(king);
    let mut attacked = Bitboard::EMPTY;
    for sq in near {
        if let Some(p) = pos.piece_at(sq) {
            attacked |= piece_attacks(p.kind, them, sq, occ);
        }
    }
    let far = theirs & !near;
    let rooks = far & pos.rook_sliders();
    let bishops = far & pos.bishop_sliders();
    let lances = far & pos.kind_pieces(PieceKind::Lance);
    let mut safe = Bitboard::EMPTY;
    for t in candidates & !attacked {
        // A lance attacks `t` from where the other side's lance on `t` would slide to.
        let hit = ((attacks::rook_rays(t) & rooks).any()
            && (attacks::rook_attacks(t, occ) & rooks).any())
            || ((attacks::bishop_rays(t) & bishops).any()
                && (attacks::bishop_attacks(t, occ) & bishops).any())
            || (lances.any() && (attacks::lance_attacks((!them).index(), t, occ) & lances).any());
        if !hit {
            safe = safe.with(t);
        }
    }
    safe
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::playout::{XorShift, random_games};
    use crate::rules::SHOGI;

    /// The near-and-far split agrees with `is_attacked` on every king neighbourhood of random
    /// shogi games, for both kings (the side to move's and, with the turn passed, the other).
    #[test]
    fn safe_king_steps_match_is_attacked() {
        let mut rnd = XorShift(0x0DDB_1A5E_5BAD_5EED);
        random_games(SHOGI, 30, 200, &mut rnd, |pos, _, _| {
            for us in Color::ALL {
                let king = pos.king(us);
                let candidates = attacks::king_attacks(king) & !pos.side_pieces(us) & SHOGI.board;
                let without_king = pos.occupied().without(king);
                let slow: Bitboard = candidates
                    .into_iter()
                    .filter(|&t| !pos.is_attacked(t, !us, without_king))
                    .collect();
                assert_eq!(
                    shogi_safe_king_steps(pos, king, !us, candidates),
                    slow,
                    "{}",
                    pos.to_sfen()
                );
            }
        });
    }
}
