//! Stockfish's threatened-piece ordering of quiet moves (`THREAT_ORDER`): a piece that a lesser
//! enemy piece attacks is moved first when it steps out of every such attack, and (mode 2) a
//! safe piece that steps into one is moved later. Stockfish has three tiers (pawns, minors,
//! rooks); here every enemy kind is its own tier, ranked by the game's exchange values, so the
//! same code orders 龙将棋's and shogi's pieces.

use crate::search::params::{THREAT_ORDER, THREAT_ORDER_WEIGHT};
use crate::search::see::see_value;
use arrayvec::ArrayVec;
use longjiang_core::geometry::Bitboard;
use longjiang_core::movegen::piece_attacks;
use longjiang_core::rules::{KINDS, Move, PieceKind, Position};

/// The squares each enemy kind attacks, with the kind's exchange value: the attacks of the
/// pieces worth less than a given one are the union of the tiers below its value.
pub(super) struct LesserThreats {
    tiers: ArrayVec<(i32, Bitboard), KINDS>,
    /// 2: a move into a lesser piece's attack is marked down too (`THREAT_ORDER`).
    mode: i32,
    /// The bonus (or malus) per centipawn of the moved piece's value, in tenths.
    weight: i32,
}

impl LesserThreats {
    /// The enemy's attacks in `pos`, or `None` when `THREAT_ORDER` is 0 (nothing is computed).
    pub(super) fn of(pos: &Position) -> Option<LesserThreats> {
        let mode = THREAT_ORDER.get();
        if mode == 0 {
            return None;
        }
        let them = !pos.side_to_move();
        let occupied = pos.occupied();
        let mut by_kind = [Bitboard::EMPTY; KINDS];
        let mut present = 0u32;
        for sq in pos.side_pieces(them) {
            if let Some(p) = pos.piece_at(sq) {
                by_kind[p.kind.index()] |= piece_attacks(p.kind, them, sq, occupied);
                present |= 1 << p.kind.index();
            }
        }
        let rules = pos.rules();
        let mut tiers = ArrayVec::new();
        for kind in PieceKind::ALL {
            // The king threatens no piece that a lesser piece would: it has no value below any.
            if present & (1 << kind.index()) != 0 && kind != PieceKind::King {
                tiers.push((see_value(rules, kind), by_kind[kind.index()]));
            }
        }
        Some(LesserThreats {
            tiers,
            mode,
            weight: THREAT_ORDER_WEIGHT.get(),
        })
    }

    /// The squares enemy pieces worth less than `value` attack.
    fn below(&self, value: i32) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for &(v, bb) in &self.tiers {
            if v < value {
                b |= bb;
            }
        }
        b
    }

    /// What `m` (a quiet board move) adds to its ordering score: plus the moved piece's value
    /// times the weight for leaving a lesser piece's attack for a square no lesser piece
    /// attacks, minus as much (mode 2) for stepping from safety into such an attack.
    pub(super) fn adjust(&self, pos: &Position, m: Move) -> i32 {
        let Some(from) = m.from() else {
            return 0;
        };
        let Some(piece) = pos.piece_at(from) else {
            return 0;
        };
        if piece.kind == PieceKind::King {
            return 0;
        }
        let value = see_value(pos.rules(), piece.kind);
        let lesser = self.below(value);
        let (was, will) = (lesser.has(from), lesser.has(m.to()));
        let bonus = value * self.weight / 10;
        if was && !will {
            bonus
        } else if !was && will && self.mode >= 2 {
            -bonus
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::params::{Values, install};
    use longjiang_core::movegen::playout::{XorShift, random_games};
    use longjiang_core::rules::{LONGJIANG_NODROP, SHOGI};

    fn with_mode<T>(mode: i32, f: impl FnOnce() -> T) -> T {
        let mut v = Values::DEFAULT;
        v.set(&THREAT_ORDER, mode).unwrap();
        let _on = install(&v);
        f()
    }

    /// The slow twin: asks `attackers_to` on each square for an enemy piece worth less.
    fn slow_adjust(pos: &Position, m: Move, mode: i32) -> i32 {
        let (Some(from), false) = (m.from(), m.is_castle()) else {
            return 0;
        };
        let piece = pos.piece_at(from).unwrap();
        if piece.kind == PieceKind::King {
            return 0;
        }
        let rules = pos.rules();
        let value = see_value(rules, piece.kind);
        let them = pos.side_pieces(!pos.side_to_move());
        let lesser_on = |sq| {
            (pos.attackers_to(sq, pos.occupied()) & them)
                .into_iter()
                .any(|a| {
                    let k = pos.piece_at(a).unwrap().kind;
                    k != PieceKind::King && see_value(rules, k) < value
                })
        };
        let bonus = value * THREAT_ORDER_WEIGHT.get() / 10;
        match (lesser_on(from), lesser_on(m.to())) {
            (true, false) => bonus,
            (false, true) if mode >= 2 => -bonus,
            _ => 0,
        }
    }

    /// Off, nothing is computed; on, every quiet board move of random 龙将棋 and shogi
    /// positions is marked as the slow twin marks it, and some moves are marked each way.
    #[test]
    fn the_tiers_mark_every_move_as_the_attackers_do() {
        assert!(with_mode(0, || LesserThreats::of(&Position::start(SHOGI))).is_none());
        let mut rnd = XorShift(0x9E37_79B9_7F4A_7C15);
        let (mut up, mut down) = (0, 0);
        for mode in [1, 2] {
            with_mode(mode, || {
                for rules in [LONGJIANG_NODROP, SHOGI] {
                    random_games(rules, 6, 120, &mut rnd, |pos, moves, _| {
                        let t = LesserThreats::of(pos).unwrap();
                        for &m in moves {
                            if m.from().is_none() || pos.piece_at(m.to()).is_some() {
                                continue;
                            }
                            let got = if m.is_castle() { 0 } else { t.adjust(pos, m) };
                            assert_eq!(got, slow_adjust(pos, m, mode), "{} {m:?}", pos.to_sfen());
                            up += usize::from(got > 0);
                            down += usize::from(got < 0);
                        }
                    });
                }
            });
        }
        assert!(up > 100 && down > 100, "{up} {down}");
    }

    /// A rook a pawn attacks: stepping out of the pawn's reach is marked up by the rook's
    /// value, staying within it not at all.
    #[test]
    fn a_rook_leaving_a_pawns_attack_comes_first() {
        let pos = Position::from_sfen(
            "5k4/10/10/10/4p5/3R6/10/10/10/5K4 b - - 00 1",
            LONGJIANG_NODROP,
        )
        .unwrap();
        with_mode(1, || {
            let t = LesserThreats::of(&pos).unwrap();
            let rook = see_value(pos.rules(), PieceKind::Rook);
            let away = pos.parse_move("d5d1").unwrap();
            let into = pos.parse_move("d5f5").unwrap();
            assert_eq!(t.adjust(&pos, away), rook * THREAT_ORDER_WEIGHT.get() / 10);
            assert_eq!(t.adjust(&pos, into), 0);
        });
    }
}
