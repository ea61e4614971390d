//! Piece-square tables, built at compile time from the shape weights of `weights.rs`, from the
//! first player's side (the second player's squares are mirrored by rank).

use super::weights::*;
use crate::geometry::SQUARES;

/// How central a square is: 0 on the rim … 4 on the four centre squares, per axis, summed.
const fn centrality(sq: usize) -> i32 {
    let f = (sq % 10) as i32;
    let r = (sq / 10) as i32;
    let cf = (9 - (2 * f - 9).abs()) / 2;
    let cr = (9 - (2 * r - 9).abs()) / 2;
    cf + cr
}

const fn build() -> [[S; SQUARES]; 8] {
    let mut t = [[S(0, 0); SQUARES]; 8];
    let mut k = 0;
    while k < 8 {
        let mut sq = 0;
        while sq < SQUARES {
            let c = centrality(sq);
            let rank = (sq / 10) as i32;
            let file = (sq % 10) as i32;
            let mut v = S(CENTER[k].0 * c, CENTER[k].1 * c);
            if k == 0 {
                // Pawn: advancement, promotion next move, central files.
                let adv = if rank > 1 { rank - 1 } else { 0 };
                v = S(PAWN_ADVANCE.0 * adv, PAWN_ADVANCE.1 * adv);
                if rank >= 6 {
                    v = S(v.0 + PAWN_NEAR_PROMOTION.0, v.1 + PAWN_NEAR_PROMOTION.1);
                }
                if file >= 3 && file <= 6 {
                    v = S(v.0 + PAWN_CENTER_FILE.0, v.1 + PAWN_CENTER_FILE.1);
                }
            } else if k == 7 {
                v = S(KING_RANK_PENALTY.0 * rank, v.1);
            }
            t[k][sq] = v;
            sq += 1;
        }
        k += 1;
    }
    t
}

/// `PST[kind][square]` from the first player's side.
pub const PST: [[S; SQUARES]; 8] = build();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_beats_rim() {
        assert_eq!(centrality(0), 0);
        assert_eq!(centrality(44), 8);
        assert_eq!(centrality(55), 8);
        assert!(PST[1][44].0 > PST[1][0].0);
        // A pawn on rank 8 (index 7) is worth more than one on rank 3.
        assert!(PST[0][74].1 > PST[0][24].1);
    }
}
