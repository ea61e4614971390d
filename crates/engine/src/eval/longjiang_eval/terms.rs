//! The evaluation terms other than king safety and pawns. `Attacks` gathers, once per
//! evaluation, which squares each side attacks (by kind) and who reaches the enemy king's
//! zone; the terms read it.

use super::*;
use longjiang_core::geometry::{Bitboard, SQUARES, attacks};
use longjiang_core::movegen::piece_attacks;
use longjiang_core::rules::{Color, PieceKind, Position};

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

/// Per side and square: the squares on the same and the neighbouring files on every rank
/// ahead (the pawns that make a pawn not passed, or may one day attack a square).
const fn build_ahead_masks() -> [[u128; SQUARES]; 2] {
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
/// See `build_ahead_masks`.
pub(super) const AHEAD_MASK: [[u128; SQUARES]; 2] = build_ahead_masks();

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
    /// Pieces of a side that reach the enemy king zone, in all and per kind.
    pub zone_attackers: [i32; 2],
    pub zone_by_kind: [[i32; 8]; 2],
    /// Attacks of a side on the squares next to the enemy king.
    pub ring_hits: [i32; 2],
}

#[inline(always)]
pub(super) fn pawn_attack_set(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::Black => pawns.north().east() | pawns.north().west(),
        Color::White => pawns.south().east() | pawns.south().west(),
    }
}

/// Mobility, and the attack tables the other terms need.
pub(super) fn mobility<R: Recorder>(
    pos: &Position,
    w: &Weights,
    rec: &mut R,
    total: &mut [S; 2],
) -> Attacks {
    let occ = pos.occupied();
    let mut a = Attacks {
        all: [Bitboard::EMPTY; 2],
        no_king: [Bitboard::EMPTY; 2],
        by_kind: [[Bitboard::EMPTY; 8]; 2],
        zone: [Bitboard::EMPTY; 2],
        zone_attackers: [0; 2],
        zone_by_kind: [[0; 8]; 2],
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
            let mut units = 0;
            for sq in pos.pieces(c, kind) {
                let att = piece_attacks(kind, c, sq, occ);
                a.by_kind[ci][ki] |= att;
                a.no_king[ci] |= att;
                let n = (att & area).len().min(64) as usize;
                units += SQRT8[n] - SQRT8[MOBILITY_TYPICAL[ki] as usize];
                if (att & enemy_zone).any() {
                    a.zone_attackers[ci] += 1;
                    a.zone_by_kind[ci][ki] += 1;
                    a.ring_hits[ci] += (att & enemy_ring).len() as i32;
                }
            }
            if units != 0 {
                let m = w[MOBILITY + ki];
                mob += S(m.0 * units / 4, m.1 * units / 4);
                rec.feature(c, MOBILITY + ki, units as f32 / 4.0);
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

/// Pieces under attack: by pawns, hanging, or by cheaper pieces.
pub(super) fn threats<R: Recorder>(
    pos: &Position,
    w: &Weights,
    a: &Attacks,
    rec: &mut R,
    total: &mut [S; 2],
) {
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
                s += weigh(rec, w, c, THREAT_BY_PAWN + ki, hit_by_pawn.len() as i32);
                s += weigh(rec, w, c, THREAT_HANGING + ki, hanging.len() as i32);
                s += weigh(rec, w, c, THREAT_BY_LESSER + ki, by_lesser.len() as i32);
            }
            lesser |= a.by_kind[ei][ki];
        }
        rec.add("threats", c, s);
        total[ci] += s;
    }
}

/// Pieces on open and half-open files (rooks, spears, queens), outposts (cavalry, bishops,
/// guards in the enemy half, defended by a pawn, out of reach of enemy pawns), and space
/// (safe squares behind the pawns in the centre).
pub(super) fn pieces<R: Recorder>(
    pos: &Position,
    w: &Weights,
    a: &Attacks,
    rec: &mut R,
    total: &mut [S; 2],
) {
    let all_pawns = pos.kind_pieces(PieceKind::Pawn);
    for c in Color::ALL {
        let ci = c.index();
        let e = !c;
        let ours = pos.pieces(c, PieceKind::Pawn);
        let theirs = pos.pieces(e, PieceKind::Pawn);
        let mut s = S(0, 0);
        for kind in [PieceKind::Rook, PieceKind::Spear, PieceKind::Queen] {
            let (mut open, mut half) = (0, 0);
            for sq in pos.pieces(c, kind) {
                let file = Bitboard::file(sq.file().index());
                if (file & all_pawns).is_empty() {
                    open += 1;
                } else if (file & ours).is_empty() {
                    half += 1;
                }
            }
            s += weigh(rec, w, c, OPEN_FILE + kind.index(), open);
            s += weigh(rec, w, c, SEMI_OPEN_FILE + kind.index(), half);
        }
        let defended = a.by_kind[ci][PieceKind::Pawn.index()];
        for kind in [PieceKind::Cavalry, PieceKind::Bishop, PieceKind::Guard] {
            let mut n = 0;
            for sq in pos.pieces(c, kind) & defended {
                let rank = relative_rank(c, sq.rank().index());
                let file = Bitboard::file(sq.file().index());
                let reach = Bitboard(AHEAD_MASK[ci][sq.index()]) & !file;
                if (5..=8).contains(&rank) && (reach & theirs).is_empty() {
                    n += 1;
                }
            }
            s += weigh(rec, w, c, OUTPOST + kind.index(), n);
        }
        let own_half = match c {
            Color::Black => Bitboard::rank(1) | Bitboard::rank(2) | Bitboard::rank(3),
            Color::White => Bitboard::rank(8) | Bitboard::rank(7) | Bitboard::rank(6),
        };
        let centre = Bitboard::file(2)
            | Bitboard::file(3)
            | Bitboard::file(4)
            | Bitboard::file(5)
            | Bitboard::file(6)
            | Bitboard::file(7);
        let safe = own_half & centre & !ours & !a.by_kind[e.index()][PieceKind::Pawn.index()];
        s += weigh(rec, w, c, SPACE, safe.len() as i32);
        rec.add("pieces", c, s);
        total[ci] += s;
    }
}

/// The rank of `rank` counted from `c`'s back rank.
#[inline(always)]
pub(super) fn relative_rank(c: Color, rank: u8) -> i32 {
    match c {
        Color::Black => i32::from(rank),
        Color::White => 9 - i32::from(rank),
    }
}

/// The drop cooldown: a side that holds pieces but may not drop them for a while.
pub(super) fn cooldown<R: Recorder>(pos: &Position, w: &Weights, rec: &mut R, total: &mut [S; 2]) {
    if !pos.rules().drops {
        return;
    }
    for c in Color::ALL {
        let cd = pos.cooldown(c) as i32;
        let hand = pos.hand(c);
        if cd == 0 || hand.is_empty() {
            continue;
        }
        let mut s = weigh(rec, w, c, COOLDOWN_PER_TURN, cd);
        for kind in hand.kinds() {
            let n = hand.count(kind) as i32;
            s += weigh(rec, w, c, COOLDOWN_HAND + kind.index(), n * cd);
        }
        rec.add("cooldown", c, s);
        total[c.index()] += s;
    }
}
