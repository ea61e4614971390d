//! The classical evaluation of 龙将棋, one type for both games (with drops and without):
//! the same terms and the same layout, each game with its own tuned table
//! (`weights/longjiang.rs`, `weights/longjiang_nodrop.rs`). The terms (material on the board
//! and in hand, piece-square tables, mobility, king safety, pawns, threats, pieces, the drop
//! cooldown) are summed per side as middlegame/endgame pairs and blended by the phase (the
//! non-pawn material on the board and in both hands; in the drop game material never leaves,
//! so it stays a middlegame).

mod king;
mod pawns;
mod pst;
mod terms;

use super::weights::{GroupIndex, S, WeightTable, layout};
use super::{Classical, EvalFeatures, EvalTrace, NoRecord, Recorder, weigh};
use longjiang_core::rules::{Color, PieceKind, Position};

layout! {
    PIECE_VALUE = 8, GroupIndex::Kind, Linear, "piece value";
    HAND_VALUE = 6, GroupIndex::HandKind, Linear, "hand value";
    CENTER = 8, GroupIndex::Kind, Linear, "centralisation";
    PAWN_RANK = 10, GroupIndex::Rank, Linear, "pawn on rank";
    PAWN_CENTER_FILE = 1, GroupIndex::Single, Linear, "pawn on a central file";
    KING_RANK = 10, GroupIndex::Rank, Linear, "king on rank";
    MOBILITY = 8, GroupIndex::Kind, Linear, "mobility";
    KING_SHELTER_PAWN = 1, GroupIndex::Single, Linear, "king shelter pawn";
    KING_STORM_PAWN = 1, GroupIndex::Single, Linear, "enemy pawn storming the king";
    KING_OPEN_FILE = 1, GroupIndex::Single, Linear, "file without own pawn by the king";
    KING_CASTLED = 1, GroupIndex::Single, Linear, "king castled";
    KING_UNCASTLED = 1, GroupIndex::Single, Linear, "king uncastled in the centre";
    CASTLING_RIGHT = 1, GroupIndex::Single, Linear, "castling right";
    PAWN_DOUBLED = 1, GroupIndex::Single, Linear, "doubled pawn";
    PAWN_ISOLATED = 1, GroupIndex::Single, Linear, "isolated pawn";
    PAWN_BACKWARD = 1, GroupIndex::Single, Linear, "backward pawn";
    PAWN_PHALANX = 1, GroupIndex::Single, Linear, "pawn phalanx";
    PAWN_SUPPORTED = 1, GroupIndex::Single, Linear, "pawn defended by a pawn";
    PAWN_PASSED = 10, GroupIndex::Rank, Linear, "passed pawn";
    PASSED_BLOCKED = 10, GroupIndex::Rank, Linear, "passed pawn blocked";
    PROMOTION_THREAT = 1, GroupIndex::Single, Linear, "pawn promotes next move";
    THREAT_BY_PAWN = 8, GroupIndex::Kind, Linear, "attacked by a pawn";
    THREAT_HANGING = 8, GroupIndex::Kind, Linear, "hanging";
    THREAT_BY_LESSER = 8, GroupIndex::Kind, Linear, "attacked by a lesser piece";
    OPEN_FILE = 8, GroupIndex::Kind, Linear, "on an open file";
    SEMI_OPEN_FILE = 8, GroupIndex::Kind, Linear, "on a half-open file";
    OUTPOST = 8, GroupIndex::Kind, Linear, "outpost";
    SPACE = 1, GroupIndex::Single, Linear, "space";
    COOLDOWN_PER_TURN = 1, GroupIndex::Single, Linear, "drop cooldown per turn";
    COOLDOWN_HAND = 6, GroupIndex::HandKind, Linear, "cooldown per turn per piece in hand";
    TEMPO = 1, GroupIndex::Single, Linear, "tempo";
    KD_ATTACK = 8, GroupIndex::Kind, Danger, "danger: zone attacker";
    KD_HAND = 6, GroupIndex::HandKind, Danger, "danger: enemy piece in hand";
    KD_RING_HIT = 1, GroupIndex::Single, Danger, "danger: attack next to the king";
    KD_WEAK_RING = 1, GroupIndex::Single, Danger, "danger: weak square next to the king";
    KD_DROP_SQUARE = 1, GroupIndex::Single, Danger, "danger: open drop square in the zone";
    KD_SAFE_CHECK = 8, GroupIndex::Kind, Danger, "danger: safe check";
    KD_DEFENDER = 1, GroupIndex::Single, Danger, "danger: defender in the zone";
    KD_NO_QUEEN = 1, GroupIndex::Single, Danger, "danger: enemy has no queen";
}

