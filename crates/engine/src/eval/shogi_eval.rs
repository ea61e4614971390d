//! The classical evaluation of standard shogi: material on the board and in hand,
//! piece-square (per kind, a rank and a file weight per piece: pieces nearer the enemy camp,
//! the king kept home), and king safety (own golds and silvers beside the king, enemy pieces
//! near it, enemy rooks and bishops on its lines). Its weights are its own table
//! (`weights/standard_shogi.rs`, written by `longjiang tune`), by shogi's own kinds; only the
//! middlegame halves are used (shogi's material never leaves the game, so there is no phase).
//! Scale: YaneuraOu's material table (pawn 90). Tuning runs: `notes/shogi.md`.

use super::weights::{GroupIndex, S, WeightTable, layout};
use super::{Classical, EvalFeatures, EvalTrace, NoRecord, Recorder, weigh};
use longjiang_core::geometry::{Bitboard, Square, attacks};
use longjiang_core::rules::{Color, KINDS, PieceKind, Position, SHOGI};

/// The kinds with a value on the board (every kind but the king).
const OFFICERS: &[PieceKind] = SHOGI.officers;
/// The kinds with a rank and a file weight (every kind on the board).
const ON_BOARD: &[PieceKind] = SHOGI.kinds;
/// The kinds a hand holds.
const IN_HAND: &[PieceKind] = SHOGI.hand_order;
/// The ranks (and files) of shogi's board: the width of the rank and file groups' rows.
const LINES: usize = 9;

layout! {
    SHOGI_PIECE = OFFICERS.len(), GroupIndex::Kinds(OFFICERS), Linear, "shogi: piece value";
    SHOGI_HAND = IN_HAND.len(), GroupIndex::Kinds(IN_HAND), Linear, "shogi: piece in hand";
    SHOGI_RANK = ON_BOARD.len() * LINES, GroupIndex::KindRank(ON_BOARD, LINES), Linear, "shogi: piece on rank";
    SHOGI_FILE = ON_BOARD.len() * LINES, GroupIndex::KindFile(ON_BOARD, LINES), Linear, "shogi: piece on file";
    SHOGI_GUARD_NEAR = 1, GroupIndex::Single, Linear, "shogi: gold or silver next to the king";
    SHOGI_GUARD_RING = 1, GroupIndex::Single, Linear, "shogi: gold or silver two steps from the king";
    SHOGI_ATTACKER = 1, GroupIndex::Single, Linear, "shogi: enemy piece near the king";
    SHOGI_SLIDER_LINE = 1, GroupIndex::Single, Linear, "shogi: enemy rook or bishop on the king's lines";
    SHOGI_TEMPO = 1, GroupIndex::Single, Linear, "shogi: tempo";
}

/// A table of shogi weights, one per entry of [`GROUPS`].
pub type ShogiWeights = [S; NUM_PARAMS];

/// Per `PieceKind::index`, its row in a group by `kinds` (`usize::MAX`: none).
const fn rows(kinds: &[PieceKind]) -> [usize; KINDS] {
    let mut t = [usize::MAX; KINDS];
    let mut i = 0;
    while i < kinds.len() {
        t[kinds[i].index()] = i;
        i += 1;
    }
    t
}
const PIECE_ROW: [usize; KINDS] = rows(OFFICERS);
const HAND_ROW: [usize; KINDS] = rows(IN_HAND);
const BOARD_ROW: [usize; KINDS] = rows(ON_BOARD);

/// The index of `kind`'s value on the board.
pub const fn piece(kind: PieceKind) -> usize {
    SHOGI_PIECE + PIECE_ROW[kind.index()]
}

/// The index of `kind`'s value in hand.
pub const fn in_hand(kind: PieceKind) -> usize {
    SHOGI_HAND + HAND_ROW[kind.index()]
}

/// The weights the tuner never moves: the pawn's value, which anchors the scale (90).
const ANCHORS: [usize; 1] = [piece(PieceKind::ShogiPawn)];

/// The classical evaluation of shogi.
#[derive(Debug)]
pub struct ShogiEval {
    weights: &'static ShogiWeights,
    table: WeightTable,
}

/// Shogi's evaluation.
pub static SHOGI_EVAL: ShogiEval = ShogiEval {
    weights: &super::weights::standard_shogi::WEIGHTS,
    table: WeightTable {
        title: "standard shogi (shogi)",
        file: "crates/engine/src/eval/weights/standard_shogi.rs",
        groups: GROUPS,
        weights: &super::weights::standard_shogi::WEIGHTS,
        anchors: &ANCHORS,
    },
};

/// What capturing a piece of `kind` swings this evaluation by: the piece leaves the board and
/// its unpromoted kind joins the capturer's hand (YaneuraOu's `CapturePieceValue`). Shogi's
/// exchange values (`eval::games`) are these, so that the search's futility margins and this
/// evaluation share one scale. The king's is 0 (it has no value in the table).
pub const fn capture_value(kind: PieceKind) -> i32 {
    let w = &super::weights::standard_shogi::WEIGHTS;
    let on_board = PIECE_ROW[kind.index()];
    let held = HAND_ROW[kind.in_hand().index()];
    if on_board == usize::MAX || held == usize::MAX {
        return 0;
    }
    w[SHOGI_PIECE + on_board].0 + w[SHOGI_HAND + held].0
}

/// Rank index counted from `color`'s own back rank (0..=8).
fn relative_rank(color: Color, sq: Square) -> usize {
    let r = sq.rank().index() as usize;
    match color {
        Color::Black => r,
        Color::White => LINES - 1 - r,
    }
}

