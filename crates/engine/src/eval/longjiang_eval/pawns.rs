//! Pawn structure: doubled, isolated, backward, phalanx, defended, passed by rank (and
//! blocked), and pawns that promote with their next move (by the game's promotion zone).

use super::terms::{AHEAD_MASK, Attacks, relative_rank};
use super::*;
use longjiang_core::geometry::{Bitboard, attacks};
use longjiang_core::rules::{Color, PieceKind, Position};

/// Pawn structure and promotion threats of both sides.
pub(super) fn pawns<R: Recorder>(
    pos: &Position,
    w: &Weights,
    a: &Attacks,
    rec: &mut R,
    total: &mut [S; 2],
) {
    let occ = pos.occupied();
    let rules = pos.rules();
    for c in Color::ALL {
        let ci = c.index();
        let e = !c;
        let ours = pos.pieces(c, PieceKind::Pawn);
        let theirs = pos.pieces(e, PieceKind::Pawn);
        let their_attacks = a.by_kind[e.index()][PieceKind::Pawn.index()];
        let our_attacks = a.by_kind[ci][PieceKind::Pawn.index()];
        let promo = rules.promotion_zone[ci];
        let mut files = [0u8; 10];
        for sq in ours {
            files[sq.file().index() as usize] += 1;
        }
        let (mut doubled, mut isolated, mut backward, mut phalanx, mut supported) = (0, 0, 0, 0, 0);
        let mut threat = 0;
        let mut s = S(0, 0);
        for sq in ours {
            let f = sq.file().index() as usize;
            if files[f] > 1 {
                doubled += 1;
            }
            let left = f > 0 && files[f - 1] > 0;
            let right = f < 9 && files[f + 1] > 0;
            let push = sq.offset(0, c.forward());
            if !left && !right {
                isolated += 1;
            } else {
                // No own pawn beside or behind on the neighbouring files, and the square
                // ahead is held by an enemy pawn: it cannot advance safely nor be defended.
                let behind = Bitboard(AHEAD_MASK[e.index()][sq.index()]);
                let level = Bitboard::rank(sq.rank().index());
                let side = (behind | level) & near_files(f);
                if (side & ours).is_empty() && push.is_some_and(|p| their_attacks.has(p)) {
                    backward += 1;
                }
            }
            let beside = sq.offset(1, 0).is_some_and(|p| ours.has(p))
                || sq.offset(-1, 0).is_some_and(|p| ours.has(p));
            if beside {
                phalanx += 1;
            }
            if our_attacks.has(sq) {
                supported += 1;
            }
            if (Bitboard(AHEAD_MASK[ci][sq.index()]) & theirs).is_empty() {
                let r = relative_rank(c, sq.rank().index()) as usize;
                s += weigh(rec, w, c, PAWN_PASSED + r, 1);
                if push.is_some_and(|p| occ.has(p)) {
                    s += weigh(rec, w, c, PASSED_BLOCKED + r, 1);
                }
            }
            let pushes = push.is_some_and(|p| promo.has(p) && !occ.has(p));
            let takes = (attacks::pawn_attacks(ci, sq) & promo & pos.side_pieces(e)).any();
            if pushes || takes {
                threat += 1;
            }
        }
        s += weigh(rec, w, c, PAWN_DOUBLED, doubled);
        s += weigh(rec, w, c, PAWN_ISOLATED, isolated);
        s += weigh(rec, w, c, PAWN_BACKWARD, backward);
        s += weigh(rec, w, c, PAWN_PHALANX, phalanx);
        s += weigh(rec, w, c, PAWN_SUPPORTED, supported);
        s += weigh(rec, w, c, PROMOTION_THREAT, threat);
        rec.add("pawns", c, s);
        total[ci] += s;
    }
}

/// The files next to file `f` (not `f` itself).
#[inline(always)]
fn near_files(f: usize) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    if f > 0 {
        b |= Bitboard::file(f as u8 - 1);
    }
    if f < 9 {
        b |= Bitboard::file(f as u8 + 1);
    }
    b
}
