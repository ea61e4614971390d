//! Attack tables for every piece of 龙将棋, built once by `const fn` into `static`s.
//!
//! Leapers (king, cavalry, pawn captures) are plain per-square tables. Sliders use ray masks:
//! the first blocker along a ray is the lowest (or highest) set bit of `ray & occupied`, and the
//! ray beyond it is cut off with a second lookup ("classical approach",
//! <https://www.chessprogramming.org/Classical_Approach>). A sentinel bit past the board makes
//! the scan branch-free. The guard's short slides and its leg-blocked knight moves are tables of
//! the few squares involved. `geometry::slow` holds the step-by-step twins the tests compare with.

use super::bitboard::Bitboard;
use super::square::{FILES, RANKS, SQUARES, Square};

/// A direction on the board as (file delta, rank delta).
pub type Delta = (i8, i8);

/// The four ray directions in which square indices grow: N, E, NE, NW.
pub const POSITIVE_DIRS: [Delta; 4] = [(0, 1), (1, 0), (1, 1), (-1, 1)];
/// The four ray directions in which square indices shrink: S, W, SW, SE.
pub const NEGATIVE_DIRS: [Delta; 4] = [(0, -1), (-1, 0), (-1, -1), (1, -1)];
/// Orthogonal unit steps.
pub const ORTHOGONAL: [Delta; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// Diagonal unit steps.
pub const DIAGONAL: [Delta; 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
/// The king's eight steps.
pub const KING_STEPS: [Delta; 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
];
/// The knight's eight leaps.
pub const KNIGHT_LEAPS: [Delta; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// The cavalry's extra leaps: exactly two squares orthogonally.
pub const TWO_STEP_LEAPS: [Delta; 4] = [(0, 2), (2, 0), (0, -2), (-2, 0)];

/// Table width: square indices plus the sentinel slot 127 used by the branch-free ray scan.
const SLOTS: usize = 128;

const fn offset(sq: usize, d: Delta) -> Option<usize> {
    let f = (sq % FILES as usize) as i8 + d.0;
    let r = (sq / FILES as usize) as i8 + d.1;
    if f < 0 || f >= FILES as i8 || r < 0 || r >= RANKS as i8 {
        None
    } else {
        Some(r as usize * FILES as usize + f as usize)
    }
}

const fn bit(sq: usize) -> u128 {
    1u128 << sq
}

const fn ray(sq: usize, d: Delta) -> u128 {
    let mut bits = 0;
    let mut cur = offset(sq, d);
    while let Some(s) = cur {
        bits |= bit(s);
        cur = offset(s, d);
    }
    bits
}

const fn ray_table(dirs: [Delta; 4]) -> [[Bitboard; SLOTS]; 4] {
    let mut t = [[Bitboard::EMPTY; SLOTS]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < SQUARES {
            t[d][sq] = Bitboard(ray(sq, dirs[d]));
            sq += 1;
        }
        d += 1;
    }
    t
}

const fn step_table<const N: usize>(steps: [Delta; N]) -> [Bitboard; SQUARES] {
    let mut t = [Bitboard::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut bits = 0;
        let mut i = 0;
        while i < N {
            if let Some(s) = offset(sq, steps[i]) {
                bits |= bit(s);
            }
            i += 1;
        }
        t[sq] = Bitboard(bits);
        sq += 1;
    }
    t
}

const fn single_step_table<const N: usize>(
    steps: [Delta; N],
    scale: i8,
) -> [[Bitboard; SQUARES]; N] {
    let mut t = [[Bitboard::EMPTY; SQUARES]; N];
    let mut i = 0;
    while i < N {
        let mut sq = 0;
        while sq < SQUARES {
            if let Some(s) = offset(sq, (steps[i].0 * scale, steps[i].1 * scale)) {
                t[i][sq] = Bitboard(bit(s));
            }
            sq += 1;
        }
        i += 1;
    }
    t
}

/// The two knight squares reached through one leg: `leg + d + p` for both `p` perpendicular
/// to `d` (forward direction), or `sq + 2a, b` / `a, 2b` for the reverse relation.
const fn knight_pair_table(forward: bool) -> [[Bitboard; SQUARES]; 4] {
    let mut t = [[Bitboard::EMPTY; SQUARES]; 4];
    let mut i = 0;
    while i < 4 {
        let mut sq = 0;
        while sq < SQUARES {
            let mut bits = 0;
            if forward {
                // Leg = sq + d; targets = sq + 2d ± perpendicular.
                let d = ORTHOGONAL[i];
                let p = (d.1, d.0);
                if let Some(s) = offset(sq, (2 * d.0 + p.0, 2 * d.1 + p.1)) {
                    bits |= bit(s);
                }
                if let Some(s) = offset(sq, (2 * d.0 - p.0, 2 * d.1 - p.1)) {
                    bits |= bit(s);
                }
            } else {
                // Leg = sq + (a, b) diagonal; guards that use it sit at (2a, b) and (a, 2b).
                let (a, b) = DIAGONAL[i];
                if let Some(s) = offset(sq, (2 * a, b)) {
                    bits |= bit(s);
                }
                if let Some(s) = offset(sq, (a, 2 * b)) {
                    bits |= bit(s);
                }
            }
            t[i][sq] = Bitboard(bits);
            sq += 1;
        }
        i += 1;
    }
    t
}

const fn between_table() -> [[Bitboard; SQUARES]; SQUARES] {
    let mut t = [[Bitboard::EMPTY; SQUARES]; SQUARES];
    let mut from = 0;
    while from < SQUARES {
        let mut k = 0;
        while k < 8 {
            let d = KING_STEPS[k];
            let mut bits = 0;
            let mut cur = offset(from, d);
            while let Some(s) = cur {
                t[from][s] = Bitboard(bits);
                bits |= bit(s);
                cur = offset(s, d);
            }
            k += 1;
        }
        from += 1;
    }
    t
}

const fn line_table() -> [[Bitboard; SQUARES]; SQUARES] {
    let mut t = [[Bitboard::EMPTY; SQUARES]; SQUARES];
    let mut from = 0;
    while from < SQUARES {
        let mut k = 0;
        while k < 8 {
            let d = KING_STEPS[k];
            let back = (-d.0, -d.1);
            let full = ray(from, d) | ray(from, back) | bit(from);
            let mut cur = offset(from, d);
            while let Some(s) = cur {
                t[from][s] = Bitboard(full);
                cur = offset(s, d);
            }
            k += 1;
        }
        from += 1;
    }
    t
}

const fn spear_range_table() -> [Bitboard; SQUARES] {
    let mut t = [Bitboard::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut bits = 0;
        let mut i = 0;
        while i < 4 {
            let d = ORTHOGONAL[i];
            let mut n = 1;
            while n <= 4 {
                if let Some(s) = offset(sq, (d.0 * n, d.1 * n)) {
                    bits |= bit(s);
                }
                n += 1;
            }
            i += 1;
        }
        t[sq] = Bitboard(bits);
        sq += 1;
    }
    t
}

const fn pawn_attack_table() -> [[Bitboard; SQUARES]; 2] {
    [
        step_table([(-1, 1), (1, 1)]),
        step_table([(-1, -1), (1, -1)]),
    ]
}

/// A per-side step table: `steps` for the first player, mirrored top to bottom for the second.
const fn sided_steps<const N: usize>(steps: [Delta; N]) -> [[Bitboard; SQUARES]; 2] {
    let mut mirrored = steps;
    let mut i = 0;
    while i < N {
        mirrored[i] = (steps[i].0, -steps[i].1);
        i += 1;
    }
    [step_table(steps), step_table(mirrored)]
}

/// Shogi's gold (and the kinds that move like it), seen from the first player.
pub const GOLD_STEPS: [Delta; 6] = [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (0, -1)];
/// Shogi's silver, seen from the first player.
pub const SILVER_STEPS: [Delta; 5] = [(-1, 1), (0, 1), (1, 1), (-1, -1), (1, -1)];
/// Shogi's knight, seen from the first player.
pub const SHOGI_KNIGHT_LEAPS: [Delta; 2] = [(-1, 2), (1, 2)];

static GOLD: [[Bitboard; SQUARES]; 2] = sided_steps(GOLD_STEPS);
static SILVER: [[Bitboard; SQUARES]; 2] = sided_steps(SILVER_STEPS);
static SHOGI_KNIGHT: [[Bitboard; SQUARES]; 2] = sided_steps(SHOGI_KNIGHT_LEAPS);
static SHOGI_PAWN: [[Bitboard; SQUARES]; 2] = sided_steps([(0, 1)]);
static POS_RAYS: [[Bitboard; SLOTS]; 4] = ray_table(POSITIVE_DIRS);
static NEG_RAYS: [[Bitboard; SLOTS]; 4] = ray_table(NEGATIVE_DIRS);
static KING: [Bitboard; SQUARES] = step_table(KING_STEPS);
static CAVALRY: [Bitboard; SQUARES] = {
    let knight = step_table(KNIGHT_LEAPS);
    let two = step_table(TWO_STEP_LEAPS);
    let mut t = [Bitboard::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        t[sq] = knight[sq].union(two[sq]);
        sq += 1;
    }
    t
};
static PAWN_ATTACKS: [[Bitboard; SQUARES]; 2] = pawn_attack_table();
static STEP1: [[Bitboard; SQUARES]; 8] = single_step_table(KING_STEPS, 1);
const STEP2_TABLE: [[Bitboard; SQUARES]; 8] = single_step_table(KING_STEPS, 2);
static STEP2: [[Bitboard; SQUARES]; 8] = STEP2_TABLE;
static ORTH_LEG: [[Bitboard; SQUARES]; 4] = single_step_table(ORTHOGONAL, 1);
static DIAG_LEG: [[Bitboard; SQUARES]; 4] = single_step_table(DIAGONAL, 1);
static GUARD_KNIGHT: [[Bitboard; SQUARES]; 4] = knight_pair_table(true);
static GUARD_KNIGHT_REV: [[Bitboard; SQUARES]; 4] = knight_pair_table(false);
static BETWEEN: [[Bitboard; SQUARES]; SQUARES] = between_table();
static LINE: [[Bitboard; SQUARES]; SQUARES] = line_table();
static SPEAR_RANGE: [Bitboard; SQUARES] = spear_range_table();
static TWO_STEP_RING: [Bitboard; SQUARES] = {
    let mut t = [Bitboard::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 8 {
            t[sq] = t[sq].union(STEP2_TABLE[d][sq]);
            d += 1;
        }
        sq += 1;
    }
    t
};
static WITHIN_THREE: [Bitboard; SQUARES] = {
    let mut t = [Bitboard::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut df = -3;
        while df <= 3 {
            let mut dr = -3;
            while dr <= 3 {
                if let Some(s) = offset(sq, (df, dr)) {
                    t[sq] = t[sq].union(Bitboard(bit(s)));
                }
                dr += 1;
            }
            df += 1;
        }
        sq += 1;
    }
    t
};
static ROOK_EMPTY: [Bitboard; SQUARES] = {
    let mut t = [Bitboard::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        t[sq] = Bitboard(ray(sq, (0, 1)) | ray(sq, (1, 0)) | ray(sq, (0, -1)) | ray(sq, (-1, 0)));
        sq += 1;
    }
    t
};
static BISHOP_EMPTY: [Bitboard; SQUARES] = {
    let mut t = [Bitboard::EMPTY; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        t[sq] = Bitboard(ray(sq, (1, 1)) | ray(sq, (-1, 1)) | ray(sq, (-1, -1)) | ray(sq, (1, -1)));
        sq += 1;
    }
    t
};

/// Squares a slider on `sq` reaches along ray `d` of `POSITIVE_DIRS`.
#[inline(always)]
fn positive_ray(d: usize, sq: Square, occupied: Bitboard) -> Bitboard {
    let ray = POS_RAYS[d][sq.index()];
    // The sentinel bit 127 indexes an empty ray when nothing blocks.
    let blocker = ((ray.0 & occupied.0) | 1 << 127).trailing_zeros() as usize;
    Bitboard(ray.0 ^ POS_RAYS[d][blocker].0)
}

/// Squares a slider on `sq` reaches along ray `d` of `NEGATIVE_DIRS`.
#[inline(always)]
fn negative_ray(d: usize, sq: Square, occupied: Bitboard) -> Bitboard {
    let ray = NEG_RAYS[d][sq.index()];
    // Bit 0 (a1) as sentinel: every negative ray from a1 is empty.
    let blocker = 127 - ((ray.0 & occupied.0) | 1).leading_zeros() as usize;
    Bitboard(ray.0 ^ NEG_RAYS[d][blocker].0)
}

/// Orthogonal slides (戟兵, and the 副将's rook half) from `sq` with the given occupancy.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    positive_ray(0, sq, occupied)
        | positive_ray(1, sq, occupied)
        | negative_ray(0, sq, occupied)
        | negative_ray(1, sq, occupied)
}

/// Diagonal slides (僧兵, and the 副将's bishop half).
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    positive_ray(2, sq, occupied)
        | positive_ray(3, sq, occupied)
        | negative_ray(2, sq, occupied)
        | negative_ray(3, sq, occupied)
}

/// 副将: orthogonal and diagonal slides.
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// 枪兵: orthogonal slides of at most four squares.
#[inline(always)]
pub fn spear_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) & SPEAR_RANGE[sq.index()]
}

