//! Every evaluation weight, named, in one place, with the reasoning behind its starting value.
//! Nobody has tuned this game's values yet; self-play tuning should change the numbers here and
//! nothing else.
//!
//! Scores are `S(mg, eg)` pairs in centipawns: the middlegame and endgame values, blended by
//! the game phase (the non-pawn material on the board and in both hands; in the drop game
//! material never leaves the game, so it stays a middlegame, as in shogi).

use crate::rules::PieceKind;

/// A middlegame / endgame pair of centipawns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct S(pub i32, pub i32);

impl std::ops::Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}
impl std::ops::Sub for S {
    type Output = S;
    #[inline(always)]
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}
impl std::ops::AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, o: S) {
        self.0 += o.0;
        self.1 += o.1;
    }
}
impl std::ops::SubAssign for S {
    #[inline(always)]
    fn sub_assign(&mut self, o: S) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}
impl std::ops::Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}
impl std::ops::Neg for S {
    type Output = S;
    #[inline(always)]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}

// ---------------------------------------------------------------------------------------------
// Material.
//
// Reasoning, with the pawn at 100 and chess values on 8×8 as the yardstick (N 320, B 330,
// R 500, Q 950), corrected for the 10×10 board (long-range pieces gain, short-range lose):
// - 骑兵 N: the 8 knight leaps plus 4 two-square orthogonal leaps, never blocked: 12 targets
//   against the knight's 8, on a board where a leaper reaches a smaller share; ≈ 1.25 knights.
// - 僧兵 B: a bishop; on 10×10 it averages 13 squares (8.75 on 8×8); colour-bound.
// - 戟兵 R: a rook; 18 squares from anywhere (14 on 8×8).
// - 近卫 G: every square within two steps (the 5×5 box, 24 targets), blockable; a king-like
//   piece with twice the reach, strong both in attack and beside its own king; between rook
//   and queen.
// - 副将 Q: a queen, ≈ 31 squares on the empty board.
// - 枪兵 +P: a rook limited to 4 squares; only ever a promoted pawn, and it goes back to hand
//   as a pawn, so capturing it gains a pawn in hand but takes away much more.
// The middlegame values are a little lower for leapers and higher for the guard (it is
// at its best in a crowded board).

/// Value of each kind on the board, by `PieceKind::index` (the king's is never used).
pub const PIECE_VALUE: [S; 8] = [
    S(100, 125),   // pawn
    S(390, 400),   // cavalry
    S(400, 430),   // bishop
    S(610, 660),   // rook
    S(680, 660),   // guard
    S(1120, 1180), // queen
    S(470, 500),   // spear
    S(0, 0),       // king
];

/// Value of a piece in hand, per kind. A piece in hand can go almost anywhere and cannot be
/// attacked, but the drop cooldown lets a side drop only one move in three and a drop may not
/// check, so the premium over the board value is small (shogi engines use ≈ 10 %; here less).
/// A pawn in hand is worth more than most board pawns: it can be dropped to block or to
/// attack, though never with a double step.
pub const HAND_VALUE: [S; 6] = [
    S(115, 130),   // pawn
    S(410, 410),   // cavalry
    S(420, 440),   // bishop
    S(630, 670),   // rook
    S(710, 680),   // guard
    S(1150, 1190), // queen
];

/// Phase weights: how much each kind on board or in hand counts towards "middlegame".
pub const PHASE_WEIGHT: [i32; 8] = [0, 1, 1, 2, 2, 4, 1, 0];
/// The phase of the start position (2·(2 N + 2 B + 2 R + 2 G + Q) weights).
pub const PHASE_MAX: i32 = 2 * (2 + 2 + 4 + 4 + 4);

// ---------------------------------------------------------------------------------------------
// Piece-square tables, built from a few shape parameters (see `pst.rs`).

/// Centralisation bonus per step towards the centre, per kind (pawns and king have their own).
pub const CENTER: [S; 8] = [
    S(0, 0),
    S(6, 4), // cavalry: leapers want the centre most
    S(3, 3), // bishop
    S(1, 1), // rook: files matter, not the centre
    S(5, 4), // guard
    S(1, 3), // queen
    S(3, 3), // spear
    S(0, 8), // king: only in the endgame
];
/// Pawn advancement bonus per rank gained from the start rank (mg, eg).
pub const PAWN_ADVANCE: S = S(4, 9);
/// Extra for a pawn on the rank before the promotion zone or in it (it promotes next move).
pub const PAWN_NEAR_PROMOTION: S = S(20, 40);
/// Central pawns (files d–g) are worth a little more in the middlegame.
pub const PAWN_CENTER_FILE: S = S(6, 0);
/// The king on its back rank in the middlegame, per rank it leaves it.
pub const KING_RANK_PENALTY: S = S(-25, 0);

// ---------------------------------------------------------------------------------------------
// Side to move.

/// The side to move is a tempo up.
pub const TEMPO: i32 = 15;

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
