//! The evaluation terms. `Attacks` gathers, once per evaluation, which squares each side
//! attacks (by kind, once and twice) and who reaches the enemy king's zone; the terms read it.

use super::Recorder;
use super::weights::*;
use crate::geometry::{Bitboard, SQUARES, Square, attacks};
use crate::movegen::{check_squares, piece_attacks};
use crate::rules::{Color, PieceKind, Position};

/// `isqrt(64 n)`, i.e. 8·√n, for mobility counts.
const fn build_sqrt8() -> [i32; 65] {
    let mut t = [0; 65];
    let mut n = 0;
    while n <= 64 {
        let target = 64 * n as i32;
        let mut r = 0;
        while (r + 1) * (r + 1) <= target {
            r += 1;
        }
        t[n] = r;
        n += 1;
    }
    t
}
const SQRT8: [i32; 65] = build_sqrt8();

/// Squares a pawn of each side must not meet enemy pawns on to be passed (its file and the
/// neighbouring ones, every rank ahead).
const fn build_passed_masks() -> [[u128; SQUARES]; 2] {
    let mut t = [[0u128; SQUARES]; 2];
    let mut sq = 0;
    while sq < SQUARES {
        let f = (sq % 10) as i32;
        let r = (sq / 10) as i32;
        let mut s2 = 0;
        while s2 < SQUARES {
            let f2 = (s2 % 10) as i32;
            let r2 = (s2 / 10) as i32;
            let df = f2 - f;
            if df >= -1 && df <= 1 {
                if r2 > r {
                    t[0][sq] |= 1u128 << s2;
                }
                if r2 < r {
                    t[1][sq] |= 1u128 << s2;
                }
            }
            s2 += 1;
        }
        sq += 1;
    }
    t
}
const PASSED_MASK: [[u128; SQUARES]; 2] = build_passed_masks();

/// The kinds with a piece value, cheapest first (for "attacked by a lesser piece").
const BY_VALUE: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Cavalry,
    PieceKind::Bishop,
    PieceKind::Spear,
    PieceKind::Rook,
    PieceKind::Guard,
    PieceKind::Queen,
];

/// Attack information of both sides.
pub(super) struct Attacks {
    /// Every square a side attacks.
    pub all: [Bitboard; 2],
    /// Every square a side attacks with a piece other than the king.
    pub no_king: [Bitboard; 2],
    /// Squares attacked by pieces of each kind.
    pub by_kind: [[Bitboard; 8]; 2],
    /// Each king's zone (the 5×5 box around it).
    pub zone: [Bitboard; 2],
    /// Pieces of a side that reach the enemy king zone, and their summed weights.
    pub zone_attackers: [i32; 2],
    pub zone_weight: [i32; 2],
    /// Attacks of a side on the squares next to the enemy king.
    pub ring_hits: [i32; 2],
}

#[inline(always)]
fn pawn_attack_set(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::Black => pawns.north().east() | pawns.north().west(),
        Color::White => pawns.south().east() | pawns.south().west(),
    }
}

/// Mobility, and the attack tables the other terms need.
pub(super) fn mobility<R: Recorder>(pos: &Position, rec: &mut R, total: &mut [S; 2]) -> Attacks {
    let occ = pos.occupied();
    let mut a = Attacks {
        all: [Bitboard::EMPTY; 2],
        no_king: [Bitboard::EMPTY; 2],
        by_kind: [[Bitboard::EMPTY; 8]; 2],
        zone: [Bitboard::EMPTY; 2],
        zone_attackers: [0; 2],
        zone_weight: [0; 2],
        ring_hits: [0; 2],
    };
    for c in Color::ALL {
        let k = pos.king(c);
        a.zone[c.index()] = attacks::guard_attacks(k, Bitboard::EMPTY).with(k);
        let pa = pawn_attack_set(c, pos.pieces(c, PieceKind::Pawn));
        a.by_kind[c.index()][PieceKind::Pawn.index()] = pa;
        a.all[c.index()] = pa;
        a.no_king[c.index()] = pa;
    }
    for c in Color::ALL {
        let ci = c.index();
        let them = !c;
        let enemy_ring = attacks::king_attacks(pos.king(them));
        let enemy_zone = a.zone[them.index()];
        let area = !pos.side_pieces(c) & !a.by_kind[them.index()][PieceKind::Pawn.index()];
        let mut mob = S(0, 0);
        for kind in PieceKind::OFFICERS {
            let ki = kind.index();
            for sq in pos.pieces(c, kind) {
                let att = piece_attacks(kind, c, sq, occ);
                a.by_kind[ci][ki] |= att;
                a.no_king[ci] |= att;
                let n = (att & area).len().min(64) as usize;
                let w = MOBILITY_WEIGHT[ki];
                let units = SQRT8[n] - SQRT8[MOBILITY_TYPICAL[ki] as usize];
                mob += S(w.0 * units / 4, w.1 * units / 4);
                if (att & enemy_zone).any() {
                    a.zone_attackers[ci] += 1;
                    a.zone_weight[ci] += KING_ATTACK_WEIGHT[ki];
                    a.ring_hits[ci] += (att & enemy_ring).len() as i32;
                }
            }
        }
        let ka = attacks::king_attacks(pos.king(c));
        a.by_kind[ci][PieceKind::King.index()] = ka;
        a.all[ci] = a.no_king[ci] | ka;
        rec.add("mobility", c, mob);
        total[ci] += mob;
    }
    a
}