/// File index as `color` sees the board (0: its ninth file, on its left; 8: its first).
fn relative_file(color: Color, sq: Square) -> usize {
    let f = sq.file().index() as usize;
    match color {
        Color::Black => f,
        Color::White => LINES - 1 - f,
    }
}

/// The piece-square terms of `us`'s pieces of `kind` on `bb`: one rank and one file weight per
/// piece (the table is their sum, `SHOGI_RANK` + `SHOGI_FILE`).
fn squares<R: Recorder>(
    us: Color,
    kind: PieceKind,
    bb: Bitboard,
    w: &ShogiWeights,
    rec: &mut R,
) -> i32 {
    let row = BOARD_ROW[kind.index()] * LINES;
    let mut s = 0;
    for sq in bb {
        s += weigh(rec, w, us, SHOGI_RANK + row + relative_rank(us, sq), 1).0;
        s += weigh(rec, w, us, SHOGI_FILE + row + relative_file(us, sq), 1).0;
    }
    s
}

fn side_score<R: Recorder>(pos: &Position, us: Color, w: &ShogiWeights, rec: &mut R) -> i32 {
    let them = !us;
    let mut material = 0;
    let king = pos.king(us);
    let mut psqt = squares(us, PieceKind::King, Bitboard::from_square(king), w, rec);
    for &kind in OFFICERS {
        let bb = pos.pieces(us, kind);
        if bb.is_empty() {
            continue;
        }
        material += weigh(rec, w, us, piece(kind), bb.len() as i32).0;
        psqt += squares(us, kind, bb, w, rec);
    }
    let hand = pos.hand(us);
    let mut held = 0;
    for kind in hand.kinds() {
        held += weigh(rec, w, us, in_hand(kind), hand.count(kind) as i32).0;
    }
    let near = attacks::king_attacks(king);
    let ring = near | attacks::guard_two_step_ring(king);
    let guards = pos.pieces(us, PieceKind::Gold) | pos.pieces(us, PieceKind::Silver);
    let mut safety = weigh(rec, w, us, SHOGI_GUARD_NEAR, (guards & near).len() as i32).0;
    let far = (guards & ring & !near).len() as i32;
    safety += weigh(rec, w, us, SHOGI_GUARD_RING, far).0;
    let attackers = pos.side_pieces(them) & ring & !pos.pieces(them, PieceKind::ShogiPawn);
    safety += weigh(rec, w, us, SHOGI_ATTACKER, attackers.len() as i32).0;
    let lines = pos.side_pieces(them)
        & ((attacks::rook_rays(king) & pos.rook_sliders())
            | (attacks::bishop_rays(king) & pos.bishop_sliders()));
    safety += weigh(rec, w, us, SHOGI_SLIDER_LINE, lines.len() as i32).0;
    rec.add("material", us, S(material, material));
    rec.add("hand", us, S(held, held));
    rec.add("psqt", us, S(psqt, psqt));
    rec.add("king safety", us, S(safety, safety));
    material + held + psqt + safety
}

impl ShogiEval {
    /// The score of `pos` in centipawns, from the side to move's point of view, every term
    /// handed to `rec`.
    fn evaluate_with<R: Recorder>(&self, pos: &Position, rec: &mut R) -> i32 {
        let w = self.weights;
        let us = pos.side_to_move();
        let mine = side_score(pos, us, w, rec);
        let theirs = side_score(pos, !us, w, rec);
        let tempo = weigh(rec, w, us, SHOGI_TEMPO, 1).0;
        rec.add("tempo", us, S(tempo, tempo));
        mine - theirs + tempo
    }
}

/// Shogi has no phase: every position is a full middlegame.
const NO_PHASE: (i32, i32) = (1, 1);

impl Classical for ShogiEval {
    fn evaluate(&self, pos: &Position) -> i32 {
        self.evaluate_with(pos, &mut NoRecord)
    }

    fn trace(&self, pos: &Position) -> EvalTrace {
        EvalTrace::record(pos, NO_PHASE, |rec| self.evaluate_with(pos, rec))
    }

    fn features(&self, pos: &Position) -> EvalFeatures {
        EvalFeatures::record(pos, NUM_PARAMS, NO_PHASE, |rec| {
            self.evaluate_with(pos, rec)
        })
    }

    fn table(&self) -> &WeightTable {
        &self.table
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::{GroupShape, param_name};

    /// The table has a row for every shogi kind and none for another game's.
    #[test]
    fn the_table_holds_shogis_kinds_only() {
        let mut at = 0;
        for g in GROUPS {
            assert_eq!(g.start, at, "{}", g.name);
            assert_eq!(g.shape, GroupShape::Linear, "{}", g.name);
            at += g.len;
        }
        assert_eq!(at, NUM_PARAMS);
        assert_eq!(SHOGI_EVAL.table.weights.len(), NUM_PARAMS);
        for i in 0..NUM_PARAMS {
            let name = param_name(GROUPS, i);
            for other in ["cavalry", "guard", "queen", "spear", "[pawn", "[king]"] {
                assert!(!name.contains(other), "{name}");
            }
        }
        let silver = BOARD_ROW[PieceKind::Silver.index()] * LINES;
        assert_eq!(
            param_name(GROUPS, SHOGI_RANK + silver + 2),
            "shogi: piece on rank[silver, rank 3]"
        );
        assert_eq!(
            param_name(GROUPS, SHOGI_FILE + silver),
            "shogi: piece on file[silver, file 9]"
        );
        assert_eq!(
            param_name(GROUPS, in_hand(PieceKind::Rook)),
            "shogi: piece in hand[rook]"
        );
    }
}
