//! King safety: the danger to each king (attackers of the zone and their kinds, attacks next
//! to the king, weak squares, safe checks by kind, the enemy's pieces in hand and the empty
//! squares they could land on, less the defenders), squared in the middlegame; and the
//! king's shelter: own pawns in front, enemy pawns storming, files without own pawn next to
//! it, castled or not.

use super::terms::{Attacks, relative_rank};
use super::*;
use crate::eval::weights::{KING_DANGER_DIVISOR, KING_DANGER_EG_DIVISOR};
use longjiang_core::geometry::{Bitboard, attacks};
use longjiang_core::movegen::check_squares;
use longjiang_core::rules::{Color, PieceKind, Position};

/// Danger unit `index` times `coef` (a whole number of units here; fractional coefficients
/// come from the scaled sums below), recorded for `color`'s king.
#[inline(always)]
fn unit<R: Recorder>(rec: &mut R, w: &Weights, color: Color, index: usize, coef: i32) -> S {
    rec.danger(color, index, coef as f32);
    w[index] * coef
}

/// King danger and shelter of both kings.
pub(super) fn king_safety<R: Recorder>(
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
        let ei = e.index();
        let k = pos.king(c);
        let ring = attacks::king_attacks(k);
        let zone = a.zone[ci];
        let mut count = a.zone_attackers[ei];
        let enemy_hand = pos.hand(e);
        let drops = rules.drops && !enemy_hand.is_empty();
        let mut hand_pieces = 0;
        // The attackers' weight, in thirds (the hand's share depends on the cooldown).
        let mut weight3 = S(0, 0);
        for kind in PieceKind::OFFICERS {
            let n = a.zone_by_kind[ei][kind.index()];
            weight3 += w[KD_ATTACK + kind.index()] * (3 * n);
        }
        let mut hand_share = 0;
        if drops {
            let cd = pos.cooldown(e) as i32;
            hand_share = 3 - cd.min(2);
            for kind in enemy_hand.kinds() {
                let n = enemy_hand.count(kind).min(2) as i32;
                weight3 += w[KD_HAND + kind.index()] * (n * hand_share);
                if kind != PieceKind::Pawn {
                    hand_pieces += n;
                }
            }
            count += hand_pieces;
        }
        let m = count.min(6);
        let mut danger = S(weight3.0 * m / 6, weight3.1 * m / 6);
        if R::FEATURES {
            for kind in PieceKind::OFFICERS {
                let n = a.zone_by_kind[ei][kind.index()];
                rec.danger(c, KD_ATTACK + kind.index(), (n * m) as f32 / 2.0);
            }
            if drops {
                for kind in enemy_hand.kinds() {
                    let n = enemy_hand.count(kind).min(2) as i32;
                    rec.danger(c, KD_HAND + kind.index(), (n * hand_share * m) as f32 / 6.0);
                }
            }
        }
        danger += unit(rec, w, c, KD_RING_HIT, a.ring_hits[ei]);
        let weak = ring & a.all[ei] & !a.no_king[ci];
        danger += unit(rec, w, c, KD_WEAK_RING, weak.len() as i32);
        if drops && hand_pieces > 0 && pos.cooldown(e) <= 1 {
            let open = zone & !occ & !a.no_king[ci];
            let n = open.len() as i32 * hand_pieces.min(3);
            danger += unit(rec, w, c, KD_DROP_SQUARE, n);
        }
        let safe = !a.all[ci] & !pos.side_pieces(e);
        for kind in PieceKind::OFFICERS {
            let reach = a.by_kind[ei][kind.index()];
            if reach.any() && (check_squares(kind, e, k, occ) & reach & safe).any() {
                danger += unit(rec, w, c, KD_SAFE_CHECK + kind.index(), 1);
            }
        }
        let defenders = (zone & pos.side_pieces(c)).len() as i32 - 1;
        danger += unit(rec, w, c, KD_DEFENDER, defenders.min(6));
        if pos.pieces(e, PieceKind::Queen).is_empty() && enemy_hand.count(PieceKind::Queen) == 0 {
            danger += unit(rec, w, c, KD_NO_QUEEN, 1);
        }
        let s = -S(
            danger.0.max(0).pow(2) / KING_DANGER_DIVISOR,
            danger.1.max(0) / KING_DANGER_EG_DIVISOR,
        );
        rec.add("king danger", c, s);
        let shelter = shelter(pos, w, c, rec);
        rec.add("king shelter", c, shelter);
        total[ci] += s + shelter;
    }
}

/// Pawns in front of `c`'s king, enemy pawns coming at it, files by it without own pawn,
/// castling.
fn shelter<R: Recorder>(pos: &Position, w: &Weights, c: Color, rec: &mut R) -> S {
    let ci = c.index();
    let k = pos.king(c);
    let fwd = c.forward();
    let mut cover = Bitboard::EMPTY;
    let mut storm = Bitboard::EMPTY;
    for df in -1i8..=1 {
        for dr in 1i8..=3 {
            if let Some(s2) = k.offset(df, dr * fwd) {
                if dr <= 2 {
                    cover = cover.with(s2);
                }
                storm = storm.with(s2);
            }
        }
    }
    let own = pos.pieces(c, PieceKind::Pawn);
    let mut s = S(0, 0);
    let pawns = (cover & own).len() as i32;
    s += weigh(rec, w, c, KING_SHELTER_PAWN, pawns.min(3));
    let storming = (storm & pos.pieces(!c, PieceKind::Pawn)).len() as i32;
    s += weigh(rec, w, c, KING_STORM_PAWN, storming);
    let mut open = 0;
    for df in -1i8..=1 {
        if let Some(s2) = k.offset(df, 0)
            && (Bitboard::file(s2.file().index()) & own).is_empty()
        {
            open += 1;
        }
    }
    s += weigh(rec, w, c, KING_OPEN_FILE, open);
    let rel_rank = relative_rank(c, k.rank().index());
    let file = k.file().index();
    let rights = pos.castling_rights() >> (2 * ci) & 3;
    if rel_rank <= 1 && !(3..=6).contains(&file) {
        s += weigh(rec, w, c, KING_CASTLED, 1);
    } else if (3..=6).contains(&file) && rights == 0 {
        s += weigh(rec, w, c, KING_UNCASTLED, 1);
    }
    s += weigh(rec, w, c, CASTLING_RIGHT, rights.count_ones() as i32);
    s
}
