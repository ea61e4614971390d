//! The evaluation weights of the drop game (longjiang), written by `longjiang tune`; do not edit by hand.
//!
//! Command: `longjiang tune --variant longjiang --data d1.txt --epochs 400 --lambda 0.5 --out d-b.rs --quiet`
//! Data:
//! - d1.txt (160238 positions, 1448 games; longjiang datagen v1 variant=longjiang nodes=2500 seed=1 random-plies=6 openings=builtin:longjiang)
//!
//! 99460 training and 11021 validation positions (every 10th game), K = 0.0719, lambda = 0.5, l2 = 0.0000001.
//! 12933 of 110481 positions resolved to another leaf (mean gap of quiescence and static value 31.2 cp); features vs evaluate: mean 0.80 cp, max 5.3 cp. K of the static evaluation 0.0698.
//! Loss: training 0.060558 -> 0.056214, validation 0.062086 -> 0.057491.

use super::S;

/// The weights of the drop game (longjiang), one per entry of its evaluation's `GROUPS`.
pub const WEIGHTS: [S; 167] = [
    S(100, 125),   // piece value[pawn]
    S(405, 400),   // piece value[cavalry]
    S(411, 430),   // piece value[bishop]
    S(622, 660),   // piece value[rook]
    S(694, 660),   // piece value[guard]
    S(1123, 1180), // piece value[queen]
    S(471, 500),   // piece value[spear]
    S(0, 0),       // piece value[king]
    S(103, 125),   // hand value[pawn]
    S(377, 400),   // hand value[cavalry]
    S(382, 430),   // hand value[bishop]
    S(605, 660),   // hand value[rook]
    S(672, 660),   // hand value[guard]
    S(1106, 1180), // hand value[queen]
    S(0, 0),       // centralisation[pawn]
    S(38, 4),      // centralisation[cavalry]
    S(30, 3),      // centralisation[bishop]
    S(11, 1),      // centralisation[rook]
    S(46, 4),      // centralisation[guard]
    S(3, 3),       // centralisation[queen]
    S(7, 3),       // centralisation[spear]
    S(-5, 8),      // centralisation[king]
    S(0, 0),       // pawn on rank[rank 1]
    S(21, 0),      // pawn on rank[rank 2]
    S(4, 9),       // pawn on rank[rank 3]
    S(6, 18),      // pawn on rank[rank 4]
    S(17, 27),     // pawn on rank[rank 5]
    S(13, 36),     // pawn on rank[rank 6]
    S(39, 85),     // pawn on rank[rank 7]
    S(44, 94),     // pawn on rank[rank 8]
    S(52, 103),    // pawn on rank[rank 9]
    S(52, 112),    // pawn on rank[rank 10]
    S(22, 0),      // pawn on a central file
    S(2, 0),       // king on rank[rank 1]
    S(-27, 0),     // king on rank[rank 2]
    S(-50, 0),     // king on rank[rank 3]
    S(-75, 0),     // king on rank[rank 4]
    S(-100, 0),    // king on rank[rank 5]
    S(-125, 0),    // king on rank[rank 6]
    S(-150, 0),    // king on rank[rank 7]
    S(-175, 0),    // king on rank[rank 8]
    S(-200, 0),    // king on rank[rank 9]
    S(-225, 0),    // king on rank[rank 10]
    S(0, 0),       // mobility[pawn]
    S(8, 6),       // mobility[cavalry]
    S(3, 9),       // mobility[bishop]
    S(-27, 10),    // mobility[rook]
    S(-3, 5),      // mobility[guard]
    S(-6, 6),      // mobility[queen]
    S(5, 6),       // mobility[spear]
    S(0, 0),       // mobility[king]
    S(19, 0),      // king shelter pawn
    S(1, 0),       // enemy pawn storming the king
    S(-4, 0),      // file without own pawn by the king
    S(37, 0),      // king castled
    S(-42, 0),     // king uncastled in the centre
    S(14, 0),      // castling right
    S(-5, -25),    // doubled pawn
    S(-15, -12),   // isolated pawn
    S(0, 0),       // backward pawn
    S(20, 0),      // pawn phalanx
    S(0, 0),       // pawn defended by a pawn
    S(0, 0),       // passed pawn[rank 1]
    S(6, 5),       // passed pawn[rank 2]
    S(4, 8),       // passed pawn[rank 3]
    S(7, 14),      // passed pawn[rank 4]
    S(11, 24),     // passed pawn[rank 5]
    S(19, 40),     // passed pawn[rank 6]
    S(30, 65),     // passed pawn[rank 7]
    S(45, 95),     // passed pawn[rank 8]
    S(64, 120),    // passed pawn[rank 9]
    S(0, 0),       // passed pawn[rank 10]
    S(0, 0),       // passed pawn blocked[rank 1]
    S(1, 0),       // passed pawn blocked[rank 2]
    S(0, 0),       // passed pawn blocked[rank 3]
    S(0, 0),       // passed pawn blocked[rank 4]
    S(0, 0),       // passed pawn blocked[rank 5]
    S(0, 0),       // passed pawn blocked[rank 6]
    S(0, 0),       // passed pawn blocked[rank 7]
    S(0, 0),       // passed pawn blocked[rank 8]
    S(1, 0),       // passed pawn blocked[rank 9]
    S(0, 0),       // passed pawn blocked[rank 10]
    S(43, 60),     // pawn promotes next move
    S(0, 0),       // attacked by a pawn[pawn]
    S(-60, -40),   // attacked by a pawn[cavalry]
    S(-60, -40),   // attacked by a pawn[bishop]
    S(-80, -50),   // attacked by a pawn[rook]
    S(-80, -50),   // attacked by a pawn[guard]
    S(-100, -60),  // attacked by a pawn[queen]
    S(-60, -40),   // attacked by a pawn[spear]
    S(0, 0),       // attacked by a pawn[king]
    S(-14, -20),   // hanging[pawn]
    S(-39, -40),   // hanging[cavalry]
    S(-40, -40),   // hanging[bishop]
    S(-55, -55),   // hanging[rook]
    S(-60, -60),   // hanging[guard]
    S(-81, -80),   // hanging[queen]
    S(-40, -40),   // hanging[spear]
    S(0, 0),       // hanging[king]
    S(0, 0),       // attacked by a lesser piece[pawn]
    S(-25, -25),   // attacked by a lesser piece[cavalry]
    S(-27, -25),   // attacked by a lesser piece[bishop]
    S(-45, -45),   // attacked by a lesser piece[rook]
    S(-46, -45),   // attacked by a lesser piece[guard]
    S(-71, -70),   // attacked by a lesser piece[queen]
    S(-25, -25),   // attacked by a lesser piece[spear]
    S(0, 0),       // attacked by a lesser piece[king]
    S(0, 0),       // on an open file[pawn]
    S(0, 0),       // on an open file[cavalry]
    S(0, 0),       // on an open file[bishop]
    S(0, 0),       // on an open file[rook]
    S(0, 0),       // on an open file[guard]
    S(1, 0),       // on an open file[queen]
    S(0, 0),       // on an open file[spear]
    S(0, 0),       // on an open file[king]
    S(0, 0),       // on a half-open file[pawn]
    S(0, 0),       // on a half-open file[cavalry]
    S(0, 0),       // on a half-open file[bishop]
    S(0, 0),       // on a half-open file[rook]
    S(0, 0),       // on a half-open file[guard]
    S(-2, 0),      // on a half-open file[queen]
    S(0, 0),       // on a half-open file[spear]
    S(0, 0),       // on a half-open file[king]
    S(0, 0),       // outpost[pawn]
    S(0, 0),       // outpost[cavalry]
    S(0, 0),       // outpost[bishop]
    S(0, 0),       // outpost[rook]
    S(0, 0),       // outpost[guard]
    S(0, 0),       // outpost[queen]
    S(0, 0),       // outpost[spear]
    S(0, 0),       // outpost[king]
    S(-18, 0),     // space
    S(-4, -6),     // drop cooldown per turn
    S(3, -3),      // cooldown per turn per piece in hand[pawn]
    S(-16, -16),   // cooldown per turn per piece in hand[cavalry]
    S(-14, -13),   // cooldown per turn per piece in hand[bishop]
    S(-20, -20),   // cooldown per turn per piece in hand[rook]
    S(-29, -29),   // cooldown per turn per piece in hand[guard]
    S(-43, -41),   // cooldown per turn per piece in hand[queen]
    S(19, 15),     // tempo
    S(0, 0),       // danger: zone attacker[pawn]
    S(45, 40),     // danger: zone attacker[cavalry]
    S(28, 30),     // danger: zone attacker[bishop]
    S(39, 45),     // danger: zone attacker[rook]
    S(41, 60),     // danger: zone attacker[guard]
    S(64, 80),     // danger: zone attacker[queen]
    S(29, 35),     // danger: zone attacker[spear]
    S(0, 0),       // danger: zone attacker[king]
    S(7, 4),       // danger: enemy piece in hand[pawn]
    S(1, 30),      // danger: enemy piece in hand[cavalry]
    S(3, 22),      // danger: enemy piece in hand[bishop]
    S(13, 32),     // danger: enemy piece in hand[rook]
    S(17, 45),     // danger: enemy piece in hand[guard]
    S(6, 60),      // danger: enemy piece in hand[queen]
    S(35, 14),     // danger: attack next to the king
    S(31, 30),     // danger: weak square next to the king
    S(7, 5),       // danger: open drop square in the zone
    S(14, 20),     // danger: safe check[pawn]
    S(67, 90),     // danger: safe check[cavalry]
    S(43, 60),     // danger: safe check[bishop]
    S(65, 90),     // danger: safe check[rook]
    S(80, 110),    // danger: safe check[guard]
    S(89, 120),    // danger: safe check[queen]
    S(42, 60),     // danger: safe check[spear]
    S(0, 0),       // danger: safe check[king]
    S(-11, -12),   // danger: defender in the zone
    S(-81, -120),  // danger: enemy has no queen
];
