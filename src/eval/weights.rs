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

/// Value of a piece in hand, per kind: the same as on the board. A piece in hand can go almost
/// anywhere and cannot be attacked, but the drop cooldown lets a side drop only one move in
/// three and a drop may not check. The first reasoned values put a premium of 3–15 % on a piece
/// in hand; that made every drop cost evaluation and kept pieces back, and it lost in
/// self-play (see the note on `KING_DANGER_DIVISOR`). What a piece in hand threatens counts
/// in king safety (`HAND_ATTACK_WEIGHT`).
pub const HAND_VALUE: [S; 6] = [
    PIECE_VALUE[0],
    PIECE_VALUE[1],
    PIECE_VALUE[2],
    PIECE_VALUE[3],
    PIECE_VALUE[4],
    PIECE_VALUE[5],
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
// Mobility: squares a piece attacks that are not the mover's own and not attacked by an enemy
// pawn. The bonus grows like the square root of the count (the first squares matter most: a
// piece with none is trapped), centred on a typical count so that material keeps its meaning.

/// Mobility weight per kind (centipawns per unit of `sqrt(8 * squares)` above the typical).
pub const MOBILITY_WEIGHT: [S; 8] = [
    S(0, 0),
    S(7, 6),  // cavalry
    S(8, 9),  // bishop
    S(6, 10), // rook
    S(6, 5),  // guard
    S(3, 6),  // queen
    S(5, 6),  // spear
    S(0, 0),
];
/// The typical number of mobility squares per kind (no bonus, no penalty).
pub const MOBILITY_TYPICAL: [i32; 8] = [0, 6, 7, 9, 10, 16, 7, 0];

// ---------------------------------------------------------------------------------------------
// King safety. The danger to a king is a sum of units (below); the middlegame penalty grows
// with its square (one attacker is harmless, several together are deadly), the endgame one
// linearly. The king zone is the 5×5 box around the king: the pieces of this game (the guard
// above all) reach two squares.

/// Danger units per attacker of each kind that reaches the king zone.
pub const KING_ATTACK_WEIGHT: [i32; 8] = [0, 40, 30, 45, 60, 80, 35, 0];
/// Danger units per enemy piece in hand of each kind (when the enemy may drop): a piece in
/// hand can appear next to the king at any time (only not with check), so it is half an
/// attacker already. Pawns in hand count little.
pub const HAND_ATTACK_WEIGHT: [i32; 6] = [4, 30, 22, 32, 45, 60];
/// Danger units per attacked square next to the king.
pub const KING_RING_HIT: i32 = 14;
/// Danger units per square next to the king that the enemy attacks and only the king defends.
pub const KING_WEAK_RING: i32 = 30;
/// Danger units per empty square of the zone not defended by any piece of ours, where an enemy
/// piece could be dropped (scaled by the number of pieces the enemy holds, up to 3).
pub const KING_DROP_SQUARE: i32 = 5;
/// Danger units for a safe check by a piece of each kind: a square from which it would check,
/// that it can reach, that we do not defend.
pub const SAFE_CHECK: [i32; 8] = [20, 90, 60, 90, 110, 120, 60, 0];
/// Danger units removed per own piece (not the king) in the zone: defenders.
pub const KING_DEFENDER: i32 = 12;
/// Danger units removed when the enemy has no queen (on the board or in hand).
pub const NO_ENEMY_QUEEN: i32 = 120;
/// The middlegame penalty is `danger² / KING_DANGER_DIVISOR` … The first value, 2048, made
/// king danger too weak to matter in traces. Self-play in the drop game at 4 s + 0.04 s, 100
/// games per pair, against the first values: 1024 alone won +60 ± 62 Elo, hand values equal to
/// board values alone won +63 ± 63, and both together won +165 [+111, +227] (120 games).
pub const KING_DANGER_DIVISOR: i32 = 1024;
/// … and the endgame penalty `danger / KING_DANGER_EG_DIVISOR`.
pub const KING_DANGER_EG_DIVISOR: i32 = 12;
/// Own pawns in front of the king (the three files around it, two ranks ahead), each.
pub const KING_SHELTER_PAWN: S = S(14, 0);
/// A king that has castled (on the a–c or h–j files of its back two ranks).
pub const KING_CASTLED: S = S(35, 0);
/// A king still in the centre (d–g files) without castling rights.
pub const KING_UNCASTLED: S = S(-40, 0);
/// Still holding a castling right (the option is worth something).
pub const CASTLING_RIGHT: S = S(12, 0);

// ---------------------------------------------------------------------------------------------
// Pawns.

/// A second (third …) pawn on a file, each.
pub const PAWN_DOUBLED: S = S(-10, -25);
/// A pawn with no own pawn on the neighbouring files.
pub const PAWN_ISOLATED: S = S(-8, -12);
/// A passed pawn (no enemy pawn ahead on its file or the neighbouring ones), by relative rank
/// index 0…9; with drops the enemy can drop a blocker, so the values are moderate.
pub const PAWN_PASSED: [S; 10] = [
    S(0, 0),
    S(0, 5),
    S(2, 8),
    S(5, 14),
    S(10, 24),
    S(18, 40),
    S(30, 65),
    S(45, 95),
    S(60, 120),
    S(0, 0),
];
/// A pawn that can promote with its next move (empty square ahead inside the zone, or a
/// capture into it).
pub const PROMOTION_THREAT: S = S(40, 60);

// ---------------------------------------------------------------------------------------------
// Threats: pieces that are attacked and will have to move.

/// A piece attacked by an enemy pawn, per attacked kind.
pub const THREAT_BY_PAWN: [S; 8] = [
    S(0, 0),
    S(60, 40),
    S(60, 40),
    S(80, 50),
    S(80, 50),
    S(100, 60),
    S(60, 40),
    S(0, 0),
];
/// A piece attacked and not defended (besides by pawn threats), per kind.
pub const THREAT_HANGING: [S; 8] = [
    S(12, 20),
    S(40, 40),
    S(40, 40),
    S(55, 55),
    S(60, 60),
    S(80, 80),
    S(40, 40),
    S(0, 0),
];
/// A piece attacked by a cheaper enemy piece (not a pawn), per attacked kind.
pub const THREAT_BY_LESSER: [S; 8] = [
    S(0, 0),
    S(25, 25),
    S(25, 25),
    S(45, 45),
    S(45, 45),
    S(70, 70),
    S(25, 25),
    S(0, 0),
];

// ---------------------------------------------------------------------------------------------
// Drops.

/// Per turn of drop cooldown, when the side holds pieces: a fixed part …
pub const COOLDOWN_PER_TURN: S = S(10, 6);
/// … and this fraction (1/n) of the value in hand (a big hand that cannot be used hurts more).
pub const COOLDOWN_HAND_SHARE: i32 = 30;

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
