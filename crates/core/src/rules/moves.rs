//! `Move`: one move of any game, packed in 32 bits.
//!
//! Layout: bits 0–6 destination square; bits 7–13 origin square (0–99) or, for a drop,
//! 100 + the dropped kind; bits 14–17 a flag code: 0 plain, 2–7 a promotion to the 龙将棋 kind
//! of index code − 1, 8 castling (the king's move; the rook's move follows from the rule
//! description), 9–14 a promotion to the shogi kind of index code + 4. Promotion and castling
//! never meet, so 18 bits hold every move of every game (the transposition table stores 18),
//! and a 龙将棋 move has the bits it had before shogi's kinds existed. Only the engine builds
//! moves; text forms live in `rules::ascii`.

use super::piece::PieceKind;
use crate::geometry::{SQUARES, Square};
use std::fmt;

/// A move: board move, promotion, drop or castling. `Move::NONE` (a1→a1) is never legal and
/// marks "no move" in tables.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u32);

const DROP_BASE: u32 = SQUARES as u32;
const CASTLE_BIT: u32 = 1 << 17;
/// The flag code of castling.
const CASTLE_CODE: u32 = 8;
/// The first kind index whose promotion code is `index − SHOGI_SHIFT` (above the castling
/// code).
const SHOGI_FIRST: u32 = PieceKind::Tokin as u32;
const SHOGI_SHIFT: u32 = SHOGI_FIRST - CASTLE_CODE - 1;

/// The flag code of a promotion to `kind`.
const fn promotion_code(kind: PieceKind) -> u32 {
    let k = kind as u32;
    if k >= SHOGI_FIRST {
        k - SHOGI_SHIFT
    } else {
        k + 1
    }
}

/// The kind a flag code promotes to (`None` for 0, castling and unused codes).
const fn code_kind(code: u32) -> Option<PieceKind> {
    match code {
        2..=7 => PieceKind::from_index(code as usize - 1),
        9..=14 => PieceKind::from_index((code + SHOGI_SHIFT) as usize),
        _ => None,
    }
}

impl Move {
    /// The empty move, never legal.
    pub const NONE: Move = Move(0);

    /// A plain board move or capture.
    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move(to.index() as u32 | (from.index() as u32) << 7)
    }

    /// A move that promotes the moving piece to `kind`.
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, kind: PieceKind) -> Move {
        Move(to.index() as u32 | (from.index() as u32) << 7 | promotion_code(kind) << 14)
    }

    /// Dropping a piece of `kind` from hand on `to`.
    #[inline(always)]
    pub const fn drop(kind: PieceKind, to: Square) -> Move {
        Move(to.index() as u32 | (DROP_BASE + kind.index() as u32) << 7)
    }

    /// Castling, written as the king's move (`f1i1`).
    #[inline(always)]
    pub const fn castle(king_from: Square, king_to: Square) -> Move {
        Move(Move::normal(king_from, king_to).0 | CASTLE_BIT)
    }

    /// The destination square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 & 0x7f) as u8)
    }

    /// The origin square, or `None` for a drop.
    #[inline(always)]
    pub const fn from(self) -> Option<Square> {
        let f = (self.0 >> 7) & 0x7f;
        if f < DROP_BASE {
            Some(Square::from_index_unchecked(f as u8))
        } else {
            None
        }
    }

    /// The dropped kind, or `None` for a board move.
    #[inline(always)]
    pub const fn drop_kind(self) -> Option<PieceKind> {
        let f = (self.0 >> 7) & 0x7f;
        if f >= DROP_BASE {
            PieceKind::from_index((f - DROP_BASE) as usize)
        } else {
            None
        }
    }

    /// Whether this is a drop.
    #[inline(always)]
    pub const fn is_drop(self) -> bool {
        (self.0 >> 7) & 0x7f >= DROP_BASE
    }

    /// The kind the moving piece promotes to, if this is a promotion.
    #[inline(always)]
    pub const fn promotion_kind(self) -> Option<PieceKind> {
        let code = (self.0 >> 14) & 15;
        if code == 0 { None } else { code_kind(code) }
    }

    /// Whether this is castling.
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        (self.0 >> 14) & 15 == CASTLE_CODE
    }

    /// The raw 32-bit form, for tables.
    #[inline(always)]
    pub const fn to_bits(self) -> u32 {
        self.0
    }

    /// Rebuilds a move from `to_bits`. Bits that no constructor can produce (a square past
    /// j10, a drop of a kind that is never held, a drop with promotion or castling flags, a
    /// promotion to a pawn or the king) give `Move::NONE`; anything else must still be
    /// checked with `Position::is_legal` before use.
    #[inline(always)]
    pub const fn from_bits(bits: u32) -> Move {
        let to = bits & 0x7f;
        let from = (bits >> 7) & 0x7f;
        let flags = bits >> 14;
        let valid = bits >> 18 == 0
            && to < DROP_BASE
            && if from < DROP_BASE {
                flags == 0 || flags == CASTLE_CODE || code_kind(flags).is_some()
            } else {
                flags == 0
                    && match PieceKind::from_index((from - DROP_BASE) as usize) {
                        Some(k) => k.in_hand() as u32 == k as u32 && k as u32 != 7,
                        None => false,
                    }
            };
        if valid { Move(bits) } else { Move::NONE }
    }
}

impl fmt::Display for Move {
    /// The ASCII form of RULES.md: `f2f4`, `e9e10+`, `e9e10q`, `P*e5`, `f1i1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from(), self.drop_kind()) {
            (Some(from), _) => {
                write!(f, "{from}{}", self.to())?;
                match self.promotion_kind() {
                    Some(kind) if kind.is_promoted() => f.write_str("+"),
                    Some(kind) => {
                        let c = kind.letter().unwrap_or('?').to_ascii_lowercase();
                        write!(f, "{c}")
                    }
                    None => Ok(()),
                }
            }
            (None, Some(kind)) => write!(f, "{}*{}", kind.letter().unwrap_or('?'), self.to()),
            (None, None) => f.write_str("0000"),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn fields_round_trip() {
        let m = Move::promotion(sq("e9"), sq("e10"), PieceKind::Queen);
        assert_eq!(
            (m.from(), m.to(), m.promotion_kind()),
            (Some(sq("e9")), sq("e10"), Some(PieceKind::Queen))
        );
        assert_eq!(m.to_string(), "e9e10q");
        let d = Move::drop(PieceKind::Pawn, sq("e5"));
        assert_eq!(
            (d.from(), d.drop_kind(), d.is_drop()),
            (None, Some(PieceKind::Pawn), true)
        );
        assert_eq!(d.to_string(), "P*e5");
        assert_eq!(
            Move::promotion(sq("e9"), sq("e10"), PieceKind::Spear).to_string(),
            "e9e10+"
        );
        let c = Move::castle(sq("f1"), sq("i1"));
        assert!(c.is_castle() && !Move::normal(sq("f1"), sq("i1")).is_castle());
        assert_eq!(Move::from_bits(c.to_bits()), c);
        for m in [m, d] {
            assert_eq!(Move::from_bits(m.to_bits()), m);
        }
        // Bits no constructor makes are rejected instead of producing squares past j10.
        for bits in [
            100u32,
            127,
            1 << 7 | 120,
            100 << 7 | 110,
            106 << 7 | 5,
            d.to_bits() | 1 << 14,
            d.to_bits() | 1 << 17,
            1 << 18,
        ] {
            assert_eq!(Move::from_bits(bits), Move::NONE, "{bits:#x}");
        }
    }
}