/// Squares within four orthogonal steps of `sq` on an empty board (the spearman's reach).
#[inline(always)]
pub fn spear_range(sq: Square) -> Bitboard {
    SPEAR_RANGE[sq.index()]
}

/// The eight squares two steps away along a rank, file or diagonal (a guard's far slides).
#[inline(always)]
pub fn guard_two_step_ring(sq: Square) -> Bitboard {
    TWO_STEP_RING[sq.index()]
}

/// 主帅 / 大帅: one step in any direction.
#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// The squares at most three king steps from `sq` (a 7×7 box, `sq` included): where a shogi
/// stepper must stand to reach a square next to `sq`.
#[inline(always)]
pub fn within_three_steps(sq: Square) -> Bitboard {
    WITHIN_THREE[sq.index()]
}

/// 骑兵: knight leaps plus exact two-square orthogonal leaps; never blocked.
#[inline(always)]
pub fn cavalry_attacks(sq: Square) -> Bitboard {
    CAVALRY[sq.index()]
}

/// 刀兵 captures: one square diagonally forward for `color` (0 = first player, moving up).
#[inline(always)]
pub fn pawn_attacks(color: usize, sq: Square) -> Bitboard {
    PAWN_ATTACKS[color][sq.index()]
}

/// Shogi's gold from `sq` for `color` (0 = first player); also と金 and the promoted lance,
/// knight and silver.
#[inline(always)]
pub fn gold_attacks(color: usize, sq: Square) -> Bitboard {
    GOLD[color][sq.index()]
}