/// King safety of both kings: attackers and pieces in hand near them, weak squares, drop
/// squares, safe checks, shelter, castling.
pub(super) fn king_safety<R: Recorder>(
    pos: &Position,
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
        let mut weight = a.zone_weight[ei];
        let enemy_hand = pos.hand(e);
        let drops = rules.drops && !enemy_hand.is_empty();
        let mut hand_pieces = 0;
        if drops {
            let cd = pos.cooldown(e) as i32;
            let mut hw = 0;
            for kind in enemy_hand.kinds() {
                let n = enemy_hand.count(kind).min(2) as i32;
                hw += HAND_ATTACK_WEIGHT[kind.index()] * n;
                if kind != PieceKind::Pawn {
                    hand_pieces += n;
                }
            }
            // A side in drop cooldown cannot bring them in for a while.
            weight += hw * (3 - cd.min(2)) / 3;
            count += hand_pieces;
        }
        let mut danger = weight * count.min(6) / 2 + KING_RING_HIT * a.ring_hits[ei];
        let weak = ring & a.all[ei] & !a.no_king[ci];
        danger += KING_WEAK_RING * weak.len() as i32;
        if drops && hand_pieces > 0 && pos.cooldown(e) <= 1 {
            let open = zone & !occ & !a.no_king[ci];
            danger += KING_DROP_SQUARE * open.len() as i32 * hand_pieces.min(3);
        }
        let safe = !a.all[ci] & !pos.side_pieces(e);
        for kind in PieceKind::OFFICERS {
            let reach = a.by_kind[ei][kind.index()];
            if reach.is_empty() {
                continue;
            }
            if (check_squares(kind, e, k, occ) & reach & safe).any() {
                danger += SAFE_CHECK[kind.index()];
            }
        }
        let defenders = (zone & pos.side_pieces(c)).len() as i32 - 1;
        danger -= KING_DEFENDER * defenders.min(6);
        if pos.pieces(e, PieceKind::Queen).is_empty() && enemy_hand.count(PieceKind::Queen) == 0 {
            danger -= NO_ENEMY_QUEEN;
        }
        let mut s = S(0, 0);
        if danger > 0 {
            s -= S(
                danger * danger / KING_DANGER_DIVISOR,
                danger / KING_DANGER_EG_DIVISOR,
            );
        }
        rec.add("king danger", c, s);
        let mut shelter = S(0, 0);
        // Shelter: own pawns on the three files around the king, one and two ranks ahead.
        let fwd = c.forward();
        let mut cover = Bitboard::EMPTY;
        for df in -1i8..=1 {
            for dr in 1i8..=2 {
                if let Some(s2) = k.offset(df, dr * fwd) {
                    cover = cover.with(s2);
                }
            }
        }
        let pawns = (cover & pos.pieces(c, PieceKind::Pawn)).len() as i32;
        shelter += KING_SHELTER_PAWN * pawns.min(3);
        let rel_rank = relative_rank(c, k);
        let file = k.file().index();
        let rights = pos.castling_rights() >> (2 * ci) & 3;
        if rel_rank <= 1 && !(3..=6).contains(&file) {
            shelter += KING_CASTLED;
        } else if (3..=6).contains(&file) && rights == 0 {
            shelter += KING_UNCASTLED;
        }
        shelter += CASTLING_RIGHT * rights.count_ones() as i32;
        rec.add("king shelter", c, shelter);
        total[ci] += s + shelter;
    }
}