/// A table of 龙将棋 weights, one per entry of [`GROUPS`].
pub type LongjiangWeights = [S; NUM_PARAMS];
/// The name the terms use.
type Weights = LongjiangWeights;

/// The weights the tuner never moves: the king's value (never used) and the pawn's, which
/// anchors the centipawn scale (100).
const ANCHORS: [usize; 2] = [
    PIECE_VALUE + PieceKind::King.index(),
    PIECE_VALUE + PieceKind::Pawn.index(),
];

// Constants that are not tuned: the scale of the mobility curve and of the phase (the king
// danger's is `weights::KING_DANGER_DIVISOR`; the units are tuned instead).

/// The typical number of mobility squares per kind (no bonus, no penalty).
pub const MOBILITY_TYPICAL: [i32; 8] = [0, 6, 7, 9, 10, 16, 7, 0];
/// Phase weights: how much each kind on board or in hand counts towards "middlegame".
pub const PHASE_WEIGHT: [i32; 8] = [0, 1, 1, 2, 2, 4, 1, 0];
/// The phase of the start position (2·(2 N + 2 B + 2 R + 2 G + Q) weights).
pub const PHASE_MAX: i32 = 2 * (2 + 2 + 4 + 4 + 4);

/// Kinds for iteration in the order of `PIECE_VALUE`.
pub const BOARD_KINDS: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Cavalry,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Guard,
    PieceKind::Queen,
    PieceKind::Spear,
];

/// The classical evaluation of a 龙将棋 game: its weights and the piece-square tables built
/// from them.
#[derive(Debug)]
pub struct LongjiangEval {
    weights: &'static Weights,
    pst: pst::Pst,
    table: WeightTable,
}

impl LongjiangEval {
    /// The evaluation with weights `weights`, generated into `file` for the game `title`.
    const fn new(weights: &'static Weights, title: &'static str, file: &'static str) -> Self {
        LongjiangEval {
            weights,
            pst: pst::build(weights),
            table: WeightTable {
                title,
                file,
                groups: GROUPS,
                weights,
                anchors: &ANCHORS,
            },
        }
    }

    /// The phase, 0 (endgame) ..= `PHASE_MAX` (all pieces in play).
    fn phase(&self, pos: &Position) -> i32 {
        let mut p = 0;
        for kind in BOARD_KINDS {
            p += PHASE_WEIGHT[kind.index()] * pos.kind_pieces(kind).len() as i32;
        }
        for c in Color::ALL {
            for kind in pos.hand(c).kinds() {
                let w = PHASE_WEIGHT.get(kind.index()).copied().unwrap_or(0);
                p += w * pos.hand(c).count(kind) as i32;
            }
        }
        p.min(PHASE_MAX)
    }