/// Shogi's silver from `sq` for `color`.
#[inline(always)]
pub fn silver_attacks(color: usize, sq: Square) -> Bitboard {
    SILVER[color][sq.index()]
}

/// Shogi's knight from `sq` for `color`: two ranks forward, one file aside; never blocked.
#[inline(always)]
pub fn shogi_knight_attacks(color: usize, sq: Square) -> Bitboard {
    SHOGI_KNIGHT[color][sq.index()]
}

/// Shogi's pawn from `sq` for `color`: the square straight ahead.
#[inline(always)]
pub fn shogi_pawn_attacks(color: usize, sq: Square) -> Bitboard {
    SHOGI_PAWN[color][sq.index()]
}

/// Shogi's lance from `sq` for `color`: a slide straight forward.
#[inline(always)]
pub fn lance_attacks(color: usize, sq: Square, occupied: Bitboard) -> Bitboard {
    if color == 0 {
        positive_ray(0, sq, occupied)
    } else {
        negative_ray(0, sq, occupied)
    }
}

/// The squares straight ahead of `sq` for `color` on an empty board (a lance's reach).
#[inline(always)]
pub fn lance_ray(color: usize, sq: Square) -> Bitboard {
    if color == 0 {
        POS_RAYS[0][sq.index()]
    } else {
        NEG_RAYS[0][sq.index()]
    }
}

