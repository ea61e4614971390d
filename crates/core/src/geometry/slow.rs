//! Step-by-step reference versions of every attack function in `attacks`, written for
//! obviousness rather than speed. Tests compare the fast tables with these on random
//! occupancies (cozy-chess keeps `get_rook_moves_slow` for the same reason).

use super::attacks::{DIAGONAL, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL, TWO_STEP_LEAPS};
use super::bitboard::Bitboard;
use super::square::Square;

/// Slides from `sq` along each direction until the edge or the first occupied square (which is
/// included), at most `limit` steps.
pub fn slide(sq: Square, occupied: Bitboard, dirs: &[(i8, i8)], limit: u8) -> Bitboard {
    let mut att = Bitboard::EMPTY;
    for &(df, dr) in dirs {
        let mut cur = sq;
        for _ in 0..limit {
            match cur.offset(df, dr) {
                Some(next) => {
                    att = att.with(next);
                    if occupied.has(next) {
                        break;
                    }
                    cur = next;
                }
                None => break,
            }
        }
    }
    att
}

/// Single leaps from `sq`.
pub fn leaps(sq: Square, deltas: &[(i8, i8)]) -> Bitboard {
    deltas
        .iter()
        .filter_map(|&(df, dr)| sq.offset(df, dr))
        .collect()
}

/// Reference rook attacks.
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    slide(sq, occupied, &ORTHOGONAL, 10)
}

/// Reference bishop attacks.
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    slide(sq, occupied, &DIAGONAL, 10)
}

/// Reference spearman attacks.
pub fn spear_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    slide(sq, occupied, &ORTHOGONAL, 4)
}

/// Reference cavalry attacks.
pub fn cavalry_attacks(sq: Square) -> Bitboard {
    leaps(sq, &KNIGHT_LEAPS) | leaps(sq, &TWO_STEP_LEAPS)
}

/// Reference guard attacks: two-step slides, then each knight move as an orthogonal step to
/// the leg (which must be empty) followed by a diagonal step outward.
pub fn guard_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut att = slide(sq, occupied, &KING_STEPS, 2);
    for &(df, dr) in &ORTHOGONAL {
        let Some(leg) = sq.offset(df, dr) else {
            continue;
        };
        if occupied.has(leg) {
            continue;
        }
        // Perpendicular to (df, dr): both sides.
        for side in [-1i8, 1] {
            let (pf, pr) = (dr * side, df * side);
            if let Some(t) = leg.offset(df + pf, dr + pr) {
                att = att.with(t);
            }
        }
    }
    att
}

/// Reference "which squares attack `target` with a guard": every square whose guard attacks
/// include `target`.
pub fn guard_attackers_mask(target: Square, occupied: Bitboard) -> Bitboard {
    Square::all()
        .filter(|&from| guard_attacks(from, occupied).has(target))
        .collect()
}
