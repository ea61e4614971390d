//! Piece-square tables, built at compile time for each weight table from its shape weights
//! (centralisation per kind, pawn and king per rank, central pawn files), from the first
//! player's side (the second player's squares are mirrored by rank). With a feature recorder
//! the evaluation records the same shape features instead (`record`).

use super::*;
use longjiang_core::geometry::SQUARES;
use longjiang_core::rules::Color;

/// How central a square is: 0 on the rim … 4 on the four centre squares, per axis, summed.
pub(super) const fn centrality(sq: usize) -> i32 {
    let f = (sq % 10) as i32;
    let r = (sq / 10) as i32;
    let cf = (9 - (2 * f - 9).abs()) / 2;
    let cr = (9 - (2 * r - 9).abs()) / 2;
    cf + cr
}

const fn is_center_file(sq: usize) -> bool {
    let file = sq % 10;
    file >= 3 && file <= 6
}

/// Per kind and square (from the first player's side), a piece's square value.
pub(super) type Pst = [[S; SQUARES]; 8];

/// The piece-square tables of weights `w`.
pub(super) const fn build(w: &Weights) -> Pst {
    let mut t = [[S(0, 0); SQUARES]; 8];
    let mut k = 0;
    while k < 8 {
        let mut sq = 0;
        while sq < SQUARES {
            let c = centrality(sq);
            let rank = sq / 10;
            let center = w[CENTER + k];
            let mut v = S(center.0 * c, center.1 * c);
            if k == 0 {
                let r = w[PAWN_RANK + rank];
                v = r;
                if is_center_file(sq) {
                    v = S(v.0 + w[PAWN_CENTER_FILE].0, v.1 + w[PAWN_CENTER_FILE].1);
                }
            } else if k == 7 {
                let r = w[KING_RANK + rank];
                v = S(v.0 + r.0, v.1 + r.1);
            }
            t[k][sq] = v;
            sq += 1;
        }
        k += 1;
    }
    t
}

/// Records the features behind `Pst[kind][rel]` for a piece of `color` (`rel`: the
/// square from its own side).
pub(super) fn record<R: Recorder>(rec: &mut R, color: Color, kind: usize, rel: usize) {
    if kind == 0 {
        rec.feature(color, PAWN_RANK + rel / 10, 1.0);
        if is_center_file(rel) {
            rec.feature(color, PAWN_CENTER_FILE, 1.0);
        }
        return;
    }
    rec.feature(color, CENTER + kind, centrality(rel) as f32);
    if kind == 7 {
        rec.feature(color, KING_RANK + rel / 10, 1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_beats_rim() {
        assert_eq!(centrality(0), 0);
        assert_eq!(centrality(44), 8);
        assert_eq!(centrality(55), 8);
        for set in [&DROP.pst, &NODROP.pst] {
            assert!(set[1][44].0 > set[1][0].0);
            // A pawn on rank 8 (index 7) is worth more than one on rank 3.
            assert!(set[0][74].1 > set[0][24].1);
        }
    }
}