/// Shogi's horse (promoted bishop): diagonal slides and one step in any direction.
#[inline(always)]
pub fn horse_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    bishop_attacks(sq, occupied) | KING[sq.index()]
}

/// Shogi's dragon (promoted rook): orthogonal slides and one step in any direction.
#[inline(always)]
pub fn dragon_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | KING[sq.index()]
}

/// The guard's slides from square index `i`: one or two steps in any direction, the second
/// only over an empty square. The relation is symmetric, so it serves both directions.
#[inline(always)]
fn guard_slides(i: usize, occupied: Bitboard) -> Bitboard {
    let mut att = KING[i];
    for d in 0..8 {
        if (STEP1[d][i] & occupied).is_empty() {
            att |= STEP2[d][i];
        }
    }
    att
}

/// 近卫 from `sq`: one or two steps in any direction (the second only over an empty square),
/// and knight moves whose orthogonal first step (the leg) is empty.
#[inline(always)]
pub fn guard_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let i = sq.index();
    let mut att = guard_slides(i, occupied);
    for d in 0..4 {
        if (ORTH_LEG[d][i] & occupied).is_empty() {
            att |= GUARD_KNIGHT[d][i];
        }
    }
    att
}

/// The squares from which a 近卫 attacks `sq` with the given occupancy. Its slides are
/// symmetric; its knight moves are not, since the leg sits next to the guard: here the leg is
/// a diagonal neighbour of `sq`.
#[inline(always)]
pub fn guard_attackers_mask(sq: Square, occupied: Bitboard) -> Bitboard {
    let i = sq.index();
    let mut att = guard_slides(i, occupied);
    for d in 0..4 {
        if (DIAG_LEG[d][i] & occupied).is_empty() {
            att |= GUARD_KNIGHT_REV[d][i];
        }
    }
    att
}