#[inline(always)]
fn relative_rank(c: Color, sq: Square) -> i32 {
    let r = sq.rank().index() as i32;
    match c {
        Color::Black => r,
        Color::White => 9 - r,
    }
}

/// Pawn structure and promotion threats.
pub(super) fn pawns<R: Recorder>(pos: &Position, a: &Attacks, rec: &mut R, total: &mut [S; 2]) {
    let occ = pos.occupied();
    let rules = pos.rules();
    for c in Color::ALL {
        let ci = c.index();
        let e = !c;
        let ours = pos.pieces(c, PieceKind::Pawn);
        let theirs = pos.pieces(e, PieceKind::Pawn);
        let promo = rules.promotion_optional[ci] | rules.promotion_forced[ci];
        let mut s = S(0, 0);
        let mut files = [0u8; 10];
        for sq in ours {
            files[sq.file().index() as usize] += 1;
        }
        for sq in ours {
            let f = sq.file().index() as usize;
            if files[f] > 1 {
                s += PAWN_DOUBLED;
            }
            let left = f > 0 && files[f - 1] > 0;
            let right = f < 9 && files[f + 1] > 0;
            if !left && !right {
                s += PAWN_ISOLATED;
            }
            if (Bitboard(PASSED_MASK[ci][sq.index()]) & theirs).is_empty() {
                s += PAWN_PASSED[relative_rank(c, sq) as usize];
            }
            let push = sq.offset(0, c.forward());
            let pushes = push.is_some_and(|p| promo.has(p) && !occ.has(p));
            let takes = (attacks::pawn_attacks(ci, sq) & promo & pos.side_pieces(e)).any();
            if pushes || takes {
                s += PROMOTION_THREAT;
            }
        }
        let _ = a;
        rec.add("pawns", c, s);
        total[ci] += s;
    }
}

/// Pieces under attack: by pawns, hanging, or by cheaper pieces.
pub(super) fn threats<R: Recorder>(pos: &Position, a: &Attacks, rec: &mut R, total: &mut [S; 2]) {
    for c in Color::ALL {
        let ci = c.index();
        let ei = (!c).index();
        let by_pawn = a.by_kind[ei][PieceKind::Pawn.index()];
        let mut lesser = by_pawn;
        let mut s = S(0, 0);
        for kind in BY_VALUE {
            let ki = kind.index();
            let bb = pos.pieces(c, kind);
            if bb.any() {
                let hit_by_pawn = bb & by_pawn;
                let rest = bb & !by_pawn & a.all[ei];
                let hanging = rest & !a.all[ci];
                let by_lesser = rest & !hanging & lesser;
                s -= THREAT_BY_PAWN[ki] * hit_by_pawn.len() as i32;
                s -= THREAT_HANGING[ki] * hanging.len() as i32;
                s -= THREAT_BY_LESSER[ki] * by_lesser.len() as i32;
            }
            lesser |= a.by_kind[ei][ki];
        }
        rec.add("threats", c, s);
        total[ci] += s;
    }
}

/// The drop cooldown: a side that holds pieces but may not drop them for a while.
pub(super) fn cooldown<R: Recorder>(pos: &Position, rec: &mut R, total: &mut [S; 2]) {
    if !pos.rules().drops {
        return;
    }
    for c in Color::ALL {
        let cd = pos.cooldown(c) as i32;
        let hand = pos.hand(c);
        if cd == 0 || hand.is_empty() {
            continue;
        }
        let mut value = 0;
        for kind in hand.kinds() {
            value += HAND_VALUE[kind.index()].0 * hand.count(kind) as i32;
        }
        let per_turn =
            COOLDOWN_PER_TURN + S(value / COOLDOWN_HAND_SHARE, value / COOLDOWN_HAND_SHARE);
        let s = -(per_turn * cd);
        rec.add("cooldown", c, s);
        total[c.index()] += s;
    }
}