    fn evaluate_with<R: Recorder>(&self, pos: &Position, rec: &mut R) -> i32 {
        let w = self.weights;
        let pst = &self.pst;
        let mut total = [S(0, 0); 2];
        for color in Color::ALL {
            let mut material = S(0, 0);
            let mut squares = S(0, 0);
            for kind in BOARD_KINDS {
                let ki = kind.index();
                let bb = pos.pieces(color, kind);
                material += weigh(rec, w, color, PIECE_VALUE + ki, bb.len() as i32);
                for sq in bb {
                    let rel = relative(color, sq.index());
                    squares += pst[ki][rel];
                    if R::FEATURES {
                        pst::record(rec, color, ki, rel);
                    }
                }
            }
            let king = PieceKind::King.index();
            let rel = relative(color, pos.king(color).index());
            squares += pst[king][rel];
            if R::FEATURES {
                pst::record(rec, color, king, rel);
            }
            let mut hand = S(0, 0);
            for kind in pos.hand(color).kinds() {
                let n = pos.hand(color).count(kind) as i32;
                hand += weigh(rec, w, color, HAND_VALUE + kind.index(), n);
            }
            rec.add("material", color, material);
            rec.add("hand", color, hand);
            rec.add("psqt", color, squares);
            total[color.index()] = material + hand + squares;
        }
        let att = terms::mobility(pos, w, rec, &mut total);
        king::king_safety(pos, w, &att, rec, &mut total);
        pawns::pawns(pos, w, &att, rec, &mut total);
        terms::threats(pos, w, &att, rec, &mut total);
        terms::pieces(pos, w, &att, rec, &mut total);
        terms::cooldown(pos, w, rec, &mut total);
        let us = pos.side_to_move();
        let tempo = weigh(rec, w, us, TEMPO, 1);
        rec.add("tempo", us, tempo);
        total[us.index()] += tempo;
        let diff = total[us.index()] - total[(!us).index()];
        let ph = self.phase(pos);
        let v = (diff.0 * ph + diff.1 * (PHASE_MAX - ph)) / PHASE_MAX;
        v.clamp(-super::EVAL_CLAMP, super::EVAL_CLAMP)
    }
}

impl Classical for LongjiangEval {
    fn evaluate(&self, pos: &Position) -> i32 {
        self.evaluate_with(pos, &mut NoRecord)
    }

    fn trace(&self, pos: &Position) -> EvalTrace {
        EvalTrace::record(pos, (self.phase(pos), PHASE_MAX), |rec| {
            self.evaluate_with(pos, rec)
        })
    }

    fn features(&self, pos: &Position) -> EvalFeatures {
        EvalFeatures::record(pos, NUM_PARAMS, (self.phase(pos), PHASE_MAX), |rec| {
            self.evaluate_with(pos, rec)
        })
    }

    fn table(&self) -> &WeightTable {
        &self.table
    }
}

/// The drop game's evaluation.
pub static DROP: LongjiangEval = LongjiangEval::new(
    &super::weights::longjiang::WEIGHTS,
    "the drop game (longjiang)",
    "crates/engine/src/eval/weights/longjiang.rs",
);

/// The no-drop game's evaluation.
pub static NODROP: LongjiangEval = LongjiangEval::new(
    &super::weights::longjiang_nodrop::WEIGHTS,
    "the no-drop game (longjiang-nodrop)",
    "crates/engine/src/eval/weights/longjiang_nodrop.rs",
);

/// Square `sq` from `color`'s side (the second player's squares mirrored by rank).
#[inline(always)]
fn relative(color: Color, sq: usize) -> usize {
    match color {
        Color::Black => sq,
        Color::White => (9 - sq / 10) * 10 + sq % 10,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::{GroupShape, param_name};

    #[test]
    fn groups_tile_the_table() {
        let mut at = 0;
        for g in GROUPS {
            assert_eq!(g.start, at, "{}", g.name);
            at += g.len;
            let expect = if g.start >= KD_ATTACK {
                GroupShape::Danger
            } else {
                GroupShape::Linear
            };
            assert_eq!(g.shape, expect, "{}", g.name);
        }
        assert_eq!(at, NUM_PARAMS);
        assert_eq!(param_name(GROUPS, PIECE_VALUE + 4), "piece value[guard]");
        assert_eq!(param_name(GROUPS, PAWN_PASSED + 6), "passed pawn[rank 7]");
        assert_eq!(DROP.table.weights.len(), NUM_PARAMS);
        assert!(DROP.table.same_layout(&NODROP.table));
    }
}