/// For a guard on `guard` attacking `target` by a knight move, the leg square it needs empty;
/// `None` if `target` is not a knight move away.
#[inline(always)]
pub fn guard_leg(guard: Square, target: Square) -> Option<Square> {
    let gi = guard.index();
    for d in 0..4 {
        if GUARD_KNIGHT[d][gi].has(target) {
            return ORTH_LEG[d][gi].first();
        }
    }
    None
}

/// For a square `sq` and each diagonal neighbour (the leg), the squares a guard would have to
/// stand on to attack `sq` through that leg: `(leg, guard squares)`.
#[inline(always)]
pub fn guard_legs_toward(sq: Square) -> [(Bitboard, Bitboard); 4] {
    let i = sq.index();
    [
        (DIAG_LEG[0][i], GUARD_KNIGHT_REV[0][i]),
        (DIAG_LEG[1][i], GUARD_KNIGHT_REV[1][i]),
        (DIAG_LEG[2][i], GUARD_KNIGHT_REV[2][i]),
        (DIAG_LEG[3][i], GUARD_KNIGHT_REV[3][i]),
    ]
}

/// Squares strictly between two squares on a common line (rank, file or diagonal); empty
/// when they share none.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}

/// The whole line (edge to edge) through two squares; empty when they share none.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINE[a.index()][b.index()]
}

/// Orthogonal slides from `sq` on an empty board.
#[inline(always)]
pub fn rook_rays(sq: Square) -> Bitboard {
    ROOK_EMPTY[sq.index()]
}

/// Diagonal slides from `sq` on an empty board.
#[inline(always)]
pub fn bishop_rays(sq: Square) -> Bitboard {
    BISHOP_EMPTY[sq.index()]
}
