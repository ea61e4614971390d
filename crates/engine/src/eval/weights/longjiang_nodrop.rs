//! The evaluation weights of the no-drop game (longjiang-nodrop), written by `longjiang tune`; do not edit by hand.
//!
//! Command: `longjiang tune --variant longjiang-nodrop --data nd2.txt --epochs 400 --lambda 0 --quiet`
//! Data:
//! - nd2.txt (411934 positions, 2518 games; longjiang datagen v1 variant=longjiang-nodrop nodes=3000 seed=2 random-plies=6 openings=builtin:longjiang-nodrop)
//!
//! 278936 training and 32441 validation positions (every 10th game), K = 0.6741, lambda = 0, l2 = 0.0000001.
//! 21170 of 311377 positions resolved to another leaf (mean gap of quiescence and static value 6.7 cp); features vs evaluate: mean 0.86 cp, max 5.0 cp. K of the static evaluation 0.6802.
//! Loss: training 0.004850 -> 0.004602, validation 0.004826 -> 0.004594.

use super::S;

/// The weights of the no-drop game (longjiang-nodrop), one per entry of its evaluation's `GROUPS`.
pub const WEIGHTS: [S; 167] = [
    S(100, 125),   // piece value[pawn]
    S(494, 548),   // piece value[cavalry]
    S(403, 431),   // piece value[bishop]
    S(609, 659),   // piece value[rook]
    S(877, 941),   // piece value[guard]
    S(1245, 1282), // piece value[queen]
    S(470, 500),   // piece value[spear]
    S(0, 0),       // piece value[king]
    S(100, 125),   // hand value[pawn]
    S(494, 548),   // hand value[cavalry]
    S(400, 430),   // hand value[bishop]
    S(610, 660),   // hand value[rook]
    S(878, 940),   // hand value[guard]
    S(1244, 1280), // hand value[queen]
    S(0, 0),       // centralisation[pawn]
    S(5, 6),       // centralisation[cavalry]
    S(3, 3),       // centralisation[bishop]
    S(0, 2),       // centralisation[rook]
    S(1, 10),      // centralisation[guard]
    S(-1, 5),      // centralisation[queen]
    S(3, 3),       // centralisation[spear]
    S(1, 8),       // centralisation[king]
    S(0, 0),       // pawn on rank[rank 1]
    S(-3, 5),      // pawn on rank[rank 2]
    S(2, 10),      // pawn on rank[rank 3]
    S(10, 14),     // pawn on rank[rank 4]
    S(13, 19),     // pawn on rank[rank 5]
    S(13, 35),     // pawn on rank[rank 6]
    S(19, 46),     // pawn on rank[rank 7]
    S(24, 61),     // pawn on rank[rank 8]
    S(49, 105),    // pawn on rank[rank 9]
    S(52, 112),    // pawn on rank[rank 10]
    S(6, 0),       // pawn on a central file
    S(-1, -2),     // king on rank[rank 1]
    S(-24, -1),    // king on rank[rank 2]
    S(-49, 0),     // king on rank[rank 3]
    S(-74, 1),     // king on rank[rank 4]
    S(-100, -1),   // king on rank[rank 5]
    S(-124, 1),    // king on rank[rank 6]
    S(-149, 1),    // king on rank[rank 7]
    S(-174, 1),    // king on rank[rank 8]
    S(-199, 1),    // king on rank[rank 9]
    S(-224, 0),    // king on rank[rank 10]
    S(0, 0),       // mobility[pawn]
    S(5, 6),       // mobility[cavalry]
    S(7, 9),       // mobility[bishop]
    S(5, 9),       // mobility[rook]
    S(5, 8),       // mobility[guard]
    S(-2, 9),      // mobility[queen]
    S(5, 6),       // mobility[spear]
    S(0, 0),       // mobility[king]
    S(11, 1),      // king shelter pawn
    S(1, 1),       // enemy pawn storming the king
    S(-2, 0),      // file without own pawn by the king
    S(88, -2),     // king castled
    S(-39, 0),     // king uncastled in the centre
    S(13, 0),      // castling right
    S(-11, -25),   // doubled pawn
    S(-7, -9),     // isolated pawn
    S(0, -2),      // backward pawn
    S(2, 0),       // pawn phalanx
    S(2, 5),       // pawn defended by a pawn
    S(0, 0),       // passed pawn[rank 1]
    S(-1, 4),      // passed pawn[rank 2]
    S(2, 6),       // passed pawn[rank 3]
    S(5, 11),      // passed pawn[rank 4]
    S(10, 24),     // passed pawn[rank 5]
    S(18, 41),     // passed pawn[rank 6]
    S(30, 67),     // passed pawn[rank 7]
    S(45, 102),    // passed pawn[rank 8]
    S(61, 122),    // passed pawn[rank 9]
    S(0, 0),       // passed pawn[rank 10]
    S(0, 0),       // passed pawn blocked[rank 1]
    S(0, 0),       // passed pawn blocked[rank 2]
    S(-1, 0),      // passed pawn blocked[rank 3]
    S(-1, -1),     // passed pawn blocked[rank 4]
    S(0, 0),       // passed pawn blocked[rank 5]
    S(-1, -1),     // passed pawn blocked[rank 6]
    S(-1, 0),      // passed pawn blocked[rank 7]
    S(-1, -1),     // passed pawn blocked[rank 8]
    S(-1, 0),      // passed pawn blocked[rank 9]
    S(0, 0),       // passed pawn blocked[rank 10]
    S(41, 61),     // pawn promotes next move
    S(1, 1),       // attacked by a pawn[pawn]
    S(-59, -40),   // attacked by a pawn[cavalry]
    S(-60, -41),   // attacked by a pawn[bishop]
    S(-80, -50),   // attacked by a pawn[rook]
    S(-79, -49),   // attacked by a pawn[guard]
    S(-99, -60),   // attacked by a pawn[queen]
    S(-60, -40),   // attacked by a pawn[spear]
    S(0, 0),       // attacked by a pawn[king]
    S(-13, -24),   // hanging[pawn]
    S(-40, -40),   // hanging[cavalry]
    S(-40, -39),   // hanging[bishop]
    S(-55, -54),   // hanging[rook]
    S(-60, -59),   // hanging[guard]
    S(-79, -79),   // hanging[queen]
    S(-40, -40),   // hanging[spear]
    S(0, 0),       // hanging[king]
    S(0, 0),       // attacked by a lesser piece[pawn]
    S(-25, -25),   // attacked by a lesser piece[cavalry]
    S(-23, -24),   // attacked by a lesser piece[bishop]
    S(-45, -45),   // attacked by a lesser piece[rook]
    S(-45, -46),   // attacked by a lesser piece[guard]
    S(-69, -70),   // attacked by a lesser piece[queen]
    S(-25, -25),   // attacked by a lesser piece[spear]
    S(0, 0),       // attacked by a lesser piece[king]
    S(0, 0),       // on an open file[pawn]
    S(0, 0),       // on an open file[cavalry]
    S(0, 0),       // on an open file[bishop]
    S(2, 0),       // on an open file[rook]
    S(0, 0),       // on an open file[guard]
    S(0, 1),       // on an open file[queen]
    S(0, 0),       // on an open file[spear]
    S(0, 0),       // on an open file[king]
    S(0, 0),       // on a half-open file[pawn]
    S(0, 0),       // on a half-open file[cavalry]
    S(0, 0),       // on a half-open file[bishop]
    S(5, 5),       // on a half-open file[rook]
    S(0, 0),       // on a half-open file[guard]
    S(1, 0),       // on a half-open file[queen]
    S(0, 0),       // on a half-open file[spear]
    S(0, 0),       // on a half-open file[king]
    S(0, 0),       // outpost[pawn]
    S(1, 1),       // outpost[cavalry]
    S(0, 0),       // outpost[bishop]
    S(0, 0),       // outpost[rook]
    S(0, 1),       // outpost[guard]
    S(0, 0),       // outpost[queen]
    S(0, 0),       // outpost[spear]
    S(0, 0),       // outpost[king]
    S(5, -2),      // space
    S(-10, -6),    // drop cooldown per turn
    S(-3, -3),     // cooldown per turn per piece in hand[pawn]
    S(-16, -16),   // cooldown per turn per piece in hand[cavalry]
    S(-13, -13),   // cooldown per turn per piece in hand[bishop]
    S(-20, -20),   // cooldown per turn per piece in hand[rook]
    S(-29, -29),   // cooldown per turn per piece in hand[guard]
    S(-41, -41),   // cooldown per turn per piece in hand[queen]
    S(24, 13),     // tempo
    S(0, 0),       // danger: zone attacker[pawn]
    S(40, 40),     // danger: zone attacker[cavalry]
    S(27, 31),     // danger: zone attacker[bishop]
    S(47, 44),     // danger: zone attacker[rook]
    S(61, 60),     // danger: zone attacker[guard]
    S(77, 79),     // danger: zone attacker[queen]
    S(35, 35),     // danger: zone attacker[spear]
    S(0, 0),       // danger: zone attacker[king]
    S(4, 4),       // danger: enemy piece in hand[pawn]
    S(30, 30),     // danger: enemy piece in hand[cavalry]
    S(22, 22),     // danger: enemy piece in hand[bishop]
    S(32, 32),     // danger: enemy piece in hand[rook]
    S(45, 45),     // danger: enemy piece in hand[guard]
    S(60, 60),     // danger: enemy piece in hand[queen]
    S(18, 13),     // danger: attack next to the king
    S(31, 29),     // danger: weak square next to the king
    S(5, 5),       // danger: open drop square in the zone
    S(20, 20),     // danger: safe check[pawn]
    S(90, 90),     // danger: safe check[cavalry]
    S(60, 61),     // danger: safe check[bishop]
    S(90, 90),     // danger: safe check[rook]
    S(111, 111),   // danger: safe check[guard]
    S(120, 120),   // danger: safe check[queen]
    S(60, 60),     // danger: safe check[spear]
    S(0, 0),       // danger: safe check[king]
    S(-10, -3),    // danger: defender in the zone
    S(-40, -39),   // danger: enemy has no queen
];
